//! The browser smoke test (`.ci/web-smoke.js`) clicks fixed points of a
//! 1280x800 page, which has the layout of a 1280x800 window. This test
//! reads its `POINT` lines and checks that each point still hits what it
//! names, with the window's own layout code.

use game_core::Game;
use gui::context::AppContext;
use gui::games::stones::StonesBoard;
use gui::geometry::Point;
use gui::net::lobby::{LobbyMsg, NetLobbyScreen, Role};
use gui::play::{BoardUi, MatchConfig, PlayScreen, RemoteLink, Session};
use gui::record_files::{RecordFiles, Upload};
use gui::screen::View;
use gui::screens::launcher::{LauncherMsg, LauncherScreen};
use gui::screens::mode::{ModeMsg, ModeScreen};
use gui::screens::saved::{SavedMsg, SavedScreen};
use gui::screens::setup::{RowId, SetupMsg, SetupScreen};
use gui::widgets::{Widget, hit};
use headless::registry::GameKind;
use headless::settings::{FirstMover, PlayMode};
use std::collections::HashMap;

/// The script's `NAME: [x, y],` lines.
fn points() -> HashMap<String, Point> {
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.ci/web-smoke.js"))
        .expect("the browser smoke test script is readable");
    script
        .lines()
        .filter_map(|line| {
            let (name, value) = line.trim().split_once(": [")?;
            let (x, y) = value.strip_suffix("],")?.split_once(", ")?;
            Some((name.to_string(), Point::new(x.parse().ok()?, y.parse().ok()?)))
        })
        .collect()
}

/// The page's record files, for laying out its Saved games screen.
struct PageLike;

impl RecordFiles for PageLike {
    fn download(&self, _: &str, _: &str) -> Result<(), String> {
        Ok(())
    }
    fn ask_for_upload(&self) {}
    fn take_upload(&self) -> Option<Upload> {
        None
    }
}

fn message<M: Clone>(widgets: &[Widget<M>], point: Point) -> Option<M> {
    hit(widgets, point).and_then(|(_, m)| m)
}

#[test]
fn every_click_of_the_browser_smoke_test_hits_its_widget() {
    let points = points();
    let at = |name: &str| *points.get(name).unwrap_or_else(|| panic!("the script defines {name}"));
    let view = View::of_size(1280.0, 800.0);
    let mut ctx = AppContext::for_tests();

    let launcher = LauncherScreen::new().widgets(&ctx, &view);
    assert_eq!(message(&launcher, at("CARD_STONES")), Some(LauncherMsg::Open(GameKind::Stones)));
    let modes = ModeScreen::new(GameKind::Stones, &ctx).widgets(&ctx, &view);
    assert_eq!(message(&modes, at("MODE_COMPUTER")), Some(ModeMsg::Choose(PlayMode::Computer)));
    let setup = SetupScreen::new(GameKind::Stones, PlayMode::Computer, &ctx).widgets(&view);
    assert_eq!(message(&setup, at("SETUP_LEVEL_LESS")), Some(SetupMsg::Step(RowId::Level, false)));
    assert_eq!(message(&setup, at("SETUP_START")), Some(SetupMsg::Start));

    let config = MatchConfig {
        game: GameKind::Stones,
        mode: PlayMode::Computer,
        level: 1,
        first: FirstMover::Human,
        rules: GameKind::Stones.entry().rules.defaults(),
    };
    let stones = gui::games::stones::screen(&config, &mut ctx).unwrap();
    let layout = stones.layout(&view);
    for pile in 1..=6u8 {
        let point = at(&format!("STONES_PILE_{pile}"));
        let spot = stones.board().spot_at(stones.shown(), layout.board, point);
        assert_eq!(spot, Some(::stones::Pit { owner: game_core::Seat::FIRST, pile }), "pile {pile}");
        // A click that lands as the game ends must not press the result
        // panel's buttons.
        assert!(!layout.over.contains(point), "pile {pile} is under the result panel");
    }
    assert!(layout.over.contains(at("OVER_PANEL")));
    assert!(!layout.play_again.contains(at("OVER_PANEL")) && !layout.over_menu.contains(at("OVER_PANEL")));
    assert!(layout.play_again.contains(at("OVER_PLAY_AGAIN")));

    // Saved games as the page shows it, with the saved game picked.
    assert_eq!(message(&launcher, at("LAUNCHER_SAVED")), Some(LauncherMsg::SavedGames));
    let dir = std::env::temp_dir().join(format!("boardsuite-web-smoke-points-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("stones-2026-01-01-000000.toml"), "format = 1\n").unwrap();
    let mut page = AppContext::for_tests();
    page.saved_games = Ok(headless::record::SavedGames::in_dir(&dir));
    page.record_files = Some(std::rc::Rc::new(PageLike));
    let saved = SavedScreen::new(&page).widgets(&view);
    assert_eq!(message(&saved, at("SAVED_UPLOAD")), Some(SavedMsg::Upload));
    assert_eq!(message(&saved, at("SAVED_DOWNLOAD")), Some(SavedMsg::Download));
    let _ = std::fs::remove_dir_all(&dir);

    // Network play: Host, its setup's Start, and the piles and the result
    // panel of a network game seen from the first seat.
    assert_eq!(message(&modes, at("MODE_HOST")), Some(ModeMsg::Choose(PlayMode::NetworkHost)));
    let host_setup = SetupScreen::new(GameKind::Stones, PlayMode::NetworkHost, &ctx).widgets(&view);
    assert_eq!(message(&host_setup, at("SETUP_START")), Some(SetupMsg::Start));
    assert_eq!(message(&modes, at("MODE_JOIN")), Some(ModeMsg::Choose(PlayMode::NetworkJoin)));
    let config = MatchConfig { mode: PlayMode::NetworkJoin, ..config };
    let join =
        NetLobbyScreen::<::stones::Stones, _>::new(&config, Role::Join, &ctx, StonesBoard::new(), None, None);
    assert_eq!(message(&join.widgets(&view), at("LOBBY_ADDRESS")), Some(LobbyMsg::Field(0)));
    // The host plays the first seat, a player who joins the second: each
    // sees its own piles where the script clicks.
    for seat in [game_core::Seat::FIRST, game_core::Seat::SECOND] {
        let (_to_screen, incoming) = std::sync::mpsc::channel();
        let (outgoing, _from_screen) = std::sync::mpsc::channel();
        let start = ::stones::Stones::start(&::stones::StonesRules::default(), &[]).unwrap();
        let link = RemoteLink::<::stones::Stones> {
            seat,
            view: game_core::Observe::view(&start, seat),
            history: Vec::new(),
            incoming,
            outgoing,
            log: std::sync::Arc::new(std::sync::Mutex::new(headless::record::SeatLog::new())),
        };
        let session = Session::remote(link, 1, 1);
        let network = PlayScreen::with_session(&config, &ctx, StonesBoard::new(), session);
        let layout = network.layout(&view);
        for pile in 1..=6u8 {
            let point = at(&format!("STONES_PILE_{pile}"));
            let spot = network.board().spot_at(network.shown(), layout.board, point);
            assert_eq!(spot, Some(::stones::Pit { owner: seat, pile }), "{seat}: network pile {pile}");
            assert!(!layout.over.contains(point), "{seat}: network pile {pile} is under the result panel");
        }
        assert!(layout.over.contains(at("OVER_PANEL")), "{seat}: the network game's result panel");
    }
}
