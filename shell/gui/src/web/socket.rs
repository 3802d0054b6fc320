//! The browser's WebSocket (through the page's script), and the network
//! client a page's bridge drives on it: headless's [`PolledClient`], one
//! protocol line a message, timed by the page's clock.

use super::page;
use crate::clock::Instant;
use crate::net::connection::{Connection, Dial};
use headless::net::client::polled::{MessageSocket, PolledClient, SocketState};
use headless::net::client::{ClientConfig, ClientEvent};
use headless::protocol::ClientMessage;
use std::time::Duration;

/// A WebSocket of the page, known by its number in the script.
#[derive(Debug)]
pub struct PageSocket {
    id: i32,
}

impl PageSocket {
    /// Opens a WebSocket to `url` (`ws://host:port/`).
    pub fn open(url: &str) -> Self {
        PageSocket { id: page::socket_open(url) }
    }
}

impl MessageSocket for PageSocket {
    fn state(&self) -> SocketState {
        match page::socket_state(self.id) {
            0 => SocketState::Connecting,
            1 => SocketState::Open,
            _ => SocketState::Closed(page::socket_reason(self.id)),
        }
    }

    fn send(&mut self, text: &str) -> bool {
        page::socket_send(self.id, text)
    }

    fn receive(&mut self) -> Option<String> {
        page::socket_receive(self.id)
    }

    fn close(&mut self) {
        page::socket_close(self.id);
    }
}

impl Drop for PageSocket {
    fn drop(&mut self) {
        page::socket_close(self.id);
    }
}

/// A connection to a `boardsuite serve` from the page.
#[derive(Debug)]
pub struct PageClient {
    client: PolledClient<PageSocket>,
    origin: Instant,
}

impl PageClient {
    /// Starts connecting to `url`.
    pub fn connect(url: &str) -> Self {
        let origin = Instant::now();
        let client = PolledClient::new(PageSocket::open(url), url, ClientConfig::default(), Duration::ZERO);
        PageClient { client, origin }
    }
}

impl Connection for PageClient {
    fn send(&mut self, message: ClientMessage) -> bool {
        self.client.send(message)
    }

    fn next_event(&mut self, _wait: Duration) -> Option<ClientEvent> {
        self.client.poll(self.origin.elapsed())
    }

    fn close(&mut self) {
        self.client.close();
    }
}

/// The page's connections: a WebSocket to the address, a `ws://` URL.
pub fn dial_websocket() -> Dial<PageClient> {
    Box::new(|url: &str| PageClient::connect(url))
}
