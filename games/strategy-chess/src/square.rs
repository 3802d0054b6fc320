//! The 10x10 board's squares, its lakes, directions and square sets.
//!
//! Files `a`..`j` run left to right as Red sees the board, ranks `1`..`10`
//! from Red's back row. A square's index is `(rank - 1) * 10 + file`, so
//! `a1` is 0 and `j10` is 99.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Squares on a side of the board.
pub const SIZE: usize = 10;
/// Squares on the board, lakes included.
pub const SQUARES: usize = SIZE * SIZE;

/// A square of the board, `a1`..`j10`. Always on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index (`0..100`).
    pub const fn new(index: usize) -> Option<Square> {
        if index < SQUARES { Some(Square(index as u8)) } else { None }
    }

    /// The square on `file` (0 = a) and `row` (0 = rank 1).
    pub const fn at(file: usize, row: usize) -> Option<Square> {
        if file < SIZE && row < SIZE { Some(Square((row * SIZE + file) as u8)) } else { None }
    }

    /// Every square, a1 first, rank by rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// The index `0..100`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = `a`.
    pub const fn file(self) -> usize {
        self.0 as usize % SIZE
    }

    /// The row, 0 = rank 1 (Red's back row).
    pub const fn row(self) -> usize {
        self.0 as usize / SIZE
    }

    /// The set holding just this square. A table lookup: a `u128` shift by
    /// a variable amount costs several instructions on the hot paths.
    #[inline]
    pub fn bit(self) -> SquareSet {
        BITS[self.0 as usize & (BITS.len() - 1)]
    }

    /// Whether the square is one of the eight lake squares.
    pub const fn is_lake(self) -> bool {
        LAKES & bit(self.0 as usize) != 0
    }

    /// How many rows the square lies in front of `owner`'s back row: 0 on
    /// the back row, 3 on the front row of a setup.
    pub const fn depth_for(self, owner: crate::Colour) -> usize {
        match owner {
            crate::Colour::Red => self.row(),
            crate::Colour::Blue => SIZE - 1 - self.row(),
        }
    }

    /// The neighbour in `dir`, if it is on the board (lakes included).
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (f, r) = (self.file() as i32, self.row() as i32);
        let (df, dr) = dir.delta();
        let (f, r) = (f + df, r + dr);
        if f < 0 || r < 0 || f >= SIZE as i32 || r >= SIZE as i32 {
            None
        } else {
            Some(Square((r * SIZE as i32 + f) as u8))
        }
    }

    /// The neighbours on the board that are not lakes.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        Direction::ALL.into_iter().filter_map(move |d| self.step(d)).filter(|s| !s.is_lake())
    }

    /// Whether `other` is next to this square (not diagonally).
    pub const fn is_next_to(self, other: Square) -> bool {
        let (a, b) = (self.0 as i32, other.0 as i32);
        let d = a - b;
        (d == 10 || d == -10) || ((d == 1 || d == -1) && a / 10 == b / 10)
    }

    /// The direction and distance from this square to `to`, if they share a
    /// file or a rank and differ.
    pub const fn line_to(self, to: Square) -> Option<(Direction, usize)> {
        let (f0, r0, f1, r1) = (self.file(), self.row(), to.file(), to.row());
        if f0 == f1 && r1 > r0 {
            Some((Direction::North, r1 - r0))
        } else if f0 == f1 && r1 < r0 {
            Some((Direction::South, r0 - r1))
        } else if r0 == r1 && f1 > f0 {
            Some((Direction::East, f1 - f0))
        } else if r0 == r1 && f1 < f0 {
            Some((Direction::West, f0 - f1))
        } else {
            None
        }
    }

    /// Reads `a1`..`j10` (the file letter may be upper case).
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !('a'..='j').contains(&file) {
            return None;
        }
        let rank_text = chars.as_str();
        if rank_text.is_empty() || rank_text.len() > 2 || !rank_text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: usize = rank_text.parse().ok()?;
        if !(1..=SIZE).contains(&rank) || rank_text.starts_with('0') {
            return None;
        }
        Square::at(file as usize - 'a' as usize, rank - 1)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.row() + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Square::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a square a1..j10: {text}")))
    }
}

/// One of the four directions a piece moves in. North is towards Blue's
/// back row (rank 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards rank 10.
    North,
    /// Towards file j.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
}

impl Direction {
    /// All four, clockwise from North.
    pub const ALL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    /// The index 0..4 in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// (file, row) change of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
        }
    }

    /// Whether the direction runs along a file (North or South).
    pub const fn is_vertical(self) -> bool {
        matches!(self, Direction::North | Direction::South)
    }
}

/// A set of squares as bits `0..100` of a `u128`.
pub type SquareSet = u128;

/// The set holding only square `index`.
pub const fn bit(index: usize) -> SquareSet {
    1u128 << index
}

/// [`bit`] of every index below 128 (the squares, then empty sets).
static BITS: [SquareSet; 128] = {
    let mut bits = [0; 128];
    let mut i = 0;
    while i < SQUARES {
        bits[i] = bit(i);
        i += 1;
    }
    bits
};

/// Every square of the board.
pub const BOARD: SquareSet = (1u128 << SQUARES) - 1;

/// The eight lake squares: c5, d5, g5, h5, c6, d6, g6, h6.
pub const LAKES: SquareSet = bit(42) | bit(43) | bit(46) | bit(47) | bit(52) | bit(53) | bit(56) | bit(57);

/// The squares a piece may ever stand on.
pub const LAND: SquareSet = BOARD & !LAKES;

const fn file_set(file: usize) -> SquareSet {
    let mut set = 0;
    let mut row = 0;
    while row < SIZE {
        set |= bit(row * SIZE + file);
        row += 1;
    }
    set
}

/// File a.
pub const FILE_A: SquareSet = file_set(0);
/// File j.
pub const FILE_J: SquareSet = file_set(SIZE - 1);

/// The set shifted one step in `dir`; squares that would leave the board
/// drop out.
#[inline]
pub const fn shift(set: SquareSet, dir: Direction) -> SquareSet {
    match dir {
        Direction::North => (set << SIZE) & BOARD,
        Direction::South => set >> SIZE,
        Direction::East => (set & !FILE_J) << 1,
        Direction::West => (set & !FILE_A) >> 1,
    }
}

/// The squares one step from a square of `set`, in any direction (lakes
/// included; the set's own squares only if they neighbour each other).
#[inline]
pub const fn next_to(set: SquareSet) -> SquareSet {
    shift(set, Direction::North)
        | shift(set, Direction::East)
        | shift(set, Direction::South)
        | shift(set, Direction::West)
}

/// The index change of one step in `dir`.
pub const fn offset(dir: Direction) -> i32 {
    match dir {
        Direction::North => SIZE as i32,
        Direction::East => 1,
        Direction::South => -(SIZE as i32),
        Direction::West => -1,
    }
}

/// The squares of a set, lowest index first.
pub fn squares_of(mut set: SquareSet) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let index = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(Square(index as u8))
        }
    })
}

/// The `n`-th (0-based) square of a set, lowest index first.
pub fn nth_square(set: SquareSet, n: u32) -> Option<Square> {
    let low = set as u64;
    let high = (set >> 64) as u64;
    let low_count = low.count_ones();
    let (mut word, mut n, base) = if n < low_count { (low, n, 0) } else { (high, n - low_count, 64) };
    if n >= word.count_ones() {
        return None;
    }
    while n > 0 {
        word &= word - 1;
        n -= 1;
    }
    Square::new(base + word.trailing_zeros() as usize)
}

/// The neighbour of each square in each direction, or `None` off the board
/// or in a lake: the table move generation walks.
pub(crate) const NEIGHBOUR: [[Option<Square>; 4]; SQUARES] = {
    let mut table = [[None; 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut d = 0;
        while d < 4 {
            let sq = Square(i as u8);
            table[i][d] = match sq.step(Direction::ALL[d]) {
                Some(n) if !n.is_lake() => Some(n),
                _ => None,
            };
            d += 1;
        }
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("a1").map(Square::index), Some(0));
        assert_eq!(Square::parse("j10").map(Square::index), Some(99));
        assert_eq!(Square::parse("B4").map(|s| s.to_string()), Some("b4".into()));
        for bad in ["", "a", "k1", "a0", "a11", "a01", "a1x", "1a", "a+1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_eight_lakes() {
        let lakes: Vec<String> = squares_of(LAKES).map(|s| s.to_string()).collect();
        assert_eq!(lakes, ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]);
        assert_eq!(LAND.count_ones(), 92);
    }

    #[test]
    fn shifts_stay_on_the_board() {
        assert_eq!(shift(FILE_J, Direction::East), 0);
        assert_eq!(shift(FILE_A, Direction::West), 0);
        assert_eq!(shift(bit(95), Direction::North), 0);
        assert_eq!(shift(bit(5), Direction::South), 0);
        assert_eq!(shift(bit(0), Direction::North), bit(10));
        assert_eq!(shift(bit(0), Direction::East), bit(1));
    }

    #[test]
    fn nth_square_selects_in_order() {
        let set = bit(3) | bit(70) | bit(99);
        assert_eq!(nth_square(set, 0), Square::new(3));
        assert_eq!(nth_square(set, 1), Square::new(70));
        assert_eq!(nth_square(set, 2), Square::new(99));
        assert_eq!(nth_square(set, 3), None);
    }

    #[test]
    fn lines_and_neighbours() {
        let b4 = Square::parse("b4").unwrap();
        assert_eq!(b4.line_to(Square::parse("b9").unwrap()), Some((Direction::North, 5)));
        assert_eq!(b4.line_to(Square::parse("a4").unwrap()), Some((Direction::West, 1)));
        assert_eq!(b4.line_to(Square::parse("c5").unwrap()), None);
        assert!(b4.is_next_to(Square::parse("b5").unwrap()));
        assert!(!Square::parse("j4").unwrap().is_next_to(Square::parse("a5").unwrap()));
        let c4 = Square::parse("c4").unwrap();
        assert_eq!(c4.neighbours().count(), 3, "c5 is a lake");
        assert_eq!(NEIGHBOUR[c4.index()][Direction::North.index()], None);
    }
}
