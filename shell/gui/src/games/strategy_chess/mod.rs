//! Strategy Chess screens: the setup screen, the board drawn from one
//! seat's view, and the pieces' art.
//!
//! - [`numbering`]: rank labels in the classic or modern numbering.
//! - [`art`]: the pieces, drawn with shapes and the bundled font.
//! - [`board`]: the board's geometry (lakes, flip), the draw model built
//!   from a [`strategy_chess::StrategyChessView`] only, and its drawing.
//! - [`army`]: the army editor: how many pieces of each rank.
//! - [`setup`]: placing an army on the four home rows.
//! - [`play`]: the board on the shared play screen ([`crate::play`]).
//! - [`flow`]: the factory: setup screens, hand-over, then the board.
//! - [`hint`]: the hint's words, from the seat's view.
//! - [`slide`]: a move shown as its piece sliding to the target.
//!
//! [`SCREENS`] holds the card's picture and [`flow::play_screen`].

pub mod army;
pub mod art;
pub mod board;
pub mod flow;
pub mod hint;
pub mod numbering;
pub mod play;
pub mod setup;
pub mod slide;

/// A game from the start with library setups 1 (Red) and 2 (Blue): the
/// tests' usual board.
#[cfg(test)]
pub(crate) fn library_game() -> strategy_chess::StrategyChess {
    let library = strategy_chess::Library::builtin();
    let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
    <strategy_chess::StrategyChess as game_core::Game>::start(
        &strategy_chess::StrategyChessRules::default(),
        &setups,
    )
    .unwrap()
}

pub use flow::play_screen;

use crate::play::GameScreens;

/// What the window adds to the Strategy Chess registry entry.
pub const SCREENS: GameScreens =
    GameScreens { picture: super::pictures::strategy_chess, play: play_screen, editor: Some(army::EDITOR) };
