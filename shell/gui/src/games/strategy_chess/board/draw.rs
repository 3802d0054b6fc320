//! Drawing the board and side panel models. Nothing here looks at a game
//! position: only at [`BoardModel`] and [`PanelModel`].

use super::geometry::BoardGeometry;
use super::model::{BoardModel, CellModel, PanelModel, SECRET_LEGEND, TurnStatus};
use super::panel::{PanelLayout, tray_slots};
use crate::canvas::{Align, Canvas, Weight};
use crate::games::strategy_chess::art::{
    Face, army_colour, draw_motion_mark, draw_movable_mark, draw_piece, draw_piece_body, draw_piece_shadow,
    draw_secret_diamond, draw_secret_mark,
};
use crate::geometry::{Point, Rect};
use crate::play::marks;
use crate::theme::{Metrics, Rgba, palette, rgb};
use headless::settings::RankNumbering;
use strategy_chess::{Colour, Rank};

/// Draws the board's frame, squares, lakes and coordinates, without
/// pieces (the setup screen draws its own).
pub fn draw_ground(canvas: &mut Canvas, g: &BoardGeometry, home: Option<Colour>, m: &Metrics) {
    canvas.round(g.frame(), m.radius * 0.6, palette::WOOD_DARK);
    for square in strategy_chess::Square::all() {
        let r = g.square_rect(square);
        if square.is_lake() {
            draw_lake_cell(canvas, r);
            continue;
        }
        let (c, row) = g.cell_of(square);
        let light = (c + row) % 2 == 0;
        let mut fill = if light { palette::FIELD } else { palette::FIELD.mix(rgb(0, 0, 0), 0.07) };
        if home.is_some_and(|h| square.depth_for(h) < 4) {
            fill = fill.mix(rgb(236, 214, 120), 0.45);
        }
        canvas.fill(r, fill);
    }
    // Thin grid lines.
    let line = palette::WOOD_DARK.with_alpha(0.35);
    for i in 1..10 {
        let x = g.grid.x + i as f32 * g.cell();
        let y = g.grid.y + i as f32 * g.cell();
        canvas.fill(Rect::new(x - 0.5, g.grid.y, 1.0, g.grid.h), line);
        canvas.fill(Rect::new(g.grid.x, y - 0.5, g.grid.w, 1.0), line);
    }
    let size = (g.cell() * 0.3).max(m.small * 0.7);
    for (r, letter) in g.file_labels() {
        canvas.label(r, &letter.to_string(), size, Weight::Regular, Align::Center, palette::TEXT_DIM);
    }
    for (r, number) in g.rank_labels() {
        canvas.label(r, &number, size, Weight::Regular, Align::Center, palette::TEXT_DIM);
    }
}

fn draw_lake_cell(canvas: &mut Canvas, r: Rect) {
    canvas.fill(r, palette::LAKE);
    let wave = rgb(255, 255, 255).with_alpha(0.28);
    for k in [0.35, 0.65] {
        let y = r.y + r.h * k;
        let w = r.w * 0.22;
        canvas.line(
            Point::new(r.x + r.w * 0.2, y),
            Point::new(r.x + r.w * 0.2 + w, y - r.h * 0.05),
            1.5,
            wave,
        );
        canvas.line(
            Point::new(r.x + r.w * 0.2 + w, y - r.h * 0.05),
            Point::new(r.x + r.w * 0.2 + 2.0 * w, y),
            1.5,
            wave,
        );
    }
}

/// Draws the board model as [`draw_board`] does, with everything but the
/// cursor and the destination marks kept in a picture between frames
/// ([`Canvas::kept`]): while nothing on the board changes (the computer
/// thinks, the pointer moves over it) a frame copies the board once
/// instead of painting its squares and layered pieces again.
pub fn draw_board_kept(
    canvas: &mut Canvas,
    g: &BoardGeometry,
    model: &BoardModel,
    numbering: RankNumbering,
    m: &Metrics,
) {
    let mut still = model.clone();
    for c in &mut still.cells {
        c.cursor = false;
        c.target = false;
    }
    // Everything the picture depends on.
    let sizes = [g.grid.x, g.grid.y, g.grid.w, g.grid.h, m.radius, m.small].map(f32::to_bits);
    let content = (&still, numbering, g.bottom, sizes);
    canvas.kept("strategy chess board", g.drawn_area(), palette::BACKGROUND, content, |canvas| {
        draw_board(canvas, g, &still, numbering, m);
    });
    for c in &model.cells {
        draw_marks_over(canvas, g, c);
    }
}

/// Draws the board model: ground, marks, pieces.
pub fn draw_board(
    canvas: &mut Canvas,
    g: &BoardGeometry,
    model: &BoardModel,
    numbering: RankNumbering,
    m: &Metrics,
) {
    draw_ground(canvas, g, None, m);
    let cell = g.cell();
    for c in &model.cells {
        let r = g.square_rect(c.square);
        if c.battle {
            canvas.fill(r, palette::WARNING.with_alpha(0.45));
        }
    }
    // Marks and shadows of every piece, then every piece: see
    // `draw_piece_shadow`.
    for c in &model.cells {
        let r = g.square_rect(c.square);
        if c.piece.is_some() {
            if c.selected {
                canvas.round(r.inset(1.0), cell * 0.16, palette::ACCENT);
            }
            draw_piece_shadow(canvas, r, false);
        }
    }
    for c in &model.cells {
        let r = g.square_rect(c.square);
        if let Some(p) = c.piece {
            draw_piece_body(canvas, r, p.colour, p.face, numbering, false);
            // Once every rank shows, what moved no longer matters.
            if p.moved && p.colour != model.viewer && !model.over {
                draw_motion_mark(canvas, r, p.moved_far, p.colour);
            }
            if p.kept_secret {
                draw_secret_mark(canvas, r, p.colour);
            }
            if c.movable && !c.selected {
                draw_movable_mark(canvas, r);
            }
        }
        draw_last_move_marks(canvas, g, c);
        draw_marks_over(canvas, g, c);
    }
}

/// Each side's last move: where it came from (the square's corners) and
/// where it went (a frame), in that side's colour.
fn draw_last_move_marks(canvas: &mut Canvas, g: &BoardGeometry, c: &CellModel) {
    let r = g.square_rect(c.square);
    if let Some(colour) = c.last_from {
        marks::draw_move_origin(canvas, r, army_colour(colour), g.cell());
    }
    if let Some(colour) = c.last_to {
        marks::draw_move_target(canvas, r, army_colour(colour), g.cell());
    }
}

/// The marks drawn over a square and its piece: a legal destination, the
/// cursor. They stay inside the square, off the piece's face.
fn draw_marks_over(canvas: &mut Canvas, g: &BoardGeometry, c: &CellModel) {
    let cursor = c.cursor && !c.selected;
    if !c.target && !cursor {
        return;
    }
    let r = g.square_rect(c.square);
    let cell = g.cell();
    let line = (cell * 0.06).max(2.0);
    if c.target {
        let strike = c.piece.is_some();
        if strike {
            outline(canvas, r.inset(line * 0.5), line, palette::WARNING);
        } else {
            canvas.circle(
                r.center(),
                cell * 0.14,
                palette::ACCENT.mix(rgb(255, 255, 255), 0.2).with_alpha(0.9),
            );
        }
    }
    if cursor {
        outline(canvas, r, (line * 0.6).max(1.5), rgb(255, 255, 255).with_alpha(0.85));
    }
}

/// A rectangle's outline, `t` thick, inside `r`.
pub fn outline(canvas: &mut Canvas, r: Rect, t: f32, c: Rgba) {
    canvas.fill(Rect::new(r.x, r.y, r.w, t), c);
    canvas.fill(Rect::new(r.x, r.bottom() - t, r.w, t), c);
    canvas.fill(Rect::new(r.x, r.y + t, t, r.h - 2.0 * t), c);
    canvas.fill(Rect::new(r.right() - t, r.y + t, t, r.h - 2.0 * t), c);
}

/// Draws the side panel model in its layout.
pub fn draw_panel(
    canvas: &mut Canvas,
    l: &PanelLayout,
    p: &PanelModel,
    numbering: RankNumbering,
    m: &Metrics,
) {
    let enemy = p.viewer.opponent();
    canvas.label(l.turn, &format!("T: {}", p.turn), m.body * 1.1, Weight::Bold, Align::Left, palette::TEXT);
    let (fill, ink) = match p.status {
        TurnStatus::Go => (palette::GOOD, palette::ON_ACCENT),
        TurnStatus::Wait => (palette::EDGE, palette::TEXT),
        TurnStatus::Over(ending) => match ending.winner() {
            Some(winner) => (army_colour(winner), palette::TEXT),
            None => (palette::EDGE, palette::TEXT),
        },
    };
    let pill = l.status.centered(l.status.w, (m.heading * 1.5).min(l.status.h));
    canvas.round(pill, pill.h / 2.0, fill);
    canvas.label(
        pill.inset_xy(m.gap * 0.5, 0.0),
        &p.status_text(),
        m.heading,
        Weight::Bold,
        Align::Center,
        ink,
    );
    if let Some(ending) = p.ending() {
        canvas.label(l.ending, &ending.how(), m.small * 1.1, Weight::Bold, Align::Left, palette::TEXT);
        // The legend: the mark, then its meaning.
        if l.legend.h > 0.0 {
            let (icon, text) = l.legend.split_left(l.legend.h);
            draw_secret_diamond(canvas, icon.center(), icon.h * 0.32, enemy);
            canvas.label(
                text.inset_xy(m.gap * 0.3, 0.0),
                SECRET_LEGEND,
                m.small,
                Weight::Regular,
                Align::Left,
                palette::TEXT_DIM,
            );
        }
    }

    canvas.label(
        l.remaining_title,
        "Enemy pieces left",
        m.small,
        Weight::Bold,
        Align::Left,
        palette::TEXT_DIM,
    );
    for (slot, &(_, count)) in l.remaining.iter().zip(&p.enemy_remaining) {
        draw_piece_shadow(canvas, slot.split_left(slot.h).0, count == 0);
    }
    for (slot, &(rank, count)) in l.remaining.iter().zip(&p.enemy_remaining) {
        let (icon, text) = slot.split_left(slot.h);
        draw_piece_body(canvas, icon, enemy, Face::Known(rank), numbering, count == 0);
        let color = if count == 0 { palette::DISABLED } else { palette::TEXT };
        canvas.label(
            text.inset_xy(m.gap * 0.3, 0.0),
            &format!("x{count}"),
            m.body,
            Weight::Regular,
            Align::Left,
            color,
        );
    }

    canvas.label(l.battle_title, "Last battle", m.small, Weight::Bold, Align::Left, palette::TEXT_DIM);
    match &p.last_battle {
        Some(b) => {
            let side = l.battle_pieces.h;
            let (a, rest) = l.battle_pieces.split_left(side);
            let (vs, d) = rest.split_left(l.battle_pieces.w - 2.0 * side);
            draw_piece(canvas, a, b.attacker, Face::Known(b.attacker_rank), numbering, false);
            canvas.label(vs, "vs", m.small * 0.85, Weight::Bold, Align::Center, palette::TEXT_DIM);
            draw_piece(canvas, d, b.attacker.opponent(), Face::Known(b.defender_rank), numbering, false);
            canvas.label(
                l.battle_text[0],
                &b.strike_text(numbering),
                m.small,
                Weight::Regular,
                Align::Left,
                palette::TEXT,
            );
            canvas.label(
                l.battle_text[1],
                &b.result_text(),
                m.small,
                Weight::Bold,
                Align::Left,
                palette::ACCENT,
            );
        }
        None => {
            let first = l.battle_text[0];
            let row = Rect::new(l.battle_pieces.x, first.y, first.right() - l.battle_pieces.x, first.h);
            canvas.label(row, "No battle yet", m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
        }
    }

    canvas.label(l.captured_title, "Captured", m.small, Weight::Bold, Align::Left, palette::TEXT_DIM);
    draw_tray(canvas, l.lost, "Lost", p.viewer, &p.lost, numbering, m);
    draw_tray(canvas, l.taken, "Taken", enemy, &p.taken, numbering, m);
}

fn draw_tray(
    canvas: &mut Canvas,
    r: Rect,
    title: &str,
    colour: Colour,
    items: &[(Rank, u8)],
    numbering: RankNumbering,
    m: &Metrics,
) {
    if r.h < 4.0 {
        return;
    }
    let (head, rest) = r.split_left((m.small * 3.6).min(r.w * 0.3));
    canvas.label(head, title, m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
    if items.is_empty() {
        canvas.label(rest, "none", m.small, Weight::Regular, Align::Left, palette::DISABLED);
        return;
    }
    let side = rest.h.min(m.body * 1.6);
    let slots = tray_slots(rest, items.len(), side);
    for slot in &slots {
        draw_piece_shadow(canvas, *slot, false);
    }
    for (slot, &(rank, count)) in slots.iter().zip(items) {
        draw_piece_body(canvas, *slot, colour, Face::Known(rank), numbering, false);
        if count > 1 {
            let badge = Rect::new(slot.right(), slot.y, side * 0.75, side);
            canvas.label(
                badge,
                &format!("{count}"),
                m.small * 0.85,
                Weight::Bold,
                Align::Left,
                palette::TEXT_DIM,
            );
        }
    }
}
