//! The Blockade position: whose stones are where, and who moves next.

use crate::bitboard::{COMPACT_MAX_SIZE, CORNER, EDGE, Geometry, INTERIOR, TABLE_SIZE, Word};
use crate::rules::BlockadeRules;
use crate::square::{Square, SquareSet};
use game_core::{RuleSet, Seat};
use std::fmt;

/// A Blockade position under its rules.
///
/// It holds two bitboards (the stones of each seat) and the seat to move;
/// what the search asks at every node is kept up to date by each move
/// rather than recomputed: the legal squares, each seat's score and the
/// value of its stable stones. (The hash is computed when asked: see
/// `hash.rs`.) The rules and the
/// masks of the board size are copied inline or shared as `'static`:
/// cloning is a copy of a few words.
///
/// Build one with [`game_core::Game::start`] or
/// [`game_core::Game::parse_position`]. Both validate the rules, so a
/// `Blockade` always has a legal board size and thresholds.
#[derive(Clone, PartialEq, Eq)]
pub struct Blockade {
    /// The stones of each seat, by seat index, in the board's layout (see
    /// `bitboard.rs`: a board up to 8x8 in the low 64 bits).
    pub(crate) stones: [u128; 2],
    /// The legal squares for the seat to move (and so for both), in the
    /// board's layout.
    pub(crate) legal: u128,
    /// Each seat's score, by seat index.
    pub(crate) scores: [u16; 2],
    /// The value of each seat's stable stones, by seat index. A stable
    /// stone never changes again, so this only grows.
    pub(crate) stable_scores: [u16; 2],
    pub(crate) to_move: Seat,
    pub(crate) rules: BlockadeRules,
    pub(crate) geometry: &'static Geometry,
}

impl Blockade {
    /// A position with these stones (in the public numbering of squares)
    /// and this seat to move. The two sets must not overlap and must lie
    /// on the board.
    pub(crate) fn from_stones(
        rules: &BlockadeRules,
        squares: [u128; 2],
        to_move: Seat,
    ) -> Result<Blockade, String> {
        rules.validate().map_err(|e| e.to_string())?;
        let geometry = Geometry::of(rules.size).ok_or_else(|| format!("no board of size {}", rules.size))?;
        if squares[0] & squares[1] != 0 || (squares[0] | squares[1]) & !geometry.squares != 0 {
            return Err("stones overlap or lie off the board".into());
        }
        let to_move = if to_move == Seat::SECOND { Seat::SECOND } else { Seat::FIRST };
        let stones = squares.map(|s| geometry.to_layout(s));
        let mut position = Blockade {
            stones,
            legal: 0,
            scores: [0; 2],
            stable_scores: [0; 2],
            to_move,
            rules: *rules,
            geometry,
        };
        let stable = position.stable();
        position.scores = stones.map(|b| position.value(b) as u16);
        position.stable_scores = stones.map(|b| position.value(b & stable) as u16);
        position.legal = position.find_legal();
        Ok(position)
    }

    /// Whether the bitboards use the compact layout (a `u64`), as every
    /// board up to 8x8 does; the wide one (a `u128`) otherwise.
    #[inline(always)]
    pub(crate) fn compact(&self) -> bool {
        self.rules.size <= COMPACT_MAX_SIZE
    }

    /// The board's side: 5..=11.
    pub fn size(&self) -> u8 {
        self.geometry.size
    }

    /// Whether `square` is on this board (a square like `j10` is off an
    /// 8x8 board).
    pub fn is_on_board(&self, square: Square) -> bool {
        self.geometry.squares & square.bit() != 0
    }

    /// Every square of the board.
    pub fn squares(&self) -> SquareSet {
        SquareSet(self.geometry.squares)
    }

    /// Whose stone stands on `square`; `None` for an empty square or one
    /// off the board.
    pub fn stone(&self, square: Square) -> Option<Seat> {
        let bit = self.geometry.bit_of(square);
        if self.stones[0] & bit != 0 {
            Some(Seat::FIRST)
        } else if self.stones[1] & bit != 0 {
            Some(Seat::SECOND)
        } else {
            None
        }
    }

    /// The squares holding `seat`'s stones (none for a seat that does not
    /// play).
    pub fn stones(&self, seat: Seat) -> SquareSet {
        SquareSet(self.geometry.to_squares(self.stones_of(seat)))
    }

    /// The empty squares of the board.
    pub fn empty_squares(&self) -> SquareSet {
        SquareSet(self.geometry.to_squares(self.empty()))
    }

    /// What a stone on `square` scores: `corner_value` on a corner,
    /// `edge_value` on the rest of the edge, 1 elsewhere; `None` off the
    /// board.
    pub fn square_value(&self, square: Square) -> Option<u32> {
        self.is_on_board(square).then(|| self.value(self.geometry.bit_of(square)))
    }

    /// `seat`'s score now: the values of the squares its stones stand on.
    pub fn score(&self, seat: Seat) -> u32 {
        self.scores.get(seat.index()).map_or(0, |&s| s.into())
    }

    /// The score and the stable score of `seat`, by seat index (0 or 1):
    /// the evaluation's fast path.
    #[inline]
    pub(crate) fn scores_of(&self, index: usize) -> (i32, i32) {
        (self.scores[index & 1] as i32, self.stable_scores[index & 1] as i32)
    }

    /// The part of `seat`'s score on stable squares, which no move can
    /// change any more.
    pub fn stable_score(&self, seat: Seat) -> u32 {
        self.stable_scores.get(seat.index()).map_or(0, |&s| s.into())
    }

    /// The squares that can never change again: stones with no empty
    /// neighbour. A square changes only when a stone is placed next to
    /// it, and nothing can be placed next to a fully surrounded square.
    pub fn stable_squares(&self) -> SquareSet {
        SquareSet(self.geometry.to_squares(self.stable()))
    }

    /// The stones of `seat`, in the board's layout.
    pub(crate) fn stones_of(&self, seat: Seat) -> u128 {
        match seat {
            Seat::FIRST => self.stones[0],
            Seat::SECOND => self.stones[1],
            _ => 0,
        }
    }

    /// The squares with a stone, in the board's layout.
    pub(crate) fn occupied(&self) -> u128 {
        self.stones[0] | self.stones[1]
    }

    /// The empty squares, in the board's layout.
    pub(crate) fn empty(&self) -> u128 {
        self.geometry.board & !self.occupied()
    }

    /// The stable squares, in the board's layout.
    pub(crate) fn stable(&self) -> u128 {
        if self.compact() { self.stable_in::<u64>().stored() } else { self.stable_in::<u128>().stored() }
    }

    fn stable_in<W: Word>(&self) -> W {
        let empty = W::from_stored(self.empty());
        W::from_stored(self.occupied()) & !self.geometry.spread(empty, self.rules.neighbourhood)
    }

    /// The points of the stones `b` (in the board's layout).
    pub(crate) fn value(&self, b: u128) -> u32 {
        self.geometry.value(b, self.rules.corner_value, self.rules.edge_value)
    }

    /// The points of a stone on each class of square
    /// ([`INTERIOR`], [`EDGE`], [`CORNER`]; the fourth entry is unused):
    /// indexing it costs no branch, where a `match` on the class is a
    /// branch the processor often guesses wrong.
    #[inline(always)]
    pub(crate) fn points_by_class(&self) -> [u16; 4] {
        let mut points = [0; 4];
        points[INTERIOR as usize] = 1;
        points[EDGE as usize] = self.rules.edge_value.into();
        points[CORNER as usize] = self.rules.corner_value.into();
        points
    }

    /// The points of a few stones `b`, square by square (`points` from
    /// [`Blockade::points_by_class`]): cheaper than [`Blockade::value`]
    /// for the handful of squares a move changes.
    #[inline(always)]
    pub(crate) fn sparse_value<W: Word>(&self, mut b: W, points: &[u16; 4]) -> u16 {
        let mut total = 0u16;
        while b != W::ZERO {
            let class = self.geometry.class[b.first() & (TABLE_SIZE - 1)];
            total = total.wrapping_add(points[usize::from(class & 3)]);
            b = b.without_first();
        }
        total
    }
}

impl fmt::Debug for Blockade {
    /// The position text and the rules that differ from the defaults, so
    /// a failing test prints something a person can read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Blockade({:?}; {})", crate::position_text::format(self), self.rules.summary())
    }
}
