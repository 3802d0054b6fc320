//! The board's geometry: squares to rectangles and points to squares, for a
//! board with either colour's home rows at the bottom.

use crate::geometry::{Point, Rect};
use headless::settings::BoardOrientation;
use strategy_chess::square::SIZE;
use strategy_chess::{Colour, Square};

/// The share of a square's size kept beside the board for the file letters
/// and rank numbers.
const COORD_BAND: f32 = 0.5;

/// A 10x10 board laid out in a rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    /// The 100 squares.
    pub grid: Rect,
    /// The colour whose home rows are at the bottom of the screen.
    pub bottom: Colour,
    /// The band left of the grid for rank numbers.
    pub ranks: Rect,
    /// The band under the grid for file letters.
    pub files: Rect,
}

/// Whose home rows are drawn at the bottom: the viewer's, unless the board
/// is flipped.
pub fn bottom_colour(viewer: Colour, orientation: BoardOrientation) -> Colour {
    match orientation {
        BoardOrientation::Standard => viewer,
        BoardOrientation::Flipped => viewer.opponent(),
    }
}

impl BoardGeometry {
    /// The largest board that fits `area` (with its coordinate bands),
    /// centred, with `bottom`'s home rows at the bottom.
    pub fn new(area: Rect, bottom: Colour) -> Self {
        let units = SIZE as f32 + COORD_BAND;
        let cell = (area.w / units).min(area.h / units).max(0.0).floor();
        let whole = area.centered(cell * units, cell * units);
        let band = cell * COORD_BAND;
        let grid = Rect::new(whole.x + band, whole.y, cell * SIZE as f32, cell * SIZE as f32);
        let ranks = Rect::new(whole.x, grid.y, band, grid.h);
        let files = Rect::new(grid.x, grid.bottom(), grid.w, band);
        BoardGeometry { grid, bottom, ranks, files }
    }

    /// The whole board with its bands.
    pub fn outer(&self) -> Rect {
        Rect::new(
            self.ranks.x,
            self.grid.y,
            self.grid.right() - self.ranks.x,
            self.files.bottom() - self.grid.y,
        )
    }

    /// The wooden frame round the squares.
    pub fn frame(&self) -> Rect {
        self.grid.inset(-(self.cell() * 0.08).max(2.0))
    }

    /// Everything the board's ground covers: the frame and the bands of
    /// coordinates.
    pub fn drawn_area(&self) -> Rect {
        let (frame, outer) = (self.frame(), self.outer());
        let (x, y) = (frame.x.min(outer.x), frame.y.min(outer.y));
        Rect::new(x, y, frame.right().max(outer.right()) - x, frame.bottom().max(outer.bottom()) - y)
    }

    /// The side of one square.
    pub fn cell(&self) -> f32 {
        self.grid.w / SIZE as f32
    }

    /// The screen column and row (from the top left) of a square.
    pub fn cell_of(&self, square: Square) -> (usize, usize) {
        let last = SIZE - 1;
        match self.bottom {
            Colour::Red => (square.file(), last - square.row()),
            Colour::Blue => (last - square.file(), square.row()),
        }
    }

    /// The square at a screen column and row.
    pub fn square_at_cell(&self, column: usize, row: usize) -> Option<Square> {
        if column >= SIZE || row >= SIZE {
            return None;
        }
        let last = SIZE - 1;
        match self.bottom {
            Colour::Red => Square::at(column, last - row),
            Colour::Blue => Square::at(last - column, row),
        }
    }

    /// Where a square is drawn.
    pub fn square_rect(&self, square: Square) -> Rect {
        let (column, row) = self.cell_of(square);
        let cell = self.cell();
        Rect::new(self.grid.x + column as f32 * cell, self.grid.y + row as f32 * cell, cell, cell)
    }

    /// The square under a point, if the point is on the board.
    pub fn square_at(&self, p: Point) -> Option<Square> {
        if !self.grid.contains(p) || self.cell() <= 0.0 {
            return None;
        }
        let column = ((p.x - self.grid.x) / self.cell()) as usize;
        let row = ((p.y - self.grid.y) / self.cell()) as usize;
        self.square_at_cell(column.min(SIZE - 1), row.min(SIZE - 1))
    }

    /// The file letters in screen order, left to right, with their boxes.
    pub fn file_labels(&self) -> Vec<(Rect, char)> {
        let cell = self.cell();
        (0..SIZE)
            .filter_map(|column| {
                let square = self.square_at_cell(column, 0)?;
                let letter = (b'a' + square.file() as u8) as char;
                Some((
                    Rect::new(self.grid.x + column as f32 * cell, self.files.y, cell, self.files.h),
                    letter,
                ))
            })
            .collect()
    }

    /// The rank numbers in screen order, top to bottom, with their boxes.
    pub fn rank_labels(&self) -> Vec<(Rect, String)> {
        let cell = self.cell();
        (0..SIZE)
            .filter_map(|row| {
                let square = self.square_at_cell(0, row)?;
                Some((
                    Rect::new(self.ranks.x, self.grid.y + row as f32 * cell, self.ranks.w, cell),
                    (square.row() + 1).to_string(),
                ))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn the_viewers_home_rows_are_at_the_bottom_unless_flipped() {
        let area = Rect::new(0.0, 0.0, 520.0, 520.0);
        let red = BoardGeometry::new(area, bottom_colour(Colour::Red, BoardOrientation::Standard));
        assert_eq!(red.cell_of(sq("a1")), (0, 9), "Red's a1 bottom left");
        assert_eq!(red.cell_of(sq("j10")), (9, 0));
        let blue = BoardGeometry::new(area, bottom_colour(Colour::Blue, BoardOrientation::Standard));
        assert_eq!(blue.cell_of(sq("j10")), (0, 9), "Blue sits opposite: j10 is its bottom left");
        let flipped = BoardGeometry::new(area, bottom_colour(Colour::Red, BoardOrientation::Flipped));
        assert_eq!(flipped, blue);
        for g in [red, blue] {
            for s in Square::all() {
                let (c, r) = g.cell_of(s);
                assert_eq!(g.square_at_cell(c, r), Some(s));
                assert_eq!(g.square_at(g.square_rect(s).center()), Some(s));
            }
        }
    }

    #[test]
    fn the_drawn_area_holds_the_frame_the_squares_and_the_coordinates() {
        // The board's kept picture covers this area: what is drawn outside
        // it would be cut off.
        for area in [Rect::new(30.0, 40.0, 700.0, 500.0), Rect::new(0.5, 0.25, 301.0, 333.0)] {
            let g = BoardGeometry::new(area, Colour::Blue);
            let drawn = g.drawn_area();
            assert!(g.frame().is_inside(&drawn) && g.outer().is_inside(&drawn));
            assert!(Square::all().all(|s| g.square_rect(s).is_inside(&drawn)));
            assert!(g.file_labels().iter().all(|(r, _)| r.is_inside(&drawn)));
            assert!(g.rank_labels().iter().all(|(r, _)| r.is_inside(&drawn)));
            // Only the frame's lip goes beyond the squares and their bands.
            let lip = (g.cell() * 0.08).max(2.0);
            assert!(drawn.w <= g.outer().w + lip + 0.01 && drawn.h <= g.outer().h + lip + 0.01);
        }
    }

    #[test]
    fn hit_testing_stays_on_the_board_and_squares_tile_it() {
        let area = Rect::new(30.0, 40.0, 700.0, 500.0);
        let g = BoardGeometry::new(area, Colour::Red);
        assert!(g.outer().is_inside(&area));
        assert_eq!(g.cell(), (500.0f32 / 10.5).floor());
        assert_eq!(g.square_at(Point::new(g.grid.x - 1.0, g.grid.y + 5.0)), None);
        assert_eq!(g.square_at(Point::new(g.grid.right(), g.grid.y + 5.0)), None);
        assert_eq!(g.square_at(Point::new(g.grid.x + 0.5, g.grid.bottom() - 0.5)), Some(sq("a1")));
        let rects: Vec<Rect> = Square::all().map(|s| g.square_rect(s)).collect();
        for (i, a) in rects.iter().enumerate() {
            assert!(a.is_inside(&g.grid));
            assert!(rects[i + 1..].iter().all(|b| !a.overlaps(b)));
        }
        let lakes: Vec<Square> = Square::all().filter(|s| s.is_lake()).collect();
        assert_eq!(lakes.len(), 8);
        for lake in lakes {
            let (c, r) = g.cell_of(lake);
            assert!([2, 3, 6, 7].contains(&c) && [4, 5].contains(&r), "{lake}");
        }
        assert_eq!(g.file_labels()[0].1, 'a');
        assert_eq!(g.rank_labels()[0].1, "10");
        let blue = BoardGeometry::new(area, Colour::Blue);
        assert_eq!(blue.file_labels()[0].1, 'j');
        assert_eq!(blue.rank_labels()[0].1, "1");
        assert!(g.file_labels().iter().all(|(r, _)| r.is_inside(&g.files)));
    }
}
