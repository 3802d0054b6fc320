//! The wire protocol: newline-delimited JSON, one message per line.
//!
//! Every message is a serde tagged enum (`{"type": "move", ...}`). The
//! messages are generic over the game: a game travels by its name, its
//! rules, setups and views as JSON values produced by generic code for the
//! concrete game type, and its moves in the game's notation.
//!
//! A session starts with a handshake: the client's first line is
//! [`ClientMessage::Hello`] with [`PROTOCOL_VERSION`]; the server answers
//! [`ServerMessage::Welcome`], or [`ServerMessage::Refused`] and closes.
//!
//! A session, `>` from client A, `<` to it (seat tokens shortened):
//!
//! ```text
//! > {"type":"hello","protocol":1,"program":"boardsuite 0.1.0"}
//! < {"type":"welcome","protocol":1,"server":"boardsuite 0.1.0"}
//! > {"type":"create","game":"nim","rules":{"heaps":[2,1],"max_take":2}}
//! < {"type":"seated","game":"nim","code":"YG59QZ","seat":0,"token":"02d6…","rules":{…},"setup_required":false}
//! < {"type":"opponent_joined","seat":1}                      (B sent join YG59QZ)
//! < {"type":"view","ply":0,"to_move":0,"view":{"position":"2 1 : first","rules":{…},"seat":0}}
//! > {"type":"move","ply":0,"notation":"1-2"}
//! < {"type":"move_played","seat":0,"ply":0,"notation":"1-2"}
//! < {"type":"view","ply":1,"to_move":0,"view":{"position":"0 1 : first",…}}   (a free turn)
//! > {"type":"move","ply":0,"notation":"2-1"}
//! < {"type":"error","kind":"wrong_ply","reason":"wrong ply: expected 1, got 0"}
//! ```
//!
//! ```
//! use headless::protocol::{ClientMessage, decode_client, encode};
//! let line = encode(&ClientMessage::Move { ply: 3, notation: "2-1".into() }).unwrap();
//! assert_eq!(line, r#"{"type":"move","ply":3,"notation":"2-1"}"#);
//! assert_eq!(decode_client(&line).unwrap(), ClientMessage::Move { ply: 3, notation: "2-1".into() });
//! ```

use game_core::{Finish, Outcome, Seat};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

/// The port `boardsuite serve` listens on by default.
pub const DEFAULT_PORT: u16 = 7878;

/// The protocol version this program speaks. A server refuses a client
/// whose version differs.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line the server accepts from a client, in bytes, newline
/// excluded.
pub const MAX_LINE: usize = 64 * 1024;

/// The longest line a client accepts from the server, in bytes: a whole
/// view after a reconnect carries the game's full public history (for
/// Strategy Chess up to its 10 000-ply limit, well under this).
pub const MAX_SERVER_LINE: usize = 8 << 20;

/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// This program's name and version, sent in the handshake.
pub fn program_version() -> String {
    format!("boardsuite {}", env!("CARGO_PKG_VERSION"))
}

/// A line from a client to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first line of every session.
    Hello {
        /// [`PROTOCOL_VERSION`] of the client.
        protocol: u32,
        /// The client program and its version, e.g. `boardsuite 0.1.0`.
        program: String,
    },
    /// Opens a new game and takes a seat in it.
    Create {
        /// The game's name, as on the command line (`stones`).
        game: String,
        /// The game's rules table as JSON; `null` or missing for the
        /// defaults.
        #[serde(default)]
        rules: Value,
        /// The seat wanted; the first seat if missing.
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Takes the free seat of a game opened by someone else.
    Join {
        /// The game code the creator was given.
        code: String,
    },
    /// Takes back a seat after a lost connection.
    Reconnect {
        /// The game code.
        code: String,
        /// The seat token from [`ServerMessage::Seated`].
        token: String,
    },
    /// The seat's setup (games with a setup phase), as the game's JSON.
    Setup {
        /// The setup.
        setup: Value,
    },
    /// A move, in the game's notation, for ply `ply`.
    Move {
        /// The ply the move is meant for (the number of plies played).
        ply: usize,
        /// The move in the game's notation.
        notation: String,
    },
    /// Gives up the game.
    Resign,
    /// Offers a draw; it lapses with the next move.
    OfferDraw,
    /// Accepts the opponent's standing draw offer.
    AcceptDraw,
    /// A chat line for the opponent.
    Chat {
        /// The text, at most [`MAX_CHAT_CHARS`] characters.
        text: String,
    },
    /// Claims the game after the opponent's grace period ran out.
    ClaimAbandoned,
    /// Keeps the connection alive; answered by [`ServerMessage::Pong`].
    Ping {
        /// Echoed back.
        #[serde(default)]
        nonce: u64,
    },
}

/// A line from the server to a client. Everything about the game is built
/// from the recipient's own view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The handshake succeeded.
    Welcome {
        /// The server's [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The server program and its version.
        server: String,
    },
    /// The server will not talk to this client; it closes the connection.
    Refused {
        /// Why, in words.
        reason: String,
    },
    /// The client holds a seat in a game.
    Seated {
        /// The game's name.
        game: String,
        /// The game code, to give to the opponent.
        code: String,
        /// The seat taken.
        seat: Seat,
        /// The secret that takes the seat back after a lost connection.
        token: String,
        /// The rules the game is played under.
        rules: Value,
        /// Whether the server waits for this seat's setup.
        setup_required: bool,
    },
    /// Another player took a seat.
    OpponentJoined {
        /// Their seat.
        seat: Seat,
    },
    /// This seat's setup was accepted.
    SetupAccepted,
    /// The recipient's view of the game, after every change.
    View {
        /// Plies played so far: the ply the next move must carry.
        ply: usize,
        /// The seat to move.
        to_move: Seat,
        /// The game's view for this seat, as JSON. With `history_from`,
        /// its `history` holds only the events from that index on (see
        /// [`crate::net::view_trail`]); [`crate::net::client::Client`] hands views on
        /// whole.
        view: Value,
        /// Where the view's `history` continues what this connection was
        /// sent before; absent when the view is whole.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        history_from: Option<usize>,
        /// How the game ended, in the last view of a game the rules ended;
        /// absent while it goes on. When present nobody is to move, whatever
        /// `to_move` says (a client waits for `game_over`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outcome: Option<Outcome>,
    },
    /// A move was played.
    MovePlayed {
        /// Who played it.
        seat: Seat,
        /// Its ply number (0 for the first move).
        ply: usize,
        /// The move in public notation.
        notation: String,
    },
    /// The moves played so far, sent on reconnect.
    History {
        /// Every move, in order.
        moves: Vec<PublicMove>,
    },
    /// The game has ended.
    GameOver {
        /// How it ended.
        ending: Ending,
        /// The result.
        outcome: Outcome,
    },
    /// A command was refused; the game is unchanged.
    Error {
        /// What kind of refusal.
        kind: ErrorKind,
        /// Why, in words.
        reason: String,
    },
    /// A chat line from another seat.
    Chat {
        /// Who wrote it.
        from: Seat,
        /// The text.
        text: String,
    },
    /// A seat lost its connection. After `grace_ms` the others may claim
    /// the game.
    OpponentDisconnected {
        /// The seat that left.
        seat: Seat,
        /// How long it has to come back, in milliseconds.
        grace_ms: u64,
    },
    /// A seat came back.
    OpponentReconnected {
        /// The seat.
        seat: Seat,
    },
    /// A seat offers a draw.
    DrawOffered {
        /// Who offers.
        by: Seat,
    },
    /// The answer to [`ClientMessage::Ping`].
    Pong {
        /// The ping's nonce.
        nonce: u64,
    },
}

/// A move as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicMove {
    /// Who played it.
    pub seat: Seat,
    /// The move in public notation.
    pub notation: String,
}

/// How a game ended, on the wire (game-core's [`Finish`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "snake_case")]
pub enum Ending {
    /// The rules ended it.
    Rules,
    /// A seat resigned.
    Resigned {
        /// Who resigned.
        seat: Seat,
    },
    /// Both agreed to a draw.
    DrawAgreed,
    /// A seat left and the other claimed the game.
    Abandoned {
        /// Who left.
        seat: Seat,
    },
}

impl From<Finish> for Ending {
    fn from(finish: Finish) -> Self {
        match finish {
            Finish::Rules(_) => Ending::Rules,
            Finish::Resigned(seat) => Ending::Resigned { seat },
            Finish::DrawAgreed => Ending::DrawAgreed,
            Finish::Abandoned(seat) => Ending::Abandoned { seat },
        }
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Rules => f.write_str("by the rules"),
            Ending::Resigned { seat } => write!(f, "{seat} resigned"),
            Ending::DrawAgreed => f.write_str("draw agreed"),
            Ending::Abandoned { seat } => write!(f, "{seat} abandoned"),
        }
    }
}

/// What kind of command was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The line is not a message of this protocol.
    Protocol,
    /// The line is longer than [`MAX_LINE`]; the connection closes.
    LineTooLong,
    /// The client took too long; the connection closes.
    Timeout,
    /// The command needs a seat, and this connection holds none.
    NotSeated,
    /// This connection already holds a seat.
    AlreadySeated,
    /// No game has that name, or it is not available yet.
    UnknownGame,
    /// No game has that code.
    NoSuchGame,
    /// Every seat of the game is taken.
    GameFull,
    /// The rules are not valid for the game.
    BadRules,
    /// The setup is not valid, or not wanted now.
    BadSetup,
    /// The seat token does not match.
    BadToken,
    /// The game has not started (seats or setups missing).
    NotStarted,
    /// It is another seat's turn.
    NotYourTurn,
    /// The command carried the wrong ply (stale or replayed).
    WrongPly,
    /// The move could not be read.
    Notation,
    /// The rules forbid the move.
    Illegal,
    /// The game is over.
    GameOver,
    /// There is no draw offer to accept.
    NoDrawOffer,
    /// The opponent is connected, or never sat down: nothing to claim.
    NotAbandoned,
    /// The opponent's grace period has not run out yet.
    TooEarly,
    /// The chat line is too long or empty.
    BadChat,
    /// The server is full or stopping.
    Busy,
}

/// A line that is not a valid message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a protocol message: {0}")]
pub struct ProtocolError(pub String);

/// Writes a message as one line of JSON (without the newline).
pub fn encode<M: Serialize>(message: &M) -> Result<String, ProtocolError> {
    serde_json::to_string(message).map_err(|e| ProtocolError(e.to_string()))
}

fn decode<M: DeserializeOwned>(line: &str) -> Result<M, ProtocolError> {
    serde_json::from_str(line).map_err(|e| ProtocolError(e.to_string()))
}

/// Reads a line a client sent.
pub fn decode_client(line: &str) -> Result<ClientMessage, ProtocolError> {
    decode(line)
}

/// Reads a line the server sent.
pub fn decode_server(line: &str) -> Result<ServerMessage, ProtocolError> {
    decode(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_as_tagged_json() {
        let messages = vec![
            ServerMessage::Seated {
                game: "nim".into(),
                code: "ABC234".into(),
                seat: Seat::SECOND,
                token: "t".into(),
                rules: serde_json::json!({"max_take": 3}),
                setup_required: false,
            },
            ServerMessage::GameOver {
                ending: Ending::Resigned { seat: Seat::FIRST },
                outcome: Outcome::win(Seat::SECOND, 0),
            },
            ServerMessage::Error { kind: ErrorKind::WrongPly, reason: "wrong ply".into() },
        ];
        for m in messages {
            let line = encode(&m).unwrap();
            assert!(!line.contains('\n'));
            assert_eq!(decode_server(&line).unwrap(), m);
        }
        let line = encode(&ClientMessage::Resign).unwrap();
        assert_eq!(line, r#"{"type":"resign"}"#);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for line in
            ["", "{", "null", "[]", r#"{"type":"fly"}"#, r#"{"type":"move","ply":-1,"notation":"1-1"}"#]
        {
            assert!(decode_client(line).is_err(), "{line}");
        }
        // Missing optional fields take their defaults.
        assert_eq!(
            decode_client(r#"{"type":"create","game":"nim"}"#).unwrap(),
            ClientMessage::Create { game: "nim".into(), rules: Value::Null, seat: None }
        );
    }
}
