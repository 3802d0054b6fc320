//! Where the army editor's parts go: a pure function of the window, so
//! tests check that nothing overlaps at every size.

use crate::geometry::Rect;
use crate::layout::{footer_buttons, frame};
use crate::screen::View;
use strategy_chess::Rank;

/// Rows in each of the editor's two columns.
pub const ROWS_PER_COLUMN: usize = Rank::ALL.len().div_ceil(2);

/// The parts of the army editor.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyLayout {
    /// The title line.
    pub title: Rect,
    /// The line under the title.
    pub subtitle: Rect,
    /// One stepper row per rank, in the order of [`Rank::ALL`]: the first
    /// half down the left column, the rest down the right.
    pub rows: Vec<Rect>,
    /// The count of pieces and what the rules say of the army (two lines).
    pub summary: Rect,
    /// The footer: Classic and Barrage on the left, Cancel and Done on
    /// the right.
    pub buttons: Vec<Rect>,
}

/// The army editor's layout in `view`.
pub fn army_layout(view: &View) -> ArmyLayout {
    let m = &view.metrics;
    let f = frame(view);
    let (summary, grid) = f.body.split_bottom(m.body * 1.5 * 2.0);
    let (_, grid) = grid.split_bottom(m.gap);
    let column_w = ((grid.w - m.gap * 1.5) / 2.0).min(460.0 * m.scale);
    let left = grid.x + (grid.w - column_w * 2.0 - m.gap * 1.5) / 2.0;
    let n = ROWS_PER_COLUMN as f32;
    let gap = m.gap * 0.5;
    let row_h = m.row.min((grid.h - gap * (n - 1.0)) / n).max(0.0);
    let rows = (0..Rank::ALL.len())
        .map(|i| {
            let (column, row) = (i / ROWS_PER_COLUMN, i % ROWS_PER_COLUMN);
            let x = left + column as f32 * (column_w + m.gap * 1.5);
            Rect::new(x, grid.y + row as f32 * (row_h + gap), column_w, row_h)
        })
        .collect();
    // Right under the rows, where the eye is.
    let below = grid.y + n * (row_h + gap) - gap + m.gap;
    let summary = Rect::new(left, below.min(summary.y), column_w * 2.0 + m.gap * 1.5, summary.h);
    ArmyLayout {
        title: f.title,
        subtitle: f.subtitle,
        rows,
        summary,
        buttons: footer_buttons(f.footer, 2, 2, m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_and_buttons_fit_every_window_apart() {
        for (w, h) in [(640.0, 480.0), (800.0, 600.0), (1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let view = View::of_size(w, h);
            let l = army_layout(&view);
            let mut parts: Vec<Rect> = l.rows.clone();
            parts.push(l.summary);
            parts.extend(l.buttons.iter().copied());
            for (i, a) in parts.iter().enumerate() {
                assert!(a.is_inside(&view.rect) && a.w > 0.0 && a.h > 0.0, "{a:?} at {w}x{h}");
                for b in &parts[i + 1..] {
                    assert!(!a.overlaps(b), "{a:?} overlaps {b:?} at {w}x{h}");
                }
            }
            assert_eq!(l.rows.len(), 12);
            assert!(l.rows[0].h >= view.metrics.body * 1.4, "rows stay tall enough to read at {w}x{h}");
        }
    }
}
