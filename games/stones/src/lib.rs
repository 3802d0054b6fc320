//! # Stones: relay-sowing mancala, with the Kalah variants
//!
//! The rules engine of Stones for boardsuite. [`Stones`] implements
//! game-core's [`Game`](game_core::Game), [`Evaluate`](game_core::Evaluate),
//! [`Solve`](game_core::Solve) and (as a perfect-information game)
//! [`Observe`](game_core::Observe); [`StonesRules`] holds the rule options.
//!
//! # Rules
//!
//! - **Board.** Two rows of `pits` piles (3..=8, default 6). Player One
//!   ([`Seat::FIRST`](game_core::Seat::FIRST)) owns the bottom row and the
//!   score pile at the left end; Player Two owns the top row and the score
//!   pile at the right end. Every pile starts with `stones` stones (1..=8,
//!   default 4). Player One moves first.
//! - **A move** picks a non-empty pile of your own and sows its stones one
//!   by one clockwise: Player One right to left along the bottom row, into
//!   their score pile, then left to right along the top row. Your own score
//!   pile receives a stone; the opponent's is skipped; the emptied start
//!   pile is not skipped on later laps.
//! - **Where the last stone lands**, `sowing = "relay"` (the default): your
//!   score pile, a free turn (you move again); a pile on either side that
//!   already held stones, lift it all (the dropped stone too) and keep
//!   sowing; an empty pile, the turn ends. Relay sowing always ends: see
//!   the proof on the sowing code (`Stones::sow` in `sowing.rs`).
//! - **`sowing = "kalah"`**: no relay. Your score pile, a free turn; your
//!   own empty pit, capture that stone and the opposite pit's stones into
//!   your score pile, if the opposite pit holds stones, or always when
//!   `empty_capture = true` (the rule of "Solving Kalah", Irving, Donkers
//!   and Uiterwijk, 2000); elsewhere the turn ends.
//! - **End.** After every sowing, also one that earned a free turn, each
//!   side is checked. `end_sweep = "emptier-collects"` (Stones): the
//!   player whose side is empty banks everything left on the other side
//!   (the mover's side is checked first; if both are empty the game just
//!   ends). `end_sweep = "owner-keeps"` (Kalah): each player banks their
//!   own side. `end_sweep = "auto"` (the default) follows `sowing`.
//! - **Result.** The fuller score pile wins by the difference; equal is a
//!   draw.
//!
//! # Notation
//!
//! A move ([`Sow`]) is its pile number 1..=pits counted from the mover's
//! own left as they face the board, so pile 1 is always the one next to the
//! mover's own score pile. A turn with free turns is a sequence, one ply
//! per sowing: `3 5 1`.
//!
//! A position is one line: Player One's piles 1..=pits and score pile, then
//! Player Two's, then the seat to move.
//!
//! ```text
//! 4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : first
//! ```
//!
//! ```
//! use game_core::{Game, Seat, perft};
//! use stones::{Stones, StonesRules};
//!
//! let mut game = Stones::start(&StonesRules::default(), &[]).unwrap();
//! // Pile 4 holds 4 stones: the last one falls into the score pile.
//! game.try_play(game.parse_move("4").unwrap()).unwrap();
//! assert_eq!(game.to_move(), Seat::FIRST);
//! assert_eq!(game.format_position(), "5 5 5 0 4 4 [1] / 4 4 4 4 4 4 [0] : first");
//! assert_eq!(perft(&game, 1), 5);
//! ```
//!
//! # For the GUI
//!
//! [`Stones::trace`] returns every step of a move ([`SowingStep`]: each
//! drop, relay pickup, capture and end-sweep pile), recorded by the very
//! code the search runs. [`Stones::row`], [`Stones::store`] and
//! [`Stones::pile`] read the board; [`Pit`] and [`Place`] name piles as
//! players do.

mod board;
mod book;
mod eval;
mod game;
mod moves;
mod position_text;
mod rules;
mod solve;
mod sowing;
mod trace;

pub use board::{MAX_TOTAL_STONES, Pit, Place, Stones};
pub use book::{BookEntry, BookError, StonesBook};
pub use eval::STONE;
pub use moves::{Sow, StonesViolation};
pub use rules::{EndSweep, MAX_PITS, MAX_STONES, MIN_PITS, MIN_STONES, SowingRule, StonesRules};
pub use solve::StonesEndgame;
pub use sowing::Landing;
pub use trace::{SowingStep, SowingTrace};
