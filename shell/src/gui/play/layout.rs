//! Where the parts of a play screen go: a pure function of the window
//! size and the board's aspect, so tests and the smoke test's click
//! coordinates use the same numbers as the screen.

use crate::gui::geometry::Rect;
use crate::gui::layout::{footer_buttons, frame};
use crate::gui::screen::View;
use crate::gui::theme::Metrics;

/// The footer buttons of a play screen, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayButton {
    /// Back to the launcher.
    Menu,
    /// A new game with the same seats and rules.
    NewGame,
    /// Take back (U).
    Undo,
    /// The computer plays my move (F2).
    PlayForMe,
    /// The next AI level (F4).
    Level,
    /// The computer plays both sides, or stops doing so (F3).
    Demo,
}

impl PlayButton {
    /// Every button, in footer order.
    pub const ALL: [PlayButton; 6] = [
        PlayButton::Menu,
        PlayButton::NewGame,
        PlayButton::Undo,
        PlayButton::PlayForMe,
        PlayButton::Level,
        PlayButton::Demo,
    ];
}

/// The parts of a play screen.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayLayout {
    /// The game's name.
    pub title: Rect,
    /// Whose turn it is, under the title.
    pub subtitle: Rect,
    /// The room the board may take.
    pub board_area: Rect,
    /// The board itself, of the board's aspect, centred in its room.
    pub board: Rect,
    /// The side panel: turn, scores, the move list.
    pub panel: Rect,
    /// The footer buttons, in [`PlayButton::ALL`] order.
    pub buttons: Vec<Rect>,
    /// The game-over panel, over the board.
    pub over: Rect,
    /// Its "Play again" button.
    pub play_again: Rect,
    /// Its "Menu" button.
    pub over_menu: Rect,
}

/// The layout of a play screen in `view` for a board of `aspect` (width
/// over height).
pub fn play_layout(view: &View, aspect: f32) -> PlayLayout {
    let m = &view.metrics;
    let f = frame(view);
    let panel_w = (f.body.w * 0.3).clamp(200.0 * m.scale, 420.0 * m.scale);
    let (panel, rest) = f.body.split_right(panel_w);
    let (_, board_area) = rest.split_right(m.gap * 1.5);
    let board = board_area.fit_aspect(aspect.max(0.1));
    let buttons = footer_buttons(f.footer, 3, 3, m);
    let (over, play_again, over_menu) = over_panel(board_area, m);
    PlayLayout {
        title: f.title,
        subtitle: f.subtitle,
        board_area,
        board,
        panel,
        buttons,
        over,
        play_again,
        over_menu,
    }
}

/// The game-over panel centred over the board's room, with its two
/// buttons side by side at its foot.
fn over_panel(area: Rect, m: &Metrics) -> (Rect, Rect, Rect) {
    let w = (m.button_width * 2.0 + m.gap * 3.0).max(area.w * 0.6).min(area.w);
    let h = (m.heading * 2.0 + m.body * 2.0 + m.button + m.gap * 4.0).min(area.h);
    let panel = area.centered(w, h);
    let inner = panel.inset(m.gap);
    let (row, _) = inner.split_bottom(m.button);
    let bw = ((row.w - m.gap) / 2.0).min(m.button_width);
    let again = Rect::new(row.center().x - m.gap / 2.0 - bw, row.y, bw, row.h);
    let menu = Rect::new(row.center().x + m.gap / 2.0, row.y, bw, row.h);
    (panel, again, menu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_stay_apart_and_inside_at_every_size() {
        for (w, h) in [(800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0), (1024.0, 768.0)] {
            let view = View::of_size(w, h);
            for aspect in [0.5, 1.0, 2.6] {
                let l = play_layout(&view, aspect);
                assert!(l.board.is_inside(&l.board_area));
                assert!(!l.board_area.overlaps(&l.panel));
                assert!((l.board.w / l.board.h - aspect).abs() < 0.01);
                for (i, b) in l.buttons.iter().enumerate() {
                    assert!(b.is_inside(&view.rect));
                    assert!(!b.overlaps(&l.panel) && !b.overlaps(&l.board_area));
                    for c in &l.buttons[i + 1..] {
                        assert!(!b.overlaps(c));
                    }
                }
                assert!(l.play_again.is_inside(&l.over) && l.over_menu.is_inside(&l.over));
                assert!(!l.play_again.overlaps(&l.over_menu));
                assert!(l.over.is_inside(&l.board_area));
            }
        }
    }
}
