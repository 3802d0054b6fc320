//! The replay viewer: steps forward and back through a saved game.
//!
//! The record is verified first ([`crate::record::load`]: every move
//! replayed through the rules, the hash compared), then shown with the
//! game's own board. Arrows step (Right forward, Left back), Home and End
//! jump to the start and the end, Tab switches whose eyes the board is
//! drawn for (in Strategy Chess each side sees only its own pieces, as it
//! did in the game), Escape goes back.

use super::super::canvas::{Align, Canvas, Weight};
use super::super::context::AppContext;
use super::super::focus::Direction;
use super::super::geometry::Rect;
use super::super::input::{InputEvent, Key};
use super::super::play::BoardUi;
use super::super::play::board::BoardFrame;
use super::super::play::layout::play_layout;
use super::super::screen::{Command, Screen, View};
use super::super::theme::palette;
use crate::record::{RecordError, ReplayCursor, load};
use crate::settings::BoardOrientation;
use game_core::{Observe, Seat};

/// A saved game shown move by move with the board `B`.
pub struct ReplayScreen<G: Observe, B: BoardUi<G>> {
    cursor: ReplayCursor<G>,
    board: B,
    viewer: Seat,
    title: String,
}

impl<G: Observe, B: BoardUi<G>> ReplayScreen<G, B> {
    /// The viewer of the record `text`, at its start; a record that does
    /// not verify is refused with its line and problem.
    pub fn from_text(text: &str, board: B) -> Result<Self, RecordError> {
        let loaded = load::<G>(text)?;
        let title = format!("Replay: {} ({} moves)", G::NAME, loaded.referee.history().len());
        Ok(ReplayScreen { cursor: ReplayCursor::new(&loaded.referee), board, viewer: Seat::FIRST, title })
    }

    /// The cursor (for tests and the move list).
    pub fn cursor(&self) -> &ReplayCursor<G> {
        &self.cursor
    }

    /// Whose eyes the board is drawn for.
    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    /// What the line under the title says.
    pub fn caption(&self) -> String {
        let c = &self.cursor;
        let mut text = match c.last_move() {
            Some(played) => format!("Move {} of {}: {} {}", c.ply(), c.len(), played.seat, played.notation),
            None => format!("Start, {} moves to go", c.len()),
        };
        if let Some(finish) = c.finish() {
            text.push_str(&format!(" — {}", crate::net::protocol::Ending::from(finish)));
        }
        text
    }
}

impl<G: Observe, B: BoardUi<G>> Screen for ReplayScreen<G, B> {
    fn name(&self) -> String {
        format!("replay {}", G::NAME)
    }

    fn input(&mut self, _ctx: &mut AppContext, _view: &View, event: &InputEvent) -> Command {
        let InputEvent::Key(key) = event else { return Command::None };
        match key {
            Key::Arrow(Direction::Right | Direction::Down) | Key::Enter | Key::PageDown => {
                self.cursor.forward();
            }
            Key::Arrow(Direction::Left | Direction::Up) | Key::PageUp => {
                self.cursor.back();
            }
            Key::Home => self.cursor.seek(0),
            Key::End => self.cursor.seek(usize::MAX),
            Key::Tab | Key::BackTab => self.viewer = self.viewer.opponent(),
            Key::Escape => return Command::Pop,
            Key::Function(_) => {}
        }
        Command::None
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let seen = self.cursor.view(self.viewer);
        let layout = play_layout(view, self.board.aspect(&seen));
        canvas.label(layout.title, &self.title, m.title, Weight::Bold, Align::Left, palette::TEXT);
        canvas.label(
            layout.subtitle,
            &self.caption(),
            m.body,
            Weight::Regular,
            Align::Left,
            palette::TEXT_DIM,
        );
        let names = ["First", "Second"];
        let frame = BoardFrame::<G, B::Spot> {
            view: &seen,
            viewer: self.viewer,
            rect: layout.board,
            metrics: m,
            cursor: None,
            legal: &[],
            show_legal: false,
            last_move: self.cursor.last_move().map(|p| p.mv),
            names,
            time: 0.0,
            flipped: ctx.settings.preferences.board_orientation == BoardOrientation::Flipped,
        };
        self.board.draw(&frame, canvas);
        let help =
            format!("Left / Right: step   Home / End   Tab: seen by {}   Esc: back", self.viewer.opponent());
        let r = Rect::new(layout.panel.x, layout.panel.y, layout.panel.w, m.row);
        canvas.label(
            r,
            &format!("Seen by {}", self.viewer),
            m.body,
            Weight::Bold,
            Align::Left,
            palette::TEXT,
        );
        let r = Rect::new(layout.panel.x, layout.panel.y + m.row, layout.panel.w, m.row);
        canvas.label(r, &help, m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::games::stones::StonesBoard;
    use crate::record::full_record;
    use game_core::rng::seeded;
    use game_core::{Game, Referee};
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
        let mut screen = ReplayScreen::<Stones, _>::from_text(&text, StonesBoard::new()).unwrap();
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let key = |k| InputEvent::Key(k);
        assert!(screen.caption().starts_with("Start"));
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
        screen.input(&mut ctx, &view, &key(Key::Tab));
        assert_eq!(screen.viewer(), Seat::SECOND);
        assert!(matches!(screen.input(&mut ctx, &view, &key(Key::Escape)), Command::Pop));
    }

    #[test]
    fn a_tampered_record_is_refused_with_its_line() {
        let (text, _) = record_text();
        let bad = text.replace("format = 1", "format = 1\nextra = 2");
        let err = ReplayScreen::<Stones, _>::from_text(&bad, StonesBoard::new()).err().unwrap();
        assert_eq!(err.line, Some(2), "{err}");
    }
}
