//! From the launcher to the board: the setup screen of each person at this
//! computer (with a hand-over screen between two players' setups), then
//! the play screen. The computer's setups come from
//! [`ai::ComputerPlayer::choose_setup`], seeded from the match's seed, and
//! "New game" reuses the people's setups with fresh computer setups.

use super::art::colour_name;
use super::board::draw::draw_ground;
use super::board::geometry::BoardGeometry;
use super::play::ChessBoard;
use super::setup::saved::SavedSetups;
use super::setup::screen::SetupScreen;
use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::draw_chrome;
use crate::context::AppContext;
use crate::error::GuiError;
use crate::geometry::Rect;
use crate::input::{InputEvent, Key};
use crate::layout::frame;
use crate::net::lobby::{NetLobbyScreen, Role, SetupAsker};
use crate::play::computer::player_with_table;
use crate::play::screen::seats_for;
use crate::play::{MatchConfig, PlayScreen, SeatKind, Session, StartMaker};
use crate::screen::{Command, Screen, View};
use crate::theme::palette;
use game_core::RuleSet;
use game_core::rng::splitmix64;
use game_core::{Game, Seat};
use headless::settings::PlayMode;
use strategy_chess::{Colour, Setup, StrategyChess, StrategyChessRules};

/// The [`GameScreenFactory`](crate::play::GameScreenFactory) of
/// Strategy Chess: the first person's setup screen (or, in a demo, the
/// board at once).
pub fn play_screen(config: &MatchConfig, ctx: &mut AppContext) -> Result<Box<dyn Screen>, GuiError> {
    match config.mode {
        PlayMode::NetworkHost => host_screen(config, ctx),
        PlayMode::NetworkJoin => Ok(Box::new(join_screen(config, ctx))),
        _ => MatchPlan::new(config, ctx)?.next_screen(ctx),
    }
}

/// The board with the player's preferences.
fn chess_board(ctx: &AppContext) -> ChessBoard {
    let prefs = ctx.settings.preferences;
    ChessBoard::new(prefs.rank_numbering, prefs.memory_aid, prefs.board_orientation)
}

/// The rules a network game's server sent (its JSON), read and checked.
pub fn rules_from_json(rules: &serde_json::Value) -> Result<StrategyChessRules, GuiError> {
    let table = match toml::Value::try_from(rules) {
        Ok(toml::Value::Table(table)) => table,
        _ if rules.is_null() => toml::Table::new(),
        _ => return Err(GuiError::HostRulesUnreadable),
    };
    let rules = StrategyChessRules::from_toml(&toml::to_string(&table).unwrap_or_default())
        .map_err(GuiError::HostRules)?;
    let problems = rules.army.problems();
    if problems.is_empty() { Ok(rules) } else { Err(GuiError::HostArmy { problems }) }
}

/// The rules of a match at this computer or hosted here, read and checked.
fn playable_rules(config: &MatchConfig) -> Result<StrategyChessRules, GuiError> {
    let rules: StrategyChessRules = config.rules_as()?;
    let problems = rules.army.problems();
    if problems.is_empty() { Ok(rules) } else { Err(GuiError::Army { problems }) }
}

/// Hosting: the host sets up first (it sits in the first seat), then the
/// lobby hosts the game with that setup.
fn host_screen(config: &MatchConfig, ctx: &mut AppContext) -> Result<Box<dyn Screen>, GuiError> {
    let rules = playable_rules(config)?;
    let colour = Colour::of_seat(Seat::FIRST);
    let seed = ctx.next_seed();
    let config = config.clone();
    let on_play = Box::new(move |setup: Setup, ctx: &mut AppContext| {
        let board = chess_board(ctx);
        let lobby =
            NetLobbyScreen::<StrategyChess, _>::new(&config, Role::Host, ctx, board, Some(setup), None);
        Ok(Command::Replace(Box::new(lobby)))
    });
    let heading = format!("Strategy Chess: your setup ({} hosts)", colour_name(colour));
    Ok(Box::new(SetupScreen::new(colour, rules.army, seed, heading, SavedSetups::locate(), on_play)))
}

/// Joining: the address and code first; once seated, the army is known and
/// the lobby opens the setup screen.
fn join_screen(config: &MatchConfig, ctx: &mut AppContext) -> NetLobbyScreen<StrategyChess, ChessBoard> {
    let ask: SetupAsker<StrategyChess> = Box::new(|rules, seat, slot, ctx| {
        let rules = rules_from_json(rules)?;
        let colour = Colour::of_seat(seat);
        let on_play = Box::new(move |setup: Setup, _ctx: &mut AppContext| {
            *slot.borrow_mut() = Some(setup);
            Ok(Command::Pop)
        });
        let heading = format!("Strategy Chess: your setup ({} joins)", colour_name(colour));
        let seed = ctx.next_seed();
        Ok(Box::new(SetupScreen::new(colour, rules.army, seed, heading, SavedSetups::locate(), on_play))
            as Box<dyn Screen>)
    });
    NetLobbyScreen::new(config, Role::Join, ctx, chess_board(ctx), None, Some(ask))
}

/// A match being set up: who sits where and the setups made so far.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    config: MatchConfig,
    rules: StrategyChessRules,
    seats: [SeatKind; 2],
    home: Seat,
    seed: u64,
    setups: [Option<Setup>; 2],
}

impl MatchPlan {
    /// The plan of a match in `config`: its rules, seats and seed.
    pub fn new(config: &MatchConfig, ctx: &mut AppContext) -> Result<Self, GuiError> {
        let rules = playable_rules(config)?;
        let seed = ctx.next_seed();
        let (seats, home) = seats_for(config, seed)?;
        Ok(MatchPlan { config: config.clone(), rules, seats, home, seed, setups: [None, None] })
    }

    /// The seat the person at this computer sits in (the first person to
    /// set up).
    pub fn home(&self) -> Seat {
        self.home
    }

    /// The plan with `colour`'s setup made.
    pub fn with_setup(mut self, colour: Colour, setup: Setup) -> Self {
        self.setups[colour.index()] = Some(setup);
        self
    }

    /// The person who still has to set up, home seat first.
    fn next_to_set_up(&self) -> Option<Colour> {
        let order = [self.home, Seat((self.home.0 + 1) % 2)];
        order
            .into_iter()
            .find(|s| self.seats[s.index() & 1] == SeatKind::Human && self.setups[s.index() & 1].is_none())
            .map(Colour::of_seat)
    }

    /// The next screen: a setup screen, or the board once every person's
    /// setup is made.
    pub fn next_screen(self, ctx: &mut AppContext) -> Result<Box<dyn Screen>, GuiError> {
        let Some(colour) = self.next_to_set_up() else {
            return self.play(ctx);
        };
        let two_players = self.seats.iter().all(|&k| k == SeatKind::Human);
        let heading = if two_players {
            format!("Strategy Chess: {}'s setup", colour_name(colour))
        } else {
            "Strategy Chess: your setup".to_string()
        };
        let army = self.rules.army;
        let seed = splitmix64(self.seed ^ (0x5e7_u64 + colour.index() as u64));
        let mut plan = Some(self);
        let on_play = Box::new(move |setup: Setup, ctx: &mut AppContext| {
            let mut next = plan.take().ok_or(GuiError::MatchStarted)?;
            next.setups[colour.index()] = Some(setup);
            // Who sits at the computer next: the next person to set up, or
            // with two players the first to move.
            let (to, why) = match next.next_to_set_up() {
                Some(c) => (Some(c), format!("{} sets up next.", colour_name(c))),
                None if two_players => {
                    let first = next.rules.first;
                    (Some(first), format!("{} moves first.", colour_name(first)))
                }
                None => (None, String::new()),
            };
            let screen = next.clone().next_screen(ctx);
            match screen {
                Ok(screen) => match to.filter(|&c| c != colour) {
                    Some(to) => Ok(Command::Replace(Box::new(HandOverScreen::new(to, why, screen)))),
                    None => Ok(Command::Replace(screen)),
                },
                Err(e) => {
                    plan = Some(next);
                    Err(e)
                }
            }
        });
        Ok(Box::new(SetupScreen::new(colour, army, seed, heading, SavedSetups::locate(), on_play)))
    }

    fn play(self, ctx: &mut AppContext) -> Result<Box<dyn Screen>, GuiError> {
        Ok(Box::new(self.board_screen(ctx)?))
    }

    /// The play screen: the people's setups, the computer's drawn now.
    pub fn board_screen(
        self,
        ctx: &mut AppContext,
    ) -> Result<PlayScreen<StrategyChess, ChessBoard>, GuiError> {
        let prefs = ctx.settings.preferences;
        let board = ChessBoard::new(prefs.rank_numbering, prefs.memory_aid, prefs.board_orientation);
        let session =
            Session::local(self.start_maker(), self.seats, self.home, self.config.level, self.seed)?;
        Ok(PlayScreen::with_session(&self.config, ctx, board, session))
    }

    /// Makes each game's start: the people's setups, and the computer's
    /// drawn from the game's seed.
    fn start_maker(&self) -> StartMaker<StrategyChess> {
        let rules = self.rules.clone();
        let setups = self.setups;
        // Only its setups are used (they depend on the level, not on a
        // search): the smallest tables, not two of 8 MB held all game.
        let player = player_with_table::<StrategyChess>(self.config.level, 0);
        Box::new(move |seed| {
            let setups: [Setup; 2] = std::array::from_fn(|i| {
                let seat = Colour::BOTH[i].seat();
                setups[i]
                    .unwrap_or_else(|| player.choose_setup(&rules, seat, splitmix64(seed ^ (i as u64 + 1))))
            });
            StrategyChess::start(&rules, &setups).map(|g| (g, setups.to_vec()))
        })
    }
}

/// Between two players' setups, and before the first move after them:
/// the board is hidden until the next player is ready.
pub struct HandOverScreen {
    to: Colour,
    why: String,
    next: Option<Box<dyn Screen>>,
}

impl HandOverScreen {
    /// A cover before `next`, for the player of `to`; `why` says what
    /// comes ("Blue sets up next.").
    pub fn new(to: Colour, why: impl Into<String>, next: Box<dyn Screen>) -> Self {
        HandOverScreen { to, why: why.into(), next: Some(next) }
    }
}

impl Screen for HandOverScreen {
    fn name(&self) -> String {
        format!("hand over strategy-chess {}", self.to)
    }

    fn input(&mut self, _ctx: &mut AppContext, _view: &View, event: &InputEvent) -> Command {
        match event {
            InputEvent::Click(_) | InputEvent::Key(Key::Enter) => match self.next.take() {
                Some(next) => Command::Replace(next),
                None => Command::None,
            },
            InputEvent::Key(Key::Escape) => Command::Pop,
            _ => Command::None,
        }
    }

    fn draw(&self, _ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let name = colour_name(self.to);
        draw_chrome(canvas, &f, "Strategy Chess", "Setting up: the board is hidden", m);
        let g = BoardGeometry::new(f.body.inset(m.gap), self.to);
        draw_ground(canvas, &g, None, m);
        canvas.layer();
        canvas.fill(g.outer().inset(-m.gap), palette::BACKGROUND.with_alpha(0.82));
        let card = f.body.centered(f.body.w.min(620.0 * m.scale), m.heading * 2.0 + m.body * 4.0);
        canvas.round(card, m.radius * 1.4, palette::PANEL);
        let (top, bottom) = card.inset(m.gap).split_top(m.heading * 2.0);
        canvas.label(
            top,
            &format!("Hand the computer to {name}"),
            m.heading,
            Weight::Bold,
            Align::Center,
            palette::TEXT,
        );
        let line = Rect::new(bottom.x, bottom.y, bottom.w, m.body * 2.0);
        canvas.label(
            line,
            &format!("{} Click or press Enter when ready.", self.why),
            m.body,
            Weight::Regular,
            Align::Center,
            palette::TEXT_DIM,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::strategy_chess::board::geometry::BoardGeometry;
    use crate::games::strategy_chess::setup::layout::setup_layout;
    use crate::play::layout::play_layout;
    use headless::registry::GameKind;
    use headless::settings::{FirstMover, PlayMode};
    use std::time::{Duration, Instant};
    use strategy_chess::{Library, Square};

    fn config(mode: PlayMode) -> MatchConfig {
        MatchConfig {
            game: GameKind::StrategyChess,
            mode,
            level: 1,
            first: FirstMover::Human,
            rules: GameKind::StrategyChess.entry().rules.defaults(),
        }
    }

    fn replaced(command: Command) -> Box<dyn Screen> {
        match command {
            Command::Replace(screen) => screen,
            other => panic!("expected a new screen, got {other:?}"),
        }
    }

    fn set_up_with_one_click(screen: &mut Box<dyn Screen>, ctx: &mut AppContext, colour: Colour) -> Command {
        let view = View::of_size(1280.0, 800.0);
        let l = setup_layout(&view, colour, 12);
        screen.input(ctx, &view, &InputEvent::Click(l.actions[0].center()));
        screen.input(ctx, &view, &InputEvent::Click(l.play.center()))
    }

    #[test]
    fn against_the_computer_the_setup_leads_to_the_board() {
        let mut ctx = AppContext::for_tests();
        let mut setup = play_screen(&config(PlayMode::Computer), &mut ctx).unwrap();
        assert_eq!(setup.name(), "setup strategy-chess red");
        let board = replaced(set_up_with_one_click(&mut setup, &mut ctx, Colour::Red));
        assert_eq!(board.name(), "play strategy-chess");
    }

    #[test]
    fn two_players_hand_over_between_their_setups() {
        let mut ctx = AppContext::for_tests();
        let mut red = play_screen(&config(PlayMode::TwoPlayers), &mut ctx).unwrap();
        assert_eq!(red.name(), "setup strategy-chess red");
        let mut cover = replaced(set_up_with_one_click(&mut red, &mut ctx, Colour::Red));
        assert_eq!(cover.name(), "hand over strategy-chess blue");
        let view = View::of_size(800.0, 600.0);
        let mut blue = replaced(cover.input(&mut ctx, &view, &InputEvent::Key(Key::Enter)));
        assert_eq!(blue.name(), "setup strategy-chess blue");
        // Red moves first: the board stays hidden until Red sits down.
        let mut cover = replaced(set_up_with_one_click(&mut blue, &mut ctx, Colour::Blue));
        assert_eq!(cover.name(), "hand over strategy-chess red");
        let board = replaced(cover.input(&mut ctx, &view, &InputEvent::Click(view.rect.center())));
        assert_eq!(board.name(), "play strategy-chess");
        // A demo needs no setup screen.
        let demo = play_screen(&config(PlayMode::Demo), &mut ctx).unwrap();
        assert_eq!(demo.name(), "play strategy-chess");
    }

    #[test]
    fn a_move_by_real_clicks_and_the_computers_reply_seen_from_reds_seat() {
        let mut ctx = AppContext::for_tests();
        let plan = MatchPlan::new(&config(PlayMode::Computer), &mut ctx).unwrap();
        assert_eq!(plan.home(), Seat::FIRST);
        let mine = Library::builtin().entry(1).unwrap().setup;
        let mut screen = plan.with_setup(Colour::Red, mine).board_screen(&mut ctx).unwrap();
        let view = View::of_size(1280.0, 800.0);
        let rect = play_layout(&view, 1.0).board;
        let g = BoardGeometry::new(rect, Colour::Red);
        for square in ["a4", "a5"] {
            let at = g.square_rect(Square::parse(square).unwrap()).center();
            screen.input(&mut ctx, &view, &InputEvent::Click(at));
        }
        assert_eq!(screen.session().ply(), 1, "a4-a5 was played");
        let deadline = Instant::now() + Duration::from_secs(60);
        while screen.session().ply() < 2 && Instant::now() < deadline {
            screen.update(&mut ctx, 0.05);
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(screen.session().ply(), 2, "the computer answered");
        let shown = screen.shown();
        assert_eq!(shown.viewer(), Colour::Red);
        let blue_ranks = shown.squares().filter_map(|(_, seen)| match seen {
            strategy_chess::Seen::Piece(p) if p.colour == Colour::Blue => Some(p.rank),
            _ => None,
        });
        assert!(blue_ranks.into_iter().all(|r| r.is_none()), "Blue's ranks stay hidden");
        assert_eq!(shown, &screen.session().view());
    }

    #[test]
    fn with_two_players_the_move_slides_after_the_cover_from_the_next_players_side() {
        use game_core::SeatView;
        let mut ctx = AppContext::for_tests();
        let library = Library::builtin();
        let plan = MatchPlan::new(&config(PlayMode::TwoPlayers), &mut ctx).unwrap();
        let plan = plan
            .with_setup(Colour::Red, library.entry(1).unwrap().setup)
            .with_setup(Colour::Blue, library.entry(2).unwrap().setup);
        let mut screen = plan.board_screen(&mut ctx).unwrap();
        let view = View::of_size(1280.0, 800.0);
        let g = BoardGeometry::new(play_layout(&view, 1.0).board, Colour::Red);
        for square in ["a4", "a5"] {
            let at = g.square_rect(Square::parse(square).unwrap()).center();
            screen.input(&mut ctx, &view, &InputEvent::Click(at));
        }
        assert_eq!(screen.session().ply(), 1, "a4-a5 was played");
        assert_eq!(screen.handover(), Some(Seat::SECOND), "the board goes to Blue");
        assert!(screen.board().slide().is_none(), "nothing slides under the cover");
        screen.update(&mut ctx, 0.05);
        assert!(screen.board().slide().is_none());
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(screen.handover(), None);
        let slide = screen.board().slide().expect("the move slides once the cover is lifted");
        assert_eq!(slide.before.seat(), Seat::SECOND, "seen from Blue's side");
        let a4 = slide.before.piece(Square::parse("a4").unwrap()).expect("Red's piece before it moved");
        assert_eq!(a4.rank, None, "Blue does not see what Red moved");
    }

    #[test]
    fn resigning_turns_both_armies_over_and_not_a_move_before() {
        use crate::games::strategy_chess::art::Face;
        use crate::games::strategy_chess::board::model::{BoardModel, DrawOptions, PanelModel, Stage};
        use crate::play::PlayMsg;
        use crate::play::layout::PlayButton;
        let mut ctx = AppContext::for_tests();
        let plan = MatchPlan::new(&config(PlayMode::Computer), &mut ctx).unwrap();
        let mine = Library::builtin().entry(1).unwrap().setup;
        let mut screen = plan.with_setup(Colour::Red, mine).board_screen(&mut ctx).unwrap();
        let view = View::of_size(1280.0, 800.0);
        let resign = screen
            .widgets(&view)
            .into_iter()
            .find(|w| w.on_activate == Some(PlayMsg::Button(PlayButton::Resign)))
            .expect("a Resign button")
            .rect;
        let options = DrawOptions {
            numbering: headless::settings::RankNumbering::Classic,
            memory_aid: true,
            selected: None,
            cursor: None,
            show_legal: false,
        };
        let model = |screen: &PlayScreen<StrategyChess, ChessBoard>| {
            let stage = Stage::of(screen.session().finish(), screen.revealed());
            BoardModel::from_view(screen.shown(), stage, &options, &[])
        };
        let unknown = |m: &BoardModel| {
            m.cells.iter().filter(|c| c.piece.is_some_and(|p| p.face == Face::Unknown)).count()
        };
        assert_eq!(screen.revealed(), None);
        assert_eq!(unknown(&model(&screen)), 40, "Blue's army is hidden");
        screen.input(&mut ctx, &view, &InputEvent::Click(resign.center()));
        assert_eq!(screen.revealed(), None, "the first press only asks");
        assert_eq!(screen.session().outcome(), None);
        assert_eq!(screen.toast_text(), Some("Press Resign again to give up the game"));
        screen.input(&mut ctx, &view, &InputEvent::Click(resign.center()));
        assert_eq!(screen.session().finish(), Some(game_core::Finish::Resigned(Seat::FIRST)));
        assert_eq!(screen.toast_text(), None, "the question is answered");
        let revealed = screen.revealed().expect("the end turns the armies over");
        assert_eq!(revealed.viewer(), Colour::Red);
        let over = model(&screen);
        assert!(over.over && unknown(&over) == 0, "every piece shows its rank");
        assert_eq!(over.cells.iter().filter(|c| c.piece.is_some_and(|p| p.kept_secret)).count(), 80);
        let panel = PanelModel::from_view(screen.shown(), screen.session().finish());
        let lines = panel.lines(headless::settings::RankNumbering::Classic);
        assert_eq!(&lines[1..3], ["Blue wins", "Red resigned"]);
        // The game-over panel stands over the board's middle: a click on
        // the board sets it aside to look, the next brings it back.
        screen.update(&mut ctx, 0.05);
        assert!(screen.game_over_shown());
        let a10 = BoardGeometry::new(play_layout(&view, 1.0).board, Colour::Red)
            .square_rect(Square::parse("a10").unwrap())
            .center();
        assert!(!screen.layout(&view).over.contains(a10));
        screen.input(&mut ctx, &view, &InputEvent::Click(a10));
        assert!(!screen.game_over_shown(), "set aside");
        assert!(!screen.widgets(&view).iter().any(|w| w.on_activate == Some(PlayMsg::PlayAgain)));
        assert_eq!(model(&screen), over, "the board still shows both armies");
        screen.input(&mut ctx, &view, &InputEvent::Click(a10));
        assert!(screen.game_over_shown(), "back again");
        // A new game hides Blue's army again.
        let again = screen
            .widgets(&view)
            .into_iter()
            .find(|w| w.on_activate == Some(PlayMsg::PlayAgain))
            .expect("the game-over panel's Play again")
            .rect;
        screen.input(&mut ctx, &view, &InputEvent::Click(again.center()));
        assert_eq!(screen.session().ply(), 0);
        assert_eq!(screen.revealed(), None);
        assert_eq!(unknown(&model(&screen)), 40);
    }

    #[test]
    fn refusals_are_said_in_these_words() {
        let said = |json: serde_json::Value| rules_from_json(&json).unwrap_err().to_string();
        assert_eq!(said(serde_json::json!(3)), "the host's rules cannot be read");
        let refused = StrategyChessRules::from_toml("colour = 1\n").unwrap_err();
        assert_eq!(said(serde_json::json!({ "colour": 1 })), format!("the host's rules: {refused}"));
        let mut ctx = AppContext::for_tests();
        let Err(network) = MatchPlan::new(&config(PlayMode::NetworkHost), &mut ctx) else {
            panic!("a network game is not planned here");
        };
        assert_eq!(network.to_string(), "network games are opened from the network screens");
    }
}

#[cfg(test)]
mod smoke_points {
    //! The click points of the Strategy Chess step of the GUI smoke test
    //! (`.ci/gui-smoke.sh`), in a 1280x800 window, checked against the
    //! layout so a layout change cannot silently break the step; and the
    //! region where it looks for Blue's army turned face up.

    use super::MatchPlan;
    use crate::context::AppContext;
    use crate::games::strategy_chess::board::geometry::BoardGeometry;
    use crate::games::strategy_chess::setup::layout::setup_layout;
    use crate::geometry::{Point, Rect};
    use crate::play::layout::{PlayButton, play_layout};
    use crate::play::{MatchConfig, PlayMsg};
    use crate::screen::View;
    use headless::registry::GameKind;
    use headless::settings::{FirstMover, PlayMode};
    use strategy_chess::{Colour, Library, Square};

    /// The numbers of the script's line `NAME="..."`.
    fn numbers(script: &str, name: &str) -> Vec<f32> {
        let prefix = format!("{name}=");
        let line = script
            .lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .unwrap_or_else(|| panic!("the script defines {name}"));
        line.trim_matches('"').split_whitespace().filter_map(|v| v.parse().ok()).collect()
    }

    fn script() -> String {
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.ci/gui-smoke.sh"))
            .expect("the smoke test script is readable")
    }

    /// 1-Click Setup, Play, Red's a4 and a5 on the board, and Resign, as
    /// the script's `POINT_SC_*` lines give them.
    fn points() -> Vec<(&'static str, f32, f32)> {
        let script = script();
        let names =
            [("ONE_CLICK", "one-click"), ("PLAY", "play"), ("A4", "a4"), ("A5", "a5"), ("RESIGN", "resign")];
        names
            .iter()
            .map(|(var, name)| {
                let xy = numbers(&script, &format!("POINT_SC_{var}"));
                assert_eq!(xy.len(), 2, "POINT_SC_{var} is `x y`");
                (*name, xy[0], xy[1])
            })
            .collect()
    }

    #[test]
    fn the_smoke_test_points_hit_their_targets() {
        let view = View::of_size(1280.0, 800.0);
        let setup = setup_layout(&view, Colour::Red, 12);
        let board = BoardGeometry::new(play_layout(&view, 1.0).board, Colour::Red);
        let mut ctx = AppContext::for_tests();
        let config = MatchConfig {
            game: GameKind::StrategyChess,
            mode: PlayMode::Computer,
            level: 4,
            first: FirstMover::Human,
            rules: GameKind::StrategyChess.entry().rules.defaults(),
        };
        let mine = Library::builtin().entry(1).unwrap().setup;
        let screen = MatchPlan::new(&config, &mut ctx)
            .unwrap()
            .with_setup(Colour::Red, mine)
            .board_screen(&mut ctx)
            .unwrap();
        let widgets = screen.widgets(&view);
        for (name, x, y) in points() {
            let p = Point::new(x, y);
            let hit = match name {
                "one-click" => setup.actions[0].contains(p),
                "play" => setup.play.contains(p),
                "resign" => {
                    crate::widgets::hit(&widgets, p).and_then(|(_, m)| m)
                        == Some(PlayMsg::Button(PlayButton::Resign))
                }
                square => board.square_at(p) == Square::parse(square),
            };
            assert!(
                hit,
                "{name} at {x},{y}: setup {:?} {:?}, board {:?}",
                setup.actions[0], setup.play, board.grid
            );
        }
    }

    #[test]
    fn the_smoke_test_looks_for_blues_army_on_blues_home_rows() {
        let view = View::of_size(1280.0, 800.0);
        let l = play_layout(&view, 1.0);
        let board = BoardGeometry::new(l.board, Colour::Red);
        let r = numbers(&script(), "REGION_SC_BLUE_ROWS");
        assert_eq!(r.len(), 4, "REGION_SC_BLUE_ROWS is `x y w h`");
        let region = Rect::new(r[0], r[1], r[2], r[3]);
        // Blue's four home rows, at the top of Red's board.
        let (a10, j7) = (Square::parse("a10").unwrap(), Square::parse("j7").unwrap());
        let rows = Rect::new(
            board.square_rect(a10).x,
            board.square_rect(a10).y,
            board.square_rect(j7).right() - board.square_rect(a10).x,
            board.square_rect(j7).bottom() - board.square_rect(a10).y,
        );
        assert!(region.is_inside(&rows), "{region:?} is not inside Blue's rows {rows:?}");
        assert!(region.w * region.h >= rows.w * rows.h * 0.6, "{region:?} covers most of {rows:?}");
        // The game-over panel stands over the middle of the board: clear of
        // the region, or the army would hide behind it.
        assert!(!region.overlaps(&l.over), "{region:?} is under the game-over panel {:?}", l.over);
    }
}
