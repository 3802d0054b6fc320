//! A small Kalah for testing the solver: `pits` pits a side (1..=6) of
//! `stones` stones, sowing counter-clockwise past the own store and not
//! the opponent's, a free turn for a last stone in the own store, and a
//! capture for a last stone in an own empty pit (of the opposite pit, if it
//! is not empty, or always with `empty_capture`). When either side is
//! empty, each player banks their own side and the game ends.
//!
//! Only a test double: the real Stones game is its own crate.

use game_core::notation::{NotationError, PositionError};
use game_core::rng::{GameRng, zobrist_keys};
use game_core::rules::{Allowed, RuleField, RuleSet};
use game_core::{Evaluate, Game, Outcome, Seat, SetupError, Solve};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most pits a side.
pub const MAX_PITS: usize = 6;
const CELLS: usize = 2 * MAX_PITS + 2;

/// The rules of the toy Kalah.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KalahRules {
    /// Pits a side.
    pub pits: u8,
    /// Stones a pit at the start.
    pub stones: u8,
    /// Whether a capture happens when the opposite pit is empty.
    pub empty_capture: bool,
}

impl Default for KalahRules {
    fn default() -> Self {
        KalahRules { pits: 4, stones: 3, empty_capture: false }
    }
}

impl RuleSet for KalahRules {
    fn fields() -> &'static [RuleField] {
        const FIELDS: &[RuleField] = &[
            RuleField { key: "pits", allowed: Allowed::Range { min: 1, max: 6 }, help: "Pits a side." },
            RuleField { key: "stones", allowed: Allowed::Range { min: 1, max: 6 }, help: "Stones a pit." },
            RuleField { key: "empty_capture", allowed: Allowed::Bool, help: "Capture opposite empty pits." },
        ];
        FIELDS
    }
}

/// Why a move is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KalahViolation {
    /// Not a pit of the mover, or an empty one.
    #[error("pit {0} cannot be sown")]
    BadPit(u8),
}

/// A position: cells 0..pits are the first seat's pits, `pits` its store,
/// then the second seat's pits and store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kalah {
    rules: KalahRules,
    cells: [u8; CELLS],
    to_move: Seat,
    over: bool,
}

const PIT_KEYS: [u64; CELLS * 80] = zobrist_keys(0x4b41_4c41);
const STORE_KEYS: [u64; 2 * 80] = zobrist_keys(0x5354_4f52);
const SECOND_KEY: u64 = zobrist_keys::<1>(0x5345_434f)[0];

impl Kalah {
    fn n(&self) -> usize {
        self.rules.pits as usize
    }

    fn store(&self, seat: Seat) -> usize {
        if seat == Seat::FIRST { self.n() } else { 2 * self.n() + 1 }
    }

    fn pit(&self, seat: Seat, i: usize) -> usize {
        if seat == Seat::FIRST { i } else { self.n() + 1 + i }
    }

    fn side_empty(&self, seat: Seat) -> bool {
        (0..self.n()).all(|i| self.cells[self.pit(seat, i)] == 0)
    }

    /// A position from its cells (the first seat's pits, its store, the
    /// second seat's pits, its store) and the seat to move.
    pub fn with_cells(rules: &KalahRules, cells: &[u8], to_move: Seat) -> Kalah {
        let mut k = Kalah::start(rules, &[]).expect("valid toy rules");
        assert_eq!(cells.len(), 2 * k.n() + 2, "one count per pit and store");
        k.cells = [0; CELLS];
        k.cells[..cells.len()].copy_from_slice(cells);
        k.to_move = to_move;
        k
    }

    /// The stones still in the pits.
    pub fn in_play(&self) -> i32 {
        (0..self.n()).map(|i| i32::from(self.cells[i]) + i32::from(self.cells[self.n() + 1 + i])).sum()
    }
}

impl Game for Kalah {
    const NAME: &'static str = "toy-kalah";
    const MOVE_SLOTS: usize = MAX_PITS;
    type Move = u8;
    type Rules = KalahRules;
    type RuleViolation = KalahViolation;
    type Setup = ();

    fn start(rules: &KalahRules, _: &[()]) -> Result<Self, SetupError> {
        if !(1..=MAX_PITS as u8).contains(&rules.pits) || !(1..=6).contains(&rules.stones) {
            return Err(SetupError::new(Seat::FIRST, "pits 1..=6 and stones 1..=6"));
        }
        let mut k = Kalah { rules: rules.clone(), cells: [0; CELLS], to_move: Seat::FIRST, over: false };
        for seat in [Seat::FIRST, Seat::SECOND] {
            for i in 0..k.n() {
                let p = k.pit(seat, i);
                k.cells[p] = rules.stones;
            }
        }
        Ok(k)
    }

    fn random_setup(_: &KalahRules, _: Seat, _: bool, _: &mut GameRng) {}

    fn rules(&self) -> &KalahRules {
        &self.rules
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| {
            Outcome::from_scores(
                i64::from(self.cells[self.store(Seat::FIRST)]),
                i64::from(self.cells[self.store(Seat::SECOND)]),
            )
        })
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.over {
            return;
        }
        for i in 0..self.n() {
            if self.cells[self.pit(self.to_move, i)] > 0 {
                moves.push(i as u8);
            }
        }
    }

    fn check_move(&self, mv: u8) -> Result<(), KalahViolation> {
        if self.over || usize::from(mv) >= self.n() || self.cells[self.pit(self.to_move, mv.into())] == 0 {
            return Err(KalahViolation::BadPit(mv));
        }
        Ok(())
    }

    fn play_unchecked(&mut self, mv: u8) {
        let me = self.to_move;
        let cells = 2 * self.n() + 2;
        let skip = self.store(me.opponent());
        let mut at = self.pit(me, usize::from(mv) % self.n());
        let mut hand = std::mem::take(&mut self.cells[at]);
        while hand > 0 {
            at = (at + 1) % cells;
            if at == skip {
                continue;
            }
            self.cells[at] += 1;
            hand -= 1;
        }
        let own_pits = self.pit(me, 0)..self.pit(me, 0) + self.n();
        if own_pits.contains(&at) && self.cells[at] == 1 {
            let opposite = 2 * self.n() - at;
            if self.cells[opposite] > 0 || self.rules.empty_capture {
                let gain = self.cells[opposite] + 1;
                self.cells[opposite] = 0;
                self.cells[at] = 0;
                let store = self.store(me);
                self.cells[store] += gain;
            }
        }
        if self.side_empty(Seat::FIRST) || self.side_empty(Seat::SECOND) {
            for seat in [Seat::FIRST, Seat::SECOND] {
                let left: u8 =
                    (0..self.n()).map(|i| std::mem::take(&mut self.cells[self.pit(seat, i)])).sum();
                let store = self.store(seat);
                self.cells[store] += left;
            }
            self.over = true;
        }
        if at != self.store(me) {
            self.to_move = me.opponent();
        }
    }

    fn hash_key(&self) -> u64 {
        let stores = STORE_KEYS[usize::from(self.cells[self.store(Seat::FIRST)])]
            ^ STORE_KEYS[80 + usize::from(self.cells[self.store(Seat::SECOND)])];
        self.future_key() ^ stores
    }

    fn move_slot(mv: u8) -> usize {
        usize::from(mv) % MAX_PITS
    }

    fn format_move(&self, mv: u8) -> String {
        (mv + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        match text.trim().parse::<u8>() {
            Ok(n) if n >= 1 => Ok(n - 1),
            _ => Err(NotationError::new("a pit number", text)),
        }
    }

    fn format_position(&self) -> String {
        let cells: Vec<String> = self.cells[..2 * self.n() + 2].iter().map(u8::to_string).collect();
        format!("{} : {}{}", cells.join(" "), self.to_move, if self.over { " over" } else { "" })
    }

    fn parse_position(_: &KalahRules, text: &str) -> Result<Self, PositionError> {
        Err(PositionError::invalid(format!("the toy Kalah does not read positions: {text}")))
    }
}

impl Evaluate for Kalah {
    fn evaluate(&self, seat: Seat) -> i32 {
        self.banked_margin(seat) as i32
    }
}

impl Solve for Kalah {
    fn banked_margin(&self, seat: Seat) -> i64 {
        i64::from(self.cells[self.store(seat)]) - i64::from(self.cells[self.store(seat.opponent())])
    }

    fn future_key(&self) -> u64 {
        let mut key = if self.to_move == Seat::SECOND { SECOND_KEY } else { 0 };
        if self.over {
            key = !key;
        }
        for seat in [Seat::FIRST, Seat::SECOND] {
            for i in 0..self.n() {
                let p = self.pit(seat, i);
                key ^= PIT_KEYS[p * 80 + usize::from(self.cells[p]).min(79)];
            }
        }
        key
    }
}

game_core::perfect_information!(Kalah);

/// The start position for `pits` and `stones`.
pub fn kalah(pits: u8, stones: u8, empty_capture: bool) -> Kalah {
    Kalah::start(&KalahRules { pits, stones, empty_capture }, &[]).expect("valid toy rules")
}

/// The largest possible future value: every stone still in play.
pub fn in_play_bound(position: &Kalah) -> i32 {
    position.in_play()
}
