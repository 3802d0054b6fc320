//! What an exact solver may know about a perfect-information game.

use crate::{Game, Seat};

/// A perfect-information game an exact solver can search efficiently.
///
/// Some games bank part of the score for good: stones in a mancala store
/// never leave it. The final margin is then the banked margin now plus the
/// margin still to be won, and the second part depends only on the rest of
/// the position. A solver that searches that *future* value can share
/// transposition-table entries between positions that differ only in what
/// is banked. Games without a banked part keep the defaults.
pub trait Solve: Game {
    /// The part of the final margin, from `seat`'s side, that is already
    /// decided and that no future play can change.
    fn banked_margin(&self, seat: Seat) -> i64 {
        let _ = seat;
        0
    }

    /// A hash of everything that decides the future margin *for the side
    /// to move*, leaving out the banked part. Two positions with the same
    /// key must have the same future margin for their movers: so the key
    /// includes the side to move, unless the game treats both seats alike
    /// and the position is already described from the mover's side (then
    /// leaving it out lets mirror-image positions share a table entry).
    fn future_key(&self) -> u64 {
        self.hash_key()
    }

    /// A bound `B` on the future margin: whatever is played from here, the
    /// final margin differs from the banked one by at most `B` either way
    /// (for a mancala, the stones still in play). The solver cuts off
    /// windows it cannot reach. `None` (the default) when unknown.
    fn future_bound(&self) -> Option<i32> {
        None
    }

    /// A cheap guess of the future margin for the side to move, used only
    /// to aim the solver's first guess (the horizon of its shallow
    /// search); it never affects the value found. 0 by default.
    fn future_estimate(&self) -> i32 {
        0
    }
}
