//! # ai: the generic search AI of boardsuite
//!
//! Everything here knows [`game_core`] and nothing else: the same engines
//! play every game of the suite, and no game is known by name.
//!
//! - [`ComputerPlayer`]: **the one call the shell makes.** Built from a
//!   [`Budget`] (a [`Level`]'s, from the game's [`levels::LevelTable`],
//!   which comes with the game's registry entry in the shell); [`ComputerPlayer::choose_move`] takes the seat's **view**,
//!   a seed and an optional [`StopSignal`], and returns the move.
//!   [`ComputerPlayer::choose_setup`] picks the computer's setup.
//! - [`determinized::search_view`]: draws positions from a view, searches
//!   each and combines them. It never sees a full position it was not
//!   given by the sampler, so the AI cannot cheat.
//! - Engines behind the common [`Searcher`] trait:
//!   [`AlphaBeta`] (negamax, PVS, iterative deepening, a bucketed
//!   transposition table, TT move/killers/history ordering) and [`Mcts`]
//!   (UCT, random or evaluation-guided playouts). [`Engine`] holds either.
//! - [`exact`]: perfect play for a level whose [`Budget`] asks for it: a
//!   book move or a solve within the move's budget, else the usual search.
//! - [`Solver`]: the exact final margin of a perfect-information game
//!   (MTD(f) over the future value, keyed by [`game_core::Solve`]).
//! - [`arena`]: two contenders (computer players, or any other
//!   [`arena::Contender`] such as a game's sparring opponents) through the
//!   referee, one game or a match in parallel (what `boardsuite match`
//!   runs).
//! - [`reference`]: plain unpruned searches, and `testing` (behind the
//!   `testing` feature): the test harness every optimised search is
//!   checked with.
//!
//! **Turns are asked of the position, never assumed to alternate.** A
//! value is always from the side to move's point of view; it is negated
//! only when a move hands the turn to the other seat (a free turn keeps it
//! as it is). Games are two-seat and zero-sum.
//!
//! Randomness comes only from seeds passed in ([`seeds`]).

pub mod alphabeta;
pub mod arena;
pub mod clock;
pub mod determinized;
pub mod engine;
pub mod exact;
pub mod levels;
pub mod limits;
pub mod mcts;
mod ordering;
pub mod player;
pub mod reference;
pub mod score;
pub mod search;
pub mod seeds;
pub mod sliced;
pub mod solver;
mod solver_table;
pub mod stats;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig};
pub use determinized::{Combine, SamplePlan, search_view};
pub use engine::{Engine, EngineKind};
pub use exact::{ExactPlay, SolverHook};
pub use levels::{Budget, Level};
pub use limits::{SearchLimits, StopSignal};
pub use mcts::{Mcts, MctsConfig, PlayoutPolicy};
pub use player::ComputerPlayer;
pub use score::Score;
pub use search::{RootMove, SearchResult, Searcher};
pub use solver::{Cutoffs, Solution, SolveError, SolveStats, Solver, SolverConfig};
pub use stats::SearchStats;
