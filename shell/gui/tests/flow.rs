//! The launcher's screens driven through the screen stack with clicks and
//! keys, without a window: pick a game, a mode, change options, start, and
//! come back; the choices are saved.

use gui::context::AppContext;
use gui::focus::Direction;
use gui::geometry::Point;
use gui::input::{InputEvent, Key};
use gui::screen::View;
use gui::screens::launcher::{LauncherMsg, LauncherScreen};
use gui::screens::setup::{RowId, SetupMsg, SetupScreen};
use gui::stack::{Flow, ScreenStack};
use gui::text::ApproxMeasure;
use gui::widgets::Widget;
use headless::registry::{GameKind, game_schemas};
use headless::settings::{PlayMode, SettingsStore};
use std::rc::Rc;

fn centre_of<M: PartialEq>(widgets: &[Widget<M>], message: &M) -> Point {
    widgets
        .iter()
        .find(|w| w.on_activate.as_ref() == Some(message))
        .expect("the widget is there")
        .rect
        .center()
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardsuite-gui-flow-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_game_is_set_up_started_and_left_and_the_choices_are_saved() {
    let dir = scratch_dir("saved");
    let mut store = SettingsStore::in_dir(&dir);
    let loaded = store.load(&game_schemas());
    let mut ctx = AppContext::new(loaded.settings, Some(store), Vec::new(), Rc::new(ApproxMeasure));
    let view = View::of_size(800.0, 600.0);
    let mut stack = ScreenStack::new(Box::new(LauncherScreen::new()));

    let cards = LauncherScreen::new().widgets(&ctx, &view);
    let stones = centre_of(&cards, &LauncherMsg::Open(GameKind::Stones));
    assert_eq!(stack.input(&mut ctx, &view, &InputEvent::Click(stones)), Flow::Running);
    assert_eq!(stack.top_name(), "mode stones");

    // The first mode (against the computer) has the focus.
    stack.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
    assert_eq!(stack.top_name(), "setup stones computer");

    // Click the "more" arrow of the level row, then of the first rule (pits).
    let setup = SetupScreen::new(GameKind::Stones, PlayMode::Computer, &ctx).widgets(&view);
    for row in [RowId::Level, RowId::Rule(0)] {
        let widget = setup.iter().find(|w| w.on_activate == Some(SetupMsg::Step(row, true))).unwrap();
        let more = widget.zones.iter().find(|(_, m)| *m == SetupMsg::Step(row, true)).unwrap().0;
        stack.input(&mut ctx, &view, &InputEvent::Click(more.center()));
    }
    let saved = std::fs::read_to_string(dir.join("settings.toml")).expect("the settings were written");
    let saved: toml::Table = saved.parse().unwrap();
    assert_eq!(saved["games"]["stones"]["level"].as_integer(), Some(4));
    assert_eq!(saved["games"]["stones"]["rules"]["pits"].as_integer(), Some(7));

    let start = centre_of(&setup, &SetupMsg::Start);
    stack.input(&mut ctx, &view, &InputEvent::Click(start));
    assert_eq!(stack.top_name(), "play stones");
    assert_eq!(stack.names().len(), 4);

    for expected in ["setup stones computer", "mode stones", "launcher"] {
        stack.input(&mut ctx, &view, &InputEvent::Key(Key::Escape));
        assert_eq!(stack.top_name(), expected);
    }
    // The launcher asks before it quits.
    assert_eq!(stack.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Flow::Running);
    assert_eq!(stack.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Flow::Quit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_keyboard_alone_reaches_every_game() {
    let mut ctx = AppContext::for_tests();
    let view = View::of_size(1920.0, 1080.0);
    // Strategy Chess opens with the person's setup screen (Red moves first).
    for (rights, screen) in [(0, "setup strategy-chess red"), (1, "play stones"), (2, "play blockade")] {
        let mut stack = ScreenStack::new(Box::new(LauncherScreen::new()));
        for _ in 0..rights {
            stack.input(&mut ctx, &view, &InputEvent::Key(Key::Arrow(Direction::Right)));
        }
        stack.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        stack.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        stack.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(stack.top_name(), screen);
    }
}

// ---------------------------------------------------------------------------
// Network games, saving and the saved games screen.

mod network {
    use super::scratch_dir;
    use game_core::{Finish, Outcome, Seat};
    use gui::context::AppContext;
    use gui::games::stones::StonesBoard;
    use gui::input::{InputEvent, Key};
    use gui::net::Host;
    use gui::net::bridge::{Bridge, BridgeEvent, SeatRequest};
    use gui::play::layout::PlayButton;
    use gui::play::talk::DrawOffer;
    use gui::play::{BoardUi, MatchConfig, PlayMsg, PlayScreen, Session};
    use gui::screen::{Command, Screen, View};
    use gui::screens::saved::{SavedMsg, SavedScreen};
    use gui::wake::no_wake;
    use headless::record::SavedGames;
    use headless::registry::GameKind;
    use headless::settings::PlayMode;
    use std::time::{Duration, Instant};
    use stones::Stones;

    type StonesScreen = PlayScreen<Stones, StonesBoard>;

    fn config(mode: PlayMode) -> MatchConfig {
        MatchConfig::for_tests(GameKind::Stones, mode)
    }

    fn link_of(bridge: &Bridge<Stones>) -> gui::play::RemoteLink<Stones> {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            match bridge.next_event(Duration::from_millis(100)) {
                Some(BridgeEvent::Ready(link)) => return link,
                Some(BridgeEvent::Failed(reason)) => panic!("{reason}"),
                _ => {}
            }
        }
        panic!("the game did not start")
    }

    /// Lets both screens run until `done` holds (five seconds at most).
    fn run(
        screens: &mut [&mut StonesScreen],
        ctx: &mut AppContext,
        done: impl Fn(&[&mut StonesScreen]) -> bool,
    ) {
        let deadline = Instant::now() + Duration::from_secs(5);
        while !done(screens) {
            assert!(Instant::now() < deadline, "timed out");
            for s in screens.iter_mut() {
                s.update(ctx, 0.05);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn click_button(screen: &mut StonesScreen, ctx: &mut AppContext, view: &View, b: PlayButton) {
        let widgets = screen.widgets(view);
        let w =
            widgets.iter().find(|w| w.on_activate == Some(PlayMsg::Button(b))).expect("the button is there");
        assert!(w.enabled, "{b:?} is enabled");
        screen.input(ctx, view, &InputEvent::Click(w.rect.center()));
    }

    #[test]
    fn a_network_game_with_chat_a_draw_a_save_and_a_replay() {
        let dir = scratch_dir("network-save");
        let mut ctx = AppContext::for_tests();
        ctx.saved_games = Ok(SavedGames::in_dir(&dir));
        ctx.settings.preferences.animation_speed = headless::settings::AnimationSpeed::Instant;
        let view = View::of_size(1280.0, 800.0);
        let host = Host::<Stones>::start(0, serde_json::Value::Null, None, 1, no_wake(), None).unwrap();
        let code = match host.bridge.next_event(Duration::from_secs(5)) {
            Some(BridgeEvent::Seated { code, .. }) => code,
            other => panic!("{other:?}"),
        };
        let addr = format!("127.0.0.1:{}", host.addr().port());
        let guest = Bridge::<Stones>::open(&addr, SeatRequest::Join { code }, None, 2, no_wake());
        let mut a: StonesScreen = PlayScreen::with_session(
            &config(PlayMode::NetworkHost),
            &ctx,
            StonesBoard::new(),
            Session::remote(link_of(&host.bridge), 1, 5),
        );
        let mut b: StonesScreen = PlayScreen::with_session(
            &config(PlayMode::NetworkJoin),
            &ctx,
            StonesBoard::new(),
            Session::remote(link_of(&guest), 1, 6),
        );
        assert!(a.wants_text() && b.wants_text(), "the chat takes typing");
        assert!(
            matches!(b.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::None),
            "leaving a live network game asks first"
        );
        assert!(!a.widgets(&view).iter().any(|w| w.on_activate == Some(PlayMsg::Button(PlayButton::Undo))));

        // The host sows pile 3 with a click; the guest sees it.
        let board = a.layout(&view).board;
        let pile = a.board().spot_rect(a.shown(), board, stones::Pit { owner: Seat::FIRST, pile: 3 });
        a.input(&mut ctx, &view, &InputEvent::Click(pile.center()));
        run(&mut [&mut a, &mut b], &mut ctx, |s| s[1].session().ply() == 1 && s[0].session().ply() == 1);

        // The guest types a line and sends it with Enter.
        for c in "good luck!".chars() {
            b.input(&mut ctx, &view, &InputEvent::Text(c));
        }
        b.input(&mut ctx, &view, &InputEvent::Key(Key::Backspace));
        assert_eq!(b.chat_text(), "good luck");
        b.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(b.chat_text(), "", "sent");
        run(&mut [&mut a, &mut b], &mut ctx, |s| {
            s[0].session().talk().is_some_and(|t| !t.lines().is_empty())
        });
        let line = a.session().talk().unwrap().lines().last().unwrap().clone();
        assert_eq!((line.from, line.text.as_str()), (Some(Seat::SECOND), "good luck"));

        // A draw offered and accepted with the buttons ends the game.
        click_button(&mut a, &mut ctx, &view, PlayButton::Draw);
        run(&mut [&mut a, &mut b], &mut ctx, |s| {
            s[1].session().talk().is_some_and(|t| t.offer() == DrawOffer::Theirs)
        });
        click_button(&mut b, &mut ctx, &view, PlayButton::Draw);
        run(&mut [&mut a, &mut b], &mut ctx, |s| s.iter().all(|s| s.session().outcome().is_some()));
        for s in [&a, &b] {
            assert_eq!(s.session().outcome(), Some(Outcome::draw()));
            assert_eq!(s.session().finish(), Some(Finish::DrawAgreed));
        }

        // The guest saves what it saw (F6); the saved games screen lists it
        // and replays it.
        b.input(&mut ctx, &view, &InputEvent::Key(Key::Function(6)));
        let mut saved = SavedScreen::new(&ctx);
        assert_eq!(saved.games().len(), 1);
        let summary = saved.games()[0].summary.clone().unwrap();
        assert_eq!((summary.moves, summary.outcome), (1, Some(Outcome::draw())));
        assert!(
            saved.allows(SavedMsg::Replay)
                && !saved.allows(SavedMsg::PlayOn(gui::screens::records::PlayOn::TwoPlayers))
        );
        let command = saved.on_message(&mut ctx, SavedMsg::Replay);
        assert!(
            matches!(&command, Command::Push(s) if s.name() == "replay stones"),
            "{command:?} {:?}",
            saved.problem()
        );
        let text = std::fs::read_to_string(&saved.games()[0].path).unwrap();
        assert!(text.contains("kind = \"seat\"") && text.contains("final_hash"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_saved_against_the_computer_plays_on_and_a_changed_file_is_refused() {
        let dir = scratch_dir("play-on");
        let mut ctx = AppContext::for_tests();
        ctx.saved_games = Ok(SavedGames::in_dir(&dir));
        ctx.settings.preferences.animation_speed = headless::settings::AnimationSpeed::Instant;
        let view = View::of_size(1280.0, 800.0);
        let mut game = gui::games::stones::screen(&config(PlayMode::TwoPlayers), &mut ctx).unwrap();
        let board = game.layout(&view).board;
        let pile = game.board().spot_rect(game.shown(), board, stones::Pit { owner: Seat::FIRST, pile: 2 });
        game.input(&mut ctx, &view, &InputEvent::Click(pile.center()));
        assert_eq!(game.session().ply(), 1);
        let notation = game.session().history_item(0).unwrap().1.to_string();
        click_button(&mut game, &mut ctx, &view, PlayButton::Save);

        let mut saved = SavedScreen::new(&ctx);
        let path = saved.games()[0].path.clone();
        let command = saved.on_message(&mut ctx, SavedMsg::PlayOn(gui::screens::records::PlayOn::TwoPlayers));
        assert!(matches!(&command, Command::Push(s) if s.name() == "play stones"), "{:?}", saved.problem());

        // A changed move no longer replays: the problem names its line.
        let text = std::fs::read_to_string(&path).unwrap();
        let at = text.find("moves").expect("the record has moves");
        let (head, tail) = text.split_at(at);
        let changed = format!("{head}{}", tail.replacen(&format!("\"{notation}\""), "\"99\"", 1));
        assert_ne!(changed, text, "{text}");
        std::fs::write(&path, &changed).unwrap();
        let mut saved = SavedScreen::new(&ctx);
        assert!(matches!(saved.on_message(&mut ctx, SavedMsg::Replay), Command::None));
        let problem = saved.problem().unwrap();
        assert!(problem.contains("line") && problem.contains("refused"), "{problem}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
