//! The position: every pile and both score piles in one fixed array, the
//! seat to move and the rules.
//!
//! # Layout
//!
//! The board is a ring of `2 * pits + 2` slots, numbered so that sowing
//! (clockwise on the board) always steps to the next *lower* slot:
//!
//! ```text
//! slot 0             Player One's score pile (left end)
//! slots 1..=pits     Player One's piles 1..=pits (bottom row, left to right)
//! slot pits+1        Player Two's score pile (right end)
//! slots pits+2..     Player Two's piles 1..=pits (top row, right to left)
//! ```
//!
//! So a side's piles sit in pile order, pile 1 next to its owner's score
//! pile; sowing from Player One's pile 3 drops into piles 2 and 1, then the
//! score pile (slot 0), then wraps to the top of the ring: Player Two's pile
//! `pits`, and so on. The pit opposite slot `s` is slot `ring_len - s`.

use crate::rules::{MAX_PITS, StonesRules};
use game_core::{Outcome, Seat};

/// The most slots a ring can have: 8 piles a side and two score piles.
pub(crate) const MAX_RING: usize = 2 * MAX_PITS as usize + 2;

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
/// It is a fixed array of counts, a copy of the rules and the seat to
/// move, so `Clone` is a plain memory copy. A position is always either in
/// play, with stones on both sides, or over, with every pile empty (the
/// end sweep has banked the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stones {
    pub(crate) ring: [u8; MAX_RING],
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
        let first = store_slot(self.rules.pits, seat) + 1;
        &self.ring[first..first + self.rules.pits as usize]
    }

    /// The stones in one pile; 0 for a pile that does not exist.
    pub fn pile(&self, pit: Pit) -> u8 {
        match pit.pile {
            1..=MAX_PITS if pit.pile <= self.rules.pits => self.ring[pit_slot(self.rules.pits, pit)],
            _ => 0,
        }
    }

    /// The stones in `seat`'s score pile.
    pub fn store(&self, seat: Seat) -> u8 {
        self.ring[store_slot(self.rules.pits, seat)]
    }

    /// The stones on `seat`'s side (not counting the score pile).
    pub fn side_total(&self, seat: Seat) -> u32 {
        self.row(seat).iter().map(|&c| c as u32).sum()
    }

    /// Every stone on the board, score piles included.
    pub fn total_stones(&self) -> u32 {
        self.ring[..self.ring_len()].iter().map(|&c| c as u32).sum()
    }

    /// Whether the game is over: every pile is empty.
    pub fn is_over(&self) -> bool {
        self.row(Seat::FIRST).iter().all(|&c| c == 0) && self.row(Seat::SECOND).iter().all(|&c| c == 0)
    }

    /// The result once the game is over: the higher score pile wins, by the
    /// difference.
    pub(crate) fn finished_outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::from_scores(self.store(Seat::FIRST) as i64, self.store(Seat::SECOND) as i64))
    }

    pub(crate) fn ring_len(&self) -> usize {
        ring_len(self.rules.pits)
    }

    /// The place a ring slot stands for.
    pub(crate) fn place(&self, slot: usize) -> Place {
        place_of(self.rules.pits, slot)
    }
}

pub(crate) fn ring_len(pits: u8) -> usize {
    2 * pits as usize + 2
}

pub(crate) fn store_slot(pits: u8, seat: Seat) -> usize {
    seat.index() * (pits as usize + 1)
}

pub(crate) fn pit_slot(pits: u8, pit: Pit) -> usize {
    store_slot(pits, pit.owner) + pit.pile as usize
}

pub(crate) fn place_of(pits: u8, slot: usize) -> Place {
    let side = pits as usize + 1;
    let owner = if slot < side { Seat::FIRST } else { Seat::SECOND };
    match slot % side {
        0 => Place::Store(owner),
        pile => Place::Pit(Pit { owner, pile: pile as u8 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_puts_each_row_in_pile_order() {
        let pits = 6;
        assert_eq!(ring_len(pits), 14);
        assert_eq!(store_slot(pits, Seat::FIRST), 0);
        assert_eq!(store_slot(pits, Seat::SECOND), 7);
        assert_eq!(pit_slot(pits, Pit { owner: Seat::FIRST, pile: 1 }), 1);
        assert_eq!(pit_slot(pits, Pit { owner: Seat::SECOND, pile: 6 }), 13);
        for slot in 0..ring_len(pits) {
            match place_of(pits, slot) {
                Place::Store(seat) => assert_eq!(store_slot(pits, seat), slot),
                Place::Pit(pit) => assert_eq!(pit_slot(pits, pit), slot),
            }
        }
    }

    #[test]
    fn opposite_pits_face_each_other_across_the_board() {
        // Player One's pile 1 (bottom left) faces Player Two's pile `pits`
        // (top left): slot s faces slot ring_len - s.
        for pits in 3..=8u8 {
            let len = ring_len(pits);
            for pile in 1..=pits {
                let mine = pit_slot(pits, Pit { owner: Seat::FIRST, pile });
                let theirs = pit_slot(pits, Pit { owner: Seat::SECOND, pile: pits + 1 - pile });
                assert_eq!(len - mine, theirs);
                assert_eq!(len - theirs, mine);
            }
        }
    }
}
