//! The side panel's layout: turn and "Go!"/"Wait" (or who won) on top,
//! how the game ended and the legend of the turned-over armies once it is
//! over, the enemy's pieces left per rank, the last battle, and the
//! captured-pieces tray.

use crate::geometry::Rect;
use crate::theme::Metrics;

/// Where each part of the side panel goes.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelLayout {
    /// The turn counter ("T: 12").
    pub turn: Rect,
    /// "Go!", "Wait" or who won.
    pub status: Rect,
    /// How the game ended (no height while it goes on).
    pub ending: Rect,
    /// What the mark on pieces never revealed in a battle means (no height
    /// while the game goes on).
    pub legend: Rect,
    /// The heading over the enemy's remaining pieces.
    pub remaining_title: Rect,
    /// One box per rank of the enemy army.
    pub remaining: Vec<Rect>,
    /// The heading over the last battle.
    pub battle_title: Rect,
    /// The two fighters' pieces.
    pub battle_pieces: Rect,
    /// The battle in words (two lines), right of the pieces.
    pub battle_text: [Rect; 2],
    /// The heading over the captured pieces.
    pub captured_title: Rect,
    /// The viewer's lost pieces.
    pub lost: Rect,
    /// The enemy pieces taken.
    pub taken: Rect,
}

/// The layout of a panel in `area` showing `ranks` enemy ranks, for a game
/// that is `over` or not. Parts that do not fit a short panel get no
/// height (the trays first).
pub fn panel_layout(area: Rect, ranks: usize, over: bool, m: &Metrics) -> PanelLayout {
    let gap = m.gap * 0.4;
    let (top, rest) = area.split_top(m.body * 1.7);
    let (turn, status) = top.split_left(top.w * 0.45);
    let line_h = m.small * 1.45;
    // Two lines once the game is over; the legend's line stands in for the
    // gap below, so the trays keep their room.
    let (ending, rest) = rest.split_top(if over { line_h } else { 0.0 });
    let (legend, rest) = rest.split_top(if over { m.small * 1.3 } else { 0.0 });
    let title_h = m.small * 1.4;
    let (_, rest) = rest.split_top(if over { 0.0 } else { gap });
    let (remaining_title, rest) = rest.split_top(title_h);
    let columns = if area.w >= 180.0 * m.scale { 4 } else { 3 };
    let rows = ranks.div_ceil(columns).max(1);
    let cell_w = area.w / columns as f32;
    let cell_h = (m.body * 1.45).min(cell_w * 0.6).floor();
    let (grid, rest) = rest.split_top(cell_h * rows as f32);
    let remaining = (0..ranks)
        .map(|i| {
            let (c, r) = (i % columns, i / columns);
            Rect::new(grid.x + c as f32 * cell_w, grid.y + r as f32 * cell_h, cell_w, cell_h).inset(1.0)
        })
        .collect();
    let (_, rest) = rest.split_top(gap);
    let (battle_title, rest) = rest.split_top(title_h);
    let (battle, rest) = rest.split_top(line_h * 2.0);
    let (battle_pieces, text) = battle.split_left(battle.h * 2.6);
    let (_, text) = text.split_left(m.gap * 0.4);
    let (line1, line2) = text.split_top(line_h);
    let (_, rest) = rest.split_top(gap);
    let (captured_title, rest) = rest.split_top(title_h);
    let tray_h = (rest.h / 2.0).min(m.body * 1.5).floor();
    let (lost, rest) = rest.split_top(tray_h);
    let (taken, _) = rest.split_top(tray_h);
    PanelLayout {
        turn,
        status,
        ending,
        legend,
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

/// The most of the play screen's side panel the Strategy Chess part
/// takes (the move list gets the rest).
pub const PANEL_SHARE: f32 = 0.78;

/// The height the panel of [`panel_layout`] needs `width` wide, its trays
/// at full height: so the move list below gets all the rest.
pub fn panel_height(width: f32, ranks: usize, over: bool, m: &Metrics) -> f32 {
    panel_layout(Rect::new(0.0, 0.0, width, 10_000.0), ranks, over, m).taken.bottom().ceil()
}

impl PanelLayout {
    /// Every box of the panel, for overlap checks.
    pub fn boxes(&self) -> Vec<Rect> {
        let mut boxes = vec![
            self.turn,
            self.status,
            self.ending,
            self.legend,
            self.remaining_title,
            self.battle_title,
            self.battle_pieces,
        ];
        boxes.extend(self.remaining.iter().copied());
        boxes.extend(self.battle_text);
        boxes.extend([self.captured_title, self.lost, self.taken]);
        boxes.into_iter().filter(|r| r.w > 0.0 && r.h > 0.0).collect()
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
    use crate::screen::View;

    #[test]
    fn panel_parts_never_overlap_and_stay_inside() {
        for (w, h) in [(800.0, 600.0), (1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let view = View::of_size(w, h);
            let m = view.metrics;
            // The part of the play screen's panel the core gives the game:
            // the panel minus its padding, the two seat lines, the key help
            // and a gap, times the share.
            let panel = crate::play::layout::play_layout(&view, 1.0).panel.inset(m.gap);
            let below = m.body * 1.5 * 2.0 + m.small * 1.45 * 2.0 + m.gap * 0.5;
            let area = Rect::new(panel.x, panel.y, panel.w, (panel.h - below) * PANEL_SHARE);
            for (ranks, over) in [(12, false), (7, false), (12, true), (7, true)] {
                let layout = panel_layout(area, ranks, over, &m);
                assert_eq!(layout.ending.h > 0.0 && layout.legend.h > 0.0, over, "at {w}x{h}");
                assert_eq!(layout.remaining.len(), ranks);
                let boxes = layout.boxes();
                for (i, a) in boxes.iter().enumerate() {
                    assert!(a.is_inside(&area), "{a:?} leaves {area:?} at {w}x{h}");
                    for b in &boxes[i + 1..] {
                        assert!(!a.overlaps(b), "{a:?} overlaps {b:?} at {w}x{h}");
                    }
                }
                assert!(
                    layout.taken.h >= m.small * 1.4,
                    "the trays have room at {w}x{h}: {:?}",
                    layout.taken
                );
                assert!(layout.battle_text[0].w >= m.small * 6.0, "room for the battle at {w}x{h}");
            }
        }
        // Given only the height it needs, the panel still fits, and leaves
        // the move list room for several moves at 1280x800.
        for (w, h) in [(800.0, 600.0), (1280.0, 800.0)] {
            let view = View::of_size(w, h);
            let m = view.metrics;
            let panel = crate::play::layout::play_layout(&view, 1.0).panel;
            let width = panel.w - m.gap * 2.0;
            for over in [false, true] {
                let need = panel_height(width, 12, over, &m);
                let parts = crate::play::layout::panel_parts(panel, &m, (PANEL_SHARE, Some(need)), 0, false);
                let layout = panel_layout(parts.game, 12, over, &m);
                assert!(layout.taken.bottom() <= parts.game.bottom() + 0.5, "at {w}x{h}");
                assert!(layout.taken.h >= m.small * 1.4, "the trays keep their room at {w}x{h}");
                let rows = (parts.list.h / (m.small * 1.45)).floor();
                assert!(w < 1280.0 || over || rows >= 3.0, "{rows} rows of moves at {w}x{h}");
            }
        }
        let slots = tray_slots(Rect::new(0.0, 0.0, 100.0, 20.0), 12, 20.0);
        assert_eq!(slots.len(), 3);
        assert!(slots.iter().all(|s| s.is_inside(&Rect::new(0.0, 0.0, 100.0, 20.0))));
    }
}
