//! Why a move is refused.

use crate::rank::{Colour, Rank};
use crate::square::Square;
use thiserror::Error;

/// A move the rules refuse, naming the rule. Its `Display` is the REASON
/// `boardsuite verify` prints.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// It is the other player's turn (from a view).
    #[error("it is {0}'s turn")]
    NotYourTurn(Colour),
    /// There is no piece on the square moved from.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece belongs to the other player.
    #[error("the piece on {square} is {owner}'s, and {to_move} is to move")]
    NotYourPiece {
        /// The square moved from.
        square: Square,
        /// Whose piece it is.
        owner: Colour,
        /// Who is to move.
        to_move: Colour,
    },
    /// Bombs and the Flag never move.
    #[error("a {0} never moves")]
    Immovable(Rank),
    /// A move goes straight along a file or a rank.
    #[error("{from}-{to} is not a straight move along a file or a rank")]
    NotStraight {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// Nothing enters a lake.
    #[error("{0} is a lake: nothing may enter it")]
    Lake(Square),
    /// A piece never moves onto its own side's piece.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    /// Only Scouts move more than one square, and only when `scouts` allows.
    #[error("only a Scout moves more than one square (scouts = {rule})")]
    TooFar {
        /// The `scouts` option in force.
        rule: &'static str,
    },
    /// A Scout's path must be empty: it never passes pieces or lakes.
    #[error("the path to {to} is blocked at {blocked}: a Scout never passes pieces or lakes")]
    PathBlocked {
        /// The target.
        to: Square,
        /// The first square in the way.
        blocked: Square,
    },
    /// With `scouts = "long-no-strike"` a Scout strikes only from next door.
    #[error("scouts = long-no-strike: a Scout strikes only from the square next to its target")]
    ScoutStrikeFromAfar,
    /// `two_square_rule`.
    #[error(
        "two_square_rule: the piece on {from} may not move back and forth between {a} and {b} more than three times in a row"
    )]
    TwoSquare {
        /// The piece's square.
        from: Square,
        /// One end of the squares it moved between.
        a: Square,
        /// The other end.
        b: Square,
    },
    /// `more_square_rule`.
    #[error("more_square_rule: {from}-{to} would repeat a position of the chase of the piece on {target}")]
    MoreSquare {
        /// The chasing piece's square.
        from: Square,
        /// Where it would go.
        to: Square,
        /// The chased piece's square.
        target: Square,
    },
}
