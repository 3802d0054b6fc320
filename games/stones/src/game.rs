//! Stones as a [`Game`]: the glue between the rules and game-core.

use crate::board::{MAX_RING, Stones, store_slot};
use crate::moves::{Sow, StonesViolation};
use crate::rules::{MAX_PITS, StonesRules};
use game_core::rng::GameRng;
use game_core::{Game, NotationError, Outcome, PositionError, RuleSet, Seat, SetupError, Solve};
use rand::Rng;

impl Game for Stones {
    const NAME: &'static str = "stones";
    const MOVE_SLOTS: usize = MAX_PITS as usize;
    type Move = Sow;
    type Rules = StonesRules;
    type RuleViolation = StonesViolation;
    type Setup = ();

    fn start(rules: &StonesRules, _setups: &[()]) -> Result<Self, SetupError> {
        rules.validate().map_err(|e| SetupError::new(Seat::FIRST, e.to_string()))?;
        let mut ring = [0u8; MAX_RING];
        for seat in [Seat::FIRST, Seat::SECOND] {
            let first = store_slot(rules.pits, seat) + 1;
            ring[first..first + rules.pits as usize].fill(rules.stones);
        }
        Ok(Stones { ring, rules: *rules, to_move: Seat::FIRST })
    }

    fn random_setup(_: &StonesRules, _: Seat, _: bool, _: &mut GameRng) {}

    fn rules(&self) -> &StonesRules {
        &self.rules
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.finished_outcome()
    }

    fn legal_moves(&self, moves: &mut Vec<Sow>) {
        moves.clear();
        let mut piles = self.nonempty_piles(self.to_move);
        while piles != 0 {
            moves.push(Sow { pile: piles.trailing_zeros() as u8 + 1 });
            piles &= piles - 1;
        }
    }

    fn count_legal_moves(&self, _scratch: &mut Vec<Sow>) -> usize {
        self.nonempty_piles(self.to_move).count_ones() as usize
    }

    fn check_move(&self, mv: Sow) -> Result<(), StonesViolation> {
        self.check_sow(mv)
    }

    fn play_unchecked(&mut self, mv: Sow) {
        self.sow(mv.pile, &mut ());
    }

    fn hash_key(&self) -> u64 {
        self.full_key()
    }

    fn move_slot(mv: Sow) -> usize {
        (mv.pile as usize).wrapping_sub(1) % MAX_PITS as usize
    }

    fn format_move(&self, mv: Sow) -> String {
        mv.pile.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Sow, NotationError> {
        self.read_sow(text)
    }

    fn format_position(&self) -> String {
        self.write_text()
    }

    fn parse_position(rules: &StonesRules, text: &str) -> Result<Self, PositionError> {
        Stones::read_text(rules, text)
    }

    /// Draws from the bit mask of non-empty piles: no buffer, no
    /// allocation, one random number.
    fn random_move(&self, rng: &mut GameRng, _scratch: &mut Vec<Sow>) -> Option<Sow> {
        let mut piles = self.nonempty_piles(self.to_move);
        if piles == 0 {
            return None;
        }
        for _ in 0..rng.random_range(0..piles.count_ones()) {
            piles &= piles - 1;
        }
        Some(Sow { pile: piles.trailing_zeros() as u8 + 1 })
    }
}

game_core::perfect_information!(Stones);

/// Stones in a score pile never leave it, so the final margin is the store
/// difference now plus what the piles and the side to move will still
/// yield. Nothing in the rules reads a score pile: sowing, relays, captures
/// and both end sweeps depend on the piles, the side to move and the rules
/// only. So positions that differ only in their score piles have the same
/// future, under either end sweep.
impl Solve for Stones {
    fn banked_margin(&self, seat: Seat) -> i64 {
        self.store(seat) as i64 - self.store(seat.opponent()) as i64
    }

    fn future_key(&self) -> u64 {
        self.pits_key()
    }
}
