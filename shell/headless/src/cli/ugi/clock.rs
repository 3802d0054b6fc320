//! Time management: how much of its clock a move may spend.

use super::command::GoLimits;
use ai::SearchLimits;
use game_core::Seat;
use std::time::Duration;

/// Time kept back from every deadline for reading, writing and the
/// runner's own overhead, in milliseconds.
const OVERHEAD_MS: u64 = 30;

/// How many more moves the clock is assumed to have to last.
const MOVES_TO_GO: u64 = 20;

/// The limits of one search for `mover`, from the `go` parameters.
/// `infinite` drops every limit but the stop signal; a clock gives
/// a twentieth of what is left plus most of the increment, never more
/// than half the clock; `movetime`, `depth` and `nodes` apply as given
/// (the tighter time wins when both a clock and `movetime` are given).
pub fn limits_for(go: &GoLimits, mover: Seat) -> SearchLimits {
    let mut limits = SearchLimits::none();
    if go.infinite {
        return limits;
    }
    limits.depth = go.depth;
    limits.nodes = go.nodes;
    let (clock, increment) = if mover == Seat::FIRST { (go.p1time, go.p1inc) } else { (go.p2time, go.p2inc) };
    let from_clock = clock.map(|left| {
        let share = left / MOVES_TO_GO + increment.unwrap_or(0) * 3 / 4;
        share.min(left / 2).saturating_sub(OVERHEAD_MS).max(1)
    });
    let from_movetime = go.movetime.map(|t| t.saturating_sub(OVERHEAD_MS.min(t / 10)).max(1));
    let millis = match (from_clock, from_movetime) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    limits.time = millis.map(Duration::from_millis);
    limits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_of_the_side_to_move_sets_the_time() {
        let go = GoLimits {
            p1time: Some(10_000),
            p2time: Some(60_000),
            p2inc: Some(1_000),
            ..GoLimits::default()
        };
        assert_eq!(limits_for(&go, Seat::FIRST).time, Some(Duration::from_millis(500 - OVERHEAD_MS)));
        assert_eq!(
            limits_for(&go, Seat::SECOND).time,
            Some(Duration::from_millis(3_000 + 750 - OVERHEAD_MS))
        );
        let short = GoLimits { p1time: Some(100), p1inc: Some(10_000), ..GoLimits::default() };
        assert_eq!(limits_for(&short, Seat::FIRST).time, Some(Duration::from_millis(50 - OVERHEAD_MS)));
        let none_left = GoLimits { p1time: Some(0), ..GoLimits::default() };
        assert_eq!(limits_for(&none_left, Seat::FIRST).time, Some(Duration::from_millis(1)));
    }

    #[test]
    fn fixed_limits_pass_through_and_infinite_drops_them() {
        let go = GoLimits { movetime: Some(1_000), depth: Some(3), nodes: Some(500), ..GoLimits::default() };
        let limits = limits_for(&go, Seat::SECOND);
        assert_eq!(limits.time, Some(Duration::from_millis(1_000 - OVERHEAD_MS)));
        assert_eq!((limits.depth, limits.nodes), (Some(3), Some(500)));
        let both = GoLimits { movetime: Some(2_000), p1time: Some(1_000), ..GoLimits::default() };
        assert_eq!(limits_for(&both, Seat::FIRST).time, Some(Duration::from_millis(50 - OVERHEAD_MS)));
        let infinite = GoLimits { infinite: true, depth: Some(2), ..GoLimits::default() };
        let limits = limits_for(&infinite, Seat::FIRST);
        assert_eq!((limits.time, limits.depth, limits.nodes), (None, None, None));
        assert_eq!(
            limits_for(&GoLimits { movetime: Some(5), ..GoLimits::default() }, Seat::FIRST).time,
            Some(Duration::from_millis(5))
        );
    }
}
