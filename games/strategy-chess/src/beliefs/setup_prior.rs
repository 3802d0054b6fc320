//! Where people put each rank: a prior by starting square, counted from
//! the setup library.
//!
//! The library holds the setups human players used most; each is counted
//! once and once mirrored (a mirrored setup is as good as the original).
//! For a rank `r` and a setup place, the *propensity* is how much more (or
//! less) often than average a piece of rank `r` stood there:
//! `(count + SMOOTHING) / (total of r + 40 * SMOOTHING) * 40`. It averages
//! 1 over the 40 places, so it is a relative weight that works for any
//! army size; the counts of the army still come from the sampler. The
//! smoothing keeps every rank possible everywhere: an opponent's setup need
//! not look like a human's.

use crate::library::Library;
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::setup::{SETUP_COLUMNS, SETUP_ROWS, Setup};
use crate::square::Square;
use std::sync::OnceLock;

/// Pseudo-count added to every place and rank.
pub const SMOOTHING: f64 = 0.25;

const PLACES: usize = SETUP_ROWS * SETUP_COLUMNS;

/// Propensities per setup place (`row * 10 + column`, row 0 the front
/// row) and rank.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupPrior {
    propensity: [[f64; RANK_COUNT]; PLACES],
}

impl SetupPrior {
    /// The prior counted from the built-in library (made once).
    pub fn builtin() -> &'static SetupPrior {
        static PRIOR: OnceLock<SetupPrior> = OnceLock::new();
        PRIOR.get_or_init(|| SetupPrior::counted(Library::builtin().entries().iter().map(|e| &e.setup)))
    }

    /// The prior counted from `setups` (each also mirrored).
    pub fn counted<'a>(setups: impl Iterator<Item = &'a Setup>) -> SetupPrior {
        let mut counts = [[0.0f64; RANK_COUNT]; PLACES];
        for setup in setups {
            for s in [*setup, setup.mirrored()] {
                for row in 0..SETUP_ROWS {
                    for column in 0..SETUP_COLUMNS {
                        if let Some(rank) = s.get(row, column) {
                            counts[row * SETUP_COLUMNS + column][rank.index()] += 1.0;
                        }
                    }
                }
            }
        }
        let mut propensity = [[1.0; RANK_COUNT]; PLACES];
        for rank in 0..RANK_COUNT {
            let total: f64 = counts.iter().map(|c| c[rank]).sum();
            let norm = total + PLACES as f64 * SMOOTHING;
            for place in 0..PLACES {
                propensity[place][rank] = (counts[place][rank] + SMOOTHING) / norm * PLACES as f64;
            }
        }
        SetupPrior { propensity }
    }

    /// How likely, relative to average, a piece of `owner` that started on
    /// `square` is of rank `rank`; 1 for a square outside `owner`'s setup
    /// rows.
    pub fn weight(&self, owner: Colour, square: Square, rank: Rank) -> f64 {
        match Setup::place_of(owner, square) {
            Some((row, column)) => self.propensity[row * SETUP_COLUMNS + column][rank.index()],
            None => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_hide_the_flag_at_the_back_and_open_with_scouts() {
        let prior = SetupPrior::builtin();
        let sq = |name: &str| Square::parse(name).unwrap();
        // Red's back row is rank 1, its front row rank 4.
        let back = prior.weight(Colour::Red, sq("a1"), Rank::Flag);
        let front = prior.weight(Colour::Red, sq("e4"), Rank::Flag);
        assert!(back > 10.0 * front, "flag: back {back}, front {front}");
        // Mirrored: a1 and j1 alike; Blue's a10 is its right-hand back corner.
        assert_eq!(back, prior.weight(Colour::Red, sq("j1"), Rank::Flag));
        assert_eq!(back, prior.weight(Colour::Blue, sq("j10"), Rank::Flag));
        assert_eq!(prior.weight(Colour::Red, sq("e6"), Rank::Flag), 1.0, "not a setup square");
        // Every rank keeps some weight everywhere, and propensities average 1.
        for rank in Rank::ALL {
            let all: Vec<f64> = (0..40)
                .map(|i| prior.weight(Colour::Red, Square::at(i % 10, i / 10).unwrap(), rank))
                .collect();
            assert!(all.iter().all(|&w| w > 0.0), "{rank:?}");
            let mean = all.iter().sum::<f64>() / 40.0;
            assert!((mean - 1.0).abs() < 1e-9, "{rank:?}: {mean}");
        }
    }
}
