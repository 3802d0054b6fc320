//! What a client makes of the server's lines, whatever carries them: the
//! handshake's answer first, then messages, each view made whole again
//! (see [`crate::net::view_trail`]). No reading, no clock: the threaded
//! client's reader and the polled client both feed it.

use super::{ClientEvent, ConnectionError};
use crate::net::view_trail::TrailKeeper;
use crate::protocol::{ServerMessage, decode_server};

/// The server's side of one connection, line by line.
#[derive(Debug, Default)]
pub struct Inbound {
    welcomed: bool,
    trail: TrailKeeper,
}

impl Inbound {
    /// A connection whose hello is not answered yet.
    pub fn new() -> Self {
        Inbound::default()
    }

    /// Whether the server has welcomed us.
    pub fn welcomed(&self) -> bool {
        self.welcomed
    }

    /// What one line from the server means: `None` for a blank line, the
    /// event otherwise. An error ends the connection: a line that is not a
    /// message, a refusal of the hello, anything but a welcome first, or a
    /// view that does not continue the history already held.
    pub fn on_line(&mut self, line: &str) -> Result<Option<ClientEvent>, ConnectionError> {
        if line.trim().is_empty() {
            return Ok(None);
        }
        let message = decode_server(line)?;
        if !self.welcomed {
            return match message {
                ServerMessage::Welcome { server, .. } => {
                    self.welcomed = true;
                    Ok(Some(ClientEvent::Connected { server }))
                }
                ServerMessage::Refused { reason } => Err(ConnectionError::Refused(reason)),
                other => Err(ConnectionError::NotWelcomed(format!("{other:?}"))),
            };
        }
        let message = match message {
            ServerMessage::View { ply, to_move, mut view, history_from, outcome } => {
                self.trail.restore(&mut view, history_from)?;
                ServerMessage::View { ply, to_move, view, history_from: None, outcome }
            }
            other => other,
        };
        Ok(Some(ClientEvent::Message(message)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{PROTOCOL_VERSION, encode};

    fn welcome() -> String {
        encode(&ServerMessage::Welcome { protocol: PROTOCOL_VERSION, server: "test 1".into() }).unwrap()
    }

    #[test]
    fn the_welcome_comes_first_then_messages() {
        let mut inbound = Inbound::new();
        assert!(matches!(inbound.on_line("  "), Ok(None)));
        assert_eq!(
            inbound.on_line(&welcome()).unwrap(),
            Some(ClientEvent::Connected { server: "test 1".into() })
        );
        assert!(inbound.welcomed());
        let pong = encode(&ServerMessage::Pong { nonce: 4 }).unwrap();
        assert_eq!(
            inbound.on_line(&pong).unwrap(),
            Some(ClientEvent::Message(ServerMessage::Pong { nonce: 4 }))
        );
        assert!(matches!(inbound.on_line("{not json"), Err(ConnectionError::BadMessage(_))));
    }

    #[test]
    fn a_refusal_or_another_first_message_ends_it() {
        let refused = encode(&ServerMessage::Refused { reason: "full".into() }).unwrap();
        assert!(matches!(Inbound::new().on_line(&refused), Err(ConnectionError::Refused(r)) if r == "full"));
        let pong = encode(&ServerMessage::Pong { nonce: 1 }).unwrap();
        assert!(matches!(Inbound::new().on_line(&pong), Err(ConnectionError::NotWelcomed(_))));
    }
}
