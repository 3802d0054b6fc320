//! What goes wrong in the window, said in the words the player sees: a
//! match that cannot start (its rules, army or setups), a setup that does
//! not hold the army, the player's setups file, a bundled font.
//!
//! A record's problems stay [`headless::record::RecordError`]s, and a
//! refused request in a match is a [`Refusal`](crate::play::Refusal).

use game_core::{PositionError, RuleErrors, SetupError};
use std::path::PathBuf;
use thiserror::Error;

/// Why a screen cannot open, or what the player asked cannot be done.
#[derive(Debug, Error)]
pub enum GuiError {
    /// The match's rule options are refused.
    #[error(transparent)]
    Rules(#[from] RuleErrors),
    /// A game's rule options are refused, said with the game's name.
    #[error("{game} rules: {source}")]
    GameRules {
        /// The game's name (`Stones`).
        game: &'static str,
        /// Every refused option.
        source: RuleErrors,
    },
    /// The army of the rules cannot be played.
    #[error("The army cannot play: {}", .problems.join("; "))]
    Army {
        /// Each reason, in words.
        problems: Vec<String>,
    },
    /// A network game's rules, as the host sent them, are not a table of
    /// rules.
    #[error("the host's rules cannot be read")]
    HostRulesUnreadable,
    /// A network game's rules, as the host sent them, are refused.
    #[error("the host's rules: {0}")]
    HostRules(#[source] RuleErrors),
    /// The army of the host's rules cannot be played.
    #[error("the army cannot play: {}", .problems.join("; "))]
    HostArmy {
        /// Each reason, in words.
        problems: Vec<String>,
    },
    /// The setups do not start a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A setup that does not hold the army; the words are the game's.
    #[error("{0}")]
    WrongArmy(String),
    /// A network mode asked of the screens of a game at this computer.
    #[error("network games are opened from the network screens")]
    NetworkSeats,
    /// Play pressed on a setup screen of a match already started.
    #[error("the match has already started")]
    MatchStarted,
    /// A game the launcher has no screens for.
    #[error("{game} has no screens in the launcher")]
    NoScreens {
        /// The game's name.
        game: &'static str,
    },
    /// A bundled font that does not load.
    #[error("{face}: {problem}")]
    Font {
        /// Which face (`font`, `bold font`).
        face: &'static str,
        /// The font library's words.
        problem: &'static str,
    },
    /// No folder for the player's own setups.
    #[error("no config directory for saved setups (set HOME or BOARDSUITE_CONFIG_DIR)")]
    NoSetupsFolder,
    /// The player's setups file cannot be read.
    #[error("{} could not be read: {source}", .file.display())]
    SetupsRead {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The player's setups file is not a setup library.
    #[error("{} does not read as setups: {source}", .file.display())]
    SetupsUnreadable {
        /// The file.
        file: PathBuf,
        /// Where and why the library text is wrong.
        source: PositionError,
    },
    /// The folder of the setups file cannot be made.
    #[error("{} could not be made: {source}", .dir.display())]
    SetupsFolder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The old setups file cannot be copied aside before a save.
    #[error("{} could not be kept as a backup: {source}", .file.display())]
    SetupsBackup {
        /// The old file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The setups file (or its temporary) cannot be written.
    #[error("{} could not be written: {source}", .file.display())]
    SetupsWrite {
        /// The file written.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}
