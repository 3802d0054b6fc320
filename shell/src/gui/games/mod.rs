//! The game screens, one folder per game.

pub mod strategy_chess;
