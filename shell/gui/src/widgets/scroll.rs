//! Scrolling by whole rows or lines, so nothing is ever drawn half cut.

use crate::canvas::Canvas;
use crate::geometry::Rect;
use crate::theme::{Metrics, palette};

/// `first` moved by `delta` and kept within `0..=max_first`.
pub fn scroll_by(first: usize, delta: i32, max_first: usize) -> usize {
    let moved = first as i64 + delta as i64;
    moved.clamp(0, max_first as i64) as usize
}

/// Draws a thin scroll indicator at the right of `area`: `first` of
/// `total` items, `shown` of them visible. Nothing when all fit.
pub fn draw_indicator(
    canvas: &mut Canvas,
    area: Rect,
    first: usize,
    shown: usize,
    total: usize,
    m: &Metrics,
) {
    if total == 0 || shown >= total {
        return;
    }
    let w = (m.gap * 0.35).max(3.0);
    let track = Rect::new(area.right() - w, area.y, w, area.h);
    canvas.round(track, w / 2.0, palette::PANEL);
    let h = (track.h * shown as f32 / total as f32).max(w * 4.0);
    let y = track.y + (track.h - h) * first as f32 / (total - shown).max(1) as f32;
    canvas.round(Rect::new(track.x, y.min(track.bottom() - h), w, h), w / 2.0, palette::TEXT_DIM);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrolling_stays_in_range() {
        assert_eq!(scroll_by(0, -3, 10), 0);
        assert_eq!(scroll_by(4, 3, 10), 7);
        assert_eq!(scroll_by(9, 10_000, 10), 10);
    }
}
