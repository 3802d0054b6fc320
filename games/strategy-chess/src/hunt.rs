//! How many steps a hunter needs to reach a Flag: the squares within each
//! number of steps of it, walking round the lakes (and, for all but a
//! Miner, round the Flag owner's Bombs).
//!
//! The evaluation asks this at every leaf of a search for both Flags, and
//! within one search the Flags and Bombs seldom change: so the rings
//! round a Flag are worked out once per Flag square and wall of Bombs
//! (Miners' rings once per square for the whole program) and then only
//! read.

use crate::square::{LAND, SQUARES, SquareSet, bit, next_to};
use std::cell::RefCell;
use std::sync::LazyLock;

/// How many steps out the rings go.
pub const RINGS: usize = 18;

/// `rings[s]`: the squares at most `s` steps from the Flag.
type Rings = [SquareSet; RINGS];

/// The rings from `flag` (a one-square set), not stepping on `walls`.
fn rings(flag: SquareSet, walls: SquareSet) -> Rings {
    let mut rings = [flag; RINGS];
    for s in 1..RINGS {
        rings[s] = rings[s - 1] | (next_to(rings[s - 1]) & LAND & !walls);
    }
    rings
}

/// A Miner's rings round every square: it walks through Bombs.
static MINED: LazyLock<Vec<Rings>> = LazyLock::new(|| (0..SQUARES).map(|i| rings(bit(i), 0)).collect());

/// How many walled rings each thread keeps: both Flags of the positions
/// it searches, with a spare.
const KEPT: usize = 4;

/// One Flag's rings behind one wall.
struct Walled {
    flag: usize,
    walls: SquareSet,
    rings: Rings,
}

thread_local! {
    /// The walled rings this thread worked out last, newest first.
    static WALLED: RefCell<Vec<Walled>> = const { RefCell::new(Vec::new()) };
}

/// The fewest steps from the Flag on square `flag` to a square of
/// `walkers` (walking round `walls` and the lakes) or of `miners`
/// (walking round the lakes only), if under [`RINGS`].
pub fn steps_to_flag(flag: usize, walls: SquareSet, walkers: SquareSet, miners: SquareSet) -> Option<usize> {
    let mined = &MINED[flag];
    WALLED.with(|cell| {
        let mut kept = cell.borrow_mut();
        let at = match kept.iter().position(|w| w.flag == flag && w.walls == walls) {
            Some(at) => at,
            None => {
                if kept.len() == KEPT {
                    kept.pop();
                }
                kept.insert(0, Walled { flag, walls, rings: rings(bit(flag), walls) });
                0
            }
        };
        let open = &kept[at].rings;
        (0..RINGS).find(|&s| open[s] & walkers != 0 || mined[s] & miners != 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::SIZE;

    /// The plain walk, step by step, as the rings must agree with.
    fn walked(flag: usize, walls: SquareSet, walkers: SquareSet, miners: SquareSet) -> Option<usize> {
        let (mut open, mut mined) = (bit(flag), bit(flag));
        for steps in 0..RINGS {
            if open & walkers != 0 || mined & miners != 0 {
                return Some(steps);
            }
            open |= next_to(open) & LAND & !walls;
            mined |= next_to(mined) & LAND;
        }
        None
    }

    #[test]
    fn rings_agree_with_walking_step_by_step() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let random_set = |next: &mut dyn FnMut() -> u64, one_in: u64| {
            (0..SQUARES).filter(|_| next() % one_in == 0).fold(0, |set, i| set | bit(i)) & LAND
        };
        for _ in 0..2_000 {
            let flag = loop {
                let i = (next() % SQUARES as u64) as usize;
                if LAND & bit(i) != 0 {
                    break i;
                }
            };
            let walls = random_set(&mut next, 8) & !bit(flag);
            let walkers = random_set(&mut next, 30) & !walls;
            let miners = random_set(&mut next, 60) & !walls;
            assert_eq!(steps_to_flag(flag, walls, walkers, miners), walked(flag, walls, walkers, miners));
        }
    }

    #[test]
    fn a_wall_round_a_corner_flag_stops_all_but_a_miner() {
        // The Flag on a1, Bombs on b1 and a2, a hunter on c1 and one on a3.
        let (flag, b1, a2) = (0, 1, SIZE);
        let walls = bit(b1) | bit(a2);
        let hunters = bit(2) | bit(2 * SIZE);
        assert_eq!(steps_to_flag(flag, walls, hunters, 0), None);
        assert_eq!(steps_to_flag(flag, walls, 0, hunters), Some(2));
    }
}
