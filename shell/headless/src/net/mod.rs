//! Network play: two players on two computers through one referee.
//!
//! - [`protocol`]: the newline-delimited JSON messages and the handshake.
//! - [`server`]: the referee server (`boardsuite serve`, and "Host a game"
//!   in the GUI), holding the only full position of each game.
//! - [`table`]: one game behind a game-independent interface; games are
//!   picked by name.
//! - [`client`]: a client on its own thread, talking over channels, and
//!   one polled by its owner (a web page) over a message socket; both
//!   share the protocol's side of a client (`client::inbound`,
//!   `client::outbound`).
//! - [`bot`]: a computer player with no window.
//! - `wire_tap` (a test kit, behind the `testing` feature): records every
//!   byte the server sends to one client, for tests that prove nothing
//!   hidden travels.
//! - [`line`], [`secrets`]: capped line reading; seat tokens and codes.
//! - [`view_trail`]: a view's history sent once, not after every move.

pub mod bot;
pub mod client;
pub mod line;
pub mod secrets;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;
pub mod table;
pub mod view_trail;
#[cfg(any(test, feature = "testing"))]
pub mod wire_tap;
