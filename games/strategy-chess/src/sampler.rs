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
//! # Which consistent position
//! Each unknown piece has a weight per rank ([`Beliefs`]). An army is drawn
//! with probability proportional to the product of its pieces' weights,
//! among the armies that fit the counts:
//! 1. a first army is dealt piece by piece: the Flag and the Bombs onto
//!    unmoved pieces by their weight for them, then every other piece,
//!    in a shuffled order, a rank drawn by its weight times how many of
//!    that rank are left to deal;
//! 2. then [`SWAPS_PER_PIECE`] Metropolis steps per piece: two pieces
//!    swap ranks with probability `min(1, w_i(b) w_j(a) / (w_i(a) w_j(b)))`.
//!    A swap keeps the counts, and these steps leave exactly the weighted
//!    distribution unchanged, so they wash out the bias of the first deal.
//!    Two weights belong to the army rather than to one piece: each Bomb
//!    next to the Flag ([`BeliefModel::flag_guard`]) and a Spy that
//!    started next to the General ([`BeliefModel::spy_by_general`]).
//!
//! Under [`BeliefModel::UNIFORM`] every consistent army is equally likely.
//!
//! One public fact depends on hidden ranks: whether the enemy, when it is
//! to move, has a legal move at all (an unmoved piece with room to move may
//! be a Bomb). If the view says the game goes on but the drawn enemy cannot
//! move, a few fresh draws are made, then a Bomb or Flag that has room is
//! swapped with a movable rank that has none. A view a real game produced
//! always allows this; for a forged view the sampler still returns a
//! position, never panics and never loops.

use crate::beliefs::{BeliefModel, Beliefs};
use crate::game::StrategyChess;
use crate::rank::{RANK_COUNT, Rank};
use crate::square::Square;
use crate::view::StrategyChessView;
use game_core::rng::GameRng;
use rand::Rng;
use rand::seq::SliceRandom;

/// Metropolis swap steps per unknown piece after the first deal.
pub const SWAPS_PER_PIECE: usize = 12;

/// Draws an index of `weights` with probability proportional to its weight
/// (uniformly if all are 0).
fn weighted(weights: &[f64], rng: &mut GameRng) -> usize {
    let total: f64 = weights.iter().sum();
    if total.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return rng.random_range(0..weights.len());
    }
    let mut r = rng.random_range(0.0..total);
    for (i, &w) in weights.iter().enumerate() {
        if r < w {
            return i;
        }
        r -= w;
    }
    weights.len() - 1
}

/// One deal of ranks to the unknown pieces of `beliefs`, as (square,
/// rank) pairs in the order of `beliefs.pieces`.
pub(crate) fn deal(beliefs: &Beliefs, pool: &[u8; RANK_COUNT], rng: &mut GameRng) -> Vec<(Square, Rank)> {
    let pieces = &beliefs.pieces;
    let mut dealt: Vec<Option<Rank>> = vec![None; pieces.len()];
    let mut left = *pool;
    // The Flag first, then the Bombs (round it): they can only go to
    // unmoved pieces.
    let mut flag = None;
    for rank in [Rank::Flag, Rank::Bomb] {
        for _ in 0..left[rank.index()] {
            let open: Vec<usize> =
                (0..pieces.len()).filter(|&i| dealt[i].is_none() && !pieces[i].moved).collect();
            if open.is_empty() {
                break;
            }
            let guard = |i: usize| match flag {
                Some(f) if rank == Rank::Bomb && pieces[i].square.is_next_to(f) => beliefs.flag_guard,
                _ => 1.0,
            };
            let weights: Vec<f64> = open.iter().map(|&i| pieces[i].weight[rank.index()] * guard(i)).collect();
            let i = open[weighted(&weights, rng)];
            dealt[i] = Some(rank);
            left[rank.index()] -= 1;
            if rank == Rank::Flag {
                flag = Some(pieces[i].square);
            }
        }
    }
    let mut order: Vec<usize> = (0..pieces.len()).filter(|&i| dealt[i].is_none()).collect();
    order.shuffle(rng);
    for i in order {
        let weights: Vec<f64> = Rank::ALL
            .iter()
            .map(
                |r| if r.can_move() { pieces[i].weight[r.index()] * f64::from(left[r.index()]) } else { 0.0 },
            )
            .collect();
        let rank = if weights.iter().any(|&w| w > 0.0) {
            Rank::ALL[weighted(&weights, rng)]
        } else {
            // A forged view may leave too few ranks: fill in something legal.
            match Rank::ALL.iter().find(|r| r.can_move() && left[r.index()] > 0) {
                Some(&rank) => rank,
                None if pieces[i].moved => Rank::Sergeant,
                None => Rank::Bomb,
            }
        };
        left[rank.index()] = left[rank.index()].saturating_sub(1);
        dealt[i] = Some(rank);
    }
    let mut ranks: Vec<(Square, Rank)> =
        pieces.iter().zip(dealt).map(|(b, r)| (b.square, r.unwrap_or(Rank::Sergeant))).collect();
    // Metropolis swaps towards the weighted distribution.
    let n = ranks.len();
    let guarded = beliefs.flag_guard != 1.0;
    let escorted = beliefs.spy_by_general != 1.0;
    if n >= 2 {
        for _ in 0..n * SWAPS_PER_PIECE {
            let i = rng.random_range(0..n);
            let j = rng.random_range(0..n);
            let (a, b) = (ranks[i].1, ranks[j].1);
            if a == b {
                continue;
            }
            let (wi, wj) = (&pieces[i].weight, &pieces[j].weight);
            let mut new = wi[b.index()] * wj[a.index()];
            let old = wi[a.index()] * wj[b.index()];
            if new <= 0.0 {
                continue;
            }
            let walls = |r: Rank| matches!(r, Rank::Flag | Rank::Bomb);
            if guarded && (walls(a) || walls(b)) {
                new *= beliefs.flag_guard.powi(change(guards, beliefs, &mut ranks, i, j));
            }
            let pair = |r: Rank| matches!(r, Rank::General | Rank::Spy);
            if escorted && (pair(a) || pair(b)) {
                new *= beliefs.spy_by_general.powi(change(escorts, beliefs, &mut ranks, i, j));
            }
            if new >= old || rng.random_range(0.0..1.0) * old < new {
                ranks[i].1 = b;
                ranks[j].1 = a;
            }
        }
    }
    ranks
}

/// How much swapping the ranks of pieces `i` and `j` would change
/// `count` of the army `ranks` (which is left as it was).
fn change(
    count: fn(&Beliefs, &[(Square, Rank)]) -> i32,
    beliefs: &Beliefs,
    ranks: &mut [(Square, Rank)],
    i: usize,
    j: usize,
) -> i32 {
    let before = count(beliefs, ranks);
    let (a, b) = (ranks[i].1, ranks[j].1);
    ranks[i].1 = b;
    ranks[j].1 = a;
    let after = count(beliefs, ranks);
    ranks[i].1 = a;
    ranks[j].1 = b;
    after - before
}

/// How many Bombs, dealt or revealed, stand next to the dealt Flag.
fn guards(beliefs: &Beliefs, ranks: &[(Square, Rank)]) -> i32 {
    let Some(&(flag, _)) = ranks.iter().find(|(_, r)| *r == Rank::Flag) else { return 0 };
    flag.neighbours()
        .filter(|n| {
            beliefs.known_bombs & n.bit() != 0 || ranks.iter().any(|&(sq, r)| sq == *n && r == Rank::Bomb)
        })
        .count() as i32
}

/// How many pieces dealt the Spy started next to a piece dealt the
/// General.
fn escorts(beliefs: &Beliefs, ranks: &[(Square, Rank)]) -> i32 {
    let starts = |rank: Rank| {
        ranks.iter().zip(&beliefs.pieces).filter(move |((_, r), _)| *r == rank).filter_map(|(_, b)| b.start)
    };
    starts(Rank::Spy).filter(|spy| starts(Rank::General).any(|general| general.is_next_to(*spy))).count()
        as i32
}

/// The ranks left to deal: the enemy's remaining counts less its pieces
/// the viewer can identify.
pub(crate) fn pool(view: &StrategyChessView, beliefs: &Beliefs) -> [u8; RANK_COUNT] {
    let mut pool = view.remaining(beliefs.enemy);
    for (_, seen) in view.squares() {
        if let crate::view::Seen::Piece(piece) = seen
            && piece.colour == beliefs.enemy
            && let Some(rank) = piece.known_rank()
        {
            pool[rank.index()] = pool[rank.index()].saturating_sub(1);
        }
    }
    pool
}

/// A full position consistent with `view`, the enemy's unknown ranks drawn
/// by `beliefs` (made from this view). Never fails, never loops: see the
/// module docs.
pub fn sample(view: &StrategyChessView, beliefs: &Beliefs, rng: &mut GameRng) -> StrategyChess {
    let pool = pool(view, beliefs);
    let build = |ranks: &[(Square, Rank)]| {
        view.assemble(|sq, seen| match ranks.iter().find(|(s, _)| *s == sq) {
            Some(&(_, rank)) => rank,
            None => seen.known_rank().unwrap_or(Rank::Sergeant),
        })
    };
    let mut ranks = deal(beliefs, &pool, rng);
    let mut position = build(&ranks);
    let needs_a_move = view.game_outcome().is_none() && view.colour_to_move() == beliefs.enemy;
    if !needs_a_move || position.has_legal_move() {
        return position;
    }
    for _ in 0..8 {
        ranks = deal(beliefs, &pool, rng);
        position = build(&ranks);
        if position.has_legal_move() {
            return position;
        }
    }
    // Swap a Bomb or Flag that has room with a movable rank that has none.
    for i in 0..ranks.len() {
        for j in 0..ranks.len() {
            let (a, b) = (ranks[i], ranks[j]);
            if a.1.can_move() || !b.1.can_move() || beliefs.pieces[j].moved {
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

/// A position drawn under `model`'s beliefs (computing them; to draw many
/// from one view, make the [`Beliefs`] once and call [`sample`]).
pub fn sample_with(view: &StrategyChessView, model: &BeliefModel, rng: &mut GameRng) -> StrategyChess {
    sample(view, &Beliefs::of(view, model), rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::Colour;
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
                for model in [BeliefModel::UNIFORM, BeliefModel::DEFAULT] {
                    let sampled = sample_with(&view, &model, &mut seeded(seed));
                    assert_eq!(sampled.view(seat), view);
                }
            }
        }
    }

    #[test]
    fn the_spy_is_dealt_beside_the_general_as_often_as_the_model_says() {
        let view = start().view(Seat::FIRST);
        let escorted = BeliefModel { spy_by_general: 6.0, ..BeliefModel::UNIFORM };
        let mut beside = [0u32; 2];
        for (i, model) in [BeliefModel::UNIFORM, escorted].iter().enumerate() {
            let beliefs = Beliefs::of(&view, model);
            for seed in 0..300 {
                let sampled = sample(&view, &beliefs, &mut seeded(seed));
                let find = |rank| {
                    Square::all()
                        .find(|&sq| sampled.piece(sq) == Some(crate::Piece::new(Colour::Blue, rank)))
                        .unwrap()
                };
                if find(Rank::Spy).is_next_to(find(Rank::General)) {
                    beside[i] += 1;
                }
            }
        }
        // Anywhere: about 3 of 39 places; six times the odds: about a third.
        assert!(beside[0] < 45, "uniform: {}", beside[0]);
        assert!(beside[1] > 75, "escorted: {}", beside[1]);
    }

    #[test]
    fn the_setup_prior_puts_the_flag_at_the_back() {
        let view = start().view(Seat::FIRST);
        let mut back = [0u32; 2];
        for (i, model) in [BeliefModel::UNIFORM, BeliefModel::DEFAULT].iter().enumerate() {
            let beliefs = Beliefs::of(&view, model);
            for seed in 0..200 {
                let sampled = sample(&view, &beliefs, &mut seeded(seed));
                let flag = Square::all()
                    .find(|&sq| sampled.piece(sq) == Some(crate::Piece::new(Colour::Blue, Rank::Flag)))
                    .unwrap();
                if flag.depth_for(Colour::Blue) == 0 {
                    back[i] += 1;
                }
            }
        }
        assert!(back[0] < 90, "uniform: about a quarter on the back row, got {}", back[0]);
        assert!(back[1] > 110, "human setups: more than half on the back row, got {}", back[1]);
    }

    /// A piece known to be a Scout (it moved far) is a Scout in every
    /// sample: it once came out as a Sergeant, and the search then thought
    /// it beat the Miner guarding the Flag.
    #[test]
    fn a_piece_that_moved_far_is_always_a_scout() {
        let text = "\
. . . . bF . . . . .
. . . . b4 . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
b9 . . . . . . . . .
. . . . . . . . . .
. r8 rF . . . . . . .
to_move: blue
";
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        for mv in ["a3-a1", "b1-b2"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let view = game.view(Seat::FIRST);
        let a1 = Square::parse("a1").unwrap();
        assert!(view.piece(a1).unwrap().facts.moved_far);
        for model in [BeliefModel::UNIFORM, BeliefModel::DEFAULT] {
            for seed in 0..50 {
                let sampled = sample_with(&view, &model, &mut seeded(seed));
                assert_eq!(sampled.piece(a1).map(|p| p.rank), Some(Rank::Scout), "seed {seed}");
            }
        }
    }

    /// Two unmoved pieces share a Flag and a Bomb; the beliefs make the
    /// first three times as likely the Flag as the second. The draws follow
    /// the product of the weights: 3 : 1.
    #[test]
    fn armies_are_drawn_by_the_product_of_the_weights() {
        let text = "\
. . . . bF bB . . . .
. . . . . . . . . .
. . . . . . . . . b5
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
r5 . . . rF . . . . .
to_move: red
";
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        // The Captain moves, so only e10 and f10 can hold the Flag and the Bomb.
        for mv in ["a1-a2", "j8-j7"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let view = game.view(Seat::FIRST);
        let (e10, f10) = (Square::parse("e10").unwrap(), Square::parse("f10").unwrap());
        let mut beliefs = Beliefs::of(&view, &BeliefModel::UNIFORM);
        for belief in &mut beliefs.pieces {
            if belief.square == e10 {
                belief.weight[Rank::Flag.index()] = 3.0;
            }
        }
        let draws = 4000;
        let flags = (0..draws)
            .filter(|&seed| {
                sample(&view, &beliefs, &mut seeded(seed)).piece(e10).map(|p| p.rank) == Some(Rank::Flag)
            })
            .count();
        let share = flags as f64 / draws as f64;
        assert!((share - 0.75).abs() < 0.03, "e10 the Flag in {share} of draws");
        assert!(Beliefs::of(&view, &BeliefModel::UNIFORM).on(f10).is_some());
    }
}
