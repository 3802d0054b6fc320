//! Full positions consistent with a view: the AI's only way from what a
//! player knows to positions it can search.
//!
//! # What "consistent" means
//! The viewer's own pieces are known. Each enemy piece gets a rank such
//! that:
//! - a revealed piece keeps its revealed rank, and a piece that moved far is
//!   a Scout;
//! - a piece that moved is neither a Bomb nor the Flag;
//! - the enemy's ranks add up exactly to its public remaining counts.
//!
//! Everything else (history, repetition state, counters, outcome) is copied
//! from the view, so `sample(view).view(viewer) == view`.
//!
//! # The construction (no search, no retry loop needed)
//! Let the *pool* be the enemy's remaining counts minus the ranks fixed by
//! the facts. Bombs and the Flag of the pool can only stand on unmoved
//! unknown pieces: they are placed there first, one by one, each square
//! drawn with the prior's weight. The movable ranks left in the pool are
//! then shuffled onto the remaining unknown pieces, moved or not; any such
//! assignment is consistent. Under the [`Uniform`] prior every consistent
//! assignment is equally likely.
//!
//! One public fact depends on hidden ranks: whether the enemy, when it is
//! to move, has a legal move at all (an unmoved piece with room to move may
//! be a Bomb). If the view says the game goes on but the drawn enemy cannot
//! move, a few fresh draws are made, then a Bomb or Flag that has room is
//! swapped with a movable rank that has none. A view a real game produced
//! always allows this; for a forged view the sampler still returns a
//! position, never panics and never loops.

use crate::game::StrategyChess;
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::square::Square;
use crate::view::{Seen, StrategyChessView};
use game_core::rng::GameRng;
use rand::Rng;
use rand::seq::SliceRandom;

/// Where a player is likely to have put the Flag and the Bombs: the
/// sampler's pluggable prior. Weights are relative; 0 means "only if no
/// square has weight".
pub trait Prior {
    /// The weight of `owner`'s Flag standing on `square`.
    fn flag_weight(&self, square: Square, owner: Colour) -> u32;
    /// The weight of one of `owner`'s Bombs standing on `square`, given
    /// where the Flag stands (if known or already drawn).
    fn bomb_weight(&self, square: Square, owner: Colour, flag: Option<Square>) -> u32;
}

/// Every consistent position equally likely.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

impl Prior for Uniform {
    fn flag_weight(&self, _: Square, _: Colour) -> u32 {
        1
    }
    fn bomb_weight(&self, _: Square, _: Colour, _: Option<Square>) -> u32 {
        1
    }
}

/// Where human setups put them: the Flag mostly on the back row, Bombs on
/// the back two rows and above all next to the Flag. Every square keeps a
/// weight, so no consistent position is ruled out.
#[derive(Clone, Copy, Debug, Default)]
pub struct HumanLike;

impl Prior for HumanLike {
    fn flag_weight(&self, square: Square, owner: Colour) -> u32 {
        match square.depth_for(owner) {
            0 => 24,
            1 => 4,
            _ => 1,
        }
    }
    fn bomb_weight(&self, square: Square, owner: Colour, flag: Option<Square>) -> u32 {
        let base = match square.depth_for(owner) {
            0 | 1 => 4,
            2 | 3 => 2,
            _ => 1,
        };
        if flag.is_some_and(|f| f.is_next_to(square)) { base * 8 } else { base }
    }
}

/// Draws one index of `weights` with probability proportional to its
/// weight (uniformly if all are 0).
fn weighted(weights: &[u32], rng: &mut GameRng) -> usize {
    let total: u64 = weights.iter().map(|&w| w as u64).sum();
    if total == 0 {
        return rng.random_range(0..weights.len());
    }
    let mut r = rng.random_range(0..total);
    for (i, &w) in weights.iter().enumerate() {
        if r < w as u64 {
            return i;
        }
        r -= w as u64;
    }
    weights.len() - 1
}

/// The unknown enemy pieces of a view and the ranks left to give them.
struct Unknowns {
    enemy: Colour,
    moved: Vec<Square>,
    still: Vec<Square>,
    pool: [u8; RANK_COUNT],
    flag: Option<Square>,
}

impl Unknowns {
    fn of(view: &StrategyChessView) -> Unknowns {
        let enemy = view.viewer().opponent();
        let mut pool = view.remaining(enemy);
        let (mut moved, mut still, mut flag) = (Vec::new(), Vec::new(), None);
        for (sq, seen) in view.squares() {
            let Seen::Piece(piece) = seen else { continue };
            if piece.colour != enemy {
                continue;
            }
            match piece.known_rank() {
                Some(rank) => {
                    pool[rank.index()] = pool[rank.index()].saturating_sub(1);
                    if rank == Rank::Flag {
                        flag = Some(sq);
                    }
                }
                None if piece.facts.moved => moved.push(sq),
                None => still.push(sq),
            }
        }
        Unknowns { enemy, moved, still, pool, flag }
    }

    /// One draw of ranks for the unknown pieces, as (square, rank) pairs.
    fn draw(&self, prior: &dyn Prior, rng: &mut GameRng) -> Vec<(Square, Rank)> {
        let mut ranks = Vec::with_capacity(self.moved.len() + self.still.len());
        let mut open: Vec<Square> = self.still.clone();
        let mut flag = self.flag;
        // The Flag first, so the Bombs can gather round it.
        for _ in 0..self.pool[Rank::Flag.index()] {
            if open.is_empty() {
                break;
            }
            let weights: Vec<u32> = open.iter().map(|&sq| prior.flag_weight(sq, self.enemy)).collect();
            let sq = open.swap_remove(weighted(&weights, rng));
            ranks.push((sq, Rank::Flag));
            flag = Some(sq);
        }
        for _ in 0..self.pool[Rank::Bomb.index()] {
            if open.is_empty() {
                break;
            }
            let weights: Vec<u32> = open.iter().map(|&sq| prior.bomb_weight(sq, self.enemy, flag)).collect();
            let sq = open.swap_remove(weighted(&weights, rng));
            ranks.push((sq, Rank::Bomb));
        }
        let mut movable: Vec<Rank> = Rank::ALL
            .into_iter()
            .filter(|r| r.can_move())
            .flat_map(|r| std::iter::repeat_n(r, self.pool[r.index()] as usize))
            .collect();
        movable.shuffle(rng);
        let mut movable = movable.into_iter();
        for &sq in self.moved.iter().chain(open.iter()) {
            // A forged view may leave too few ranks: fill in something legal.
            let fallback = if self.moved.contains(&sq) { Rank::Sergeant } else { Rank::Bomb };
            ranks.push((sq, movable.next().unwrap_or(fallback)));
        }
        ranks
    }
}

/// A full position consistent with `view`, the enemy's unknown ranks drawn
/// with `prior`. Never fails, never loops: see the module docs.
pub fn sample(view: &StrategyChessView, prior: &dyn Prior, rng: &mut GameRng) -> StrategyChess {
    let unknowns = Unknowns::of(view);
    let build = |ranks: &[(Square, Rank)]| {
        view.assemble(|sq, _| ranks.iter().find(|(s, _)| *s == sq).map_or(Rank::Sergeant, |&(_, r)| r))
    };
    let mut ranks = unknowns.draw(prior, rng);
    let mut position = build(&ranks);
    let needs_a_move = view.game_outcome().is_none() && view.colour_to_move() == unknowns.enemy;
    if !needs_a_move || position.has_legal_move() {
        return position;
    }
    for _ in 0..8 {
        ranks = unknowns.draw(prior, rng);
        position = build(&ranks);
        if position.has_legal_move() {
            return position;
        }
    }
    // Swap a Bomb or Flag that has room with a movable rank that has none.
    for i in 0..ranks.len() {
        for j in 0..ranks.len() {
            let (a, b) = (ranks[i], ranks[j]);
            if a.1.can_move() || !b.1.can_move() || unknowns.moved.contains(&b.0) {
                continue;
            }
            let mut swapped = ranks.clone();
            swapped[i].1 = b.1;
            swapped[j].1 = a.1;
            let candidate = build(&swapped);
            if candidate.has_legal_move() {
                return candidate;
            }
        }
    }
    // Only a forged view gets here: keep the Game contract (no moves means
    // the game is over) rather than the view.
    position.outcome = position.ending(None);
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::StrategyChessRules;
    use game_core::rng::seeded;
    use game_core::{Game, Observe, Seat};

    fn start() -> StrategyChess {
        let library = crate::library::Library::builtin();
        let setups = [library.entries()[0].setup, library.entries()[1].setup];
        StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap()
    }

    #[test]
    fn samples_give_back_the_view() {
        let game = start();
        for seat in [Seat::FIRST, Seat::SECOND] {
            let view = game.view(seat);
            for seed in 0..20 {
                for prior in [&Uniform as &dyn Prior, &HumanLike] {
                    let sampled = sample(&view, prior, &mut seeded(seed));
                    assert_eq!(sampled.view(seat), view);
                }
            }
        }
    }

    #[test]
    fn the_human_prior_puts_the_flag_at_the_back() {
        let view = start().view(Seat::FIRST);
        let mut back = [0u32; 2];
        for (i, prior) in [&Uniform as &dyn Prior, &HumanLike].into_iter().enumerate() {
            for seed in 0..200 {
                let sampled = sample(&view, prior, &mut seeded(seed));
                let flag = Square::all()
                    .find(|&sq| sampled.piece(sq) == Some(crate::Piece::new(Colour::Blue, Rank::Flag)))
                    .unwrap();
                if flag.depth_for(Colour::Blue) == 0 {
                    back[i] += 1;
                }
            }
        }
        assert!(back[0] < 90, "uniform: about a quarter on the back row, got {}", back[0]);
        assert!(back[1] > 120, "human-like: mostly on the back row, got {}", back[1]);
    }
}
