//! The GUI smoke test (`.ci/gui-smoke.sh`) clicks fixed points of a
//! 1280x800 window. This test reads its `POINT_*` lines and checks that
//! each point still hits the widget it names, using the same layout code as
//! the window, so a layout change cannot silently break the script.

use gui::context::AppContext;
use gui::geometry::Point;
use gui::play::MatchConfig;
use gui::screen::View;
use gui::screens::launcher::{LauncherMsg, LauncherScreen};
use gui::screens::mode::{ModeMsg, ModeScreen};
use gui::screens::rules::{RulesMsg, RulesScreen};
use gui::screens::setup::{RowId, SetupMsg, SetupScreen};
use gui::widgets::{Widget, hit};
use headless::registry::GameKind;
use headless::settings::{FirstMover, PlayMode};
use std::collections::HashMap;

fn points() -> HashMap<String, Point> {
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.ci/gui-smoke.sh"))
        .expect("the smoke test script is readable");
    script
        .lines()
        .filter_map(|line| {
            let (name, value) = line.strip_prefix("POINT_")?.split_once('=')?;
            let mut xy = value.trim_matches('"').split_whitespace().map(|v| v.parse::<f32>().ok());
            Some((name.to_string(), Point::new(xy.next()??, xy.next()??)))
        })
        .collect()
}

fn message<M: Clone>(widgets: &[Widget<M>], point: Point) -> Option<M> {
    hit(widgets, point).and_then(|(_, m)| m)
}

#[test]
fn every_scripted_click_hits_its_widget() {
    let points = points();
    let at = |name: &str| *points.get(name).unwrap_or_else(|| panic!("the script defines POINT_{name}"));
    assert!(points.len() >= 18, "{points:?}");
    let view = View::of_size(1280.0, 800.0);
    let ctx = AppContext::for_tests();

    let launcher = LauncherScreen::new().widgets(&ctx, &view);
    for (name, id) in [
        ("CARD_STRATEGY_CHESS", GameKind::StrategyChess),
        ("CARD_STONES", GameKind::Stones),
        ("CARD_BLOCKADE", GameKind::Blockade),
    ] {
        assert_eq!(message(&launcher, at(name)), Some(LauncherMsg::Open(id)), "{name}");
    }

    assert_eq!(message(&launcher, at("LAUNCHER_SAVED")), Some(LauncherMsg::SavedGames));

    for id in GameKind::ALL {
        let modes = ModeScreen::new(id, &ctx).widgets(&ctx, &view);
        assert_eq!(message(&modes, at("MODE_HOST")), Some(ModeMsg::Choose(PlayMode::NetworkHost)));
        let host = SetupScreen::new(id, PlayMode::NetworkHost, &ctx).widgets(&view);
        assert_eq!(message(&host, at("SETUP_START")), Some(SetupMsg::Start), "{id:?} hosting");
        assert_eq!(message(&modes, at("MODE_COMPUTER")), Some(ModeMsg::Choose(PlayMode::Computer)));
        assert_eq!(message(&modes, at("MODE_TWO_PLAYERS")), Some(ModeMsg::Choose(PlayMode::TwoPlayers)));
        assert_eq!(message(&modes, at("MODE_DEMO")), Some(ModeMsg::Choose(PlayMode::Demo)));
        assert_eq!(message(&modes, at("MODE_BACK")), Some(ModeMsg::Back));

        let setup = SetupScreen::new(id, PlayMode::Computer, &ctx).widgets(&view);
        assert_eq!(message(&setup, at("SETUP_START")), Some(SetupMsg::Start), "{id:?}");
        assert_eq!(message(&setup, at("SETUP_RULES")), Some(SetupMsg::Rules), "{id:?}");
        assert_eq!(
            message(&setup, at("SETUP_LEVEL_MORE")),
            Some(SetupMsg::Step(RowId::Level, true)),
            "{id:?}"
        );
        assert_eq!(
            message(&setup, at("SETUP_FIRST_RULE_MORE")),
            Some(SetupMsg::Step(RowId::Rule(0), true)),
            "{id:?}"
        );

        let rules = RulesScreen::new(id, toml::Table::new()).widgets(&view);
        assert_eq!(message(&rules, at("RULES_BACK")), Some(RulesMsg::Back));
    }
}

/// The match the script starts for `id`: against the computer, with the
/// rule the script's click changed (Stones 7 piles, Blockade 9x9).
fn scripted_match(id: GameKind, key: &str, value: i64) -> MatchConfig {
    let mut rules = id.entry().rules.defaults();
    rules.insert(key.into(), value.into());
    MatchConfig { game: id, mode: PlayMode::Computer, level: 4, first: FirstMover::Human, rules }
}

#[test]
fn every_scripted_move_is_a_legal_move_on_the_board() {
    use gui::play::BoardUi;
    let points = points();
    let at = |name: &str| *points.get(name).unwrap_or_else(|| panic!("the script defines POINT_{name}"));
    let view = View::of_size(1280.0, 800.0);
    let mut ctx = AppContext::for_tests();

    let stones = gui::games::stones::screen(&scripted_match(GameKind::Stones, "pits", 7), &mut ctx).unwrap();
    let board = stones.layout(&view).board;
    let pit = stones.board().spot_at(stones.shown(), board, at("STONES_PILE"));
    assert_eq!(pit, Some(::stones::Pit { owner: game_core::Seat::FIRST, pile: 3 }));
    assert!(stones.session().legal().contains(&::stones::Sow::pile(3)));

    let blockade =
        gui::games::blockade::screen(&scripted_match(GameKind::Blockade, "size", 9), &mut ctx).unwrap();
    let board = blockade.layout(&view).board;
    let square = blockade.board().spot_at(blockade.shown(), board, at("BLOCKADE_SQUARE"));
    assert!(square.is_some_and(|sq| blockade.session().legal().contains(&sq)), "{square:?}");
}

#[test]
fn the_saved_games_and_replay_clicks_hit_their_buttons() {
    use game_core::{Game, Referee};
    use gui::screens::replay::{ReplayMsg, ReplayScreen};
    use gui::screens::saved::{SavedMsg, SavedScreen};
    use headless::record::{SavedGames, full_record};
    let points = points();
    let at = |name: &str| *points.get(name).unwrap_or_else(|| panic!("the script defines POINT_{name}"));
    let view = View::of_size(1280.0, 800.0);

    // A saved game of a few moves, as the script's F6 leaves one.
    let dir = std::env::temp_dir().join(format!("boardsuite-smoke-points-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut referee = Referee::new(stones::Stones::start(&Default::default(), &[]).unwrap());
    for _ in 0..3 {
        let mv = referee.legal_moves()[0];
        let (seat, ply) = (referee.to_move(), referee.ply());
        referee.submit(seat, ply, mv).unwrap();
    }
    let record = full_record(&referee, &[], None).unwrap();
    let games = SavedGames::in_dir(&dir);
    games.save(&record, std::time::SystemTime::now()).unwrap();
    let mut ctx = AppContext::for_tests();
    ctx.saved_games = Ok(games);
    let saved = SavedScreen::new(&ctx);
    assert_eq!(message(&saved.widgets(&view), at("SAVED_REPLAY")), Some(SavedMsg::Replay));
    assert!(saved.allows(SavedMsg::Replay));

    let text = record.to_toml().unwrap();
    let replay = ReplayScreen::<stones::Stones, _>::from_text(
        &text,
        gui::games::stones::StonesBoard::new(),
        GameKind::Stones,
    )
    .unwrap();
    assert_eq!(message(&replay.widgets(&view), at("REPLAY_NEXT")), Some(ReplayMsg::Next));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_hint_is_looked_for_on_the_boards_and_nowhere_else() {
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.ci/gui-smoke.sh"))
        .expect("the smoke test script is readable");
    let r: Vec<f32> = script
        .lines()
        .find_map(|l| l.strip_prefix("REGION_BOARD_AREA="))
        .expect("the script defines REGION_BOARD_AREA")
        .trim_matches('"')
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    assert_eq!(r.len(), 4, "REGION_BOARD_AREA is `x y w h`");
    let region = gui::geometry::Rect::new(r[0], r[1], r[2], r[3]);
    let view = View::of_size(1280.0, 800.0);
    let mut ctx = AppContext::for_tests();
    let stones = gui::games::stones::screen(&scripted_match(GameKind::Stones, "pits", 7), &mut ctx).unwrap();
    let blockade =
        gui::games::blockade::screen(&scripted_match(GameKind::Blockade, "size", 9), &mut ctx).unwrap();
    for l in [stones.layout(&view), blockade.layout(&view)] {
        assert!(l.board.is_inside(&region), "the board {:?} is inside {region:?}", l.board);
        // The hint's words in the subtitle, the panel and the buttons are
        // outside: only the board's marks count.
        assert!(!region.overlaps(&l.subtitle) && !region.overlaps(&l.panel), "{region:?}");
        assert!(l.buttons.iter().all(|b| !region.overlaps(b)), "{region:?}");
    }
}
