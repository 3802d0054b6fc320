//! The browser's WebSocket (through the page's script), as the polled
//! [`MessageSocket`] that headless's `PolledClient` drives: one protocol
//! line a message. The client on it is `net::page_client`.

use super::page;
use headless::net::client::polled::{MessageSocket, SocketState};

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
