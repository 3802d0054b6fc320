//! The one trait every game implements.

use crate::notation::{NotationError, PositionError};
use crate::rng::GameRng;
use crate::rules::RuleSet;
use crate::{Outcome, Seat};
use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::hash::Hash;
use thiserror::Error;

/// A position of a two-or-more-player, turn-based game, with its rules.
///
/// Everything outside the game crates (the AI, the referee, the GUI, the
/// command line) works through this trait.
///
/// # Contract
///
/// - **The side to move is a question you ask the position**
///   ([`Game::to_move`]). It is never assumed to alternate: after a Stones
///   free turn the same seat moves again.
/// - [`Game::outcome`] is `Some` exactly when [`Game::legal_moves`] yields
///   nothing.
/// - [`Game::check_move`] accepts a move exactly when
///   [`Game::legal_moves`] generates it.
/// - [`Game::try_play`] leaves the position untouched when it refuses.
/// - Two positions that compare equal in play (same arrangement, same side
///   to move, same rule-relevant history) have the same [`Game::hash_key`].
/// - Cloning is cheap: no heap allocation on the hot path of a search.
///
/// See [`crate::nim`] for a complete small implementation.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A stable lower-case name, as typed on the command line (`stones`).
    const NAME: &'static str;

    /// An upper bound on [`Game::move_slot`], for tables indexed by move
    /// (history heuristics).
    const MOVE_SLOTS: usize;

    /// A move: a small value, cheap to copy and compare.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The game's rule options.
    type Rules: RuleSet;

    /// Why a move was refused: an enum naming the broken rule. Its
    /// `Display` is the REASON printed by `boardsuite verify`.
    type RuleViolation: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// What a seat decides before play starts: `()` for games without a
    /// setup phase, the army's placement in Strategy Chess.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The start position for these rules and these setups, one per seat
    /// (an empty slice for games without a setup phase).
    fn start(rules: &Self::Rules, setups: &[Self::Setup]) -> Result<Self, SetupError>;

    /// A setup for `seat` drawn from `rng`. When `strong`, the game may
    /// prefer proven setups (a library of human setups); otherwise a
    /// plausible generated one.
    fn random_setup(rules: &Self::Rules, seat: Seat, strong: bool, rng: &mut GameRng) -> Self::Setup;

    /// The rules this position is played under.
    fn rules(&self) -> &Self::Rules;

    /// How many seats play. Two for every game today.
    fn seat_count(&self) -> usize {
        2
    }

    /// The seat to move. After the game ends it is the seat that would
    /// have moved next.
    fn to_move(&self) -> Seat;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Clears `moves` and fills it with every legal move. The caller owns
    /// and reuses the buffer, so generation allocates nothing once the
    /// buffer has grown. Empty exactly when the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// How many legal moves there are. Perft counts the last ply with it;
    /// games may override it with something faster than generating (a
    /// popcount). `scratch` is a reusable buffer.
    fn count_legal_moves(&self, scratch: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(scratch);
        scratch.len()
    }

    /// Checks a move against every active rule, without playing it.
    fn check_move(&self, mv: Self::Move) -> Result<(), Self::RuleViolation>;

    /// Whether `mv` is legal here: exactly whether [`Game::legal_moves`]
    /// lists it. Search asks it of a move remembered from elsewhere in the
    /// tree before generating the moves; a game may answer it faster than
    /// [`Game::check_move`] does.
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]). The fast
    /// path for search: an illegal move here may leave a nonsense position,
    /// but never causes undefined behaviour.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays a move if every rule allows it; otherwise returns the broken
    /// rule and leaves the position untouched.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), Self::RuleViolation> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move, panicking if it is illegal. For tests.
    fn play(&mut self, mv: Self::Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("illegal move {mv:?}: {e}");
        }
    }

    /// A 64-bit hash of the position for transposition tables (Zobrist or
    /// equivalent). Includes the side to move.
    fn hash_key(&self) -> u64;

    /// A dense index of the move below [`Game::MOVE_SLOTS`].
    fn move_slot(mv: Self::Move) -> usize;

    /// Writes a move in the game's notation, as seen from this position
    /// (before the move).
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in the game's notation. It must also be legal here:
    /// syntax errors say what was expected, and a readable but illegal move
    /// is still returned so the caller can ask [`Game::check_move`] why.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// The position in the game's compact text form.
    fn format_position(&self) -> String;

    /// Reads a position in the game's text form, under `rules`.
    fn parse_position(rules: &Self::Rules, text: &str) -> Result<Self, PositionError>;

    /// A uniformly random legal move, or `None` if the game is over. Games
    /// may override it with something faster; `scratch` is a reusable
    /// buffer.
    fn random_move(&self, rng: &mut GameRng, scratch: &mut Vec<Self::Move>) -> Option<Self::Move> {
        self.legal_moves(scratch);
        if scratch.is_empty() { None } else { Some(scratch[rng.random_range(0..scratch.len())]) }
    }
}

/// A heuristic value of a position, used by the search at its horizon.
pub trait Evaluate: Game {
    /// How good the position is for `seat`, in the game's own fine units.
    ///
    /// Higher is better for `seat`. The value must stay within
    /// ±[`EVAL_LIMIT`], far below the search's win scores, and should be
    /// zero-sum between the two seats of a two-seat game.
    fn evaluate(&self, seat: Seat) -> i32;

    /// Whether a search may look at `mv`, legal here, a ply less deeply
    /// when it comes late in the order (a quiet move, not one that
    /// decides material at once). None by default.
    fn reducible(&self, _mv: Self::Move) -> bool {
        false
    }
}

/// The largest magnitude an [`Evaluate::evaluate`] value may have.
pub const EVAL_LIMIT: i32 = 1_000_000;

/// A setup that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("setup for {seat}: {problem}")]
pub struct SetupError {
    /// Whose setup is wrong.
    pub seat: Seat,
    /// What is wrong with it.
    pub problem: String,
}

impl SetupError {
    /// A problem with `seat`'s setup.
    pub fn new(seat: Seat, problem: impl Into<String>) -> Self {
        SetupError { seat, problem: problem.into() }
    }
}
