//! The warning banner: what went wrong with the settings file, and a
//! button to dismiss it.

use super::button::{self, Look};
use crate::canvas::{Align, Canvas, Weight};
use crate::geometry::Rect;
use crate::text::{ellipsize, wrap};
use crate::theme::{Metrics, palette};

/// The lines of notice text a banner of `width` shows at most.
pub const MAX_LINES: usize = 6;

/// Breaks notices into at most [`MAX_LINES`] lines of `width` at the small
/// size; the last line says how many more there are if they do not fit.
pub fn banner_lines(
    notices: &[String],
    width: f32,
    size: f32,
    measure: &dyn crate::text::TextMeasure,
) -> Vec<String> {
    let mut lines: Vec<String> = notices.iter().flat_map(|n| wrap(n, width, size, measure)).collect();
    if lines.len() > MAX_LINES {
        let hidden = lines.len() - (MAX_LINES - 1);
        lines.truncate(MAX_LINES - 1);
        lines.push(ellipsize(
            &format!("… and {hidden} more lines, also printed on the launcher's standard error"),
            width,
            size,
            measure,
        ));
    }
    lines
}

/// Draws the banner.
pub fn draw(
    canvas: &mut Canvas,
    banner: Rect,
    text: Rect,
    dismiss: Rect,
    lines: &[String],
    look: Look,
    m: &Metrics,
) {
    canvas.round(banner, m.radius, palette::WARNING_FILL);
    canvas.fill(
        Rect::new(banner.x, banner.y + m.radius, m.outline, banner.h - 2.0 * m.radius),
        palette::WARNING,
    );
    let line_h = text.h / lines.len().max(1) as f32;
    for (i, line) in lines.iter().enumerate() {
        let slot = Rect::new(text.x, text.y + i as f32 * line_h, text.w, line_h);
        let color = if i == 0 { palette::TEXT } else { palette::TEXT.mix(palette::WARNING, 0.25) };
        canvas.label(slot, line, m.small, Weight::Regular, Align::Left, color);
    }
    button::draw(canvas, dismiss, "Got it", look, m);
}
