//! What a search did: nodes, depth, time.

use std::time::Duration;

/// Statistics of one search (or, summed, of several).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Positions visited: every position reached by a move, plus the root.
    /// MCTS counts the moves it played in the tree and in playouts.
    pub nodes: u64,
    /// The deepest completed iteration (alpha-beta), or the deepest tree
    /// node (MCTS).
    pub depth: u32,
    /// The deepest ply any line reached.
    pub seldepth: u32,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// MCTS iterations (playouts); 0 for alpha-beta.
    pub iterations: u64,
    /// Positions searched (samples drawn from a view); 1 for a plain search.
    pub samples: u32,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Whether a limit (time, nodes, stop signal) cut the search short.
    pub stopped: bool,
}

impl SearchStats {
    /// Nodes per second of wall-clock time.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Adds another search's work to this one (samples of one decision).
    /// Depths keep the shallowest completed depth and the deepest line;
    /// times add up, which is the work done, not the wall-clock time when
    /// samples ran in parallel.
    pub fn absorb(&mut self, other: &SearchStats) {
        self.depth = if self.samples == 0 { other.depth } else { self.depth.min(other.depth) };
        self.nodes += other.nodes;
        self.seldepth = self.seldepth.max(other.seldepth);
        self.tt_hits += other.tt_hits;
        self.iterations += other.iterations;
        self.samples += other.samples.max(1);
        self.elapsed += other.elapsed;
        self.stopped |= other.stopped;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absorbing_sums_work_and_keeps_the_shallowest_depth() {
        let a = SearchStats { nodes: 10, depth: 4, seldepth: 6, samples: 1, ..Default::default() };
        let b = SearchStats { nodes: 5, depth: 3, seldepth: 9, stopped: true, ..Default::default() };
        let mut sum = SearchStats::default();
        sum.absorb(&a);
        sum.absorb(&b);
        assert_eq!((sum.nodes, sum.depth, sum.seldepth, sum.samples, sum.stopped), (15, 3, 9, 2, true));
        let timed = SearchStats { nodes: 1000, elapsed: Duration::from_millis(500), ..Default::default() };
        assert!((timed.nodes_per_second() - 2000.0).abs() < 1e-6);
    }
}
