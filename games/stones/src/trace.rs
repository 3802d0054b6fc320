//! The step-by-step story of a move, for the GUI to animate stone by stone.
//!
//! The trace is recorded by the same sowing code the search runs (through a
//! watcher), so what the screen shows is what the rules did.

use crate::board::{Pit, Place, Stones};
use crate::moves::{Sow, StonesViolation};
use crate::sowing::{Landing, Ring, SowingWatcher};
use game_core::{Game, Outcome, Seat};

/// One step of a move, in the order a player sees it happen.
///
/// Applying the steps in order to the position before the move gives the
/// position after it: `Lift`, `Relay`, `Capture` and `Sweep` empty the
/// piles they name and `Drop` adds one stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SowingStep {
    /// The mover lifts every stone of the pile they chose.
    Lift {
        /// The chosen pile.
        pit: Pit,
        /// How many stones are now in hand.
        stones: u8,
    },
    /// One stone is dropped into a pile or score pile.
    Drop {
        /// Where it falls.
        place: Place,
    },
    /// Relay: the last stone fell into a pile that held stones, so the
    /// whole pile (the dropped stone included) is lifted and sowing goes on
    /// from the next place.
    Relay {
        /// The pile lifted.
        pit: Pit,
        /// How many stones are now in hand.
        stones: u8,
    },
    /// Kalah: the last stone fell into the mover's own empty pit; it and
    /// the opposite pit's stones go to the mover's score pile.
    Capture {
        /// The mover's pit where the last stone fell.
        pit: Pit,
        /// The pit facing it (may have been empty, with `empty_capture`).
        opposite: Pit,
        /// The capturing player's score pile.
        store: Seat,
        /// Stones moved to the score pile (the last stone included).
        stones: u8,
    },
    /// The sowing is over: a free turn, or the turn passes.
    Landed(Landing),
    /// End sweep: a side ran empty, and this pile is banked.
    Sweep {
        /// The pile emptied.
        pit: Pit,
        /// The score pile it goes to.
        store: Seat,
        /// How many stones.
        stones: u8,
    },
}

/// A move as it happened: every step, and where it left the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowingTrace {
    /// The steps, in order.
    pub steps: Vec<SowingStep>,
    /// How the sowing ended.
    pub landing: Landing,
    /// The position after the move.
    pub after: Stones,
    /// The result, if the move ended the game.
    pub outcome: Option<Outcome>,
}

impl Stones {
    /// The step-by-step trace of sowing `mv` here, for animation: every
    /// drop, every relay pickup, any capture and the end sweep. Refuses an
    /// illegal move with the broken rule, like [`Game::check_move`]. Pure:
    /// this position is not changed.
    ///
    /// ```
    /// use game_core::{Game, Seat};
    /// use stones::{Landing, Place, SowingStep, Stones, StonesRules};
    ///
    /// let start = Stones::start(&StonesRules::default(), &[]).unwrap();
    /// let trace = start.trace(start.parse_move("4").unwrap()).unwrap();
    /// // Pile 4 holds 4 stones: piles 3, 2, 1, then the score pile.
    /// assert_eq!(trace.steps[4], SowingStep::Drop { place: Place::Store(Seat::FIRST) });
    /// assert_eq!(trace.landing, Landing::FreeTurn);
    /// assert_eq!(trace.after.to_move(), Seat::FIRST);
    /// ```
    pub fn trace(&self, mv: Sow) -> Result<SowingTrace, StonesViolation> {
        self.check_move(mv)?;
        let mut after = self.clone();
        let mut recorder = Recorder { steps: Vec::new() };
        let landing = after.sow(mv.pile, &mut recorder);
        let outcome = after.outcome();
        Ok(SowingTrace { steps: recorder.steps, landing, after, outcome })
    }
}

/// Records the engine's reports as steps a player can read, one drop at a
/// time.
struct Recorder {
    steps: Vec<SowingStep>,
}

impl SowingWatcher for Recorder {
    fn lift(&mut self, ring: Ring, at: u32, stones: u32) {
        self.steps.push(SowingStep::Lift { pit: ring.pit(at), stones: stones as u8 });
    }

    fn drops(&mut self, ring: Ring, from: u32, count: u32) {
        let mut at = from;
        for _ in 0..count {
            at = ring.below(at);
            self.steps.push(SowingStep::Drop { place: ring.place(at) });
        }
    }

    fn relay(&mut self, ring: Ring, at: u32, stones: u32) {
        self.steps.push(SowingStep::Relay { pit: ring.pit(at), stones: stones as u8 });
    }

    fn capture(&mut self, ring: Ring, at: u32, opposite: u32, stones: u32) {
        let (pit, opposite) = (ring.pit(at), ring.pit(opposite));
        self.steps.push(SowingStep::Capture { pit, opposite, store: ring.mover(), stones: stones as u8 });
    }

    fn landed(&mut self, landing: Landing) {
        self.steps.push(SowingStep::Landed(landing));
    }

    fn sweep(&mut self, pit: Pit, store: Seat, stones: u8) {
        self.steps.push(SowingStep::Sweep { pit, store, stones });
    }
}
