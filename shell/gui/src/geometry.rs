//! Points and rectangles in window pixels (origin top left, y down). Plain
//! values, so layout and hit-testing run in tests without a window.

/// A point in window pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Pixels from the left edge.
    pub x: f32,
    /// Pixels from the top edge.
    pub y: f32,
}

impl Point {
    /// The point at `(x, y)`.
    pub const fn new(x: f32, y: f32) -> Self {
        Point { x, y }
    }
}

/// An axis-aligned rectangle.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width, never negative.
    pub w: f32,
    /// Height, never negative.
    pub h: f32,
}

impl Rect {
    /// The rectangle at `(x, y)` of size `w` x `h` (negative sizes become 0).
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Rect { x, y, w: w.max(0.0), h: h.max(0.0) }
    }

    /// The right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// The centre.
    pub fn center(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Whether `p` is inside (left and top edges included, right and bottom
    /// excluded, so neighbouring rectangles never both claim a point).
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// Whether the two share any area (touching edges do not count, nor
    /// does a hundredth of a pixel of rounding).
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f32 = 0.01;
        self.x < other.right() - EPS
            && other.x < self.right() - EPS
            && self.y < other.bottom() - EPS
            && other.y < self.bottom() - EPS
    }

    /// Whether this lies entirely within `outer` (a tolerance of a hundredth
    /// of a pixel absorbs rounding).
    pub fn is_inside(&self, outer: &Rect) -> bool {
        const EPS: f32 = 0.01;
        self.x >= outer.x - EPS
            && self.y >= outer.y - EPS
            && self.right() <= outer.right() + EPS
            && self.bottom() <= outer.bottom() + EPS
    }

    /// Shrunk by `d` on every side.
    pub fn inset(&self, d: f32) -> Rect {
        self.inset_xy(d, d)
    }

    /// Shrunk by `dx` left and right and `dy` top and bottom.
    pub fn inset_xy(&self, dx: f32, dy: f32) -> Rect {
        let dx = dx.min(self.w / 2.0);
        let dy = dy.min(self.h / 2.0);
        Rect::new(self.x + dx, self.y + dy, self.w - 2.0 * dx, self.h - 2.0 * dy)
    }

    /// The top `h` pixels and the rest.
    pub fn split_top(&self, h: f32) -> (Rect, Rect) {
        let h = h.clamp(0.0, self.h);
        (Rect::new(self.x, self.y, self.w, h), Rect::new(self.x, self.y + h, self.w, self.h - h))
    }

    /// The bottom `h` pixels and the rest.
    pub fn split_bottom(&self, h: f32) -> (Rect, Rect) {
        let h = h.clamp(0.0, self.h);
        (Rect::new(self.x, self.bottom() - h, self.w, h), Rect::new(self.x, self.y, self.w, self.h - h))
    }

    /// The left `w` pixels and the rest.
    pub fn split_left(&self, w: f32) -> (Rect, Rect) {
        let w = w.clamp(0.0, self.w);
        (Rect::new(self.x, self.y, w, self.h), Rect::new(self.x + w, self.y, self.w - w, self.h))
    }

    /// The right `w` pixels and the rest.
    pub fn split_right(&self, w: f32) -> (Rect, Rect) {
        let w = w.clamp(0.0, self.w);
        (Rect::new(self.right() - w, self.y, w, self.h), Rect::new(self.x, self.y, self.w - w, self.h))
    }

    /// A `w` x `h` rectangle centred in this one (never larger than it).
    pub fn centered(&self, w: f32, h: f32) -> Rect {
        let w = w.min(self.w);
        let h = h.min(self.h);
        let c = self.center();
        Rect::new(c.x - w / 2.0, c.y - h / 2.0, w, h)
    }

    /// The largest rectangle of aspect `w_over_h` centred in this one.
    pub fn fit_aspect(&self, w_over_h: f32) -> Rect {
        if self.h <= 0.0 || w_over_h <= 0.0 {
            return Rect::new(self.x, self.y, 0.0, 0.0);
        }
        if self.w / self.h > w_over_h {
            self.centered(self.h * w_over_h, self.h)
        } else {
            self.centered(self.w, self.w / w_over_h)
        }
    }

    /// Moved down by `dy`.
    pub fn shifted_y(&self, dy: f32) -> Rect {
        Rect::new(self.x, self.y + dy, self.w, self.h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover_the_whole_without_overlap() {
        let r = Rect::new(10.0, 20.0, 100.0, 50.0);
        let (top, rest) = r.split_top(15.0);
        assert_eq!(top, Rect::new(10.0, 20.0, 100.0, 15.0));
        assert_eq!(rest, Rect::new(10.0, 35.0, 100.0, 35.0));
        assert!(!top.overlaps(&rest));
        let (right, left) = r.split_right(30.0);
        assert_eq!(right.x, 80.0);
        assert_eq!(left.w, 70.0);
        assert!(!left.overlaps(&right));
        let (bottom, _) = r.split_bottom(500.0);
        assert_eq!(bottom, r, "a split never grows");
    }

    #[test]
    fn containment_is_half_open() {
        let r = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(r.contains(Point::new(0.0, 0.0)));
        assert!(!r.contains(Point::new(10.0, 5.0)));
        assert!(!r.overlaps(&Rect::new(10.0, 0.0, 5.0, 5.0)));
        assert!(r.overlaps(&Rect::new(9.0, 9.0, 5.0, 5.0)));
    }

    #[test]
    fn fitting_keeps_the_aspect_and_stays_inside() {
        let r = Rect::new(0.0, 0.0, 200.0, 100.0);
        let square = r.fit_aspect(1.0);
        assert_eq!(square, Rect::new(50.0, 0.0, 100.0, 100.0));
        assert!(square.is_inside(&r));
        assert_eq!(r.inset(60.0).h, 0.0, "insets never turn a rectangle inside out");
    }
}
