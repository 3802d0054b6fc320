//! Drawing the Blockade board: the grid with its corner and edge values,
//! stones, legal-move hints, a preview of the move under the cursor, and
//! the changes of the move being shown.

use super::anim::{Change, Look, Placing, change_of};
use super::layout::{cell, grid, square_rect};
use crate::canvas::{Align, Canvas, Weight};
use crate::geometry::{Point, Rect};
use crate::play::BoardFrame;
use crate::play::marks;
use crate::play::panel::seat_color;
use crate::theme::{Rgba, palette, rgb};
use blockade::{Blockade, MoveEffects, Square};
use game_core::{Game, Seat};

/// The colour marking a kind of change.
pub fn change_color(change: Change) -> Rgba {
    match change {
        Change::Placed => palette::ACCENT,
        Change::Captured => palette::GOOD,
        Change::Claimed => palette::LAKE.mix(palette::TEXT, 0.3),
        Change::Overcrowded => palette::WARNING,
    }
}

/// The parts of a stone, drawn in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StonePart {
    Shadow,
    Body,
    Shine,
}

fn stone(canvas: &mut Canvas, r: Rect, seat: Seat, width: f32, scale: f32, alpha: f32) {
    for part in [StonePart::Shadow, StonePart::Body, StonePart::Shine] {
        stone_part(canvas, r, seat, width, scale, alpha, part);
    }
}

fn stone_part(canvas: &mut Canvas, r: Rect, seat: Seat, width: f32, scale: f32, alpha: f32, part: StonePart) {
    let d = r.w * 0.78 * scale;
    if d <= 0.5 {
        return;
    }
    let w = (d * width).max(1.0);
    let body = Rect::new(r.center().x - w / 2.0, r.center().y - d / 2.0, w, d);
    match part {
        StonePart::Shadow => {
            canvas.round(body.shifted_y(d * 0.06), w.min(d) / 2.0, rgb(40, 28, 18).with_alpha(0.5 * alpha));
        }
        StonePart::Body => canvas.round(body, w.min(d) / 2.0, seat_color(seat).with_alpha(alpha)),
        StonePart::Shine if width > 0.6 => {
            let c = Point::new(body.center().x - d * 0.16 * width, body.center().y - d * 0.16);
            canvas.circle(
                c,
                d * 0.13 * width,
                seat_color(seat).mix(rgb(255, 255, 255), 0.45).with_alpha(alpha),
            );
        }
        StonePart::Shine => {}
    }
}

fn square_tint(position: &Blockade, sq: Square, r: &blockade::BlockadeRules) -> (Rgba, Option<u32>) {
    let value = position.square_value(sq).unwrap_or(1);
    let base = palette::WOOD;
    if value == r.corner_value as u32 && is_corner(position.size(), sq) {
        (base.mix(palette::ACCENT, 0.45), Some(value))
    } else if is_edge(position.size(), sq) {
        (base.mix(palette::ACCENT, 0.18), Some(value))
    } else {
        (base, None)
    }
}

fn is_corner(size: u8, sq: Square) -> bool {
    (sq.file() == 0 || sq.file() == size - 1) && (sq.rank() == 0 || sq.rank() == size - 1)
}

fn is_edge(size: u8, sq: Square) -> bool {
    sq.file() == 0 || sq.file() == size - 1 || sq.rank() == 0 || sq.rank() == size - 1
}

/// What the board's state adds to a frame for drawing it.
#[derive(Clone, Copy, Debug)]
pub struct BoardState<'a> {
    /// The move being played back, if any.
    pub placing: Option<&'a Placing>,
    /// What the last move changed.
    pub last: Option<&'a MoveEffects>,
}

/// Draws the whole board.
pub fn board(b: BoardState<'_>, frame: &BoardFrame<'_, Blockade, Square>, canvas: &mut Canvas) {
    let position = &frame.view.position;
    let size = position.size();
    let rect = frame.rect;
    let m = frame.metrics;
    let c = cell(rect, size);
    let g = grid(rect, size);
    let rules = position.rules();

    canvas.round(rect, c * 0.3, palette::WOOD_DARK.mix(palette::WOOD, 0.35));
    canvas.fill(g.inset(-1.5), palette::WOOD_DARK);
    let label_size = (c * 0.3).clamp(m.small * 0.75, m.body);
    for i in 0..size {
        let file = (b'a' + i) as char;
        let col = square_rect(rect, size, Square::new(i, 0).unwrap_or(Square::new(0, 0).expect("a1")), false);
        let rim = Rect::new(col.x, g.bottom(), col.w, rect.bottom() - g.bottom());
        canvas.label(rim, &file.to_string(), label_size, Weight::Regular, Align::Center, palette::TEXT_DIM);
        let row = square_rect(rect, size, Square::new(0, i).unwrap_or(Square::new(0, 0).expect("a1")), false);
        let rim = Rect::new(rect.x, row.y, g.x - rect.x, row.h);
        canvas.label(
            rim,
            &(i + 1).to_string(),
            label_size,
            Weight::Regular,
            Align::Center,
            palette::TEXT_DIM,
        );
    }

    let placing = b.placing;
    let mover = position.to_move();
    // The move under the cursor, previewed.
    let preview: Option<MoveEffects> =
        frame.cursor.filter(|sq| frame.legal.contains(sq)).and_then(|sq| position.effects(sq).ok());
    let value_size = (c * 0.24).max(m.small * 0.7);

    // Each square's shapes stay inside it, so the board is drawn a step
    // at a time over every square (each square's shapes still in their
    // order): one draw call a step, not a few a square as when a square's
    // opaque and translucent shapes alternate (macroquad then keeps a
    // vertex buffer for every one of the frame's draw calls).
    let squares: Vec<_> = position
        .squares()
        .into_iter()
        .map(|sq| {
            let r = square_rect(rect, size, sq, false);
            let (tint, value) = square_tint(position, sq, rules);
            let look = match placing {
                Some(p) => p.look(sq),
                None => Look { stone: position.stone(sq), width: 1.0, scale: 1.0 },
            };
            // Changes being shown now, and the last move's marks afterwards.
            let marked = match placing {
                Some(p) => {
                    p.current().filter(|(ch, _)| change_of(&p.effects, sq) == Some(*ch)).map(|(ch, _)| ch)
                }
                None => b.last.and_then(|e| change_of(e, sq)),
            };
            (sq, r, tint, value, look, marked)
        })
        .collect();
    // A square's value, in its top left corner.
    let value_tag = |canvas: &mut Canvas, r: Rect, v: u32| {
        let tag = Rect::new(r.x + c * 0.06, r.y + c * 0.02, c * 0.5, c * 0.32);
        canvas.label(tag, &v.to_string(), value_size, Weight::Bold, Align::Left, palette::WOOD_DARK);
    };
    for &(_, r, tint, value, _, _) in &squares {
        canvas.fill(r.inset(0.75), tint);
        if let Some(v) = value {
            value_tag(canvas, r, v);
        }
    }
    for &(_, r, _, _, _, marked) in &squares {
        if let Some(ch) = marked {
            let alpha = if placing.is_some() { 0.9 } else { 0.55 };
            canvas.round(r.inset(c * 0.04), c * 0.12, change_color(ch).with_alpha(alpha));
        }
    }
    for &(_, r, tint, value, _, marked) in &squares {
        if marked.is_some() {
            canvas.round(r.inset(c * 0.04).inset(c * 0.06), c * 0.1, tint);
            if let Some(v) = value {
                value_tag(canvas, r, v);
            }
        }
    }
    for part in [StonePart::Shadow, StonePart::Body, StonePart::Shine] {
        for &(_, r, _, _, look, _) in &squares {
            if let Some(seat) = look.stone {
                stone_part(canvas, r, seat, look.width, look.scale, 1.0, part);
            }
        }
    }
    for &(sq, r, _, _, look, _) in &squares {
        if frame.legal.contains(&sq) && look.stone.is_none() {
            let dot = if frame.show_legal { c * 0.16 } else { c * 0.08 };
            canvas.circle(
                r.center(),
                dot,
                palette::GOOD.with_alpha(if frame.show_legal { 0.95 } else { 0.7 }),
            );
        }
    }
    if let Some(e) = preview.as_ref() {
        for &(sq, r, _, _, _, _) in &squares {
            match change_of(e, sq) {
                Some(Change::Placed) | Some(Change::Claimed) => stone(canvas, r, mover, 1.0, 0.8, 0.4),
                Some(ch @ (Change::Captured | Change::Overcrowded)) => {
                    canvas.circle_outline(r.center(), c * 0.43, (c * 0.07).max(2.0), change_color(ch));
                }
                None => {}
            }
        }
    }
    // Each side's last stone, framed in its colour (not while a move plays).
    if placing.is_none() {
        for (seat, last) in Seat::all(2).zip(frame.last_moves) {
            if let Some(sq) = last {
                marks::draw_move_target(canvas, square_rect(rect, size, sq, false), seat_color(seat), c);
            }
        }
    }
    if let Some(sq) = frame.hint {
        let r = square_rect(rect, size, sq, false);
        marks::draw_hint_squares(canvas, None, r, c);
        stone(canvas, r, mover, 1.0, 0.8, 0.45);
        marks::draw_hint_pointer(canvas, r, c, g);
    }
    if let Some(sq) = frame.cursor {
        let r = square_rect(rect, size, sq, false);
        let pulse = 0.75 + 0.25 * (frame.time * 4.0).sin();
        let t = m.outline.max(c * 0.06);
        let color = palette::ACCENT.with_alpha(pulse);
        canvas.fill(Rect::new(r.x, r.y, r.w, t), color);
        canvas.fill(Rect::new(r.x, r.bottom() - t, r.w, t), color);
        canvas.fill(Rect::new(r.x, r.y + t, t, r.h - 2.0 * t), color);
        canvas.fill(Rect::new(r.right() - t, r.y + t, t, r.h - 2.0 * t), color);
    }
}
