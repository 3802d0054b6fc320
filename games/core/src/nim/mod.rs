//! Nim with free turns: the toy game that exercises every part of the
//! [`Game`] contract in a few lines, for tests and as an example.
//!
//! # Rules
//! - There are 1 to 6 heaps of 1 to 9 stones (`heaps`, default `[3, 4, 5]`).
//! - On a turn, take 1 to `max_take` stones (default 3) from one heap.
//! - With `free_turn` (default on), a move that empties a heap while other
//!   stones remain earns a free turn: the same player moves again. This is
//!   the toy's stand-in for the Stones free turn.
//! - Whoever takes the last stone wins, by margin 1.
//!
//! # Notation
//! A move is `H-T`: take `T` stones from heap `H` (1-based), e.g. `2-3`.
//! A position is the heap sizes then the seat to move: `3 0 5 : second`.
//!
//! # Secret Nim
//! With the `testing` feature, `nim::secret` adds the same game with a
//! secret word per seat, chosen in a setup phase: the toy for
//! hidden-information tests.
//!
//! ```
//! use game_core::nim::{Nim, NimRules};
//! use game_core::{Game, Seat, perft};
//!
//! let mut nim = Nim::start(&NimRules::default(), &[]).unwrap();
//! let mv = nim.parse_move("1-3").unwrap();
//! nim.try_play(mv).unwrap();
//! // Heap 1 is empty: a free turn for the same seat.
//! assert_eq!(nim.to_move(), Seat::FIRST);
//! assert_eq!(nim.format_position(), "0 4 5 : first");
//! assert_eq!(perft(&nim, 1), 6);
//! ```

#[cfg(any(test, feature = "testing"))]
pub mod secret;

use crate::notation::{NotationError, PositionError};
use crate::rng::{GameRng, zobrist_keys};
use crate::rules::{Allowed, RuleErrors, RuleField, RuleSet, push_error, validate_fields};
use crate::{Evaluate, Game, Outcome, Seat, SetupError};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use thiserror::Error;

/// The most heaps a Nim game may have.
pub const MAX_HEAPS: usize = 6;
/// The most stones a heap may start with.
pub const MAX_HEAP_SIZE: u8 = 9;

/// Nim's rule options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NimRules {
    /// The starting heap sizes.
    pub heaps: Vec<u8>,
    /// The most stones one move may take.
    pub max_take: u8,
    /// Whether emptying a heap earns a free turn.
    pub free_turn: bool,
}

impl Default for NimRules {
    fn default() -> Self {
        NimRules { heaps: vec![3, 4, 5], max_take: 3, free_turn: true }
    }
}

const HEAPS_ALLOWED: &str = "a list of 1 to 6 heap sizes, each 1..=9";

impl RuleSet for NimRules {
    fn fields() -> &'static [RuleField] {
        const FIELDS: &[RuleField] = &[
            RuleField {
                key: "heaps",
                allowed: Allowed::Described(HEAPS_ALLOWED),
                help: "The starting heap sizes.",
            },
            RuleField {
                key: "max_take",
                allowed: Allowed::Range { min: 1, max: 9 },
                help: "The most stones one move may take.",
            },
            RuleField {
                key: "free_turn",
                allowed: Allowed::Bool,
                help: "Emptying a heap earns a free turn.",
            },
        ];
        FIELDS
    }

    fn validate(&self) -> Result<(), RuleErrors> {
        let mut errors = validate_fields(self).err().map(|e| e.0).unwrap_or_default();
        let sizes_ok = self.heaps.iter().all(|&h| (1..=MAX_HEAP_SIZE).contains(&h));
        if self.heaps.is_empty() || self.heaps.len() > MAX_HEAPS || !sizes_ok {
            push_error(&mut errors, "heaps", format!("{:?} is not allowed", self.heaps), HEAPS_ALLOWED);
        }
        if errors.is_empty() { Ok(()) } else { Err(RuleErrors(errors)) }
    }
}

/// Take `take` stones from heap `heap` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// The heap, 0-based.
    pub heap: u8,
    /// How many stones to take.
    pub take: u8,
}

/// Why a Nim move is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NimViolation {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// There is no such heap.
    #[error("no heap {heap}: there are {heaps}")]
    NoSuchHeap {
        /// The heap asked for, 1-based.
        heap: u8,
        /// How many heaps there are.
        heaps: usize,
    },
    /// A move must take at least one stone.
    #[error("a move takes at least one stone")]
    TakesNothing,
    /// Taking more than `max_take`.
    #[error("max_take: a move takes at most {max} stones, not {take}")]
    TooMany {
        /// Stones asked for.
        take: u8,
        /// The rule's limit.
        max: u8,
    },
    /// Taking more than the heap holds.
    #[error("heap {heap} holds only {holds} stones")]
    NotEnough {
        /// The heap, 1-based.
        heap: u8,
        /// What it holds.
        holds: u8,
    },
}

/// A Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    rules: Arc<NimRules>,
    heaps: [u8; MAX_HEAPS],
    count: usize,
    to_move: Seat,
}

const HEAP_KEYS: [u64; MAX_HEAPS * (MAX_HEAP_SIZE as usize + 1)] = zobrist_keys(0x4e494d);
const SECOND_TO_MOVE_KEY: u64 = zobrist_keys::<1>(0x4e494e)[0];

impl Nim {
    /// The heap sizes.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..self.count]
    }

    fn stones_left(&self) -> u32 {
        self.heaps().iter().map(|&h| h as u32).sum()
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    const MOVE_SLOTS: usize = MAX_HEAPS * 10;
    type Move = NimMove;
    type Rules = NimRules;
    type RuleViolation = NimViolation;
    type Setup = ();

    fn start(rules: &NimRules, _setups: &[()]) -> Result<Self, SetupError> {
        rules.validate().map_err(|e| SetupError::new(Seat::FIRST, e.to_string()))?;
        let mut heaps = [0; MAX_HEAPS];
        heaps[..rules.heaps.len()].copy_from_slice(&rules.heaps);
        Ok(Nim { rules: Arc::new(rules.clone()), heaps, count: rules.heaps.len(), to_move: Seat::FIRST })
    }

    fn random_setup(_: &NimRules, _: Seat, _: bool, _: &mut GameRng) {}

    fn rules(&self) -> &NimRules {
        &self.rules
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        // The last stone was taken by the seat that moved before this one;
        // no free turn is given when nothing remains.
        (self.stones_left() == 0).then(|| Outcome::win(self.to_move.opponent(), 1))
    }

    fn legal_moves(&self, moves: &mut Vec<NimMove>) {
        moves.clear();
        for (heap, &size) in self.heaps().iter().enumerate() {
            for take in 1..=size.min(self.rules.max_take) {
                moves.push(NimMove { heap: heap as u8, take });
            }
        }
    }

    fn check_move(&self, mv: NimMove) -> Result<(), NimViolation> {
        if self.outcome().is_some() {
            return Err(NimViolation::GameOver);
        }
        let heap = mv.heap as usize;
        if heap >= self.count {
            return Err(NimViolation::NoSuchHeap { heap: mv.heap.saturating_add(1), heaps: self.count });
        }
        if mv.take == 0 {
            return Err(NimViolation::TakesNothing);
        }
        if mv.take > self.rules.max_take {
            return Err(NimViolation::TooMany { take: mv.take, max: self.rules.max_take });
        }
        if mv.take > self.heaps[heap] {
            return Err(NimViolation::NotEnough { heap: mv.heap + 1, holds: self.heaps[heap] });
        }
        Ok(())
    }

    fn play_unchecked(&mut self, mv: NimMove) {
        let heap = &mut self.heaps[mv.heap as usize % MAX_HEAPS];
        *heap = heap.saturating_sub(mv.take);
        let emptied = *heap == 0;
        let free_turn = self.rules.free_turn && emptied && self.stones_left() > 0;
        if !free_turn {
            self.to_move = self.to_move.opponent();
        }
    }

    fn hash_key(&self) -> u64 {
        let stride = MAX_HEAP_SIZE as usize + 1;
        let mut key = if self.to_move == Seat::SECOND { SECOND_TO_MOVE_KEY } else { 0 };
        for (i, &h) in self.heaps().iter().enumerate() {
            key ^= HEAP_KEYS[i * stride + h as usize];
        }
        key
    }

    fn move_slot(mv: NimMove) -> usize {
        (mv.heap as usize % MAX_HEAPS) * 10 + (mv.take as usize % 10)
    }

    fn format_move(&self, mv: NimMove) -> String {
        format!("{}-{}", mv.heap + 1, mv.take)
    }

    fn parse_move(&self, text: &str) -> Result<NimMove, NotationError> {
        let expected = || format!("a move HEAP-TAKE with HEAP 1..={} and TAKE 1..=9", self.count);
        let (heap, take) = text.trim().split_once('-').ok_or_else(|| NotationError::new(expected(), text))?;
        let heap: u8 = heap.parse().map_err(|_| NotationError::new(expected(), text))?;
        let take: u8 = take.parse().map_err(|_| NotationError::new(expected(), text))?;
        if heap == 0 || take > MAX_HEAP_SIZE {
            return Err(NotationError::new(expected(), text));
        }
        Ok(NimMove { heap: heap - 1, take })
    }

    fn format_position(&self) -> String {
        let heaps: Vec<String> = self.heaps().iter().map(|h| h.to_string()).collect();
        format!("{} : {}", heaps.join(" "), self.to_move)
    }

    fn parse_position(rules: &NimRules, text: &str) -> Result<Self, PositionError> {
        let line = text.trim();
        let (heaps, seat) =
            line.split_once(':').ok_or_else(|| PositionError::at_line(1, "HEAPS : first|second", line))?;
        let to_move = match seat.trim() {
            "first" => Seat::FIRST,
            "second" => Seat::SECOND,
            other => return Err(PositionError::at_line(1, "first or second", other)),
        };
        let sizes: Vec<u8> = heaps
            .split_whitespace()
            .map(|h| h.parse::<u8>().ok().filter(|&h| h <= MAX_HEAP_SIZE))
            .collect::<Option<_>>()
            .ok_or_else(|| PositionError::at_line(1, "heap sizes 0..=9", heaps.trim()))?;
        if sizes.is_empty() || sizes.len() > MAX_HEAPS {
            return Err(PositionError::invalid("a position has 1 to 6 heaps"));
        }
        let mut all = [0; MAX_HEAPS];
        all[..sizes.len()].copy_from_slice(&sizes);
        Ok(Nim { rules: Arc::new(rules.clone()), heaps: all, count: sizes.len(), to_move })
    }
}

impl Evaluate for Nim {
    /// The nim-sum rule of plain Nim (a win for the mover when the xor of
    /// the heaps, each taken modulo `max_take + 1`, is non-zero). Free turns
    /// make it only a heuristic.
    fn evaluate(&self, seat: Seat) -> i32 {
        let modulus = self.rules.max_take + 1;
        let nim_sum = self.heaps().iter().fold(0, |acc, &h| acc ^ (h % modulus));
        let mover_good = if nim_sum != 0 { 10 } else { -10 };
        if seat == self.to_move { mover_good } else { -mover_good }
    }
}

crate::perfect_information!(Nim);

/// Nim banks nothing: the whole result is decided by the last stone.
impl crate::Solve for Nim {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;
    use crate::{Observe, SeatView, perft, perft_counts};
    use proptest::prelude::*;

    fn start() -> Nim {
        Nim::start(&NimRules::default(), &[]).unwrap()
    }

    #[test]
    fn perft_by_hand() {
        // Heaps 3 4 5 with max_take 3: 3 + 3 + 3 moves.
        assert_eq!(perft(&start(), 1), 9);
        let one = Nim::parse_position(&NimRules::default(), "1 : first").unwrap();
        assert_eq!(perft_counts(&one, 3), vec![1, 0, 0]);
        let two = Nim::parse_position(&NimRules::default(), "2 : first").unwrap();
        // 2-1 leaves 1 for the opponent; 2-2 ends the game.
        assert_eq!(perft_counts(&two, 3), vec![2, 1, 0]);
    }

    #[test]
    fn free_turn_and_outcome() {
        let mut nim = Nim::parse_position(&NimRules::default(), "1 1 : second").unwrap();
        nim.play(NimMove { heap: 0, take: 1 });
        assert_eq!(nim.to_move(), Seat::SECOND, "emptying a heap earns a free turn");
        nim.play(NimMove { heap: 1, take: 1 });
        assert_eq!(nim.outcome(), Some(Outcome::win(Seat::SECOND, 1)));
        let mut moves = vec![NimMove { heap: 0, take: 1 }];
        nim.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(nim.check_move(NimMove { heap: 0, take: 1 }), Err(NimViolation::GameOver));

        let no_free = NimRules { free_turn: false, ..NimRules::default() };
        let mut nim = Nim::parse_position(&no_free, "1 1 : first").unwrap();
        nim.play(NimMove { heap: 0, take: 1 });
        assert_eq!(nim.to_move(), Seat::SECOND);
    }

    #[test]
    fn checked_play_names_the_rule_and_keeps_the_position() {
        let mut nim = start();
        let before = nim.clone();
        assert_eq!(
            nim.try_play(NimMove { heap: 0, take: 4 }),
            Err(NimViolation::TooMany { take: 4, max: 3 })
        );
        assert_eq!(
            nim.try_play(NimMove { heap: 7, take: 1 }),
            Err(NimViolation::NoSuchHeap { heap: 8, heaps: 3 })
        );
        assert_eq!(nim.try_play(NimMove { heap: 0, take: 0 }), Err(NimViolation::TakesNothing));
        let small = Nim::parse_position(&NimRules::default(), "2 5 : first").unwrap();
        assert_eq!(
            small.check_move(NimMove { heap: 0, take: 3 }),
            Err(NimViolation::NotEnough { heap: 1, holds: 2 })
        );
        assert_eq!(nim, before);
        assert!(NimViolation::TooMany { take: 4, max: 3 }.to_string().starts_with("max_take"));
    }

    #[test]
    fn notation_errors_say_what_was_expected() {
        let nim = start();
        let err = nim.parse_move("heap two").unwrap_err();
        assert_eq!(err.found, "heap two");
        assert!(err.expected.contains("HEAP-TAKE"));
        assert!(nim.parse_move("0-1").is_err());
        let err = Nim::parse_position(&NimRules::default(), "3 4 : third").unwrap_err();
        assert!(err.to_string().contains("first or second"), "{err}");
        assert!(Nim::parse_position(&NimRules::default(), "3 x : first").is_err());
        assert!(Nim::parse_position(&NimRules::default(), " : first").is_err());
    }

    #[test]
    fn views_and_samples_are_the_position() {
        let nim = start();
        let view = nim.view(Seat::SECOND);
        assert_eq!(view.seat(), Seat::SECOND);
        assert_eq!(view.to_move(), Seat::FIRST);
        assert_eq!(view.outcome(), None);
        assert_eq!(Nim::sample(&view, &mut seeded(1)), nim);
        assert_eq!(Nim::random_setup(&NimRules::default(), Seat::FIRST, true, &mut seeded(1)), ());
        assert_eq!(nim.seat_count(), 2);
        assert_eq!(nim.rules(), &NimRules::default());
    }

    #[test]
    fn views_travel_as_json() {
        let mut nim = start();
        nim.play(NimMove { heap: 1, take: 2 });
        let view = nim.view(Seat::FIRST);
        let json = serde_json::to_string(&view).unwrap();
        assert!(json.contains("3 2 5 : second"), "{json}");
        let back: crate::FullView<Nim> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
        let tampered = json.replace("3 2 5", "3 x 5");
        assert!(serde_json::from_str::<crate::FullView<Nim>>(&tampered).is_err());
    }

    #[test]
    fn evaluation_is_zero_sum() {
        let nim = start();
        assert_eq!(nim.evaluate(Seat::FIRST), -nim.evaluate(Seat::SECOND));
        // 3 ^ 4 ^ 5 (mod 4: 3, 0, 1) = 2: good for the mover.
        assert!(nim.evaluate(Seat::FIRST) > 0);
    }

    #[test]
    fn bad_rules_cannot_start() {
        let rules = NimRules { heaps: vec![], ..NimRules::default() };
        assert!(Nim::start(&rules, &[]).is_err());
    }

    fn arb_position() -> impl Strategy<Value = Nim> {
        (proptest::collection::vec(0u8..=9, 1..=6), 1u8..=5, any::<bool>(), any::<bool>()).prop_map(
            |(heaps, max_take, free_turn, second)| {
                let rules = NimRules { heaps: vec![1], max_take, free_turn };
                let text = format!(
                    "{} : {}",
                    heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" "),
                    if second { "second" } else { "first" }
                );
                Nim::parse_position(&rules, &text).unwrap()
            },
        )
    }

    proptest! {
        #[test]
        fn generated_moves_are_exactly_the_accepted_ones(nim in arb_position(), heap in 0u8..8, take in 0u8..10) {
            let mut moves = Vec::new();
            nim.legal_moves(&mut moves);
            let mv = NimMove { heap, take };
            prop_assert_eq!(moves.contains(&mv), nim.check_move(mv).is_ok());
            prop_assert_eq!(moves.contains(&mv), nim.is_legal(mv));
            prop_assert_eq!(moves.is_empty(), nim.outcome().is_some());
        }

        #[test]
        fn notation_round_trips(nim in arb_position()) {
            let again = Nim::parse_position(nim.rules(), &nim.format_position()).unwrap();
            prop_assert_eq!(&again, &nim);
            let mut moves = Vec::new();
            nim.legal_moves(&mut moves);
            for mv in moves {
                prop_assert_eq!(nim.parse_move(&nim.format_move(mv)).unwrap(), mv);
                prop_assert!(Nim::move_slot(mv) < Nim::MOVE_SLOTS);
            }
        }

        #[test]
        fn hash_depends_only_on_the_position(nim in arb_position(), seed in any::<u64>()) {
            // Play two random moves in either order where possible: equal
            // positions must hash equal, different ones (almost surely) not.
            let mut rng = seeded(seed);
            let mut scratch = Vec::new();
            let mut a = nim.clone();
            if let Some(mv) = a.random_move(&mut rng, &mut scratch) {
                a.play(mv);
            }
            let b = Nim::parse_position(a.rules(), &a.format_position()).unwrap();
            prop_assert_eq!(a.hash_key(), b.hash_key());
            if a != nim {
                prop_assert_ne!(a.hash_key(), nim.hash_key());
            }
        }
    }
}
