//! How a finished game ended.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The result of a finished game: a winner or a draw, and the final margin.
///
/// `margin` is the winner's lead in the game's own units (stones in Stones,
/// points in Blockade; Strategy Chess defines its own). A draw has margin 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// The winner's lead; 0 for a draw.
    pub margin: u32,
}

impl Outcome {
    /// A win for `seat` by `margin`.
    pub const fn win(seat: Seat, margin: u32) -> Self {
        Outcome { winner: Some(seat), margin }
    }

    /// A draw.
    pub const fn draw() -> Self {
        Outcome { winner: None, margin: 0 }
    }

    /// Builds the outcome of a two-seat game from the two final scores:
    /// higher wins, equal draws.
    pub fn from_scores(first: i64, second: i64) -> Self {
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Self::win(Seat::FIRST, (first - second) as u32),
            std::cmp::Ordering::Less => Self::win(Seat::SECOND, (second - first) as u32),
            std::cmp::Ordering::Equal => Self::draw(),
        }
    }

    /// Whether the game was drawn.
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// The margin signed from `seat`'s side: positive if `seat` won,
    /// negative if it lost, 0 for a draw.
    pub fn margin_for(&self, seat: Seat) -> i64 {
        match self.winner {
            None => 0,
            Some(w) if w == seat => self.margin as i64,
            Some(_) => -(self.margin as i64),
        }
    }

    /// +1 if `seat` won, -1 if it lost, 0 for a draw.
    pub fn sign_for(&self, seat: Seat) -> i32 {
        match self.winner {
            None => 0,
            Some(w) if w == seat => 1,
            Some(_) => -1,
        }
    }
}

impl fmt::Display for Outcome {
    /// The `verify` form: `first +M`, `second +M` or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            None => f.write_str("draw"),
            Some(seat) => write!(f, "{seat} +{}", self.margin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_make_outcomes() {
        assert_eq!(Outcome::from_scores(30, 18), Outcome::win(Seat::FIRST, 12));
        assert_eq!(Outcome::from_scores(10, 38), Outcome::win(Seat::SECOND, 28));
        assert_eq!(Outcome::from_scores(24, 24), Outcome::draw());
        let o = Outcome::win(Seat::SECOND, 5);
        assert_eq!(o.margin_for(Seat::SECOND), 5);
        assert_eq!(o.margin_for(Seat::FIRST), -5);
        assert_eq!(o.sign_for(Seat::FIRST), -1);
        assert_eq!(Outcome::draw().margin_for(Seat::FIRST), 0);
        assert_eq!(o.to_string(), "second +5");
        assert_eq!(Outcome::draw().to_string(), "draw");
    }
}
