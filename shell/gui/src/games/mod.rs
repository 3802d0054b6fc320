//! The games' own play screens: each a [`BoardUi`](super::play::BoardUi)
//! and a factory for its catalogue entry. Everything else on a play screen
//! comes from the shared [`play`](super::play) core.

pub mod blockade;
pub mod stones;
pub mod strategy_chess;
