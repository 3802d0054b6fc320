//! The Stones play screen: the shared play core with a [`StonesBoard`].
//!
//! - [`layout`]: where piles and score piles go (pure).
//! - [`anim`]: a sowing played back stone by stone from the engine's trace.
//! - [`board`]: the [`BoardUi`](crate::play::BoardUi) of Stones.
//! - [`draw`]: heaps of stones, counts and highlights.

pub mod anim;
pub mod board;
pub mod draw;
pub mod hint;
pub mod layout;

pub use board::StonesBoard;

use crate::context::AppContext;
use crate::error::GuiError;
use crate::play::session::fixed_start;
use crate::play::{GameScreens, MatchConfig, PlayScreen, StartMaker};
use crate::screen::Screen;
use game_core::Game;
use stones::{Stones, StonesRules};

/// What the window adds to the Stones registry entry.
pub const SCREENS: GameScreens =
    GameScreens { picture: super::pictures::stones, play: play_screen, editor: None };

/// The [`GameScreenFactory`](crate::play::GameScreenFactory) of Stones.
pub fn play_screen(config: &MatchConfig, ctx: &mut AppContext) -> Result<Box<dyn Screen>, GuiError> {
    if let Some(lobby) = crate::net::lobby::lobby_for::<Stones, _>(config, ctx, StonesBoard::new()) {
        return Ok(lobby);
    }
    Ok(Box::new(screen(config, ctx)?))
}

/// The Stones play screen as its concrete type (for tests).
pub fn screen(
    config: &MatchConfig,
    ctx: &mut AppContext,
) -> Result<PlayScreen<Stones, StonesBoard>, GuiError> {
    let rules: StonesRules =
        config.rules_as().map_err(|source| GuiError::GameRules { game: "Stones", source })?;
    Stones::start(&rules, &[])?;
    let start: StartMaker<Stones> = fixed_start(rules, Vec::new());
    PlayScreen::local(config, ctx, StonesBoard::new(), start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{InputEvent, Key};
    use crate::play::BoardUi;
    use crate::screen::View;
    use game_core::Seat;
    use headless::registry::GameKind;
    use headless::settings::{AnimationSpeed, PlayMode};
    use std::time::{Duration, Instant};
    use stones::Pit;

    fn config(mode: PlayMode) -> MatchConfig {
        MatchConfig::for_tests(GameKind::Stones, mode)
    }

    fn click_pit(screen: &mut PlayScreen<Stones, StonesBoard>, ctx: &mut AppContext, view: &View, pit: Pit) {
        let board = screen.layout(view).board;
        let r = screen.board().spot_rect(screen.shown(), board, pit);
        screen.input(ctx, view, &InputEvent::Click(r.center()));
    }

    fn settle(
        screen: &mut PlayScreen<Stones, StonesBoard>,
        ctx: &mut AppContext,
        until: impl Fn(&PlayScreen<Stones, StonesBoard>) -> bool,
    ) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !until(screen) {
            assert!(Instant::now() < deadline, "timed out");
            screen.update(ctx, 0.05);
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn a_click_sows_a_pile_and_the_computer_answers() {
        let mut ctx = AppContext::for_tests();
        ctx.settings.preferences.animation_speed = AnimationSpeed::Fast;
        let mut screen = screen(&config(PlayMode::Computer), &mut ctx).unwrap();
        assert_eq!(screen.name(), "play stones");
        let view = View::of_size(1280.0, 800.0);
        // Pile 3 holds 4 stones: they end in Player Two's filled pile 1?
        // Whatever happens, it is Player One's move and it is played.
        click_pit(&mut screen, &mut ctx, &view, Pit { owner: Seat::FIRST, pile: 3 });
        assert_eq!(screen.session().ply(), 1);
        assert!(screen.is_animating(), "the sowing is animated");
        settle(&mut screen, &mut ctx, |s| {
            (s.session().human_to_move() || s.session().outcome().is_some()) && !s.board().is_animating()
        });
        assert!(screen.session().history_len() >= 2, "the computer replied");
    }

    #[test]
    fn a_free_turn_shows_its_banner_and_keys_play() {
        let mut ctx = AppContext::for_tests();
        ctx.settings.preferences.animation_speed = AnimationSpeed::Instant;
        let mut screen = screen(&config(PlayMode::TwoPlayers), &mut ctx).unwrap();
        let view = View::of_size(800.0, 600.0);
        // Pile 4 of 4 stones ends in Player One's score pile.
        click_pit(&mut screen, &mut ctx, &view, Pit { owner: Seat::FIRST, pile: 4 });
        screen.update(&mut ctx, 0.016);
        assert_eq!(screen.session().to_move(), Seat::FIRST);
        let names = screen.names();
        assert_eq!(
            screen.board().banner(screen.shown(), names).as_deref(),
            Some("Free turn for Player One!")
        );
        // Keyboard: the cursor sits on the emptied pile 4; Right, then
        // Enter plays pile 5.
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Arrow(crate::focus::Direction::Right)));
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(screen.session().ply(), 2);
        // A click on the opponent's pile or a score pile does nothing.
        let before = screen.session().ply();
        let mover = screen.session().to_move();
        click_pit(&mut screen, &mut ctx, &view, Pit { owner: mover.opponent(), pile: 2 });
        assert_eq!(screen.session().ply(), before);
        // F5 hands the second seat to the computer.
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Function(5)));
        assert!(screen.session().seat_kind(Seat::SECOND) == crate::play::SeatKind::Computer);
    }

    #[test]
    fn a_demo_plays_to_the_end_and_the_winner_flashes() {
        let mut ctx = AppContext::for_tests();
        ctx.settings.preferences.animation_speed = AnimationSpeed::Instant;
        let mut c = config(PlayMode::Demo);
        c.rules.insert("pits".into(), 3.into());
        c.rules.insert("stones".into(), 2.into());
        let mut screen = screen(&c, &mut ctx).unwrap();
        settle(&mut screen, &mut ctx, |s| s.session().outcome().is_some() && !s.board().is_animating());
        screen.update(&mut ctx, 0.016);
        let outcome = screen.session().outcome().unwrap();
        if let Some(winner) = outcome.winner {
            let lit: Vec<_> = (0..8).filter_map(|i| screen.board().winner_lit(i as f32 * 0.125)).collect();
            assert!(lit.iter().all(|s| *s == winner) && !lit.is_empty() && lit.len() < 8, "it flashes");
        }
        assert!(screen.board().result_detail(screen.shown(), outcome).unwrap().starts_with("Score piles"));
    }

    #[test]
    fn bad_rules_are_refused_with_a_reason() {
        let mut ctx = AppContext::for_tests();
        let mut c = config(PlayMode::Computer);
        c.rules.insert("pits".into(), 99.into());
        assert!(play_screen(&c, &mut ctx).err().unwrap().to_string().contains("pits"));
        let refused = c.rules_as::<StonesRules>().unwrap_err();
        assert_eq!(play_screen(&c, &mut ctx).err().unwrap().to_string(), format!("Stones rules: {refused}"));
    }

    #[test]
    fn an_unfinished_game_is_kept_on_leaving_and_new_game_asks_first() {
        use crate::play::layout::{PlayButton, PlayMsg};
        use crate::screen::Command;
        let mut ctx = AppContext::for_tests();
        ctx.settings.preferences.animation_speed = AnimationSpeed::Instant;
        let mut screen = screen(&config(PlayMode::TwoPlayers), &mut ctx).unwrap();
        let view = View::of_size(800.0, 600.0);
        assert!(!screen.worth_keeping(), "no move played: nothing to keep");
        click_pit(&mut screen, &mut ctx, &view, Pit { owner: Seat::FIRST, pile: 3 });
        screen.update(&mut ctx, 0.016);
        assert!(screen.worth_keeping());
        assert_eq!(screen.parked_label(), "Stones for two players, 1 move played");
        let button = |screen: &PlayScreen<Stones, StonesBoard>, b: PlayButton| {
            let widgets = screen.widgets(&view);
            InputEvent::Click(
                widgets.iter().find(|w| w.on_activate == Some(PlayMsg::Button(b))).unwrap().rect.center(),
            )
        };
        // New game asks first, then starts again.
        let new_game = button(&screen, PlayButton::NewGame);
        screen.input(&mut ctx, &view, &new_game);
        assert_eq!(screen.session().history_len(), 1, "the first press only asks");
        assert_eq!(screen.armed_button(), Some(PlayButton::NewGame));
        screen.input(&mut ctx, &view, &new_game);
        assert_eq!(screen.session().history_len(), 0, "the second starts a new game");
        assert_eq!(screen.armed_button(), None);
        // Menu sets an unfinished game aside; an empty one is simply left.
        let menu = button(&screen, PlayButton::Menu);
        assert!(matches!(screen.input(&mut ctx, &view, &menu), Command::PopToRoot));
        click_pit(&mut screen, &mut ctx, &view, Pit { owner: Seat::FIRST, pile: 3 });
        assert!(matches!(screen.input(&mut ctx, &view, &menu), Command::Park { to_launcher: true }));
        let escape = InputEvent::Key(Key::Escape);
        assert!(matches!(screen.input(&mut ctx, &view, &escape), Command::Park { to_launcher: false }));
    }
}
