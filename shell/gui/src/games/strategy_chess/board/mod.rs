//! The Strategy Chess board during play, drawn from one seat's view.
//!
//! - [`geometry`]: where each square is for a board turned to one side,
//!   and which square a point is on.
//! - [`memory`]: which revealed enemy pieces still show their rank (one
//!   turn, or always with the memory aid).
//! - [`ending`]: how the game ended, in the game's words.
//! - [`model`]: the draw model of the board and the side panel, built from
//!   a [`strategy_chess::StrategyChessView`] and nothing else (once the
//!   game is over, also from the same view with every piece face up).
//! - [`panel`]: the side panel's layout.
//! - [`draw`]: the drawing of those models.

pub mod draw;
pub mod ending;
pub mod geometry;
pub mod memory;
pub mod model;
pub mod panel;
