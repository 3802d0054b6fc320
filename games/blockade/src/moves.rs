//! Where a stone may go, and what placing it changes: the rules as the
//! crate documentation states them, on bitboards.
//!
//! Each move costs a few dozen word operations: the neighbour counts of the
//! whole board come bit-sliced from [`neighbour_counts`], and each rule is
//! one comparison of all counts with its threshold, masked to the squares
//! next to the placed stone and to the kind of square the rule is about.

use crate::bitboard::{neighbour_counts, neighbours};
use crate::board::Blockade;
use crate::hash;
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

/// The changes of a move as bitboards: the fast path of [`MoveEffects`].
#[derive(Clone, Copy)]
struct Changes {
    /// The squares next to the placed one.
    around: u128,
    placed: u128,
    captured: u128,
    claimed: u128,
    overcrowded: u128,
}

impl Blockade {
    /// The legal moves as a bitboard, as kept by every move.
    #[inline(always)]
    pub(crate) fn legal(&self) -> u128 {
        self.legal
    }

    /// The legal moves computed from the stones: empty squares next to
    /// stones of both colours.
    #[inline(always)]
    pub(crate) fn find_legal(&self) -> u128 {
        let n = self.rules.neighbourhood;
        let g = self.geometry;
        self.empty() & g.spread(self.stones[0], n) & g.spread(self.stones[1], n)
    }

    /// The squares the player to move may place a stone on; empty exactly
    /// when the game is over.
    pub fn legal_squares(&self) -> SquareSet {
        SquareSet(self.legal())
    }

    /// What placing a stone on `square` would do, without doing it: the
    /// squares captured, claimed and overcrowded. Refuses an illegal move
    /// with the rule it breaks.
    pub fn effects(&self, square: Square) -> Result<MoveEffects, BlockadeViolation> {
        self.check(square)?;
        let changes = self.changes(square);
        Ok(MoveEffects {
            mover: self.to_move,
            placed: square,
            captured: SquareSet(changes.captured),
            claimed: SquareSet(changes.claimed),
            overcrowded: SquareSet(changes.overcrowded),
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
        if self.occupied() & square.bit() != 0 {
            return Err(BlockadeViolation::Occupied { square });
        }
        let n = self.rules.neighbourhood;
        let around = neighbours(square.index(), n);
        let mover = self.to_move.index() & 1;
        if around & self.stones[mover] == 0 {
            return Err(BlockadeViolation::NoOwnNeighbour { square });
        }
        if around & self.stones[mover ^ 1] == 0 {
            return Err(BlockadeViolation::NoEnemyNeighbour { square });
        }
        Ok(())
    }

    /// The changes of placing the mover's stone on `square`, assumed legal.
    #[inline(always)]
    fn changes(&self, square: Square) -> Changes {
        let rules = &self.rules;
        let g = self.geometry;
        let mover = self.to_move.index() & 1;
        let placed = square.bit() & g.board;
        let own = self.stones[mover] | placed;
        let enemy = self.stones[mover ^ 1];
        let around = neighbours(square.index(), rules.neighbourhood) & g.board;
        let counts = neighbour_counts(own, g, rules.neighbourhood);
        Changes {
            around,
            placed,
            captured: around & enemy & counts.at_least(rules.capture),
            claimed: around & !own & !enemy & counts.at_least(rules.claim),
            overcrowded: around & own & counts.at_least(rules.overcrowd),
        }
    }

    /// Places the mover's stone on `square` and applies its changes,
    /// without checking that the move is legal.
    ///
    /// The scores, the hash and the stable scores follow the few changed
    /// squares. Only a square next to a newly filled one can have lost its
    /// last empty neighbour, and such a square was not stable before (it
    /// had that empty neighbour), so the newly stable squares are the
    /// stable ones around the added stones.
    #[inline]
    pub(crate) fn place(&mut self, square: Square) {
        let Changes { around, placed, captured, claimed, overcrowded } = self.changes(square);
        let (me, other) = (self.to_move.index() & 1, (self.to_move.index() & 1) ^ 1);
        let added = placed | claimed;
        // Captured stones were the opponent's and overcrowded ones the
        // mover's, so both change colour: one XOR on each side.
        let flipped = captured | overcrowded;
        self.stones[me] ^= added | flipped;
        self.stones[other] ^= flipped;

        // The hash and the scores follow the few changed squares, one loop
        // per kind of change (a bit test on a `u128` by a variable index
        // costs more than a second loop).
        let mut hash = self.hash ^ hash::SECOND_TO_MOVE_KEY ^ hash::stone_key(me, square.index());
        let mut added_points = self.square_points(square.index());
        let mut squares = claimed;
        while squares != 0 {
            let index = squares.trailing_zeros() as usize;
            hash ^= hash::stone_key(me, index);
            added_points = added_points.wrapping_add(self.square_points(index));
            squares &= squares - 1;
        }
        let mut taken = 0u16;
        let mut squares = captured;
        while squares != 0 {
            let index = squares.trailing_zeros() as usize;
            hash ^= hash::flip_key(index);
            taken = taken.wrapping_add(self.square_points(index));
            squares &= squares - 1;
        }
        let mut lost = 0u16;
        let mut squares = overcrowded;
        while squares != 0 {
            let index = squares.trailing_zeros() as usize;
            hash ^= hash::flip_key(index);
            lost = lost.wrapping_add(self.square_points(index));
            squares &= squares - 1;
        }
        self.hash = hash;
        self.scores[me] = self.scores[me].wrapping_add(added_points).wrapping_add(taken).wrapping_sub(lost);
        self.scores[other] = self.scores[other].wrapping_add(lost).wrapping_sub(taken);

        let n = self.rules.neighbourhood;
        let g = self.geometry;
        let empty = self.empty();
        // The squares whose neighbourhood lost an empty square.
        let touched = if claimed == 0 { around | placed } else { g.spread(added, n) };
        let newly_stable = touched & !empty & !g.spread(empty, n);
        if newly_stable != 0 {
            for seat in [me, other] {
                let value = self.sparse_value(newly_stable & self.stones[seat]);
                self.stable_scores[seat] = self.stable_scores[seat].wrapping_add(value);
            }
        }
        self.legal = empty & g.spread(self.stones[0], n) & g.spread(self.stones[1], n);
        self.to_move = self.to_move.opponent();
    }
}
