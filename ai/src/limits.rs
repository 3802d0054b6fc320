//! How long a search may run, and how to stop it from outside.

use crate::clock::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A flag another thread raises to stop a search (the GUI's "move now" or
/// "close"). Clones share the flag.
///
/// ```
/// let stop = ai::StopSignal::new();
/// let handle = stop.clone();
/// handle.stop();
/// assert!(stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A signal that has not been raised.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search watching this signal to stop as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopSignal::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The limits of one search. Every limit is optional; a search stops at the
/// first one reached and returns the best result it has (iterative
/// deepening keeps the last completed depth).
///
/// Depth and node limits make a search reproducible; a time limit or a stop
/// signal does not, so AI-vs-AI matches use the former.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// The deepest iteration of alpha-beta, in plies (free turns count).
    pub depth: Option<u32>,
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Nodes visited (alpha-beta) or moves played in tree and playouts
    /// (MCTS).
    pub nodes: Option<u64>,
    /// Cancellation from another thread.
    pub stop: Option<StopSignal>,
    /// The first depth iterative deepening searches (alpha-beta; none:
    /// 1). A caller that goes on with a search a depth at a time
    /// ([`crate::sliced`]) starts at the depth it has not completed; the
    /// engine's table holds the shallower ones.
    pub from_depth: Option<u32>,
}

impl SearchLimits {
    /// No limit at all but the engine's own (alpha-beta stops at
    /// [`crate::score::MAX_PLY`] or when the game is solved).
    pub fn none() -> Self {
        Self::default()
    }

    /// Limits the depth.
    pub fn depth(mut self, plies: u32) -> Self {
        self.depth = Some(plies);
        self
    }

    /// Limits the time.
    pub fn time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// Limits the nodes.
    pub fn nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Stops when `signal` is raised.
    pub fn stop(mut self, signal: StopSignal) -> Self {
        self.stop = Some(signal);
        self
    }
}

/// How many nodes pass between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// The running side of [`SearchLimits`]: counts nodes and decides when to
/// stop. Once it says stop it keeps saying so.
#[derive(Clone, Debug)]
pub(crate) struct Watch {
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    stop: Option<StopSignal>,
    /// A second stop signal: the solver's threads each stop on their own
    /// and when another has finished their common search.
    also_stop: Option<StopSignal>,
    next_check: u64,
    stopped: bool,
}

impl Watch {
    pub(crate) fn new(limits: &SearchLimits) -> Self {
        let start = Instant::now();
        Watch {
            start,
            deadline: limits.time.map(|t| start + t),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stop: limits.stop.clone(),
            also_stop: None,
            next_check: 0,
            stopped: false,
        }
    }

    /// Makes the watch also stop when `signal` is given (replacing the
    /// signal set before, if any; `None`: no second signal).
    pub(crate) fn also_stop_on(&mut self, signal: Option<StopSignal>) {
        self.also_stop = signal;
    }

    /// Runs again after a stop: the limits are looked at afresh at the
    /// next check (a limit that is still exceeded stops it again).
    pub(crate) fn resume(&mut self) {
        self.stopped = false;
        self.next_check = 0;
    }

    /// Whether the search must stop, after `nodes` nodes. Cheap: one
    /// comparison a node; the node limit, the clock and the flag are looked
    /// at only when `next_check` is reached (every [`CHECK_EVERY`] nodes,
    /// at the node limit, and at every call once stopped).
    #[inline]
    pub(crate) fn should_stop(&mut self, nodes: u64) -> bool {
        if nodes < self.next_check {
            return false;
        }
        self.look(nodes)
    }

    /// The slow side of [`Watch::should_stop`].
    #[cold]
    #[inline(never)]
    fn look(&mut self, nodes: u64) -> bool {
        if !self.stopped {
            self.stopped = nodes >= self.node_limit || self.out_of_time_or_cancelled();
        }
        // Once stopped, every later call comes here and says so.
        self.next_check =
            if self.stopped { 0 } else { nodes.saturating_add(CHECK_EVERY).min(self.node_limit) };
        self.stopped
    }

    /// Checks the clock and the flag now (between iterations).
    pub(crate) fn check_now(&mut self) -> bool {
        if !self.stopped && self.out_of_time_or_cancelled() {
            self.stopped = true;
            self.next_check = 0;
        }
        self.stopped
    }

    fn out_of_time_or_cancelled(&self) -> bool {
        self.stop.as_ref().is_some_and(StopSignal::is_stopped)
            || self.also_stop.as_ref().is_some_and(StopSignal::is_stopped)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether a limit was hit (as opposed to the search completing).
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limit_and_stop_signal_stop_the_watch() {
        let mut watch = Watch::new(&SearchLimits::none().nodes(10));
        assert!(!watch.should_stop(0));
        assert!(!watch.should_stop(9));
        assert!(watch.should_stop(10), "the node limit is checked at once, not every 1024 nodes");
        assert!(watch.should_stop(0), "a stopped watch stays stopped");

        let signal = StopSignal::new();
        let mut watch = Watch::new(&SearchLimits::none().stop(signal.clone()));
        assert!(!watch.should_stop(1));
        signal.stop();
        assert!(watch.check_now());
        assert!(watch.stopped());
        assert!(watch.should_stop(2), "stopped between checks stays stopped");

        let mut watch = Watch::new(&SearchLimits::none().time(Duration::ZERO));
        assert!(watch.should_stop(0), "the first look reads the clock");
    }
}
