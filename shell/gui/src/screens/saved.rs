//! "Saved games": the records in the saved-games folder, newest first.
//! Pick one to replay it move by move, or to play on from where it
//! stopped (as either side against the computer, or two players). A file
//! that cannot be read shows its line and problem in place; opening a game
//! replays every move through the rules and checks the final hash first,
//! so a changed file is refused with its line and problem too.
//!
//! Where the saved games are not in a folder the player can reach (a web
//! page), Download gives the picked game's record file and Upload brings
//! one in: it is read and replayed as opening it would, and kept only if
//! it opens.

use super::move_list::MoveListScreen;
use super::record_text::{kind_text, moves_text, result_text, when_text};
use super::records::{Open, PlayOn, open_record};
use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::geometry::Rect;
use crate::input::InputEvent;
use crate::layout::{footer_buttons, footer_buttons_weighted, frame};
use crate::record_files::Upload;
use crate::screen::{Command, Screen, View};
use crate::theme::{Metrics, palette};
use crate::widgets::scroll::{draw_indicator, scroll_by};
use crate::widgets::{Reaction, Widget, button, hovered, react};
use game_core::Seat;
use headless::record::load::rules_of;
use headless::record::{GameRecord, RecordError, RecordKind, SavedGame, Summary};
use headless::registry::GameKind;

/// What the screen's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedMsg {
    /// Pick the game in this row of the list (an index into the list).
    Select(usize),
    /// Open the picked game in the replay viewer.
    Replay,
    /// Play on from the picked game's last move.
    PlayOn(PlayOn),
    /// Back to the launcher.
    Back,
    /// Bring in a record file from the player's disk (a web page only).
    Upload,
    /// Give the player the picked game's record file (a web page only).
    Download,
}

/// The buttons after Back where record files come and go (a web page).
pub const FILE_ACTIONS: [SavedMsg; 2] = [SavedMsg::Upload, SavedMsg::Download];

/// The actions along the right of the footer, in order.
pub const ACTIONS: [SavedMsg; 4] = [
    SavedMsg::Replay,
    SavedMsg::PlayOn(PlayOn::As(Seat::FIRST)),
    SavedMsg::PlayOn(PlayOn::As(Seat::SECOND)),
    SavedMsg::PlayOn(PlayOn::TwoPlayers),
];

/// Where the screen's parts go (pure).
#[derive(Clone, Debug, PartialEq)]
pub struct SavedLayout {
    /// The list's room.
    pub list: Rect,
    /// Every row's place (rows scrolled away are off the list's room).
    pub rows: Vec<Rect>,
    /// The details of the picked game, where the window is wide enough.
    pub details: Option<Rect>,
    /// A line for problems, under the list.
    pub status: Rect,
    /// Back, then [`FILE_ACTIONS`] if `with_files`, then [`ACTIONS`].
    pub buttons: Vec<Rect>,
}

/// How tall a row of the list is.
fn row_h(m: &Metrics) -> f32 {
    (m.body * 1.3 + m.small * 1.5 + m.gap * 0.6).round()
}

/// The layout of `n` rows scrolled to `first`, with the buttons of
/// [`FILE_ACTIONS`] if `with_files`.
pub fn saved_layout(view: &View, n: usize, first: usize, with_files: bool) -> SavedLayout {
    let m = &view.metrics;
    let f = frame(view);
    let (status, body) = f.body.split_bottom(m.small * 3.0);
    let (list, details) = if body.w >= 900.0 * m.scale {
        let (list, rest) = body.split_left(body.w * 0.58);
        (list, Some(rest.split_left(m.gap * 1.5).1))
    } else {
        (body, None)
    };
    let h = row_h(m);
    let step = h + m.gap * 0.4;
    let rows = (0..n)
        .map(|i| Rect::new(list.x, list.y + (i as f32 - first as f32) * step, list.w - m.gap, h))
        .collect();
    let buttons = if with_files {
        // Seven buttons: the short labels give room to "Play as ...".
        footer_buttons_weighted(f.footer, &[0.8, 0.8, 1.0], &[0.9, 1.3, 1.3, 1.1], m)
    } else {
        footer_buttons(f.footer, 1, ACTIONS.len(), m)
    };
    SavedLayout { list, rows, details, status: status.inset_xy(0.0, m.gap * 0.3), buttons }
}

/// How many rows fit the list's room.
fn rows_shown(l: &SavedLayout, m: &Metrics) -> usize {
    let step = row_h(m) + m.gap * 0.4;
    (((l.list.h + m.gap * 0.4) / step).floor() as usize).max(1)
}

/// The saved games screen.
pub struct SavedScreen {
    games: Vec<SavedGame>,
    /// The folder could not be read.
    folder_problem: Option<String>,
    folder: String,
    picked: Option<usize>,
    first_row: usize,
    focus: usize,
    problem: Option<String>,
    /// What the last Download or Upload did, when it went well.
    told: Option<String>,
    /// Whether record files can come and go here (a web page).
    with_files: bool,
    /// Whether the file picker was opened and nothing has come yet.
    awaiting_upload: bool,
}

impl SavedScreen {
    /// The list of the saved games folder, read now.
    pub fn new(ctx: &AppContext) -> Self {
        let (games, folder_problem, folder) = list_of(ctx);
        let picked = (!games.is_empty()).then_some(0);
        SavedScreen {
            games,
            folder_problem,
            folder,
            picked,
            first_row: 0,
            focus: 0,
            problem: None,
            told: None,
            with_files: ctx.record_files.is_some(),
            awaiting_upload: false,
        }
    }

    /// What the last Download or Upload did, when it went well.
    pub fn told(&self) -> Option<&str> {
        self.told.as_deref()
    }

    /// The files listed.
    pub fn games(&self) -> &[SavedGame] {
        &self.games
    }

    /// The problem shown under the list, if any.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    fn picked_game(&self) -> Option<(&SavedGame, &Summary, GameKind)> {
        let game = self.games.get(self.picked?)?;
        let summary = game.summary.as_ref().ok()?;
        let id = GameKind::ALL.into_iter().find(|id| id.entry().key == summary.game)?;
        Some((game, summary, id))
    }

    /// Whether the picked game is what one side of a Strategy Chess game
    /// saw: it lacks the other's setup, so it cannot be replayed on a
    /// board, and Replay lists its moves instead.
    pub fn picked_is_moves_only(&self) -> bool {
        self.picked_game().is_some_and(|(_, summary, id)| moves_only(summary.kind, id))
    }

    /// Whether `msg` can be used for the picked game.
    pub fn allows(&self, msg: SavedMsg) -> bool {
        match msg {
            SavedMsg::Upload => return self.with_files,
            SavedMsg::Download => {
                return self.with_files && self.picked.is_some_and(|i| i < self.games.len());
            }
            _ => {}
        }
        let Some((_, summary, _)) = self.picked_game() else {
            return matches!(msg, SavedMsg::Back | SavedMsg::Select(_));
        };
        let on_board = !self.picked_is_moves_only();
        match msg {
            SavedMsg::Replay => true,
            SavedMsg::PlayOn(_) => on_board && summary.outcome.is_none(),
            SavedMsg::Select(_) | SavedMsg::Back | SavedMsg::Upload | SavedMsg::Download => true,
        }
    }

    /// The move list of the picked game (what one side of a Strategy
    /// Chess game saw).
    fn move_list(&self, text: &str) -> Result<Box<dyn Screen>, RecordError> {
        let Some((_, summary, id)) = self.picked_game() else {
            return Err(RecordError::whole("no game is picked"));
        };
        let parsed = GameRecord::from_toml(text)?;
        // The moves alternate from the side the rules name.
        let first = rules_of::<strategy_chess::StrategyChess>(&parsed).ok().map(|rules| rules.first.seat());
        Ok(Box::new(MoveListScreen::new(id, summary, &parsed.record, first)))
    }

    /// The layout in `view`.
    pub fn layout(&self, view: &View) -> SavedLayout {
        saved_layout(view, self.games.len(), self.first_row, self.with_files)
    }

    /// The widgets in `view`: the rows shown, Back, then the actions.
    pub fn widgets(&self, view: &View) -> Vec<Widget<SavedMsg>> {
        let l = self.layout(view);
        let shown = rows_shown(&l, &view.metrics);
        let mut widgets: Vec<Widget<SavedMsg>> = l
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let visible = i >= self.first_row && i < self.first_row + shown;
                Widget::button(*r, SavedMsg::Select(i)).visible(visible)
            })
            .collect();
        let mut buttons = l.buttons.iter();
        if let Some(r) = buttons.next() {
            widgets.push(Widget::button(*r, SavedMsg::Back));
        }
        if self.with_files {
            for (msg, r) in FILE_ACTIONS.into_iter().zip(buttons.by_ref()) {
                widgets.push(Widget::button(*r, msg).enabled(self.allows(msg)));
            }
        }
        for (msg, r) in ACTIONS.into_iter().zip(buttons) {
            widgets.push(Widget::button(*r, msg).enabled(self.allows(msg)));
        }
        widgets
    }

    /// Acts on a message.
    pub fn on_message(&mut self, ctx: &mut AppContext, msg: SavedMsg) -> Command {
        match msg {
            SavedMsg::Select(i) => {
                self.picked = Some(i);
                self.told = None;
                self.problem = self
                    .games
                    .get(i)
                    .and_then(|g| g.summary.as_ref().err())
                    .map(|e| format!("{}: {e}", g_name(&self.games[i])));
                Command::None
            }
            SavedMsg::Back => Command::Pop,
            SavedMsg::Upload => {
                if let Some(files) = ctx.record_files.clone() {
                    files.ask_for_upload();
                    self.awaiting_upload = true;
                    self.problem = None;
                    self.told = Some("Pick a saved game's file (.toml) in the browser's window.".to_string());
                }
                Command::None
            }
            SavedMsg::Download => {
                self.download(ctx);
                Command::None
            }
            SavedMsg::Replay | SavedMsg::PlayOn(_) => {
                if !self.allows(msg) {
                    return Command::None;
                }
                let Some((game, _, id)) = self.picked_game() else { return Command::None };
                let name = g_name(game);
                let open = match msg {
                    SavedMsg::PlayOn(how) => Open::PlayOn(how),
                    _ => Open::Replay,
                };
                let moves_only = self.picked_is_moves_only();
                let read = match &ctx.saved_games {
                    Ok(games) => games.read_text(&game.path),
                    Err(e) => Err(e.clone()),
                };
                let opened = read.and_then(|text| {
                    if moves_only { self.move_list(&text) } else { open_record(id, &text, open, ctx) }
                });
                match opened {
                    Ok(screen) => {
                        self.problem = None;
                        Command::Push(screen)
                    }
                    Err(e) => {
                        self.problem = Some(format!("{name} cannot be opened: {e}"));
                        Command::None
                    }
                }
            }
        }
    }

    /// Gives the player the picked game's record file.
    fn download(&mut self, ctx: &AppContext) {
        let (Some(files), Some(game)) = (&ctx.record_files, self.picked.and_then(|i| self.games.get(i)))
        else {
            return;
        };
        let name = game.name();
        let read = match &ctx.saved_games {
            Ok(games) => games.read_text(&game.path).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        match read.and_then(|text| files.download(&name, &text)) {
            Ok(()) => {
                self.problem = None;
                self.told = Some(format!("{name} downloaded: the browser keeps it with your downloads."));
            }
            Err(e) => {
                self.told = None;
                self.problem = Some(format!("{name} cannot be downloaded: {e}"));
            }
        }
    }

    /// Takes in a file the player picked: kept and listed if it opens as
    /// a saved game, else its problem is shown and nothing is kept.
    fn take_upload(&mut self, ctx: &mut AppContext, upload: Upload) {
        let kept = upload
            .text
            .map_err(|e| e.to_string())
            .and_then(|text| opens(&text, ctx).map(|()| text).map_err(|e| e.to_string()))
            .and_then(|text| match &ctx.saved_games {
                Ok(games) => games.import(&text, crate::clock::wall_now()).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            });
        match kept {
            Ok(path) => {
                let (games, folder_problem, _) = list_of(ctx);
                self.games = games;
                self.folder_problem = folder_problem;
                self.picked = self.games.iter().position(|g| g.path == path).or(self.picked);
                self.problem = None;
                let listed = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                self.told = Some(format!("{} added to the saved games as {listed}.", upload.name));
            }
            Err(e) => {
                self.told = None;
                self.problem = Some(format!("{} was not added: {e}", upload.name));
            }
        }
    }

    fn keep_picked_in_view(&mut self, view: &View) {
        let l = self.layout(view);
        let shown = rows_shown(&l, &view.metrics);
        if let Some(i) = self.picked {
            if i < self.first_row {
                self.first_row = i;
            } else if i >= self.first_row + shown {
                self.first_row = i + 1 - shown;
            }
        }
    }
}

fn g_name(game: &SavedGame) -> String {
    game.name()
}

/// The saved games listed, the folder's problem if it cannot be read, and
/// the folder's name.
fn list_of(ctx: &AppContext) -> (Vec<SavedGame>, Option<String>, String) {
    match &ctx.saved_games {
        Ok(saved) => match saved.list() {
            Ok(games) => (games, None, saved.dir().display().to_string()),
            Err(e) => (Vec::new(), Some(e.to_string()), saved.dir().display().to_string()),
        },
        Err(e) => (Vec::new(), Some(e.to_string()), String::new()),
    }
}

/// Whether a record of `kind` of the game `id` holds only what one side
/// of a Strategy Chess game saw: it lacks the other's setup, so it opens
/// as a move list, not on a board.
fn moves_only(kind: RecordKind, id: GameKind) -> bool {
    kind != RecordKind::Full && id == GameKind::StrategyChess
}

/// Whether the record `text` opens as Replay would open it: its form is
/// read, and a record that can be shown on a board is replayed through
/// the rules with its final hash checked.
fn opens(text: &str, ctx: &mut AppContext) -> Result<(), RecordError> {
    let parsed = GameRecord::from_toml(text)?;
    let Some(id) = GameKind::ALL.into_iter().find(|id| id.entry().key == parsed.record.game) else {
        return Err(RecordError::at(
            parsed.lines.game,
            format!("`{}` is not a game of the launcher", parsed.record.game),
        ));
    };
    if moves_only(parsed.record.kind, id) {
        return Ok(());
    }
    open_record(id, text, Open::Replay, ctx).map(|_| ())
}

impl Screen for SavedScreen {
    fn name(&self) -> String {
        "saved games".into()
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(msg) => self.on_message(ctx, msg),
            Reaction::Back => Command::Pop,
            Reaction::Scroll(delta) => {
                let shown = rows_shown(&self.layout(view), &view.metrics);
                self.first_row = scroll_by(self.first_row, delta, self.games.len().saturating_sub(shown));
                Command::None
            }
            Reaction::FocusMoved => {
                if let Some(SavedMsg::Select(i)) = widgets.get(self.focus).and_then(|w| w.on_activate) {
                    self.on_message(ctx, SavedMsg::Select(i));
                    self.keep_picked_in_view(view);
                }
                Command::None
            }
            Reaction::Nothing => Command::None,
        }
    }

    fn update(&mut self, ctx: &mut AppContext, _dt: f32) -> Command {
        if let Some(upload) = ctx.record_files.as_ref().and_then(|files| files.take_upload()) {
            self.awaiting_upload = false;
            self.take_upload(ctx, upload);
        }
        Command::None
    }

    fn wake_after(&self) -> Option<f32> {
        // A picked file arrives from the browser with no input to wake us
        // (a picker closed without a file sends nothing: the screen looks
        // until it closes).
        self.awaiting_upload.then_some(0.25)
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let subtitle = match self.games.len() {
            0 => "No saved games yet: press Save (F6) during a game".to_string(),
            1 => "1 saved game".to_string(),
            n => format!("{n} saved games, newest first"),
        };
        draw_chrome(canvas, &f, "Saved games", &subtitle, m);
        let l = self.layout(view);
        let widgets = self.widgets(view);
        let shown = rows_shown(&l, m);
        let pointer = hovered(&widgets, ctx.pointer);
        for (i, game) in self.games.iter().enumerate().skip(self.first_row).take(shown) {
            let r = l.rows[i];
            let mut look = look_of(&widgets, i, self.focus, ctx);
            look.hovered = pointer == Some(i);
            button::focus_ring(canvas, r, look, m);
            let fill = if self.picked == Some(i) {
                palette::EDGE
            } else if look.hovered {
                palette::PANEL_HOVER
            } else {
                palette::PANEL
            };
            canvas.round(r, m.radius, fill);
            let inner = r.inset_xy(m.gap * 0.8, m.gap * 0.3);
            let (top, bottom) = inner.split_top(m.body * 1.3);
            match &game.summary {
                Ok(summary) => {
                    let id = GameKind::ALL.into_iter().find(|id| id.entry().key == summary.game);
                    let name = id.map_or(summary.game.as_str(), |id| id.entry().name);
                    let title = format!("{name}: {}", result_text(summary, id));
                    canvas.label(top, &title, m.body, Weight::Bold, Align::Left, palette::TEXT);
                    let detail = format!(
                        "{} · {} · {}",
                        when_text(game),
                        moves_text(summary.moves),
                        kind_text(summary, id)
                    );
                    canvas.label(bottom, &detail, m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
                }
                Err(e) => {
                    canvas.label(top, &game.name(), m.body, Weight::Bold, Align::Left, palette::TEXT);
                    canvas.label(
                        bottom,
                        &format!("Cannot be read: {e}"),
                        m.small,
                        Weight::Regular,
                        Align::Left,
                        palette::WARNING,
                    );
                }
            }
        }
        if self.games.len() > shown {
            let bar = Rect::new(l.list.right() - m.gap * 0.6, l.list.y, m.gap * 0.6, l.list.h);
            draw_indicator(canvas, bar, self.first_row, shown, self.games.len(), m);
        }
        if let Some(details) = l.details {
            self.draw_details(canvas, ctx, details, m);
        }
        let status = self.problem.clone().or_else(|| self.folder_problem.clone());
        let (text, color) = match (status, &self.told) {
            (Some(p), _) => (p, palette::WARNING),
            (None, Some(told)) => (told.clone(), palette::TEXT),
            (None, None) => (format!("Saved in {}", self.folder), palette::TEXT_DIM),
        };
        let lines = crate::text::wrap(&text, l.status.w, m.small, ctx.measure());
        for (k, line) in lines.iter().take(2).enumerate() {
            let r = Rect::new(l.status.x, l.status.y + k as f32 * m.small * 1.4, l.status.w, m.small * 1.4);
            canvas.label(r, line, m.small, Weight::Regular, Align::Left, color);
        }
        let names = self.picked_game().map_or(["First", "Second"], |(_, _, id)| id.entry().seats);
        let files = if self.with_files { FILE_ACTIONS.len() } else { 0 };
        let first_button = widgets.len() - 1 - files - ACTIONS.len();
        for (k, w) in widgets[first_button..].iter().enumerate() {
            let label = match w.on_activate {
                Some(SavedMsg::Back) => "Back".to_string(),
                Some(SavedMsg::Replay) if self.picked_is_moves_only() => "Move list".to_string(),
                Some(SavedMsg::Replay) => "Replay".to_string(),
                Some(SavedMsg::PlayOn(PlayOn::As(seat))) => format!("Play as {}", names[seat.index() & 1]),
                Some(SavedMsg::PlayOn(PlayOn::TwoPlayers)) => "Two players".to_string(),
                Some(SavedMsg::Upload) => "Upload".to_string(),
                Some(SavedMsg::Download) => "Download".to_string(),
                _ => String::new(),
            };
            let mut look = look_of(&widgets, first_button + k, self.focus, ctx);
            look.primary = w.on_activate == Some(SavedMsg::Replay) && w.enabled;
            button::draw(canvas, w.rect, &label, look, m);
        }
    }
}

impl SavedScreen {
    fn draw_details(&self, canvas: &mut Canvas, ctx: &AppContext, r: Rect, m: &Metrics) {
        canvas.round(r, m.radius * 1.2, palette::PANEL);
        let inner = r.inset(m.gap);
        let Some(game) = self.picked.and_then(|i| self.games.get(i)) else {
            canvas.label(
                inner.split_top(m.body * 1.5).0,
                "Nothing saved yet",
                m.body,
                Weight::Regular,
                Align::Left,
                palette::DISABLED,
            );
            return;
        };
        let mut text = vec![(game.name(), palette::TEXT, Weight::Bold)];
        match &game.summary {
            Ok(summary) => {
                let id = GameKind::ALL.into_iter().find(|id| id.entry().key == summary.game);
                text.push((format!("Saved {}", when_text(game)), palette::TEXT_DIM, Weight::Regular));
                text.push((
                    format!("{}; {}", moves_text(summary.moves), result_text(summary, id)),
                    palette::TEXT,
                    Weight::Regular,
                ));
                text.push((
                    format!("The record holds {}.", kind_text(summary, id)),
                    palette::TEXT_DIM,
                    Weight::Regular,
                ));
                let hint = if self.picked_is_moves_only() {
                    "It holds only that side's setup, so it cannot be shown on a board: the other side's pieces were hidden. Move list shows its moves."
                } else if summary.outcome.is_none() {
                    "Replay it, or play on from its last move: as either side against the computer, or two players."
                } else {
                    "Replay it move by move. Opening checks every move against the rules."
                };
                text.push((hint.to_string(), palette::TEXT_DIM, Weight::Regular));
            }
            Err(e) => text.push((format!("Cannot be read: {e}"), palette::WARNING, Weight::Regular)),
        }
        let line_h = m.body * 1.5;
        let mut y = inner.y;
        for (paragraph, color, weight) in text {
            for line in crate::text::wrap(&paragraph, inner.w, m.body, ctx.measure()) {
                if y + line_h > inner.bottom() {
                    return;
                }
                canvas.label(
                    Rect::new(inner.x, y, inner.w, line_h),
                    &line,
                    m.body,
                    weight,
                    Align::Left,
                    color,
                );
                y += line_h;
            }
            y += m.gap * 0.4;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{SIZES, assert_laid_out};
    use headless::record::SavedGames;

    fn context_with(dir: &std::path::Path) -> AppContext {
        let mut ctx = AppContext::for_tests();
        ctx.saved_games = Ok(SavedGames::in_dir(dir));
        ctx
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("boardsuite-saved-screen-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_list_lays_out_and_scrolls_at_every_size() {
        let dir = scratch("layout");
        for i in 0..30 {
            std::fs::write(dir.join(format!("g{i:02}.toml")), "format = 1\n").unwrap();
        }
        let ctx = context_with(&dir);
        let screen = SavedScreen::new(&ctx);
        assert_eq!(screen.games().len(), 30);
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            let widgets = screen.widgets(&view);
            assert_laid_out(&widgets, view.rect);
            let l = screen.layout(&view);
            assert!(widgets.iter().filter(|w| w.visible).all(|w| !w.rect.overlaps(&l.status)));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn what_one_side_of_a_strategy_chess_game_saw_opens_as_a_move_list() {
        let dir = scratch("seat-chess");
        let mut rules = toml::Table::new();
        rules.insert("first".into(), toml::Value::String("blue".into()));
        let record = GameRecord {
            game: "strategy-chess".into(),
            kind: RecordKind::Seat(Seat::FIRST),
            rules,
            seed: None,
            setups: vec![None, None],
            moves: vec!["b7-b6".into(), "a4-a5".into(), "b6-c6".into()],
            ending: None,
            outcome: None,
            final_hash: None,
        };
        std::fs::write(dir.join("strategy-chess-seat.toml"), record.to_toml().unwrap()).unwrap();
        let mut ctx = context_with(&dir);
        let mut screen = SavedScreen::new(&ctx);
        screen.on_message(&mut ctx, SavedMsg::Select(0));
        assert!(screen.picked_is_moves_only());
        assert!(screen.allows(SavedMsg::Replay), "Replay opens the move list");
        assert!(!screen.allows(SavedMsg::PlayOn(PlayOn::TwoPlayers)), "no board to play on");
        match screen.on_message(&mut ctx, SavedMsg::Replay) {
            Command::Push(list) => assert_eq!(list.name(), "move list"),
            _ => panic!("no move list: {:?}", screen.problem()),
        }
        // The lines, numbered, named by who moved first (Blue here).
        let text = std::fs::read_to_string(dir.join("strategy-chess-seat.toml")).unwrap();
        let parsed = GameRecord::from_toml(&text).unwrap();
        let first = rules_of::<strategy_chess::StrategyChess>(&parsed).unwrap().first.seat();
        let (_, summary, _) = screen.picked_game().unwrap();
        let list = MoveListScreen::new(GameKind::StrategyChess, summary, &parsed.record, Some(first));
        assert_eq!(list.lines(), ["  1. Blue  b7-b6", "  2. Red  a4-a5", "  3. Blue  b6-c6"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_file_names_its_line_and_cannot_be_opened() {
        let dir = scratch("broken");
        std::fs::write(
            dir.join("broken.toml"),
            "format = 1\ngame = \"stones\"\nkind = \"full\"\nresult = \"maybe\"\n",
        )
        .unwrap();
        let mut ctx = context_with(&dir);
        let mut screen = SavedScreen::new(&ctx);
        screen.on_message(&mut ctx, SavedMsg::Select(0));
        assert!(screen.problem().unwrap().contains("line 4"), "{:?}", screen.problem());
        assert!(!screen.allows(SavedMsg::Replay));
        assert!(matches!(screen.on_message(&mut ctx, SavedMsg::Replay), Command::None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use crate::record_files::RecordFiles;
    use game_core::{Game, Referee};
    use headless::record::{SavedGames, full_record};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// The page's record files, in memory: what was downloaded, and the
    /// files waiting to be taken.
    #[derive(Default)]
    struct FakeFiles {
        downloaded: RefCell<Vec<(String, String)>>,
        waiting: RefCell<Vec<Upload>>,
        asked: RefCell<u32>,
    }

    impl RecordFiles for FakeFiles {
        fn download(&self, name: &str, text: &str) -> Result<(), String> {
            self.downloaded.borrow_mut().push((name.into(), text.into()));
            Ok(())
        }
        fn ask_for_upload(&self) {
            *self.asked.borrow_mut() += 1;
        }
        fn take_upload(&self) -> Option<Upload> {
            let mut waiting = self.waiting.borrow_mut();
            (!waiting.is_empty()).then(|| waiting.remove(0))
        }
    }

    fn page_context(name: &str) -> (AppContext, Rc<FakeFiles>, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("boardsuite-saved-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut ctx = AppContext::for_tests();
        ctx.saved_games = Ok(SavedGames::in_dir(&dir));
        let files = Rc::new(FakeFiles::default());
        ctx.record_files = Some(files.clone());
        (ctx, files, dir)
    }

    /// A Stones game of two moves, as the desktop saves it.
    fn stones_record() -> String {
        let mut referee = Referee::new(stones::Stones::start(&stones::StonesRules::default(), &[]).unwrap());
        for ply in 0..2 {
            let seat = referee.position().to_move();
            let mut moves = Vec::new();
            referee.position().legal_moves(&mut moves);
            let mv = moves[0];
            referee.submit(seat, ply, mv).unwrap();
        }
        full_record(&referee, &[], Some(7)).unwrap().to_toml().unwrap()
    }

    fn upload(files: &FakeFiles, name: &str, text: Result<String, String>) {
        files.waiting.borrow_mut().push(Upload { name: name.into(), text });
    }

    #[test]
    fn the_desktop_has_no_file_buttons() {
        let ctx = AppContext::for_tests();
        let screen = SavedScreen::new(&ctx);
        let widgets = screen.widgets(&View::of_size(1280.0, 800.0));
        assert!(
            widgets.iter().all(|w| !matches!(w.on_activate, Some(SavedMsg::Upload | SavedMsg::Download)))
        );
        assert_eq!(screen.wake_after(), None);
    }

    #[test]
    fn an_uploaded_record_is_kept_and_downloads_as_it_came() {
        let (mut ctx, files, dir) = page_context("good");
        let mut screen = SavedScreen::new(&ctx);
        for (w, h) in crate::screens::testing::SIZES {
            let view = View::of_size(w, h);
            crate::screens::testing::assert_laid_out(&screen.widgets(&view), view.rect);
        }
        assert!(screen.allows(SavedMsg::Upload));
        assert!(!screen.allows(SavedMsg::Download), "nothing to download yet");
        assert_eq!(screen.wake_after(), None, "nothing to look for yet");
        screen.on_message(&mut ctx, SavedMsg::Upload);
        assert_eq!(*files.asked.borrow(), 1, "Upload opens the file picker");
        assert!(screen.wake_after().is_some(), "the screen looks for the picked file");

        let text = stones_record();
        upload(&files, "from-my-laptop.toml", Ok(text.clone()));
        screen.update(&mut ctx, 0.1);
        assert_eq!(screen.problem(), None);
        assert_eq!(screen.games().len(), 1, "{:?}", screen.told());
        assert!(screen.told().unwrap().starts_with("from-my-laptop.toml added"), "{:?}", screen.told());
        assert_eq!(screen.wake_after(), None, "the file came");
        assert!(screen.allows(SavedMsg::Replay));

        screen.on_message(&mut ctx, SavedMsg::Download);
        let downloaded = files.downloaded.borrow().clone();
        assert_eq!(downloaded, [(screen.games()[0].name(), text)], "the same text, under its saved name");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_or_changed_upload_is_refused_and_nothing_is_lost() {
        let (mut ctx, files, dir) = page_context("bad");
        let mut screen = SavedScreen::new(&ctx);
        let good = stones_record();
        upload(&files, "good.toml", Ok(good.clone()));
        screen.update(&mut ctx, 0.1);
        assert_eq!(screen.games().len(), 1);

        // The final hash's first digit changed: it no longer matches.
        let at = good.find("final_hash = \"").unwrap() + "final_hash = \"".len();
        let mut changed = good.clone();
        changed.replace_range(at..at + 1, if &good[at..at + 1] == "0" { "1" } else { "0" });
        let cases = [
            ("garbage.toml", Ok("this is not a record\n".to_string()), "line 1"),
            ("changed.toml", Ok(changed), "hash"),
            ("unknown.toml", Ok(good.replace("game = \"stones\"", "game = \"draughts\"")), "draughts"),
            ("huge.toml", Err("the file is too big to be a saved game".to_string()), "too big"),
        ];
        for (name, text, why) in cases {
            upload(&files, name, text);
            screen.update(&mut ctx, 0.1);
            let problem = screen.problem().unwrap_or_default();
            assert!(problem.starts_with(&format!("{name} was not added: ")), "{problem}");
            assert!(problem.contains(why), "{name}: {problem}");
            assert_eq!(screen.games().len(), 1, "{name}: nothing kept, nothing lost");
        }
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
