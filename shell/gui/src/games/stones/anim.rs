//! A sowing played back stone by stone from the engine's trace.
//!
//! The counts shown while a move animates are the counts before it with
//! the trace's steps applied one at a time, so the board ends exactly where
//! the rules left it.

use game_core::Seat;
use stones::{Landing, Pit, Place, SowingStep, SowingTrace, Stones};

/// The counts on screen: piles by owner and pile number, and score piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// `piles[seat][pile - 1]`.
    pub piles: [[u8; 8]; 2],
    /// Score piles by seat.
    pub stores: [u8; 2],
}

impl Counts {
    /// The counts of a position.
    pub fn of(position: &Stones) -> Self {
        let mut piles = [[0u8; 8]; 2];
        for seat in [Seat::FIRST, Seat::SECOND] {
            for (i, &c) in position.row(seat).iter().enumerate().take(8) {
                piles[seat.index()][i] = c;
            }
        }
        Counts { piles, stores: [position.store(Seat::FIRST), position.store(Seat::SECOND)] }
    }

    /// The stones at a place.
    pub fn at(&self, place: Place) -> u8 {
        match place {
            Place::Store(seat) => self.stores[seat.index() & 1],
            Place::Pit(pit) => self.piles[pit.owner.index() & 1][(pit.pile.clamp(1, 8) - 1) as usize],
        }
    }

    fn set(&mut self, place: Place, n: u8) {
        match place {
            Place::Store(seat) => self.stores[seat.index() & 1] = n,
            Place::Pit(pit) => self.piles[pit.owner.index() & 1][(pit.pile.clamp(1, 8) - 1) as usize] = n,
        }
    }

    fn add(&mut self, place: Place, n: u8) {
        self.set(place, self.at(place).saturating_add(n));
    }
}

/// What the current step shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The mover lifts a pile.
    Lift(Pit),
    /// A stone falls.
    Drop(Place),
    /// A relay: the pile where the last stone fell is lifted.
    Relay(Pit),
    /// A Kalah capture into a score pile.
    Capture(Pit, Pit),
    /// The end sweep banks a pile.
    Sweep(Pit, Seat),
    /// Nothing yet, or the end.
    Still,
}

/// A sowing in progress.
#[derive(Clone, Debug)]
pub struct Sowing {
    /// The counts as shown now.
    pub counts: Counts,
    /// Stones in hand.
    pub hand: u8,
    /// Where the hand is, and where it was at the step before.
    pub at: Option<Place>,
    /// Where the hand came from.
    pub from: Option<Place>,
    /// The step being shown.
    pub moment: Moment,
    /// The seat sowing.
    pub mover: Seat,
    /// How the sowing ended.
    pub landing: Landing,
    steps: Vec<SowingStep>,
    next: usize,
    /// Seconds left in the current step.
    left: f32,
    /// Seconds the current step lasts.
    length: f32,
    step: f32,
}

impl Sowing {
    /// Plays `trace` from `before` with `step` seconds a stone.
    pub fn new(before: &Stones, trace: SowingTrace, step: f32) -> Self {
        Sowing {
            counts: Counts::of(before),
            hand: 0,
            at: None,
            from: None,
            moment: Moment::Still,
            mover: game_core::Game::to_move(before),
            landing: trace.landing,
            steps: trace.steps,
            next: 0,
            left: 0.0,
            length: 0.0,
            step,
        }
    }

    /// How far through the current step, 0..=1.
    pub fn progress(&self) -> f32 {
        if self.length <= 0.0 { 1.0 } else { (1.0 - self.left / self.length).clamp(0.0, 1.0) }
    }

    /// Whether every step has been shown.
    pub fn is_done(&self) -> bool {
        self.next >= self.steps.len() && self.left <= 0.0
    }

    /// Lets `dt` seconds pass.
    pub fn update(&mut self, dt: f32) {
        self.left -= dt;
        while self.left <= 0.0 && self.next < self.steps.len() {
            let step = self.steps[self.next];
            self.next += 1;
            let length = self.apply(step);
            self.length = length;
            self.left += length;
        }
    }

    /// Shows one step; returns how long it stays on screen.
    fn apply(&mut self, step: SowingStep) -> f32 {
        self.from = self.at;
        match step {
            SowingStep::Lift { pit, stones } => {
                self.counts.set(Place::Pit(pit), 0);
                self.hand = stones;
                self.at = Some(Place::Pit(pit));
                self.moment = Moment::Lift(pit);
                self.step * 1.3
            }
            SowingStep::Drop { place } => {
                self.counts.add(place, 1);
                self.hand = self.hand.saturating_sub(1);
                self.at = Some(place);
                self.moment = Moment::Drop(place);
                self.step
            }
            SowingStep::Relay { pit, stones } => {
                self.counts.set(Place::Pit(pit), 0);
                self.hand = stones;
                self.at = Some(Place::Pit(pit));
                self.moment = Moment::Relay(pit);
                self.step * 2.2
            }
            SowingStep::Capture { pit, opposite, store, stones } => {
                self.counts.set(Place::Pit(pit), 0);
                self.counts.set(Place::Pit(opposite), 0);
                self.counts.add(Place::Store(store), stones);
                self.at = Some(Place::Store(store));
                self.moment = Moment::Capture(pit, opposite);
                self.step * 2.5
            }
            SowingStep::Landed(_) => {
                self.hand = 0;
                self.moment = Moment::Still;
                self.step * 0.5
            }
            SowingStep::Sweep { pit, store, stones } => {
                self.counts.set(Place::Pit(pit), 0);
                self.counts.add(Place::Store(store), stones);
                self.at = Some(Place::Store(store));
                self.moment = Moment::Sweep(pit, store);
                self.step * 0.9
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;
    use stones::StonesRules;

    #[test]
    fn played_to_the_end_the_counts_are_the_rules_result() {
        let mut position = Stones::start(&StonesRules::default(), &[]).unwrap();
        let mut moves = Vec::new();
        // A few moves of a game, each animated and compared with the engine.
        for _ in 0..12 {
            position.legal_moves(&mut moves);
            let Some(&mv) = moves.last() else { break };
            let trace = position.trace(mv).unwrap();
            let after = trace.after.clone();
            let mut sowing = Sowing::new(&position, trace, 0.1);
            let mut saw_drop = false;
            for _ in 0..10_000 {
                sowing.update(0.05);
                saw_drop |= matches!(sowing.moment, Moment::Drop(_));
                if sowing.is_done() {
                    break;
                }
            }
            assert!(sowing.is_done() && saw_drop);
            assert_eq!(sowing.counts, Counts::of(&after));
            position = after;
        }
    }

    #[test]
    fn a_relay_is_shown() {
        let position = Stones::start(&StonesRules::default(), &[]).unwrap();
        // Pile 1 holds 4: it ends in Player Two's filled piles, so it relays.
        let mv = position.parse_move("1").unwrap();
        let trace = position.trace(mv).unwrap();
        assert!(trace.steps.iter().any(|s| matches!(s, SowingStep::Relay { .. })));
        let mut sowing = Sowing::new(&position, trace, 0.1);
        let mut relayed = false;
        while !sowing.is_done() {
            sowing.update(0.02);
            relayed |= matches!(sowing.moment, Moment::Relay(_));
        }
        assert!(relayed);
    }
}
