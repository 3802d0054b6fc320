//! What a client sends, whatever carries it: the hello, then the queued
//! commands, and a ping whenever nothing was sent for the ping interval.
//! No writing, no clock: the caller says what time it is (any fixed
//! origin), so the threaded client's writer and the polled client both
//! drive it.

use crate::protocol::{ClientMessage, PROTOCOL_VERSION, ProtocolError, encode};
use std::collections::VecDeque;
use std::time::Duration;

/// The client's side of one connection, after the welcome.
#[derive(Debug)]
pub struct Outbound {
    queue: VecDeque<ClientMessage>,
    ping_interval: Duration,
    last_sent: Duration,
    nonce: u64,
}

impl Outbound {
    /// Nothing queued; the first ping is due `ping_interval` after `now`.
    pub fn new(ping_interval: Duration, now: Duration) -> Self {
        Outbound { queue: VecDeque::new(), ping_interval, last_sent: now, nonce: 0 }
    }

    /// The first message of every session.
    pub fn hello(program: &str) -> ClientMessage {
        ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: program.to_string() }
    }

    /// Queues a message for the next [`Outbound::lines_due`].
    pub fn push(&mut self, message: ClientMessage) {
        self.queue.push_back(message);
    }

    /// How long from `now` until a ping is due, if nothing else is sent.
    pub fn until_ping(&self, now: Duration) -> Duration {
        (self.last_sent + self.ping_interval).saturating_sub(now)
    }

    /// The lines to send at `now`, in order: the queued messages, or a ping
    /// when nothing was sent for the ping interval.
    pub fn lines_due(&mut self, now: Duration) -> Result<Vec<String>, ProtocolError> {
        if self.queue.is_empty() && self.until_ping(now).is_zero() {
            self.nonce += 1;
            self.queue.push_back(ClientMessage::Ping { nonce: self.nonce });
        }
        if self.queue.is_empty() {
            return Ok(Vec::new());
        }
        self.last_sent = now;
        self.queue.drain(..).map(|message| encode(&message)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INTERVAL: Duration = Duration::from_secs(20);

    #[test]
    fn commands_go_in_order_and_put_the_ping_off() {
        let mut out = Outbound::new(INTERVAL, Duration::ZERO);
        assert!(out.lines_due(Duration::from_secs(1)).unwrap().is_empty());
        out.push(ClientMessage::Resign);
        out.push(ClientMessage::OfferDraw);
        let lines = out.lines_due(Duration::from_secs(15)).unwrap();
        assert_eq!(lines, [r#"{"type":"resign"}"#, r#"{"type":"offer_draw"}"#]);
        assert_eq!(out.until_ping(Duration::from_secs(30)), Duration::from_secs(5));
        assert!(out.lines_due(Duration::from_secs(34)).unwrap().is_empty());
    }

    #[test]
    fn a_quiet_client_pings_once_an_interval() {
        let mut out = Outbound::new(INTERVAL, Duration::ZERO);
        assert_eq!(out.lines_due(INTERVAL).unwrap(), [r#"{"type":"ping","nonce":1}"#]);
        assert!(out.lines_due(INTERVAL + Duration::from_secs(19)).unwrap().is_empty());
        assert_eq!(out.lines_due(INTERVAL * 2).unwrap(), [r#"{"type":"ping","nonce":2}"#]);
    }
}
