//! The heuristic the search uses at its horizon.

use crate::bitboard::Word;
use crate::board::Blockade;
use game_core::{Evaluate, Seat};

/// Weight of a point of score.
const MATERIAL: i32 = 16;
/// Extra weight of a point on a stable square: it is the mover's for good.
const STABILITY: i32 = 8;
/// Weight of one legal move, for the side that is behind.
const MOBILITY: i32 = 2;

impl Evaluate for Blockade {
    /// Material, stability and mobility, zero-sum between the seats.
    ///
    /// - **Material:** the score difference, squares weighted by their
    ///   values (corners and edges above the rest).
    /// - **Stability:** the score difference again, counting only stable
    ///   stones (no empty neighbour: nothing can ever be placed next to
    ///   them, so they never change).
    /// - **Mobility:** both players have the same legal squares (a legal
    ///   square touches both colours), so counting moves per side says
    ///   nothing. What mobility does decide is how long the game goes on:
    ///   as the original's manual advises, the leader wants few moves left
    ///   and the trailer many. The term is the number of legal moves, in
    ///   favour of the side behind on material.
    ///
    /// The largest board with the largest square values scores 881 points,
    /// so the value stays below 25,000, far within `EVAL_LIMIT`.
    #[inline]
    fn evaluate(&self, seat: Seat) -> i32 {
        if self.compact() { self.evaluate_in::<u64>(seat) } else { self.evaluate_in::<u128>(seat) }
    }
}

impl Blockade {
    /// [`Evaluate::evaluate`] in the board's layout. The scores come from
    /// population counts of the stones by class of square: no branch, where
    /// keeping them up to date in every move cost loops over the changed
    /// squares whose ends the processor could not predict.
    #[inline(never)]
    fn evaluate_in<W: Word>(&self, seat: Seat) -> i32 {
        let mover = seat.index() & 1;
        let mine = W::from_stored(self.stones[mover]);
        let theirs = W::from_stored(self.stones[mover ^ 1]);
        let stable = self.stable_in::<W>();
        let value = |b: W| self.value_in(b) as i32;
        let material = value(mine) - value(theirs);
        let settled = value(mine & stable) - value(theirs & stable);
        let mobility = -material.signum() * W::from_stored(self.legal).count() as i32;
        MATERIAL * material + STABILITY * settled + MOBILITY * mobility
    }
}
