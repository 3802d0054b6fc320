//! Alpha-beta: negamax with principal-variation search, iterative
//! deepening, a transposition table and move ordering.
//!
//! # Turns that do not alternate
//!
//! Every value is from the point of view of the side to move at its node,
//! and the side to move is asked of each position. A move that keeps the
//! same side to move (a free turn) passes the window down unchanged and
//! takes the child's value as it is; only a move that hands the turn over
//! negates the value and mirrors the window. The same rule applies to the
//! null windows of PVS. There are no pass moves.
//!
//! # Exactness
//!
//! A table entry cuts the search off only when it was searched to exactly
//! the remaining depth, so the root value at depth `d` is always the value
//! of plain negamax to depth `d` (see [`crate::reference`]); the table
//! still orders moves whatever the depth of its entry. Win and loss scores
//! are stored relative to their node ([`crate::score::to_table`]), so a
//! position reached at another ply reads the right distance.

use crate::limits::{SearchLimits, Watch};
use crate::ordering::{MoveOrdering, pick_next};
use crate::score::{self, INFINITY, MAX_PLY, Score};
use crate::search::{RootMove, SearchResult, Searcher, root_move_list};
use crate::stats::SearchStats;
use crate::tt::{Bound, TranspositionTable, TtHit};
use game_core::{Evaluate, Game, GameRng};
use std::time::Duration;

/// Settings of an [`AlphaBeta`] engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// Size of the transposition table in MB.
    pub tt_mb: usize,
    /// Search every root move with a full window, so every root value is
    /// exact (for noisy low levels and for averaging samples). Slower:
    /// only the root loses pruning.
    pub exact_root: bool,
    /// The shallowest remaining depth at which the table is used (1: at
    /// every node above the horizon). For games whose moves cost less than
    /// a memory access, 2 spares the table the many nodes just above the
    /// horizon; values are exact either way.
    pub tt_min_depth: u32,
    /// The shallowest remaining depth at which the moves after the table's
    /// move and the killers are ordered by history; below it they go as
    /// generated (2: at every node above the frontier; the frontier, one
    /// ply above the horizon, always takes them as generated). Values are
    /// exact either way.
    pub history_min_depth: u32,
    /// Late move reductions: at a node with at least
    /// [`REDUCE_MIN_DEPTH`] plies left, a move that comes after this many
    /// searched ones and that the game calls [`Evaluate::reducible`] is
    /// first searched one ply shallower, and searched again to the full
    /// depth only if it beats alpha there. 0 reduces nothing, and every
    /// value is then exact to the depth.
    pub reduce_after: u32,
    /// Past the depth limit, iterative deepening goes on up to this depth
    /// (0 or at most the limit: never) while the next iteration is
    /// expected to fit in [`DEEPEN_SHARE_PERCENT`] of the node limit (and
    /// of the time limit, if any), by how much the last one grew on the
    /// one before. Where few pieces
    /// remain, an iteration to the limit costs a sliver of the budget, and
    /// plies past it are what is missing to see a plan through. Needs a
    /// node limit; values stay exact to the depth completed.
    pub deepen_to: u32,
}

/// The share of the node limit, in percent, that an iteration past the
/// depth limit must be expected to stay within, counting the nodes already
/// spent ([`AlphaBetaConfig::deepen_to`]).
pub const DEEPEN_SHARE_PERCENT: u64 = 50;

/// The fewest plies left at which [`AlphaBetaConfig::reduce_after`] may
/// reduce a move (so the reduced search still looks one move further).
pub const REDUCE_MIN_DEPTH: u32 = 3;

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            tt_mb: 16,
            exact_root: false,
            tt_min_depth: 1,
            history_min_depth: 2,
            reduce_after: 0,
            deepen_to: 0,
        }
    }
}

/// The alpha-beta engine. Keeps its table and history between searches.
#[derive(Clone, Debug)]
pub struct AlphaBeta<G: Game> {
    config: AlphaBetaConfig,
    tt: TranspositionTable<G::Move>,
    ordering: MoveOrdering<G>,
    /// The buffers of each ply, reused: no allocation per node. Lent to
    /// the search for its duration (see [`Ply`]).
    plies: Vec<Ply<G::Move>>,
    /// Triangular principal-variation table: `pv[ply]` is the best line
    /// found from the node at `ply`.
    pv: Vec<Vec<G::Move>>,
    nodes: u64,
    seldepth: usize,
    tt_hits: u64,
    aborted: bool,
    watch: Watch,
}

/// The buffers of one ply. The search passes the plies below a node down
/// as a slice and each node takes the first, so that no buffer is moved
/// in or out of the engine at every node.
#[derive(Clone, Debug)]
struct Ply<M> {
    /// The node's moves.
    moves: Vec<M>,
    /// Their ordering keys, parallel to `moves`.
    keys: Vec<i64>,
}

impl<M> Default for Ply<M> {
    fn default() -> Self {
        Ply { moves: Vec::new(), keys: Vec::new() }
    }
}

/// The running result of a node's moves (see [`AlphaBeta::search_move`]).
struct NodeState<M> {
    /// The window: `alpha` rises as moves beat it.
    alpha: Score,
    beta: Score,
    /// The best value so far and its move.
    best: Score,
    best_move: Option<M>,
    /// How many moves were searched.
    searched: usize,
    /// Whether the node was entered with an open window (it may be on the
    /// principal variation).
    open_window: bool,
}

/// The outcome of one root iteration.
enum Iteration {
    /// Every root move was searched.
    Complete,
    /// Cut short; the first `searched` moves have values of this depth.
    Aborted { searched: usize },
}

impl<G: Evaluate> AlphaBeta<G> {
    /// An engine with these settings.
    pub fn new(config: AlphaBetaConfig) -> Self {
        AlphaBeta {
            config,
            tt: TranspositionTable::new(config.tt_mb),
            ordering: MoveOrdering::new(),
            plies: (0..=MAX_PLY).map(|_| Ply::default()).collect(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            nodes: 0,
            seldepth: 0,
            tt_hits: 0,
            aborted: false,
            watch: Watch::new(&SearchLimits::none()),
        }
    }

    /// The settings.
    pub fn config(&self) -> AlphaBetaConfig {
        self.config
    }

    /// Iterative deepening from depth 1 to the depth limit, or until a
    /// limit stops it or the position is solved.
    fn iterate(
        &mut self,
        position: &G,
        only: Option<&[G::Move]>,
        limits: &SearchLimits,
    ) -> SearchResult<G::Move> {
        self.watch = Watch::new(limits);
        self.tt.new_search();
        self.ordering.new_search();
        self.nodes = 1;
        self.seldepth = 0;
        self.tt_hits = 0;
        self.aborted = false;

        let mover = position.to_move();
        let list = root_move_list(position, only);
        if list.is_empty() {
            let value = position.outcome().map_or(0, |o| score::terminal(&o, mover, 0));
            return SearchResult { stats: self.stats(0), ..SearchResult::game_over(value) };
        }
        let mut root: Vec<RootMove<G::Move>> =
            list.into_iter().map(|mv| RootMove { mv, value: -INFINITY, exact: false, visits: 0 }).collect();
        // A move remembered from an earlier search goes first.
        if let Some(tt_move) = self.tt.probe(position.hash_key()).and_then(|hit| hit.mv)
            && let Some(i) = root.iter().position(|r| r.mv == tt_move)
        {
            root[..=i].rotate_right(1);
        }

        let max_depth = limits.depth.unwrap_or(u32::MAX).clamp(1, MAX_PLY as u32 - 1);
        let mut completed = 0;
        let mut pv = vec![root[0].mv];
        let mut plies = std::mem::take(&mut self.plies);
        let first_depth = limits.from_depth.unwrap_or(1).clamp(1, max_depth);
        // Nodes of the last two completed iterations and the time of the
        // last, for deepening past the limit.
        let mut costs = (0u64, 0u64, Duration::ZERO);
        let mut depth = first_depth;
        loop {
            let (before, started) = (self.nodes, self.watch.elapsed());
            match self.search_root(&mut plies[1..], position, &mut root, depth) {
                Iteration::Complete => {
                    completed = depth;
                    pv.clone_from(&self.pv[0]);
                    costs = (costs.1, self.nodes - before, self.watch.elapsed().saturating_sub(started));
                }
                Iteration::Aborted { searched } => {
                    // A move that beat this depth's value of the old best
                    // move is better at this depth: play it.
                    let best = (1..searched).filter(|&i| root[i].exact).max_by_key(|&i| root[i].value);
                    if let Some(i) = best
                        && root[i].value > root[0].value
                    {
                        root[..=i].rotate_right(1);
                        pv = vec![root[0].mv];
                    }
                    break;
                }
            }
            if self.solved(&root) || self.watch.check_now() {
                break;
            }
            depth += 1;
            if depth > max_depth && !self.deepens_to(depth, costs, limits) {
                break;
            }
        }
        self.plies = plies;
        if pv.first() != Some(&root[0].mv) {
            pv = vec![root[0].mv];
        }
        // Stopped before the first move of depth 1 was searched: the static
        // evaluation is all there is.
        let value = if root[0].value == -INFINITY { position.evaluate(mover) } else { root[0].value };
        SearchResult {
            best_move: Some(root[0].mv),
            value,
            pv,
            root_moves: root,
            stats: self.stats(completed),
        }
    }

    /// Whether an iteration to `depth`, past the depth limit, is expected
    /// to fit ([`AlphaBetaConfig::deepen_to`]), given the nodes of the last
    /// two completed iterations and the time of the last: it is expected
    /// to grow on the last as the last grew on the one before, in nodes and
    /// in time, and must stay within [`DEEPEN_SHARE_PERCENT`] of the node
    /// limit and of the time limit, if any.
    fn deepens_to(
        &self,
        depth: u32,
        (before_last, last, last_time): (u64, u64, Duration),
        limits: &SearchLimits,
    ) -> bool {
        let Some(cap) = limits.nodes else { return false };
        if depth > self.config.deepen_to.min(MAX_PLY as u32 - 1) || last == 0 {
            return false;
        }
        let growth = if before_last == 0 { 8 } else { last.div_ceil(before_last).clamp(2, 1_000) };
        let nodes = self.nodes.saturating_add(last.saturating_mul(growth));
        let time = self.watch.elapsed().saturating_add(last_time.saturating_mul(growth as u32));
        nodes.saturating_mul(100) <= cap.saturating_mul(DEEPEN_SHARE_PERCENT)
            && limits
                .time
                .is_none_or(|t| time.saturating_mul(100) <= t.saturating_mul(DEEPEN_SHARE_PERCENT as u32))
    }

    /// Whether deeper iterations cannot change the answer: the best move
    /// is a proven win or loss (and, with exact root values, every move
    /// is proven).
    fn solved(&self, root: &[RootMove<G::Move>]) -> bool {
        if self.config.exact_root {
            root.iter().all(|r| score::is_decisive(r.value))
        } else {
            score::is_decisive(root[0].value)
        }
    }

    fn stats(&self, depth: u32) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            depth,
            seldepth: self.seldepth as u32,
            tt_hits: self.tt_hits,
            iterations: 0,
            samples: 1,
            elapsed: self.watch.elapsed(),
            stopped: self.watch.stopped(),
        }
    }

    /// One iteration at the root: PVS over the root moves (or full windows
    /// for every move with `exact_root`), then the moves are sorted best
    /// first for the next iteration.
    fn search_root(
        &mut self,
        plies: &mut [Ply<G::Move>],
        position: &G,
        root: &mut [RootMove<G::Move>],
        depth: u32,
    ) -> Iteration {
        let mover = position.to_move();
        let mut alpha = -INFINITY;
        let mut best = -INFINITY;
        for (i, entry) in root.iter_mut().enumerate() {
            let mv = entry.mv;
            let mut child = position.clone();
            child.play_unchecked(mv);
            let same = child.to_move() == mover;
            let (value, exact) = if i == 0 || self.config.exact_root {
                (self.child_value(plies, &child, same, depth - 1, 1, -INFINITY, INFINITY), true)
            } else {
                let probe = self.child_value(plies, &child, same, depth - 1, 1, alpha, alpha + 1);
                if probe > alpha && !self.aborted {
                    let value = self.child_value(plies, &child, same, depth - 1, 1, alpha, INFINITY);
                    (value, value > alpha)
                } else {
                    (probe, false)
                }
            };
            if self.aborted {
                return Iteration::Aborted { searched: i };
            }
            entry.value = value;
            entry.exact = exact;
            if value > best {
                best = value;
                self.set_pv(0, mv);
            }
            alpha = alpha.max(value);
        }
        // Stable: among equal values the earlier (better ordered) move stays first.
        root.sort_by_key(|r| std::cmp::Reverse(r.value));
        let hit = TtHit {
            mv: Some(root[0].mv),
            value: score::to_table(best, 0),
            depth: depth as u8,
            bound: Bound::Exact,
        };
        self.tt.store(position.hash_key(), hit);
        Iteration::Complete
    }

    /// The value of `child` for the side that moved into it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child_value(
        &mut self,
        plies: &mut [Ply<G::Move>],
        child: &G,
        same: bool,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if same {
            self.negamax(plies, child, depth, ply, alpha, beta)
        } else {
            -self.negamax(plies, child, depth, ply, -beta, -alpha)
        }
    }

    /// Records `mv` followed by the child's line as the best line at `ply`.
    ///
    /// Called at open-window nodes only. Their child's line is fresh when
    /// it is read: the child was searched with an open window (the first
    /// move, or the re-search after a null window found it better), or its
    /// null-window value reached beta, and then this node fails high and its
    /// own line is never read either (a fail-high node gives its parent a
    /// fail-low across a change of turn, or fails high with it across a
    /// free turn; the root's windows never fail high).
    fn set_pv(&mut self, ply: usize, mv: G::Move) {
        let (here, deeper) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&deeper[0]);
    }

    /// Searches `mv` at a node and folds its value into `node`; true when
    /// the node is done (a cutoff, or the search was stopped).
    ///
    /// One ply above the horizon (`FRONTIER`, `depth` 1) the child is a leaf, whose
    /// value is exact whatever the window: it is made and evaluated here,
    /// without a call or a null window, and the node's line is set once
    /// at the end (see [`AlphaBeta::negamax`]). Above that, the first move
    /// gets the node's window and later ones a null window first, re-searched
    /// only if they beat alpha.
    #[inline(always)]
    fn search_move<const FRONTIER: bool>(
        &mut self,
        deeper: &mut [Ply<G::Move>],
        position: &G,
        mv: G::Move,
        depth: u32,
        ply: usize,
        node: &mut NodeState<G::Move>,
    ) -> bool {
        let mover = position.to_move();
        let mut child = position.clone();
        child.play_unchecked(mv);
        let child_mover = child.to_move();
        let same = child_mover == mover;
        let (alpha, beta) = (node.alpha, node.beta);
        let value = if FRONTIER {
            self.nodes += 1;
            if self.watch.should_stop(self.nodes) {
                self.aborted = true;
                return true;
            }
            let value = match child.outcome() {
                Some(outcome) => score::terminal(&outcome, child_mover, ply + 1),
                None => child.evaluate(child_mover),
            };
            if same { value } else { -value }
        } else if node.searched == 0 {
            self.child_value(deeper, &child, same, depth - 1, ply + 1, alpha, beta)
        } else {
            // Null window first: most later moves only need to be shown no
            // better than alpha; a late quiet one is first shown that a
            // ply shallower.
            let reduce = self.config.reduce_after > 0
                && node.searched >= self.config.reduce_after as usize
                && depth >= REDUCE_MIN_DEPTH
                && position.reducible(mv);
            let shallow =
                reduce.then(|| self.child_value(deeper, &child, same, depth - 2, ply + 1, alpha, alpha + 1));
            let probe = match shallow {
                Some(value) if value <= alpha || self.aborted => value,
                _ => self.child_value(deeper, &child, same, depth - 1, ply + 1, alpha, alpha + 1),
            };
            if probe > alpha && probe < beta && !self.aborted {
                self.child_value(deeper, &child, same, depth - 1, ply + 1, alpha, beta)
            } else {
                probe
            }
        };
        // A leaf's stop was answered above.
        if !FRONTIER && self.aborted {
            return true;
        }
        node.searched += 1;
        if value > node.best {
            node.best = value;
            node.best_move = Some(mv);
            if value > alpha {
                node.alpha = value;
                if node.open_window && !FRONTIER {
                    self.set_pv(ply, mv);
                }
                if value >= beta {
                    self.ordering.reward_cutoff(mover, ply, depth, mv);
                    return true;
                }
            }
        }
        false
    }

    /// Fail-soft negamax with PVS, from the point of view of the side to
    /// move at `position`; `plies` are the buffers of this ply and below.
    ///
    /// # Staged moves
    ///
    /// The moves are searched in this order: the table's move, the killers
    /// of this ply, then the rest (by history, or as generated one ply
    /// above the horizon, where ordering costs about what a leaf does). The
    /// table's move and the killers are searched before the moves are
    /// generated, if [`Game::is_legal`] says they are legal here: a cutoff
    /// among them spares the node its move generation. The order is the
    /// one generating first would give.
    ///
    /// Nodes one ply above the horizon have their own copy of the code
    /// (see [`AlphaBeta::node`]).
    #[inline(always)]
    fn negamax(
        &mut self,
        plies: &mut [Ply<G::Move>],
        position: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if depth == 1 {
            self.node::<true>(plies, position, depth, ply, alpha, beta)
        } else {
            self.node::<false>(plies, position, depth, ply, alpha, beta)
        }
    }

    /// [`AlphaBeta::negamax`], with `FRONTIER` true exactly when `depth` is
    /// 1: the most numerous nodes get a copy of the code without the
    /// recursive search, which the compiler makes much smaller.
    fn node<const FRONTIER: bool>(
        &mut self,
        plies: &mut [Ply<G::Move>],
        position: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.nodes += 1;
        // Only a node searched with an open window can be on the principal
        // variation: a null-window node's line is never read (see
        // `set_pv`), so it is neither cleared nor kept.
        let open_window = beta - alpha > 1;
        if open_window {
            self.pv[ply].clear();
        }
        if self.watch.should_stop(self.nodes) {
            self.aborted = true;
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let mover = position.to_move();
        let (here, deeper) = match plies.split_first_mut() {
            Some(split) if depth > 0 && ply < MAX_PLY => split,
            _ => {
                return match position.outcome() {
                    Some(outcome) => score::terminal(&outcome, mover, ply),
                    None => position.evaluate(mover),
                };
            }
        };

        let use_table = depth >= self.config.tt_min_depth;
        let key = if use_table { position.hash_key() } else { 0 };
        let mut tt_move = None;
        if use_table && let Some(hit) = self.tt.probe(key) {
            self.tt_hits += 1;
            tt_move = hit.mv;
            if u32::from(hit.depth) == depth {
                let value = score::from_table(hit.value, ply);
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if cut {
                    return value;
                }
            }
        }
        if FRONTIER {
            self.seldepth = self.seldepth.max(ply + 1);
        }

        let mut node = NodeState { alpha, beta, best: -INFINITY, best_move: None, searched: 0, open_window };
        'moves: {
            // The table's move and the killers, before any generation.
            let mut tried = [tt_move, None, None];
            if let Some(mv) = tt_move {
                if !position.is_legal(mv) {
                    tried[0] = None;
                } else if self.search_move::<FRONTIER>(deeper, position, mv, depth, ply, &mut node) {
                    break 'moves;
                }
            }
            let killers = self.ordering.killers(ply);
            for (slot, &killer) in killers.iter().enumerate() {
                // The second killer is only ever set after the first.
                let Some(mv) = killer else { break };
                if killer == tt_move || !position.is_legal(mv) {
                    continue;
                }
                tried[slot + 1] = killer;
                if self.search_move::<FRONTIER>(deeper, position, mv, depth, ply, &mut node) {
                    break 'moves;
                }
            }
            let moves = &mut here.moves;
            position.legal_moves(moves);
            if moves.is_empty() && node.searched == 0 {
                return position.outcome().map_or(0, |o| score::terminal(&o, mover, ply));
            }
            // The moves already searched go first, in their order, and the
            // rest follow.
            let mut placed = 0;
            // Indexed: the compiler unrolls it, not the iterators over the options.
            #[allow(clippy::needless_range_loop)]
            for slot in 0..3 {
                let Some(mv) = tried[slot] else { continue };
                if let Some(j) = moves[placed..].iter().position(|&m| m == mv) {
                    moves.swap(placed, placed + j);
                    placed += 1;
                }
            }
            let by_history = !FRONTIER && depth >= self.config.history_min_depth && placed < moves.len();
            if by_history {
                self.ordering.score(mover, moves, placed, &mut here.keys);
            }
            for i in placed..moves.len() {
                let mv = if by_history { pick_next(moves, &mut here.keys, i) } else { moves[i] };
                if self.search_move::<FRONTIER>(deeper, position, mv, depth, ply, &mut node) {
                    break 'moves;
                }
            }
        }
        if self.aborted {
            return 0;
        }

        let NodeState { best, best_move, .. } = node;
        if FRONTIER
            && open_window
            && best > alpha
            && let Some(mv) = best_move
        {
            // Leaves are not visited by `negamax`: their line is empty.
            self.pv[ply + 1].clear();
            self.set_pv(ply, mv);
        }
        if use_table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // A fail-low node has no best move worth remembering.
            let mv = if bound == Bound::Upper { None } else { best_move };
            self.tt.store(key, TtHit { mv, value: score::to_table(best, ply), depth: depth as u8, bound });
        }
        best
    }
}

impl<G: Evaluate> Searcher<G> for AlphaBeta<G> {
    fn search(
        &mut self,
        position: &G,
        root_moves: Option<&[G::Move]>,
        limits: &SearchLimits,
        _rng: &mut GameRng,
    ) -> SearchResult<G::Move> {
        self.iterate(position, root_moves, limits)
    }

    fn forget(&mut self) {
        self.tt.clear();
        self.ordering = MoveOrdering::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::plain_negamax;
    use game_core::Seat;
    use game_core::nim::{Nim, NimMove, NimRules};
    use game_core::rng::seeded;

    fn nim(text: &str) -> Nim {
        Nim::parse_position(&NimRules::default(), text).unwrap()
    }

    fn search(position: &Nim, limits: &SearchLimits) -> SearchResult<NimMove> {
        AlphaBeta::new(AlphaBetaConfig::default()).search(position, None, limits, &mut seeded(0))
    }

    #[test]
    fn takes_the_last_stone() {
        let result = search(&nim("0 2 : first"), &SearchLimits::none().depth(3));
        assert_eq!(result.best_move, Some(NimMove { heap: 1, take: 2 }));
        assert_eq!(score::describe(result.value), "win in 1 plies by 1");
        assert_eq!(result.pv, vec![NimMove { heap: 1, take: 2 }]);
    }

    #[test]
    fn deepens_past_the_limit_only_while_the_node_cap_has_room() {
        let position = nim("3 4 5 6 : first");
        let deepening = AlphaBetaConfig { deepen_to: 12, ..AlphaBetaConfig::default() };
        let run = |config: AlphaBetaConfig, limits: &SearchLimits| {
            AlphaBeta::<Nim>::new(config).search(&position, None, limits, &mut seeded(0))
        };
        let at_limit = run(deepening, &SearchLimits::none().depth(2));
        assert_eq!(at_limit.stats.depth, 2, "no node cap: the depth limit holds");
        let roomy = run(deepening, &SearchLimits::none().depth(2).nodes(1_000_000));
        assert!(roomy.stats.depth > 2, "room to spare: {:?}", roomy.stats);
        assert!(roomy.stats.depth <= 12);
        assert!(roomy.stats.nodes <= 500_000 || roomy.stats.stopped, "{:?}", roomy.stats);
        let tight = run(deepening, &SearchLimits::none().depth(2).nodes(at_limit.stats.nodes + 1));
        assert_eq!(tight.stats.depth, 2, "a cap with no room: {:?}", tight.stats);
        let off = run(AlphaBetaConfig::default(), &SearchLimits::none().depth(2).nodes(1_000_000));
        assert_eq!(off.stats.depth, 2, "off by default");
    }

    #[test]
    fn a_free_turn_keeps_the_value_unnegated() {
        // 1 1 with free turns: taking either heap empties it and the same
        // seat moves again and takes the last stone: a win in 2 plies.
        let result = search(&nim("1 1 : second"), &SearchLimits::none().depth(4));
        assert_eq!(score::describe(result.value), "win in 2 plies by 1");
        assert_eq!(result.pv.len(), 2);
        // Without free turns the same heaps lose in 2.
        let rules = NimRules { free_turn: false, ..NimRules::default() };
        let plain = Nim::parse_position(&rules, "1 1 : second").unwrap();
        let result = search(&plain, &SearchLimits::none().depth(4));
        assert_eq!(score::describe(result.value), "loss in 2 plies by 1");
    }

    #[test]
    fn matches_plain_negamax_and_stops_when_solved() {
        let position = nim("3 4 5 : first");
        for depth in 1..=5 {
            let result = search(&position, &SearchLimits::none().depth(depth));
            assert_eq!(result.value, plain_negamax(&position, depth), "depth {depth}");
            assert_eq!(result.stats.depth, depth);
        }
        let solved = search(&position, &SearchLimits::none());
        assert!(score::is_decisive(solved.value));
        assert!(solved.stats.depth < 30, "stops once the root is proven: {:?}", solved.stats);
        assert!(!solved.stats.stopped);
    }

    #[test]
    fn exact_root_gives_every_move_its_value() {
        let position = nim("2 3 : first");
        let mut engine = AlphaBeta::<Nim>::new(AlphaBetaConfig {
            exact_root: true,
            tt_mb: 1,
            ..AlphaBetaConfig::default()
        });
        let result = engine.search(&position, None, &SearchLimits::none().depth(3), &mut seeded(0));
        for root in &result.root_moves {
            let mut child = position.clone();
            child.play(root.mv);
            let plain = plain_negamax(&child, 2);
            let expected = if child.to_move() == position.to_move() { plain } else { -plain };
            // Plain negamax counts plies from the child: shift win scores by one.
            assert_eq!(root.value, score::from_table(expected, 1), "{:?}", root.mv);
            assert!(root.exact);
        }
    }

    #[test]
    fn node_limit_stops_with_a_legal_move() {
        let position =
            Nim::start(&NimRules { heaps: vec![9, 9, 9, 9, 9, 9], ..NimRules::default() }, &[]).unwrap();
        let result = search(&position, &SearchLimits::none().nodes(500));
        assert!(result.stats.stopped);
        assert!(result.stats.nodes <= 501);
        let mv = result.best_move.unwrap();
        assert!(position.check_move(mv).is_ok());
    }

    #[test]
    fn stopped_at_once_still_answers_with_the_evaluation() {
        let position = nim("3 4 5 : first");
        let result = search(&position, &SearchLimits::none().nodes(1));
        assert!(result.stats.stopped);
        assert_eq!(result.stats.depth, 0);
        assert_eq!(result.value, position.evaluate(Seat::FIRST));
        assert!(position.check_move(result.best_move.unwrap()).is_ok());
    }

    #[test]
    fn restricted_root_moves_are_respected() {
        let position = nim("3 4 5 : first");
        let only = [NimMove { heap: 2, take: 1 }];
        let mut engine = AlphaBeta::<Nim>::new(AlphaBetaConfig::default());
        let result = engine.search(&position, Some(&only), &SearchLimits::none().depth(3), &mut seeded(0));
        assert_eq!(result.best_move, Some(only[0]));
        assert_eq!(result.root_moves.len(), 1);
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let result = search(&nim("0 0 : first"), &SearchLimits::none().depth(3));
        assert_eq!(result.best_move, None);
        assert!(result.value < 0, "the previous mover took the last stone");
    }
}
