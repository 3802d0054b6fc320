//! The launcher's screens driven through the screen stack with clicks and
//! keys, without a window: pick a game, a mode, change options, start, and
//! come back; the choices are saved.

use shell::gui::catalogue::{GameId, game_schemas};
use shell::gui::context::AppContext;
use shell::gui::focus::Direction;
use shell::gui::geometry::Point;
use shell::gui::input::{InputEvent, Key};
use shell::gui::screen::View;
use shell::gui::screens::launcher::{LauncherMsg, LauncherScreen};
use shell::gui::screens::setup::{RowId, SetupMsg, SetupScreen};
use shell::gui::stack::{Flow, ScreenStack};
use shell::gui::text::ApproxMeasure;
use shell::gui::widgets::Widget;
use shell::settings::{PlayMode, SettingsStore};
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
    let stones = centre_of(&cards, &LauncherMsg::Open(GameId::Stones));
    assert_eq!(stack.input(&mut ctx, &view, &InputEvent::Click(stones)), Flow::Running);
    assert_eq!(stack.top_name(), "mode stones");

    // The first mode (against the computer) has the focus.
    stack.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
    assert_eq!(stack.top_name(), "setup stones computer");

    // Click the "more" arrow of the level row, then of the first rule (pits).
    let setup = SetupScreen::new(GameId::Stones, PlayMode::Computer, &ctx).widgets(&view);
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
    assert_eq!(stack.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Flow::Quit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_keyboard_alone_reaches_every_game() {
    let mut ctx = AppContext::for_tests();
    let view = View::of_size(1920.0, 1080.0);
    // Strategy Chess shows its stand-in until its play screen lands.
    for (rights, screen) in [(0, "coming soon strategy-chess"), (1, "play stones"), (2, "play blockade")] {
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
