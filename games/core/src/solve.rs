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

    /// An endgame table for the rules of this position: exact future
    /// values of positions near the end of the game, worked out before the
    /// search so that it never has to search them. It may take up to
    /// `max_bytes` of memory; `None` (the default) when the game has none
    /// or none fits.
    ///
    /// The solver asks for it once per solve, so a game should size the
    /// table to the position: building it must cost less than the search
    /// it saves.
    fn endgame_table(&self, max_bytes: usize) -> Option<Box<dyn Endgame<Self>>> {
        let _ = max_bytes;
        None
    }
}

/// Exact future values of some positions of a game, for the solver (see
/// [`Solve::endgame_table`]).
pub trait Endgame<G>: Send {
    /// The future value of `position` for the side to move (the final
    /// margin minus [`Solve::banked_margin`]), if the table holds the
    /// position; `None` when it does not.
    fn future_value(&self, position: &G) -> Option<i32>;

    /// Whether the table holds `position`; if it does, also asks the
    /// processor to start loading what [`Endgame::future_value`] will
    /// read for it (only a hint), so that the solver can request what
    /// several positions need before it reads any of it.
    fn prefetch(&self, position: &G) -> bool {
        self.future_value(position).is_some()
    }

    /// The positions the table holds.
    fn positions(&self) -> u64;

    /// The bytes the table takes.
    fn bytes(&self) -> usize;

    /// A line saying what the table covers, for statistics (for example
    /// "every position with at most 16 stones in the piles").
    fn describe(&self) -> String;
}
