//! The launcher in a web page (`wasm32-unknown-unknown`): what the page
//! has instead of the desktop's files, threads and clock.
//!
//! - [`page`]: the calls into the page's script (`shell/web/boardsuite.js`):
//!   the browser's storage and its random numbers.
//! - [`storage`]: the settings kept in the browser's storage.
//!
//! The computer thinks in slices between frames (`play::sliced`), the
//! clocks read the page's time (`clock`), and network play, which needs
//! sockets a page does not have, is not offered (see `screens::mode`).

pub mod page;
pub mod storage;

use crate::{app, window_config};
use macroquad::miniquad;

/// Opens the launcher in the page's canvas. Returns at once: the page runs
/// the frames.
pub fn open_page() {
    ai::clock::set_time_source(miniquad::date::now);
    let startup = storage::load_settings();
    for notice in &startup.notices {
        eprintln!("boardsuite: {notice}");
    }
    macroquad::Window::from_config(window_config(startup.settings.window), app::run(startup));
}
