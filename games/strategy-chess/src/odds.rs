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
//! This module holds the odds and their booking, which every position of
//! a search carries; [`crate::odds_draw`] works them out from a view.

use crate::combat::{Clash, battle};
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::rules::BombRule;
use crate::square::{SQUARES, Square};
use std::sync::Arc;

/// No odds for this square.
pub(crate) const NONE: u8 = u8::MAX;

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
pub(crate) fn swing(
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
    /// Odds from their table: per entry and striking rank, the expected
    /// swing; piece values by colour; each square's entry.
    pub(crate) fn from_table(
        expected: Vec<[i32; RANK_COUNT]>,
        values: [[i32; RANK_COUNT]; 2],
        slot: [u8; SQUARES],
    ) -> StrikeOdds {
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
