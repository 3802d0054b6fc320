//! A game card: the board drawing, the name and the one-line description.

use super::button::{Look, fill_of, focus_ring};
use crate::canvas::{Align, Canvas, Weight, baseline_in};
use crate::geometry::Rect;
use crate::layout::card_parts;
use crate::text::{ellipsize, wrap};
use crate::theme::{Metrics, palette};
use headless::registry::GameEntry;

/// Draws the card of `entry` in `r`, with `picture` in its well drawn for
/// the rule options `rules`.
pub fn draw(
    canvas: &mut Canvas,
    r: Rect,
    entry: &GameEntry,
    (picture, rules): (fn(&mut Canvas, Rect, &toml::Table), &toml::Table),
    look: Look,
    m: &Metrics,
) {
    focus_ring(canvas, r, look, m);
    canvas.round(r, m.radius * 1.4, fill_of(Look { primary: false, ..look }));
    let parts = card_parts(r, m);
    let well = parts.picture.inset(m.gap * 0.25);
    canvas.round(well, m.radius, palette::BACKGROUND.mix(palette::PANEL, 0.4));
    picture(canvas, well.inset(m.gap * 0.9), rules);
    canvas.label(parts.name, entry.name, m.heading, Weight::Bold, Align::Center, palette::TEXT);
    let measure = canvas.measure();
    let mut lines = wrap(entry.tagline, parts.tagline.w, m.body, &measure);
    let line_h = parts.tagline.h / 3.0;
    if lines.len() > 3 {
        lines.truncate(3);
        lines[2] = ellipsize(&(lines[2].clone() + " …"), parts.tagline.w, m.body, &measure);
    }
    for (i, line) in lines.iter().enumerate() {
        let slot = Rect::new(parts.tagline.x, parts.tagline.y + i as f32 * line_h, parts.tagline.w, line_h);
        let w = canvas.text_width(line, m.body, Weight::Regular);
        let x = slot.x + (slot.w - w) / 2.0;
        canvas.text(line, x, baseline_in(slot, m.body), m.body, Weight::Regular, palette::TEXT_DIM);
    }
}
