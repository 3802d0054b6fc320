//! The games' own play screens: each a [`BoardUi`](super::play::BoardUi)
//! and its [`GameScreens`](super::play::GameScreens): the card's picture and
//! the factory of its play screen. Everything else on a play screen
//! comes from the shared [`play`](super::play) core.

pub mod blockade;
pub mod pictures;
pub mod stones;
pub mod strategy_chess;
