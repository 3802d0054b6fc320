//! The launcher's screens. Each has its own message enum, a pure
//! `widgets` function (layout plus hit areas) and an `on_message`
//! function, so tests drive them without a window.

pub mod host;
pub mod labels;
pub mod launcher;
pub mod mode;
pub mod move_list;
pub mod preferences;
pub mod record_text;
pub mod replay;
pub mod rules;
pub mod saved;
pub mod setup;

use super::canvas::{Align, Canvas, Weight};
use super::context::AppContext;
use super::geometry::Rect;
use super::layout::Frame;
use super::text::wrap;
use super::theme::{Metrics, palette};
use super::widgets::button::Look;
use super::widgets::{Widget, hovered};

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

#[cfg(test)]
pub(crate) mod testing {
    //! Checks shared by the screens' layout tests.

    use super::super::geometry::Rect;
    use super::super::widgets::Widget;

    /// The window sizes every screen is checked at.
    pub const SIZES: [(f32, f32); 4] = [(800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0), (1024.0, 768.0)];

    /// Visible widgets stay inside the window and never overlap.
    pub fn assert_laid_out<M>(widgets: &[Widget<M>], window: Rect) {
        let shown: Vec<&Widget<M>> = widgets.iter().filter(|w| w.visible).collect();
        for (i, a) in shown.iter().enumerate() {
            assert!(a.rect.is_inside(&window), "{:?} leaves the window {window:?}", a.rect);
            assert!(a.rect.w > 0.0 && a.rect.h > 0.0, "{:?} is empty", a.rect);
            for (zone, _) in &a.zones {
                assert!(zone.is_inside(&a.rect), "a zone {zone:?} leaves its widget {:?}", a.rect);
            }
            for b in &shown[i + 1..] {
                assert!(!a.rect.overlaps(&b.rect), "{:?} overlaps {:?}", a.rect, b.rect);
            }
        }
    }
}
