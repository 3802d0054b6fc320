//! The Blockade position: whose stones are where, and who moves next.

use crate::bitboard::{COMPACT_MAX_SIZE, Geometry, Word};
use crate::rules::BlockadeRules;
use crate::square::{Square, SquareSet};
use game_core::{RuleSet, Seat};

/// A Blockade position under its rules.
///
/// It holds two bitboards (the stones of each seat), the seat to move and
/// the legal squares, which every move keeps up to date because every node
/// of a search asks for them (is the game over?). The scores, the stable
/// scores and the hash are computed from the stones when asked (population
/// counts; a table look-up per byte for the hash), which costs less than
/// keeping them up to date square by square in every move. The rules and
/// the masks of the board size are copied inline or shared as `'static`:
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
        let mut position = Blockade { stones, legal: 0, to_move, rules: *rules, geometry };
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
        self.value(self.stones_of(seat))
    }

    /// The part of `seat`'s score on stable squares, which no move can
    /// change any more.
    pub fn stable_score(&self, seat: Seat) -> u32 {
        self.value(self.stones_of(seat) & self.stable())
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

    #[inline(always)]
    pub(crate) fn stable_in<W: Word>(&self) -> W {
        let empty = W::from_stored(self.empty());
        W::from_stored(self.occupied()) & !self.geometry.spread(empty, self.rules.neighbourhood)
    }

    /// The points of the stones `b` (in the board's layout).
    pub(crate) fn value(&self, b: u128) -> u32 {
        if self.compact() { self.value_in(b as u64) } else { self.value_in(b) }
    }

    /// The points of the stones `b`: corners and edges by the rules, 1
    /// elsewhere.
    #[inline(always)]
    pub(crate) fn value_in<W: Word>(&self, b: W) -> u32 {
        let g = self.geometry;
        let count = |mask: u128| (b & W::from_stored(mask)).count();
        count(g.corners) * u32::from(self.rules.corner_value)
            + count(g.edges) * u32::from(self.rules.edge_value)
            + count(g.interior)
    }
}
