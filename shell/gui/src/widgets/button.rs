//! Buttons: a rounded panel with a centred label.

use crate::canvas::{Align, Canvas, Weight};
use crate::geometry::Rect;
use crate::theme::{Metrics, palette};

/// How a widget is drawn right now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Look {
    /// The keyboard focus is on it (and the keyboard is in use).
    pub focused: bool,
    /// The pointer is over it.
    pub hovered: bool,
    /// It cannot be used now.
    pub disabled: bool,
    /// The main action of the screen (Start), drawn in the accent colour.
    pub primary: bool,
}

/// The fill of a panel-like widget in this look.
pub fn fill_of(look: Look) -> crate::theme::Rgba {
    match (look.disabled, look.primary, look.hovered) {
        (true, _, _) => palette::PANEL.mix(palette::BACKGROUND, 0.5),
        (false, true, false) => palette::ACCENT,
        (false, true, true) => palette::ACCENT.mix(palette::TEXT, 0.25),
        (false, false, true) => palette::PANEL_HOVER,
        (false, false, false) => palette::PANEL,
    }
}

/// Draws the focus ring around `r` if the look is focused.
pub fn focus_ring(canvas: &mut Canvas, r: Rect, look: Look, m: &Metrics) {
    if look.focused {
        canvas.ring(r, m.radius, m.outline, palette::ACCENT.mix(palette::TEXT, 0.15));
    }
}

/// The width a button's label has in `r` before it is shrunk.
pub fn label_room(r: Rect, m: &Metrics) -> f32 {
    r.w - m.gap * 1.2
}

/// Draws a button.
pub fn draw(canvas: &mut Canvas, r: Rect, label: &str, look: Look, m: &Metrics) {
    focus_ring(canvas, r, look, m);
    if look.primary {
        canvas.round(r, m.radius, fill_of(look));
    } else {
        // A hairline edge keeps plain buttons distinct from the panels.
        let edge = if look.disabled { palette::PANEL } else { palette::EDGE };
        canvas.round(r, m.radius, edge);
        canvas.round(r.inset(1.0), (m.radius - 1.0).max(0.0), fill_of(look));
    }
    let color = match (look.disabled, look.primary) {
        (true, _) => palette::DISABLED,
        (false, true) => palette::ON_ACCENT,
        (false, false) => palette::TEXT,
    };
    let room = label_room(r, m);
    canvas.label(r.inset_xy((r.w - room) / 2.0, 0.0), label, m.body, Weight::Bold, Align::Center, color);
}

/// Draws a large two-line button: a title and a smaller line under it,
/// with an optional badge on the right ("coming soon").
pub fn draw_tall(
    canvas: &mut Canvas,
    r: Rect,
    title: &str,
    detail: &str,
    badge: Option<&str>,
    look: Look,
    m: &Metrics,
) {
    focus_ring(canvas, r, look, m);
    canvas.round(r, m.radius, fill_of(look));
    let mut inner = r.inset_xy(m.gap, m.gap * 0.3);
    if let Some(badge) = badge {
        let w = (canvas.text_width(badge, m.small, Weight::Bold) + m.gap * 1.2).min(inner.w * 0.4);
        let (slot, rest) = inner.split_right(w);
        let pill = slot.centered(w, m.small * 1.8);
        canvas.round(pill, pill.h / 2.0, palette::EDGE);
        canvas.label(
            pill.inset_xy(m.gap * 0.4, 0.0),
            badge,
            m.small,
            Weight::Bold,
            Align::Center,
            palette::TEXT_DIM,
        );
        inner = rest.split_right(m.gap).1;
    }
    let (top, bottom) = inner.split_top(inner.h * 0.55);
    let (title_color, detail_color) = match (look.disabled, look.primary) {
        (true, _) => (palette::DISABLED, palette::DISABLED),
        (false, true) => (palette::ON_ACCENT, palette::ON_ACCENT),
        (false, false) => (palette::TEXT, palette::TEXT_DIM),
    };
    canvas.label(top, title, m.body * 1.1, Weight::Bold, Align::Left, title_color);
    canvas.label(bottom, detail, m.small, Weight::Regular, Align::Left, detail_color);
}
