//! The start patterns, as defined on [`StartPattern`].

use crate::bitboard::STRIDE;
use crate::rules::{BlockadeRules, Neighbourhood, StartPattern};

/// The stones of each seat at the start, by seat index.
pub(crate) fn start_stones(rules: &BlockadeRules) -> [u128; 2] {
    let h = (rules.size / 2) as i32;
    let (low, high) = match rules.start {
        StartPattern::Centre => (h - 1, h),
        StartPattern::Wide => (h - 2, h + 1),
    };
    let mut stones = [0u128; 2];
    for rank in low..=high {
        for file in low..=high {
            let Some(seat) = owner(rules, file, rank, h) else { continue };
            stones[seat] |= 1u128 << (rank as u32 * STRIDE + file as u32);
        }
    }
    stones
}

/// Who starts on (file, rank) of the pattern's box, by seat index.
fn owner(rules: &BlockadeRules, file: i32, rank: i32, h: i32) -> Option<usize> {
    match (rules.neighbourhood, rules.start) {
        // Checkered, Player One on the colour of (h-1, h-1).
        (Neighbourhood::Surrounding, _) => Some(((file + rank) & 1) as usize),
        // The diamond around the empty (h, h): Player One above and below.
        (Neighbourhood::Orthogonal, StartPattern::Centre) => match (file - h, rank - h) {
            (0, -1 | 1) => Some(0),
            (-1 | 1, 0) => Some(1),
            _ => None,
        },
        // The diamond's lattice: stones where file + rank is odd, Player
        // One on the ranks an odd distance from h.
        (Neighbourhood::Orthogonal, StartPattern::Wide) => {
            ((file + rank) & 1 == 1).then_some(if (rank - h) & 1 == 1 { 0 } else { 1 })
        }
    }
}
