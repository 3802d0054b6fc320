//! The side panel's layout: turn and "Go!"/"Wait" on top, the enemy's
//! pieces left per rank, the last battle, and the captured-pieces tray.

use crate::gui::geometry::Rect;
use crate::gui::theme::Metrics;

/// Where each part of the side panel goes.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelLayout {
    /// The turn counter ("T: 12").
    pub turn: Rect,
    /// "Go!", "Wait" or the result.
    pub status: Rect,
    /// The heading over the enemy's remaining pieces.
    pub remaining_title: Rect,
    /// One box per rank of the enemy army.
    pub remaining: Vec<Rect>,
    /// The heading over the last battle.
    pub battle_title: Rect,
    /// The two fighters' pieces.
    pub battle_pieces: Rect,
    /// The battle in words (two lines).
    pub battle_text: [Rect; 2],
    /// The heading over the captured pieces.
    pub captured_title: Rect,
    /// The viewer's lost pieces.
    pub lost: Rect,
    /// The enemy pieces taken.
    pub taken: Rect,
}

/// The layout of a panel in `area` showing `ranks` enemy ranks.
pub fn panel_layout(area: Rect, ranks: usize, m: &Metrics) -> PanelLayout {
    let gap = m.gap * 0.5;
    let (top, rest) = area.split_top(m.heading * 1.9);
    let (turn, status) = top.split_left(top.w * 0.45);
    let title_h = m.small * 1.5;
    let (_, rest) = rest.split_top(gap);
    let (remaining_title, rest) = rest.split_top(title_h);
    let columns = if area.w >= 260.0 * m.scale { 4 } else { 3 };
    let rows = ranks.div_ceil(columns).max(1);
    let cell_w = area.w / columns as f32;
    let cell_h = (m.body * 1.9).min(cell_w * 0.7).floor();
    let (grid, rest) = rest.split_top(cell_h * rows as f32);
    let remaining = (0..ranks)
        .map(|i| {
            let (c, r) = (i % columns, i / columns);
            Rect::new(grid.x + c as f32 * cell_w, grid.y + r as f32 * cell_h, cell_w, cell_h).inset(1.0)
        })
        .collect();
    let (_, rest) = rest.split_top(gap);
    let (battle_title, rest) = rest.split_top(title_h);
    let (battle_pieces, rest) = rest.split_top(m.body * 2.2);
    let (line1, rest) = rest.split_top(m.small * 1.5);
    let (line2, rest) = rest.split_top(m.small * 1.5);
    let (_, rest) = rest.split_top(gap);
    let (captured_title, rest) = rest.split_top(title_h);
    let tray_h = (rest.h / 2.0).min(m.body * 2.0);
    let (lost, rest) = rest.split_top(tray_h);
    let (taken, _) = rest.split_top(tray_h);
    PanelLayout {
        turn,
        status,
        remaining_title,
        remaining,
        battle_title,
        battle_pieces,
        battle_text: [line1, line2],
        captured_title,
        lost,
        taken,
    }
}

impl PanelLayout {
    /// Every box of the panel, for overlap checks.
    pub fn boxes(&self) -> Vec<Rect> {
        let mut boxes =
            vec![self.turn, self.status, self.remaining_title, self.battle_title, self.battle_pieces];
        boxes.extend(self.remaining.iter().copied());
        boxes.extend(self.battle_text);
        boxes.extend([self.captured_title, self.lost, self.taken]);
        boxes.into_iter().filter(|r| r.h > 0.0).collect()
    }
}

/// Places `n` tray items of size `side` along `area`, as many as fit; the
/// rest are left out.
pub fn tray_slots(area: Rect, n: usize, side: f32) -> Vec<Rect> {
    let step = side * 1.75;
    let fit = if step > 0.0 { ((area.w + side * 0.75) / step).floor() as usize } else { 0 };
    (0..n.min(fit))
        .map(|i| Rect::new(area.x + i as f32 * step, area.y + (area.h - side) / 2.0, side, side))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::screen::View;

    #[test]
    fn panel_parts_never_overlap_and_stay_inside() {
        for (w, h) in [(800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let view = View::of_size(w, h);
            let m = view.metrics;
            let area = Rect::new(w * 0.62, 60.0, w * 0.35, h - 140.0);
            for ranks in [12, 7] {
                let layout = panel_layout(area, ranks, &m);
                assert_eq!(layout.remaining.len(), ranks);
                let boxes = layout.boxes();
                for (i, a) in boxes.iter().enumerate() {
                    assert!(a.is_inside(&area), "{a:?} leaves {area:?} at {w}x{h}");
                    for b in &boxes[i + 1..] {
                        assert!(!a.overlaps(b), "{a:?} overlaps {b:?} at {w}x{h}");
                    }
                }
                assert!(layout.lost.h >= m.small, "the tray has room at {w}x{h}");
            }
        }
        let slots = tray_slots(Rect::new(0.0, 0.0, 100.0, 20.0), 12, 20.0);
        assert_eq!(slots.len(), 3);
        assert!(slots.iter().all(|s| s.is_inside(&Rect::new(0.0, 0.0, 100.0, 20.0))));
    }
}
