//! The Blockade position: whose stones are where, and who moves next.

use crate::bitboard::{CORNER, EDGE, Geometry};
use crate::hash;
use crate::rules::BlockadeRules;
use crate::square::{Square, SquareSet};
use game_core::{RuleSet, Seat};
use std::fmt;

/// A Blockade position under its rules.
///
/// It holds two bitboards (the stones of each seat) and the seat to move;
/// what the search asks at every node is kept up to date by each move
/// rather than recomputed: the legal squares, the Zobrist hash, each
/// seat's score and the value of its stable stones. The rules and the
/// masks of the board size are copied inline or shared as `'static`:
/// cloning is a copy of a few words.
///
/// Build one with [`game_core::Game::start`] or
/// [`game_core::Game::parse_position`]. Both validate the rules, so a
/// `Blockade` always has a legal board size and thresholds.
#[derive(Clone, PartialEq, Eq)]
pub struct Blockade {
    /// The stones of each seat, by seat index.
    pub(crate) stones: [u128; 2],
    /// The legal squares for the seat to move (and so for both).
    pub(crate) legal: u128,
    /// Kept up to date by every move; equal to [`hash::from_scratch`].
    pub(crate) hash: u64,
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
    /// A position with these stones and this seat to move. The two sets
    /// must not overlap and must lie on the board.
    pub(crate) fn from_stones(
        rules: &BlockadeRules,
        stones: [u128; 2],
        to_move: Seat,
    ) -> Result<Blockade, String> {
        rules.validate().map_err(|e| e.to_string())?;
        let geometry = Geometry::of(rules.size).ok_or_else(|| format!("no board of size {}", rules.size))?;
        if stones[0] & stones[1] != 0 || (stones[0] | stones[1]) & !geometry.board != 0 {
            return Err("stones overlap or lie off the board".into());
        }
        let to_move = if to_move == Seat::SECOND { Seat::SECOND } else { Seat::FIRST };
        let mut position = Blockade {
            stones,
            legal: 0,
            hash: hash::from_scratch(stones, to_move),
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

    /// The board's side: 5..=11.
    pub fn size(&self) -> u8 {
        self.geometry.size
    }

    /// Whether `square` is on this board (a square like `j10` is off an
    /// 8x8 board).
    pub fn is_on_board(&self, square: Square) -> bool {
        self.geometry.board & square.bit() != 0
    }

    /// Every square of the board.
    pub fn squares(&self) -> SquareSet {
        SquareSet(self.geometry.board)
    }

    /// Whose stone stands on `square`; `None` for an empty square or one
    /// off the board.
    pub fn stone(&self, square: Square) -> Option<Seat> {
        let bit = square.bit();
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
        SquareSet(self.stones_of(seat))
    }

    /// The empty squares of the board.
    pub fn empty_squares(&self) -> SquareSet {
        SquareSet(self.empty())
    }

    /// What a stone on `square` scores: `corner_value` on a corner,
    /// `edge_value` on the rest of the edge, 1 elsewhere; `None` off the
    /// board.
    pub fn square_value(&self, square: Square) -> Option<u32> {
        self.is_on_board(square).then(|| self.value(square.bit()))
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
        SquareSet(self.stable())
    }

    pub(crate) fn stones_of(&self, seat: Seat) -> u128 {
        match seat {
            Seat::FIRST => self.stones[0],
            Seat::SECOND => self.stones[1],
            _ => 0,
        }
    }

    pub(crate) fn occupied(&self) -> u128 {
        self.stones[0] | self.stones[1]
    }

    pub(crate) fn empty(&self) -> u128 {
        self.geometry.board & !self.occupied()
    }

    pub(crate) fn stable(&self) -> u128 {
        self.occupied() & !self.geometry.spread(self.empty(), self.rules.neighbourhood)
    }

    /// The points of the stones `b`.
    pub(crate) fn value(&self, b: u128) -> u32 {
        self.geometry.value(b, self.rules.corner_value, self.rules.edge_value)
    }

    /// The points of a stone on square `index`.
    #[inline(always)]
    pub(crate) fn square_points(&self, index: usize) -> u16 {
        match self.geometry.class[index & 127] {
            CORNER => self.rules.corner_value.into(),
            EDGE => self.rules.edge_value.into(),
            _ => 1,
        }
    }

    /// The points of a few stones `b`, square by square: cheaper than
    /// [`Blockade::value`] for the handful of squares a move changes.
    #[inline]
    pub(crate) fn sparse_value(&self, mut b: u128) -> u16 {
        let mut total = 0u16;
        while b != 0 {
            total = total.wrapping_add(self.square_points(b.trailing_zeros() as usize));
            b &= b - 1;
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
