//! Shared by the integration tests: the array reference and random rules.

#![allow(dead_code)] // each test file uses a different part

pub mod reference;

use blockade::{BlockadeRules, Neighbourhood, StartPattern};
use game_core::rng::GameRng;
use rand::Rng;

/// Rules drawn from every legal option: all sizes, both neighbourhoods,
/// both start patterns, thresholds on and off, any square values.
pub fn random_rules(rng: &mut GameRng) -> BlockadeRules {
    let size = rng.random_range(5..=11);
    let neighbourhood =
        if rng.random_bool(0.5) { Neighbourhood::Surrounding } else { Neighbourhood::Orthogonal };
    let start = match rng.random_range(0..3) {
        0 if size >= 6 => StartPattern::Wide,
        1 => StartPattern::Grid,
        _ => StartPattern::Centre,
    };
    // Thresholds: often the interesting low ones, sometimes off or high.
    let mut threshold = || match rng.random_range(0..10) {
        0 => 0,
        1 => rng.random_range(5..=8),
        _ => rng.random_range(1..=4),
    };
    let (capture, claim, overcrowd) = (threshold(), threshold(), threshold());
    BlockadeRules {
        size,
        neighbourhood,
        start,
        capture,
        claim,
        overcrowd,
        corner_value: rng.random_range(1..=20),
        edge_value: rng.random_range(1..=20),
    }
}
