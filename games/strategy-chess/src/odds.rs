//! Strikes on unknown pieces, scored at their odds.
//!
//! The AI searches positions sampled from its view, and in each sample
//! every rank is known. Left alone, the search there plays as if it could
//! see: after a first strike it walks its Marshal from piece to piece,
//! stepping round exactly those that are Bombs *in that sample*, and the
//! rampage looks safe in every sample although in the real game each
//! further strike risks the Marshal. (The "strategy fusion" of sampling
//! searches.) The real player would strike at the odds it believes.
//!
//! [`StrikeOdds`] gives every unknown piece of a sampled position its
//! *expected* material swing for each rank that might strike it, worked
//! out from the striking side's beliefs: the searching side's
//! ([`crate::beliefs`]) for enemy pieces, and for its own pieces what the
//! enemy can know (the hard facts: counts, moved or not). When a piece
//! strikes an unknown piece during the search, the battle is fought out as
//! the sample has it, and the difference between the swing it really made
//! and the expected swing is booked as the striker's *luck*. The evaluation
//! takes luck back out ([`crate::eval`]), so a strike counts what it was
//! worth on the odds, while its consequences on the board still follow the
//! sample. A struck Flag ends the game and is priced by the averaging over
//! samples, so the expectation leaves the Flag out.
//!
//! Only positions made for search carry odds; the referee's never do.

use crate::beliefs::Beliefs;
use crate::combat::{Clash, battle};
use crate::eval::RANK_VALUE;
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::rules::BombRule;
use crate::sampler;
use crate::square::{SQUARES, Square};
use crate::view::{Seen, StrategyChessView};
use game_core::rng::GameRng;
use std::sync::Arc;

/// No odds for this square.
const NONE: u8 = u8::MAX;

/// Draws used to estimate the marginal of each enemy piece.
pub const MARGINAL_DRAWS: u32 = 256;

/// The expected swing of striking each unknown piece, and the luck booked
/// so far. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrikeOdds {
    table: Arc<OddsTable>,
    /// The entry of the piece on each square (`NONE`: no odds).
    slot: [u8; SQUARES],
    /// Luck booked per colour: real swing less expected swing, summed.
    luck: [i32; 2],
}

/// What does not change during a search: shared by every position.
#[derive(Debug, PartialEq, Eq)]
struct OddsTable {
    /// Per entry, per striking rank: the striker's expected material swing.
    expected: Vec<[i32; RANK_COUNT]>,
    /// Piece values by colour and rank, for the swing a battle really made.
    values: [[i32; RANK_COUNT]; 2],
}

/// The material swing for the striker when `attacker` (of `colour`)
/// strikes `defender`, with `values` by colour.
fn swing(
    values: &[[i32; RANK_COUNT]; 2],
    colour: Colour,
    attacker: Rank,
    defender: Rank,
    bombs: BombRule,
) -> i32 {
    let own = values[colour.index()][attacker.index()];
    let theirs = values[colour.opponent().index()][defender.index()];
    match battle(attacker, defender, bombs) {
        Some(Clash::AttackerWins | Clash::FlagCaptured) => theirs,
        Some(Clash::DefenderWins) => -own,
        Some(Clash::BothDie) => theirs - own,
        None => 0,
    }
}

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
            slot[square.index()] = expected.len() as u8;
            expected.push(table);
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
        StrikeOdds { table: Arc::new(OddsTable { expected, values }), slot, luck: [0; 2] }
    }

    /// The luck `colour` has had in strikes so far.
    pub fn luck(&self, colour: Colour) -> i32 {
        self.luck[colour.index()]
    }

    /// Books a battle in which `attacker` of `colour` struck `defender` on
    /// `to`, coming from `from`, if the defender was unknown to it
    /// (`unknown`); then moves the odds along with the pieces.
    #[inline]
    pub(crate) fn record(
        &mut self,
        colour: Colour,
        from: Square,
        to: Square,
        fight: Option<(Rank, Rank, Clash)>,
        unknown: bool,
        bombs: BombRule,
    ) {
        if let Some((attacker, defender, clash)) = fight {
            let entry = self.slot[to.index()];
            if unknown && entry != NONE && defender != Rank::Flag {
                let real = swing(&self.table.values, colour, attacker, defender, bombs);
                self.luck[colour.index()] += real - self.table.expected[entry as usize][attacker.index()];
            }
            if !clash.attacker_survives() {
                self.slot[from.index()] = NONE;
                if !clash.defender_survives() {
                    self.slot[to.index()] = NONE;
                }
                return;
            }
        }
        self.slot[to.index()] = self.slot[from.index()];
        self.slot[from.index()] = NONE;
    }

    /// A number that differs between different luck, for the hash.
    pub(crate) fn fingerprint(&self) -> u64 {
        (self.luck[0] as u32 as u64) << 32 | self.luck[1] as u32 as u64
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
