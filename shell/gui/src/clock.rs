//! The window's clocks, which also run in a web page.
//!
//! [`Instant`] is the search's clock (`ai::clock`): `std::time::Instant`
//! on the desktop, the page's clock in a browser, where
//! `std::time::Instant::now` panics. [`wall_now`] is the date, for saved
//! games' names and ages.

use std::time::SystemTime;

pub use ai::clock::Instant;

/// The date and time now (in a web page, from the page's clock, where
/// `SystemTime::now` panics).
pub fn wall_now() -> SystemTime {
    #[cfg(target_arch = "wasm32")]
    {
        let seconds = macroquad::miniquad::date::now().max(0.0);
        SystemTime::UNIX_EPOCH + std::time::Duration::from_secs_f64(seconds)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        SystemTime::now()
    }
}
