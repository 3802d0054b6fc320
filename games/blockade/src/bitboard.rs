//! Bitboards: the board as a `u128`, one bit per square, and the
//! whole-board operations the rules are built from.
//!
//! # Layout
//! Square (file, rank) is bit `rank * 11 + file`, whatever the board size:
//! the stride is always 11, so every shift below is by a constant and a
//! [`Square`](crate::Square) means the same bit on every board. A board of
//! size `n` uses the bits with `file < n` and `rank < n`; its
//! [`Geometry::board`] mask says which. Bits above 120 are never set.
//!
//! # Shifts
//! Moving every stone one square east is `<< 1`, north is `<< 11`. A stone
//! shifted off the board's east edge lands either on file `n` (off a smaller
//! board, cleared by the board mask) or, on 11x11, on file `a` of the next
//! rank, which is why the east shift also clears file `a`. The west shift
//! likewise clears file `k`.
//!
//! # Neighbour counts
//! [`neighbour_counts`] counts, for every square at once, how many of a set
//! of stones surround it: the shifted boards are added bit-sliced, so the
//! count at each square is a 4-bit number spread over four `u128`s (as
//! Game-of-Life bitboards do). [`NeighbourCounts::at_least`] then compares
//! all 121 counts with a threshold in a dozen word operations.

use crate::rules::{MAX_SIZE, MIN_SIZE, Neighbourhood};

/// The distance in bits between two ranks.
pub(crate) const STRIDE: u32 = 11;

/// The squares of an 11x11 board.
const ALL_SQUARES: usize = (STRIDE * STRIDE) as usize;
/// Per-square tables have 128 entries, so that an index `& 127` needs no
/// bounds check; the entries past 120 stay empty.
const TABLE_SIZE: usize = 128;

/// File `a` on every rank.
const FILE_A: u128 = file_mask(0);
/// File `k` on every rank.
const FILE_K: u128 = file_mask(STRIDE as u8 - 1);

const fn file_mask(file: u8) -> u128 {
    let mut mask = 0;
    let mut rank = 0;
    while rank < STRIDE {
        mask |= 1u128 << (rank * STRIDE + file as u32);
        rank += 1;
    }
    mask
}

/// The fixed masks of one board size.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// The board's side.
    pub size: u8,
    /// Every square of the board.
    pub board: u128,
    /// Where an east shift may land: the board without file `a`.
    east_ok: u128,
    /// Where a west shift may land: the board without file `k`.
    west_ok: u128,
    /// The four corner squares.
    pub corners: u128,
    /// The edge squares that are not corners.
    pub edges: u128,
    /// Every other square.
    pub interior: u128,
    /// The class of each square by index: [`INTERIOR`], [`EDGE`] or
    /// [`CORNER`] (squares off the board count as interior). 128 entries,
    /// so that an index `& 127` needs no bounds check.
    pub class: [u8; TABLE_SIZE],
}

/// A square that scores 1.
pub(crate) const INTERIOR: u8 = 0;
/// An edge square that is not a corner: scores `edge_value`.
pub(crate) const EDGE: u8 = 1;
/// A corner square: scores `corner_value`.
pub(crate) const CORNER: u8 = 2;

impl Geometry {
    const fn new(size: u8) -> Geometry {
        let n = size as u32;
        let mut board = 0u128;
        let mut rim = 0u128;
        let mut rank = 0;
        while rank < n {
            let mut file = 0;
            while file < n {
                let bit = 1u128 << (rank * STRIDE + file);
                board |= bit;
                if rank == 0 || file == 0 || rank == n - 1 || file == n - 1 {
                    rim |= bit;
                }
                file += 1;
            }
            rank += 1;
        }
        let corners = if n == 0 {
            0
        } else {
            let last = n - 1;
            (1u128 << 0) | (1u128 << last) | (1u128 << (last * STRIDE)) | (1u128 << (last * STRIDE + last))
        };
        let edges = rim & !corners;
        let mut class = [INTERIOR; TABLE_SIZE];
        let mut index = 0;
        while index < ALL_SQUARES {
            if corners >> index & 1 == 1 {
                class[index] = CORNER;
            } else if edges >> index & 1 == 1 {
                class[index] = EDGE;
            }
            index += 1;
        }
        Geometry {
            size,
            board,
            east_ok: board & !FILE_A,
            west_ok: board & !FILE_K,
            corners,
            edges,
            interior: board & !rim,
            class,
        }
    }

    /// The geometry of a board of side `size`, if it is a board size.
    pub fn of(size: u8) -> Option<&'static Geometry> {
        if (MIN_SIZE..=MAX_SIZE).contains(&size) {
            Some(&GEOMETRIES[(size - MIN_SIZE) as usize])
        } else {
            None
        }
    }

    /// Every stone moved one file east (towards file `k`).
    #[inline(always)]
    pub fn east(&self, b: u128) -> u128 {
        (b << 1) & self.east_ok
    }

    /// Every stone moved one file west (towards file `a`).
    #[inline(always)]
    pub fn west(&self, b: u128) -> u128 {
        (b >> 1) & self.west_ok
    }

    /// Every stone moved one rank north (away from Player One).
    #[inline(always)]
    pub fn north(&self, b: u128) -> u128 {
        (b << STRIDE) & self.board
    }

    /// Every stone moved one rank south. Nothing falls onto the board from
    /// below rank 1, so no mask is needed.
    #[inline(always)]
    pub fn south(&self, b: u128) -> u128 {
        b >> STRIDE
    }

    /// The stones `b` and every square next to one of them.
    #[inline(always)]
    pub fn spread(&self, b: u128, neighbourhood: Neighbourhood) -> u128 {
        match neighbourhood {
            Neighbourhood::Orthogonal => b | self.east(b) | self.west(b) | self.north(b) | self.south(b),
            Neighbourhood::Surrounding => {
                let row = b | self.east(b) | self.west(b);
                row | self.north(row) | self.south(row)
            }
        }
    }

    /// Points for the stones `b`: corners and edges by the rules, 1
    /// elsewhere.
    #[inline]
    pub fn value(&self, b: u128, corner_value: u8, edge_value: u8) -> u32 {
        (b & self.corners).count_ones() * corner_value as u32
            + (b & self.edges).count_ones() * edge_value as u32
            + (b & self.interior).count_ones()
    }
}

static GEOMETRIES: [Geometry; (MAX_SIZE - MIN_SIZE + 1) as usize] = {
    let mut sizes = [const { Geometry::new(0) }; (MAX_SIZE - MIN_SIZE + 1) as usize];
    let mut i = 0;
    while i < sizes.len() {
        sizes[i] = Geometry::new(MIN_SIZE + i as u8);
        i += 1;
    }
    sizes
};

/// For each neighbourhood, for each square of the 11x11 board, the squares
/// next to it (itself excluded). Smaller boards mask it with their board.
static NEIGHBOURS: [[u128; TABLE_SIZE]; 2] = [neighbour_table(false), neighbour_table(true)];

const fn neighbour_table(diagonals: bool) -> [u128; TABLE_SIZE] {
    let mut table = [0u128; TABLE_SIZE];
    let mut index = 0;
    while index < ALL_SQUARES {
        let (file, rank) = ((index as u32 % STRIDE) as i32, (index as u32 / STRIDE) as i32);
        let mut mask = 0u128;
        let mut dr = -1;
        while dr <= 1 {
            let mut df = -1;
            while df <= 1 {
                let (f, r) = (file + df, rank + dr);
                let orthogonal = (df == 0) != (dr == 0);
                let wanted = (df != 0 || dr != 0) && (diagonals || orthogonal);
                if wanted && f >= 0 && r >= 0 && f < STRIDE as i32 && r < STRIDE as i32 {
                    mask |= 1u128 << (r as u32 * STRIDE + f as u32);
                }
                df += 1;
            }
            dr += 1;
        }
        table[index] = mask;
        index += 1;
    }
    table
}

/// The squares of the 11x11 board next to square `index` (below 121).
#[inline(always)]
pub(crate) fn neighbours(index: usize, neighbourhood: Neighbourhood) -> u128 {
    let table = match neighbourhood {
        Neighbourhood::Orthogonal => &NEIGHBOURS[0],
        Neighbourhood::Surrounding => &NEIGHBOURS[1],
    };
    table[index & (TABLE_SIZE - 1)]
}

/// For every square at once, how many of a set of stones surround it
/// (0..=8): bit `i` of each square's count is that square's bit in
/// `slices[i]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NeighbourCounts {
    slices: [u128; 4],
}

/// Counts, for every square of the board, the stones of `b` next to it.
#[inline(always)]
pub(crate) fn neighbour_counts(b: u128, g: &Geometry, neighbourhood: Neighbourhood) -> NeighbourCounts {
    // The two horizontal neighbours, as a 2-bit sum (half adder).
    let (e, w) = (g.east(b), g.west(b));
    let (side0, side1) = (e ^ w, e & w);
    match neighbourhood {
        Neighbourhood::Orthogonal => {
            let (n, s) = (g.north(b), g.south(b));
            let (vert0, vert1) = (n ^ s, n & s);
            // side + vert, two 2-bit numbers: at most 4.
            let carry0 = side0 & vert0;
            let sum1 = side1 ^ vert1 ^ carry0;
            let carry1 = (side1 & vert1) | (carry0 & (side1 ^ vert1));
            NeighbourCounts { slices: [side0 ^ vert0, sum1, carry1, 0] }
        }
        Neighbourhood::Surrounding => {
            // The row of three centred on each square (itself included):
            // side + b. side1 and side0 & b are never both set.
            let row0 = side0 ^ b;
            let row1 = side1 | (side0 & b);
            // The row below counts north of it, the row above south of it.
            let (up0, up1) = (g.north(row0), g.north(row1));
            let (down0, down1) = (g.south(row0), g.south(row1));
            // up + down + side: three 2-bit numbers, at most 3 + 3 + 2 = 8.
            let sum0 = up0 ^ down0 ^ side0;
            let carry0 = (up0 & down0) | (side0 & (up0 ^ down0));
            let ones1 = up1 ^ down1 ^ side1;
            let carry1 = (up1 & down1) | (side1 & (up1 ^ down1));
            let sum1 = ones1 ^ carry0;
            let carry01 = ones1 & carry0;
            NeighbourCounts { slices: [sum0, sum1, carry1 ^ carry01, carry1 & carry01] }
        }
    }
}

impl NeighbourCounts {
    /// The squares whose count is at least `threshold` (1..=8). A
    /// threshold of 0 is a switched-off rule: no square.
    ///
    /// Counts never exceed 8 (`1000` in binary), so each comparison is a
    /// few word operations on the slices; the rules fix the threshold for
    /// a whole game, so the branch is always predicted.
    #[inline(always)]
    pub fn at_least(&self, threshold: u8) -> u128 {
        let [c0, c1, c2, c3] = self.slices;
        match threshold {
            0 => 0,
            1 => c0 | c1 | c2 | c3,
            2 => c1 | c2 | c3,
            3 => (c0 & c1) | c2 | c3,
            4 => c2 | c3,
            5 => (c2 & (c0 | c1)) | c3,
            6 => (c2 & c1) | c3,
            7 => (c2 & c1 & c0) | c3,
            _ => c3,
        }
    }

    /// The count at one square, for tests.
    #[cfg(test)]
    pub fn at(&self, index: usize) -> u8 {
        (0..4).map(|i| ((self.slices[i] >> index & 1) as u8) << i).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_count(b: u128, size: u8, index: usize, diagonals: bool) -> u8 {
        let (file, rank) = ((index % 11) as i32, (index / 11) as i32);
        let mut count = 0;
        for dr in -1..=1 {
            for df in -1..=1 {
                if (df, dr) == (0, 0) || (!diagonals && df != 0 && dr != 0) {
                    continue;
                }
                let (f, r) = (file + df, rank + dr);
                if f >= 0 && r >= 0 && f < size as i32 && r < size as i32 {
                    count += (b >> (r * 11 + f) & 1) as u8;
                }
            }
        }
        count
    }

    #[test]
    fn geometry_masks() {
        let g = Geometry::of(8).unwrap();
        assert_eq!(g.board.count_ones(), 64);
        assert_eq!(g.corners.count_ones(), 4);
        assert_eq!(g.edges.count_ones(), 24);
        assert_eq!(g.interior.count_ones(), 36);
        let g = Geometry::of(11).unwrap();
        assert_eq!(g.board, (1u128 << 121) - 1);
        assert_eq!(g.edges.count_ones(), 36);
        assert!(Geometry::of(4).is_none() && Geometry::of(12).is_none());
        for index in 0..121 {
            let class = match (g.corners >> index & 1, g.edges >> index & 1) {
                (1, _) => CORNER,
                (_, 1) => EDGE,
                _ => INTERIOR,
            };
            assert_eq!(g.class[index], class);
        }
        assert_eq!(Geometry::of(5).unwrap().value(Geometry::of(5).unwrap().board, 9, 3), 4 * 9 + 12 * 3 + 9);
    }

    #[test]
    fn counts_match_a_plain_count_on_every_size() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for size in MIN_SIZE..=MAX_SIZE {
            let g = Geometry::of(size).unwrap();
            for _ in 0..50 {
                // A cheap xorshift: this test needs varied boards, not quality.
                let mut b = 0u128;
                for _ in 0..2 {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    b = (b << 64) | state as u128;
                }
                let b = b & g.board;
                for (neighbourhood, diagonals) in
                    [(Neighbourhood::Orthogonal, false), (Neighbourhood::Surrounding, true)]
                {
                    let counts = neighbour_counts(b, g, neighbourhood);
                    for index in 0..121 {
                        if g.board >> index & 1 == 0 {
                            continue;
                        }
                        let expected = naive_count(b, size, index, diagonals);
                        assert_eq!(counts.at(index), expected, "size {size} square {index}");
                        for threshold in 1..=8 {
                            let hit = counts.at_least(threshold) >> index & 1 == 1;
                            assert_eq!(
                                hit,
                                expected >= threshold,
                                "size {size} square {index} >= {threshold}"
                            );
                        }
                    }
                    assert_eq!(counts.at_least(0), 0);
                    let spread = g.spread(b, neighbourhood);
                    let touching = (0..121).filter(|&i| naive_count(b, size, i, diagonals) > 0);
                    let expected = touching.fold(b, |acc, i| acc | 1u128 << i) & g.board;
                    assert_eq!(spread, expected);
                }
            }
        }
    }

    #[test]
    fn neighbour_tables() {
        // d4 (index 3 + 3 * 11) has 8 and 4 neighbours; a1 has 3 and 2.
        assert_eq!(neighbours(36, Neighbourhood::Surrounding).count_ones(), 8);
        assert_eq!(neighbours(36, Neighbourhood::Orthogonal).count_ones(), 4);
        assert_eq!(neighbours(0, Neighbourhood::Surrounding), 0b10 | 0b11 << 11);
        assert_eq!(neighbours(0, Neighbourhood::Orthogonal), 0b10 | 0b1 << 11);
        // k1 does not wrap round to a2.
        assert_eq!(neighbours(10, Neighbourhood::Surrounding).count_ones(), 3);
    }
}
