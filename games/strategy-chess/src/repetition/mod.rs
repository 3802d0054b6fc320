//! The repetition rules: `two_square_rule` (ISF 10) and `more_square_rule`
//! (ISF 11).
//!
//! Both look only at public facts (which squares pieces moved between), so
//! their state travels in every view and the sampler copies it: a player
//! knows exactly which of their moves the rules forbid. Both states are
//! small fixed-size values, so cloning a position for search stays cheap.

pub mod more_square;
pub mod two_square;

pub use more_square::{Chase, ChaseBan, ChasePhase};
pub use two_square::{TwoSquare, TwoSquareBan};
