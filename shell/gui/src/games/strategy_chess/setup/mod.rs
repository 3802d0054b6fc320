//! The setup screen: placing an army on the four home rows.
//!
//! - [`placement`]: the setup in the making (tray, hand, rows).
//! - [`layout`]: where everything goes, and hit-testing of home squares.
//! - [`saved`]: the player's own setups file.
//! - [`screen`]: the [`Screen`](crate::screen::Screen) itself.

pub mod layout;
pub mod placement;
pub mod saved;
pub mod screen;
