//! The network client a [`bridge`](super::bridge) drives: the threaded
//! [`Client`] on the desktop, a polled one over the browser's WebSocket in
//! a web page (`net::page_client::PageClient`). Both speak the protocol with
//! headless's shared client logic.

use headless::net::client::{Client, ClientConfig, ClientEvent};
use headless::protocol::ClientMessage;
use std::time::Duration;

/// A connection to a referee server, as the bridge uses it.
pub trait Connection {
    /// Queues a message for the server; false once the connection is gone.
    fn send(&mut self, message: ClientMessage) -> bool;
    /// The next event: waiting up to `wait` for it where the client runs
    /// on its own thread; a polled client looks once.
    fn next_event(&mut self, wait: Duration) -> Option<ClientEvent>;
    /// Closes the connection; a [`ClientEvent::Closed`] follows.
    fn close(&mut self);
}

/// Opens a connection to an address (the bridge opens a new one to
/// reconnect).
pub type Dial<C> = Box<dyn FnMut(&str) -> C + Send>;

impl Connection for Client {
    fn send(&mut self, message: ClientMessage) -> bool {
        Client::send(self, message)
    }

    fn next_event(&mut self, wait: Duration) -> Option<ClientEvent> {
        if wait.is_zero() { self.try_event() } else { Client::next_event(self, wait) }
    }

    fn close(&mut self) {
        Client::close(self);
    }
}

/// The desktop's connections: the threaded client over TCP.
pub fn dial_tcp() -> Dial<Client> {
    Box::new(|addr: &str| Client::connect(addr, ClientConfig::default()))
}
