//! Monte-Carlo tree search (UCT) with random or evaluation-guided
//! playouts.
//!
//! Each node remembers which seat played the move into it, and its reward
//! is counted for that seat. A parent picks the child best for the seat to
//! move at the parent, so free turns need nothing special: after a free
//! turn the child's children are chosen by the same seat again.
//!
//! Rewards are win probabilities for the first seat (1 win, 0.5 draw, 0
//! loss); a playout cut off early scores its position by the evaluation
//! through a logistic curve.

use crate::limits::{SearchLimits, Watch};
use crate::search::{RootMove, SearchResult, Searcher, root_move_list};
use crate::stats::SearchStats;
use game_core::{EVAL_LIMIT, Evaluate, GameRng, Outcome, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

/// How playouts choose their moves and when they stop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutPolicy {
    /// The chance, at each playout move, of playing the move the
    /// evaluation likes best instead of a uniformly random one (0: pure
    /// random playouts; costs one evaluation per legal move).
    pub greedy: f64,
    /// Stop a playout after this many plies and score the position by its
    /// evaluation; `None` plays every playout to the end of the game.
    pub cutoff: Option<u32>,
    /// The evaluation, in the game's units, that counts as a 73% chance of
    /// winning (the logistic curve's scale).
    pub eval_scale: f64,
}

impl Default for PlayoutPolicy {
    fn default() -> Self {
        PlayoutPolicy { greedy: 0.0, cutoff: None, eval_scale: 100.0 }
    }
}

/// Settings of an [`Mcts`] engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant (rewards lie in 0..=1).
    pub exploration: f64,
    /// How playouts are played.
    pub playout: PlayoutPolicy,
    /// The most tree nodes kept; beyond it the tree stops growing and
    /// iterations only play out from its leaves.
    pub max_tree_nodes: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig { exploration: 1.0, playout: PlayoutPolicy::default(), max_tree_nodes: 1 << 20 }
    }
}

/// Playouts longer than this are scored by evaluation, whatever the
/// policy says: a guard against games that take very long to end.
const PLAYOUT_GUARD: u32 = 10_000;

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move into this node (none at the root).
    mv: Option<M>,
    /// The seat that played `mv`; rewards are counted for it.
    mover: Seat,
    first_child: u32,
    child_count: u32,
    expanded: bool,
    visits: u32,
    /// Sum of the rewards of `mover` over the visits.
    reward: f64,
}

/// The MCTS engine.
#[derive(Clone, Debug)]
pub struct Mcts<G: Evaluate> {
    config: MctsConfig,
    tree: Vec<Node<G::Move>>,
    moves: Vec<G::Move>,
    path: Vec<u32>,
    nodes: u64,
    max_depth: usize,
}

impl<G: Evaluate> Mcts<G> {
    /// An engine with these settings.
    pub fn new(config: MctsConfig) -> Self {
        Mcts { config, tree: Vec::new(), moves: Vec::new(), path: Vec::new(), nodes: 0, max_depth: 0 }
    }

    /// The settings.
    pub fn config(&self) -> MctsConfig {
        self.config
    }

    fn run(
        &mut self,
        position: &G,
        only: Option<&[G::Move]>,
        limits: &SearchLimits,
        rng: &mut GameRng,
    ) -> SearchResult<G::Move> {
        let mut watch = Watch::new(limits);
        self.tree.clear();
        self.nodes = 1;
        self.max_depth = 0;
        let to_move = position.to_move();
        let mut root_moves = root_move_list(position, only);
        if root_moves.is_empty() {
            let value = position.outcome().map_or(0, |o| o.sign_for(to_move) * EVAL_LIMIT);
            return SearchResult::game_over(value);
        }
        self.tree.push(Node {
            mv: None,
            mover: to_move.opponent(),
            first_child: 0,
            child_count: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
        });
        root_moves.shuffle(rng);
        self.add_children(0, to_move, &root_moves);

        let mut iterations = 0u64;
        while !watch.should_stop(self.nodes) {
            self.iterate(position, rng);
            iterations += 1;
        }
        self.result(iterations, &watch)
    }

    /// Adds a child of node `index` per move; `seat` is the seat to move
    /// there, who plays them.
    fn add_children(&mut self, index: usize, seat: Seat, moves: &[G::Move]) {
        let first = self.tree.len() as u32;
        for &mv in moves {
            self.tree.push(Node {
                mv: Some(mv),
                mover: seat,
                first_child: 0,
                child_count: 0,
                expanded: false,
                visits: 0,
                reward: 0.0,
            });
        }
        let node = &mut self.tree[index];
        node.first_child = first;
        node.child_count = moves.len() as u32;
        node.expanded = true;
    }

    /// One iteration: select down the tree, expand one leaf, play out,
    /// and back the reward up the path.
    fn iterate(&mut self, root: &G, rng: &mut GameRng) {
        let mut position = root.clone();
        self.path.clear();
        self.path.push(0);
        let mut index = 0usize;
        loop {
            if position.outcome().is_some() {
                break;
            }
            if !self.tree[index].expanded {
                if self.tree.len() >= self.config.max_tree_nodes {
                    break;
                }
                let mut moves = std::mem::take(&mut self.moves);
                position.legal_moves(&mut moves);
                moves.shuffle(rng);
                self.add_children(index, position.to_move(), &moves);
                self.moves = moves;
            }
            let child = self.select(index);
            let Some(mv) = self.tree[child].mv else { break };
            position.play_unchecked(mv);
            self.nodes += 1;
            self.path.push(child as u32);
            index = child;
            if self.tree[child].visits == 0 {
                break;
            }
        }
        self.max_depth = self.max_depth.max(self.path.len() - 1);
        let reward_first = self.playout(position, rng);
        for &i in &self.path {
            let node = &mut self.tree[i as usize];
            node.visits += 1;
            node.reward += if node.mover == Seat::FIRST { reward_first } else { 1.0 - reward_first };
        }
    }

    /// The child to follow: an unvisited one if any (they were shuffled),
    /// otherwise the best by UCT for the seat that chooses here.
    fn select(&self, index: usize) -> usize {
        let node = &self.tree[index];
        let children = node.first_child as usize..(node.first_child + node.child_count) as usize;
        let log_visits = f64::from(node.visits.max(1)).ln();
        let mut best = children.start;
        let mut best_value = f64::NEG_INFINITY;
        for c in children {
            let child = &self.tree[c];
            if child.visits == 0 {
                return c;
            }
            let visits = f64::from(child.visits);
            let value = child.reward / visits + self.config.exploration * (log_visits / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    /// Plays on from `position` by the playout policy; returns the first
    /// seat's reward.
    fn playout(&mut self, mut position: G, rng: &mut GameRng) -> f64 {
        let policy = self.config.playout;
        let cutoff = policy.cutoff.unwrap_or(PLAYOUT_GUARD).min(PLAYOUT_GUARD);
        let mut moves = std::mem::take(&mut self.moves);
        let mut plies = 0;
        let reward = loop {
            if let Some(outcome) = position.outcome() {
                break reward_of(&outcome);
            }
            if plies >= cutoff {
                let eval = f64::from(position.evaluate(Seat::FIRST));
                break 1.0 / (1.0 + (-eval / policy.eval_scale.max(1e-9)).exp());
            }
            let mv = if policy.greedy > 0.0 && rng.random_bool(policy.greedy.clamp(0.0, 1.0)) {
                greedy_move(&position, &mut moves)
            } else {
                position.random_move(rng, &mut moves)
            };
            let Some(mv) = mv else { break 0.5 };
            position.play_unchecked(mv);
            self.nodes += 1;
            plies += 1;
        };
        self.moves = moves;
        reward
    }

    fn result(&self, iterations: u64, watch: &Watch) -> SearchResult<G::Move> {
        let root = &self.tree[0];
        let children = root.first_child as usize..(root.first_child + root.child_count) as usize;
        let value_of = |node: &Node<G::Move>| {
            let q = if node.visits == 0 { 0.5 } else { node.reward / f64::from(node.visits) };
            ((2.0 * q - 1.0) * f64::from(EVAL_LIMIT)).round() as i32
        };
        let mut root_moves: Vec<RootMove<G::Move>> = self.tree[children]
            .iter()
            .filter_map(|c| {
                Some(RootMove { mv: c.mv?, value: value_of(c), exact: false, visits: u64::from(c.visits) })
            })
            .collect();
        // Most visited first; the value breaks ties (stable sort).
        root_moves.sort_by_key(|r| std::cmp::Reverse((r.visits, r.value)));
        // The line: most visited children, the same choice as at the root
        // (more visits, then better value, then the earlier child).
        let mut pv = Vec::new();
        let mut index = 0usize;
        loop {
            let node = &self.tree[index];
            let children = node.first_child as usize..(node.first_child + node.child_count) as usize;
            let mut best: Option<usize> = None;
            for c in children {
                let key = |i: usize| (self.tree[i].visits, value_of(&self.tree[i]));
                if self.tree[c].visits > 0 && best.is_none_or(|b| key(c) > key(b)) {
                    best = Some(c);
                }
            }
            let Some(best) = best else { break };
            let Some(mv) = self.tree[best].mv else { break };
            pv.push(mv);
            index = best;
        }
        let best = root_moves[0].clone();
        if pv.first() != Some(&best.mv) {
            pv = vec![best.mv];
        }
        SearchResult {
            best_move: Some(best.mv),
            value: best.value,
            pv,
            root_moves,
            stats: SearchStats {
                nodes: self.nodes,
                depth: self.max_depth as u32,
                seldepth: self.max_depth as u32,
                tt_hits: 0,
                iterations,
                samples: 1,
                elapsed: watch.elapsed(),
                stopped: watch.stopped(),
            },
        }
    }
}

/// The reward of a finished game for the first seat.
fn reward_of(outcome: &Outcome) -> f64 {
    match outcome.sign_for(Seat::FIRST) {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    }
}

/// The move whose resulting position the mover likes best by evaluation.
fn greedy_move<G: Evaluate>(position: &G, moves: &mut Vec<G::Move>) -> Option<G::Move> {
    let mover = position.to_move();
    position.legal_moves(moves);
    let mut best = None;
    let mut best_value = i32::MIN;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let value = match child.outcome() {
            Some(outcome) => outcome.sign_for(mover) * (EVAL_LIMIT + 1),
            None => child.evaluate(mover),
        };
        if value > best_value {
            best_value = value;
            best = Some(mv);
        }
    }
    best
}

impl<G: Evaluate> Searcher<G> for Mcts<G> {
    fn search(
        &mut self,
        position: &G,
        root_moves: Option<&[G::Move]>,
        limits: &SearchLimits,
        rng: &mut GameRng,
    ) -> SearchResult<G::Move> {
        self.run(position, root_moves, limits, rng)
    }

    fn forget(&mut self) {
        self.tree = Vec::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;
    use game_core::nim::{Nim, NimMove, NimRules};
    use game_core::rng::seeded;

    fn nim(text: &str) -> Nim {
        Nim::parse_position(&NimRules::default(), text).unwrap()
    }

    fn search(position: &Nim, config: MctsConfig, seed: u64) -> SearchResult<NimMove> {
        Mcts::new(config).search(position, None, &SearchLimits::none().nodes(20_000), &mut seeded(seed))
    }

    #[test]
    fn finds_the_winning_move() {
        // One heap of 5, take up to 3: taking 1 leaves 4, a loss for the
        // opponent (whatever they take, the rest is taken at once).
        let position = nim("5 : first");
        let result = search(&position, MctsConfig::default(), 1);
        assert_eq!(result.best_move, Some(NimMove { heap: 0, take: 1 }));
        assert!(result.value > 0, "{}", result.value);
        assert!(result.stats.iterations > 100);
        assert_eq!(result.pv[0], NimMove { heap: 0, take: 1 });
    }

    #[test]
    fn free_turns_are_chosen_by_the_same_seat() {
        // 1 1 : the first move empties a heap and earns a free turn, then
        // the same seat takes the last stone: every line wins.
        let result = search(&nim("1 1 : second"), MctsConfig::default(), 2);
        assert!(result.value > EVAL_LIMIT * 9 / 10, "{}", result.value);
        assert_eq!(result.pv.len(), 2, "{:?}", result.pv);
    }

    #[test]
    fn seeded_and_guided_playouts_work() {
        let position = nim("3 4 5 : first");
        let guided = MctsConfig {
            playout: PlayoutPolicy { greedy: 0.5, cutoff: Some(4), eval_scale: 5.0 },
            ..MctsConfig::default()
        };
        let a = search(&position, guided, 7);
        let b = search(&position, guided, 7);
        assert_eq!(a.root_moves, b.root_moves, "same seed, same search");
        assert!(a.best_move.is_some_and(|mv| position.check_move(mv).is_ok()));
        let visits: u64 = a.root_moves.iter().map(|r| r.visits).sum();
        assert_eq!(visits, a.stats.iterations);
    }

    #[test]
    fn a_small_tree_cap_still_answers() {
        let config = MctsConfig { max_tree_nodes: 3, ..MctsConfig::default() };
        let result = search(&nim("3 4 5 : first"), config, 3);
        assert!(result.best_move.is_some());
        assert!(result.stats.iterations > 0);
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let result = search(&nim("0 0 : second"), MctsConfig::default(), 1);
        assert_eq!(result.best_move, None);
        // The first seat took the last stone; the second is to move and lost.
        assert_eq!(result.value, -EVAL_LIMIT);
    }
}
