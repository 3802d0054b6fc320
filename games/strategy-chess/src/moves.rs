//! A move of Strategy Chess: a piece's square and where it goes (or the
//! square of the piece it strikes).

use crate::square::Square;
use serde::{Deserialize, Serialize};

/// A move: the piece on `from` goes to (or strikes) `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The moving piece's square.
    pub from: Square,
    /// Where it goes, or the square of the piece it strikes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}
