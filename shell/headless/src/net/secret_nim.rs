//! Secret Nim: a toy game with a setup phase and hidden information, for
//! tests. It proves the setup and hidden-view paths of the server, the bot,
//! the wire tap and the records, as game-core's Nim does for the rest. It
//! is not offered to players: servers host it only when a test adds it
//! with [`crate::net::table::GameCatalog::with`].
//!
//! Before play each seat picks a secret word (its setup). Then it is Nim
//! (game-core's rules and notation). Each seat sees its own word; the
//! opponent's word is revealed only when the game ends. The winner's
//! margin is the length of its word.

use game_core::nim::{Nim, NimMove, NimRules, NimViolation};
use game_core::rng::GameRng;
use game_core::{
    Evaluate, FullView, Game, NotationError, Observe, Outcome, PositionError, Seat, SeatView, SetupError,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Words the generated setups draw from; each gets its seat's suffix so
/// the two seats' words never coincide.
const WORDS: [&str; 6] = ["ORCHID", "BASALT", "QUARTZ", "MAGPIE", "FJORD", "ZEPHYR"];

/// A Secret Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecretNim {
    nim: Nim,
    words: [String; 2],
}

/// What one seat sees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretNimView {
    /// The heaps (nothing hidden there).
    pub board: FullView<Nim>,
    /// This seat's word.
    pub own_word: String,
    /// The opponent's word, once the game is over.
    pub opponent_word: Option<String>,
}

fn check_word(seat: Seat, word: &str) -> Result<(), SetupError> {
    let ok = (3..=16).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_uppercase() || b == b'-');
    if ok { Ok(()) } else { Err(SetupError::new(seat, format!("`{word}` is not 3 to 16 letters A-Z or -"))) }
}

impl Game for SecretNim {
    const NAME: &'static str = "secret-nim";
    const MOVE_SLOTS: usize = Nim::MOVE_SLOTS;
    type Move = NimMove;
    type Rules = NimRules;
    type RuleViolation = NimViolation;
    type Setup = String;

    fn start(rules: &NimRules, setups: &[String]) -> Result<Self, SetupError> {
        let [first, second] = setups else {
            return Err(SetupError::new(Seat::FIRST, "two setups are needed"));
        };
        check_word(Seat::FIRST, first)?;
        check_word(Seat::SECOND, second)?;
        Ok(SecretNim { nim: Nim::start(rules, &[])?, words: [first.clone(), second.clone()] })
    }

    fn random_setup(_: &NimRules, seat: Seat, _: bool, rng: &mut GameRng) -> String {
        let suffix = if seat == Seat::FIRST { "A" } else { "B" };
        format!("{}-{suffix}", WORDS[rng.random_range(0..WORDS.len())])
    }

    fn rules(&self) -> &NimRules {
        self.nim.rules()
    }

    fn to_move(&self) -> Seat {
        self.nim.to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.nim.outcome()?.winner?;
        Some(Outcome::win(winner, self.words[winner.index()].len() as u32))
    }

    fn legal_moves(&self, moves: &mut Vec<NimMove>) {
        self.nim.legal_moves(moves);
    }

    fn check_move(&self, mv: NimMove) -> Result<(), NimViolation> {
        self.nim.check_move(mv)
    }

    fn play_unchecked(&mut self, mv: NimMove) {
        self.nim.play_unchecked(mv);
    }

    fn hash_key(&self) -> u64 {
        let words = self.words.join("|");
        let fnv =
            words.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
        self.nim.hash_key() ^ fnv
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
        format!("{} | {} {}", self.nim.format_position(), self.words[0], self.words[1])
    }

    fn parse_position(rules: &NimRules, text: &str) -> Result<Self, PositionError> {
        let (nim, words) =
            text.split_once('|').ok_or_else(|| PositionError::at_line(1, "HEAPS : SEAT | W1 W2", text))?;
        let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        let [first, second] = words.as_slice() else {
            return Err(PositionError::at_line(1, "two words", text));
        };
        Ok(SecretNim { nim: Nim::parse_position(rules, nim)?, words: [first.clone(), second.clone()] })
    }
}

impl SeatView for SecretNimView {
    fn seat(&self) -> Seat {
        self.board.seat
    }
    fn to_move(&self) -> Seat {
        self.board.position.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = self.board.position.outcome()?.winner?;
        let word = if winner == self.board.seat { Some(&self.own_word) } else { self.opponent_word.as_ref() };
        Some(Outcome::win(winner, word.map_or(0, |w| w.len() as u32)))
    }
}

impl Observe for SecretNim {
    type View = SecretNimView;

    fn view(&self, seat: Seat) -> SecretNimView {
        let over = self.nim.outcome().is_some();
        SecretNimView {
            board: FullView { seat, position: self.nim.clone() },
            own_word: self.words[seat.index()].clone(),
            opponent_word: over.then(|| self.words[seat.opponent().index()].clone()),
        }
    }

    fn sample(view: &SecretNimView, _rng: &mut GameRng) -> Self {
        let seat = view.board.seat;
        let mut words = [String::new(), String::new()];
        words[seat.index()] = view.own_word.clone();
        words[seat.opponent().index()] = view.opponent_word.clone().unwrap_or_else(|| "UNKNOWN".into());
        SecretNim { nim: view.board.position.clone(), words }
    }
}

/// The words play no part in the heaps: Nim's own heuristic.
impl Evaluate for SecretNim {
    fn evaluate(&self, seat: Seat) -> i32 {
        self.nim.evaluate(seat)
    }
}
