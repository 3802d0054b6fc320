//! Why a report of the manager does not fit the bot's record of the game.

use super::Need;
use crate::cli::ucc::wire::{Outcome, SIZE, WireMove};
use game_core::SetupError;
use strategy_chess::{Colour, Move, Rank, Square, Violation};
use thiserror::Error;

/// A move, a board or a first position the record cannot take. On such an
/// error the record is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TrackerError {
    /// The setups do not start a game.
    #[error(transparent)]
    Start(#[from] SetupError),
    /// A move by the side the record does not have to move.
    #[error("a move by {mover}, but the record has {to_move} to move")]
    OutOfTurn {
        /// Who the manager says moved.
        mover: Colour,
        /// Who the record has to move.
        to_move: Colour,
    },
    /// A move that ends off the board.
    #[error("`{}` leaves the board", .0.text())]
    OffBoard(WireMove),
    /// A move the rules refuse.
    #[error("`{}` is refused by the rules: {violation}", .wire_move.text())]
    Refused {
        /// The move as the manager wrote it.
        wire_move: WireMove,
        /// The rule it breaks.
        #[source]
        violation: Violation,
    },
    /// The rules resolve the battle otherwise than the manager said.
    #[error("the rules here resolve {mv:?} differently from the manager ({outcome:?})")]
    Clash {
        /// The move.
        mv: Move,
        /// The manager's outcome.
        outcome: Outcome,
    },
    /// Not ten board lines.
    #[error("{found} board lines, expected {SIZE}")]
    BoardLines {
        /// How many there were.
        found: usize,
    },
    /// A board line that is not ten characters.
    #[error("board line {y} `{text}` is not {SIZE} characters")]
    BoardLineWidth {
        /// The row, from 0.
        y: usize,
        /// The line as sent (trailing spaces dropped).
        text: String,
    },
    /// The first square where the record and the manager's board differ.
    #[error("at {x} {y} the record has `{ours}` but the manager sent `{theirs}`")]
    Differs {
        /// The column, from 0.
        x: usize,
        /// The row, from 0.
        y: usize,
        /// The record's character.
        ours: char,
        /// The manager's character.
        theirs: char,
    },
    /// An enemy piece (`#`) beyond the board.
    #[error("`#` off the board at {x} {y}")]
    EnemyOffBoard {
        /// The column, from 0.
        x: usize,
        /// The row, from 0.
        y: usize,
    },
    /// The first board shows another number of enemy pieces than the army.
    #[error("the board shows {shown} enemy pieces at the start, the army has {army}")]
    EnemyCount {
        /// Enemy pieces on the board.
        shown: usize,
        /// Pieces in the army.
        army: usize,
    },
    /// An enemy piece that starts outside the enemy's setup rows.
    #[error("an enemy piece starts on {square}, outside its rows")]
    OutsideRows {
        /// Where it starts.
        square: Square,
    },
    /// A move from or onto an empty square of the record.
    #[error("no piece on {square} in the record")]
    NoPiece {
        /// The square.
        square: Square,
    },
    /// A revealed piece that the move says is something else.
    #[error("the piece on {square} was shown to be a {rank:?}, not {need:?}")]
    Revealed {
        /// Where it stands.
        square: Square,
        /// What a battle showed it to be.
        rank: Rank,
        /// What the move says it is.
        need: Need,
    },
    /// The enemy's hidden pieces hold no more of a rank.
    #[error("the enemy has no hidden {rank:?} left for {square}")]
    NoHiddenRank {
        /// The rank wanted.
        rank: Rank,
        /// The square it is wanted for.
        square: Square,
    },
    /// Bombs or the Flag left with no unmoved piece to stand on.
    #[error("no unmoved enemy piece is left for a Bomb or the Flag once {square} moved")]
    NoStillPiece {
        /// The piece that moved.
        square: Square,
    },
    /// No hidden piece holds a rank to swap in.
    #[error("cannot deal a {rank:?} to {square}")]
    CannotDeal {
        /// The rank wanted.
        rank: Rank,
        /// The square it is wanted for.
        square: Square,
    },
}
