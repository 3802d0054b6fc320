//! The play core: the seam between the launcher and the game screens,
//! and the screen every game shares.
//!
//! The launcher gathers a [`MatchConfig`] and calls the game's
//! [`GameScreenFactory`] from its [`GameScreens`] (in `games/<game>/`). A
//! game's factory builds a [`PlayScreen`] over its own [`BoardUi`] (see
//! `games/stones/` for a complete example).
//!
//! - [`board`]: the [`BoardUi`] trait a game implements (pure layout and
//!   hit-testing, drawing from a seat's view, animations, panel lines).
//! - [`session`]: the match without a window: the referee (or a network
//!   link), the seats ([`SeatDriver`]), undo, new game, the move list.
//! - [`computer`]: the computer's search on a worker thread; [`sliced`]:
//!   the same without a thread, a slice a frame (in a web page).
//! - [`hint`]: the computer's suggestion (F7), shown and never played.
//! - [`remote`]: the slot for a seat played on another computer.
//! - [`marks`]: the marks boards share: each side's last move, the hint.
//! - [`screen`], [`layout`], [`panel`]: the screen itself.

pub mod board;
pub mod computer;
pub mod hint;
pub mod layout;
pub mod marks;
pub mod panel;
pub mod refusal;
pub mod remote;
pub mod save;
pub mod screen;
pub mod session;
pub mod sliced;
pub mod talk;

pub use board::{BoardFrame, BoardUi, Pick, StatusLine, Tone};
pub use layout::PlayMsg;
pub use refusal::Refusal;
pub use remote::{LocalEvent, RemoteEvent, RemoteLink, RemoteMove};
pub use screen::PlayScreen;
pub use session::{Happening, SeatDriver, SeatKind, Session, StartMaker};

use super::canvas::Canvas;
use super::context::AppContext;
use super::error::GuiError;
use super::geometry::Rect;
use super::screen::Screen;
use game_core::{RuleErrors, RuleSet};
use headless::registry::GameKind;
use headless::settings::{FirstMover, PlayMode};

/// Everything the launcher decided about a game about to start.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// Which game.
    pub game: GameKind,
    /// Who sits at each seat.
    pub mode: PlayMode,
    /// The AI level, 1..=10 (for the modes where the computer plays).
    pub level: u8,
    /// Who moves first when a person plays the computer.
    pub first: FirstMover,
    /// The rule options, already validated against the game's schema.
    pub rules: toml::Table,
}

impl MatchConfig {
    /// The rules as the game's own type, e.g.
    /// `config.rules_as::<stones::StonesRules>()`.
    pub fn rules_as<R: RuleSet>(&self) -> Result<R, RuleErrors> {
        R::from_toml(&toml::to_string(&self.rules).unwrap_or_default())
    }

    /// A match of `game` in `mode` against level 1, the person first, with
    /// the default rules: for tests (the `testing` feature).
    #[cfg(any(test, feature = "testing"))]
    pub fn for_tests(game: GameKind, mode: PlayMode) -> Self {
        MatchConfig { game, mode, level: 1, first: FirstMover::Human, rules: game.entry().rules.defaults() }
    }

    /// Whether the person at this computer plays the first seat, with a
    /// coin `coin` (drawn by the caller from a seeded generator) for
    /// [`FirstMover::Random`].
    pub fn human_moves_first(&self, coin: bool) -> bool {
        match self.first {
            FirstMover::Human => true,
            FirstMover::Computer => false,
            FirstMover::Random => coin,
        }
    }
}

/// Builds the play screen of one game for a configured match, or says why
/// it cannot (shown to the player on the setup screen).
pub type GameScreenFactory = fn(&MatchConfig, &mut AppContext) -> Result<Box<dyn Screen>, GuiError>;

/// What the window adds to a game's registry entry: each game's folder
/// under `games/` has one, and the catalogue finds it by the game's kind.
#[derive(Clone, Copy, Debug)]
pub struct GameScreens {
    /// Draws a small picture of the board at the start under these rule
    /// options (a table as the settings hold it) into a rectangle: the
    /// card, the mode choice, the setup form.
    pub picture: fn(&mut Canvas, Rect, &toml::Table),
    /// Builds the play screen.
    pub play: GameScreenFactory,
    /// A rule option the setup form edits on a screen of the game's own
    /// (the Strategy Chess army), if the game has one.
    pub editor: Option<RuleEditor>,
}

/// Where a rule editor leaves the value it made, for the setup form to
/// take when it is back on top.
pub type EditedValue = std::rc::Rc<std::cell::RefCell<Option<toml::Value>>>;

/// A rule option too rich for a stepper alone: the setup form steps it
/// through its named values and offers a button that opens the game's
/// own editor.
#[derive(Clone, Copy, Debug)]
pub struct RuleEditor {
    /// The option's key in the rules table.
    pub key: &'static str,
    /// The setup form's button that opens the editor ("Edit army").
    pub button: &'static str,
    /// The option's help line on the setup form.
    pub help: &'static str,
    /// The value as the form's row shows it.
    pub show: fn(&toml::Value) -> String,
    /// The next named value, forwards or back.
    pub step: fn(&toml::Value, bool) -> Option<toml::Value>,
    /// The editor over these rules; on Done it leaves the new value in the
    /// slot and closes.
    pub open: fn(&toml::Table, EditedValue, &AppContext) -> Box<dyn Screen>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::nim::NimRules;

    #[test]
    fn rules_convert_to_the_games_type() {
        let mut config = MatchConfig {
            game: GameKind::Stones,
            mode: PlayMode::Computer,
            level: 3,
            first: FirstMover::Random,
            rules: "max_take = 2".parse().unwrap(),
        };
        assert_eq!(config.rules_as::<NimRules>().unwrap().max_take, 2);
        config.rules.insert("max_take".into(), toml::Value::Integer(99));
        assert_eq!(config.rules_as::<NimRules>().unwrap_err().keys(), vec!["max_take"]);
        assert!(config.human_moves_first(true) && !config.human_moves_first(false));
    }
}
