//! The odds of strikes on unknown pieces ([`crate::odds`]) worked out
//! from a view: the searching side's beliefs about the enemy's pieces,
//! and the hard facts the enemy has about its own.

use crate::beliefs::Beliefs;
use crate::eval::RANK_VALUE;
use crate::odds::{NONE, StrikeOdds, swing};
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::sampler;
use crate::square::{SQUARES, Square};
use crate::view::{Seen, StrategyChessView};
use game_core::rng::GameRng;

/// Draws used to estimate the marginal of each enemy piece.
pub const MARGINAL_DRAWS: u32 = 256;

impl StrikeOdds {
    /// The odds for a search from `view`: the viewer's `beliefs` about the
    /// enemy (marginals estimated from [`MARGINAL_DRAWS`] draws with
    /// `rng`) and the hard facts the enemy has about the viewer's pieces.
    pub fn of(view: &StrategyChessView, beliefs: &Beliefs, rng: &mut GameRng) -> StrikeOdds {
        let viewer = view.viewer();
        let bombs = view.rules().bombs;
        let values = [Colour::Red, Colour::Blue].map(|c| piece_values(view, c));
        let mut expected = Vec::new();
        let mut slot = [NONE; SQUARES];
        let mut add = |square: Square, marginal: [f64; RANK_COUNT], striker: Colour| {
            if expected.len() >= NONE as usize {
                return;
            }
            let flag = marginal[Rank::Flag.index()];
            let rest: f64 = marginal.iter().sum::<f64>() - flag;
            if rest <= 0.0 {
                return;
            }
            let table = Rank::ALL.map(|attacker| {
                let e: f64 = Rank::ALL
                    .iter()
                    .filter(|&&r| r != Rank::Flag)
                    .map(|&r| marginal[r.index()] * f64::from(swing(&values, striker, attacker, r, bombs)))
                    .sum();
                (e / rest).round() as i32
            });
            let chance = (1000.0 * flag / (flag + rest)).round() as u16;
            slot[square.index()] = expected.len() as u8;
            expected.push((table, chance));
        };
        // The enemy's unknown pieces, by the viewer's beliefs.
        let mut counts = vec![[0u32; RANK_COUNT]; beliefs.pieces.len()];
        let pool = sampler::pool(view, beliefs);
        for _ in 0..MARGINAL_DRAWS {
            for (i, (_, rank)) in sampler::deal(beliefs, &pool, rng).into_iter().enumerate() {
                counts[i][rank.index()] += 1;
            }
        }
        for (belief, count) in beliefs.pieces.iter().zip(&counts) {
            add(belief.square, count.map(f64::from), viewer);
        }
        // The viewer's pieces the enemy cannot identify, by the hard facts.
        for (square, marginal) in hard_fact_marginals(view, viewer) {
            add(square, marginal, viewer.opponent());
        }
        StrikeOdds::from_table(expected, values, slot, view.plies())
    }
}

/// What a piece of `colour` is worth, by rank, as the evaluation's
/// material counts it in `view`'s game.
fn piece_values(view: &StrategyChessView, colour: Colour) -> [i32; RANK_COUNT] {
    let enemy = view.remaining(colour.opponent());
    let own = view.remaining(colour);
    let mut values = RANK_VALUE;
    values[Rank::Marshal.index()] += crate::eval::MARSHAL_BONUS;
    if enemy[Rank::Bomb.index()] > 0 {
        values[Rank::Miner.index()] += crate::eval::MINER_BONUS;
        if own[Rank::Miner.index()] <= 2 {
            values[Rank::Miner.index()] += crate::eval::LAST_MINERS_BONUS;
        }
    }
    if enemy[Rank::Marshal.index()] > 0 {
        values[Rank::Spy.index()] += crate::eval::SPY_BONUS;
    }
    values
}

/// For each piece of `owner` the enemy cannot identify, the chance of each
/// rank when every army that fits the public facts is equally likely:
/// Bombs and the Flag spread over the unmoved pieces, the movable ranks
/// over what is left.
fn hard_fact_marginals(view: &StrategyChessView, owner: Colour) -> Vec<(Square, [f64; RANK_COUNT])> {
    let mut pool = view.remaining(owner);
    let (mut moved, mut still) = (Vec::new(), Vec::new());
    for (square, seen) in view.squares() {
        let Seen::Piece(piece) = seen else { continue };
        if piece.colour != owner {
            continue;
        }
        if piece.facts.revealed || piece.facts.moved_far {
            let rank = if piece.facts.revealed { piece.rank } else { Some(Rank::Scout) };
            if let Some(rank) = rank {
                pool[rank.index()] = pool[rank.index()].saturating_sub(1);
            }
        } else if piece.facts.moved {
            moved.push(square);
        } else {
            still.push(square);
        }
    }
    let fixed = f64::from(pool[Rank::Bomb.index()]) + f64::from(pool[Rank::Flag.index()]);
    let movable: f64 = Rank::ALL.iter().filter(|r| r.can_move()).map(|r| f64::from(pool[r.index()])).sum();
    let slots = (moved.len() + still.len()) as f64 - fixed;
    let mut out = Vec::new();
    if movable <= 0.0 || slots <= 0.0 {
        return out;
    }
    let share_fixed = if still.is_empty() { 0.0 } else { fixed / still.len() as f64 };
    for (square, is_still) in moved.iter().map(|&s| (s, false)).chain(still.iter().map(|&s| (s, true))) {
        let mut marginal = [0.0; RANK_COUNT];
        let movable_share = if is_still { 1.0 - share_fixed } else { 1.0 };
        for rank in Rank::ALL {
            let count = f64::from(pool[rank.index()]);
            marginal[rank.index()] = if rank.can_move() {
                movable_share * count / movable
            } else if is_still && fixed > 0.0 {
                share_fixed * count / fixed
            } else {
                0.0
            };
        }
        out.push((square, marginal));
    }
    out
}
