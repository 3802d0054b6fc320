//! A client without threads, polled by its owner (a web page's frame
//! loop) over a [`MessageSocket`] that carries one protocol line a
//! message (a browser's WebSocket). It speaks the protocol as the threaded
//! [`super::Client`] does, with the same [`Inbound`] and [`Outbound`]: the
//! hello once the socket opens, commands once welcomed, a ping whenever
//! nothing was sent for the ping interval, every view made whole. Time is
//! whatever its owner says it is.

use super::inbound::Inbound;
use super::outbound::Outbound;
use super::{ClientConfig, ClientEvent, ConnectionError};
use crate::protocol::{ClientMessage, MAX_SERVER_LINE, encode};
use std::collections::VecDeque;
use std::io;
use std::time::Duration;

/// Where a [`MessageSocket`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketState {
    /// Opening.
    Connecting,
    /// Open: messages go both ways.
    Open,
    /// Closed (or never opened), with why in words.
    Closed(String),
}

/// A connection that carries whole messages, polled: it never blocks.
pub trait MessageSocket {
    /// Where the socket is. Messages received before it closed are still
    /// handed out by [`MessageSocket::receive`].
    fn state(&self) -> SocketState;
    /// Sends one message; false if the socket cannot take it.
    fn send(&mut self, text: &str) -> bool;
    /// The next message received, if one waits.
    fn receive(&mut self) -> Option<String>;
    /// Closes the socket.
    fn close(&mut self);
}

/// A connection to a referee server, driven by [`PolledClient::poll`].
#[derive(Debug)]
pub struct PolledClient<S: MessageSocket> {
    socket: S,
    addr: String,
    config: ClientConfig,
    inbound: Inbound,
    outbound: Outbound,
    /// Commands queued before the welcome.
    waiting: VecDeque<ClientMessage>,
    events: VecDeque<ClientEvent>,
    greeted: bool,
    started: Duration,
    last_heard: Duration,
    ended: bool,
}

impl<S: MessageSocket> PolledClient<S> {
    /// A client on `socket` (opening, to `addr`, named in errors), started
    /// at `now`.
    pub fn new(socket: S, addr: &str, config: ClientConfig, now: Duration) -> Self {
        let outbound = Outbound::new(config.ping_interval, now);
        PolledClient {
            socket,
            addr: addr.to_string(),
            config,
            inbound: Inbound::new(),
            outbound,
            waiting: VecDeque::new(),
            events: VecDeque::new(),
            greeted: false,
            started: now,
            last_heard: now,
            ended: false,
        }
    }

    /// Queues a message for the server (sent at the next poll once
    /// welcomed); false once the connection is gone.
    pub fn send(&mut self, message: ClientMessage) -> bool {
        if self.ended {
            return false;
        }
        self.waiting.push_back(message);
        true
    }

    /// Closes the connection; a [`ClientEvent::Closed`] follows.
    pub fn close(&mut self) {
        self.end(ConnectionError::Closed);
    }

    /// Whether the last event, [`ClientEvent::Closed`], has been queued.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Drives the connection at `now` and returns the next event, if any.
    /// [`ClientEvent::Closed`] is the last.
    pub fn poll(&mut self, now: Duration) -> Option<ClientEvent> {
        if !self.ended
            && let Err(e) = self.drive(now)
        {
            self.end(e);
        }
        self.events.pop_front()
    }

    fn drive(&mut self, now: Duration) -> Result<(), ConnectionError> {
        match self.socket.state() {
            SocketState::Connecting => {
                if now.saturating_sub(self.started) >= self.config.connect_timeout {
                    return Err(ConnectionError::Connect {
                        addr: self.addr.clone(),
                        source: io::Error::from(io::ErrorKind::TimedOut),
                    });
                }
                return Ok(());
            }
            SocketState::Open if !self.greeted => {
                self.greeted = true;
                self.last_heard = now;
                let hello = encode(&Outbound::hello(&self.config.program))?;
                if !self.socket.send(&hello) {
                    return Err(ConnectionError::Greet(io::Error::from(io::ErrorKind::BrokenPipe)));
                }
            }
            SocketState::Open | SocketState::Closed(_) => {}
        }
        while let Some(text) = self.socket.receive() {
            self.last_heard = now;
            if text.len() > MAX_SERVER_LINE {
                return Err(ConnectionError::LineTooLong);
            }
            if let Some(event) = self.inbound.on_line(&text)? {
                if matches!(event, ClientEvent::Connected { .. }) {
                    // Pings count from the welcome, as commands do.
                    self.outbound = Outbound::new(self.config.ping_interval, now);
                }
                self.events.push_back(event);
            }
        }
        if let SocketState::Closed(reason) = self.socket.state() {
            return Err(if self.greeted {
                ConnectionError::Closed
            } else {
                ConnectionError::Connect { addr: self.addr.clone(), source: io::Error::other(reason) }
            });
        }
        if now.saturating_sub(self.last_heard) >= self.silence_limit() {
            return Err(ConnectionError::Silent);
        }
        if self.inbound.welcomed() {
            self.outbound_lines(now)?;
        }
        Ok(())
    }

    /// As long as the threaded client's read timeout: three ping intervals,
    /// at least a second.
    fn silence_limit(&self) -> Duration {
        self.config.ping_interval.saturating_mul(3).max(Duration::from_secs(1))
    }

    fn outbound_lines(&mut self, now: Duration) -> Result<(), ConnectionError> {
        for message in self.waiting.drain(..) {
            self.outbound.push(message);
        }
        for line in self.outbound.lines_due(now)? {
            if !self.socket.send(&line) {
                return Err(ConnectionError::Lost(io::Error::from(io::ErrorKind::BrokenPipe)));
            }
        }
        Ok(())
    }

    fn end(&mut self, why: ConnectionError) {
        if self.ended {
            return;
        }
        self.ended = true;
        self.socket.close();
        self.events.push_back(ClientEvent::Closed { reason: why.to_string() });
    }
}

#[cfg(test)]
mod tests;
