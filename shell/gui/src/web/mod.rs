//! The launcher in a web page (`wasm32-unknown-unknown`): what the page
//! has instead of the desktop's files, threads and clock.
//!
//! - [`page`]: the calls into the page's script (`shell/web/boardsuite.js`):
//!   the browser's storage and its random numbers.
//! - [`storage`]: the settings and saved games kept in the browser's
//!   storage.
//! - [`files`]: record files downloaded from and uploaded to the page.
//! - [`socket`]: the browser's WebSocket (the client on it is
//!   `net::page_client`).
//!
//! The page starts at `open_page` (in the crate's root).
//!
//! The computer thinks in slices between frames (`play::sliced`), the
//! clocks read the page's time (`clock`), and network play goes through a
//! `boardsuite serve` over a WebSocket, its bridge stepped each frame
//! (`net::pump`).

pub mod files;
pub mod page;
pub mod socket;
pub mod storage;
