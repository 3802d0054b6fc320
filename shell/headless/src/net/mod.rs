//! Network play: two players on two computers through one referee.
//!
//! - [`protocol`]: the newline-delimited JSON messages and the handshake.
//! - [`server`]: the referee server (`boardsuite serve`, and "Host a game"
//!   in the GUI), holding the only full position of each game.
//! - [`table`]: one game behind a game-independent interface; games are
//!   picked by name.
//! - [`client`]: a client on its own thread, talking over channels.
//! - [`bot`]: a computer player with no window.
//! - [`wire_tap`]: records every byte the server sends to one client, for
//!   tests that prove nothing hidden travels.
//! - [`line`], [`secrets`]: capped line reading; seat tokens and codes.
//! - [`view_trail`]: a view's history sent once, not after every move.
//! - [`secret_nim`]: a toy hidden-information game with a setup phase, for
//!   tests.

pub mod bot;
pub mod client;
pub mod line;
pub mod secret_nim;
pub mod secrets;
pub mod server;
pub mod table;
pub mod view_trail;
pub mod wire_tap;
