//! # strategy-chess: the Strategy Chess rules engine
//!
//! Stratego-style battle on a 10x10 board with hidden piece identities, as
//! PRODUCT.md fixes it, with every variant the original programs offered.
//!
//! - [`StrategyChess`]: the full position ([`game_core::Game`],
//!   [`game_core::Evaluate`], [`game_core::Observe`]). Red is
//!   [`game_core::Seat::FIRST`], Blue [`game_core::Seat::SECOND`], always;
//!   the `first` option says who moves first. A win has margin 1.
//! - [`StrategyChessRules`]: the rule options (`army`, `first`, `scouts`,
//!   `bombs`, `two_square_rule`, `more_square_rule`, `no_capture_limit`).
//! - [`StrategyChessView`]: what one player knows; the GUI draws it, the
//!   AI samples from it ([`sampler`]), the network sends it.
//! - [`Setup`], [`Library`], [`generator`]: setups, the library of human
//!   setups, and generated ones.
//! - [`sparring`]: fixed styles of play (defender, aggressor, rusher) that
//!   the AI is measured against; each sees only its seat's view.
//! - Notation: squares `a1`..`j10`, moves `b4-b5`, strikes `b4xb5`;
//!   positions in the text form of [`position_text`].
//!
//! ```
//! use game_core::{Game, Observe, Seat};
//! use strategy_chess::{Library, StrategyChess, StrategyChessRules};
//!
//! let library = Library::builtin();
//! let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
//! let mut game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
//! let mv = game.parse_move("a4-a5").unwrap();
//! game.try_play(mv).unwrap();
//! // Blue sees Red's Scout only as a piece that moved.
//! let view = game.view(Seat::SECOND);
//! let a5 = strategy_chess::Square::parse("a5").unwrap();
//! assert_eq!(view.piece(a5).unwrap().rank, None);
//! assert!(view.piece(a5).unwrap().facts.moved);
//! ```

pub mod army;
pub mod beliefs;
pub mod board;
pub mod caution;
pub mod combat;
pub mod eval;
pub mod game;
pub mod game_traits;
pub mod generator;
pub mod history;
pub mod hunt;
pub mod library;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod odds;
pub mod odds_draw;
pub mod position_text;
pub mod progress;
#[cfg(test)]
mod proptests;
pub mod rank;
pub mod repetition;
pub mod rules;
pub mod sampler;
pub mod setup;
pub mod sparring;
pub mod square;
pub mod view;
pub mod violation;

pub use army::{Army, Preset};
pub use board::PublicFacts;
pub use combat::{Clash, battle};
pub use game::StrategyChess;
pub use history::{Battle, PublicEvent, PublicHistory};
pub use library::{Library, LibraryEntry};
pub use moves::Move;
pub use rank::{Colour, Piece, Rank};
pub use rules::{BombRule, ScoutRule, StrategyChessRules};
pub use setup::Setup;
pub use square::{Direction, Square};
pub use view::{Seen, SeenPiece, StrategyChessView};
pub use violation::Violation;
