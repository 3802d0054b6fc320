//! Where the parts of a play screen go: a pure function of the window
//! size and the board's aspect, so tests and the smoke test's click
//! coordinates use the same numbers as the screen.

use crate::geometry::Rect;
use crate::layout::{footer_buttons_weighted, frame};
use crate::screen::View;
use crate::theme::Metrics;

/// The footer buttons of a play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayButton {
    /// Back to the launcher.
    Menu,
    /// A new game with the same seats and rules.
    NewGame,
    /// Take back (U).
    Undo,
    /// Save the game to a record (F6).
    Save,
    /// The computer shows the move it would play, without playing it (F7).
    Hint,
    /// The computer plays my move (F2).
    PlayForMe,
    /// The next AI level (F4).
    Level,
    /// The computer plays both sides, or stops doing so (F3).
    Demo,
    /// Give up (asks once more before it does).
    Resign,
    /// Offer a draw, or accept the opponent's offer (network games).
    Draw,
    /// Claim the game: the opponent left and did not come back in time
    /// (network games, in the place of Draw).
    Claim,
}

impl PlayButton {
    /// The buttons of a game at this computer, left group then right.
    pub const LOCAL: ([PlayButton; 4], [PlayButton; 5]) = (
        [PlayButton::Menu, PlayButton::NewGame, PlayButton::Undo, PlayButton::Save],
        [PlayButton::Hint, PlayButton::PlayForMe, PlayButton::Level, PlayButton::Demo, PlayButton::Resign],
    );

    /// The buttons of a network game, left group then right; `claim`: the
    /// opponent is away, so Claim takes Draw's place. No hint and no "Play
    /// for me": the computer does not help against a person.
    pub fn network(claim: bool) -> ([PlayButton; 2], [PlayButton; 2]) {
        let draw = if claim { PlayButton::Claim } else { PlayButton::Draw };
        ([PlayButton::Menu, PlayButton::Save], [draw, PlayButton::Resign])
    }

    /// How wide the button is against the others: in proportion to its
    /// longest label ("Stop demo", "Level 10") in the bold face, so nine
    /// buttons fit an 800x600 window without shrinking their text.
    pub fn weight(self) -> f32 {
        match self {
            PlayButton::Hint => 0.475,
            PlayButton::Save => 0.525,
            PlayButton::Undo => 0.555,
            PlayButton::Menu => 0.58,
            PlayButton::Resign => 0.76,
            PlayButton::Level => 0.81,
            PlayButton::NewGame => 0.98,
            PlayButton::Demo => 1.0,
            PlayButton::PlayForMe => 1.055,
            PlayButton::Draw => 1.1,
            PlayButton::Claim => 1.3,
        }
    }

    /// The buttons of a game, in footer order, with how many go left.
    pub fn set(remote: bool, claim: bool) -> (Vec<PlayButton>, usize) {
        if remote {
            let (left, right) = PlayButton::network(claim);
            (left.iter().chain(right.iter()).copied().collect(), left.len())
        } else {
            let (left, right) = PlayButton::LOCAL;
            (left.iter().chain(right.iter()).copied().collect(), left.len())
        }
    }
}

/// Which list the lower part of the side panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelTab {
    /// The chat (network games) with its input line.
    Chat,
    /// The moves played.
    Moves,
}

/// The parts of the side panel, top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelParts {
    /// One line per seat: who plays it.
    pub seats: [Rect; 2],
    /// The game's own part (status lines, pieces, the last battle).
    pub game: Rect,
    /// The heading of the list: "Moves", or the Chat and Moves tabs.
    pub list_head: Rect,
    /// The Chat tab and the Moves tab (network games).
    pub tabs: Option<(Rect, Rect)>,
    /// The list: moves or chat lines.
    pub list: Rect,
    /// The chat's input line (network games).
    pub input: Option<Rect>,
    /// The function keys' legend (games at this computer).
    pub keys: Option<Rect>,
}

/// Lays out the side panel `panel`: the game's part takes `game_share` of
/// the room under the seats, or only `game_need` where that is less (at
/// least `status_lines` lines); a network game (`chat`) keeps at least 40%
/// for the chat and its input line.
pub fn panel_parts(
    panel: Rect,
    m: &Metrics,
    (game_share, game_need): (f32, Option<f32>),
    status_lines: usize,
    chat: bool,
) -> PanelParts {
    let inner = panel.inset(m.gap);
    let line_h = m.body * 1.5;
    let small_h = m.small * 1.45;
    let (first, rest) = inner.split_top(line_h);
    let (second, mut area) = rest.split_top(line_h);
    let (mut keys, mut input) = (None, None);
    if chat {
        let (line, rest) = area.split_bottom(m.button * 0.8);
        input = Some(line);
        area = rest.split_bottom(m.gap * 0.4).1;
    } else {
        let (legend, rest) = area.split_bottom(small_h * 2.0);
        keys = Some(legend);
        area = rest;
    }
    let (_, area) = area.split_top(m.gap * 0.5);
    let share = if chat { game_share.clamp(0.0, 1.0).min(0.55) } else { game_share.clamp(0.0, 1.0) };
    let game_h = game_need
        .map_or(area.h * share, |need| need.min(area.h * share))
        .max(status_lines as f32 * line_h)
        .min(area.h);
    let (game, rest) = area.split_top(game_h);
    let (list_head, list) = rest.split_top(line_h);
    let tabs = chat.then(|| {
        let (a, b) = list_head.split_left(list_head.w / 2.0);
        (a, b)
    });
    PanelParts { seats: [first, second], game, list_head, tabs, list, input, keys }
}

/// Where the last of `n` moves go in the list `list`, rows `row_h` high,
/// in `columns` columns `gap` apart, each filled top to bottom before the
/// next: as many as fit, the latest last. Gives each shown move's index
/// with its row.
pub fn move_rows(list: Rect, n: usize, row_h: f32, columns: usize, gap: f32) -> Vec<(usize, Rect)> {
    let rows = if row_h > 0.0 { (list.h / row_h).floor().max(0.0) as usize } else { 0 };
    let columns = columns.max(1);
    let column_w = (list.w - gap * (columns - 1) as f32) / columns as f32;
    let first = n.saturating_sub(rows * columns);
    (first..n)
        .enumerate()
        .map(|(k, i)| {
            let (column, row) = (k / rows.max(1), k % rows.max(1));
            let x = list.x + column as f32 * (column_w + gap);
            (i, Rect::new(x, list.y + row as f32 * row_h, column_w, row_h))
        })
        .collect()
}

/// Where a toast goes: over the foot of the side panel, near the footer
/// buttons and clear of the board. That is the key legend in a game at
/// this computer, else the last two lines of the list (the chat's input
/// line stays free).
pub fn toast_area(parts: &PanelParts, m: &Metrics) -> Rect {
    match parts.keys {
        Some(keys) => keys,
        None => parts.list.split_bottom((m.small * 1.45 * 2.0).min(parts.list.h)).0,
    }
}

/// Where a banner over the board goes ("Free turn for Player One!"),
/// `text_w` wide: above the board where its room leaves space, else over
/// the board's top edge.
pub fn banner_rect(board_area: Rect, board: Rect, text_w: f32, m: &Metrics) -> Rect {
    let w = (text_w + m.gap * 3.0).min(board.w);
    let h = m.heading * 1.8;
    let room_above = board.y - board_area.y;
    let y = if room_above >= h + m.gap * 0.25 { board.y - h - m.gap * 0.25 } else { board.y + m.gap * 0.5 };
    Rect::new(board.center().x - w / 2.0, y, w, h)
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
    /// The footer buttons, in the order of [`PlayButton::set`].
    pub buttons: Vec<Rect>,
    /// The game-over panel, over the board.
    pub over: Rect,
    /// Its "Play again" button.
    pub play_again: Rect,
    /// Its "Menu" button.
    pub over_menu: Rect,
}

/// The layout of a play screen in `view` for a board of `aspect` (width
/// over height), with the buttons of a game at this computer.
pub fn play_layout(view: &View, aspect: f32) -> PlayLayout {
    let (left, right) = PlayButton::LOCAL;
    play_layout_for(view, aspect, &left, &right)
}

/// The layout of a play screen with the footer buttons `left` and `right`,
/// each as wide as its [`PlayButton::weight`].
pub fn play_layout_for(view: &View, aspect: f32, left: &[PlayButton], right: &[PlayButton]) -> PlayLayout {
    let weights = |buttons: &[PlayButton]| buttons.iter().map(|b| b.weight()).collect::<Vec<f32>>();
    play_layout_with(view, aspect, &weights(left), &weights(right))
}

/// The layout of a play screen with footer buttons of these weights (see
/// [`footer_buttons_weighted`]) on the left and on the right.
pub fn play_layout_with(view: &View, aspect: f32, left: &[f32], right: &[f32]) -> PlayLayout {
    let m = &view.metrics;
    let f = frame(view);
    let panel_w = (f.body.w * 0.3).clamp(200.0 * m.scale, 420.0 * m.scale);
    let (panel, rest) = f.body.split_right(panel_w);
    let (_, board_area) = rest.split_right(m.gap * 1.5);
    let board = board_area.fit_aspect(aspect.max(0.1));
    let buttons = footer_buttons_weighted(f.footer, left, right, m);
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

/// What the play screen's widgets send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayMsg {
    /// A footer button.
    Button(PlayButton),
    /// "Play again" on the game-over panel.
    PlayAgain,
    /// A tab of the panel's list (network games).
    Tab(PanelTab),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_stay_apart_and_inside_at_every_size() {
        for (w, h) in [(800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0), (1024.0, 768.0)] {
            let view = View::of_size(w, h);
            for (aspect, (left, right)) in [(0.5, (4, 5)), (1.0, (2, 2)), (2.6, (4, 4))] {
                let l = play_layout_with(&view, aspect, &vec![0.8; left], &vec![1.1; right]);
                assert_eq!(l.buttons.len(), left + right);
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

    #[test]
    fn the_panel_keeps_room_for_the_chat_and_its_parts_stay_apart() {
        for (w, h) in [(800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let view = View::of_size(w, h);
            let l = play_layout(&view, 1.0);
            for chat in [false, true] {
                let p = panel_parts(l.panel, &view.metrics, (0.78, None), 3, chat);
                let mut parts = vec![p.seats[0], p.seats[1], p.game, p.list_head, p.list];
                parts.extend(p.input.iter().chain(p.keys.iter()).copied());
                for (i, a) in parts.iter().enumerate() {
                    assert!(a.is_inside(&l.panel), "{a:?} leaves the panel at {w}x{h}");
                    for b in &parts[i + 1..] {
                        assert!(!a.overlaps(b), "{a:?} overlaps {b:?} at {w}x{h}");
                    }
                }
                assert_eq!(p.input.is_some(), chat);
                assert_eq!(p.keys.is_some(), !chat);
                if chat {
                    let room = p.list.h + p.list_head.h;
                    assert!(
                        room >= view.metrics.small * 1.45 * 4.0,
                        "four chat lines fit at {w}x{h}: {room}"
                    );
                    let (a, b) = p.tabs.unwrap();
                    assert!(a.is_inside(&p.list_head) && b.is_inside(&p.list_head) && !a.overlaps(&b));
                }
            }
        }
    }

    #[test]
    fn the_move_list_shows_the_latest_moves_in_one_or_two_columns() {
        let list = Rect::new(10.0, 100.0, 300.0, 70.0);
        let one = move_rows(list, 10, 23.0, 1, 8.0);
        assert_eq!(one.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [7, 8, 9]);
        let two = move_rows(list, 10, 23.0, 2, 8.0);
        assert_eq!(two.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [4, 5, 6, 7, 8, 9]);
        for (k, (_, a)) in two.iter().enumerate() {
            assert!(a.is_inside(&list));
            for (_, b) in &two[k + 1..] {
                assert!(!a.overlaps(b));
            }
        }
        assert!(two[2].1.y > two[0].1.y && two[3].1.x > two[0].1.x, "down the left column, then the right");
        assert_eq!(move_rows(list, 2, 23.0, 2, 8.0).len(), 2);
        assert!(move_rows(Rect::new(0.0, 0.0, 100.0, 10.0), 5, 23.0, 2, 8.0).is_empty(), "no room, no rows");
    }

    #[test]
    fn toasts_and_banners_leave_the_board_alone() {
        for (w, h) in [(800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let view = View::of_size(w, h);
            let m = &view.metrics;
            // A square board (Strategy Chess, Blockade) and a wide one (Stones).
            for aspect in [1.0, 2.6] {
                let l = play_layout(&view, aspect);
                for chat in [false, true] {
                    let p = panel_parts(l.panel, m, (0.5, None), 2, chat);
                    let toast = toast_area(&p, m);
                    assert!(toast.is_inside(&l.panel) && toast.h >= m.small * 2.0, "{toast:?} at {w}x{h}");
                    assert!(!toast.overlaps(&l.board_area));
                    if let Some(input) = p.input {
                        assert!(!toast.overlaps(&input), "typing stays free");
                    }
                }
                let banner = banner_rect(l.board_area, l.board, 300.0, m);
                assert!(banner.is_inside(&l.board_area));
                if aspect > 2.0 {
                    assert!(banner.bottom() <= l.board.y, "above a wide board at {w}x{h}");
                }
            }
        }
    }

    #[test]
    fn the_button_sets_hold_what_each_game_needs() {
        let (local, left) = PlayButton::set(false, false);
        assert_eq!((local.len(), left), (9, 4));
        assert!(local.contains(&PlayButton::Save) && local.contains(&PlayButton::Resign));
        assert!(local.contains(&PlayButton::Hint) && local.contains(&PlayButton::PlayForMe));
        let (net, left) = PlayButton::set(true, false);
        assert_eq!((net.len(), left), (4, 2));
        assert!(net.contains(&PlayButton::Draw) && !net.contains(&PlayButton::Undo));
        assert!(!net.contains(&PlayButton::Hint) && !net.contains(&PlayButton::PlayForMe), "no help online");
        let (claim, _) = PlayButton::set(true, true);
        assert!(claim.contains(&PlayButton::Claim) && !claim.contains(&PlayButton::Draw));
    }
}
