//! Where the piles and score piles of a Stones board go: pure functions of
//! the board rectangle and the number of piles a side.
//!
//! Player One's piles are the bottom row, pile 1 on the left next to their
//! score pile (left end); Player Two's are the top row, pile 1 on the right
//! next to theirs (right end). Turned round (the board orientation
//! setting), everything is rotated half a turn.

use crate::focus::Direction;
use crate::geometry::{Point, Rect};
use game_core::Seat;
use stones::{Pit, Place};

/// Width of the board in pile widths: the piles, two score piles, and a
/// rim of 0.2 on each side and between score piles and piles.
fn units_wide(pits: u8) -> f32 {
    pits as f32 + 2.0 + 0.8
}

/// Height of a row in pile widths.
const ROW: f32 = 1.3;
/// Height of the board in pile widths: two rows, rims and the gap.
const UNITS_HIGH: f32 = 2.0 * ROW + 0.5;

/// Width over height of a board with `pits` piles a side.
pub fn aspect(pits: u8) -> f32 {
    units_wide(pits) / UNITS_HIGH
}

/// The screen column (0 = left) and row (0 = top) of a pile, unrotated.
fn cell(pits: u8, pit: Pit) -> (u8, u8) {
    if pit.owner == Seat::FIRST { (pit.pile - 1, 1) } else { (pits - pit.pile, 0) }
}

/// The pile at a screen column and row, unrotated.
fn pit_at_cell(pits: u8, col: u8, row: u8) -> Pit {
    if row == 1 {
        Pit { owner: Seat::FIRST, pile: col + 1 }
    } else {
        Pit { owner: Seat::SECOND, pile: pits - col }
    }
}

fn rotate(board: Rect, r: Rect, rotated: bool) -> Rect {
    if !rotated {
        return r;
    }
    Rect::new(board.x + board.right() - r.right(), board.y + board.bottom() - r.bottom(), r.w, r.h)
}

/// Where a place is drawn.
pub fn place_rect(board: Rect, pits: u8, place: Place, rotated: bool) -> Rect {
    let u = board.w / units_wide(pits);
    let rim = 0.2 * u;
    let r = match place {
        Place::Store(seat) => {
            let x = if seat == Seat::FIRST { board.x + rim } else { board.right() - rim - u };
            Rect::new(x, board.y + rim, u, board.h - 2.0 * rim)
        }
        Place::Pit(pit) => {
            let (col, row) = cell(pits, pit);
            let x = board.x + rim + u + rim + col as f32 * u;
            let row_h = ROW * u;
            let y = board.y + rim + row as f32 * (row_h + 0.1 * u);
            Rect::new(x, y, u, row_h).inset(0.05 * u)
        }
    };
    rotate(board, r, rotated)
}

/// The pile under `p`, if any (score piles cannot be picked).
pub fn pit_at(board: Rect, pits: u8, p: Point, rotated: bool) -> Option<Pit> {
    (0..2u8)
        .flat_map(|row| (0..pits).map(move |col| pit_at_cell(pits, col, row)))
        .find(|pit| place_rect(board, pits, Place::Pit(*pit), rotated).contains(p))
}

/// The pile an arrow key moves to from `pit` (the same one at an edge).
pub fn step(pits: u8, pit: Pit, direction: Direction, rotated: bool) -> Pit {
    let (col, row) = cell(pits, pit);
    let direction = if rotated {
        match direction {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    } else {
        direction
    };
    let (col, row) = match direction {
        Direction::Left => (col.saturating_sub(1), row),
        Direction::Right => ((col + 1).min(pits - 1), row),
        Direction::Up => (col, 0),
        Direction::Down => (col, 1),
    };
    pit_at_cell(pits, col, row)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Rect {
        Rect::new(10.0, 20.0, 880.0, 880.0 / aspect(6))
    }

    #[test]
    fn places_sit_apart_inside_the_board_and_each_point_finds_its_pile() {
        for rotated in [false, true] {
            let b = board();
            let mut rects = vec![
                place_rect(b, 6, Place::Store(Seat::FIRST), rotated),
                place_rect(b, 6, Place::Store(Seat::SECOND), rotated),
            ];
            for owner in [Seat::FIRST, Seat::SECOND] {
                for pile in 1..=6 {
                    let pit = Pit { owner, pile };
                    let r = place_rect(b, 6, Place::Pit(pit), rotated);
                    assert_eq!(pit_at(b, 6, r.center(), rotated), Some(pit));
                    rects.push(r);
                }
            }
            for (i, a) in rects.iter().enumerate() {
                assert!(a.is_inside(&b), "{a:?}");
                for c in &rects[i + 1..] {
                    assert!(!a.overlaps(c));
                }
            }
        }
        let b = board();
        let one = place_rect(b, 6, Place::Store(Seat::FIRST), false);
        let two = place_rect(b, 6, Place::Store(Seat::SECOND), false);
        assert!(one.x < two.x, "Player One's score pile is on the left");
        let p1 = place_rect(b, 6, Place::Pit(Pit { owner: Seat::FIRST, pile: 1 }), false);
        assert!(p1.y > b.center().y && p1.x < b.center().x, "Player One's pile 1 is bottom left");
        assert_eq!(pit_at(b, 6, Point::new(0.0, 0.0), false), None);
    }

    #[test]
    fn arrows_walk_the_rows() {
        let p = |owner, pile| Pit { owner, pile };
        assert_eq!(step(6, p(Seat::FIRST, 1), Direction::Right, false), p(Seat::FIRST, 2));
        assert_eq!(step(6, p(Seat::FIRST, 1), Direction::Left, false), p(Seat::FIRST, 1));
        assert_eq!(step(6, p(Seat::FIRST, 1), Direction::Up, false), p(Seat::SECOND, 6));
        assert_eq!(step(6, p(Seat::SECOND, 6), Direction::Down, false), p(Seat::FIRST, 1));
        assert_eq!(step(6, p(Seat::FIRST, 1), Direction::Left, true), p(Seat::FIRST, 2));
    }
}
