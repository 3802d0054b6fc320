//! Nim with a secret: each seat holds a secret bonus (0..=2) only it can
//! see, and the winner's margin is 1 plus the winner's bonus. Moves never
//! depend on the secrets, so every sample of a view has the same moves,
//! but values differ between samples: a small stand-in for Strategy
//! Chess's hidden pieces.

use game_core::nim::{Nim, NimMove, NimRules, NimViolation};
use game_core::notation::{NotationError, PositionError};
use game_core::rng::GameRng;
use game_core::{Evaluate, Game, Observe, Outcome, Seat, SeatView, SetupError};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A Nim position and both secrets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenNim {
    /// The heaps.
    pub nim: Nim,
    /// The secret bonus of each seat.
    pub secrets: [u8; 2],
}

/// What one seat sees: the heaps and its own secret only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenNimView {
    seat: Seat,
    position: String,
    rules: NimRules,
    own_secret: u8,
}

impl SeatView for HiddenNimView {
    fn seat(&self) -> Seat {
        self.seat
    }
    fn to_move(&self) -> Seat {
        self.nim().to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        // The margin needs the winner's secret; the view knows who won.
        self.nim().outcome().map(|o| Outcome { margin: 0, ..o })
    }
}

impl HiddenNimView {
    fn nim(&self) -> Nim {
        Nim::parse_position(&self.rules, &self.position).expect("a view holds a valid position")
    }
}

impl HiddenNim {
    /// A position from Nim text and the two secrets.
    pub fn new(rules: &NimRules, text: &str, secrets: [u8; 2]) -> Self {
        HiddenNim { nim: Nim::parse_position(rules, text).expect("valid Nim text"), secrets }
    }
}

impl Game for HiddenNim {
    const NAME: &'static str = "hidden-nim";
    const MOVE_SLOTS: usize = Nim::MOVE_SLOTS;
    type Move = NimMove;
    type Rules = NimRules;
    type RuleViolation = NimViolation;
    type Setup = ();

    fn start(rules: &NimRules, setups: &[()]) -> Result<Self, SetupError> {
        Ok(HiddenNim { nim: Nim::start(rules, setups)?, secrets: [1, 2] })
    }
    fn random_setup(_: &NimRules, _: Seat, _: bool, _: &mut GameRng) {}
    fn rules(&self) -> &NimRules {
        self.nim.rules()
    }
    fn to_move(&self) -> Seat {
        self.nim.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        let o = self.nim.outcome()?;
        let winner = o.winner?;
        Some(Outcome::win(winner, 1 + u32::from(self.secrets[winner.index()])))
    }
    fn legal_moves(&self, moves: &mut Vec<NimMove>) {
        self.nim.legal_moves(moves)
    }
    fn check_move(&self, mv: NimMove) -> Result<(), NimViolation> {
        self.nim.check_move(mv)
    }
    fn play_unchecked(&mut self, mv: NimMove) {
        self.nim.play_unchecked(mv)
    }
    fn hash_key(&self) -> u64 {
        self.nim.hash_key() ^ (u64::from(self.secrets[0]) << 56) ^ (u64::from(self.secrets[1]) << 60)
    }
    fn move_slot(mv: NimMove) -> usize {
        Nim::move_slot(mv)
    }
    fn format_move(&self, mv: NimMove) -> String {
        self.nim.format_move(mv)
    }
    fn parse_move(&self, text: &str) -> Result<NimMove, NotationError> {
        self.nim.parse_move(text)
    }
    fn format_position(&self) -> String {
        format!("{} / {} {}", self.nim.format_position(), self.secrets[0], self.secrets[1])
    }
    fn parse_position(_: &NimRules, text: &str) -> Result<Self, PositionError> {
        Err(PositionError::invalid(format!("hidden Nim does not read positions: {text}")))
    }
}

impl Evaluate for HiddenNim {
    fn evaluate(&self, seat: Seat) -> i32 {
        // The favoured seat's secret is what it can hope to win by.
        let first = self.nim.evaluate(Seat::FIRST);
        let favoured = if first > 0 { Seat::FIRST } else { Seat::SECOND };
        let value = first * (1 + i32::from(self.secrets[favoured.index()]));
        if seat == Seat::FIRST { value } else { -value }
    }
}

impl Observe for HiddenNim {
    type View = HiddenNimView;

    fn view(&self, seat: Seat) -> HiddenNimView {
        HiddenNimView {
            seat,
            position: self.nim.format_position(),
            rules: self.nim.rules().clone(),
            own_secret: self.secrets[seat.index()],
        }
    }

    fn sample(view: &HiddenNimView, rng: &mut GameRng) -> Self {
        let mut secrets = [0; 2];
        secrets[view.seat.index()] = view.own_secret;
        secrets[view.seat.opponent().index()] = rng.random_range(0..=2);
        HiddenNim { nim: view.nim(), secrets }
    }
}
