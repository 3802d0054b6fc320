//! What every full-window screen shares: the title and subtitle, how a
//! widget looks now, and the help lines under a form.

use crate::canvas::{Align, Canvas, Weight};
use crate::context::AppContext;
use crate::geometry::Rect;
use crate::layout::Frame;
use crate::text::wrap;
use crate::theme::{Metrics, palette};
use crate::widgets::button::Look;
use crate::widgets::{Widget, hovered};

/// Draws a screen's title and subtitle (the window is already cleared to
/// the background colour).
pub fn draw_chrome(canvas: &mut Canvas, frame: &Frame, title: &str, subtitle: &str, m: &Metrics) {
    canvas.label(frame.title, title, m.title, Weight::Bold, Align::Left, palette::TEXT);
    canvas.label(frame.subtitle, subtitle, m.body, Weight::Regular, Align::Left, palette::TEXT_DIM);
    let rule = Rect::new(frame.subtitle.x, frame.subtitle.bottom(), frame.subtitle.w, 1.0);
    canvas.fill(rule, palette::EDGE);
}

/// How widget `index` looks now: focused (when the keyboard is in use),
/// under the pointer, disabled.
pub fn look_of<M>(widgets: &[Widget<M>], index: usize, focus: usize, ctx: &AppContext) -> Look {
    let w = &widgets[index];
    Look {
        focused: ctx.keyboard && focus == index && w.enabled,
        hovered: hovered(widgets, ctx.pointer) == Some(index),
        disabled: !w.enabled,
        primary: false,
    }
}

/// Draws up to two lines of help text in `r`: the help of the focused item,
/// or a problem in the warning colour.
pub fn draw_help(canvas: &mut Canvas, ctx: &AppContext, r: Rect, text: &str, problem: bool, m: &Metrics) {
    let lines = wrap(text, r.w, m.small, ctx.measure());
    let line_h = r.h / 2.0;
    let color = if problem { palette::WARNING } else { palette::TEXT_DIM };
    for (i, line) in lines.iter().take(2).enumerate() {
        let slot = Rect::new(r.x, r.y + i as f32 * line_h, r.w, line_h);
        canvas.label(slot, line, m.small, Weight::Regular, Align::Left, color);
    }
}
