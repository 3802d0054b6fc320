//! Where a stone may go, and what placing it changes: the rules as the
//! crate documentation states them, on bitboards.
//!
//! Each move costs a few dozen word operations: the neighbour counts of the
//! whole board come bit-sliced from [`neighbour_counts`], and each rule is
//! one comparison of all counts with its threshold, masked to the squares
//! next to the placed stone and to the kind of square the rule is about.
//! The work is written once for both bitboard layouts ([`Word`]); each
//! entry point picks the board's layout.

use crate::bitboard::{Word, neighbour_counts};
use crate::board::Blockade;
use crate::rules::Neighbourhood;
use crate::square::{Square, SquareSet};
use crate::violation::BlockadeViolation;
use game_core::Seat;

/// What one move does to the board, for the GUI to animate and explain.
///
/// The three sets are disjoint and all lie next to [`MoveEffects::placed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffects {
    /// Who moves.
    pub mover: Seat,
    /// Where the new stone goes.
    pub placed: Square,
    /// Opponent's stones that become the mover's (the capture rule).
    pub captured: SquareSet,
    /// Empty squares that get a stone of the mover's (the claim rule).
    pub claimed: SquareSet,
    /// The mover's stones that become the opponent's (the overcrowd rule).
    pub overcrowded: SquareSet,
}

impl MoveEffects {
    /// Every square the move changes, the placed one included.
    pub fn changed(&self) -> SquareSet {
        SquareSet(self.placed.bit() | self.captured.0 | self.claimed.0 | self.overcrowded.0)
    }
}

/// The changes of a move as bitboards of the board's layout: the fast
/// path of [`MoveEffects`].
#[derive(Clone, Copy)]
struct Changes<W> {
    placed: W,
    captured: W,
    claimed: W,
    overcrowded: W,
}

impl Blockade {
    /// The legal moves as a bitboard of the board's layout, as kept by
    /// every move.
    #[inline(always)]
    pub(crate) fn legal(&self) -> u128 {
        self.legal
    }

    /// The legal moves computed from the stones: empty squares next to
    /// stones of both colours.
    pub(crate) fn find_legal(&self) -> u128 {
        if self.compact() {
            self.find_legal_in::<u64>().stored()
        } else {
            self.find_legal_in::<u128>().stored()
        }
    }

    #[inline(always)]
    fn find_legal_in<W: Word>(&self) -> W {
        let n = self.rules.neighbourhood;
        let g = self.geometry;
        let [first, second] = self.stones.map(W::from_stored);
        W::from_stored(self.empty()) & g.spread(first, n) & g.spread(second, n)
    }

    /// How many legal moves there are.
    #[inline]
    pub(crate) fn legal_count(&self) -> u32 {
        if self.compact() { (self.legal as u64).count_ones() } else { self.legal.count_ones() }
    }

    /// Appends the legal moves to `moves`, lowest square index first.
    #[inline(always)]
    pub(crate) fn push_legal<W: Word>(&self, moves: &mut Vec<Square>) {
        let mut legal = W::from_stored(self.legal);
        while legal != W::ZERO {
            moves.push(self.geometry.square_at::<W>(legal.first()));
            legal = legal.without_first();
        }
    }

    /// The `k`-th legal move (from 0, lowest square index first); `k` must
    /// be below the number of legal moves.
    #[inline(always)]
    pub(crate) fn nth_legal<W: Word>(&self, k: u32) -> Square {
        let mut legal = W::from_stored(self.legal);
        for _ in 0..k {
            legal = legal.without_first();
        }
        self.geometry.square_at::<W>(legal.first())
    }

    /// The squares the player to move may place a stone on; empty exactly
    /// when the game is over.
    pub fn legal_squares(&self) -> SquareSet {
        SquareSet(self.geometry.to_squares(self.legal()))
    }

    /// What placing a stone on `square` would do, without doing it: the
    /// squares captured, claimed and overcrowded. Refuses an illegal move
    /// with the rule it breaks.
    pub fn effects(&self, square: Square) -> Result<MoveEffects, BlockadeViolation> {
        self.check(square)?;
        let at = self.geometry.index_of(square);
        let [captured, claimed, overcrowded] = if self.compact() {
            let changes = self.changes::<u64>(at, self.rules.neighbourhood);
            [changes.captured, changes.claimed, changes.overcrowded].map(Word::stored)
        } else {
            let changes = self.changes::<u128>(at, self.rules.neighbourhood);
            [changes.captured, changes.claimed, changes.overcrowded]
        };
        let squares = |bits| SquareSet(self.geometry.to_squares(bits));
        Ok(MoveEffects {
            mover: self.to_move,
            placed: square,
            captured: squares(captured),
            claimed: squares(claimed),
            overcrowded: squares(overcrowded),
        })
    }

    /// Checks a move against every rule, naming the first one it breaks.
    pub(crate) fn check(&self, square: Square) -> Result<(), BlockadeViolation> {
        if self.legal() == 0 {
            return Err(BlockadeViolation::GameOver);
        }
        if !self.is_on_board(square) {
            return Err(BlockadeViolation::OffBoard { square, size: self.size() });
        }
        if self.occupied() & self.geometry.bit_of(square) != 0 {
            return Err(BlockadeViolation::Occupied { square });
        }
        let (at, n) = (self.geometry.index_of(square), self.rules.neighbourhood);
        let around = if self.compact() { u64::neighbours(at, n).stored() } else { u128::neighbours(at, n) };
        let mover = self.to_move.index() & 1;
        if around & self.stones[mover] == 0 {
            return Err(BlockadeViolation::NoOwnNeighbour { square });
        }
        if around & self.stones[mover ^ 1] == 0 {
            return Err(BlockadeViolation::NoEnemyNeighbour { square });
        }
        Ok(())
    }

    /// The changes of placing the mover's stone on layout index `at`,
    /// assumed legal; `n` is the rules' neighbourhood (a constant in the
    /// hot path, so that every neighbourhood test folds away).
    #[inline(always)]
    fn changes<W: Word>(&self, at: usize, n: Neighbourhood) -> Changes<W> {
        let rules = &self.rules;
        let g = self.geometry;
        let board = W::from_stored(g.board);
        let mover = self.to_move.index() & 1;
        let placed = W::bit(at) & board;
        let own = W::from_stored(self.stones[mover]) | placed;
        let enemy = W::from_stored(self.stones[mover ^ 1]);
        let around = W::neighbours(at, n) & board;
        let counts = neighbour_counts(own, g, n);
        Changes {
            placed,
            captured: around & enemy & counts.at_least(rules.capture),
            claimed: around & !(own | enemy) & counts.at_least(rules.claim),
            overcrowded: around & own & counts.at_least(rules.overcrowd),
        }
    }

    /// Places the mover's stone on `square` and applies its changes,
    /// without checking that the move is legal.
    #[inline]
    pub(crate) fn place(&mut self, square: Square) {
        let at = self.geometry.index_of(square);
        // One copy of the move per layout and neighbourhood, so that each
        // is straight-line code with no test of either.
        match (self.compact(), self.rules.neighbourhood) {
            (true, Neighbourhood::Surrounding) => self.place_in::<u64, true>(at),
            (true, Neighbourhood::Orthogonal) => self.place_in::<u64, false>(at),
            (false, Neighbourhood::Surrounding) => self.place_in::<u128, true>(at),
            (false, Neighbourhood::Orthogonal) => self.place_in::<u128, false>(at),
        }
    }

    /// [`Blockade::place`] on layout index `at`, in the board's layout.
    #[inline(always)]
    fn place_in<W: Word, const DIAGONALS: bool>(&mut self, at: usize) {
        let n = if DIAGONALS { Neighbourhood::Surrounding } else { Neighbourhood::Orthogonal };
        let Changes { placed, captured, claimed, overcrowded } = self.changes::<W>(at, n);
        let (me, other) = (self.to_move.index() & 1, (self.to_move.index() & 1) ^ 1);
        let added = placed | claimed;
        // Captured stones were the opponent's and overcrowded ones the
        // mover's, so both change colour: one XOR on each side.
        let flipped = captured | overcrowded;
        let mine = W::from_stored(self.stones[me]) ^ (added | flipped);
        let theirs = W::from_stored(self.stones[other]) ^ flipped;
        self.stones[me] = mine.stored();
        self.stones[other] = theirs.stored();

        let g = self.geometry;
        let empty = W::from_stored(g.board) & !(mine | theirs);
        self.legal = (empty & g.spread(mine, n) & g.spread(theirs, n)).stored();
        self.to_move = self.to_move.opponent();
    }
}
