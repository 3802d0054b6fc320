//! The games as the launcher shows them: each game's registry entry
//! (`headless::registry`, the one list of games) with what only a window
//! adds, its [`GameScreens`] from its folder under `games/`.

use crate::context::AppContext;
use crate::error::GuiError;
use crate::games;
use crate::play::{GameScreens, MatchConfig};
use crate::screen::Screen;
use headless::registry::GameKind;

/// The screens of `kind`: the drawing on its card and its play screen.
pub fn screens(kind: GameKind) -> &'static GameScreens {
    match kind {
        GameKind::StrategyChess => &games::strategy_chess::SCREENS,
        GameKind::Stones => &games::stones::SCREENS,
        GameKind::Blockade => &games::blockade::SCREENS,
        // A game registered for tests only has no screens.
        #[allow(unreachable_patterns)]
        _ => &NO_SCREENS,
    }
}

/// The rule options remembered for `kind` (its defaults if none are), for
/// the pictures of the launcher and the mode choice.
pub fn remembered_rules(ctx: &AppContext, kind: GameKind) -> toml::Table {
    let entry = kind.entry();
    ctx.settings.game(entry.key).map_or_else(|| entry.rules.defaults(), |g| g.rules.clone())
}

/// The screens of a game the launcher cannot show: a blank card, and a
/// play screen that says so.
const NO_SCREENS: GameScreens = GameScreens { picture: |_, _, _| {}, play: no_play_screen, editor: None };

fn no_play_screen(config: &MatchConfig, _: &mut AppContext) -> Result<Box<dyn Screen>, GuiError> {
    Err(GuiError::NoScreens { game: config.game.entry().name })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_launcher_has_screens() {
        for kind in GameKind::ALL {
            assert!(!std::ptr::eq(screens(kind), &NO_SCREENS), "{}", kind.key());
        }
    }

    #[test]
    fn a_game_without_screens_says_so() {
        let config = MatchConfig {
            game: GameKind::Stones,
            mode: headless::settings::PlayMode::Computer,
            level: 1,
            first: headless::settings::FirstMover::Human,
            rules: GameKind::Stones.entry().rules.defaults(),
        };
        let mut ctx = AppContext::for_tests();
        let said = no_play_screen(&config, &mut ctx).err().unwrap().to_string();
        assert_eq!(said, "Stones has no screens in the launcher");
    }
}
