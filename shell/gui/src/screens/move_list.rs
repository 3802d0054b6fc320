//! The moves of a saved game that cannot be shown on a board: what one
//! side of a Strategy Chess game saw holds only its own setup (the other
//! side's pieces were hidden), so its moves cannot be replayed to a
//! position. They are listed in their notation, numbered, to scroll
//! through.

use super::record_text::{kind_text, moves_text, result_text};
use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::focus::Direction;
use crate::geometry::Rect;
use crate::input::{InputEvent, Key};
use crate::layout::{footer_buttons, frame};
use crate::screen::{Command, Screen, View};
use crate::theme::{Metrics, palette};
use crate::widgets::scroll::{draw_indicator, scroll_by};
use crate::widgets::{Reaction, Widget, button, react};
use game_core::Seat;
use headless::record::{GameRecord, RecordKind, Summary};
use headless::registry::GameKind;

/// Rows a notch of the mouse wheel scrolls.
const WHEEL_ROWS: i32 = 3;

/// What the screen's one button says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveListMsg {
    /// Back to the saved games.
    Back,
}

/// Where the screen's parts go (pure).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveListLayout {
    /// The panel the rows are in.
    pub panel: Rect,
    /// The room for the rows inside it.
    pub list: Rect,
    /// How tall a row is.
    pub row_h: f32,
    /// The line under the panel saying why there is no board.
    pub note: Rect,
    /// Back.
    pub back: Rect,
}

impl MoveListLayout {
    /// How many rows fit.
    pub fn fits(&self) -> usize {
        ((self.list.h / self.row_h).floor() as usize).max(1)
    }
}

/// The layout in `view`.
pub fn move_list_layout(view: &View) -> MoveListLayout {
    let m = &view.metrics;
    let f = frame(view);
    let (note, body) = f.body.split_bottom(m.small * 3.0);
    let panel = body.split_bottom(m.gap * 0.5).1;
    let panel = Rect::new(panel.x, panel.y, panel.w.min(720.0 * m.scale), panel.h);
    let list = panel.inset(m.gap);
    let back = footer_buttons(f.footer, 1, 0, m)[0];
    MoveListLayout { panel, list, row_h: (m.body * 1.5).round(), note: note.inset_xy(0.0, m.gap * 0.3), back }
}

/// The numbered lines of `record`'s moves: "  1. Red  a4-a5", the seat
/// named when `first` (who moved first) is known, as the moves alternate.
pub fn move_lines(record: &GameRecord, names: [&str; 2], first: Option<Seat>) -> Vec<String> {
    record
        .moves
        .iter()
        .enumerate()
        .map(|(i, mv)| match first {
            Some(first) => {
                let seat = if i % 2 == 0 { first } else { first.opponent() };
                format!("{:>3}. {}  {mv}", i + 1, names[seat.index() & 1])
            }
            None => format!("{:>3}. {mv}", i + 1),
        })
        .collect()
}

/// The move list of one saved game.
pub struct MoveListScreen {
    title: String,
    caption: String,
    note: String,
    lines: Vec<String>,
    /// The first row shown.
    first: usize,
    focus: usize,
}

impl MoveListScreen {
    /// The list of `record` (listed as `summary`) of `game`; `first` is
    /// the seat that moved first, if the rules say.
    pub fn new(game: GameKind, summary: &Summary, record: &GameRecord, first: Option<Seat>) -> Self {
        let entry = game.entry();
        let names = entry.seats;
        let caption = format!(
            "{}; {}; {}",
            capitalised(&kind_text(summary, Some(game))),
            moves_text(record.moves.len()),
            result_text(summary, Some(game))
        );
        let note = match record.kind {
            RecordKind::Seat(seat) => {
                let (own, other) = (names[seat.index() & 1], names[seat.opponent().index() & 1]);
                format!(
                    "This record holds what {own} saw: {other}'s setup was hidden, so the game cannot be shown on a board. Its moves are as the game announced them."
                )
            }
            RecordKind::Full => String::new(),
        };
        MoveListScreen {
            title: format!("Moves: {}", entry.name),
            caption,
            note,
            lines: move_lines(record, names, first),
            first: 0,
            focus: 0,
        }
    }

    /// The numbered lines.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The first row shown in `view` (a larger window shows more of the
    /// end).
    pub fn first_row(&self, view: &View) -> usize {
        self.first.min(self.lines.len().saturating_sub(move_list_layout(view).fits()))
    }

    /// The widgets in `view`: Back.
    pub fn widgets(&self, view: &View) -> Vec<Widget<MoveListMsg>> {
        vec![Widget::button(move_list_layout(view).back, MoveListMsg::Back)]
    }

    fn scroll(&mut self, view: &View, delta: i32) {
        let fits = move_list_layout(view).fits();
        self.first = scroll_by(self.first_row(view), delta, self.lines.len().saturating_sub(fits));
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

impl Screen for MoveListScreen {
    fn name(&self) -> String {
        "move list".into()
    }

    fn input(&mut self, _ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let page = i32::try_from(move_list_layout(view).fits().saturating_sub(1).max(1)).unwrap_or(1);
        let delta = match event {
            InputEvent::Key(Key::Arrow(Direction::Up)) => Some(-1),
            InputEvent::Key(Key::Arrow(Direction::Down)) => Some(1),
            InputEvent::Key(Key::PageUp) => Some(-page),
            InputEvent::Key(Key::PageDown) => Some(page),
            InputEvent::Wheel(dy) if *dy > 0.0 => Some(-WHEEL_ROWS),
            InputEvent::Wheel(dy) if *dy < 0.0 => Some(WHEEL_ROWS),
            _ => None,
        };
        if let Some(delta) = delta {
            self.scroll(view, delta);
            return Command::None;
        }
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(MoveListMsg::Back) | Reaction::Back => Command::Pop,
            // Home and End.
            Reaction::Scroll(delta) => {
                self.scroll(view, delta);
                Command::None
            }
            _ => Command::None,
        }
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        draw_chrome(canvas, &f, &self.title, &self.caption, m);
        let l = move_list_layout(view);
        canvas.round(l.panel, m.radius * 1.2, palette::PANEL);
        let fits = l.fits();
        let first = self.first_row(view);
        for (k, line) in self.lines.iter().skip(first).take(fits).enumerate() {
            let r = Rect::new(l.list.x, l.list.y + k as f32 * l.row_h, l.list.w - m.gap, l.row_h);
            canvas.label(r, line, m.body, Weight::Regular, Align::Left, palette::TEXT);
        }
        if self.lines.is_empty() {
            let r = Rect::new(l.list.x, l.list.y, l.list.w, l.row_h);
            canvas.label(r, "No moves", m.body, Weight::Regular, Align::Left, palette::DISABLED);
        }
        draw_indicator(canvas, l.list, first, fits, self.lines.len(), m);
        draw_note(canvas, ctx, l.note, &self.note, m);
        let widgets = self.widgets(view);
        button::draw(canvas, widgets[0].rect, "Back", look_of(&widgets, 0, self.focus, ctx), m);
    }
}

fn draw_note(canvas: &mut Canvas, ctx: &AppContext, r: Rect, text: &str, m: &Metrics) {
    let line_h = m.small * 1.4;
    for (k, line) in crate::text::wrap(text, r.w, m.small, ctx.measure()).iter().take(2).enumerate() {
        let row = Rect::new(r.x, r.y + k as f32 * line_h, r.w, line_h);
        canvas.label(row, line, m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{SIZES, assert_laid_out};

    fn seat_record(moves: usize) -> (GameRecord, Summary) {
        let record = GameRecord {
            game: "strategy-chess".into(),
            kind: RecordKind::Seat(Seat::SECOND),
            rules: toml::Table::new(),
            seed: None,
            setups: vec![None, None],
            moves: (0..moves).map(|i| format!("m{i}")).collect(),
            ending: None,
            outcome: None,
            final_hash: None,
        };
        let summary =
            Summary { game: record.game.clone(), kind: record.kind, moves, outcome: None, ending: None };
        (record, summary)
    }

    #[test]
    fn the_moves_are_numbered_and_named_by_who_moved_first() {
        let (record, _) = seat_record(3);
        let names = ["Red", "Blue"];
        assert_eq!(
            move_lines(&record, names, Some(Seat::FIRST)),
            ["  1. Red  m0", "  2. Blue  m1", "  3. Red  m2"]
        );
        assert_eq!(move_lines(&record, names, Some(Seat::SECOND))[0], "  1. Blue  m0");
        assert_eq!(move_lines(&record, names, None)[2], "  3. m2");
    }

    #[test]
    fn a_long_list_scrolls_within_its_ends_at_every_size() {
        let (record, summary) = seat_record(150);
        let mut ctx = AppContext::for_tests();
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            let mut screen =
                MoveListScreen::new(GameKind::StrategyChess, &summary, &record, Some(Seat::FIRST));
            assert_laid_out(&screen.widgets(&view), view.rect);
            let l = move_list_layout(&view);
            assert!(l.list.is_inside(&l.panel) && !l.panel.overlaps(&l.back) && !l.note.overlaps(&l.back));
            let fits = l.fits();
            assert!((5..150).contains(&fits), "{fits} rows at {w}x{h}");
            screen.input(&mut ctx, &view, &InputEvent::Wheel(-1.0));
            assert_eq!(screen.first_row(&view), WHEEL_ROWS as usize);
            screen.input(&mut ctx, &view, &InputEvent::Key(Key::PageDown));
            assert_eq!(screen.first_row(&view), WHEEL_ROWS as usize + fits - 1);
            screen.input(&mut ctx, &view, &InputEvent::Key(Key::End));
            assert_eq!(screen.first_row(&view), 150 - fits, "the last move shows at the bottom");
            screen.input(&mut ctx, &view, &InputEvent::Key(Key::Arrow(Direction::Down)));
            assert_eq!(screen.first_row(&view), 150 - fits);
            // A taller window shows more of the end, not empty rows.
            assert_eq!(
                screen.first_row(&View::of_size(w, h + 300.0)),
                150 - move_list_layout(&View::of_size(w, h + 300.0)).fits()
            );
            screen.input(&mut ctx, &view, &InputEvent::Key(Key::Home));
            assert_eq!(screen.first_row(&view), 0);
            screen.input(&mut ctx, &view, &InputEvent::Key(Key::Arrow(Direction::Up)));
            assert_eq!(screen.first_row(&view), 0);
            assert!(matches!(screen.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::Pop));
        }
    }
}
