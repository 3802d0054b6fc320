//! The small board drawings on the game cards, the mode choice and the
//! setup form: each shows its game's start under the rule options given
//! (a table as the settings hold it; options it cannot read are drawn at
//! their defaults).

use crate::canvas::Canvas;
use crate::geometry::{Point, Rect};
use crate::play::panel::seat_color;
use crate::theme::palette;
use game_core::{Game, RuleSet};

/// The rules in `table` as the game's type, or its defaults where the
/// table does not make a game (the setup form shows the problem).
fn rules_or_default<R: RuleSet>(table: &toml::Table) -> R {
    R::from_toml(&toml::to_string(table).unwrap_or_default()).unwrap_or_default()
}

/// The squares of a side's four setup rows (0..40, back row first) that a
/// picture fills for an army of `pieces`: all 40 for the classic army, a
/// smaller army spread over the rows as players tend to spread it.
pub fn army_slots(pieces: usize) -> Vec<usize> {
    // 17 is prime to 40: stepping by it visits every slot once, scattered.
    let mut slots: Vec<usize> = (0..40).map(|k| (k * 17 + 3) % 40).take(pieces.min(40)).collect();
    slots.sort_unstable();
    slots
}

/// A Strategy Chess board: 10x10 land with its two lakes, Red's army below
/// and Blue's above as the `army` rule sets them, Blue's ranks hidden.
pub fn strategy_chess(canvas: &mut Canvas, area: Rect, rules: &toml::Table) {
    let army = rules_or_default::<strategy_chess::StrategyChessRules>(rules).army;
    let slots = army_slots(army.total());
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
            // Slot 0 is each side's back-left square as its owner sees it.
            let colour = match row {
                0..=3 if slots.binary_search(&(row * 10 + (9 - col))).is_ok() => Some(palette::BLUE_ARMY),
                6..=9 if slots.binary_search(&((9 - row) * 10 + col)).is_ok() => Some(palette::RED_ARMY),
                _ => None,
            };
            if let Some(color) = colour {
                canvas.round(square.inset(cell * 0.12), cell * 0.15, color);
            }
        }
    }
}

/// A mancala board at the start: two rows of `pits` pits holding `stones`
/// stones each, and an empty score pile at each end.
pub fn stones(canvas: &mut Canvas, area: Rect, rules: &toml::Table) {
    let rules = rules_or_default::<stones::StonesRules>(rules);
    let (count, per_pit) = (usize::from(rules.pits), usize::from(rules.stones));
    let pits = count as f32;
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
    let radius = unit * 0.38;
    for row in 0..2 {
        let cy = board.y + board.h * if row == 0 { 0.29 } else { 0.71 };
        for col in 0..count {
            let c = Point::new(board.x + unit * (1.5 + col as f32), cy);
            canvas.circle(c, radius, palette::WOOD_DARK);
            let size = match per_pit {
                0..=4 => 0.13,
                5 | 6 => 0.1,
                _ => 0.085,
            };
            for (dx, dy) in pebble_spots(per_pit) {
                let d = radius * 0.55;
                pebble(canvas, Point::new(c.x + dx * d, c.y + dy * d), unit * size);
            }
        }
    }
}

/// Where `n` pebbles lie in a pit (1..=8), as offsets within the unit
/// circle: one in the middle, two side by side, a triangle, a square,
/// and rings of five to eight.
pub fn pebble_spots(n: usize) -> Vec<(f32, f32)> {
    match n {
        0 => Vec::new(),
        1 => vec![(0.0, 0.0)],
        2 => vec![(-0.55, 0.0), (0.55, 0.0)],
        3 => vec![(0.0, -0.6), (-0.55, 0.4), (0.55, 0.4)],
        4 => vec![(-0.55, -0.55), (0.55, -0.55), (-0.55, 0.55), (0.55, 0.55)],
        n => {
            // A ring, with one in the middle from seven on.
            let middle = n >= 7;
            let ring = if middle { n - 1 } else { n };
            let mut spots: Vec<(f32, f32)> = (0..ring)
                .map(|k| {
                    let a = k as f32 / ring as f32 * std::f32::consts::TAU - std::f32::consts::FRAC_PI_2;
                    (a.cos() * 0.72, a.sin() * 0.72)
                })
                .collect();
            if middle {
                spots.push((0.0, 0.0));
            }
            spots
        }
    }
}

fn pebble(canvas: &mut Canvas, c: Point, r: f32) {
    canvas.circle(c, r, palette::PEBBLE);
    canvas.circle(Point::new(c.x - r * 0.3, c.y - r * 0.3), r * 0.35, palette::STONE_LIGHT);
}

/// A Blockade board at the start: the grid of the `size` rule with the
/// start pattern of the `start` and `neighbourhood` rules, in the game's
/// red and blue, and the corner squares marked.
pub fn blockade(canvas: &mut Canvas, area: Rect, rules: &toml::Table) {
    let rules = rules_or_default::<blockade::BlockadeRules>(rules);
    let Ok(game) = blockade::Blockade::start(&rules, &[]) else { return };
    let n = game.size() as usize;
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
    for square in game.squares() {
        let Some(seat) = game.stone(square) else { continue };
        // Rank 1 (Player One's side) at the bottom, as on the board.
        let (file, rank) = (f32::from(square.file()), f32::from(square.rank()));
        let c = Point::new(board.x + (file + 0.5) * cell, board.bottom() - (rank + 0.5) * cell);
        canvas.circle(c, cell * 0.4, seat_color(seat));
        canvas.circle_outline(c, cell * 0.4, thickness, seat_color(seat).mix(palette::STONE_DARK, 0.5));
    }
}
