//! The Blockade position: whose stones are where, and who moves next.

use crate::bitboard::Geometry;
use crate::hash;
use crate::rules::BlockadeRules;
use crate::square::{Square, SquareSet};
use game_core::{RuleSet, Seat};
use std::fmt;

/// A Blockade position under its rules.
///
/// It holds two bitboards (the stones of each seat), the seat to move and
/// the position's Zobrist hash, plus the rules and the masks of the board
/// size, all copied inline or shared as `'static`: cloning it is a copy of
/// a few words.
///
/// Build one with [`game_core::Game::start`] or
/// [`game_core::Game::parse_position`]. Both validate the rules, so a
/// `Blockade` always has a legal board size and thresholds.
#[derive(Clone, PartialEq, Eq)]
pub struct Blockade {
    /// The stones of each seat, by seat index.
    pub(crate) stones: [u128; 2],
    pub(crate) to_move: Seat,
    /// Kept up to date by every move; equal to [`hash::from_scratch`].
    pub(crate) hash: u64,
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
        Ok(Blockade { stones, to_move, hash: hash::from_scratch(stones, to_move), rules: *rules, geometry })
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
        self.value(self.stones_of(seat))
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
}

impl fmt::Debug for Blockade {
    /// The position text and the rules that differ from the defaults, so
    /// a failing test prints something a person can read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Blockade({:?}; {})", crate::position_text::format(self), self.rules.summary())
    }
}
