//! The position: every pile in one 16-byte array, the two score piles,
//! the seat to move and the rules.
//!
//! # Layout
//!
//! The piles are `2 * pits` bytes, turned to the side to move: the mover's
//! piles 1..=pits, then the other player's piles 1..=pits, each row in pile
//! order (pile 1 next to its owner's score pile). Read *downwards*, wrapping
//! from byte 0 to the last pile byte, the bytes are the clockwise order of
//! sowing. The score piles sit outside the array at the two places the
//! sowing crosses from one side to the other: the mover's between byte 0
//! (their pile 1) and the last byte (the other's pile `pits`), the other's
//! between byte `pits` (their pile 1) and byte `pits - 1`.
//!
//! So a sowing is a run of consecutive bytes going down, which the sowing
//! code adds to the array as one 128-bit addition, and the mover's row, the
//! one move generation reads, is always the low bytes. When the turn passes
//! the two rows swap places; see [`crate::sowing`].

use crate::rules::{MAX_PITS, StonesRules};
use game_core::{Game, Outcome, RuleSet, Seat};
use std::fmt;

/// Bytes in the pile array: two rows of at most 8 piles.
pub(crate) const PILE_BYTES: usize = 2 * MAX_PITS as usize;

/// The most stones a position may hold: the most any start position holds
/// (8 piles a side of 8 stones).
pub const MAX_TOTAL_STONES: u32 = 128;

/// A pile on the board, named as a player names it: its owner and its
/// number 1..=pits counted from the owner's left (pile 1 is next to the
/// owner's score pile).
///
/// On screen, Player One's pile `k` is the `k`-th pile of the bottom row
/// from the left; Player Two's pile `k` is the `k`-th pile of the top row
/// from the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pit {
    /// Whose side the pile is on.
    pub owner: Seat,
    /// Its number, 1..=pits, from the owner's left.
    pub pile: u8,
}

/// A place a stone can be: a pile or a score pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A pile on a player's side.
    Pit(Pit),
    /// A player's score pile (Player One's on the left, Player Two's on the
    /// right).
    Store(Seat),
}

/// A Stones position.
///
/// It is a fixed array of counts, the score piles, a copy of the rules and
/// the seat to move, so `Clone` is a plain memory copy. A position is always
/// either in play, with stones on both sides, or over, with every pile empty
/// (the end sweep has banked the rest). Bytes past the last pile are always
/// zero.
///
/// The pile array comes first and the struct is 16-byte aligned, so that
/// the array is read and written as two aligned words, never split across
/// a cache line.
#[derive(Clone, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct Stones {
    pub(crate) piles: [u8; PILE_BYTES],
    pub(crate) stores: [u8; 2],
    pub(crate) rules: StonesRules,
    pub(crate) to_move: Seat,
}

impl Stones {
    /// Piles on each side.
    pub fn pits(&self) -> u8 {
        self.rules.pits
    }

    /// The stones in `seat`'s piles, pile 1 (next to their score pile)
    /// first.
    pub fn row(&self, seat: Seat) -> &[u8] {
        let first = self.row_start(seat);
        &self.piles[first..first + self.rules.pits as usize]
    }

    /// The stones in one pile; 0 for a pile that does not exist.
    pub fn pile(&self, pit: Pit) -> u8 {
        match pit.pile {
            1..=MAX_PITS if pit.pile <= self.rules.pits => {
                self.piles[self.row_start(pit.owner) + pit.pile as usize - 1]
            }
            _ => 0,
        }
    }

    /// The stones in `seat`'s score pile.
    pub fn store(&self, seat: Seat) -> u8 {
        self.stores[seat.index() & 1]
    }

    /// The stones on `seat`'s side (not counting the score pile).
    pub fn side_total(&self, seat: Seat) -> u32 {
        self.row(seat).iter().map(|&c| c as u32).sum()
    }

    /// Every stone on the board, score piles included.
    pub fn total_stones(&self) -> u32 {
        self.piles.iter().chain(&self.stores).map(|&c| c as u32).sum()
    }

    /// Whether the game is over: every pile is empty.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.word() == 0
    }

    /// The result once the game is over: the higher score pile wins, by the
    /// difference. Inlined into the search, which asks at every leaf; the
    /// rare finished game is scored out of line.
    #[inline]
    pub(crate) fn finished_outcome(&self) -> Option<Outcome> {
        if self.is_over() { Some(self.final_score()) } else { None }
    }

    /// The outcome by the score piles.
    #[inline(never)]
    fn final_score(&self) -> Outcome {
        Outcome::from_scores(self.store(Seat::FIRST) as i64, self.store(Seat::SECOND) as i64)
    }

    /// The pile array as one number, byte `i` of the array in bits
    /// `8i..8i+8`.
    #[inline]
    pub(crate) fn word(&self) -> u128 {
        u128::from_le_bytes(self.piles)
    }

    #[inline]
    pub(crate) fn set_word(&mut self, word: u128) {
        self.piles = word.to_le_bytes();
    }

    /// The byte where `seat`'s pile 1 is: the side to move comes first.
    #[inline]
    pub(crate) fn row_start(&self, seat: Seat) -> usize {
        row_start(self.rules.pits, seat, self.to_move)
    }
}

/// Shows the position in its text form, not the turned array.
impl fmt::Debug for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stones")
            .field("position", &self.format_position())
            .field("rules", &self.rules.summary())
            .finish()
    }
}

/// The byte where `seat`'s pile 1 is when `to_move` is to move.
pub(crate) fn row_start(pits: u8, seat: Seat, to_move: Seat) -> usize {
    if seat == to_move { 0 } else { pits as usize }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_lie_in_pile_order_the_mover_s_first() {
        let rules = StonesRules::default();
        let game = Stones::parse_position(&rules, "1 2 3 4 5 6 [0] / 7 8 9 10 11 12 [0] : second").unwrap();
        assert_eq!(game.piles[..12], [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6]);
        assert_eq!(game.row(Seat::FIRST), &[1, 2, 3, 4, 5, 6]);
        assert_eq!(game.pile(Pit { owner: Seat::SECOND, pile: 2 }), 8);
        assert_eq!(game.pile(Pit { owner: Seat::SECOND, pile: 7 }), 0);
        assert_eq!(game.piles[12..], [0; 4], "bytes past the last pile stay zero");
        let shown = format!("{game:?}");
        assert!(shown.contains("1 2 3 4 5 6 [0] / 7 8 9 10 11 12 [0] : second"), "{shown}");
    }
}
