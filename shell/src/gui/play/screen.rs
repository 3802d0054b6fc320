//! The play screen every game shares: a [`Session`] (the match) and a
//! game's [`BoardUi`] (the board), with the side panel, the footer
//! buttons, the keyboard cursor, the function keys and the game-over
//! panel.

use super::MatchConfig;
use super::board::{BoardFrame, BoardUi, Pick};
use super::layout::{PlayButton, PlayLayout, play_layout};
use super::panel;
use super::session::{Happening, SeatKind, Session, StartMaker};
use crate::gui::canvas::Canvas;
use crate::gui::context::AppContext;
use crate::gui::focus::Direction;
use crate::gui::geometry::Point;
use crate::gui::input::{InputEvent, Key};
use crate::gui::screen::{Command, Screen, View};
use crate::gui::widgets::Widget;
use crate::settings::{AnimationSpeed, BoardOrientation, GameSchema, PlayMode};
use game_core::rng::splitmix64;
use game_core::{Evaluate, Observe, Seat};
use std::time::Duration;

/// What the play screen's widgets send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayMsg {
    /// A footer button.
    Button(PlayButton),
    /// "Play again" on the game-over panel.
    PlayAgain,
}

/// The play screen of game `G` with board `B`.
pub struct PlayScreen<G: Observe + Evaluate, B: BoardUi<G>> {
    config: MatchConfig,
    session: Session<G>,
    board: B,
    /// The viewer's view, refreshed after every change (drawing borrows it).
    shown: G::View,
    cursor: Option<B::Spot>,
    /// The footer button with the keyboard focus; `None`: the board has it.
    focus: Option<usize>,
    show_legal: bool,
    time: f32,
    over_announced: bool,
    /// With two people and a board that hides between turns: the seat the
    /// board is being handed to.
    handover: Option<Seat>,
    speed: AnimationSpeed,
    flipped: bool,
    /// A short message and how long it stays.
    toast: Option<(String, f32)>,
}

/// How long the computer's move is held back at least, per speed.
pub fn min_delay(speed: AnimationSpeed) -> Duration {
    Duration::from_millis(match speed {
        AnimationSpeed::Slow => 900,
        AnimationSpeed::Normal => 500,
        AnimationSpeed::Fast => 250,
        AnimationSpeed::Instant => 80,
    })
}

/// The seats of a local match in `config`'s mode, and the seat the person
/// sits in. A coin for "random first" comes from `seed`.
pub fn seats_for(config: &MatchConfig, seed: u64) -> Result<([SeatKind; 2], Seat), String> {
    Ok(match config.mode {
        PlayMode::Computer => {
            let human =
                if config.human_moves_first(splitmix64(seed) & 1 == 0) { Seat::FIRST } else { Seat::SECOND };
            let mut seats = [SeatKind::Computer; 2];
            seats[human.index()] = SeatKind::Human;
            (seats, human)
        }
        PlayMode::TwoPlayers => ([SeatKind::Human; 2], Seat::FIRST),
        PlayMode::Demo => ([SeatKind::Computer; 2], Seat::FIRST),
        PlayMode::NetworkHost | PlayMode::NetworkJoin => {
            return Err("network games are opened from the network screens".into());
        }
    })
}

impl<G: Observe + Evaluate, B: BoardUi<G>> PlayScreen<G, B> {
    /// A local match for `config`: seats from its mode, a seed from the
    /// context, positions from `start`.
    pub fn local(
        config: &MatchConfig,
        ctx: &mut AppContext,
        board: B,
        start: StartMaker<G>,
    ) -> Result<Self, String> {
        let seed = ctx.next_seed();
        let (seats, home) = seats_for(config, seed)?;
        let session = Session::local(start, seats, home, config.level, seed)?;
        Ok(Self::with_session(config, ctx, board, session))
    }

    /// A screen over a session made elsewhere (a network match, a match
    /// after a setup screen).
    pub fn with_session(config: &MatchConfig, ctx: &AppContext, board: B, mut session: Session<G>) -> Self {
        let prefs = ctx.settings.preferences;
        session.set_min_delay(min_delay(prefs.animation_speed));
        let shown = session.view();
        let mut screen = PlayScreen {
            config: config.clone(),
            session,
            board,
            shown,
            cursor: None,
            focus: None,
            show_legal: false,
            time: 0.0,
            over_announced: false,
            handover: None,
            speed: prefs.animation_speed,
            flipped: prefs.board_orientation == BoardOrientation::Flipped,
            toast: None,
        };
        screen.place_cursor();
        screen
    }

    /// The match (for tests and the network layer).
    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    /// The board.
    pub fn board(&self) -> &B {
        &self.board
    }

    /// The view the screen shows now.
    pub fn shown(&self) -> &G::View {
        &self.shown
    }

    /// The layout in `view`.
    pub fn layout(&self, view: &View) -> PlayLayout {
        play_layout(view, self.board.aspect(&self.shown))
    }

    /// The seat names, first seat first.
    pub fn names(&self) -> [&'static str; 2] {
        self.config.game.entry().seats
    }

    fn game_over_shown(&self) -> bool {
        self.over_announced && self.session.outcome().is_some()
    }

    /// The widgets in `view`: the footer buttons, and the game-over panel's
    /// when it shows.
    pub fn widgets(&self, view: &View) -> Vec<Widget<PlayMsg>> {
        let l = self.layout(view);
        let s = &self.session;
        let local = !s.is_remote();
        let mut widgets: Vec<Widget<PlayMsg>> = PlayButton::ALL
            .iter()
            .zip(&l.buttons)
            .map(|(b, r)| {
                let enabled = match b {
                    PlayButton::Menu | PlayButton::Level => true,
                    PlayButton::NewGame => local,
                    PlayButton::Undo => local && s.can_undo(),
                    PlayButton::PlayForMe => s.human_to_move(),
                    PlayButton::Demo => s.outcome().is_none(),
                };
                Widget::button(*r, PlayMsg::Button(*b)).enabled(enabled)
            })
            .collect();
        if self.game_over_shown() {
            widgets.push(Widget::button(l.play_again, PlayMsg::PlayAgain).enabled(local));
            widgets.push(Widget::button(l.over_menu, PlayMsg::Button(PlayButton::Menu)));
        }
        widgets
    }

    fn refresh(&mut self) {
        self.shown = self.session.view();
        if self.session.outcome().is_none() {
            self.over_announced = false;
        }
    }

    fn place_cursor(&mut self) {
        if self.cursor.is_none() || !self.session.human_to_move() {
            let first = self.board.first_spot(&self.shown, self.session.legal());
            if first.is_some() {
                self.cursor = first;
            }
        }
    }

    fn toast(&mut self, text: impl Into<String>) {
        self.toast = Some((text.into(), 2.5));
    }

    fn happen(&mut self, happening: Happening<G>) {
        let before_viewer = self.shown_viewer();
        match happening {
            Happening::Played { before, mv: Some(mv), after } => {
                self.board.clear_pick();
                self.board.on_move(&before, mv, &after, self.speed);
            }
            Happening::Played { mv: None, .. } | Happening::Reset => {
                self.board.on_reset();
            }
        }
        self.refresh();
        let two_people = Seat::all(2).all(|s| self.session.seat_kind(s) == SeatKind::Human);
        if two_people
            && self.board.hides_between_turns()
            && self.session.outcome().is_none()
            && self.session.viewer() != before_viewer
        {
            self.handover = Some(self.session.viewer());
        }
        self.place_cursor();
    }

    fn shown_viewer(&self) -> Seat {
        use game_core::SeatView;
        self.shown.seat()
    }

    fn play_move(&mut self, mv: G::Move) {
        match self.session.play(mv) {
            Ok(h) => self.happen(h),
            Err(e) => self.toast(e),
        }
    }

    fn pick_at_cursor(&mut self) {
        if !self.session.human_to_move() || self.board.is_animating() {
            return;
        }
        let Some(spot) = self.cursor else { return };
        let legal = self.session.legal().to_vec();
        match self.board.pick(&self.shown, spot, &legal) {
            Pick::Play(mv) => self.play_move(mv),
            Pick::Selected | Pick::Nothing => {}
        }
    }

    fn on_message(&mut self, msg: PlayMsg, ctx: &mut AppContext) -> Command {
        match msg {
            PlayMsg::Button(PlayButton::Menu) => {
                self.session.leave();
                return Command::PopToRoot;
            }
            PlayMsg::Button(PlayButton::NewGame) | PlayMsg::PlayAgain => match self.session.new_game() {
                Ok(h) => {
                    self.handover = None;
                    self.happen(h);
                    self.focus = None;
                }
                Err(e) => self.toast(e),
            },
            PlayMsg::Button(PlayButton::Undo) => match self.session.undo() {
                Ok(h) => self.happen(h),
                Err(e) => self.toast(e),
            },
            PlayMsg::Button(PlayButton::PlayForMe) => match self.session.play_for_me() {
                Ok(()) => {
                    self.board.clear_pick();
                }
                Err(e) => self.toast(e),
            },
            PlayMsg::Button(PlayButton::Level) => {
                let level = self.session.cycle_level();
                self.config.level = level;
                let entry = self.config.game.entry();
                ctx.settings.game_mut(&GameSchema { key: entry.key, rules: entry.rules }).level = level;
                ctx.save();
                self.toast(format!("Computer level {level}"));
            }
            PlayMsg::Button(PlayButton::Demo) => {
                let on = self.session.toggle_demo();
                self.toast(if on {
                    "Demo: the computer plays both sides (F3 to stop)"
                } else {
                    "Demo stopped"
                });
                self.refresh();
                self.place_cursor();
            }
        }
        Command::None
    }

    fn on_key(&mut self, key: Key, ctx: &mut AppContext) -> Command {
        match key {
            Key::Function(1) => {
                self.show_legal = !self.show_legal;
                self.toast(if self.show_legal { "Legal moves shown (F1)" } else { "Legal moves hidden" });
            }
            Key::Function(2) => return self.on_message(PlayMsg::Button(PlayButton::PlayForMe), ctx),
            Key::Function(3) => return self.on_message(PlayMsg::Button(PlayButton::Demo), ctx),
            Key::Function(4) => return self.on_message(PlayMsg::Button(PlayButton::Level), ctx),
            Key::Function(5) => match self.session.toggle_two_players() {
                Ok(()) => {
                    let two = Seat::all(2).all(|s| self.session.seat_kind(s) == SeatKind::Human);
                    self.toast(if two {
                        "Two players at this computer (F5)"
                    } else {
                        "Playing the computer (F5)"
                    });
                    self.refresh();
                    self.place_cursor();
                }
                Err(e) => self.toast(e),
            },
            Key::Arrow(direction) => {
                self.focus = None;
                self.step_cursor(direction);
            }
            Key::Enter => match self.focus {
                Some(i) => {
                    let widgets = self.widgets(&View::of_size(1280.0, 800.0));
                    if let Some(msg) = widgets.get(i).filter(|w| w.enabled).and_then(|w| w.on_activate) {
                        return self.on_message(msg, ctx);
                    }
                }
                None if self.game_over_shown() => return self.on_message(PlayMsg::PlayAgain, ctx),
                None => self.pick_at_cursor(),
            },
            Key::Tab | Key::BackTab => {
                let n = self.widgets(&View::of_size(1280.0, 800.0)).len();
                // The board, then each button, round again.
                let slots = n + 1;
                let at = self.focus.map_or(0, |i| i + 1);
                let next = if key == Key::Tab { (at + 1) % slots } else { (at + slots - 1) % slots };
                self.focus = next.checked_sub(1);
            }
            Key::Escape => {
                if self.board.clear_pick() {
                    return Command::None;
                }
                self.session.leave();
                return Command::Pop;
            }
            _ => {}
        }
        Command::None
    }

    fn step_cursor(&mut self, direction: Direction) {
        let spot = match self.cursor {
            Some(spot) => self.board.step_spot(&self.shown, spot, direction, self.flipped),
            None => match self.board.first_spot(&self.shown, self.session.legal()) {
                Some(s) => s,
                None => return,
            },
        };
        self.cursor = Some(spot);
    }

    fn on_click(&mut self, view: &View, p: Point, ctx: &mut AppContext) -> Command {
        let widgets = self.widgets(view);
        if let Some((index, msg)) = crate::gui::widgets::hit(&widgets, p) {
            self.focus = Some(index).filter(|_| ctx.keyboard);
            if let Some(msg) = msg {
                return self.on_message(msg, ctx);
            }
            return Command::None;
        }
        if self.game_over_shown() {
            return Command::None;
        }
        let l = self.layout(view);
        if let Some(spot) = self.board.spot_at(&self.shown, l.board, p) {
            self.cursor = Some(spot);
            self.focus = None;
            self.pick_at_cursor();
        } else {
            self.board.clear_pick();
        }
        Command::None
    }
}

impl<G: Observe + Evaluate, B: BoardUi<G>> Screen for PlayScreen<G, B> {
    fn name(&self) -> String {
        format!("play {}", self.config.game.entry().key)
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        if self.handover.is_some() {
            return match event {
                InputEvent::Click(_) | InputEvent::Key(Key::Enter) => {
                    self.handover = None;
                    Command::None
                }
                InputEvent::Key(Key::Escape) => {
                    self.session.leave();
                    Command::Pop
                }
                _ => Command::None,
            };
        }
        match *event {
            InputEvent::Click(p) => self.on_click(view, p, ctx),
            InputEvent::PointerMoved(p) => {
                let l = self.layout(view);
                if let Some(spot) = self.board.spot_at(&self.shown, l.board, p) {
                    self.cursor = Some(spot);
                }
                Command::None
            }
            InputEvent::Key(key) => self.on_key(key, ctx),
            InputEvent::Wheel(_) => Command::None,
        }
    }

    fn update(&mut self, _ctx: &mut AppContext, dt: f32) -> Command {
        self.time += dt;
        self.board.update(dt);
        if let Some((_, left)) = self.toast.as_mut() {
            *left -= dt;
            if *left <= 0.0 {
                self.toast = None;
            }
        }
        if self.handover.is_some() {
            return Command::None;
        }
        let happenings = self.session.tick(self.board.is_animating());
        for h in happenings {
            self.happen(h);
        }
        if let Some(notice) = self.session.take_notice() {
            self.toast(notice);
        }
        if let Some(outcome) = self.session.outcome()
            && !self.over_announced
            && !self.board.is_animating()
        {
            self.over_announced = true;
            self.board.on_game_over(&self.shown, outcome);
        }
        Command::None
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let l = self.layout(view);
        let legal: &[G::Move] =
            if self.board.is_animating() || self.handover.is_some() { &[] } else { self.session.legal() };
        let frame = BoardFrame::<G, B::Spot> {
            view: &self.shown,
            viewer: self.shown_viewer(),
            rect: l.board,
            metrics: &view.metrics,
            cursor: if self.session.human_to_move() { self.cursor } else { None },
            legal,
            show_legal: self.show_legal,
            last_move: self.session.last_move(),
            names: self.names(),
            time: self.time,
            flipped: self.flipped,
        };
        let state = panel::PanelState {
            config: &self.config,
            session: &self.session,
            toast: self.toast.as_ref().map(|(t, _)| t.as_str()),
            game_over: self.game_over_shown(),
            handover: self.handover,
            focus: self.focus,
            keyboard: ctx.keyboard,
        };
        panel::draw_screen(&state, &self.board, &frame, &l, &self.widgets(view), ctx, view, canvas);
    }

    fn is_animating(&self) -> bool {
        self.board.wants_frames() || self.session.wants_frames() || self.toast.is_some()
    }
}
