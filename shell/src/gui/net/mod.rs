//! Network play in the GUI: the bridge between the network client and a
//! play screen, and hosting a game inside this program.
//!
//! - [`bridge`]: a seat on a server, as a [`RemoteLink`] for the play
//!   screen, on its own thread.
//! - [`Host`]: "Host a game": the referee server runs inside this program
//!   (the same server as `boardsuite serve`), and this computer's seat
//!   joins it over loopback like any client, so neither player's screen
//!   holds the other's secrets.
//!
//! [`RemoteLink`]: crate::gui::play::remote::RemoteLink

pub mod bridge;

use crate::net::server::{ServerConfig, ServerHandle, start};
use bridge::{Bridge, SeatRequest};
use game_core::Observe;
use std::net::{Ipv4Addr, SocketAddr};

/// A game hosted by this program: the referee server and this seat's
/// bridge to it. The bridge's thread owns the server: it stops when this
/// seat leaves (the play screen closes, or the lobby is left first).
pub struct Host<G: Observe> {
    addr: SocketAddr,
    /// This computer's seat.
    pub bridge: Bridge<G>,
}

impl<G: Observe> std::fmt::Debug for Host<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host").field("addr", &self.addr).finish()
    }
}

impl<G: Observe> Host<G> {
    /// Starts a referee on `port` (0 for any free one) on every address,
    /// and opens a game of `G` with `rules` in it for this computer. The
    /// opponent joins with [`Host::addr`]'s port and the code from
    /// [`bridge::BridgeEvent::Seated`].
    pub fn start(
        port: u16,
        rules: serde_json::Value,
        setup: Option<G::Setup>,
        seed: u64,
    ) -> std::io::Result<Self> {
        let config =
            ServerConfig { bind: SocketAddr::from((Ipv4Addr::UNSPECIFIED, port)), ..ServerConfig::default() };
        let server: ServerHandle = start(config)?;
        let addr = server.addr();
        let local = SocketAddr::from((Ipv4Addr::LOCALHOST, addr.port()));
        let bridge = Bridge::open_keeping(
            &local.to_string(),
            SeatRequest::Create { rules },
            setup,
            seed,
            Box::new(server),
        );
        Ok(Host { addr, bridge })
    }

    /// Where the server listens (the port to tell the opponent).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

#[cfg(test)]
mod tests {
    use super::bridge::BridgeEvent;
    use super::*;
    use std::time::Duration;
    use stones::Stones;

    #[test]
    fn a_hosted_game_takes_a_guest_by_port_and_code() {
        let host = Host::<Stones>::start(0, serde_json::json!({"pits": 4}), None, 1).unwrap();
        let code = match host.bridge.next_event(Duration::from_secs(5)) {
            Some(BridgeEvent::Seated { code, .. }) => code,
            other => panic!("expected seated, got {other:?}"),
        };
        let addr = format!("127.0.0.1:{}", host.addr().port());
        let guest = Bridge::<Stones>::open(&addr, SeatRequest::Join { code }, None, 2);
        for bridge in [&host.bridge, &guest] {
            let link = loop {
                match bridge.next_event(Duration::from_secs(5)) {
                    Some(BridgeEvent::Ready(link)) => break link,
                    Some(BridgeEvent::Failed(reason)) => panic!("{reason}"),
                    None => panic!("no game"),
                    Some(_) => {}
                }
            };
            use game_core::Game;
            assert_eq!(link.view.position.format_position().split(' ').next().map(|p| p.len()), Some(1));
            assert_eq!(link.view.position.format_position().matches('/').count(), 1);
        }
    }
}
