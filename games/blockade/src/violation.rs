//! Why a move is refused.

use crate::square::Square;
use thiserror::Error;

/// The rule a refused move breaks. Its `Display` is the REASON that
/// `boardsuite verify` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum BlockadeViolation {
    /// The player to move has no legal move, or the board is full.
    #[error("the game is over")]
    GameOver,
    /// The square lies beyond this board (like `j10` on 8x8).
    #[error("{square} is off the {size}x{size} board")]
    OffBoard {
        /// The square asked for.
        square: Square,
        /// The board's side.
        size: u8,
    },
    /// A stone already stands on the square.
    #[error("{square} is occupied")]
    Occupied {
        /// The square asked for.
        square: Square,
    },
    /// A move must touch one of the mover's own stones.
    #[error("{square} is not next to a stone of yours")]
    NoOwnNeighbour {
        /// The square asked for.
        square: Square,
    },
    /// A move must touch one of the opponent's stones.
    #[error("{square} is not next to an opponent's stone")]
    NoEnemyNeighbour {
        /// The square asked for.
        square: Square,
    },
}
