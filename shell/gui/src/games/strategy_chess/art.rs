//! The pieces, drawn with the canvas: a raised tile in the army's colour
//! with an ivory plate showing the rank, a bomb or a flag; an enemy piece
//! whose rank is unknown shows "?" on the bare tile.

use super::numbering::rank_label;
use crate::canvas::{Align, Canvas, Weight};
use crate::geometry::{Point, Rect};
use crate::theme::{Rgba, palette, rgb};
use headless::settings::RankNumbering;
use strategy_chess::{Colour, Rank};

/// What a piece's face shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// The rank (own pieces; enemy pieces while revealed).
    Known(Rank),
    /// "?" (an enemy piece whose rank the viewer does not know or no
    /// longer shows).
    Unknown,
}

/// The army's colour.
pub fn army_colour(colour: Colour) -> Rgba {
    match colour {
        Colour::Red => palette::RED_ARMY,
        Colour::Blue => palette::BLUE_ARMY,
    }
}

/// The colour's name as players read it.
pub fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "Red",
        Colour::Blue => "Blue",
    }
}

const IVORY: Rgba = rgb(244, 236, 214);
const INK: Rgba = rgb(36, 32, 30);

/// Draws a piece filling the square `r`. `dim` draws it faded (a piece
/// lifted off its square, or the tray's used-up ranks).
pub fn draw_piece(
    canvas: &mut Canvas,
    r: Rect,
    colour: Colour,
    face: Face,
    numbering: RankNumbering,
    dim: bool,
) {
    draw_piece_shadow(canvas, r, dim);
    draw_piece_body(canvas, r, colour, face, numbering, dim);
}

/// The tile of a piece drawn in the square `r`, and its corner radius.
fn tile_of(r: Rect) -> (Rect, f32) {
    let tile = r.inset(r.w.min(r.h) * 0.08);
    (tile, tile.w.min(tile.h) * 0.2)
}

/// The soft shadow under a piece in the square `r` (translucent). A board
/// of pieces draws every shadow first and then every body: shadows and
/// bodies take different pipelines, and alternating them per piece made a
/// draw call of each.
pub fn draw_piece_shadow(canvas: &mut Canvas, r: Rect, dim: bool) {
    let (tile, radius) = tile_of(r);
    canvas.round(
        tile.shifted_y(tile.h * 0.06),
        radius,
        rgb(0, 0, 0).with_alpha(if dim { 0.12 } else { 0.3 }),
    );
}

/// A piece without its shadow (all opaque): the body, and a lighter top
/// half for a raised look, with its face.
pub fn draw_piece_body(
    canvas: &mut Canvas,
    r: Rect,
    colour: Colour,
    face: Face,
    numbering: RankNumbering,
    dim: bool,
) {
    let base = army_colour(colour);
    let fade = |c: Rgba| if dim { c.mix(palette::BACKGROUND, 0.55) } else { c };
    let (tile, radius) = tile_of(r);
    canvas.round(tile, radius, fade(base.mix(rgb(0, 0, 0), 0.25)));
    let body = Rect::new(tile.x, tile.y, tile.w, tile.h * 0.94);
    canvas.round(body, radius, fade(base));
    let (shine, _) = body.inset(tile.w * 0.06).split_top(body.h * 0.4);
    canvas.round(shine, radius * 0.8, fade(base.mix(rgb(255, 255, 255), 0.18)));
    match face {
        Face::Unknown => {
            let ink = fade(base.mix(rgb(255, 255, 255), 0.8));
            canvas.label(body, "?", body.h * 0.62, Weight::Bold, Align::Center, ink);
        }
        Face::Known(rank) => {
            let plate = body.inset(tile.w.min(tile.h) * 0.14);
            canvas.round(plate, radius * 0.6, fade(IVORY));
            let ink = fade(base.mix(INK, 0.45));
            match rank {
                Rank::Bomb => draw_bomb(canvas, plate, fade(INK), fade(palette::ACCENT)),
                Rank::Flag => draw_flag(canvas, plate, fade(INK), fade(base)),
                _ => {
                    let text = rank_label(rank, numbering);
                    let size = if text.len() > 1 { plate.h * 0.62 } else { plate.h * 0.74 };
                    canvas.label(plate, &text, size, Weight::Bold, Align::Center, ink);
                }
            }
        }
    }
}

/// A round bomb with a fuse and a spark.
fn draw_bomb(canvas: &mut Canvas, plate: Rect, ink: Rgba, spark: Rgba) {
    let s = plate.w.min(plate.h);
    let c = Point::new(plate.center().x - s * 0.05, plate.center().y + s * 0.08);
    let radius = s * 0.28;
    canvas.circle(c, radius, ink);
    // A highlight, opaque: white over the ink, mixed here.
    canvas.circle(
        Point::new(c.x - radius * 0.35, c.y - radius * 0.35),
        radius * 0.22,
        ink.mix(rgb(255, 255, 255), 0.35),
    );
    let neck = Point::new(c.x + radius * 0.6, c.y - radius * 0.75);
    let tip = Point::new(c.x + radius * 1.1, c.y - radius * 1.3);
    canvas.line(neck, tip, (s * 0.06).max(1.0), ink);
    canvas.circle(tip, s * 0.07, spark);
}

/// A flag on a pole.
fn draw_flag(canvas: &mut Canvas, plate: Rect, ink: Rgba, cloth: Rgba) {
    let s = plate.w.min(plate.h);
    let c = plate.center();
    let foot = Point::new(c.x - s * 0.22, c.y + s * 0.34);
    let top = Point::new(c.x - s * 0.22, c.y - s * 0.34);
    canvas.line(foot, top, (s * 0.07).max(1.0), ink);
    let a = Point::new(top.x + s * 0.03, top.y);
    let b = Point::new(top.x + s * 0.5, top.y + s * 0.17);
    let d = Point::new(top.x + s * 0.03, top.y + s * 0.34);
    canvas.triangle(a, b, d, cloth);
    canvas.fill(Rect::new(foot.x - s * 0.14, foot.y - s * 0.02, s * 0.28, s * 0.06), ink);
}

/// A mark in the top right corner of a piece: one dot for a piece that
/// moved (so it is neither Bomb nor Flag), a badge with a double arrow for
/// one that moved far (so it is a Scout), large enough to read at a
/// glance. Drawn over the body of a piece of `colour`, in opaque colours
/// mixed with it.
pub fn draw_motion_mark(canvas: &mut Canvas, r: Rect, moved_far: bool, colour: Colour) {
    let base = army_colour(colour);
    let ring = base.mix(rgb(0, 0, 0), 0.45);
    let mark = base.mix(rgb(255, 255, 255), 0.95);
    let badge = motion_mark_rect(r, moved_far);
    if moved_far {
        canvas.round(badge, badge.h / 2.0, ring);
        // Two arrow heads, pointing the way a Scout runs.
        let h = badge.h * 0.3;
        for k in [-1.0, 1.0] {
            let x = badge.center().x + k * h * 0.75;
            let y = badge.center().y;
            canvas.triangle(
                Point::new(x - h * 0.7, y - h),
                Point::new(x + h * 0.8, y),
                Point::new(x - h * 0.7, y + h),
                mark,
            );
        }
    } else {
        let c = badge.center();
        canvas.circle(c, badge.w / 2.0, ring);
        canvas.circle(c, badge.w / 4.0, mark);
    }
}

/// Where [`draw_motion_mark`] draws in the square `r`: a dot's square,
/// or the Scout's wider badge, in the top right corner.
pub fn motion_mark_rect(r: Rect, moved_far: bool) -> Rect {
    let s = r.w.min(r.h);
    let (w, h) = if moved_far { (s * 0.4, s * 0.22) } else { (s * 0.2, s * 0.2) };
    // Inside the frames the last-move and hint marks draw round a square.
    Rect::new(r.right() - s * 0.13 - w, r.y + s * 0.13, w, h)
}

/// The mark of a piece no battle revealed, once the game is over and the
/// armies are turned face up: a small gold diamond in the top left corner
/// (the motion mark's corner is the other one). Drawn over the body of a
/// piece of `colour` in the square `r`, in opaque colours.
pub fn draw_secret_mark(canvas: &mut Canvas, r: Rect, colour: Colour) {
    let s = r.w.min(r.h);
    draw_secret_diamond(canvas, Point::new(r.x + s * 0.2, r.y + s * 0.2), s * 0.115, colour);
}

/// The diamond of [`draw_secret_mark`] centred on `c`, `h` from its centre
/// to each corner, edged in the dark of `colour`'s army (the panel's
/// legend draws it alone).
pub fn draw_secret_diamond(canvas: &mut Canvas, c: Point, h: f32, colour: Colour) {
    let edge = army_colour(colour).mix(rgb(0, 0, 0), 0.55);
    diamond(canvas, c, h, edge);
    diamond(canvas, c, h * 0.65, rgb(250, 204, 92));
}

/// A square standing on a corner, `h` from its centre to each corner.
fn diamond(canvas: &mut Canvas, c: Point, h: f32, fill: Rgba) {
    let (top, bottom) = (Point::new(c.x, c.y - h), Point::new(c.x, c.y + h));
    canvas.triangle(top, Point::new(c.x + h, c.y), bottom, fill);
    canvas.triangle(top, Point::new(c.x - h, c.y), bottom, fill);
}

/// The F1 mark of a piece that can move now: a bright bracket in each
/// corner of the square `r`, edged in black so it stands out on the
/// field, the lakes' edges, the last-move tints and either army. Sized
/// with the square; drawn over the piece (opaque), clear of its face.
pub fn draw_movable_mark(canvas: &mut Canvas, r: Rect) {
    let s = r.w.min(r.h);
    let t = (s * 0.07).max(2.0);
    let edge = (s * 0.025).max(1.0);
    let arm = s * 0.3;
    for (ink, grow) in [(rgb(20, 20, 24), edge), (rgb(255, 226, 64), 0.0)] {
        let (t, arm) = (t + 2.0 * grow, arm + 2.0 * grow);
        let inner = r.inset(edge - grow);
        for (x, y, dx, dy) in [
            (inner.x, inner.y, 1.0, 1.0),
            (inner.right(), inner.y, -1.0, 1.0),
            (inner.x, inner.bottom(), 1.0, -1.0),
            (inner.right(), inner.bottom(), -1.0, -1.0),
        ] {
            // One bar along the edge, one down (or up) the side.
            canvas.fill(span(x, y, arm * dx, t * dy), ink);
            canvas.fill(span(x, y, t * dx, arm * dy), ink);
        }
    }
}

/// The rectangle from `(x, y)` spanning `w` by `h`, either way round.
fn span(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect::new(x.min(x + w), y.min(y + h), w.abs(), h.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scout_mark_reads_at_a_glance_and_stays_in_the_corner() {
        let square = Rect::new(0.0, 0.0, 58.0, 58.0);
        let scout = motion_mark_rect(square, true);
        assert!(scout.w >= 20.0 && scout.h >= 12.0, "{scout:?}");
        assert!(scout.is_inside(&square.inset(square.w * 0.12)), "clear of the marks' frames");
        let dot = motion_mark_rect(square, false);
        for mark in [scout, dot] {
            assert!(mark.is_inside(&square));
            assert!(mark.center().x > square.center().x && mark.center().y < square.center().y * 0.6);
        }
    }
}
