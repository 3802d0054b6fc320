//! Where the squares of a Blockade board go: pure functions of the board
//! rectangle and the board size. Rank 1 (Player One's side) is at the
//! bottom and file a on the left, unless the board is turned round.

use crate::focus::Direction;
use crate::geometry::{Point, Rect};
use blockade::Square;

/// The board is square; a rim of half a square holds the coordinates.
pub const ASPECT: f32 = 1.0;

/// The side of one square.
pub fn cell(board: Rect, size: u8) -> f32 {
    board.w.min(board.h) / (size as f32 + 1.0)
}

/// The grid itself, inside the rim.
pub fn grid(board: Rect, size: u8) -> Rect {
    let c = cell(board, size);
    let side = c * size as f32;
    board.centered(side, side)
}

/// Where `square` is drawn.
pub fn square_rect(board: Rect, size: u8, square: Square, flipped: bool) -> Rect {
    let g = grid(board, size);
    let c = cell(board, size);
    let (mut col, mut row) = (square.file(), size - 1 - square.rank());
    if flipped {
        col = size - 1 - col;
        row = size - 1 - row;
    }
    Rect::new(g.x + col as f32 * c, g.y + row as f32 * c, c, c)
}

/// The square under `p`, if any.
pub fn square_at(board: Rect, size: u8, p: Point, flipped: bool) -> Option<Square> {
    let g = grid(board, size);
    if !g.contains(p) {
        return None;
    }
    let c = cell(board, size);
    let col = (((p.x - g.x) / c) as u8).min(size - 1);
    let row = (((p.y - g.y) / c) as u8).min(size - 1);
    let (col, row) = if flipped { (size - 1 - col, size - 1 - row) } else { (col, row) };
    Square::new(col, size - 1 - row)
}

/// The square an arrow key moves to (the same one at an edge).
pub fn step(size: u8, square: Square, direction: Direction, flipped: bool) -> Square {
    let (f, r) = (square.file() as i32, square.rank() as i32);
    let s = if flipped { -1 } else { 1 };
    let (df, dr) = match direction {
        Direction::Left => (-s, 0),
        Direction::Right => (s, 0),
        Direction::Up => (0, s),
        Direction::Down => (0, -s),
    };
    let clamp = |v: i32| v.clamp(0, size as i32 - 1) as u8;
    Square::new(clamp(f + df), clamp(r + dr)).unwrap_or(square)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_tile_the_grid_and_points_find_them() {
        let board = Rect::new(30.0, 40.0, 500.0, 500.0);
        for size in [5u8, 8, 11] {
            for flipped in [false, true] {
                let g = grid(board, size);
                assert!(g.is_inside(&board));
                for file in 0..size {
                    for rank in 0..size {
                        let sq = Square::new(file, rank).unwrap();
                        let r = square_rect(board, size, sq, flipped);
                        assert!(r.is_inside(&g));
                        assert_eq!(square_at(board, size, r.center(), flipped), Some(sq));
                    }
                }
            }
        }
        let a1 = square_rect(board, 8, Square::parse("a1").unwrap(), false);
        assert!(a1.x < board.center().x && a1.y > board.center().y, "a1 is bottom left");
        assert_eq!(square_at(board, 8, Point::new(31.0, 41.0), false), None, "the rim is no square");
    }

    #[test]
    fn arrows_move_one_square_and_stop_at_edges() {
        let d4 = Square::parse("d4").unwrap();
        assert_eq!(step(8, d4, Direction::Up, false), Square::parse("d5").unwrap());
        assert_eq!(step(8, d4, Direction::Up, true), Square::parse("d3").unwrap());
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(step(8, a1, Direction::Left, false), a1);
        assert_eq!(step(8, a1, Direction::Down, false), a1);
    }
}
