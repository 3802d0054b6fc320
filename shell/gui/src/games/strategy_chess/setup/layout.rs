//! Where the setup screen's parts go: the board on the left, the tray,
//! the setup buttons and a status line on the right, Back and Play in the
//! footer. Pure functions of the window size.

use crate::games::strategy_chess::board::geometry::BoardGeometry;
use crate::geometry::{Point, Rect};
use crate::layout::{footer_buttons, frame};
use crate::screen::View;
use strategy_chess::setup::{SETUP_COLUMNS, SETUP_ROWS};
use strategy_chess::{Colour, Setup};

/// The setup buttons beside the tray, in order.
pub const ACTIONS: [&str; 5] = ["1-Click Setup", "Random", "Clear", "Save my setup", "Load saved"];

/// The setup screen's layout.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupLayout {
    /// The title line.
    pub title: Rect,
    /// The line under it.
    pub subtitle: Rect,
    /// The board, the owner's home rows at the bottom.
    pub board: BoardGeometry,
    /// The heading over the tray.
    pub tray_title: Rect,
    /// One slot per rank in the army, in [`strategy_chess::Rank::ALL`] order.
    pub tray: Vec<Rect>,
    /// The buttons of [`ACTIONS`].
    pub actions: Vec<Rect>,
    /// Status and help text.
    pub status: Rect,
    /// Back, bottom left.
    pub back: Rect,
    /// Play, bottom right.
    pub play: Rect,
}

/// The layout for an army of `ranks` ranks set up by `colour`.
pub fn setup_layout(view: &View, colour: Colour, ranks: usize) -> SetupLayout {
    let m = &view.metrics;
    let f = frame(view);
    let board_w = f.body.h.min(f.body.w * 0.58);
    let (board_area, rest) = f.body.split_left(board_w);
    let board = BoardGeometry::new(board_area, colour);
    let column = Rect::new(board.outer().right() + m.gap * 1.5, rest.y, 0.0, rest.h);
    let column = Rect::new(column.x, column.y, (f.body.right() - column.x).min(640.0 * m.scale), column.h);
    let (tray_title, rest) = column.split_top(m.small * 1.7);
    let columns = if column.w >= 460.0 * m.scale { 4 } else { 3 };
    let rows = ranks.div_ceil(columns).max(1);
    let cell_w = (column.w / columns as f32).floor();
    let cell_h = (m.body * 2.5).min(cell_w * 0.6).floor();
    let (grid, rest) = rest.split_top(cell_h * rows as f32);
    let tray = (0..ranks)
        .map(|i| {
            let (c, r) = (i % columns, i / columns);
            Rect::new(grid.x + c as f32 * cell_w, grid.y + r as f32 * cell_h, cell_w, cell_h)
                .inset(m.gap * 0.15)
        })
        .collect();
    let (_, rest) = rest.split_top(m.gap);
    let button_h = m.button * 0.85;
    let half = (rest.w - m.gap * 0.5) / 2.0;
    let actions = (0..ACTIONS.len())
        .map(|i| {
            let (c, r) = (i % 2, i / 2);
            Rect::new(
                rest.x + c as f32 * (half + m.gap * 0.5),
                rest.y + r as f32 * (button_h + m.gap * 0.5),
                half,
                button_h,
            )
        })
        .collect::<Vec<_>>();
    let rows_h = ACTIONS.len().div_ceil(2) as f32 * (button_h + m.gap * 0.5);
    let (_, status) = rest.split_top(rows_h + m.gap * 0.5);
    let footer = footer_buttons(f.footer, 1, 1, m);
    SetupLayout {
        title: f.title,
        subtitle: f.subtitle,
        board,
        tray_title,
        tray,
        actions,
        status,
        back: footer[0],
        play: footer[1],
    }
}

impl SetupLayout {
    /// The home square (row 0 = front, column 0 = the owner's left) under a
    /// point; `None` off the home rows (enemy side, lakes, middle rows).
    pub fn home_at(&self, p: Point) -> Option<(usize, usize)> {
        let square = self.board.square_at(p)?;
        Setup::place_of(self.board.bottom, square)
    }

    /// Where a home square is drawn.
    pub fn home_rect(&self, row: usize, column: usize) -> Option<Rect> {
        Setup::square(self.board.bottom, row, column).map(|sq| self.board.square_rect(sq))
    }

    /// Every home square with its place, front row first.
    pub fn homes(&self) -> Vec<((usize, usize), Rect)> {
        (0..SETUP_ROWS)
            .flat_map(|r| (0..SETUP_COLUMNS).map(move |c| (r, c)))
            .filter_map(|(r, c)| self.home_rect(r, c).map(|rect| ((r, c), rect)))
            .collect()
    }
}

/// A place on the setup screen a piece can be pressed or let go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupSpot {
    /// A home square (row, column).
    Home(usize, usize),
    /// A tray slot (its index).
    Tray(usize),
}

/// What letting the button go means after a press that took a piece in
/// hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drop {
    /// Let go where it was pressed: a click, so the piece stays in hand
    /// for a second click (click, then click).
    Click,
    /// Dragged onto this home square: put it down there.
    Home(usize, usize),
    /// Dragged off the home rows: the piece goes back.
    Away,
}

impl SetupLayout {
    /// The home square or tray slot under a point.
    pub fn spot_at(&self, p: Point) -> Option<SetupSpot> {
        if let Some((r, c)) = self.home_at(p) {
            return Some(SetupSpot::Home(r, c));
        }
        self.tray.iter().position(|t| t.contains(p)).map(SetupSpot::Tray)
    }

    /// What a press at `pressed` and a release at `released` mean.
    pub fn drop_at(&self, pressed: Point, released: Point) -> Drop {
        let to = self.spot_at(released);
        if to == self.spot_at(pressed) {
            return Drop::Click;
        }
        match to {
            Some(SetupSpot::Home(r, c)) => Drop::Home(r, c),
            _ => Drop::Away,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_rows_are_the_bottom_four_and_the_rest_is_not_clickable() {
        for colour in [Colour::Red, Colour::Blue] {
            let view = View::of_size(1280.0, 800.0);
            let l = setup_layout(&view, colour, 12);
            let homes = l.homes();
            assert_eq!(homes.len(), 40);
            let cell = l.board.cell();
            for ((r, c), rect) in &homes {
                assert_eq!(l.home_at(rect.center()), Some((*r, *c)));
                // Front row (0) is the fourth from the bottom; the owner's
                // left is the screen's left.
                assert!((rect.y - (l.board.grid.bottom() - (4 - r) as f32 * cell)).abs() < 0.01);
                assert!((rect.x - (l.board.grid.x + *c as f32 * cell)).abs() < 0.01);
            }
            let lake = l.board.square_rect(strategy_chess::Square::parse("c5").unwrap());
            assert_eq!(l.home_at(lake.center()), None);
            let enemy = Point::new(l.board.grid.x + 2.0, l.board.grid.y + 2.0);
            assert_eq!(l.home_at(enemy), None);
        }
    }

    #[test]
    fn nothing_overlaps_at_any_window_size() {
        for (w, h) in [(800.0, 600.0), (1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let view = View::of_size(w, h);
            for ranks in [12, 8, 3] {
                let l = setup_layout(&view, Colour::Red, ranks);
                let mut boxes = vec![l.title, l.subtitle, l.board.outer(), l.tray_title, l.back, l.play];
                boxes.extend(l.tray.iter().copied());
                boxes.extend(l.actions.iter().copied());
                for (i, a) in boxes.iter().enumerate() {
                    assert!(a.is_inside(&view.rect), "{a:?} leaves the window at {w}x{h}");
                    for b in &boxes[i + 1..] {
                        assert!(!a.overlaps(b), "{a:?} overlaps {b:?} at {w}x{h}");
                    }
                }
                assert!(!l.status.overlaps(&l.board.outer()));
                assert!(
                    l.status.h >= view.metrics.small * 3.0,
                    "room for the status at {w}x{h}: {:?}",
                    l.status
                );
                assert!(l.board.cell() >= 38.0, "pieces stay big enough at {w}x{h}");
            }
        }
    }

    #[test]
    fn a_release_where_the_press_was_is_a_click_and_elsewhere_a_drop() {
        let view = View::of_size(1280.0, 800.0);
        let l = setup_layout(&view, Colour::Red, 12);
        let tray = l.tray[2].center();
        let home = l.home_rect(1, 4).unwrap().center();
        let nudged = Point::new(tray.x + 3.0, tray.y - 2.0);
        assert_eq!(l.drop_at(tray, nudged), Drop::Click);
        assert_eq!(l.drop_at(tray, home), Drop::Home(1, 4));
        let enemy = l.board.square_rect(strategy_chess::Square::parse("e8").unwrap()).center();
        assert_eq!(l.drop_at(home, enemy), Drop::Away);
        assert_eq!(l.drop_at(home, l.home_rect(1, 4).unwrap().center()), Drop::Click);
        assert_eq!(l.spot_at(tray), Some(SetupSpot::Tray(2)));
    }
}
