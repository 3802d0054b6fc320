//! The network lobby: "Host a game" (the referee runs inside this program
//! and waits on a port) and "Join a game" (an address and a game code).
//! It waits for the game to start without ever blocking the frame loop,
//! then hands over to the shared play screen with this computer's seat as
//! the local player and the other as a remote seat.

use super::super::canvas::{Align, Canvas, Weight};
use super::super::context::AppContext;
use super::super::geometry::Rect;
use super::super::input::{InputEvent, Key};
use super::super::layout::frame;
use super::super::net::Host;
use super::super::net::bridge::{Bridge, BridgeEvent, SeatRequest};
use super::super::play::session::Session;
use super::super::play::{BoardUi, MatchConfig, PlayScreen};
use super::super::screen::{Command, Screen, View};
use super::super::theme::palette;
use super::draw_chrome;
use game_core::{Evaluate, Observe};

/// Where the lobby's seat comes from.
enum Seat<G: Observe> {
    /// A game hosted here: the server lives as long as the lobby (and then
    /// the play screen's session) does.
    Hosted(Host<G>),
    /// A game on another computer.
    Joined(Bridge<G>),
}

/// Waits for a network game of `G` to start, then opens its play screen
/// with the board `B`.
pub struct NetLobbyScreen<G: Observe + Evaluate, B: BoardUi<G>> {
    config: MatchConfig,
    seat: Option<Seat<G>>,
    board: Option<B>,
    /// What to show: the port and code to give the opponent, or a problem.
    lines: Vec<String>,
    failed: bool,
}

impl<G: Observe + Evaluate, B: BoardUi<G>> NetLobbyScreen<G, B> {
    /// "Host a game": starts the referee on `port` (0 for any free one)
    /// with the config's rules, and waits for the opponent. `setup` is this
    /// seat's setup, for games with a setup phase.
    pub fn host(
        config: &MatchConfig,
        ctx: &mut AppContext,
        board: B,
        port: u16,
        setup: Option<G::Setup>,
    ) -> Self {
        let rules = serde_json::to_value(&config.rules).unwrap_or(serde_json::Value::Null);
        let (seat, lines, failed) = match Host::<G>::start(port, rules, setup, ctx.next_seed()) {
            Ok(host) => {
                let line = format!("Waiting on port {} for the opponent…", host.addr().port());
                (Some(Seat::Hosted(host)), vec![line], false)
            }
            Err(e) => (None, vec![format!("Cannot host on port {port}: {e}")], true),
        };
        NetLobbyScreen { config: config.clone(), seat, board: Some(board), lines, failed }
    }

    /// "Join a game": connects to `addr` and takes the free seat of the
    /// game `code`.
    pub fn join(
        config: &MatchConfig,
        ctx: &mut AppContext,
        board: B,
        addr: &str,
        code: &str,
        setup: Option<G::Setup>,
    ) -> Self {
        let bridge = Bridge::open(addr, SeatRequest::Join { code: code.to_string() }, setup, ctx.next_seed());
        let lines = vec![format!("Joining game {code} at {addr}…")];
        NetLobbyScreen {
            config: config.clone(),
            seat: Some(Seat::Joined(bridge)),
            board: Some(board),
            lines,
            failed: false,
        }
    }

    /// What the lobby shows now.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// Whether it failed (it then waits for the player to go back).
    pub fn failed(&self) -> bool {
        self.failed
    }

    fn bridge(&self) -> Option<&Bridge<G>> {
        match self.seat.as_ref()? {
            Seat::Hosted(host) => Some(&host.bridge),
            Seat::Joined(bridge) => Some(bridge),
        }
    }
}

impl<G: Observe + Evaluate, B: BoardUi<G>> Screen for NetLobbyScreen<G, B> {
    fn name(&self) -> String {
        format!("network lobby {}", G::NAME)
    }

    fn input(&mut self, _ctx: &mut AppContext, _view: &View, event: &InputEvent) -> Command {
        match event {
            InputEvent::Key(Key::Escape) => Command::Pop,
            _ => Command::None,
        }
    }

    fn update(&mut self, ctx: &mut AppContext, _dt: f32) -> Command {
        while let Some(event) = self.bridge().and_then(Bridge::try_event) {
            match event {
                BridgeEvent::Seated { code, seat } => {
                    self.lines.push(format!("Game code {code}: you play {seat}."));
                }
                BridgeEvent::Ready(link) => {
                    let Some(board) = self.board.take() else { return Command::None };
                    let session = Session::remote(link, self.config.level, ctx.next_seed());
                    let screen = PlayScreen::with_session(&self.config, ctx, board, session);
                    // The bridge thread (and a hosted server) lives on for
                    // the play screen's link; the lobby's handle can go.
                    self.seat = None;
                    return Command::Replace(Box::new(screen));
                }
                BridgeEvent::Chat { from, text } => self.lines.push(format!("{from}: {text}")),
                BridgeEvent::DrawOffered => {}
                BridgeEvent::Failed(reason) => {
                    self.lines.push(reason);
                    self.failed = true;
                }
            }
        }
        Command::None
    }

    fn is_animating(&self) -> bool {
        // Keep polling the network while waiting.
        !self.failed && self.board.is_some()
    }

    fn draw(&self, _ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        draw_chrome(canvas, &f, "Network game", "Press Escape to go back", m);
        for (i, line) in self.lines.iter().enumerate() {
            let r = Rect::new(f.body.x, f.body.y + i as f32 * m.row, f.body.w, m.row);
            let colour =
                if self.failed && i + 1 == self.lines.len() { palette::WARNING } else { palette::TEXT };
            canvas.label(r, line, m.body, Weight::Regular, Align::Left, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::catalogue::GameId;
    use crate::gui::games::stones::StonesBoard;
    use crate::settings::{FirstMover, PlayMode};
    use std::time::{Duration, Instant};
    use stones::Stones;

    fn config() -> MatchConfig {
        MatchConfig {
            game: GameId::Stones,
            mode: PlayMode::NetworkHost,
            level: 1,
            first: FirstMover::Human,
            rules: GameId::Stones.entry().rules.defaults(),
        }
    }

    /// Updates `screen` until it hands over or `deadline` passes.
    fn until_play(screen: &mut dyn Screen, ctx: &mut AppContext) -> Command {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            match screen.update(ctx, 0.016) {
                Command::None => std::thread::sleep(Duration::from_millis(5)),
                other => return other,
            }
        }
        panic!("the lobby never handed over")
    }

    #[test]
    fn a_hosted_and_a_joined_lobby_both_open_play_screens() {
        let mut ctx = AppContext::for_tests();
        let mut host = NetLobbyScreen::<Stones, _>::host(&config(), &mut ctx, StonesBoard::new(), 0, None);
        assert!(!host.failed(), "{:?}", host.lines());
        let port: u16 = host.lines()[0].split_whitespace().nth(3).unwrap().parse().unwrap();
        // The code shows once the host is seated.
        let deadline = Instant::now() + Duration::from_secs(5);
        while host.lines().len() < 2 && Instant::now() < deadline {
            assert!(matches!(host.update(&mut ctx, 0.016), Command::None));
            std::thread::sleep(Duration::from_millis(5));
        }
        let code = host.lines()[1].split_whitespace().nth(2).unwrap().trim_end_matches(':').to_string();
        let mut guest = NetLobbyScreen::<Stones, _>::join(
            &config(),
            &mut ctx,
            StonesBoard::new(),
            &format!("127.0.0.1:{port}"),
            &code,
            None,
        );
        for lobby in [&mut host as &mut dyn Screen, &mut guest] {
            let command = until_play(lobby, &mut ctx);
            assert!(matches!(&command, Command::Replace(s) if s.name().contains("stones")), "{command:?}");
        }
    }

    #[test]
    fn a_bad_code_shows_the_problem_and_escape_goes_back() {
        let mut ctx = AppContext::for_tests();
        let host = Host::<Stones>::start(0, serde_json::Value::Null, None, 1).unwrap();
        let addr = format!("127.0.0.1:{}", host.addr().port());
        let mut guest =
            NetLobbyScreen::<Stones, _>::join(&config(), &mut ctx, StonesBoard::new(), &addr, "NOSUCH", None);
        let deadline = Instant::now() + Duration::from_secs(5);
        while !guest.failed() && Instant::now() < deadline {
            guest.update(&mut ctx, 0.016);
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(guest.failed());
        assert!(guest.lines().last().unwrap().contains("NOSUCH"));
        let view = View::of_size(800.0, 600.0);
        assert!(matches!(guest.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::Pop));
    }
}
