//! The play screen every game shares: a [`Session`] (the match) and a
//! game's [`BoardUi`] (the board), with the side panel, the footer
//! buttons, the keyboard cursor, the function keys and the game-over
//! panel.

use super::MatchConfig;
use super::board::{BoardFrame, BoardUi, Pick};
use super::layout::{PanelTab, PlayButton, PlayLayout, PlayMsg, panel_parts, play_layout_for};
use super::panel;
use super::session::{Happening, SeatKind, Session, StartMaker};
use super::talk::DrawOffer;
use crate::canvas::Canvas;
use crate::clock::Instant;
use crate::context::AppContext;
use crate::error::GuiError;
use crate::focus::Direction;
use crate::geometry::Point;
use crate::input::{InputEvent, Key};
use crate::screen::{Command, Screen, View};
use crate::widgets::Widget;
use crate::widgets::text_field::{CharFilter, TextField};
use game_core::rng::splitmix64;
use game_core::{Evaluate, Observe, Seat};
use headless::protocol::MAX_CHAT_CHARS;
use headless::settings::{AnimationSpeed, BoardOrientation, GameSchema, PlayMode};
use std::time::Duration;

/// How long a toast stays, in seconds.
pub const TOAST_SECONDS: f32 = 2.5;

/// How long the Resign button waits for the second press.
pub const RESIGN_CONFIRM_SECONDS: f32 = 4.0;

/// How often a network game looks at the network even without a wake-up
/// (seconds): a safety net; the network wakes the window at once.
pub const NETWORK_SAFETY_POLL: f32 = 2.0;

/// Chat rows a notch of the mouse wheel scrolls.
const CHAT_WHEEL_ROWS: i32 = 3;

/// The play screen of game `G` with board `B`.
pub struct PlayScreen<G: Observe + Evaluate, B: BoardUi<G>> {
    config: MatchConfig,
    session: Session<G>,
    board: B,
    /// The viewer's view, refreshed after every change (drawing borrows it).
    shown: G::View,
    /// Once the game is over, the viewer's view with everything turned
    /// face up (see [`Session::revealed_view`]); refreshed with `shown`.
    revealed: Option<G::View>,
    cursor: Option<B::Spot>,
    /// The footer button with the keyboard focus; `None`: the board has it.
    focus: Option<usize>,
    show_legal: bool,
    time: f32,
    over_announced: bool,
    /// The player clicked the board to look at it past the game-over
    /// panel; a click on the board brings the panel back.
    over_set_aside: bool,
    /// With two people and a board that hides between turns: the seat the
    /// board is being handed to.
    handover: Option<Seat>,
    /// Before a move that may hand the board over: what the next person
    /// saw before it, so the move is shown to them once the cover is
    /// lifted, from their side.
    next_before: Option<G::View>,
    /// The move to show once the hand-over cover is lifted, from the view
    /// of the person it was handed to before it.
    after_cover: Option<(G::View, G::Move)>,
    speed: AnimationSpeed,
    flipped: bool,
    /// A short message and when it goes (real time: a still window draws
    /// no frames, so time is not counted in frames).
    toast: Option<(String, Instant)>,
    /// Resign was pressed once: until when it may be pressed again.
    resign_armed: Option<Instant>,
    /// New game was pressed once during an unfinished game: until when
    /// pressing it again starts the new one.
    new_game_armed: Option<Instant>,
    /// Leaving a live network game was asked once: until when asking
    /// again leaves.
    leave_armed: Option<Instant>,
    /// The chat line being typed (network games).
    chat: TextField,
    /// What the panel's list shows.
    tab: PanelTab,
    /// Chat lines read (shown while the Chat tab was open).
    chat_seen: usize,
    /// How far the chat is scrolled back (`None`: at the latest line).
    chat_scroll: panel::ChatScroll,
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
pub fn seats_for(config: &MatchConfig, seed: u64) -> Result<([SeatKind; 2], Seat), GuiError> {
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
            return Err(GuiError::NetworkSeats);
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
    ) -> Result<Self, GuiError> {
        let seed = ctx.next_seed();
        let (seats, home) = seats_for(config, seed)?;
        let session = Session::local(start, seats, home, config.level, seed)?;
        Ok(Self::with_session(config, ctx, board, session))
    }

    /// A screen over a session made elsewhere (a network match, a match
    /// after a setup screen).
    pub fn with_session(
        config: &MatchConfig,
        ctx: &AppContext,
        mut board: B,
        mut session: Session<G>,
    ) -> Self {
        let prefs = ctx.settings.preferences;
        board.orient(session.home(), prefs.board_orientation == BoardOrientation::Flipped);
        session.set_min_delay(min_delay(prefs.animation_speed));
        let shown = session.view();
        let revealed = session.revealed_view();
        let mut screen = PlayScreen {
            config: config.clone(),
            session,
            board,
            shown,
            revealed,
            cursor: None,
            focus: None,
            show_legal: false,
            time: 0.0,
            over_announced: false,
            over_set_aside: false,
            handover: None,
            next_before: None,
            after_cover: None,
            speed: prefs.animation_speed,
            flipped: prefs.board_orientation == BoardOrientation::Flipped,
            toast: None,
            resign_armed: None,
            new_game_armed: None,
            leave_armed: None,
            chat: TextField::new("", CharFilter::Any, MAX_CHAT_CHARS),
            tab: PanelTab::Chat,
            chat_seen: 0,
            chat_scroll: None,
        };
        screen.place_cursor();
        screen
    }

    /// The chat line being typed.
    pub fn chat_text(&self) -> &str {
        self.chat.text()
    }

    /// What the panel's list shows.
    pub fn tab(&self) -> PanelTab {
        self.tab
    }

    /// Chat lines that came while the Moves tab was open.
    pub fn unread_chat(&self) -> usize {
        self.session.talk().map_or(0, |t| t.lines().len().saturating_sub(self.chat_seen))
    }

    /// The footer buttons now, with how many go left.
    pub fn buttons(&self) -> (Vec<PlayButton>, usize) {
        let claim = self.session.talk().is_some_and(|t| t.away(Instant::now()).is_some());
        PlayButton::set(self.session.is_remote(), claim)
    }

    /// The short message showing now, if any.
    pub fn toast_text(&self) -> Option<&str> {
        self.toast.as_ref().map(|(text, _)| text.as_str())
    }

    /// Whether Resign waits for its second press.
    pub fn resign_armed(&self) -> bool {
        self.resign_armed.is_some()
    }

    /// The seat the board is being handed to, while the hand-over cover
    /// shows.
    pub fn handover(&self) -> Option<Seat> {
        self.handover
    }

    /// The footer button that waits for its second press, if one does.
    pub fn armed_button(&self) -> Option<PlayButton> {
        if self.resign_armed.is_some() {
            Some(PlayButton::Resign)
        } else {
            self.new_game_armed.map(|_| PlayButton::NewGame)
        }
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

    /// The view with everything turned face up, once the game is over
    /// (see [`Session::revealed_view`]).
    pub fn revealed(&self) -> Option<&G::View> {
        self.revealed.as_ref()
    }

    /// The layout in `view`.
    pub fn layout(&self, view: &View) -> PlayLayout {
        let (buttons, left) = self.buttons();
        play_layout_for(view, self.board.aspect(&self.shown), &buttons[..left], &buttons[left..])
    }

    /// The seat names, first seat first.
    pub fn names(&self) -> [&'static str; 2] {
        self.config.game.entry().seats
    }

    /// Whether the game-over panel shows (over the board).
    pub fn game_over_shown(&self) -> bool {
        self.over_announced && self.session.outcome().is_some() && !self.over_set_aside
    }

    /// Whether button `b` can be used now.
    pub fn button_enabled(&self, b: PlayButton) -> bool {
        let s = &self.session;
        let local = !s.is_remote();
        let going = s.outcome().is_none();
        let someone_here = Seat::all(2).any(|seat| s.seat_kind(seat) == SeatKind::Human) && !s.in_demo();
        match b {
            PlayButton::Menu | PlayButton::Level | PlayButton::Save => true,
            PlayButton::NewGame => local,
            PlayButton::Undo => local && s.can_undo(),
            PlayButton::PlayForMe | PlayButton::Hint => local && s.human_to_move(),
            PlayButton::Demo => going,
            PlayButton::Resign => going && someone_here && (local || s.is_live_remote()),
            PlayButton::Draw => {
                going && s.is_live_remote() && s.talk().is_some_and(|t| t.offer() != DrawOffer::Mine)
            }
            PlayButton::Claim => going && s.talk().is_some_and(|t| t.can_claim(Instant::now())),
        }
    }

    /// The widgets in `view`: the footer buttons, the panel's tabs in a
    /// network game, and the game-over panel's buttons when it shows.
    pub fn widgets(&self, view: &View) -> Vec<Widget<PlayMsg>> {
        let l = self.layout(view);
        let (buttons, _) = self.buttons();
        let mut widgets: Vec<Widget<PlayMsg>> = buttons
            .iter()
            .zip(&l.buttons)
            .map(|(b, r)| Widget::button(*r, PlayMsg::Button(*b)).enabled(self.button_enabled(*b)))
            .collect();
        if let Some((chat, moves)) = self.panel_parts(view).tabs {
            widgets.push(Widget::button(chat, PlayMsg::Tab(PanelTab::Chat)));
            widgets.push(Widget::button(moves, PlayMsg::Tab(PanelTab::Moves)));
        }
        if self.game_over_shown() {
            widgets.push(Widget::button(l.play_again, PlayMsg::PlayAgain).enabled(!self.session.is_remote()));
            widgets.push(Widget::button(l.over_menu, PlayMsg::Button(PlayButton::Menu)));
        }
        widgets
    }

    /// The side panel's parts in `view`.
    pub fn panel_parts(&self, view: &View) -> super::layout::PanelParts {
        let l = self.layout(view);
        let m = &view.metrics;
        let status = self.board.status(&self.shown, self.names()).len();
        let width = l.panel.w - m.gap * 2.0;
        let need = self
            .board
            .panel_height(&self.shown, self.session.finish(), width, m)
            .map(|h| h + status as f32 * m.body * 1.5);
        panel_parts(l.panel, m, (self.board.panel_share(), need), status, self.session.is_remote())
    }

    fn refresh(&mut self) {
        self.shown = self.session.view();
        self.revealed = self.session.revealed_view();
        if self.session.outcome().is_none() {
            self.over_announced = false;
            self.over_set_aside = false;
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
        self.toast = Some((text.into(), Instant::now() + Duration::from_secs_f32(TOAST_SECONDS)));
    }

    /// Whether a move may hand the board over: two people at this
    /// computer, a board that hides between turns, a game going on.
    fn hands_over(&self) -> bool {
        let two_people = Seat::all(2).all(|s| self.session.seat_kind(s) == SeatKind::Human);
        two_people && self.board.hides_between_turns() && self.session.outcome().is_none()
    }

    /// Notes what the next person sees before a move that may hand the
    /// board to them (see [`PlayScreen::happen`]).
    fn note_next_before(&mut self) {
        self.next_before = self.hands_over().then(|| self.session.view_of(self.session.to_move().opponent()));
    }

    fn happen(&mut self, happening: Happening<G>) {
        let before_viewer = self.shown_viewer();
        let next_before = self.next_before.take();
        let mut played = None;
        match happening {
            Happening::Played { before, mv: Some(mv), after } => {
                self.board.clear_pick();
                self.board.on_move(&before, mv, &after, self.speed);
                played = Some(mv);
            }
            Happening::Played { mv: None, .. } | Happening::Reset => {
                self.board.on_reset();
            }
        }
        self.refresh();
        self.after_cover = None;
        if self.hands_over() && self.session.viewer() != before_viewer {
            self.handover = Some(self.session.viewer());
            // Nothing plays under the cover: the move is shown to the next
            // person once they lift it, as they saw the board before it.
            self.board.finish_animation();
            let next_sees = next_before.filter(|v| {
                use game_core::SeatView;
                v.seat() == self.session.viewer()
            });
            self.after_cover = next_sees.zip(played);
        }
        self.place_cursor();
    }

    /// The hand-over cover is lifted: the move made under it is shown.
    fn lift_cover(&mut self) {
        self.handover = None;
        if let Some((before, mv)) = self.after_cover.take() {
            self.board.on_move(&before, mv, &self.shown, self.speed);
        }
    }

    fn shown_viewer(&self) -> Seat {
        use game_core::SeatView;
        self.shown.seat()
    }

    fn play_move(&mut self, mv: G::Move) {
        self.note_next_before();
        match self.session.play(mv) {
            Ok(h) => self.happen(h),
            Err(e) => self.toast(e.to_string()),
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

    /// Whether `event` cuts the move being animated short: a click on the
    /// board, or Enter, while it plays (the buttons still work, and Escape
    /// still leaves).
    fn skips_animation(&self, view: &View, event: &InputEvent) -> bool {
        if !self.board.is_animating() {
            return false;
        }
        match event {
            InputEvent::Click(p) => self.layout(view).board_area.contains(*p),
            InputEvent::Key(Key::Enter) => self.focus.is_none(),
            _ => false,
        }
    }

    /// The hint to show now, with its words: none while a move animates.
    pub fn hint_shown(&self) -> Option<(G::Move, String)> {
        if self.board.is_animating() || self.handover.is_some() {
            return None;
        }
        let hint = self.session.hint()?;
        let reason = self.board.hint_reason(&self.shown, hint.mv);
        Some((hint.mv, super::hint::hint_text(&hint.notation, reason.as_deref())))
    }

    /// Whether the game is worth keeping when the player leaves it: a game
    /// at this computer, still going, with a move played and a person
    /// playing (a demo is not kept).
    pub fn worth_keeping(&self) -> bool {
        let s = &self.session;
        let someone_here = Seat::all(2).any(|seat| s.seat_kind(seat) == SeatKind::Human) && !s.in_demo();
        !s.is_remote() && s.outcome().is_none() && s.history_len() > 0 && someone_here
    }

    /// Leaves the game, back one screen or (`to_launcher`) to the
    /// launcher: an unfinished game is set aside for the launcher's
    /// Continue ([`Command::Park`]), else the game ends.
    fn leave(&mut self, to_launcher: bool) -> Command {
        self.resign_armed = None;
        self.new_game_armed = None;
        self.toast = None;
        if self.worth_keeping() {
            self.board.clear_pick();
            return Command::Park { to_launcher };
        }
        self.session.leave();
        if to_launcher { Command::PopToRoot } else { Command::Pop }
    }

    /// Whether leaving may go ahead now: leaving a live network game asks
    /// once more, since the opponent may then claim it.
    fn may_leave(&mut self) -> bool {
        if !self.session.is_live_remote() || self.leave_armed.take().is_some() {
            return true;
        }
        self.leave_armed = Some(Instant::now() + Duration::from_secs_f32(RESIGN_CONFIRM_SECONDS));
        self.toast("Leave the game? Your opponent may then claim it. Again to leave.");
        false
    }

    fn on_message(&mut self, msg: PlayMsg, ctx: &mut AppContext) -> Command {
        if msg != PlayMsg::Button(PlayButton::Resign) {
            self.resign_armed = None;
        }
        if msg != PlayMsg::Button(PlayButton::Menu) {
            self.leave_armed = None;
        }
        if msg != PlayMsg::Button(PlayButton::NewGame) {
            self.new_game_armed = None;
        }
        match msg {
            PlayMsg::Button(PlayButton::Menu) => {
                if !self.may_leave() {
                    return Command::None;
                }
                return self.leave(true);
            }
            PlayMsg::Tab(tab) => {
                self.tab = tab;
                self.mark_chat_read();
            }
            PlayMsg::Button(PlayButton::Save) => self.save(ctx),
            PlayMsg::Button(PlayButton::Resign) => {
                if self.resign_armed.take().is_none() {
                    self.resign_armed =
                        Some(Instant::now() + Duration::from_secs_f32(RESIGN_CONFIRM_SECONDS));
                    self.toast("Press Resign again to give up the game");
                } else {
                    match self.session.resign() {
                        Ok(h) => {
                            // "Press Resign again" is answered.
                            self.toast = None;
                            self.happen(h);
                        }
                        Err(e) => self.toast(e.to_string()),
                    }
                }
            }
            PlayMsg::Button(PlayButton::Draw) => {
                let offer = self.session.talk().map_or(DrawOffer::None, |t| t.offer());
                let result = if offer == DrawOffer::Theirs {
                    self.session.accept_draw()
                } else {
                    self.session.offer_draw()
                };
                match result {
                    Ok(()) if offer == DrawOffer::Theirs => self.toast("Draw accepted"),
                    Ok(()) => self.toast("Draw offered: it stands until the next move"),
                    Err(e) => self.toast(e.to_string()),
                }
            }
            PlayMsg::Button(PlayButton::Claim) => {
                if let Err(e) = self.session.claim() {
                    self.toast(e.to_string());
                }
            }
            PlayMsg::Button(PlayButton::NewGame) if self.worth_keeping() && self.new_game_armed.is_none() => {
                self.new_game_armed = Some(Instant::now() + Duration::from_secs_f32(RESIGN_CONFIRM_SECONDS));
                self.toast("Press New game again to drop this game and start another");
            }
            PlayMsg::Button(PlayButton::NewGame) | PlayMsg::PlayAgain => match self.session.new_game() {
                Ok(h) => {
                    self.handover = None;
                    self.after_cover = None;
                    self.new_game_armed = None;
                    self.toast = None;
                    self.happen(h);
                    self.focus = None;
                }
                Err(e) => self.toast(e.to_string()),
            },
            PlayMsg::Button(PlayButton::Undo) => match self.session.undo() {
                Ok(h) => self.happen(h),
                Err(e) => self.toast(e.to_string()),
            },
            PlayMsg::Button(PlayButton::Hint) => {
                if let Err(e) = self.session.ask_hint() {
                    self.toast(e.to_string());
                }
            }
            PlayMsg::Button(PlayButton::PlayForMe) => match self.session.play_for_me() {
                Ok(()) => {
                    self.board.clear_pick();
                }
                Err(e) => self.toast(e.to_string()),
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

    /// The chat's wrapped rows and how many fit, while the chat shows.
    fn chat_room(&self, view: &View, ctx: &AppContext) -> Option<(usize, usize)> {
        let talk = self.session.talk()?;
        let parts = self.panel_parts(view);
        if self.tab != PanelTab::Chat || parts.tabs.is_none() {
            return None;
        }
        let rows = panel::chat_rows(
            talk.lines(),
            self.names(),
            self.session.home(),
            parts.list,
            ctx.measure(),
            &view.metrics,
        );
        Some((rows.len(), panel::chat_fits(parts.list, &view.metrics)))
    }

    /// Scrolls the chat by `delta` wrapped rows (up is negative), if it
    /// shows.
    fn scroll_chat(&mut self, view: &View, ctx: &AppContext, delta: i32) {
        if let Some((total, fits)) = self.chat_room(view, ctx) {
            self.chat_scroll = panel::scroll_chat(self.chat_scroll, delta, total, fits);
        }
    }

    /// How far the chat is scrolled back (`None`: at the latest line).
    pub fn chat_scroll(&self) -> panel::ChatScroll {
        self.chat_scroll
    }

    fn mark_chat_read(&mut self) {
        if self.tab == PanelTab::Chat {
            self.chat_seen = self.session.talk().map_or(0, |t| t.lines().len());
        }
    }

    fn save(&mut self, ctx: &AppContext) {
        let saved =
            ctx.saved_games.clone().and_then(|games| super::save::save_session(&self.session, &games));
        match saved {
            Ok(path) => {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                self.toast(format!("Saved as {name} (see Saved games)"));
            }
            Err(e) => self.toast(format!("Not saved: {e}")),
        }
    }

    /// Typing into the chat (network games): true if the event was the
    /// chat's.
    fn chat_input(&mut self, event: &InputEvent) -> bool {
        if !self.wants_text() {
            return false;
        }
        if self.chat.on_event(event) {
            return true;
        }
        match event {
            InputEvent::Key(Key::Enter) if !self.chat.is_empty() && self.focus.is_none() => {
                match self.session.say(self.chat.text()) {
                    Ok(()) => {
                        self.chat.clear();
                        self.tab = PanelTab::Chat;
                        self.chat_scroll = None;
                        self.mark_chat_read();
                    }
                    Err(e) => self.toast(e.to_string()),
                }
                true
            }
            InputEvent::Key(Key::Escape) if !self.chat.is_empty() => {
                self.chat.clear();
                true
            }
            _ => false,
        }
    }

    fn on_key(&mut self, key: Key, ctx: &mut AppContext) -> Command {
        match key {
            Key::Function(6) => return self.on_message(PlayMsg::Button(PlayButton::Save), ctx),
            Key::Function(1) => {
                self.show_legal = !self.show_legal;
                self.toast(if self.show_legal { "Legal moves shown (F1)" } else { "Legal moves hidden" });
            }
            Key::Function(2) => return self.on_message(PlayMsg::Button(PlayButton::PlayForMe), ctx),
            Key::Function(7) => return self.on_message(PlayMsg::Button(PlayButton::Hint), ctx),
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
                Err(e) => self.toast(e.to_string()),
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
                if self.board.clear_pick() || !self.may_leave() {
                    return Command::None;
                }
                return self.leave(false);
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
        if let Some((index, msg)) = crate::widgets::hit(&widgets, p) {
            self.focus = Some(index).filter(|_| ctx.keyboard);
            if let Some(msg) = msg {
                return self.on_message(msg, ctx);
            }
            return Command::None;
        }
        let l = self.layout(view);
        // Once the game is over, a click on the board sets the game-over
        // panel aside to look at the final position (in Strategy Chess, both
        // armies turned face up), and the next brings it back.
        if self.over_announced && self.session.outcome().is_some() {
            if l.board_area.contains(p) && !(self.game_over_shown() && l.over.contains(p)) {
                self.over_set_aside = !self.over_set_aside;
                if self.over_set_aside {
                    self.toast("Click the board again for the result");
                }
            }
            return Command::None;
        }
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
                    self.lift_cover();
                    Command::None
                }
                InputEvent::Key(Key::Escape) => self.leave(false),
                _ => Command::None,
            };
        }
        if self.chat_input(event) {
            return Command::None;
        }
        if self.skips_animation(view, event) {
            self.board.finish_animation();
            return Command::None;
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
            InputEvent::Key(key @ (Key::PageUp | Key::PageDown)) => {
                let page = self.chat_room(view, ctx).map_or(1, |(_, fits)| fits.saturating_sub(1).max(1));
                let page = i32::try_from(page).unwrap_or(i32::MAX);
                self.scroll_chat(view, ctx, if key == Key::PageUp { -page } else { page });
                Command::None
            }
            InputEvent::Key(key) => self.on_key(key, ctx),
            InputEvent::Wheel(dy) => {
                let parts = self.panel_parts(view);
                if ctx.pointer.is_some_and(|p| parts.list.contains(p)) {
                    self.scroll_chat(view, ctx, if dy > 0.0 { -CHAT_WHEEL_ROWS } else { CHAT_WHEEL_ROWS });
                }
                Command::None
            }
            InputEvent::Release(_) | InputEvent::Text(_) => Command::None,
        }
    }

    fn update(&mut self, _ctx: &mut AppContext, dt: f32) -> Command {
        self.time += dt;
        self.board.update(dt);
        let now = Instant::now();
        if self.toast.as_ref().is_some_and(|(_, until)| *until <= now) {
            self.toast = None;
        }
        if self.resign_armed.is_some_and(|until| until <= now) {
            self.resign_armed = None;
        }
        if self.new_game_armed.is_some_and(|until| until <= now) {
            self.new_game_armed = None;
        }
        if self.leave_armed.is_some_and(|until| until <= now) {
            self.leave_armed = None;
        }
        if self.handover.is_some() {
            return Command::None;
        }
        if self.session.thinking().is_some() {
            // "Play for me" may hand the board over with its move.
            self.note_next_before();
        }
        let happenings = self.session.tick(self.board.is_animating());
        for h in happenings {
            self.happen(h);
        }
        if let Some(notice) = self.session.take_notice() {
            self.toast(notice);
        }
        self.mark_chat_read();
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
            last_moves: self.session.last_moves(),
            hint: self.hint_shown().map(|(mv, _)| mv),
            names: self.names(),
            time: self.time,
            flipped: self.flipped,
            finish: self.session.finish(),
            revealed: self.revealed.as_ref(),
        };
        let (buttons, _) = self.buttons();
        let state = panel::PanelState {
            config: &self.config,
            session: &self.session,
            toast: self.toast.as_ref().map(|(t, _)| t.as_str()),
            game_over: self.game_over_shown(),
            handover: self.handover,
            focus: self.focus,
            keyboard: ctx.keyboard,
            buttons: &buttons,
            armed: self.armed_button(),
            parts: &self.panel_parts(view),
            tab: self.tab,
            unread: self.unread_chat(),
            chat: &self.chat,
            typing: self.wants_text(),
            chat_scroll: self.chat_scroll,
            hint: self.hint_shown().map(|(_, text)| text),
            animating: self.board.is_animating(),
        };
        panel::draw_screen(&state, &self.board, &frame, &l, &self.widgets(view), ctx, view, canvas);
    }

    fn is_animating(&self) -> bool {
        self.board.wants_frames() || self.session.wants_frames()
    }

    fn wants_text(&self) -> bool {
        self.session.can_chat() && self.handover.is_none()
    }

    fn parked_label(&self) -> String {
        let entry = self.config.game.entry();
        let against = match self.config.mode {
            PlayMode::TwoPlayers => "for two players".to_string(),
            _ => format!("against the computer (level {})", self.session.level()),
        };
        let moves = self.session.history_len();
        format!("{} {against}, {moves} move{} played", entry.name, if moves == 1 { "" } else { "s" })
    }

    fn wake_after(&self) -> Option<f32> {
        // Toasts and the resign confirmation stand still: one frame when
        // they go. A network game: each second of an away opponent's
        // countdown, and now and then as a safety net.
        let mut after: Option<f32> = None;
        let mut soonest = |t: f32| after = Some(after.map_or(t, |a: f32| a.min(t)));
        let now = Instant::now();
        if let Some((_, until)) = &self.toast {
            soonest(until.saturating_duration_since(now).as_secs_f32() + 0.02);
        }
        for until in [self.resign_armed, self.new_game_armed].into_iter().flatten() {
            soonest(until.saturating_duration_since(now).as_secs_f32() + 0.02);
        }
        if self.session.is_live_remote() {
            soonest(NETWORK_SAFETY_POLL);
            if let Some((_, left)) = self.session.talk().and_then(|t| t.away(Instant::now())) {
                let fraction = left.as_secs_f32().fract();
                soonest(if left.is_zero() { NETWORK_SAFETY_POLL } else { fraction + 0.02 });
            }
        }
        after
    }
}
