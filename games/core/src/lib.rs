//! # game-core: the shared vocabulary of boardsuite
//!
//! Every game (Stones, Blockade, Strategy Chess) implements [`Game`]; the AI,
//! the shell and the network server rely on nothing else.
//!
//! - [`Game`]: moves into a caller-owned buffer, checked and unchecked play,
//!   outcome with margin, Zobrist-style hash, notation, position text.
//!   **The side to move is asked of the position** ([`Game::to_move`]), never
//!   assumed to alternate: a free turn is the same seat moving again.
//! - [`Evaluate`]: the heuristic the search uses at its horizon.
//! - [`RuleSet`]: the rule options of a game as a TOML struct with a schema,
//!   validation and the one generic `--set key=value` mechanism.
//! - [`Observe`]: hidden information. `view(seat)` is what a seat may see;
//!   `sample(view, rng)` builds a full position consistent with it. Seats'
//!   GUIs and the AI receive views only.
//! - [`Solve`]: what an exact solver may know (the banked margin, a key that
//!   leaves it out), for perfect-information games.
//! - [`Referee`]: the only holder of the full position. It checks every move
//!   (seat, turn, ply, rules) and hands out views.
//! - [`perft`]: move-sequence counts, the standard generator check.
//! - [`rng`]: the seeded generator every random choice draws from.
//! - [`nim`]: a complete toy game with a free turn, used by tests and shown
//!   below. With the `testing` feature, `nim::secret` adds Secret Nim, its
//!   hidden-information variant with a setup phase, for other crates' tests.
//!
//! ```
//! use game_core::nim::{Nim, NimRules};
//! use game_core::{Game, Observe, Referee, RuleSet, Seat, SeatView};
//!
//! let rules = NimRules::default().with_settings(&["max_take=2"]).unwrap();
//! let mut referee = Referee::new(Nim::start(&rules, &[]).unwrap());
//! // max_take is now 2, so taking 3 is refused and nothing changes.
//! assert!(referee.submit_text(Seat::FIRST, 0, "1-3").is_err());
//! referee.submit_text(Seat::FIRST, 0, "1-2").unwrap();
//! assert_eq!(referee.view(Seat::SECOND).to_move(), Seat::SECOND);
//! ```

pub mod game;
pub mod hidden;
pub mod memory;
pub mod nim;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod referee;
pub mod rng;
pub mod rules;
pub mod seat;
pub mod solve;

pub use game::{EVAL_LIMIT, Evaluate, Game, SetupError};
pub use hidden::{Drawer, FullView, Observe, SeatView};
pub use notation::{NotationError, PositionError};
pub use outcome::Outcome;
pub use perft::{perft, perft_counts};
pub use referee::{Finish, PlayedMove, Referee, RefereeError};
pub use rng::GameRng;
pub use rules::{Allowed, RuleError, RuleErrors, RuleField, RuleSet};
pub use seat::Seat;
pub use solve::Solve;
