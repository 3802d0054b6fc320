//! The clock searches read their time limits from.
//!
//! On every target with a system clock, [`Instant`] is
//! `std::time::Instant`. A web page (`wasm32-unknown-unknown`) has none:
//! `std::time::Instant::now` panics there. Its [`Instant`] is a
//! [`SourcedInstant`], which reads the seconds the host hands in once with
//! [`set_time_source`] (the page's own clock). Until then, time stands
//! still: time limits never fire, and node and depth limits still end a
//! search.

use std::ops::{Add, Sub};
use std::sync::OnceLock;
use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use SourcedInstant as Instant;

/// The host's clock: seconds since some fixed moment.
static SOURCE: OnceLock<fn() -> f64> = OnceLock::new();

/// Hands in the host's clock, in seconds since any fixed moment, for
/// [`SourcedInstant`]. Only the first call counts.
pub fn set_time_source(seconds: fn() -> f64) {
    let _ = SOURCE.set(seconds);
}

/// A moment read from the clock given to [`set_time_source`], in whole
/// microseconds; the same calls as `std::time::Instant` that the searches
/// and the window use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourcedInstant {
    micros: u64,
}

impl SourcedInstant {
    /// Now, by the host's clock (the start of time without one).
    pub fn now() -> Self {
        let seconds = SOURCE.get().map_or(0.0, |source| source());
        SourcedInstant { micros: (seconds.max(0.0) * 1e6) as u64 }
    }

    /// The time from `earlier` to this moment, zero if `earlier` is later.
    pub fn saturating_duration_since(&self, earlier: Self) -> Duration {
        Duration::from_micros(self.micros.saturating_sub(earlier.micros))
    }

    /// The time from `earlier` to this moment, zero if `earlier` is later
    /// (as `std::time::Instant` does).
    pub fn duration_since(&self, earlier: Self) -> Duration {
        self.saturating_duration_since(earlier)
    }

    /// The time since this moment.
    pub fn elapsed(&self) -> Duration {
        Self::now().saturating_duration_since(*self)
    }
}

impl Add<Duration> for SourcedInstant {
    type Output = SourcedInstant;

    fn add(self, later: Duration) -> Self {
        let micros = u64::try_from(later.as_micros()).unwrap_or(u64::MAX);
        SourcedInstant { micros: self.micros.saturating_add(micros) }
    }
}

impl Sub for SourcedInstant {
    type Output = Duration;

    fn sub(self, earlier: Self) -> Duration {
        self.saturating_duration_since(earlier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sourced_instant_measures_in_microseconds_and_never_goes_negative() {
        let a = SourcedInstant { micros: 1_000 };
        let b = a + Duration::from_millis(3);
        assert_eq!(b.micros, 4_000);
        assert_eq!(b - a, Duration::from_millis(3));
        assert_eq!(a - b, Duration::ZERO, "an earlier moment minus a later one is zero");
        assert!(a < b);
        assert_eq!(a + Duration::MAX, SourcedInstant { micros: u64::MAX });
    }
}
