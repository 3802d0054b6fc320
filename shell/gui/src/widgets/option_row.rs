//! An option row: the option's name on the left, and "◀ value ▶" on the
//! right.

use super::button::{Look, fill_of, focus_ring};
use crate::canvas::{Align, Canvas, Weight};
use crate::geometry::{Point, Rect};
use crate::layout::option_row_parts;
use crate::theme::{Metrics, palette};

/// What an option row shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionRowView<'a> {
    /// The option's name.
    pub label: &'a str,
    /// Its value as players read it.
    pub value: &'a str,
    /// Whether "less" can step.
    pub can_less: bool,
    /// Whether "more" can step.
    pub can_more: bool,
    /// Whether the value is refused (drawn in the warning colour).
    pub bad: bool,
}

/// Draws an option row in `r`.
pub fn draw(canvas: &mut Canvas, r: Rect, row: &OptionRowView<'_>, look: Look, m: &Metrics) {
    focus_ring(canvas, r, look, m);
    canvas.round(r, m.radius, fill_of(look));
    let parts = option_row_parts(r, m);
    let text = if look.disabled { palette::DISABLED } else { palette::TEXT };
    canvas.label(parts.label, row.label, m.body, Weight::Regular, Align::Left, text);
    let well = Rect::new(parts.less.x, r.y + r.h * 0.14, parts.more.right() - parts.less.x, r.h * 0.72);
    canvas.round(well, m.radius * 0.8, palette::BACKGROUND.mix(palette::PANEL, 0.3));
    let value_color = if row.bad { palette::WARNING } else { text };
    canvas.label(parts.value, row.value, m.body, Weight::Bold, Align::Center, value_color);
    arrow(canvas, parts.less, false, row.can_less && !look.disabled);
    arrow(canvas, parts.more, true, row.can_more && !look.disabled);
}

fn arrow(canvas: &mut Canvas, r: Rect, right: bool, enabled: bool) {
    let color = if enabled { palette::ACCENT } else { palette::DISABLED.with_alpha(0.5) };
    let c = r.center();
    let s = r.w.min(r.h) * 0.22;
    let (tip, back) = if right { (c.x + s, c.x - s * 0.8) } else { (c.x - s, c.x + s * 0.8) };
    canvas.triangle(
        Point::new(tip, c.y),
        Point::new(back, c.y - s * 1.1),
        Point::new(back, c.y + s * 1.1),
        color,
    );
}

/// Draws a section heading row.
pub fn heading(canvas: &mut Canvas, r: Rect, text: &str, m: &Metrics) {
    let (_, lower) = r.split_top(r.h * 0.25);
    canvas.label(
        lower.inset_xy(m.gap * 0.25, 0.0),
        text,
        m.heading * 0.85,
        Weight::Bold,
        Align::Left,
        palette::ACCENT,
    );
}
