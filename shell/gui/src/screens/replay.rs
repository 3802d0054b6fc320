//! The replay viewer: steps forward and back through a saved game.
//!
//! The record is verified first ([`headless::record::load()`]: every move
//! replayed through the rules, the hash compared), then shown with the
//! game's own board. Arrows step (Right forward, Left back), Home and End
//! jump to the start and the end, Tab switches whose eyes the board is
//! drawn for (in Strategy Chess each side sees only its own pieces, as it
//! did in the game, until the end of a finished game turns every piece
//! face up), Escape goes back.

use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::focus::Direction;
use crate::geometry::Rect;
use crate::input::{InputEvent, Key};
use crate::play::BoardUi;
use crate::play::board::BoardFrame;
use crate::play::layout::{PlayLayout, play_layout_with};
use crate::play::panel::{finish_text, seat_color};
use crate::screen::{Command, Screen, View};
use crate::theme::palette;
use crate::widgets::{Reaction, Widget, button, react};
use game_core::{Observe, Seat};
use headless::record::{RecordError, ReplayCursor, load};
use headless::registry::GameKind;
use headless::settings::BoardOrientation;

/// What the replay viewer's buttons say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayMsg {
    /// Back to the list.
    Close,
    /// To the start.
    First,
    /// One move back.
    Previous,
    /// One move on.
    Next,
    /// To the end.
    Last,
    /// Draw the board for the other side.
    Switch,
}

/// The buttons on the right of the footer, in order.
const STEPS: [ReplayMsg; 5] =
    [ReplayMsg::First, ReplayMsg::Previous, ReplayMsg::Next, ReplayMsg::Last, ReplayMsg::Switch];

/// A saved game shown move by move with the board `B`.
pub struct ReplayScreen<G: Observe, B: BoardUi<G>> {
    cursor: ReplayCursor<G>,
    board: B,
    viewer: Seat,
    game: GameKind,
    title: String,
    focus: usize,
}

impl<G: Observe, B: BoardUi<G>> ReplayScreen<G, B> {
    /// The viewer of the record `text` of `game`, at its start; a record
    /// that does not verify is refused with its line and problem.
    pub fn from_text(text: &str, board: B, game: GameKind) -> Result<Self, RecordError> {
        let loaded = load::<G>(text)?;
        let title = format!("Replay: {} ({} moves)", game.entry().name, loaded.referee.history().len());
        Ok(ReplayScreen {
            cursor: ReplayCursor::new(&loaded.referee),
            board,
            viewer: Seat::FIRST,
            game,
            title,
            focus: 3,
        })
    }

    /// The cursor (for tests and the move list).
    pub fn cursor(&self) -> &ReplayCursor<G> {
        &self.cursor
    }

    /// Whose eyes the board is drawn for.
    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    fn names(&self) -> [&'static str; 2] {
        self.game.entry().seats
    }

    fn name(&self, seat: Seat) -> &'static str {
        self.names()[seat.index() & 1]
    }

    /// What the line under the title says.
    pub fn caption(&self) -> String {
        let c = &self.cursor;
        let mut text = match c.last_move() {
            Some(played) => {
                format!("Move {} of {}: {} {}", c.ply(), c.len(), self.name(played.seat), played.notation)
            }
            None => format!("The start; {} moves to go", c.len()),
        };
        if let Some(how) = finish_text(c.finish(), self.names()) {
            text.push_str(&format!(". {how}"));
        } else if c.finish().is_some() && c.ply() == c.len() {
            text.push_str(". The game is over");
        }
        text
    }

    fn layout(&self, view: &View) -> PlayLayout {
        let seen = self.cursor.view(self.viewer);
        play_layout_with(view, self.board.aspect(&seen), &[1.0], &[1.0; STEPS.len()])
    }

    /// The widgets in `view`: Back, then the steps.
    pub fn widgets(&self, view: &View) -> Vec<Widget<ReplayMsg>> {
        let l = self.layout(view);
        let c = &self.cursor;
        std::iter::once(ReplayMsg::Close)
            .chain(STEPS)
            .zip(&l.buttons)
            .map(|(msg, r)| {
                let enabled = match msg {
                    ReplayMsg::First | ReplayMsg::Previous => c.ply() > 0,
                    ReplayMsg::Next | ReplayMsg::Last => c.ply() < c.len(),
                    ReplayMsg::Close | ReplayMsg::Switch => true,
                };
                Widget::button(*r, msg).enabled(enabled)
            })
            .collect()
    }

    /// Acts on a message.
    pub fn on_message(&mut self, msg: ReplayMsg) -> Command {
        match msg {
            ReplayMsg::Close => return Command::Pop,
            ReplayMsg::First => self.cursor.seek(0),
            ReplayMsg::Previous => {
                self.cursor.back();
            }
            ReplayMsg::Next => {
                self.cursor.forward();
            }
            ReplayMsg::Last => self.cursor.seek(usize::MAX),
            ReplayMsg::Switch => self.viewer = self.viewer.opponent(),
        }
        Command::None
    }
}

impl<G: Observe, B: BoardUi<G>> Screen for ReplayScreen<G, B> {
    fn name(&self) -> String {
        format!("replay {}", G::NAME)
    }

    fn input(&mut self, _ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        if let InputEvent::Key(key) = event {
            let msg = match key {
                Key::Arrow(Direction::Right | Direction::Down) | Key::PageDown => Some(ReplayMsg::Next),
                Key::Arrow(Direction::Left | Direction::Up) | Key::PageUp => Some(ReplayMsg::Previous),
                Key::Home => Some(ReplayMsg::First),
                Key::End => Some(ReplayMsg::Last),
                Key::Function(5) => Some(ReplayMsg::Switch),
                _ => None,
            };
            if let Some(msg) = msg {
                return self.on_message(msg);
            }
        }
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(msg) => self.on_message(msg),
            Reaction::Back => Command::Pop,
            _ => Command::None,
        }
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let seen = self.cursor.view(self.viewer);
        let revealed = self.cursor.revealed_view(self.viewer);
        let l = self.layout(view);
        let f = crate::layout::frame(view);
        draw_chrome(canvas, &f, &self.title, &self.caption(), m);
        let frame = BoardFrame::<G, B::Spot> {
            view: &seen,
            viewer: self.viewer,
            rect: l.board,
            metrics: m,
            cursor: None,
            legal: &[],
            show_legal: false,
            last_move: self.cursor.last_move().map(|p| p.mv),
            last_moves: crate::play::session::last_of_each_seat(
                (0..self.cursor.ply()).filter_map(|i| self.cursor.played(i)).map(|p| (p.seat, p.mv)),
            ),
            hint: None,
            names: self.names(),
            time: 0.0,
            flipped: ctx.settings.preferences.board_orientation == BoardOrientation::Flipped,
            finish: self.cursor.finish(),
            revealed: revealed.as_ref(),
        };
        self.board.draw(&frame, canvas);

        // The panel: whose eyes, then the moves with the current one lit.
        canvas.round(l.panel, m.radius * 1.2, palette::PANEL);
        let inner = l.panel.inset(m.gap);
        let line_h = m.body * 1.5;
        let small_h = m.small * 1.45;
        let (head, rest) = inner.split_top(line_h);
        canvas.circle(
            crate::geometry::Point::new(head.x + m.body * 0.4, head.center().y),
            m.body * 0.33,
            seat_color(self.viewer),
        );
        let label = Rect::new(head.x + m.body * 1.1, head.y, head.w - m.body * 1.1, head.h);
        canvas.label(
            label,
            &format!("Seen by {}", self.name(self.viewer)),
            m.body,
            Weight::Bold,
            Align::Left,
            palette::TEXT,
        );
        let (keys, list) = rest.split_bottom(small_h * 2.0);
        for (i, line) in ["Left / Right: a move · Home / End", "F5 or the button: the other side's view"]
            .iter()
            .enumerate()
        {
            let r = Rect::new(keys.x, keys.y + i as f32 * small_h, keys.w, small_h);
            canvas.label(r, line, m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
        }
        let (_, list) = list.split_top(m.gap * 0.5);
        let fits = (list.h / small_h).floor().max(1.0) as usize;
        let n = self.cursor.len();
        let at = self.cursor.ply();
        // Keep the current move in the middle of what shows.
        let first = at.saturating_sub(fits / 2).min(n.saturating_sub(fits));
        let mut y = list.y;
        for i in first..n.min(first + fits) {
            let Some(played) = self.cursor.played(i) else { break };
            let r = Rect::new(list.x, y, list.w, small_h);
            if i + 1 == at {
                canvas.round(r, m.radius * 0.4, palette::PANEL_HOVER);
            }
            let color = if i < at { palette::TEXT } else { palette::DISABLED };
            let text = format!("{:>3}. {}  {}", i + 1, self.name(played.seat), played.notation);
            canvas.label(r.inset_xy(m.gap * 0.3, 0.0), &text, m.small, Weight::Regular, Align::Left, color);
            y += small_h;
        }
        let widgets = self.widgets(view);
        let labels = ["Back", "First", "Previous", "Next", "Last", "Other side"];
        for (i, (w, text)) in widgets.iter().zip(labels).enumerate() {
            button::draw(canvas, w.rect, text, look_of(&widgets, i, self.focus, ctx), m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::StonesBoard;
    use game_core::rng::seeded;
    use game_core::{Game, Referee};
    use headless::record::full_record;
    use stones::Stones;

    fn record_text() -> (String, Referee<Stones>) {
        let mut referee = Referee::new(Stones::start(&Default::default(), &[]).unwrap());
        let mut rng = seeded(4);
        while referee.ply() < 12 && referee.finish().is_none() {
            let mv = referee.position().random_move(&mut rng, &mut Vec::new()).unwrap();
            let (seat, ply) = (referee.to_move(), referee.ply());
            referee.submit(seat, ply, mv).unwrap();
        }
        (full_record(&referee, &[], Some(4)).unwrap().to_toml().unwrap(), referee)
    }

    #[test]
    fn the_viewer_steps_both_ways_and_switches_sides() {
        let (text, referee) = record_text();
        let mut screen =
            ReplayScreen::<Stones, _>::from_text(&text, StonesBoard::new(), GameKind::Stones).unwrap();
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let key = |k| InputEvent::Key(k);
        assert!(screen.caption().starts_with("The start"));
        screen.input(&mut ctx, &view, &key(Key::Arrow(Direction::Right)));
        screen.input(&mut ctx, &view, &key(Key::Arrow(Direction::Right)));
        assert_eq!(screen.cursor().ply(), 2);
        assert!(screen.caption().starts_with("Move 2 of 12: "), "{}", screen.caption());
        screen.input(&mut ctx, &view, &key(Key::Arrow(Direction::Left)));
        assert_eq!(screen.cursor().ply(), 1);
        screen.input(&mut ctx, &view, &key(Key::End));
        assert_eq!(screen.cursor().position().hash_key(), referee.position().hash_key());
        screen.input(&mut ctx, &view, &key(Key::Home));
        assert_eq!(screen.cursor().ply(), 0);
        screen.input(&mut ctx, &view, &key(Key::Function(5)));
        assert_eq!(screen.viewer(), Seat::SECOND);
        // The buttons step too.
        let next = screen.widgets(&view)[3].rect.center();
        screen.input(&mut ctx, &view, &InputEvent::Click(next));
        assert_eq!(screen.cursor().ply(), 1);
        assert!(!screen.widgets(&view)[1].enabled || screen.cursor().ply() > 0);
        assert!(matches!(screen.input(&mut ctx, &view, &key(Key::Escape)), Command::Pop));
    }

    #[test]
    fn a_tampered_record_is_refused_with_its_line() {
        let (text, _) = record_text();
        let bad = text.replace("format = 1", "format = 1\nextra = 2");
        let err =
            ReplayScreen::<Stones, _>::from_text(&bad, StonesBoard::new(), GameKind::Stones).err().unwrap();
        assert_eq!(err.line, Some(2), "{err}");
    }
}
