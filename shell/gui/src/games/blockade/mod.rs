//! The Blockade play screen: the shared play core with a [`BlockadeBoard`].
//!
//! - [`layout`]: where the squares go (pure).
//! - [`anim`]: a move shown change by change from the engine's effects.
//! - [`board`]: the [`BoardUi`](crate::play::BoardUi) of Blockade.
//! - [`draw`]: the grid, values, stones, hints and marks.

pub mod anim;
pub mod board;
pub mod draw;
pub mod hint;
pub mod layout;

pub use board::BlockadeBoard;

use crate::context::AppContext;
use crate::error::GuiError;
use crate::play::session::fixed_start;
use crate::play::{GameScreens, MatchConfig, PlayScreen, StartMaker};
use crate::screen::Screen;
use blockade::{Blockade, BlockadeRules};
use game_core::Game;

/// What the window adds to the Blockade registry entry.
pub const SCREENS: GameScreens =
    GameScreens { picture: super::pictures::blockade, play: play_screen, editor: None };

/// The [`GameScreenFactory`](crate::play::GameScreenFactory) of Blockade.
pub fn play_screen(config: &MatchConfig, ctx: &mut AppContext) -> Result<Box<dyn Screen>, GuiError> {
    if let Some(lobby) = crate::net::lobby::lobby_for::<Blockade, _>(config, ctx, BlockadeBoard::new()) {
        return Ok(lobby);
    }
    Ok(Box::new(screen(config, ctx)?))
}

/// The Blockade play screen as its concrete type (for tests).
pub fn screen(
    config: &MatchConfig,
    ctx: &mut AppContext,
) -> Result<PlayScreen<Blockade, BlockadeBoard>, GuiError> {
    let rules: BlockadeRules =
        config.rules_as().map_err(|source| GuiError::GameRules { game: "Blockade", source })?;
    Blockade::start(&rules, &[])?;
    let start: StartMaker<Blockade> = fixed_start(rules, Vec::new());
    PlayScreen::local(config, ctx, BlockadeBoard::new(), start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{InputEvent, Key};
    use crate::play::BoardUi;
    use crate::screen::View;
    use blockade::Square;
    use game_core::Seat;
    use headless::registry::GameKind;
    use headless::settings::{AnimationSpeed, FirstMover, PlayMode};
    use std::time::{Duration, Instant};

    fn config(mode: PlayMode) -> MatchConfig {
        MatchConfig {
            game: GameKind::Blockade,
            mode,
            level: 1,
            first: FirstMover::Human,
            rules: GameKind::Blockade.entry().rules.defaults(),
        }
    }

    #[test]
    fn a_click_places_a_stone_the_capture_shows_and_the_computer_answers() {
        let mut ctx = AppContext::for_tests();
        ctx.settings.preferences.animation_speed = AnimationSpeed::Fast;
        let mut screen = screen(&config(PlayMode::Computer), &mut ctx).unwrap();
        let view = View::of_size(800.0, 600.0);
        let d3 = Square::parse("d3").unwrap();
        let r = screen.board().spot_rect(screen.shown(), screen.layout(&view).board, d3);
        screen.input(&mut ctx, &view, &InputEvent::Click(r.center()));
        assert_eq!(screen.session().history_item(0), Some((Seat::FIRST, "d3")));
        // d3 captures e4: the animation shows it before the computer moves.
        let mut saw_capture = false;
        let deadline = Instant::now() + Duration::from_secs(30);
        while !screen.session().human_to_move() || screen.board().is_animating() {
            assert!(Instant::now() < deadline);
            screen.update(&mut ctx, 0.02);
            saw_capture |= screen
                .board()
                .banner(screen.shown(), screen.names())
                .is_some_and(|b| b.starts_with("Captured"));
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(saw_capture);
        assert_eq!(screen.session().ply(), 2);
        let status = screen.board().status(screen.shown(), screen.names());
        assert!(status.iter().any(|l| l.text.starts_with("Last: Player Two at")), "{status:?}");
    }

    #[test]
    fn keys_move_the_cursor_and_illegal_squares_do_nothing() {
        let mut ctx = AppContext::for_tests();
        ctx.settings.preferences.animation_speed = AnimationSpeed::Instant;
        let mut screen = screen(&config(PlayMode::TwoPlayers), &mut ctx).unwrap();
        let view = View::of_size(1920.0, 1080.0);
        let a1 = Square::parse("a1").unwrap();
        let r = screen.board().spot_rect(screen.shown(), screen.layout(&view).board, a1);
        screen.input(&mut ctx, &view, &InputEvent::Click(r.center()));
        assert_eq!(screen.session().ply(), 0, "a1 touches no stone");
        // The click left the cursor on a1: Enter there does nothing either.
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(screen.session().ply(), 0);
        // Up from a1 moves to a2.
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Arrow(crate::focus::Direction::Up)));
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(screen.session().ply(), 0, "a2 is not legal either");
        // The pointer over a legal square puts the cursor there.
        let target = screen.session().legal()[0];
        let r = screen.board().spot_rect(screen.shown(), screen.layout(&view).board, target);
        screen.input(&mut ctx, &view, &InputEvent::PointerMoved(r.center()));
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(screen.session().ply(), 1);
        screen.update(&mut ctx, 0.016);
        assert_eq!(screen.session().to_move(), Seat::SECOND);
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Function(1)));
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Escape));
    }

    #[test]
    fn bad_rules_are_refused_in_these_words() {
        let mut ctx = AppContext::for_tests();
        let mut c = config(PlayMode::Computer);
        c.rules.insert("size".into(), 99.into());
        let refused = c.rules_as::<BlockadeRules>().unwrap_err();
        assert_eq!(
            play_screen(&c, &mut ctx).err().unwrap().to_string(),
            format!("Blockade rules: {refused}")
        );
    }
}
