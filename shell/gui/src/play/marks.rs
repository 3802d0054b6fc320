//! The marks every board draws the same way: each side's last move (where
//! it came from, where it went) and the hint's arrow.
//!
//! Each mark is drawn twice, a halo under the colour, so it stands out on
//! wood, on the green field, on the lakes and on either army's pieces.

use crate::canvas::Canvas;
use crate::geometry::{Point, Rect};
use crate::theme::{Rgba, rgb};

/// The hint's colour: a bright yellow none of the boards uses.
pub const HINT: Rgba = rgb(255, 222, 89);

/// The dark halo under the hint.
pub const HINT_HALO: Rgba = Rgba(0.08, 0.07, 0.06, 0.75);

/// The light halo under a last-move mark, which is in the mover's colour.
pub const MOVE_HALO: Rgba = Rgba(1.0, 0.98, 0.94, 0.85);

/// An arrow from one point to another: the shaft and the head's three
/// corners (the tip first, on `to`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArrowShape {
    /// The shaft, from its tail to the foot of the head.
    pub shaft: (Point, Point),
    /// The head: its tip, then its two back corners.
    pub head: [Point; 3],
}

/// The arrow from `from` to `to` with a shaft `width` thick; `None` when
/// the points are too close for one.
pub fn arrow_shape(from: Point, to: Point, width: f32) -> Option<ArrowShape> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt();
    if length < width * 2.0 || width <= 0.0 {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head_len = (width * 3.2).min(length * 0.6);
    let half = width * 1.9;
    let foot = Point::new(to.x - ux * head_len, to.y - uy * head_len);
    let side = |s: f32| Point::new(foot.x - uy * half * s, foot.y + ux * half * s);
    Some(ArrowShape { shaft: (from, foot), head: [to, side(1.0), side(-1.0)] })
}

impl ArrowShape {
    /// The same arrow with its head grown by about `d` on every side (for
    /// a halo under it).
    pub fn grown(&self, d: f32) -> ArrowShape {
        let [a, b, c] = self.head;
        let centre = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
        let out = |p: Point| {
            let (dx, dy) = (p.x - centre.x, p.y - centre.y);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            Point::new(p.x + dx / len * d * 2.0, p.y + dy / len * d * 2.0)
        };
        ArrowShape { shaft: self.shaft, head: [out(a), out(b), out(c)] }
    }
}

/// Draws the arrow `shape` with a shaft `width` thick on a dark halo `halo`
/// wide.
fn draw_haloed_arrow(canvas: &mut Canvas, shape: &ArrowShape, width: f32, halo: f32) {
    draw_arrow(canvas, &shape.grown(halo), width + halo * 2.0, HINT_HALO);
    draw_arrow(canvas, shape, width, HINT);
}

fn draw_arrow(canvas: &mut Canvas, shape: &ArrowShape, width: f32, color: Rgba) {
    canvas.line(shape.shaft.0, shape.shaft.1, width, color);
    canvas.circle(shape.shaft.0, width / 2.0, color);
    let [a, b, c] = shape.head;
    canvas.triangle(a, b, c, color);
}

/// Where the hint's arrow starts: on the edge of `from` towards `to`, so
/// the piece (its rank, a pile's count) stays in sight.
pub fn arrow_tail(from: Rect, to: Rect) -> Point {
    let (a, b) = (from.center(), to.center());
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = (dx * dx + dy * dy).sqrt();
    if length <= f32::EPSILON {
        return a;
    }
    // The distance to the edge of `from` along the way, a little inside.
    let reach = ((from.w / 2.0) / dx.abs().max(1e-6)).min((from.h / 2.0) / dy.abs().max(1e-6)) * 0.85;
    let t = (reach * length).min(length * 0.5) / length;
    Point::new(a.x + dx * t, a.y + dy * t)
}

/// The hint's arrow from the edge of `from` to the middle of `to`, on its
/// dark halo; `cell` (a square's or a pile's size) sets its width.
pub fn draw_hint_arrow(canvas: &mut Canvas, from: Rect, to: Rect, cell: f32) {
    let width = (cell * 0.12).max(3.0);
    let halo = (cell * 0.05).max(2.0);
    if let Some(shape) = arrow_shape(arrow_tail(from, to), to.center(), width) {
        draw_haloed_arrow(canvas, &shape, width, halo);
    }
}

/// Where a pointer at the square `to` starts, for a move with no square
/// of origin (a Blockade stone): a square and a half off diagonally, on the
/// side of the board's middle so it stays on the board `within`.
pub fn pointer_start(to: Rect, cell: f32, within: Rect) -> Point {
    let c = to.center();
    let toward = |at: f32, middle: f32| if at > middle { -1.0 } else { 1.0 };
    let (mx, my) = (within.center().x, within.center().y);
    Point::new(c.x + toward(c.x, mx) * cell * 1.5, c.y + toward(c.y, my) * cell * 1.5)
}

/// The hint's arrow pointing at `to` from [`pointer_start`], its tip on
/// the square's edge.
pub fn draw_hint_pointer(canvas: &mut Canvas, to: Rect, cell: f32, within: Rect) {
    let start = pointer_start(to, cell, within);
    let c = to.center();
    let tip = Point::new(c.x + (start.x - c.x) * 0.3, c.y + (start.y - c.y) * 0.3);
    let width = (cell * 0.12).max(3.0);
    let halo = (cell * 0.05).max(2.0);
    if let Some(shape) = arrow_shape(start, tip, width) {
        draw_haloed_arrow(canvas, &shape, width, halo);
    }
}

/// The hint on a square board, drawn over the pieces: the piece to move
/// and the square it goes to framed, with the arrow between them. With no
/// `from` (a Blockade stone comes from the player's hand) only the
/// destination is marked.
pub fn draw_hint_squares(canvas: &mut Canvas, from: Option<Rect>, to: Rect, cell: f32) {
    let t = (cell * 0.07).max(2.5);
    for r in from.into_iter().chain([to]) {
        for side in frame_sides(r.inset(-t * 0.5), t * 2.0) {
            canvas.fill(side, HINT_HALO);
        }
        for side in frame_sides(r.inset(t * 0.5), t) {
            canvas.fill(side, HINT);
        }
    }
    if let Some(from) = from {
        draw_hint_arrow(canvas, from, to, cell);
    }
}

/// The four sides of a frame `t` thick just inside `r`.
pub fn frame_sides(r: Rect, t: f32) -> [Rect; 4] {
    let t = t.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    [
        Rect::new(r.x, r.y, r.w, t),
        Rect::new(r.x, r.bottom() - t, r.w, t),
        Rect::new(r.x, r.y + t, t, r.h - 2.0 * t),
        Rect::new(r.right() - t, r.y + t, t, r.h - 2.0 * t),
    ]
}

/// The four corner brackets of `r`, `t` thick and `arm` long.
pub fn corner_brackets(r: Rect, arm: f32, t: f32) -> [Rect; 8] {
    let arm = arm.min(r.w / 2.0).min(r.h / 2.0).max(t);
    [
        Rect::new(r.x, r.y, arm, t),
        Rect::new(r.x, r.y, t, arm),
        Rect::new(r.right() - arm, r.y, arm, t),
        Rect::new(r.right() - t, r.y, t, arm),
        Rect::new(r.x, r.bottom() - t, arm, t),
        Rect::new(r.x, r.bottom() - arm, t, arm),
        Rect::new(r.right() - arm, r.bottom() - t, arm, t),
        Rect::new(r.right() - t, r.bottom() - arm, t, arm),
    ]
}

/// Where a side's last move came from: the square's corners in `color`,
/// the mover's, on a light halo.
pub fn draw_move_origin(canvas: &mut Canvas, r: Rect, color: Rgba, cell: f32) {
    let t = (cell * 0.06).max(2.0);
    let arm = r.w.min(r.h) * 0.32;
    for piece in corner_brackets(r.inset(1.0), arm + t, t * 2.0) {
        canvas.fill(piece, MOVE_HALO);
    }
    for piece in corner_brackets(r.inset(1.0 + t * 0.5), arm, t) {
        canvas.fill(piece, color);
    }
}

/// Where a side's last move went: a frame round the square in `color`,
/// the mover's, on a light halo.
pub fn draw_move_target(canvas: &mut Canvas, r: Rect, color: Rgba, cell: f32) {
    let t = (cell * 0.07).max(2.5);
    for side in frame_sides(r.inset(1.0), t * 2.0) {
        canvas.fill(side, MOVE_HALO);
    }
    for side in frame_sides(r.inset(1.0 + t * 0.5), t) {
        canvas.fill(side, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: Point, b: Point) -> bool {
        (a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3
    }

    #[test]
    fn the_arrow_points_at_its_target() {
        let (from, to) = (Point::new(10.0, 100.0), Point::new(10.0, 20.0));
        let a = arrow_shape(from, to, 4.0).unwrap();
        assert!(near(a.head[0], to), "the tip is on the target");
        assert!(near(a.shaft.0, from));
        // The shaft stops at the head's foot, between the back corners.
        let foot = a.shaft.1;
        assert!(foot.y > to.y && foot.y < from.y && (foot.x - 10.0).abs() < 1e-3);
        assert!(near(Point::new((a.head[1].x + a.head[2].x) / 2.0, a.head[1].y), foot));
        assert!(a.head[1].x != a.head[2].x, "the head is wider than the shaft");
        assert!((a.head[1].x - a.head[2].x).abs() > 4.0);
        assert!(arrow_shape(from, Point::new(11.0, 101.0), 4.0).is_none(), "too short");
        // Grown for a halo: the tip moves on past the target, the back
        // corners out and back.
        let halo = a.grown(2.0);
        assert!(halo.head[0].y < to.y && (halo.head[0].x - to.x).abs() < 1e-3);
        assert!((halo.head[1].x - halo.head[2].x).abs() > (a.head[1].x - a.head[2].x).abs());
        assert_eq!(halo.shaft, a.shaft);
    }

    #[test]
    fn a_pointer_starts_on_the_board_side_of_its_square() {
        let board = Rect::new(0.0, 0.0, 400.0, 400.0);
        for (x, y) in [(0.0, 0.0), (360.0, 0.0), (0.0, 360.0), (360.0, 360.0), (200.0, 160.0)] {
            let to = Rect::new(x, y, 40.0, 40.0);
            let start = pointer_start(to, 40.0, board);
            assert!(board.contains(start), "{start:?} for {to:?}");
            assert!(!to.contains(start), "it starts off the square");
        }
    }

    #[test]
    fn frames_keep_to_the_edge_of_their_square() {
        let r = Rect::new(50.0, 60.0, 40.0, 40.0);
        let sides = frame_sides(r, 4.0);
        let middle = r.inset(4.0);
        for (i, side) in sides.iter().enumerate() {
            assert!(side.is_inside(&r) && !side.overlaps(&middle), "{side:?}");
            assert!(sides[i + 1..].iter().all(|o| !o.overlaps(side)), "sides drawn once");
        }
        let area: f32 = sides.iter().map(|s| s.w * s.h).sum();
        assert!((area - (r.w * r.h - middle.w * middle.h)).abs() < 1e-3, "the whole rim");
    }

    #[test]
    fn the_arrow_leaves_its_square_at_the_edge() {
        let from = Rect::new(0.0, 100.0, 40.0, 40.0);
        let up = arrow_tail(from, Rect::new(0.0, 60.0, 40.0, 40.0));
        assert!((up.x - 20.0).abs() < 1e-3 && up.y > 100.0 && up.y < 106.0, "{up:?}");
        let far = arrow_tail(from, Rect::new(200.0, 100.0, 40.0, 40.0));
        assert!(from.contains(far) && far.x > 30.0, "{far:?}");
        let c = from.center();
        assert_eq!(arrow_tail(from, from), c);
    }

    #[test]
    fn corner_brackets_stay_in_their_square() {
        let r = Rect::new(50.0, 60.0, 40.0, 40.0);
        for piece in corner_brackets(r, 12.0, 3.0) {
            assert!(piece.is_inside(&r), "{piece:?}");
            assert!(piece.w <= 12.0 + 1e-3 && piece.h <= 12.0 + 1e-3);
        }
        // The centre stays clear for the piece.
        let middle = r.centered(10.0, 10.0);
        assert!(corner_brackets(r, 12.0, 3.0).iter().all(|p| !p.overlaps(&middle)));
    }
}
