//! The slot for a seat played on another computer.
//!
//! In network play the referee lives in the server, so the play screen
//! holds no full position at all: the network layer hands it a
//! [`RemoteLink`], sends [`RemoteEvent`]s (each carrying this seat's fresh
//! view) and receives the local player's [`LocalEvent`]s. The screen then
//! works exactly as in a local match, drawn from the view it was given.

use game_core::{Finish, Observe, Outcome, Seat};
use headless::record::SeatLog;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The record of what this seat saw, kept by the network layer and read by
/// the screen when the player saves.
pub type SharedLog = Arc<Mutex<SeatLog>>;

/// A move as the far side reports it: public facts only.
#[derive(Clone, Debug, PartialEq)]
pub struct RemoteMove<M> {
    /// Who played it.
    pub seat: Seat,
    /// The move, if this seat may know it as a value (for the last-move
    /// mark and the animation).
    pub mv: Option<M>,
    /// The move in public notation, for the move list.
    pub notation: String,
}

/// What the network layer tells the play screen.
#[derive(Clone, Debug)]
pub enum RemoteEvent<G: Observe> {
    /// The game moved on: a move was played (by either seat), or nothing
    /// was (a resent view after reconnecting). `view` is this seat's view
    /// after it.
    Update {
        /// This seat's view now.
        view: G::View,
        /// The move just played, if any.
        played: Option<RemoteMove<G::Move>>,
    },
    /// The game is over.
    Finished {
        /// This seat's final view.
        view: G::View,
        /// The result.
        outcome: Outcome,
        /// How it ended.
        finish: Finish,
    },
    /// A command of the local player was refused by the server.
    Refused {
        /// Why, in words.
        reason: String,
        /// Whether it was a move (the player may move again).
        was_move: bool,
    },
    /// A chat line from the opponent.
    Chat {
        /// Who wrote it.
        from: Seat,
        /// The text.
        text: String,
    },
    /// The opponent offers a draw (until the next move).
    DrawOffered {
        /// Who offers.
        by: Seat,
    },
    /// A seat lost its connection; after `grace` the game may be claimed.
    OpponentLeft {
        /// The seat.
        seat: Seat,
        /// How long it has to come back.
        grace: Duration,
    },
    /// The seat that lost its connection is back.
    OpponentBack {
        /// The seat.
        seat: Seat,
    },
    /// Something for the player to read ("the opponent is reconnecting").
    Notice(String),
    /// The connection is gone for good.
    Closed {
        /// Why, in words.
        reason: String,
    },
}

/// What the play screen asks the network layer to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocalEvent<M> {
    /// The local player moves at ply `ply` (the number of moves played
    /// before it).
    Move {
        /// The ply the move is for.
        ply: usize,
        /// The move.
        mv: M,
    },
    /// The local player resigns.
    Resign,
    /// A chat line for the opponent.
    Chat(String),
    /// Offer a draw.
    OfferDraw,
    /// Accept the opponent's offer.
    AcceptDraw,
    /// Claim the game: the opponent's grace period ran out.
    Claim,
    /// The local player left the screen.
    Leave,
}

/// The channels between a play screen and the network layer.
pub struct RemoteLink<G: Observe> {
    /// The seat played at this computer.
    pub seat: Seat,
    /// This seat's view at the start.
    pub view: G::View,
    /// Moves already played when the screen opens (rejoining), oldest
    /// first.
    pub history: Vec<RemoteMove<G::Move>>,
    /// Events from the network layer.
    pub incoming: Receiver<RemoteEvent<G>>,
    /// Events for the network layer.
    pub outgoing: Sender<LocalEvent<G::Move>>,
    /// What this seat saw, for saving.
    pub log: SharedLog,
}
