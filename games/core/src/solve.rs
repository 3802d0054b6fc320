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

    /// A hash of everything that decides the future margin, leaving out
    /// the banked part. It must include the side to move.
    fn future_key(&self) -> u64 {
        self.hash_key()
    }
}
