//! Network play in the GUI: the bridge between the network client and a
//! play screen, and hosting a game inside this program.
//!
//! - [`bridge`]: a seat on a server, as a [`RemoteLink`] for the play
//!   screen, on its own thread (in a web page, stepped each frame by
//!   `pump`).
//! - [`connection`]: the client a bridge drives; in a web page,
//!   `page_client`, over the browser's WebSocket.
//! - [`lobby`]: "Host a game" and "Join a game", until the game starts.
//! - [`Host`]: "Host a game" on the desktop: the referee server runs
//!   inside this program (the same server as `boardsuite serve`), and this
//!   computer's seat joins it over loopback like any client, so neither
//!   player's screen holds the other's secrets. A web page cannot listen:
//!   it opens the game on a `boardsuite serve` named by its address.
//!
//! [`RemoteLink`]: crate::play::remote::RemoteLink

pub mod bridge;
pub mod connection;
pub mod lobby;
#[cfg(target_arch = "wasm32")]
pub mod page_client;
#[cfg(target_arch = "wasm32")]
pub mod pump;

use super::wake::Wake;
use bridge::Bridge;
#[cfg(not(target_arch = "wasm32"))]
use bridge::SeatRequest;
use game_core::Observe;
#[cfg(not(target_arch = "wasm32"))]
use headless::net::server::{ServerConfig, ServerHandle, start};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::PathBuf;

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
    /// [`bridge::BridgeEvent::Seated`]. With `records`, the referee writes
    /// the full record of the finished game there (`CODE.toml`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn start(
        port: u16,
        rules: serde_json::Value,
        setup: Option<G::Setup>,
        seed: u64,
        wake: Wake,
        records: Option<PathBuf>,
    ) -> std::io::Result<Self> {
        // No folder for records: the game is hosted all the same.
        let records = records.filter(|dir| std::fs::create_dir_all(dir).is_ok());
        let config = ServerConfig {
            bind: SocketAddr::from((Ipv4Addr::UNSPECIFIED, port)),
            record_dir: records,
            ..ServerConfig::default()
        };
        let server: ServerHandle = start(config)?;
        let addr = server.addr();
        let local = SocketAddr::from((Ipv4Addr::LOCALHOST, addr.port()));
        let bridge = Bridge::open_keeping(
            &local.to_string(),
            SeatRequest::Create { rules },
            setup,
            seed,
            wake,
            Box::new(server),
        );
        Ok(Host { addr, bridge })
    }

    /// A web page cannot host here: it has no sockets to listen on (its
    /// lobby opens the game on a server instead).
    #[cfg(target_arch = "wasm32")]
    pub fn start(
        _port: u16,
        _rules: serde_json::Value,
        _setup: Option<G::Setup>,
        _seed: u64,
        _wake: Wake,
        _records: Option<PathBuf>,
    ) -> std::io::Result<Self> {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "a web page cannot listen: host on a boardsuite serve",
        ))
    }

    /// Where the server listens (the port to tell the opponent).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

/// The address other computers on the network most likely reach this one
/// at: the local end of a route to the outside world (no packet is sent;
/// asking the system which interface it would use is enough). `None`
/// without a network.
pub fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// What went wrong joining or hosting, in words for the player, from the
/// network layer's reason. The reason itself is kept at the end.
pub fn explain_failure(reason: &str, addr: &str) -> String {
    let lower = reason.to_ascii_lowercase();
    let plain = if lower.contains("connection refused") {
        format!(
            "Nobody is hosting a game at {addr}. Check the address and the port, and that the host is waiting."
        )
    } else if lower.contains("cannot resolve") || lower.contains("has no address") {
        format!(
            "{addr} is not an address this computer can find. Type it as host:port, e.g. 192.168.1.5:7878."
        )
    } else if lower.contains("timed out") || lower.contains("unreachable") {
        format!("No answer from {addr}. Is the host's computer on the same network, and its firewall open?")
    } else if lower.contains("the browser could not connect") {
        format!(
            "Nobody answers at {addr}. Check the address and the port, and that boardsuite serve runs there."
        )
    } else if lower.contains("no game") || lower.contains("no_such_game") {
        "There is no game with that code on this host. Check the code.".to_string()
    } else if lower.contains("full") {
        "That game already has two players.".to_string()
    } else if lower.contains("address already in use") || lower.contains("addrinuse") {
        "That port is taken by another program (or another game). Choose another port.".to_string()
    } else if lower.contains("permission denied") {
        "This computer does not allow hosting on that port. Choose a port from 1024 up.".to_string()
    } else {
        return format!("The network game failed: {reason}");
    };
    format!("{plain} ({reason})")
}

#[cfg(test)]
mod tests {
    use super::bridge::BridgeEvent;
    use super::*;
    use std::time::Duration;
    use stones::Stones;

    #[test]
    fn a_hosted_game_takes_a_guest_by_port_and_code() {
        let host =
            Host::<Stones>::start(0, serde_json::json!({"pits": 4}), None, 1, crate::wake::no_wake(), None)
                .unwrap();
        let code = match host.bridge.next_event(Duration::from_secs(5)) {
            Some(BridgeEvent::Seated { code, setup_wanted, .. }) => {
                assert!(!setup_wanted, "Stones has no setups");
                code
            }
            other => panic!("expected seated, got {other:?}"),
        };
        let addr = format!("127.0.0.1:{}", host.addr().port());
        let guest =
            Bridge::<Stones>::open(&addr, SeatRequest::Join { code }, None, 2, crate::wake::no_wake());
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

    #[test]
    fn failures_are_explained_in_words() {
        let refused = explain_failure(
            "cannot connect to 10.0.0.9:7878: Connection refused (os error 111)",
            "10.0.0.9:7878",
        );
        assert!(refused.starts_with("Nobody is hosting a game at 10.0.0.9:7878"), "{refused}");
        assert!(refused.ends_with("(os error 111))"), "the reason is kept: {refused}");
        assert!(explain_failure("no game has code NOSUCH", "h:1").contains("no game with that code"));
        assert!(
            explain_failure("cannot resolve nowhere.invalid:1: failed", "nowhere.invalid:1")
                .contains("not an address")
        );
        assert_eq!(explain_failure("odd", "h:1"), "The network game failed: odd");
        let page = explain_failure(
            "cannot connect to ws://h:1: the browser could not connect (code 1006)",
            "ws://h:1",
        );
        assert!(page.starts_with("Nobody answers at ws://h:1."), "{page}");
        if let Some(ip) = lan_address() {
            assert!(!ip.is_loopback());
        }
    }
}
