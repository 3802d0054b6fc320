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

    /// The position after `mv`, what the move banks for the side that
    /// made it (the change of its [`Solve::banked_margin`]) and whether
    /// that side moves again. The default plays the move; a game may do
    /// the same faster for the solver, which makes every child this way.
    fn play_for_solver(&self, mv: Self::Move) -> (Self, i32, bool) {
        let mover = self.to_move();
        let banked = self.banked_margin(mover);
        let mut child = self.clone();
        child.play_unchecked(mv);
        let same = child.to_move() == mover;
        let gain = if same {
            child.banked_margin(mover) - banked
        } else {
            -child.banked_margin(child.to_move()) - banked
        };
        (child, gain as i32, same)
    }

    /// An endgame table for the rules of this position: exact future
    /// values of positions near the end of the game, worked out before the
    /// search so that it never has to search them. It may take up to
    /// `max_bytes` of memory, and be built by up to `threads` threads;
    /// `None` (the default) when the game has none or none fits.
    ///
    /// The solver asks for it once per solve, so a game should size the
    /// table to the position: building it must cost less than the search
    /// it saves.
    fn endgame_table(&self, max_bytes: usize, threads: usize) -> Option<Box<dyn Endgame<Self>>> {
        let _ = (max_bytes, threads);
        None
    }
}

/// Exact future values of some positions of a game, for the solver (see
/// [`Solve::endgame_table`]): an array of values and a way to find a
/// position's.
pub trait Endgame<G>: Send + Sync {
    /// Where [`Endgame::values`] keeps the future value of `position` for
    /// the side to move (the final margin minus
    /// [`Solve::banked_margin`]), if the table holds the position.
    ///
    /// It must not read the values: the solver locates all the children of
    /// a position first and then has their values loaded from memory at
    /// once, so that the waits overlap.
    fn locate(&self, position: &G) -> Option<usize>;

    /// Every future value the table holds (so at most 127 either way).
    fn values(&self) -> &[i8];

    /// The future value of `position`, if the table holds it.
    fn future_value(&self, position: &G) -> Option<i32> {
        self.locate(position).map(|slot| i32::from(self.values()[slot]))
    }

    /// A line saying what the table covers, for statistics (for example
    /// "every position with at most 16 stones in the piles").
    fn describe(&self) -> String;
}
