//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod naive;

use naive::{Naive, Sweep};
use stones::{EndSweep, SowingRule, StonesRules};

/// The naive implementation's start position for these rules.
pub fn naive_start(rules: &StonesRules) -> Naive {
    let sweep = match rules.effective_end_sweep() {
        EndSweep::OwnerKeeps => Sweep::OwnerKeeps,
        _ => Sweep::EmptierCollects,
    };
    Naive::new(
        rules.pits as usize,
        rules.stones as u32,
        rules.sowing == SowingRule::Relay,
        rules.empty_capture,
        sweep,
    )
}
