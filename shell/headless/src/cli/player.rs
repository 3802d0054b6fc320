//! The PLAYER of `match --first/--second` and `ucc-bot --level`: a level
//! `1`..`10` of the computer player, or `sparring:NAME` for one of the
//! game's sparring opponents (fixed styles kept for testing the AI; see
//! [`Registered::sparring_styles`]).
//!
//! Reading the text only checks its form; whether the game has a sparring
//! opponent of that name is checked by [`factory`], which knows the game.

use crate::failure::Failure;
use crate::registry::Registered;
use ai::Level;
use ai::arena::{Contender, ContenderFactory};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// What `sparring:NAME` starts with.
pub const SPARRING_PREFIX: &str = "sparring:";

/// A player named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerChoice {
    /// The computer player of this level.
    Level(Level),
    /// The game's sparring opponent of this name.
    Sparring(String),
}

/// Why a text is not a PLAYER.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerChoiceError {
    /// `sparring:` with nothing after it.
    #[error("`{text}` names no sparring opponent: give {SPARRING_PREFIX}NAME")]
    NoSparringName {
        /// The text as given.
        text: String,
    },
    /// Neither a level 1..=10 nor `sparring:NAME`.
    #[error("`{text}` is not a player: give a level 1..=10 or {SPARRING_PREFIX}NAME")]
    NotAPlayer {
        /// The text as given.
        text: String,
    },
}

impl FromStr for PlayerChoice {
    type Err = PlayerChoiceError;

    fn from_str(text: &str) -> Result<Self, PlayerChoiceError> {
        if let Some(name) = text.strip_prefix(SPARRING_PREFIX) {
            return if name.is_empty() {
                Err(PlayerChoiceError::NoSparringName { text: text.to_string() })
            } else {
                Ok(PlayerChoice::Sparring(name.to_string()))
            };
        }
        text.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .map(PlayerChoice::Level)
            .ok_or_else(|| PlayerChoiceError::NotAPlayer { text: text.to_string() })
    }
}

impl fmt::Display for PlayerChoice {
    /// `level 5` or `sparring:defender`, as the progress lines of `match`
    /// name the player in each seat.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerChoice::Level(level) => write!(f, "level {level}"),
            PlayerChoice::Sparring(name) => write!(f, "{SPARRING_PREFIX}{name}"),
        }
    }
}

/// Everything a PLAYER may be in game `G`, for error messages:
/// `1..=10`, then each `sparring:NAME`.
pub fn allowed<G: Registered>() -> String {
    let mut allowed = vec!["1..=10".to_string()];
    allowed.extend(G::sparring_styles().iter().map(|s| format!("{SPARRING_PREFIX}{}", s.name)));
    allowed.join(", ")
}

/// Checks that game `G` has the player `choice` (`flag` names the option
/// in the error).
pub fn check<G: Registered>(choice: &PlayerChoice, flag: &str) -> Result<(), Failure> {
    let PlayerChoice::Sparring(name) = choice else { return Ok(()) };
    if G::sparring_styles().is_empty() {
        return Err(Failure::usage(format!(
            "{flag}: {} has no sparring opponents (allowed: {})",
            G::NAME,
            allowed::<G>()
        )));
    }
    if G::sparring_contender(name).is_none() {
        return Err(Failure::usage(format!(
            "{flag}: {} has no sparring opponent `{name}` (allowed: {})",
            G::NAME,
            allowed::<G>()
        )));
    }
    Ok(())
}

/// What makes a fresh contender of `choice` for each game of a match in
/// game `G`: the level's reproducible computer player, or the sparring
/// opponent. `flag` names the option in the error if `G` has no such
/// player.
pub fn factory<G: Registered>(
    choice: &PlayerChoice,
    flag: &str,
) -> Result<Box<dyn ContenderFactory<G>>, Failure> {
    check::<G>(choice, flag)?;
    Ok(match choice {
        PlayerChoice::Level(level) => Box::new(G::budget(*level)),
        PlayerChoice::Sparring(name) => {
            let name = name.clone();
            Box::new(move || -> Box<dyn Contender<G>> {
                G::sparring_contender(&name).expect("checked when the factory was made")
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::nim::Nim;
    use strategy_chess::StrategyChess;

    #[test]
    fn a_player_is_a_level_or_a_sparring_name() {
        assert_eq!("7".parse(), Ok(PlayerChoice::Level(Level::new(7).unwrap())));
        assert_eq!("sparring:rusher".parse(), Ok(PlayerChoice::Sparring("rusher".into())));
        for bad in ["0", "11", "x", "", "sparring:", "Sparring:rusher"] {
            let err = bad.parse::<PlayerChoice>().unwrap_err().to_string();
            assert!(err.contains("sparring:NAME"), "{bad}: {err}");
        }
        assert_eq!(PlayerChoice::Level(Level::MAX).to_string(), "level 10");
        assert_eq!(PlayerChoice::Sparring("defender".into()).to_string(), "sparring:defender");
    }

    #[test]
    fn only_a_game_with_the_style_has_it() {
        let defender = PlayerChoice::Sparring("defender".into());
        assert!(factory::<StrategyChess>(&defender, "--first").is_ok());
        let Err(err) = factory::<StrategyChess>(&PlayerChoice::Sparring("x".into()), "--second") else {
            panic!("no style x");
        };
        let text = err.to_string();
        assert!(text.starts_with("--second: strategy-chess has no sparring opponent `x`"), "{text}");
        assert!(text.contains("1..=10, sparring:defender, sparring:aggressor, sparring:rusher"), "{text}");
        let Err(err) = factory::<Nim>(&defender, "--first") else { panic!("nim has no styles") };
        assert_eq!(err.to_string(), "--first: nim has no sparring opponents (allowed: 1..=10)");
        assert!(factory::<Nim>(&PlayerChoice::Level(Level::MIN), "--first").is_ok());
    }

    #[test]
    fn bad_players_are_refused_in_these_words() {
        let said = |text: &str| text.parse::<PlayerChoice>().unwrap_err().to_string();
        assert_eq!(said("sparring:"), "`sparring:` names no sparring opponent: give sparring:NAME");
        assert_eq!(said("11"), "`11` is not a player: give a level 1..=10 or sparring:NAME");
    }
}
