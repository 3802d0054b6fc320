//! Squares and sets of squares, and how squares are written (`a1`..`k11`).

use crate::rules::MAX_SIZE;
use game_core::NotationError;
use std::fmt;

/// The distance in bits between two ranks in the public numbering of
/// squares (and in the wide layout of the bitboards).
pub(crate) const STRIDE: u32 = 11;

/// A square of the largest (11x11) board: a file `a..k` from Player One's
/// left and a rank `1..11` from Player One's side.
///
/// Squares do not depend on the board size: `e5` is the same `Square` on
/// every board, and a square beyond a smaller board is simply off it. It is
/// also Blockade's move: a move is the square the stone goes on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank`, both 0-based, if they are below 11.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIZE && rank < MAX_SIZE { Some(Square(rank * STRIDE as u8 + file)) } else { None }
    }

    /// The square with this bit index; the caller keeps it below 121.
    pub(crate) const fn from_index(index: u32) -> Square {
        Square(index as u8)
    }

    /// The 0-based file: 0 is file `a`, on Player One's left.
    pub const fn file(self) -> u8 {
        self.0 % STRIDE as u8
    }

    /// The 0-based rank: 0 is rank `1`, on Player One's side.
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE as u8
    }

    /// A dense index below 121 (`rank * 11 + file`), also the square's bit
    /// in a [`SquareSet`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The one-square bitboard.
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Reads a square name, `a1` to `k11` (upper-case letters are accepted
    /// too). The square may still be off a smaller board.
    pub fn parse(text: &str) -> Result<Square, NotationError> {
        let expected = "a square: a file letter a..k then a rank 1..11, like d4";
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let file = chars.next().map(|c| c.to_ascii_lowercase());
        let rank_text = chars.as_str();
        let file = match file {
            Some(c @ 'a'..='k') => c as u8 - b'a',
            _ => return Err(NotationError::new(expected, text)),
        };
        // Only plain digits without a leading zero: `parse` would also take
        // a sign or `04`, and a square has one name.
        let digits = rank_text.bytes().all(|b| b.is_ascii_digit());
        if !digits || rank_text.is_empty() || rank_text.len() > 2 || rank_text.starts_with('0') {
            return Err(NotationError::new(expected, text));
        }
        match rank_text.parse::<u8>() {
            Ok(rank @ 1..=MAX_SIZE) => {
                Square::new(file, rank - 1).ok_or_else(|| NotationError::new(expected, text))
            }
            _ => Err(NotationError::new(expected, text)),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares, one bit each: the stones of a seat, the legal moves,
/// the squares a move captured.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub(crate) u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set as a bitboard: bit `Square::index()` for each square.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether `square` is in the set.
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// How many squares the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares, in index order (a1, b1, ..., then rank 2, ...).
    pub fn iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Self {
        SquareSet(squares.into_iter().fold(0, |bits, sq| bits | sq.bit()))
    }
}

/// The squares of a [`SquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct SquareIter(u128);

impl Iterator for SquareIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for file in 0..MAX_SIZE {
            for rank in 0..MAX_SIZE {
                let sq = Square::new(file, rank).unwrap();
                assert_eq!((sq.file(), sq.rank()), (file, rank));
                assert_eq!(Square::parse(&sq.to_string()), Ok(sq));
            }
        }
        assert_eq!(Square::new(0, 0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(10, 10).unwrap().to_string(), "k11");
        assert_eq!(Square::new(3, 4).unwrap().to_string(), "d5");
        assert_eq!(Square::parse("E4"), Ok(Square::new(4, 3).unwrap()));
        assert_eq!(Square::new(11, 0), None);
    }

    #[test]
    fn bad_names_say_what_was_expected() {
        for bad in ["", "d", "4d", "l1", "a0", "a12", "a+1", "a01x", "a01", "a-1", "d 4", "é4", "a100"] {
            let err = Square::parse(bad).unwrap_err();
            assert!(err.expected.contains("a file letter a..k"), "{bad}: {err}");
            assert_eq!(err.found, bad);
        }
    }

    #[test]
    fn sets_iterate_in_index_order() {
        let squares = ["c2", "a1", "k11"].map(|s| Square::parse(s).unwrap());
        let set: SquareSet = squares.into_iter().collect();
        assert_eq!(set.len(), 3);
        assert!(set.contains(squares[0]));
        assert!(!set.contains(Square::parse("b1").unwrap()));
        assert_eq!(format!("{set:?}"), "{a1, c2, k11}");
        assert_eq!(set.iter().len(), 3);
        assert!(SquareSet::EMPTY.is_empty());
    }
}
