//! Bitboards: the board as one machine word (or two), one bit per square,
//! and the whole-board operations the rules are built from.
//!
//! # Layouts
//! A [`Square`](crate::Square) is numbered `rank * 11 + file` on every
//! board (the public numbering, also the bits of a
//! [`SquareSet`](crate::SquareSet)). Inside a position the stones use one
//! of two layouts, chosen by the board size; [`Word`] is the layout:
//!
//! - **compact** (`u64`, sizes up to [`COMPACT_MAX_SIZE`] = 8): square
//!   (file, rank) is bit `rank * 8 + file`;
//! - **wide** (`u128`, sizes 9..=11): bit `rank * 11 + file`, the public
//!   numbering itself.
//!
//! Why two: a move is a few dozen whole-board operations, and on a `u128`
//! each costs two instructions (a shift three or four) and the code runs
//! out of registers. On the default 8x8 board the compact layout makes
//! every one of them a single instruction, which halves the cost of a move.
//! A position keeps its bitboards in `u128` fields whatever the layout (a
//! compact board in the low 64 bits), so that it has one type; the hot
//! code reads them as its [`Word`], and [`Geometry`] converts to and from
//! the public numbering at the API.
//!
//! # Shifts
//! Moving every stone one square east is `<< 1`, north is `<< stride`. A
//! stone shifted off the board's east edge lands either on file `size` (off
//! the board, cleared by the board mask) or, when the board fills the
//! stride, on file `a` of the next rank, which is why the east shift also
//! clears file `a`. The west shift likewise clears the stride's last file.
//!
//! # Neighbour counts
//! [`neighbour_counts`] counts, for every square at once, how many of a set
//! of stones surround it: the shifted boards are added bit-sliced, so the
//! count at each square is a 4-bit number spread over four words (as
//! Game-of-Life bitboards do). [`NeighbourCounts::at_least`] then compares
//! all counts with a threshold in a few word operations.

use crate::rules::{MAX_SIZE, MIN_SIZE, Neighbourhood};
use crate::square::STRIDE;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// The largest board kept in the compact (`u64`, stride 8) layout.
pub(crate) const COMPACT_MAX_SIZE: u8 = 8;

/// The stride of the compact layout.
const COMPACT_STRIDE: u32 = 8;

/// Per-square tables have 128 entries, so that an index `& 127` needs no
/// bounds check; the entries past the layout's squares stay empty.
pub(crate) const TABLE_SIZE: usize = 128;

/// A bitboard layout: the word that holds a board and the distance
/// between its ranks.
///
/// Implemented by `u64` (compact, boards up to 8x8) and `u128` (wide).
pub(crate) trait Word:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The distance in bits between two ranks.
    const STRIDE: u32;
    /// No square.
    const ZERO: Self;

    /// The bitboard kept in a position's `u128` field.
    fn from_stored(bits: u128) -> Self;
    /// The bitboard as a position's `u128` field keeps it.
    fn stored(self) -> u128;
    /// The square with layout index `index` (taken modulo the word's size,
    /// so that a nonsense index cannot overflow the shift).
    fn bit(index: usize) -> Self;
    /// The lowest square's layout index; the word must not be zero.
    fn first(self) -> usize;
    /// How many squares the word holds.
    fn count(self) -> u32;
    /// The word without its lowest square.
    fn without_first(self) -> Self;
    /// The squares next to layout index `index` on the largest board of
    /// the layout (smaller boards mask them with their board).
    fn neighbours(index: usize, neighbourhood: Neighbourhood) -> Self;
}

impl Word for u64 {
    const STRIDE: u32 = COMPACT_STRIDE;
    const ZERO: u64 = 0;

    #[inline(always)]
    fn from_stored(bits: u128) -> u64 {
        bits as u64
    }
    #[inline(always)]
    fn stored(self) -> u128 {
        self.into()
    }
    #[inline(always)]
    fn bit(index: usize) -> u64 {
        1 << (index & 63)
    }
    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn without_first(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn neighbours(index: usize, neighbourhood: Neighbourhood) -> u64 {
        COMPACT_NEIGHBOURS[neighbourhood as usize][index & 63]
    }
}

impl Word for u128 {
    const STRIDE: u32 = STRIDE;
    const ZERO: u128 = 0;

    #[inline(always)]
    fn from_stored(bits: u128) -> u128 {
        bits
    }
    #[inline(always)]
    fn stored(self) -> u128 {
        self
    }
    #[inline(always)]
    fn bit(index: usize) -> u128 {
        1 << (index & 127)
    }
    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn without_first(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn neighbours(index: usize, neighbourhood: Neighbourhood) -> u128 {
        WIDE_NEIGHBOURS[neighbourhood as usize][index & (TABLE_SIZE - 1)]
    }
}

/// The stride of the layout of a board of side `size`.
pub(crate) const fn stride_for(size: u8) -> u32 {
    if size <= COMPACT_MAX_SIZE { COMPACT_STRIDE } else { STRIDE }
}

/// The file of `stride`'s last column on every rank that fits a `u128`.
const fn file_mask(stride: u32, file: u32) -> u128 {
    let mut mask = 0;
    let mut rank = 0;
    while rank * stride + file < 128 {
        mask |= 1u128 << (rank * stride + file);
        rank += 1;
    }
    mask
}

/// The fixed masks and tables of one board size, in the size's layout
/// (except [`Geometry::squares`], in the public numbering).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// The board's side.
    pub size: u8,
    /// The distance in bits between two ranks of the layout.
    pub stride: u32,
    /// Every square of the board.
    pub board: u128,
    /// Where an east shift may land: the board without file `a`.
    east_ok: u128,
    /// Where a west shift may land: the board without the stride's last
    /// file.
    west_ok: u128,
    /// The four corner squares.
    pub corners: u128,
    /// The edge squares that are not corners.
    pub edges: u128,
    /// Every other square.
    pub interior: u128,
    /// Every square of the board in the public numbering.
    pub squares: u128,
    /// The layout index of each public square index (off the board: an
    /// index past the board's squares, or one the board's mask clears).
    index_of: [u8; TABLE_SIZE],
    /// The public square index of each layout index.
    square_of: [u8; TABLE_SIZE],
}

impl Geometry {
    const fn new(size: u8) -> Geometry {
        let n = size as u32;
        let stride = stride_for(size);
        let mut board = 0u128;
        let mut squares = 0u128;
        let mut rim = 0u128;
        let mut corners = 0u128;
        let mut index_of = [(TABLE_SIZE - 1) as u8; TABLE_SIZE];
        let mut square_of = [0u8; TABLE_SIZE];
        let mut rank = 0;
        while rank < n {
            let mut file = 0;
            while file < n {
                let index = rank * stride + file;
                let public = rank * STRIDE + file;
                board |= 1u128 << index;
                squares |= 1u128 << public;
                index_of[public as usize] = index as u8;
                square_of[index as usize] = public as u8;
                let on_rank_edge = rank == 0 || rank == n - 1;
                let on_file_edge = file == 0 || file == n - 1;
                if on_rank_edge && on_file_edge {
                    corners |= 1u128 << index;
                } else if on_rank_edge || on_file_edge {
                    rim |= 1u128 << index;
                }
                file += 1;
            }
            rank += 1;
        }
        Geometry {
            size,
            stride,
            board,
            east_ok: board & !file_mask(stride, 0),
            west_ok: board & !file_mask(stride, stride - 1),
            corners,
            edges: rim,
            interior: board & !rim & !corners,
            squares,
            index_of,
            square_of,
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
    pub fn east<W: Word>(&self, b: W) -> W {
        (b << 1) & W::from_stored(self.east_ok)
    }

    /// Every stone moved one file west (towards file `a`).
    #[inline(always)]
    pub fn west<W: Word>(&self, b: W) -> W {
        (b >> 1) & W::from_stored(self.west_ok)
    }

    /// Every stone moved one rank north (away from Player One).
    #[inline(always)]
    pub fn north<W: Word>(&self, b: W) -> W {
        (b << W::STRIDE) & W::from_stored(self.board)
    }

    /// Every stone moved one rank south. Nothing falls onto the board from
    /// below rank 1, so no mask is needed.
    #[inline(always)]
    pub fn south<W: Word>(&self, b: W) -> W {
        b >> W::STRIDE
    }

    /// The stones `b` and every square next to one of them.
    #[inline(always)]
    pub fn spread<W: Word>(&self, b: W, neighbourhood: Neighbourhood) -> W {
        match neighbourhood {
            Neighbourhood::Orthogonal => b | self.east(b) | self.west(b) | self.north(b) | self.south(b),
            Neighbourhood::Surrounding => {
                let row = b | self.east(b) | self.west(b);
                row | self.north(row) | self.south(row)
            }
        }
    }

    /// The layout index of `square`; for a square off the board, an index
    /// whose bit is off the board or, on a full compact word, any square.
    #[inline(always)]
    pub fn index_of(&self, square: crate::Square) -> usize {
        self.index_of[square.index() & (TABLE_SIZE - 1)] as usize
    }

    /// The square of layout index `index`. The wide layout is the public
    /// numbering, so only the compact one reads the table.
    #[inline(always)]
    pub fn square_at<W: Word>(&self, index: usize) -> crate::Square {
        if W::STRIDE == STRIDE {
            crate::Square::from_index(index as u32)
        } else {
            crate::Square::from_index(self.square_of[index & (TABLE_SIZE - 1)].into())
        }
    }

    /// The bit of `square` in the layout; no bit for a square off the
    /// board.
    pub fn bit_of(&self, square: crate::Square) -> u128 {
        if self.squares & square.bit() == 0 { 0 } else { 1u128 << self.index_of(square) }
    }

    /// Squares of the layout in the public numbering.
    pub fn to_squares(&self, bits: u128) -> u128 {
        self.relayout(bits, self.stride, STRIDE)
    }

    /// Squares in the public numbering in the layout.
    pub fn to_layout(&self, squares: u128) -> u128 {
        self.relayout(squares, STRIDE, self.stride)
    }

    /// Moves each rank of the board from one stride to the other.
    fn relayout(&self, bits: u128, from: u32, to: u32) -> u128 {
        if from == to {
            return bits;
        }
        let rank_mask = (1u128 << self.size) - 1;
        (0..self.size as u32).fold(0, |out, rank| out | (bits >> (rank * from) & rank_mask) << (rank * to))
    }
}

static GEOMETRIES: [Geometry; (MAX_SIZE - MIN_SIZE + 1) as usize] = {
    let mut sizes = [const { Geometry::new(MIN_SIZE) }; (MAX_SIZE - MIN_SIZE + 1) as usize];
    let mut i = 0;
    while i < sizes.len() {
        sizes[i] = Geometry::new(MIN_SIZE + i as u8);
        i += 1;
    }
    sizes
};

/// For each neighbourhood (by its enum value), for each layout index of a
/// `stride` x `stride` board, the squares next to it (itself excluded).
/// Smaller boards mask it with their board.
const fn neighbour_table(stride: u32, neighbourhood: Neighbourhood) -> [u128; TABLE_SIZE] {
    let diagonals = matches!(neighbourhood, Neighbourhood::Surrounding);
    let mut table = [0u128; TABLE_SIZE];
    let mut index = 0;
    while index < stride * stride {
        let (file, rank) = ((index % stride) as i32, (index / stride) as i32);
        let mut mask = 0u128;
        let mut dr = -1;
        while dr <= 1 {
            let mut df = -1;
            while df <= 1 {
                let (f, r) = (file + df, rank + dr);
                let orthogonal = (df == 0) != (dr == 0);
                let wanted = (df != 0 || dr != 0) && (diagonals || orthogonal);
                if wanted && f >= 0 && r >= 0 && f < stride as i32 && r < stride as i32 {
                    mask |= 1u128 << (r as u32 * stride + f as u32);
                }
                df += 1;
            }
            dr += 1;
        }
        table[index as usize] = mask;
        index += 1;
    }
    table
}

/// [`neighbour_table`] for the compact layout, in `u64`s.
const fn compact_neighbour_table(neighbourhood: Neighbourhood) -> [u64; 64] {
    let wide = neighbour_table(COMPACT_STRIDE, neighbourhood);
    let mut table = [0u64; 64];
    let mut index = 0;
    while index < 64 {
        table[index] = wide[index] as u64;
        index += 1;
    }
    table
}

/// The neighbour tables, indexed by `Neighbourhood as usize`.
static WIDE_NEIGHBOURS: [[u128; TABLE_SIZE]; 2] = {
    let mut tables = [[0; TABLE_SIZE]; 2];
    tables[Neighbourhood::Orthogonal as usize] = neighbour_table(STRIDE, Neighbourhood::Orthogonal);
    tables[Neighbourhood::Surrounding as usize] = neighbour_table(STRIDE, Neighbourhood::Surrounding);
    tables
};
static COMPACT_NEIGHBOURS: [[u64; 64]; 2] = {
    let mut tables = [[0; 64]; 2];
    tables[Neighbourhood::Orthogonal as usize] = compact_neighbour_table(Neighbourhood::Orthogonal);
    tables[Neighbourhood::Surrounding as usize] = compact_neighbour_table(Neighbourhood::Surrounding);
    tables
};

/// For every square at once, how many of a set of stones surround it
/// (0..=8): bit `i` of each square's count is that square's bit in
/// `slices[i]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NeighbourCounts<W> {
    slices: [W; 4],
}

/// Counts, for every square of the board, the stones of `b` next to it.
#[inline(always)]
pub(crate) fn neighbour_counts<W: Word>(
    b: W,
    g: &Geometry,
    neighbourhood: Neighbourhood,
) -> NeighbourCounts<W> {
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
            NeighbourCounts { slices: [side0 ^ vert0, sum1, carry1, W::ZERO] }
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

impl<W: Word> NeighbourCounts<W> {
    /// The squares whose count is at least `threshold` (1..=8). A
    /// threshold of 0 is a switched-off rule: no square.
    ///
    /// Counts never exceed 8 (`1000` in binary), so each comparison is a
    /// few word operations on the slices; the rules fix the threshold for
    /// a whole game, so the branch is always predicted.
    #[inline(always)]
    pub fn at_least(&self, threshold: u8) -> W {
        let [c0, c1, c2, c3] = self.slices;
        match threshold {
            0 => W::ZERO,
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

    /// The count at one layout index, for tests.
    #[cfg(test)]
    pub fn at(&self, index: usize) -> u8 {
        (0..4).map(|i| u8::from(self.slices[i] & W::bit(index) != W::ZERO) << i).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stones of `b` (layout `stride`) next to layout index `index`,
    /// counted square by square.
    fn naive_count(b: u128, stride: u32, size: u8, index: usize, diagonals: bool) -> u8 {
        let stride = stride as i32;
        let (file, rank) = (index as i32 % stride, index as i32 / stride);
        let mut count = 0;
        for dr in -1..=1 {
            for df in -1..=1 {
                if (df, dr) == (0, 0) || (!diagonals && df != 0 && dr != 0) {
                    continue;
                }
                let (f, r) = (file + df, rank + dr);
                if f >= 0 && r >= 0 && f < size as i32 && r < size as i32 {
                    count += (b >> (r * stride + f) & 1) as u8;
                }
            }
        }
        count
    }

    #[test]
    fn geometry_masks() {
        let g = Geometry::of(8).unwrap();
        assert_eq!((g.stride, g.board), (8, u64::MAX as u128));
        assert_eq!(g.corners.count_ones(), 4);
        assert_eq!(g.edges.count_ones(), 24);
        assert_eq!(g.interior.count_ones(), 36);
        let g = Geometry::of(11).unwrap();
        assert_eq!((g.stride, g.board, g.squares), (11, (1u128 << 121) - 1, (1u128 << 121) - 1));
        assert_eq!(g.edges.count_ones(), 36);
        assert!(Geometry::of(4).is_none() && Geometry::of(12).is_none());
        for size in MIN_SIZE..=MAX_SIZE {
            let g = Geometry::of(size).unwrap();
            let n = size as usize;
            assert_eq!(g.stride, if size <= 8 { 8 } else { 11 });
            assert_eq!(g.board.count_ones() as usize, n * n);
            // Corners, edges and the interior split the board.
            assert_eq!((g.corners.count_ones(), g.edges.count_ones() as usize), (4, 4 * (n - 2)));
            assert_eq!(g.interior.count_ones() as usize, (n - 2) * (n - 2));
            assert_eq!(g.corners | g.edges | g.interior, g.board);
            assert_eq!(g.corners & g.edges | g.corners & g.interior | g.edges & g.interior, 0);
            // Every square maps to its layout index and back.
            for square in crate::SquareSet(g.squares) {
                let index = g.index_of(square);
                assert_eq!(index, square.rank() as usize * g.stride as usize + square.file() as usize);
                assert_eq!(g.bit_of(square), 1u128 << index);
                if size <= COMPACT_MAX_SIZE {
                    assert_eq!(g.square_at::<u64>(index), square);
                } else {
                    assert_eq!(g.square_at::<u128>(index), square);
                }
            }
            assert_eq!(g.to_squares(g.board), g.squares);
            assert_eq!(g.to_layout(g.squares), g.board);
            if let Some(off_board) = crate::Square::new(size, size - 1) {
                assert_eq!(g.bit_of(off_board), 0);
            }
        }
    }

    /// Neighbour counts and spreads of `W` against [`naive_count`] on the
    /// board `g`, for random stones.
    fn check_counts<W: Word>(g: &Geometry, state: &mut u64) {
        for (neighbourhood, diagonals) in
            [(Neighbourhood::Orthogonal, false), (Neighbourhood::Surrounding, true)]
        {
            for index in (0..TABLE_SIZE).filter(|&i| g.board >> i & 1 == 1) {
                let around = W::neighbours(index, neighbourhood).stored() & g.board;
                let expected = (0..TABLE_SIZE)
                    .filter(|&i| naive_count(1u128 << i, g.stride, g.size, index, diagonals) == 1)
                    .fold(0, |acc, i| acc | 1u128 << i);
                assert_eq!(around, expected & g.board, "size {} square {index}", g.size);
            }
        }
        for _ in 0..50 {
            // A cheap xorshift: this test needs varied boards, not quality.
            let mut b = 0u128;
            for _ in 0..2 {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                b = (b << 64) | *state as u128;
            }
            let b = b & g.board;
            for (neighbourhood, diagonals) in
                [(Neighbourhood::Orthogonal, false), (Neighbourhood::Surrounding, true)]
            {
                let counts = neighbour_counts(W::from_stored(b), g, neighbourhood);
                let on_board = (0..TABLE_SIZE).filter(|&i| g.board >> i & 1 == 1);
                for index in on_board.clone() {
                    let expected = naive_count(b, g.stride, g.size, index, diagonals);
                    assert_eq!(counts.at(index), expected, "size {} square {index}", g.size);
                    for threshold in 1..=8 {
                        let hit = counts.at_least(threshold) & W::bit(index) != W::ZERO;
                        assert_eq!(
                            hit,
                            expected >= threshold,
                            "size {} square {index} >= {threshold}",
                            g.size
                        );
                    }
                }
                assert!(counts.at_least(0) == W::ZERO);
                let spread = g.spread(W::from_stored(b), neighbourhood).stored();
                let touching = on_board.filter(|&i| naive_count(b, g.stride, g.size, i, diagonals) > 0);
                let expected = touching.fold(b, |acc, i| acc | 1u128 << i) & g.board;
                assert_eq!(spread, expected);
            }
        }
    }

    #[test]
    fn counts_match_a_plain_count_on_every_size() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for size in MIN_SIZE..=MAX_SIZE {
            let g = Geometry::of(size).unwrap();
            if size <= COMPACT_MAX_SIZE {
                check_counts::<u64>(g, &mut state);
            } else {
                check_counts::<u128>(g, &mut state);
            }
        }
    }

    #[test]
    fn neighbour_tables() {
        // d4 has 8 and 4 neighbours; a1 has 3 and 2.
        let d4 = 3 + 3 * 11;
        assert_eq!(u128::neighbours(d4, Neighbourhood::Surrounding).count_ones(), 8);
        assert_eq!(u128::neighbours(d4, Neighbourhood::Orthogonal).count_ones(), 4);
        assert_eq!(u128::neighbours(0, Neighbourhood::Surrounding), 0b10 | 0b11 << 11);
        assert_eq!(u128::neighbours(0, Neighbourhood::Orthogonal), 0b10 | 0b1 << 11);
        assert_eq!(u64::neighbours(0, Neighbourhood::Surrounding), 0b10 | 0b11 << 8);
        // k1 does not wrap round to a2, nor h1 in the compact layout.
        assert_eq!(u128::neighbours(10, Neighbourhood::Surrounding).count_ones(), 3);
        assert_eq!(u64::neighbours(7, Neighbourhood::Surrounding).count_ones(), 3);
        assert_eq!(u64::neighbours(63, Neighbourhood::Orthogonal), 1 << 62 | 1 << 55);
    }
}
