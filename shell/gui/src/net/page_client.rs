//! The network client a web page's bridge drives: headless's
//! [`PolledClient`] over the browser's WebSocket ([`PageSocket`]), timed
//! by the page's clock.

use crate::clock::Instant;
use crate::net::connection::{Connection, Dial};
use crate::web::socket::PageSocket;
use headless::net::client::polled::PolledClient;
use headless::net::client::{ClientConfig, ClientEvent};
use headless::protocol::ClientMessage;
use std::time::Duration;

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
