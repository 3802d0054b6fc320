//! Drawing the parts of a play screen the core owns: the title and turn
//! line, the side panel (seats, the game's status, the move list, the
//! keys), the footer buttons, toasts, the hand-over cover and the
//! game-over panel.

use super::MatchConfig;
use super::board::{BoardFrame, BoardUi, Tone};
use super::layout::{PlayButton, PlayLayout};
use super::session::{SeatKind, Session};
use crate::gui::canvas::{Align, Canvas, Weight};
use crate::gui::context::AppContext;
use crate::gui::geometry::{Point, Rect};
use crate::gui::screen::View;
use crate::gui::screens::draw_chrome;
use crate::gui::theme::{Metrics, Rgba, palette};
use crate::gui::widgets::button::{self, Look};
use crate::gui::widgets::{Widget, hovered};
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
}

/// The colour of a seat's stones or pieces.
pub fn seat_color(seat: Seat) -> Rgba {
    if seat == Seat::FIRST { palette::RED_ARMY } else { palette::BLUE_ARMY }
}

/// The result in words: "Player One wins by 12", "A draw".
pub fn outcome_text(outcome: Outcome, names: [&str; 2]) -> String {
    match outcome.winner {
        None => "A draw".into(),
        Some(seat) if outcome.margin > 0 => format!("{} wins by {}", names[seat.index() & 1], outcome.margin),
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
        SeatKind::Human if Seat::all(2).all(|s| session.seat_kind(s) == SeatKind::Human) => "player".into(),
        SeatKind::Human => "you".into(),
        SeatKind::Computer => format!("computer, level {}", session.level()),
        SeatKind::Remote => "on the network".into(),
    }
}

/// The line under the title: whose turn, or the result.
pub fn turn_text<G: Observe + Evaluate>(session: &Session<G>, names: [&str; 2], time: f32) -> String {
    if let Some(outcome) = session.outcome() {
        return format!("Game over: {}", outcome_text(outcome, names));
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

fn button_label(b: PlayButton, session_level: u8, demo: bool) -> String {
    match b {
        PlayButton::Menu => "Menu".into(),
        PlayButton::NewGame => "New game".into(),
        PlayButton::Undo => "Undo".into(),
        PlayButton::PlayForMe => "Hint: play (F2)".into(),
        PlayButton::Level => format!("Level {session_level} (F4)"),
        PlayButton::Demo if demo => "Stop demo (F3)".into(),
        PlayButton::Demo => "Demo (F3)".into(),
    }
}

/// Draws the whole play screen.
#[allow(clippy::too_many_arguments)]
pub fn draw_screen<G: Observe + Evaluate, B: BoardUi<G>>(
    state: &PanelState<'_, G>,
    board: &B,
    frame: &BoardFrame<'_, G, B::Spot>,
    l: &PlayLayout,
    widgets: &[Widget<super::screen::PlayMsg>],
    ctx: &AppContext,
    view: &View,
    canvas: &mut Canvas,
) {
    let m = &view.metrics;
    let names = frame.names;
    let entry = state.config.game.entry();
    let frame_bands = crate::gui::layout::frame(view);
    draw_chrome(canvas, &frame_bands, entry.name, &turn_text(state.session, names, frame.time), m);
    if state.session.thinking().is_some() {
        spinner(canvas, l.subtitle, frame.time, m);
    }

    match state.handover {
        Some(seat) => draw_handover(canvas, l.board_area, names[seat.index() & 1], m),
        None => {
            board.draw(frame, canvas);
            if let Some(text) = board.banner(frame.view, names) {
                draw_banner(canvas, l.board, &text, m);
            }
        }
    }
    draw_panel(state, board, frame, l.panel, canvas, m);

    let demo = state.session.in_demo();
    for (i, (w, b)) in widgets.iter().zip(PlayButton::ALL).enumerate() {
        let look = Look {
            focused: state.keyboard && state.focus == Some(i) && w.enabled,
            hovered: hovered(widgets, ctx.pointer) == Some(i),
            disabled: !w.enabled,
            primary: false,
        };
        button::draw(canvas, w.rect, &button_label(b, state.session.level(), demo), look, m);
    }
    if state.game_over
        && let Some(outcome) = state.session.outcome()
    {
        let detail = board.result_detail(frame.view, outcome);
        let how = finish_text(state.session.finish(), names);
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
            &outcome_text(outcome, names),
            m.heading * 1.2,
            Weight::Bold,
            Align::Center,
            color,
        );
        let mut y = rest.y;
        for line in [how, detail].into_iter().flatten() {
            let r = Rect::new(rest.x, y, rest.w, m.body * 1.6);
            if r.bottom() <= l.play_again.y {
                canvas.label(r, &line, m.body, Weight::Regular, Align::Center, palette::TEXT_DIM);
            }
            y += m.body * 1.6;
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
        let w = (canvas.text_width(text, m.body, Weight::Regular) + m.gap * 2.0).min(l.board_area.w);
        let r =
            Rect::new(l.board_area.center().x - w / 2.0, l.board_area.bottom() - m.button, w, m.button * 0.8);
        canvas.round(r, r.h / 2.0, palette::PANEL_HOVER);
        canvas.label(r.inset_xy(m.gap, 0.0), text, m.body, Weight::Regular, Align::Center, palette::TEXT);
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

/// A banner across the top of the board.
pub fn draw_banner(canvas: &mut Canvas, board: Rect, text: &str, m: &Metrics) {
    let w = (canvas.text_width(text, m.heading, Weight::Bold) + m.gap * 3.0).min(board.w);
    let r = Rect::new(board.center().x - w / 2.0, board.y + m.gap * 0.5, w, m.heading * 1.8);
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
    m: &Metrics,
) {
    canvas.round(panel, m.radius * 1.2, palette::PANEL);
    let inner = panel.inset(m.gap);
    let line_h = m.body * 1.5;
    let small_h = m.small * 1.45;
    let mut area = inner;
    // The seats.
    for seat in Seat::all(2) {
        let (row, rest) = area.split_top(line_h);
        area = rest;
        let to_move = state.session.outcome().is_none() && state.session.to_move() == seat;
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
    let (keys, rest) = area.split_bottom(small_h * 2.0);
    area = rest;
    let key_lines = ["F1 legal moves · F2 play for me", "F3 demo · F4 level · F5 two players"];
    for (i, line) in key_lines.iter().enumerate() {
        let r = Rect::new(keys.x, keys.y + i as f32 * small_h, keys.w, small_h);
        canvas.label(r, line, m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
    }
    let (_, rest) = area.split_top(m.gap * 0.5);
    area = rest;
    // The game's part.
    let status = board.status(frame.view, frame.names);
    let game_h = (area.h * board.panel_share().clamp(0.0, 1.0)).max(status.len() as f32 * line_h);
    let (mut game, rest) = area.split_top(game_h.min(area.h));
    area = rest;
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
    // The move list: the latest moves that fit, numbered.
    let (head, mut list) = area.split_top(line_h);
    canvas.fill(Rect::new(head.x, head.y, head.w, 1.0), palette::EDGE);
    canvas.label(head, "Moves", m.body, Weight::Bold, Align::Left, palette::TEXT_DIM);
    let n = state.session.history_len();
    let fits = (list.h / small_h).floor().max(0.0) as usize;
    let first = n.saturating_sub(fits);
    for i in first..n {
        let Some((seat, notation)) = state.session.history_item(i) else { break };
        let (row, below) = list.split_top(small_h);
        list = below;
        let text = format!("{:>3}. {}  {}", i + 1, frame.names[seat.index() & 1], notation);
        let color = if i + 1 == n { palette::TEXT } else { palette::TEXT_DIM };
        canvas.label(row, &text, m.small, Weight::Regular, Align::Left, color);
    }
    if n == 0 {
        let (row, _) = list.split_top(small_h);
        canvas.label(row, "No moves yet", m.small, Weight::Regular, Align::Left, palette::DISABLED);
    }
}
