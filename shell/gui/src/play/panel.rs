//! Drawing the parts of a play screen the core owns: the title and turn
//! line, the side panel (seats, the game's status, the move list, the
//! keys), the footer buttons, toasts, the hand-over cover and the
//! game-over panel.

use super::MatchConfig;
use super::board::{BoardFrame, BoardUi, Tone};
use super::layout::{PanelParts, PanelTab, PlayButton, PlayLayout, banner_rect, move_rows, toast_area};
use super::session::{SeatKind, Session};
use super::talk::DrawOffer;
use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::draw_chrome;
use crate::clock::Instant;
use crate::context::AppContext;
use crate::geometry::{Point, Rect};
use crate::screen::View;
use crate::text::wrap;
use crate::theme::{Metrics, Rgba, palette};
use crate::widgets::button::{self, Look};
use crate::widgets::scroll::{draw_indicator, scroll_by};
use crate::widgets::text_field::{self, FieldView, TextField};
use crate::widgets::{Widget, hovered};
use game_core::{Evaluate, Finish, Observe, Outcome, Seat};

/// What the panel shows besides the board.
pub struct PanelState<'a, G: Observe + Evaluate> {
    /// The match as configured.
    pub config: &'a MatchConfig,
    /// The match.
    pub session: &'a Session<G>,
    /// A short message, if one shows.
    pub toast: Option<&'a str>,
    /// Whether the game-over panel shows.
    pub game_over: bool,
    /// The seat the board is being handed to, if it is.
    pub handover: Option<Seat>,
    /// The footer button with the keyboard focus.
    pub focus: Option<usize>,
    /// Whether the keyboard was used last.
    pub keyboard: bool,
    /// The footer buttons, in order.
    pub buttons: &'a [PlayButton],
    /// The button that waits for its second press (Resign, New game).
    pub armed: Option<PlayButton>,
    /// The side panel's parts.
    pub parts: &'a PanelParts,
    /// What the panel's list shows.
    pub tab: PanelTab,
    /// Chat lines not yet seen.
    pub unread: usize,
    /// The chat line being typed.
    pub chat: &'a TextField,
    /// Whether typing goes to the chat now.
    pub typing: bool,
    /// How far the chat is scrolled back.
    pub chat_scroll: ChatScroll,
    /// The hint shown on the board, in words ("Hint: 4 (captures 5)").
    pub hint: Option<String>,
    /// The board is still showing the last move.
    pub animating: bool,
}

/// The game-over panel's last line: the panel stands over the board's
/// middle, and the final position is worth a look.
pub const OVER_HINT: &str = "Click the board to look at it";

/// The function keys' legend at the foot of the panel (F6 saves, as the
/// Save button says where it has room).
pub const KEY_LINES: [&str; 2] =
    ["F7 hint · F2 play for me · F1 legal", "F3 demo · F4 level · F5 two players"];

/// The colour of a seat's stones or pieces.
pub fn seat_color(seat: Seat) -> Rgba {
    if seat == Seat::FIRST { palette::RED_ARMY } else { palette::BLUE_ARMY }
}

/// The result in words: "Player One wins by 12", "A draw"; a game without
/// a score (not `scored`) says only who won.
pub fn outcome_text(outcome: Outcome, names: [&str; 2], scored: bool) -> String {
    match outcome.winner {
        None => "A draw".into(),
        Some(seat) if scored && outcome.margin > 0 => {
            format!("{} wins by {}", names[seat.index() & 1], outcome.margin)
        }
        Some(seat) => format!("{} wins", names[seat.index() & 1]),
    }
}

/// How the game ended when not by the rules.
pub fn finish_text(finish: Option<Finish>, names: [&str; 2]) -> Option<String> {
    match finish? {
        Finish::Rules(_) => None,
        Finish::Resigned(seat) => Some(format!("{} resigned", names[seat.index() & 1])),
        Finish::DrawAgreed => Some("Drawn by agreement".into()),
        Finish::Abandoned(seat) => Some(format!("{} left the game", names[seat.index() & 1])),
    }
}

/// Who plays a seat, in words.
pub fn seat_player<G: Observe + Evaluate>(session: &Session<G>, seat: Seat) -> String {
    match session.seat_kind(seat) {
        SeatKind::Human if Seat::all(2).all(|s| session.seat_kind(s) == SeatKind::Human) => {
            "at this computer".into()
        }
        SeatKind::Human => "you".into(),
        SeatKind::Computer => format!("computer, level {}", session.level()),
        SeatKind::Remote => "on the network".into(),
    }
}

/// Who played the last move, if any.
pub fn last_mover<G: Observe + Evaluate>(session: &Session<G>) -> Option<Seat> {
    let last = session.history_len().checked_sub(1)?;
    session.history_item(last).map(|(seat, _)| seat)
}

/// The line under the title: whose turn, or the result. While the board
/// still shows a move (`animating`), it names the player moving, not the
/// one to move next.
pub fn turn_text<G: Observe + Evaluate>(
    session: &Session<G>,
    names: [&str; 2],
    scored: bool,
    time: f32,
    animating: bool,
) -> String {
    if animating && let Some(mover) = last_mover(session) {
        let name = names[mover.index() & 1];
        return match session.seat_kind(mover) {
            SeatKind::Computer => format!("{name} (computer) moves"),
            SeatKind::Human | SeatKind::Remote => format!("{name} moves"),
        };
    }
    if let Some(outcome) = session.outcome() {
        return format!("Game over: {}", outcome_text(outcome, names, scored));
    }
    let seat = session.to_move();
    let name = names[seat.index() & 1];
    if let Some((thinking, _)) = session.thinking() {
        let dots = ".".repeat(1 + (time * 3.0) as usize % 3);
        return if session.seat_kind(thinking) == SeatKind::Computer {
            format!("{name}: the computer is thinking{dots}")
        } else {
            format!("{name}: the computer plays your move{dots}")
        };
    }
    match session.seat_kind(seat) {
        SeatKind::Human if Seat::all(2).all(|s| session.seat_kind(s) == SeatKind::Human) => {
            format!("{name} to move")
        }
        SeatKind::Human => format!("Your move ({name})"),
        SeatKind::Computer => format!("{name} (computer) to move"),
        SeatKind::Remote => format!("Waiting for {name} on the network"),
    }
}

fn tone_color(tone: Tone) -> Rgba {
    match tone {
        Tone::Normal => palette::TEXT,
        Tone::Dim => palette::TEXT_DIM,
        Tone::Accent => palette::ACCENT,
        Tone::Seat(seat) => seat_color(seat).mix(palette::TEXT, 0.35),
    }
}

/// The label of a footer button, with the key it answers to when `fits`
/// says the label with the key fits. `armed`: the button that waits for
/// its second press (Resign, or New game during an unfinished game, which
/// keeps its label and is drawn urgent).
pub fn button_label<G: Observe + Evaluate>(
    b: PlayButton,
    session: &Session<G>,
    armed: Option<PlayButton>,
    fits: impl Fn(&str) -> bool,
) -> String {
    let keyed = |label: String, k: &str| {
        let long = format!("{label} ({k})");
        if fits(&long) { long } else { label }
    };
    match b {
        PlayButton::Menu => "Menu".into(),
        PlayButton::NewGame => "New game".into(),
        PlayButton::Undo => "Undo".into(),
        PlayButton::Save => keyed("Save".into(), "F6"),
        PlayButton::Hint => keyed("Hint".into(), "F7"),
        PlayButton::PlayForMe => keyed("Play for me".into(), "F2"),
        PlayButton::Level => keyed(format!("Level {}", session.level()), "F4"),
        PlayButton::Demo if session.in_demo() => keyed("Stop demo".into(), "F3"),
        PlayButton::Demo => keyed("Demo".into(), "F3"),
        PlayButton::Resign if armed == Some(b) => "Resign?".into(),
        PlayButton::Resign => "Resign".into(),
        PlayButton::Draw => match session.talk().map(|t| t.offer()) {
            Some(DrawOffer::Theirs) => "Accept draw".into(),
            Some(DrawOffer::Mine) => "Draw offered".into(),
            _ => "Offer draw".into(),
        },
        PlayButton::Claim => "Claim the win".into(),
    }
}

/// Whether the footer's labels say their keys: on every button that
/// answers to one, or on none (a row where some say their key and some do
/// not reads as if the others had none). `width` measures a label in the
/// buttons' bold face.
pub fn footer_keys_fit<G: Observe + Evaluate>(
    buttons: &[PlayButton],
    rects: &[Rect],
    session: &Session<G>,
    armed: Option<PlayButton>,
    width: impl Fn(&str) -> f32,
    m: &Metrics,
) -> bool {
    buttons
        .iter()
        .zip(rects)
        .all(|(b, r)| width(&button_label(*b, session, armed, |_| true)) <= button::label_room(*r, m))
}

/// Draws the whole play screen.
#[allow(clippy::too_many_arguments)]
pub fn draw_screen<G: Observe + Evaluate, B: BoardUi<G>>(
    state: &PanelState<'_, G>,
    board: &B,
    frame: &BoardFrame<'_, G, B::Spot>,
    l: &PlayLayout,
    widgets: &[Widget<super::layout::PlayMsg>],
    ctx: &AppContext,
    view: &View,
    canvas: &mut Canvas,
) {
    let m = &view.metrics;
    let names = frame.names;
    let entry = state.config.game.entry();
    let frame_bands = crate::layout::frame(view);
    let turn = turn_text(state.session, names, entry.scored, frame.time, state.animating);
    draw_chrome(canvas, &frame_bands, entry.name, &turn, m);
    let searching = state.session.thinking().is_some() || state.session.hinting();
    if searching {
        spinner(canvas, l.subtitle, frame.time, m);
    }
    let help = match (&state.hint, state.session.hinting()) {
        (Some(hint), _) => Some(hint.clone()),
        (None, true) => Some("Looking for a hint…".to_string()),
        (None, false) => None,
    };
    if let Some(text) = help {
        // Right of the turn line, clear of the spinner.
        let left = canvas.text_width(&turn, m.body, Weight::Regular) + m.gap * 2.0;
        let right = if searching { m.body * 3.0 } else { 0.0 };
        let slot = Rect::new(l.subtitle.x + left, l.subtitle.y, l.subtitle.w - left - right, l.subtitle.h);
        canvas.label(slot, &text, m.body, Weight::Bold, Align::Right, crate::play::marks::HINT);
    }

    match state.handover {
        Some(seat) => draw_handover(canvas, l.board_area, names[seat.index() & 1], m),
        None => {
            board.draw(frame, canvas);
            if let Some(text) = board.banner(frame.view, names) {
                canvas.layer();
                draw_banner(canvas, l.board_area, l.board, &text, m);
            }
        }
    }
    draw_panel(state, board, frame, l.panel, canvas, ctx.measure(), m);

    let rects: Vec<Rect> = widgets.iter().map(|w| w.rect).collect();
    let width = |text: &str| canvas.text_width(text, m.body, Weight::Bold);
    let keys_fit = footer_keys_fit(state.buttons, &rects, state.session, state.armed, width, m);
    for (i, (w, b)) in widgets.iter().zip(state.buttons).enumerate() {
        let urgent = match b {
            PlayButton::Resign | PlayButton::NewGame => state.armed == Some(*b),
            PlayButton::Draw => state.session.talk().is_some_and(|t| t.offer() == DrawOffer::Theirs),
            PlayButton::Claim => w.enabled,
            _ => false,
        };
        let look = Look {
            focused: state.keyboard && state.focus == Some(i) && w.enabled,
            hovered: hovered(widgets, ctx.pointer) == Some(i),
            disabled: !w.enabled,
            primary: urgent && w.enabled,
        };
        let label = button_label(*b, state.session, state.armed, |_| keys_fit);
        button::draw(canvas, w.rect, &label, look, m);
    }
    if let Some((chat, moves)) = state.parts.tabs {
        let base = state.buttons.len();
        for (k, (rect, tab)) in [(chat, PanelTab::Chat), (moves, PanelTab::Moves)].into_iter().enumerate() {
            let i = base + k;
            let chosen = state.tab == tab;
            if hovered(widgets, ctx.pointer) == Some(i) && !chosen {
                canvas.round(rect, m.radius * 0.6, palette::PANEL_HOVER);
            }
            if state.keyboard && state.focus == Some(i) {
                canvas.ring(rect.inset(2.0), m.radius * 0.6, 2.0, palette::ACCENT);
            }
            let label = match tab {
                PanelTab::Chat if state.unread > 0 && !chosen => format!("Chat ({} new)", state.unread),
                PanelTab::Chat => "Chat".to_string(),
                PanelTab::Moves => "Moves".to_string(),
            };
            let (weight, color) = if chosen {
                (Weight::Bold, palette::TEXT)
            } else if tab == PanelTab::Chat && state.unread > 0 {
                (Weight::Bold, palette::ACCENT)
            } else {
                (Weight::Regular, palette::TEXT_DIM)
            };
            canvas.label(rect.inset_xy(m.gap * 0.3, 0.0), &label, m.body, weight, Align::Left, color);
            if chosen {
                canvas.fill(Rect::new(rect.x, rect.bottom() - 2.0, rect.w, 2.0), palette::ACCENT);
            }
        }
    }
    if state.game_over
        && let Some(outcome) = state.session.outcome()
    {
        canvas.layer();
        let how = finish_text(state.session.finish(), names);
        // A game that ended other than by the rules is told by how it ended.
        let detail = if how.is_none() { board.result_detail(frame.view, outcome) } else { None };
        canvas.round(l.over.inset(-m.outline), m.radius * 1.4, palette::BACKGROUND.with_alpha(0.6));
        canvas.round(l.over, m.radius * 1.4, palette::PANEL);
        let inner = l.over.inset(m.gap);
        let (head, rest) = inner.split_top(m.heading * 1.8);
        let color = match outcome.winner {
            Some(w) if state.session.seat_kind(w) == SeatKind::Human => palette::GOOD,
            Some(_) => palette::ACCENT,
            None => palette::TEXT,
        };
        canvas.label(
            head,
            &outcome_text(outcome, names, entry.scored),
            m.heading * 1.2,
            Weight::Bold,
            Align::Center,
            color,
        );
        let mut y = rest.y;
        let lines = [how, detail].into_iter().flatten().map(|line| (line, m.body));
        let hint = (OVER_HINT.to_string(), m.small);
        for (line, size) in lines.chain([hint]) {
            let r = Rect::new(rest.x, y, rest.w, size * 1.6);
            if r.bottom() <= l.play_again.y {
                canvas.label(r, &line, size, Weight::Regular, Align::Center, palette::TEXT_DIM);
            }
            y += size * 1.6;
        }
        let n = widgets.len();
        for (i, label) in [(n - 2, "Play again"), (n - 1, "Menu")] {
            let w = &widgets[i];
            let look = Look {
                focused: state.keyboard && state.focus == Some(i),
                hovered: hovered(widgets, ctx.pointer) == Some(i),
                disabled: !w.enabled,
                primary: i == n - 2 && w.enabled,
            };
            button::draw(canvas, w.rect, label, look, m);
        }
    }
    if let Some(text) = state.toast {
        canvas.layer();
        draw_toast(canvas, toast_area(state.parts, m), text, ctx.measure(), m);
    }
}

/// A toast over `area` (see [`toast_area`]): one line of body text where
/// it fits, else up to two of small text.
fn draw_toast(
    canvas: &mut Canvas,
    area: Rect,
    text: &str,
    measure: &dyn crate::text::TextMeasure,
    m: &Metrics,
) {
    // Wider than the legend it covers, never taller (the list is above).
    let r = area.inset_xy(-m.gap * 0.35, 0.0);
    canvas.ring(r, m.radius, m.outline * 0.6, palette::ACCENT);
    canvas.round(r, m.radius, palette::PANEL_HOVER);
    let inner = r.inset_xy(m.gap * 0.5, 0.0);
    if measure.width(text, m.body) <= inner.w {
        canvas.label(inner, text, m.body, Weight::Regular, Align::Center, palette::TEXT);
        return;
    }
    let mut lines = wrap(text, inner.w, m.small, measure);
    if lines.len() > 2 {
        lines.truncate(2);
        lines[1] = crate::text::ellipsize(&(lines[1].clone() + " …"), inner.w, m.small, measure);
    }
    let line_h = m.small * 1.35;
    let top = inner.center().y - line_h * lines.len() as f32 / 2.0;
    for (i, line) in lines.iter().enumerate() {
        let row = Rect::new(inner.x, top + i as f32 * line_h, inner.w, line_h);
        canvas.label(row, line, m.small, Weight::Regular, Align::Center, palette::TEXT);
    }
}

fn spinner(canvas: &mut Canvas, subtitle: Rect, time: f32, m: &Metrics) {
    let r = m.body * 0.35;
    let c = Point::new(subtitle.right() - r * 4.0, subtitle.center().y);
    for i in 0..8 {
        let a = i as f32 / 8.0 * std::f32::consts::TAU;
        let lit = ((time * 8.0) as i32 - i).rem_euclid(8) as f32 / 8.0;
        let p = Point::new(c.x + a.cos() * r * 2.2, c.y + a.sin() * r * 2.2);
        canvas.circle(p, r * 0.45, palette::ACCENT.mix(palette::PANEL, lit));
    }
}

/// A banner over the board (see [`banner_rect`]).
pub fn draw_banner(canvas: &mut Canvas, board_area: Rect, board: Rect, text: &str, m: &Metrics) {
    let r = banner_rect(board_area, board, canvas.text_width(text, m.heading, Weight::Bold), m);
    canvas.round(r, r.h / 2.0, palette::ACCENT);
    canvas.label(r.inset_xy(m.gap, 0.0), text, m.heading, Weight::Bold, Align::Center, palette::ON_ACCENT);
}

fn draw_handover(canvas: &mut Canvas, area: Rect, name: &str, m: &Metrics) {
    canvas.round(area, m.radius * 1.4, palette::PANEL);
    let (top, bottom) = area.split_top(area.h / 2.0);
    canvas.label(
        Rect::new(top.x, top.bottom() - m.heading * 2.0, top.w, m.heading * 2.0),
        &format!("Hand the computer to {name}"),
        m.heading,
        Weight::Bold,
        Align::Center,
        palette::TEXT,
    );
    canvas.label(
        Rect::new(bottom.x, bottom.y, bottom.w, m.body * 2.0),
        "The board is hidden. Click or press Enter when ready.",
        m.body,
        Weight::Regular,
        Align::Center,
        palette::TEXT_DIM,
    );
}

fn draw_panel<G: Observe + Evaluate, B: BoardUi<G>>(
    state: &PanelState<'_, G>,
    board: &B,
    frame: &BoardFrame<'_, G, B::Spot>,
    panel: Rect,
    canvas: &mut Canvas,
    measure: &dyn crate::text::TextMeasure,
    m: &Metrics,
) {
    canvas.round(panel, m.radius * 1.2, palette::PANEL);
    let parts = state.parts;
    let line_h = m.body * 1.5;
    let small_h = m.small * 1.45;
    // The seats, the one moving marked: while a move is shown, its player.
    let session = state.session;
    let moving = match last_mover(session) {
        Some(mover) if state.animating => Some(mover),
        _ => session.outcome().is_none().then(|| session.to_move()),
    };
    for (seat, row) in Seat::all(2).zip(parts.seats) {
        let to_move = moving == Some(seat);
        let dot = Point::new(row.x + m.body * 0.4, row.center().y);
        canvas.circle(dot, m.body * 0.33, seat_color(seat));
        if to_move {
            canvas.circle_outline(dot, m.body * 0.5, m.outline * 0.7, palette::ACCENT);
        }
        let text = format!("{}: {}", frame.names[seat.index() & 1], seat_player(state.session, seat));
        let weight = if to_move { Weight::Bold } else { Weight::Regular };
        let label_r = Rect::new(row.x + m.body * 1.1, row.y, row.w - m.body * 1.1, row.h);
        canvas.label(label_r, &text, m.body, weight, Align::Left, palette::TEXT);
    }
    // The keys, at the foot.
    if let Some(keys) = parts.keys {
        let key_lines = KEY_LINES;
        for (i, line) in key_lines.iter().enumerate() {
            let r = Rect::new(keys.x, keys.y + i as f32 * small_h, keys.w, small_h);
            canvas.label(r, line, m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
        }
    }
    // The game's part.
    let status = board.status(frame.view, frame.names);
    let mut game = parts.game;
    for line in &status {
        if game.h < line_h {
            break;
        }
        let (row, below) = game.split_top(line_h);
        game = below;
        canvas.label(row, &line.text, m.body, Weight::Regular, Align::Left, tone_color(line.tone));
    }
    if game.h > m.small {
        board.draw_panel(frame, game, canvas);
    }
    // The list: the moves, or in a network game the chat.
    let head = parts.list_head;
    canvas.fill(Rect::new(head.x, head.y, head.w, 1.0), palette::EDGE);
    if parts.tabs.is_none() {
        canvas.label(head, "Moves", m.body, Weight::Bold, Align::Left, palette::TEXT_DIM);
    }
    let mut list = parts.list;
    // An opponent away: how long until the game may be claimed.
    if let Some((seat, left)) = state.session.talk().and_then(|t| t.away(Instant::now())) {
        let name = frame.names[seat.index() & 1];
        let text = if left.is_zero() {
            format!("{name} did not come back: you may claim the win.")
        } else {
            format!("{name} lost the connection and has {} s to come back.", left.as_secs() + 1)
        };
        for line in wrap(&text, list.w, m.small, measure).iter().take(2) {
            let (row, below) = list.split_top(small_h);
            list = below;
            canvas.label(row, line, m.small, Weight::Bold, Align::Left, palette::WARNING);
        }
    }
    match (state.tab, state.session.talk()) {
        (PanelTab::Chat, Some(talk)) if parts.tabs.is_some() => {
            draw_chat(
                canvas,
                list,
                talk.lines(),
                frame.names,
                state.session.home(),
                state.chat_scroll,
                measure,
                m,
            );
        }
        _ => draw_moves(canvas, list, state.session, frame.names, state.animating, m),
    }
    if let Some(input) = parts.input {
        let placeholder = if state.typing { "Type to chat; Enter sends" } else { "The chat is closed" };
        let field = FieldView { text: state.chat.text(), placeholder, editing: state.typing };
        text_field::draw(canvas, input, &field, Look::default(), measure, m);
    }
}

/// The moves played, the latest at the foot; while the board still shows
/// the last move (`animating`), without it.
fn draw_moves<G: Observe + Evaluate>(
    canvas: &mut Canvas,
    list: Rect,
    session: &Session<G>,
    names: [&str; 2],
    animating: bool,
    m: &Metrics,
) {
    let small_h = m.small * 1.45;
    let n = session.history_len().saturating_sub(usize::from(animating));
    let text_of = |i: usize| {
        session
            .history_item(i)
            .map(|(seat, notation)| format!("{:>3}. {}  {}", i + 1, names[seat.index() & 1], notation))
    };
    // Two columns where the longest of the last moves fits half the width.
    let half = (list.w - m.gap) / 2.0;
    let recent = n.saturating_sub(2 * (list.h / small_h).floor().max(0.0) as usize);
    let fits_half =
        (recent..n).filter_map(text_of).all(|t| canvas.text_width(&t, m.small, Weight::Regular) <= half);
    let columns = if fits_half { 2 } else { 1 };
    for (i, row) in move_rows(list, n, small_h, columns, m.gap) {
        let Some(text) = text_of(i) else { break };
        let color = if i + 1 == n { palette::TEXT } else { palette::TEXT_DIM };
        canvas.label(row, &text, m.small, Weight::Regular, Align::Left, color);
    }
    if n == 0 {
        let (row, _) = list.split_top(small_h);
        canvas.label(row, "No moves yet", m.small, Weight::Regular, Align::Left, palette::DISABLED);
    }
}

/// How far up the chat is scrolled: `None` follows the latest line;
/// `Some(first)` holds the view at that wrapped row (rows only come at the
/// end, so what is being read stays put while new lines arrive).
pub type ChatScroll = Option<usize>;

/// The first of `total` wrapped chat rows shown in room for `fits`.
pub fn chat_first_row(total: usize, fits: usize, scroll: ChatScroll) -> usize {
    let latest = total.saturating_sub(fits);
    scroll.map_or(latest, |first| first.min(latest))
}

/// The chat scrolled by `delta` rows (up is negative); back at the latest
/// rows it follows new lines again.
pub fn scroll_chat(scroll: ChatScroll, delta: i32, total: usize, fits: usize) -> ChatScroll {
    let latest = total.saturating_sub(fits);
    let first = scroll_by(chat_first_row(total, fits, scroll), delta, latest);
    (first < latest).then_some(first)
}

/// How many chat rows fit the list `list`.
pub fn chat_fits(list: Rect, m: &Metrics) -> usize {
    (list.h / (m.small * 1.45)).floor().max(0.0) as usize
}

/// The width chat lines wrap to in the list `list` (the scroll indicator
/// keeps the right edge).
fn chat_width(list: Rect, m: &Metrics) -> f32 {
    list.w - (m.gap * 0.35).max(3.0) - m.gap * 0.3
}

/// Every chat line wrapped to the list's width, oldest first, with its
/// colour.
pub fn chat_rows(
    lines: &[super::talk::ChatLine],
    names: [&str; 2],
    me: Seat,
    list: Rect,
    measure: &dyn crate::text::TextMeasure,
    m: &Metrics,
) -> Vec<(String, Rgba)> {
    let width = chat_width(list, m);
    let mut rows = Vec::new();
    for line in lines {
        let (text, color) = match line.from {
            Some(seat) if seat == me => (format!("You: {}", line.text), palette::TEXT_DIM),
            Some(seat) => (
                format!("{}: {}", names[seat.index() & 1], line.text),
                seat_color(seat).mix(palette::TEXT, 0.55),
            ),
            None => (line.text.clone(), palette::ACCENT),
        };
        rows.extend(wrap(&text, width, m.small, measure).into_iter().map(|piece| (piece, color)));
    }
    rows
}

/// The chat's lines, wrapped, the newest at the bottom; scrolled back by
/// `scroll` (a thin bar shows where, when they do not all fit).
#[allow(clippy::too_many_arguments)]
fn draw_chat(
    canvas: &mut Canvas,
    list: Rect,
    lines: &[super::talk::ChatLine],
    names: [&str; 2],
    me: Seat,
    scroll: ChatScroll,
    measure: &dyn crate::text::TextMeasure,
    m: &Metrics,
) {
    let small_h = m.small * 1.45;
    let fits = chat_fits(list, m);
    if lines.is_empty() {
        let (row, _) = list.split_top(small_h);
        canvas.label(row, "No messages yet", m.small, Weight::Regular, Align::Left, palette::DISABLED);
        return;
    }
    let rows = chat_rows(lines, names, me, list, measure, m);
    let first = chat_first_row(rows.len(), fits, scroll);
    let shown = &rows[first..rows.len().min(first + fits)];
    let top = list.bottom() - shown.len() as f32 * small_h;
    let width = chat_width(list, m);
    for (k, (text, color)) in shown.iter().enumerate() {
        let r = Rect::new(list.x, top + k as f32 * small_h, width, small_h);
        canvas.label(r, text, m.small, Weight::Regular, Align::Left, *color);
    }
    draw_indicator(canvas, list, first, fits, rows.len(), m);
}

#[cfg(test)]
mod chat_tests {
    use super::*;
    use crate::play::talk::Talk;
    use crate::text::{ApproxMeasure, TextMeasure};

    #[test]
    fn the_chat_follows_the_latest_lines_until_scrolled_back() {
        // 30 rows, 10 fit: the latest show, rows 20..30.
        assert_eq!(chat_first_row(30, 10, None), 20);
        let up = scroll_chat(None, -3, 30, 10);
        assert_eq!(up, Some(17));
        assert_eq!(chat_first_row(30, 10, up), 17);
        // New rows arrive: the view holds while it is scrolled back.
        assert_eq!(chat_first_row(35, 10, up), 17);
        // Scrolling past the top stops at the first row; down past the
        // latest follows new lines again.
        assert_eq!(scroll_chat(up, -100, 30, 10), Some(0));
        assert_eq!(scroll_chat(up, 3, 30, 10), None);
        assert_eq!(scroll_chat(up, 100, 30, 10), None);
        // Everything fits: nothing to scroll.
        assert_eq!(scroll_chat(None, -3, 5, 10), None);
        assert_eq!(chat_first_row(5, 10, Some(2)), 0);
    }

    #[test]
    fn chat_rows_wrap_every_line_oldest_first() {
        let m = Metrics::for_window(Rect::new(0.0, 0.0, 1280.0, 800.0));
        let mut talk = Talk::new();
        for i in 0..40 {
            talk.said(
                if i % 2 == 0 { Seat::FIRST } else { Seat::SECOND },
                format!("line {i} {}", "word ".repeat(i % 7)),
            );
        }
        let list = Rect::new(0.0, 0.0, 260.0, 200.0);
        let rows = chat_rows(talk.lines(), ["Red", "Blue"], Seat::FIRST, list, &ApproxMeasure, &m);
        assert!(rows.len() > 40, "long lines wrap: {}", rows.len());
        assert!(rows[0].0.starts_with("You: line 0"), "{:?}", rows[0]);
        assert!(rows.iter().any(|(t, _)| t.starts_with("Blue: line 39")));
        let width = chat_width(list, &m);
        assert!(rows.iter().all(|(t, _)| ApproxMeasure.width(t, m.small) <= width + 0.5));
        let fits = chat_fits(list, &m);
        assert!(fits > 0 && fits < rows.len());
        // The oldest line can be reached.
        let top = scroll_chat(None, -10_000, rows.len(), fits);
        assert_eq!(chat_first_row(rows.len(), fits, top), 0);
    }
}

#[cfg(test)]
mod result_tests {
    use super::*;

    #[test]
    fn a_margin_is_told_only_in_a_game_with_a_score() {
        let names = ["Red", "Blue"];
        assert_eq!(outcome_text(Outcome::win(Seat::SECOND, 1), names, false), "Blue wins");
        assert_eq!(outcome_text(Outcome::win(Seat::FIRST, 12), names, true), "Red wins by 12");
        assert_eq!(outcome_text(Outcome::draw(), names, true), "A draw");
    }
}

#[cfg(test)]
mod label_tests {
    use super::*;
    use crate::canvas::{BOLD_TTF, FontMeasure};
    use crate::play::layout::{PlayButton, play_layout_for};
    use crate::play::session::{SeatKind, Session};
    use crate::text::TextMeasure;
    use game_core::Game;
    use game_core::nim::{Nim, NimRules};

    fn session() -> Session<Nim> {
        let start = Box::new(|_| Nim::start(&NimRules::default(), &[]).map(|g| (g, Vec::new())));
        Session::local(start, [SeatKind::Human, SeatKind::Computer], Seat::FIRST, 10, 1).unwrap()
    }

    #[test]
    fn the_key_legend_fits_the_panel() {
        let regular = FontMeasure(crate::glyphs::face("font", crate::canvas::REGULAR_TTF).unwrap());
        for (w, h) in [(800.0, 600.0), (1280.0, 800.0)] {
            let view = View::of_size(w, h);
            let m = &view.metrics;
            let l = play_layout_for(&view, 1.0, &PlayButton::LOCAL.0, &PlayButton::LOCAL.1);
            let keys = crate::play::layout::panel_parts(l.panel, m, (0.35, None), 3, false).keys.unwrap();
            for line in KEY_LINES {
                let width = regular.width(line, m.small);
                assert!(width <= keys.w, "{line:?} is {width} wide in {} at {w}x{h}", keys.w);
            }
        }
    }

    #[test]
    fn keys_show_on_every_button_or_on_none() {
        let bold = FontMeasure(crate::glyphs::face("bold font", BOLD_TTF).unwrap());
        let s = session();
        let size = |view: &View| view.metrics.body;
        let fits = |view: &View, buttons: &[PlayButton], left: usize| {
            let l = play_layout_for(view, 1.0, &buttons[..left], &buttons[left..]);
            let width = |t: &str| bold.width(t, size(view));
            footer_keys_fit(buttons, &l.buttons, &s, None, width, &view.metrics)
        };
        let (local, left) = PlayButton::set(false, false);
        let small = View::of_size(800.0, 600.0);
        assert!(!fits(&small, &local, left), "nine buttons at 800x600 have no room for keys");
        // Two buttons alone have room to spare.
        let roomy = [PlayButton::Menu, PlayButton::Save];
        assert!(fits(&View::of_size(1280.0, 800.0), &roomy, 1));
    }

    #[test]
    fn while_a_move_is_shown_the_subtitle_names_its_player() {
        let mut s = session();
        let names = ["Red", "Blue"];
        assert_eq!(turn_text(&s, names, false, 0.0, false), "Your move (Red)");
        let mv = s.legal()[0];
        s.play(mv).unwrap();
        assert_eq!(turn_text(&s, names, false, 0.0, true), "Red moves");
        assert_eq!(turn_text(&s, names, false, 0.0, false), "Blue (computer) to move");
        assert_eq!(last_mover(&s), Some(Seat::FIRST));
    }

    #[test]
    fn every_footer_label_fits_its_button_at_full_size() {
        let bold = FontMeasure(crate::glyphs::face("bold font", BOLD_TTF).unwrap());
        let mut s = session();
        for (w, h) in [(800.0, 600.0), (1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let view = View::of_size(w, h);
            let m = &view.metrics;
            let (left, right) = PlayButton::LOCAL;
            let l = play_layout_for(&view, 1.0, &left, &right);
            for (b, rect) in left.iter().chain(&right).zip(&l.buttons) {
                let room = button::label_room(*rect, m);
                for (demo, armed) in [(false, None), (true, Some(*b))] {
                    if s.in_demo() != demo {
                        s.toggle_demo();
                    }
                    let label = button_label(*b, &s, armed, |_| false);
                    let width = bold.width(&label, m.body);
                    assert!(width <= room, "{label:?} is {width} wide in {room} at {w}x{h}");
                    // With its key, where it fits, and never wider.
                    let keyed = button_label(*b, &s, armed, |t| bold.width(t, m.body) <= room);
                    assert!(bold.width(&keyed, m.body) <= room, "{keyed:?} at {w}x{h}");
                }
            }
        }
    }
}
