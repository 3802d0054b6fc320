//! Why the session refused what the person asked for, said in words on a
//! toast. Nothing changed when a request is refused.

use game_core::{RefereeError, SetupError};
use thiserror::Error;

/// A refused request of the person at this computer; `V` is the game's
/// rule violation, which the referee names.
#[derive(Debug, Error)]
pub enum Refusal<V: std::error::Error> {
    /// The move is not among the legal moves now.
    #[error("that move is not allowed now")]
    NotAllowedNow,
    /// Another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The network game's connection has closed.
    #[error("the connection is closed")]
    Disconnected,
    /// Chat and draw offers travel only to a remote opponent.
    #[error("only in a network game")]
    OnlyOnline,
    /// Switching to two players at this computer.
    #[error("not in a network game")]
    NotOnline,
    /// A hint or "Play for me" in a network game.
    #[error("the computer does not help in a network game")]
    NoHelpOnline,
    /// An empty chat line.
    #[error("nothing to send")]
    NothingToSend,
    /// A chat line over the protocol's limit.
    #[error("a chat line has at most {0} characters")]
    ChatTooLong(usize),
    /// A second draw offer before a move.
    #[error("you offered a draw already; it stands until the next move")]
    DrawAlreadyOffered,
    /// Accepting when nothing was offered.
    #[error("there is no draw offer to accept")]
    NoDrawOffer,
    /// Claiming a game the opponent may still come back to.
    #[error("the opponent may still come back")]
    OpponentMayReturn,
    /// Undo in a network game.
    #[error("moves cannot be taken back in a network game")]
    NoUndoOnline,
    /// Undo while the computer plays both seats.
    #[error("nothing to take back in a demo")]
    NoUndoInDemo,
    /// Undo before the person has moved.
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    /// A new game of a network match.
    #[error("a network game is started from the host")]
    NewGameFromHost,
    /// The game could not start (its rules or setups).
    #[error(transparent)]
    Start(SetupError),
    /// The referee refused: it names the rule.
    #[error(transparent)]
    Referee(#[from] RefereeError<V>),
}
