//! The small board drawings on the game cards.

use crate::canvas::Canvas;
use crate::geometry::{Point, Rect};
use crate::theme::palette;

/// A Strategy Chess board: 10x10 land with its two lakes, Red's army below
/// and Blue's above, Blue's ranks hidden.
pub fn strategy_chess(canvas: &mut Canvas, area: Rect) {
    let board = area.fit_aspect(1.0);
    let cell = board.w / 10.0;
    canvas.round(board.inset(-cell * 0.25), cell * 0.3, palette::WOOD_DARK);
    canvas.fill(board, palette::FIELD);
    for row in 0..10 {
        for col in 0..10 {
            let square = Rect::new(board.x + col as f32 * cell, board.y + row as f32 * cell, cell, cell);
            let lake = (4..6).contains(&row) && matches!(col, 2 | 3 | 6 | 7);
            if lake {
                canvas.fill(square, palette::LAKE);
                continue;
            }
            if (row + col) % 2 == 1 {
                canvas.fill(square, palette::FIELD.mix(palette::BACKGROUND, 0.08));
            }
            // Leave a few gaps so the armies look placed by hand.
            let gap = (row * 7 + col * 3) % 11 == 0;
            let army = match row {
                0..=3 if !gap => Some(palette::BLUE_ARMY),
                6..=9 if !gap => Some(palette::RED_ARMY),
                _ => None,
            };
            if let Some(color) = army {
                canvas.round(square.inset(cell * 0.12), cell * 0.15, color);
            }
        }
    }
    // Two pieces that have crossed into the middle rows.
    let piece = |col: f32, row: f32| {
        Rect::new(board.x + col * cell, board.y + row * cell, cell, cell).inset(cell * 0.12)
    };
    canvas.round(piece(4.0, 5.0), cell * 0.15, palette::RED_ARMY);
    canvas.round(piece(8.0, 4.0), cell * 0.15, palette::BLUE_ARMY);
}

/// A mancala board: two rows of six pits with four stones each, and a
/// score pile at each end.
pub fn stones(canvas: &mut Canvas, area: Rect) {
    let pits = 6.0;
    let board = area.fit_aspect((pits + 2.0) / 2.4);
    let unit = board.w / (pits + 2.0);
    canvas.round(board, unit * 0.45, palette::WOOD);
    let store_w = unit * 0.78;
    let store_h = board.h - unit * 0.5;
    let left = Rect::new(board.x + (unit - store_w) / 2.0, board.y + unit * 0.25, store_w, store_h);
    let right = Rect::new(board.right() - unit + (unit - store_w) / 2.0, left.y, store_w, store_h);
    for store in [left, right] {
        canvas.round(store, store_w / 2.0, palette::WOOD_DARK);
    }
    // A few banked stones in each score pile.
    for (i, store) in [left, right].iter().enumerate() {
        for k in 0..(3 + i * 2) {
            let c = store.center();
            let y = c.y + (k as f32 - 2.0) * unit * 0.16;
            let x = c.x + if k % 2 == 0 { -unit * 0.1 } else { unit * 0.1 };
            pebble(canvas, Point::new(x, y), unit * 0.09);
        }
    }
    let radius = unit * 0.38;
    for row in 0..2 {
        let cy = board.y + board.h * if row == 0 { 0.29 } else { 0.71 };
        for col in 0..6 {
            let c = Point::new(board.x + unit * (1.5 + col as f32), cy);
            canvas.circle(c, radius, palette::WOOD_DARK);
            // Four stones a pit, as at the start of a game.
            for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                let d = radius * 0.36;
                pebble(canvas, Point::new(c.x + dx * d, c.y + dy * d), unit * 0.11);
            }
        }
    }
}

fn pebble(canvas: &mut Canvas, c: Point, r: f32) {
    canvas.circle(c, r, palette::PEBBLE);
    canvas.circle(Point::new(c.x - r * 0.3, c.y - r * 0.3), r * 0.35, palette::STONE_LIGHT);
}

/// A Blockade board: an 8x8 grid with a territory fight in the middle and
/// the corner squares marked.
pub fn blockade(canvas: &mut Canvas, area: Rect) {
    let n = 8;
    let board = area.fit_aspect(1.0);
    let cell = board.w / n as f32;
    canvas.round(board.inset(-cell * 0.2), cell * 0.25, palette::WOOD_DARK);
    canvas.fill(board, palette::WOOD);
    for (col, row) in [(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)] {
        let square = Rect::new(board.x + col as f32 * cell, board.y + row as f32 * cell, cell, cell);
        canvas.fill(square.inset(cell * 0.1), palette::ACCENT.with_alpha(0.45));
    }
    let thickness = (cell * 0.05).max(1.0);
    for i in 0..=n {
        let t = i as f32 * cell;
        canvas.line(
            Point::new(board.x + t, board.y),
            Point::new(board.x + t, board.bottom()),
            thickness,
            palette::WOOD_DARK,
        );
        canvas.line(
            Point::new(board.x, board.y + t),
            Point::new(board.right(), board.y + t),
            thickness,
            palette::WOOD_DARK,
        );
    }
    const DARK: &[(i32, i32)] = &[(3, 3), (4, 4), (2, 3), (3, 2), (5, 4), (2, 5), (4, 2)];
    const LIGHT: &[(i32, i32)] = &[(3, 4), (4, 3), (5, 3), (4, 5), (3, 5), (5, 5), (2, 4)];
    for (stones, color, rim) in [
        (DARK, palette::STONE_DARK, palette::STONE_LIGHT),
        (LIGHT, palette::STONE_LIGHT, palette::STONE_DARK),
    ] {
        for (col, row) in stones {
            let c = Point::new(board.x + (*col as f32 + 0.5) * cell, board.y + (*row as f32 + 0.5) * cell);
            canvas.circle(c, cell * 0.4, color);
            canvas.circle_outline(c, cell * 0.4, thickness, rim.with_alpha(0.5));
        }
    }
}
