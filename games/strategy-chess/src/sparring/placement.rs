//! Building a style's setup: the Flag walled in by Bombs, then every other
//! rank on the squares the style likes best for it.
//!
//! Setup places are (row, column) as in [`Setup`]: row 0 is the front row
//! (next to the lakes), row 3 the back row; columns run left to right as
//! the owner sees them. The lanes to the enemy are columns 0-1, 4-5 and
//! 8-9: the others face a lake.

use crate::army::Army;
use crate::rank::Rank;
use crate::setup::{SETUP_COLUMNS, SETUP_ROWS, Setup};
use game_core::rng::GameRng;
use rand::Rng;

/// The back row of a setup.
pub(super) const BACK: usize = SETUP_ROWS - 1;

/// The columns of the three lanes between and beside the lakes, in pairs.
pub(super) const LANES: [[usize; 2]; 3] = [[0, 1], [4, 5], [8, 9]];

/// Whether `column` lies in a lane (not behind a lake).
pub(super) fn in_lane(column: usize) -> bool {
    LANES.iter().any(|lane| lane.contains(&column))
}

/// A setup being filled, with the pieces still to place.
pub(super) struct Placement {
    setup: Setup,
    left: Army,
}

impl Placement {
    /// An empty setup for `army`.
    pub fn new(army: &Army) -> Placement {
        Placement { setup: Setup::empty(), left: *army }
    }

    /// Whether nothing stands on `row`, `column` yet.
    pub fn is_free(&self, row: usize, column: usize) -> bool {
        row < SETUP_ROWS && column < SETUP_COLUMNS && self.setup.get(row, column).is_none()
    }

    /// What stands on `row`, `column`.
    pub fn at(&self, row: usize, column: usize) -> Option<Rank> {
        self.setup.get(row, column)
    }

    /// How many pieces of `rank` are still to place.
    pub fn left(&self, rank: Rank) -> u8 {
        self.left.count(rank)
    }

    /// Puts one `rank` on `row`, `column` if the square is free and a piece
    /// of that rank is left; says whether it did.
    pub fn put(&mut self, rank: Rank, row: usize, column: usize) -> bool {
        if !self.is_free(row, column) || self.left(rank) == 0 {
            return false;
        }
        self.setup.set(row, column, Some(rank));
        self.left = self.left.with(rank, self.left(rank) - 1);
        true
    }

    /// Puts every piece of `rank` still to place, one by one, each on the
    /// free square `liking` rates highest (plus up to `spread` of noise, so
    /// that setups vary); the liking may look at what is already placed.
    pub fn spread(
        &mut self,
        rank: Rank,
        spread: f32,
        rng: &mut GameRng,
        liking: impl Fn(&Placement, usize, usize) -> f32,
    ) {
        while self.left(rank) > 0 {
            let mut best: Option<(f32, usize, usize)> = None;
            for row in 0..SETUP_ROWS {
                for column in 0..SETUP_COLUMNS {
                    if !self.is_free(row, column) {
                        continue;
                    }
                    let score = liking(self, row, column) + rng.random_range(0.0..=spread);
                    if best.is_none_or(|(b, _, _)| score > b) {
                        best = Some((score, row, column));
                    }
                }
            }
            let Some((_, row, column)) = best else { return };
            self.put(rank, row, column);
        }
    }

    /// The Flag on the back row, in a corner or on the edge, with a Bomb
    /// on every neighbour while Bombs last (the front neighbour first: it
    /// faces the enemy). A corner needs two Bombs, an edge square three, so
    /// with fewer than three the Flag goes to a corner. Returns the Flag's
    /// column.
    pub fn fortress(&mut self, rng: &mut GameRng) -> usize {
        let bombs = self.left(Rank::Bomb);
        let corner = bombs < 3 || rng.random_bool(0.5);
        let column = if corner {
            if rng.random_bool(0.5) { 0 } else { SETUP_COLUMNS - 1 }
        } else {
            rng.random_range(1..SETUP_COLUMNS - 1)
        };
        self.put(Rank::Flag, BACK, column);
        self.put(Rank::Bomb, BACK - 1, column);
        let sides = [column.checked_sub(1), Some(column + 1).filter(|&c| c < SETUP_COLUMNS)];
        for side in sides.into_iter().flatten() {
            self.put(Rank::Bomb, BACK, side);
        }
        column
    }

    /// A guard on each square diagonal to the Flag on `column` (in front
    /// of the Flag's row): the cheapest piece that beats a Miner, a
    /// Sergeant if one is left. A Miner that takes a Bomb next to the Flag
    /// then stands next to a guard.
    pub fn post_guards(&mut self, column: usize) {
        for post in
            [column.checked_sub(1), Some(column + 1).filter(|&c| c < SETUP_COLUMNS)].into_iter().flatten()
        {
            let guard = [Rank::Sergeant, Rank::Lieutenant, Rank::Captain, Rank::Major]
                .into_iter()
                .find(|&rank| self.left(rank) > 0);
            if let Some(rank) = guard {
                self.put(rank, BACK - 1, post);
            }
        }
    }

    /// The setup, with anything still unplaced put on the free squares
    /// nearest the back (a style's likings may leave a rank out).
    pub fn finish(mut self) -> Setup {
        for rank in Rank::ALL {
            'place: while self.left(rank) > 0 {
                for row in (0..SETUP_ROWS).rev() {
                    for column in 0..SETUP_COLUMNS {
                        if self.put(rank, row, column) {
                            continue 'place;
                        }
                    }
                }
                break;
            }
        }
        self.setup
    }
}

/// The steps between two setup places.
pub(super) fn steps(a: (usize, usize), b: (usize, usize)) -> usize {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

/// The place of the first `rank` in `placement`, if one is placed.
pub(super) fn find(placement: &Placement, rank: Rank) -> Option<(usize, usize)> {
    (0..SETUP_ROWS)
        .flat_map(|row| (0..SETUP_COLUMNS).map(move |column| (row, column)))
        .find(|&(row, column)| placement.at(row, column) == Some(rank))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::rng::seeded;

    #[test]
    fn the_fortress_walls_the_flag_in_while_bombs_last() {
        for seed in 0..40 {
            let mut placement = Placement::new(&Army::CLASSIC);
            let column = placement.fortress(&mut seeded(seed));
            assert_eq!(placement.at(BACK, column), Some(Rank::Flag));
            assert_eq!(placement.at(BACK - 1, column), Some(Rank::Bomb));
            for side in [column.wrapping_sub(1), column + 1] {
                if side < SETUP_COLUMNS {
                    assert_eq!(placement.at(BACK, side), Some(Rank::Bomb), "seed {seed}");
                }
            }
            let setup = placement.finish();
            assert_eq!(setup.check(&Army::CLASSIC), Ok(()));
        }
        let mut barrage = Placement::new(&Army::BARRAGE);
        let column = barrage.fortress(&mut seeded(3));
        assert!(column == 0 || column == SETUP_COLUMNS - 1, "one Bomb: a corner");
        assert_eq!(barrage.at(BACK - 1, column), Some(Rank::Bomb), "the Bomb in front of the Flag");
        assert_eq!(barrage.finish().check(&Army::BARRAGE), Ok(()));
    }
}
