//! Secret Nim: the toy game with a setup phase and hidden information, for
//! tests (behind the `testing` feature). It does for the hidden-information
//! paths (the AI's determinized search, the server's setups and views, the
//! bot, the wire tap, the records) what [`Nim`] does for the rest.
//!
//! # Rules
//! - Before play each seat picks a secret word (its setup): 3 to 16 of the
//!   letters `A`-`Z` and `-`.
//! - Then it is [`Nim`], with Nim's rules and notation.
//! - The winner's margin is the length of its word. Moves never depend on
//!   the words, so every position drawn from a view has the same moves, but
//!   values differ between the draws: a small stand-in for Strategy Chess's
//!   hidden pieces.
//!
//! # What a seat sees
//! The heaps and its own word; the opponent's word only once the game is
//! over. [`Observe::sample`] draws the unseen word the way generated setups
//! are drawn.
//!
//! # Notation
//! Moves are Nim's. A position is Nim's position, `|`, then the first and
//! the second seat's words: `4 5 6 3 : second | OWL HERON`.
//!
//! ```
//! use game_core::nim::NimRules;
//! use game_core::nim::secret::SecretNim;
//! use game_core::{Game, Observe, Seat, SeatView};
//!
//! let rules = NimRules::default();
//! let mut game = SecretNim::start(&rules, &["OWL".into(), "HERON".into()]).unwrap();
//! assert_eq!(game.view(Seat::FIRST).opponent_word, None);
//! for mv in ["1-3", "2-3", "2-1", "3-3", "3-2"] {
//!     game.play(game.parse_move(mv).unwrap());
//! }
//! // The first seat took the last stone and wins by its word's length.
//! assert_eq!(game.outcome().unwrap().margin, 3);
//! let view = game.view(Seat::FIRST);
//! assert_eq!(view.opponent_word.as_deref(), Some("HERON"));
//! assert_eq!(view.outcome(), game.outcome());
//! let text = game.format_position();
//! assert_eq!(text, "0 0 0 : second | OWL HERON");
//! assert_eq!(SecretNim::parse_position(&rules, &text).unwrap(), game);
//! ```

use super::{Nim, NimMove, NimRules, NimViolation};
use crate::rng::GameRng;
use crate::{
    Evaluate, FullView, Game, NotationError, Observe, Outcome, PositionError, Seat, SeatView, SetupError,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Words the generated setups (and the draws of an unseen word) come
/// from, of several lengths so that draws differ in value; each gets its
/// seat's suffix so the two seats' generated words never coincide.
const WORDS: [&str; 8] = ["OWL", "WREN", "FJORD", "ORCHID", "BASALT", "QUARTZ", "MAGPIE", "ZEPHYR"];

/// A Secret Nim position: the heaps and both seats' words.
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

/// Whether `word` may be a seat's secret: 3 to 16 of `A`-`Z` and `-`.
fn word_problem(word: &str) -> Option<String> {
    let ok = (3..=16).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_uppercase() || b == b'-');
    (!ok).then(|| format!("`{word}` is not 3 to 16 letters A-Z or -"))
}

fn check_word(seat: Seat, word: &str) -> Result<(), SetupError> {
    word_problem(word).map_or(Ok(()), |problem| Err(SetupError::new(seat, problem)))
}

/// The winner's margin: the length of its word.
fn margin(word: &str) -> u32 {
    word.len() as u32
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
        Some(Outcome::win(winner, margin(&self.words[winner.index()])))
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
        if let Some(problem) = word_problem(first).or_else(|| word_problem(second)) {
            return Err(PositionError::invalid(problem));
        }
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
        Some(Outcome::win(winner, word.map_or(0, |w| margin(w))))
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

    fn sample(view: &SecretNimView, rng: &mut GameRng) -> Self {
        let (seat, nim) = (view.board.seat, &view.board.position);
        let mut words = [String::new(), String::new()];
        words[seat.index()] = view.own_word.clone();
        words[seat.opponent().index()] = match &view.opponent_word {
            Some(word) => word.clone(),
            None => Self::random_setup(nim.rules(), seat.opponent(), false, rng),
        };
        SecretNim { nim: nim.clone(), words }
    }

    /// Both words, however the game ended (a resignation leaves the heaps
    /// unfinished, so the view alone would keep the opponent's word).
    fn revealed_view(&self, seat: Seat) -> SecretNimView {
        SecretNimView { opponent_word: Some(self.words[seat.opponent().index()].clone()), ..self.view(seat) }
    }
}

/// Nim's heuristic, scaled by what the favoured seat would win by (its
/// word's length), so the unseen word matters to the value.
impl Evaluate for SecretNim {
    fn evaluate(&self, seat: Seat) -> i32 {
        let first = self.nim.evaluate(Seat::FIRST);
        let favoured = if first > 0 { Seat::FIRST } else { Seat::SECOND };
        let value = first * margin(&self.words[favoured.index()]) as i32;
        if seat == Seat::FIRST { value } else { -value }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    fn position(text: &str) -> SecretNim {
        SecretNim::parse_position(&NimRules::default(), text).unwrap()
    }

    #[test]
    fn a_draw_keeps_the_view_and_draws_the_unseen_word() {
        let game = position("3 4 5 : first | OWL HERON");
        let view = game.view(Seat::SECOND);
        let mut drawn = std::collections::BTreeSet::new();
        let mut rng = seeded(3);
        for _ in 0..50 {
            let sample = SecretNim::sample(&view, &mut rng);
            assert_eq!(sample.view(Seat::SECOND), view);
            assert_eq!(sample.words[1], "HERON");
            assert!(word_problem(&sample.words[0]).is_none());
            drawn.insert(sample.words[0].len());
        }
        assert!(drawn.len() > 1, "unseen words of several lengths: {drawn:?}");
    }

    #[test]
    fn words_are_checked_in_setups_and_positions() {
        let rules = NimRules::default();
        let err = SecretNim::start(&rules, &["OWL".into(), "lower".into()]).unwrap_err();
        assert!(err.to_string().contains("second"), "{err}");
        assert!(SecretNim::start(&rules, &["OWL".into()]).is_err());
        assert!(SecretNim::parse_position(&rules, "3 4 5 : first | OWL ab").is_err());
        assert!(SecretNim::parse_position(&rules, "3 4 5 : first | OWL").is_err());
        assert!(SecretNim::parse_position(&rules, "3 4 5 : first").is_err());
    }

    #[test]
    fn a_resignation_turns_the_words_over_only_at_the_end() {
        let mut referee = crate::Referee::new(position("3 4 5 : first | OWL HERON"));
        referee.submit_text(Seat::FIRST, 0, "1-1").unwrap();
        assert_eq!(referee.revealed_view(Seat::FIRST), None);
        referee.resign(Seat::SECOND).unwrap();
        assert_eq!(referee.view(Seat::FIRST).opponent_word, None, "the heaps are not empty");
        let revealed = referee.revealed_view(Seat::FIRST).unwrap();
        assert_eq!(revealed.opponent_word.as_deref(), Some("HERON"));
        assert_eq!(revealed.own_word, "OWL");
    }

    #[test]
    fn the_view_travels_as_json() {
        let view = position("3 0 5 : second | OWL HERON").view(Seat::FIRST);
        let text = serde_json::to_string(&view).unwrap();
        assert!(!text.contains("HERON"), "{text}");
        assert_eq!(serde_json::from_str::<SecretNimView>(&text).unwrap(), view);
    }
}
