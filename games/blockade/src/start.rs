//! The start patterns, as defined on [`StartPattern`].

use crate::rules::{BlockadeRules, Neighbourhood, StartPattern};
use crate::square::STRIDE;

/// The stones of each seat at the start, by seat index.
pub(crate) fn start_stones(rules: &BlockadeRules) -> [u128; 2] {
    if rules.start == StartPattern::Grid {
        return grid_stones(rules.size);
    }
    let h = (rules.size / 2) as i32;
    let mut stones = [0u128; 2];
    // Every pattern lies within files and ranks h-2..=h+1 (h >= 2).
    for rank in h - 2..=h + 1 {
        for file in h - 2..=h + 1 {
            let Some(seat) = owner(rules, file - h, rank - h) else { continue };
            stones[seat] |= 1u128 << (rank as u32 * STRIDE + file as u32);
        }
    }
    stones
}

/// Who starts on the square (h + df, h + dr), by seat index.
fn owner(rules: &BlockadeRules, df: i32, dr: i32) -> Option<usize> {
    let in_box = |low: i32, high: i32| (low..=high).contains(&df) && (low..=high).contains(&dr);
    // Checkered, Player One on the colour of (h-1, h-1).
    let checkered = Some(((df + dr) & 1) as usize);
    match (rules.neighbourhood, rules.start) {
        (Neighbourhood::Surrounding, StartPattern::Centre) => checkered.filter(|_| in_box(-1, 0)),
        (Neighbourhood::Surrounding, StartPattern::Wide) => checkered.filter(|_| in_box(-2, 1)),
        (_, StartPattern::Grid) => None,
        // The diamond around the empty (h, h): Player One above and below.
        (Neighbourhood::Orthogonal, StartPattern::Centre) => match (df, dr) {
            (0, -1 | 1) => Some(0),
            (-1 | 1, 0) => Some(1),
            _ => None,
        },
        // The diamond's lattice: stones where file + rank is odd, Player
        // One on the ranks an odd distance from h.
        (Neighbourhood::Orthogonal, StartPattern::Wide) => {
            let stone = in_box(-2, 1) && (df + dr) & 1 == 1;
            stone.then_some(if dr & 1 == 1 { 0 } else { 1 })
        }
    }
}

/// The grid: every square whose file and rank are both odd (0-based) and
/// off the edge, checkered along the grid with Player One on b2, and the
/// middle grid point left empty when the grid is odd-sided so that both
/// players start with as many stones.
fn grid_stones(size: u8) -> [u128; 2] {
    let points = (size as u32 - 1) / 2; // grid points per side: 1, 3, ... <= size - 2
    let middle = (points % 2 == 1).then_some(points / 2);
    let mut stones = [0u128; 2];
    for j in 0..points {
        for i in 0..points {
            if middle == Some(i) && middle == Some(j) {
                continue;
            }
            let (file, rank) = (2 * i + 1, 2 * j + 1);
            stones[((i + j) % 2) as usize] |= 1u128 << (rank * STRIDE + file);
        }
    }
    stones
}
