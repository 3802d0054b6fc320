//! Moves, the rules that refuse them, and their notation.
//!
//! A move is a sowing, written as its pile number 1..=pits counted from the
//! mover's own left as they face the board. Both score piles are on their
//! owners' left, so pile 1 is always the one next to the mover's own score
//! pile. A turn with free turns is a sequence of sowings, one ply each:
//! `3 5 1`.

use crate::board::Stones;
use game_core::NotationError;
use thiserror::Error;

/// A sowing: the mover lifts pile `pile` (1..=pits, from their own left)
/// and sows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sow {
    /// The pile number, 1..=pits, counted from the mover's own left.
    pub pile: u8,
}

impl Sow {
    /// Sows pile `pile` of the mover.
    pub const fn pile(pile: u8) -> Self {
        Sow { pile }
    }
}

/// Why a sowing is refused. The `Display` text is the reason printed by
/// `boardsuite verify`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StonesViolation {
    /// The game is over: a side ran empty and the board was swept.
    #[error("the game is over")]
    GameOver,
    /// There is no pile with that number.
    #[error("no pile {pile}: piles are numbered 1..={pits} from the mover's left")]
    NoSuchPile {
        /// The pile asked for.
        pile: u8,
        /// How many piles a side has.
        pits: u8,
    },
    /// A sowing starts from a pile holding stones.
    #[error("pile {pile} is empty: a sowing starts from a pile with stones")]
    EmptyPile {
        /// The empty pile.
        pile: u8,
    },
}

impl Stones {
    pub(crate) fn check_sow(&self, mv: Sow) -> Result<(), StonesViolation> {
        if self.is_over() {
            return Err(StonesViolation::GameOver);
        }
        if mv.pile == 0 || mv.pile > self.rules.pits {
            return Err(StonesViolation::NoSuchPile { pile: mv.pile, pits: self.rules.pits });
        }
        if self.row(self.to_move)[mv.pile as usize - 1] == 0 {
            return Err(StonesViolation::EmptyPile { pile: mv.pile });
        }
        Ok(())
    }

    /// Reads a pile number. Numbers past this board's piles still read, so
    /// that [`game_core::Game::check_move`] can say why they are refused.
    pub(crate) fn read_sow(&self, text: &str) -> Result<Sow, NotationError> {
        let expected = || format!("a pile number 1..={}", self.rules.pits);
        let trimmed = text.trim();
        // Digits only: `+3` parses as a number but is not how a pile is written.
        if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotationError::new(expected(), text));
        }
        match trimmed.parse::<u8>() {
            Ok(pile) if pile > 0 => Ok(Sow { pile }),
            _ => Err(NotationError::new(expected(), text)),
        }
    }
}
