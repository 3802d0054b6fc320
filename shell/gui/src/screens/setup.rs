//! Setting up a game: the AI level, who moves first, and the rule options
//! with their presets, then Start.
//!
//! The rule rows come from the game's schema (`RulesSchema::fields`):
//! ranges step, switches toggle, choices cycle. Every change is checked by
//! the game's own validation; a refused combination marks its rows and
//! disables Start until it is fixed.

use super::labels::{first_text, mode_short, mode_text};
use super::rules::RulesScreen;
use crate::canvas::Canvas;
use crate::chrome::{draw_chrome, draw_help, look_of};
use crate::context::AppContext;
use crate::geometry::Rect;
use crate::input::InputEvent;
use crate::layout::{FormLayout, RowKind, footer_buttons, form, frame};
use crate::options::{allowed_text, show_option, stepped};
use crate::play::{EditedValue, MatchConfig, RuleEditor};
use crate::screen::{Command, Screen, View};
use crate::widgets::button::{self, Look};
use crate::widgets::option_row::{self, OptionRowView};
use crate::widgets::scroll::{draw_indicator, scroll_by};
use crate::widgets::{Reaction, Widget, react};
use game_core::rules::{Allowed, RuleField};
use headless::registry::{GameEntry, GameKind};
use headless::settings::{Choice, FirstMover, GameSchema, LEVELS, PlayMode};

/// An adjustable row of the setup form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowId {
    /// How the game is played.
    Mode,
    /// The AI level.
    Level,
    /// Who moves first against the computer.
    First,
    /// A named set of rules.
    Preset,
    /// The rule option at this index of the schema.
    Rule(usize),
}

/// What the setup screen's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupMsg {
    /// Step a row forwards (`true`) or back.
    Step(RowId, bool),
    /// Start the game.
    Start,
    /// Show the rules with these options.
    Rules,
    /// Open the game's own editor of a rule option (the Strategy Chess
    /// army).
    Edit,
    /// Back to the mode choice.
    Back,
}

/// A row of the form: a heading or an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    Heading(&'static str),
    Option(RowId),
}

const LEVEL_FIELD: RuleField = RuleField {
    key: "level",
    allowed: Allowed::Range { min: *LEVELS.start() as i64, max: *LEVELS.end() as i64 },
    help: "1 is gentle and makes mistakes; 10 is the strongest the computer plays in about two seconds a move.",
};

/// The setup form of one game in one mode.
#[derive(Debug)]
pub struct SetupScreen {
    game: GameKind,
    mode: PlayMode,
    level: u8,
    first: FirstMover,
    rules: toml::Table,
    focus: usize,
    first_row: usize,
    /// Why the last Start failed.
    start_problem: Option<String>,
    /// Where the game's rule editor leaves its value.
    edited: EditedValue,
}

/// The form's rows with their places, and the widgets.
struct Parts {
    layout: FormLayout,
    rows: Vec<(Row, Rect, bool)>,
    help: Rect,
    widgets: Vec<Widget<SetupMsg>>,
}

impl SetupScreen {
    /// The setup of `game` in `mode`, from the remembered settings.
    pub fn new(game: GameKind, mode: PlayMode, ctx: &AppContext) -> Self {
        let entry = game.entry();
        let saved = ctx
            .settings
            .game(entry.key)
            .cloned()
            .unwrap_or_else(|| headless::settings::GameSettings::defaults(&entry.rules));
        let mut screen = SetupScreen {
            game,
            mode,
            level: saved.level,
            first: saved.first,
            rules: saved.rules,
            focus: 0,
            first_row: 0,
            start_problem: None,
            edited: EditedValue::default(),
        };
        // Start with the focus on Start: Enter plays at once.
        screen.focus = screen.option_rows().len() + screen.footer().len() - 1;
        screen
    }

    fn entry(&self) -> &'static GameEntry {
        self.game.entry()
    }

    /// The game's own editor of a rule option, if it has one.
    fn editor(&self) -> Option<RuleEditor> {
        crate::catalogue::screens(self.game).editor
    }

    /// The footer's buttons, left to right: the first ones (or two, with a
    /// rule editor) go left, Back and Start right.
    fn footer(&self) -> Vec<(SetupMsg, &'static str)> {
        let mut buttons = vec![(SetupMsg::Rules, "How to play")];
        if let Some(editor) = self.editor() {
            buttons.push((SetupMsg::Edit, editor.button));
        }
        buttons.push((SetupMsg::Back, "Back"));
        buttons.push((SetupMsg::Start, if self.joins() { "Join" } else { "Start" }));
        buttons
    }

    fn rows(&self) -> Vec<(usize, Row)> {
        let mut rows = vec![(0, Row::Heading("Match")), (0, Row::Option(RowId::Mode))];
        if self.mode.uses_computer() {
            rows.push((0, Row::Option(RowId::Level)));
        }
        if self.mode == PlayMode::Computer {
            rows.push((0, Row::Option(RowId::First)));
        }
        rows.push((1, Row::Heading("Rules")));
        rows.push((1, Row::Option(RowId::Preset)));
        for i in 0..self.entry().rules.fields().len() {
            rows.push((1, Row::Option(RowId::Rule(i))));
        }
        rows
    }

    fn column_of(&self, row: Row) -> usize {
        self.rows().iter().find(|(_, r)| *r == row).map_or(0, |(c, _)| *c)
    }

    fn option_rows(&self) -> Vec<RowId> {
        self.rows()
            .into_iter()
            .filter_map(|(_, row)| match row {
                Row::Option(id) => Some(id),
                Row::Heading(_) => None,
            })
            .collect()
    }

    fn parts(&self, view: &View) -> Parts {
        let m = &view.metrics;
        let f = frame(view);
        let (help, area) = f.body.split_bottom(m.small * 2.9);
        let (_, area) = area.split_bottom(m.gap * 0.5);
        let rows = self.rows();
        let kinds: Vec<(usize, RowKind)> = rows
            .iter()
            .map(|(c, r)| (*c, if matches!(r, Row::Heading(_)) { RowKind::Heading } else { RowKind::Option }))
            .collect();
        let layout = form(area, &kinds, m);
        let placed = layout.scrolled(self.first_row);
        let mut widgets = Vec::new();
        let mut out = Vec::new();
        for ((_, row), (rect, visible)) in rows.iter().zip(placed) {
            out.push((*row, rect, visible));
            if let Row::Option(id) = row {
                let parts = crate::layout::option_row_parts(rect, m);
                widgets.push(
                    Widget::button(rect, SetupMsg::Step(*id, true))
                        .with_sides(SetupMsg::Step(*id, false), SetupMsg::Step(*id, true))
                        .with_zone(parts.less, SetupMsg::Step(*id, false))
                        .with_zone(parts.more, SetupMsg::Step(*id, true))
                        .visible(visible)
                        .enabled(!self.inert(*id)),
                );
            }
        }
        let footer = self.footer();
        let buttons = footer_buttons(f.footer, footer.len() - 2, 2, m);
        for (rect, (msg, _)) in buttons.into_iter().zip(footer) {
            let enabled = match msg {
                SetupMsg::Start => self.joins() || self.rules_problem().is_none(),
                SetupMsg::Edit => !self.joins(),
                _ => true,
            };
            widgets.push(Widget::button(rect, msg).enabled(enabled));
        }
        Parts { layout, rows: out, help: help.inset_xy(m.gap * 0.5, 0.0), widgets }
    }

    /// Whether a row is a rule option that has no effect under the other
    /// rules (greyed out: Stones' empty capture under relay sowing), or
    /// any rule when joining a game (the host's rules are played).
    fn inert(&self, id: RowId) -> bool {
        match id {
            RowId::Preset | RowId::Rule(_) if self.joins() => true,
            RowId::Rule(i) => self.entry().inert(self.entry().rules.fields()[i].key, &self.rules),
            _ => false,
        }
    }

    /// Whether Start joins someone else's game, whose rules are the host's.
    fn joins(&self) -> bool {
        self.mode == PlayMode::NetworkJoin
    }

    /// The setup screen's widgets in this view.
    pub fn widgets(&self, view: &View) -> Vec<Widget<SetupMsg>> {
        self.parts(view).widgets
    }

    /// The rule values being edited.
    pub fn rules(&self) -> &toml::Table {
        &self.rules
    }

    /// What the game refuses in the current rules, if anything.
    pub fn rules_problem(&self) -> Option<String> {
        self.entry().rules.validate(&self.rules).err().map(|e| format!("Not allowed: {e}"))
    }

    fn bad_keys(&self) -> Vec<String> {
        match self.entry().rules.validate(&self.rules) {
            Ok(()) => Vec::new(),
            Err(errors) => errors.0.into_iter().map(|e| e.key).collect(),
        }
    }

    /// The level as the Level row shows it: "10, perfect play" where the
    /// game's registry says that level never misses the best move under
    /// these rules.
    fn level_text(&self) -> String {
        let perfect = ai::levels::Level::new(self.level)
            .is_some_and(|level| self.entry().plays_perfectly(level, &self.rules));
        if perfect { format!("{}, perfect play", self.level) } else { self.level.to_string() }
    }

    /// The label and value of a row as players read them.
    fn row_text(&self, id: RowId) -> (String, String) {
        let entry = self.entry();
        match id {
            RowId::Mode => ("Mode".into(), mode_short(self.mode).into()),
            RowId::Level if self.mode == PlayMode::Demo => {
                ("Computer level (both)".into(), self.level_text())
            }
            RowId::Level => ("Computer level".into(), self.level_text()),
            RowId::First => ("Who moves first".into(), first_text(self.first).into()),
            RowId::Preset => {
                ("Preset".into(), entry.preset_of(&self.rules).map_or("custom", |p| p.name).into())
            }
            RowId::Rule(i) => {
                let field = &entry.rules.fields()[i];
                let value = match (self.rules.get(field.key), self.editor()) {
                    (Some(v), Some(editor)) if editor.key == field.key => (editor.show)(v),
                    (Some(v), _) => show_option(field, v),
                    (None, _) => String::new(),
                };
                (entry.label(field.key), value)
            }
        }
    }

    fn help_text(&self, id: RowId) -> String {
        let entry = self.entry();
        match id {
            RowId::Mode => mode_text(self.mode).1.to_string(),
            RowId::Level => LEVEL_FIELD.help.to_string(),
            RowId::First => "You, the computer, or a coin toss at the start.".into(),
            RowId::Preset => {
                let names: Vec<&str> = entry.presets.iter().map(|p| p.name).collect();
                format!("A preset sets every rule at once: {}.", names.join(", "))
            }
            RowId::Rule(i) => {
                let field = &entry.rules.fields()[i];
                match self.editor() {
                    Some(editor) if editor.key == field.key => editor.help.to_string(),
                    _ => format!("{} Allowed: {}.", field.help, allowed_text(&field.allowed)),
                }
            }
        }
    }

    /// The next value of a rule option, using the entry's hints for options
    /// described only in words.
    fn stepped_rule(&self, i: usize, forward: bool) -> Option<toml::Value> {
        let entry = self.entry();
        let field = &entry.rules.fields()[i];
        let current =
            self.rules.get(field.key).cloned().or_else(|| entry.rules.defaults().get(field.key).cloned())?;
        if let Some(hint) = entry.hints.iter().find(|h| h.key == field.key) {
            let n = hint.values.len();
            let at = hint.values.iter().position(|v| toml::Value::Integer(*v) == current).unwrap_or(0);
            let next = if forward { (at + 1) % n } else { (at + n - 1) % n };
            return Some(toml::Value::Integer(hint.values[next]));
        }
        if let Some(editor) = self.editor().filter(|e| e.key == field.key) {
            return (editor.step)(&current, forward);
        }
        stepped(field, &current, forward)
    }

    fn can_step(&self, id: RowId, forward: bool) -> bool {
        match id {
            RowId::Level => {
                stepped(&LEVEL_FIELD, &toml::Value::Integer(self.level.into()), forward).is_some()
            }
            RowId::Rule(i) => self.stepped_rule(i, forward).is_some(),
            _ => true,
        }
    }

    fn step(&mut self, id: RowId, forward: bool) {
        let entry = self.entry();
        match id {
            RowId::Mode => {
                let available = PlayMode::IN_FORM;
                let n = available.len();
                let at = available.iter().position(|m| *m == self.mode).unwrap_or(0);
                self.mode = available[if forward { (at + 1) % n } else { (at + n - 1) % n }];
            }
            RowId::Level => {
                if let Some(toml::Value::Integer(v)) =
                    stepped(&LEVEL_FIELD, &toml::Value::Integer(self.level.into()), forward)
                {
                    self.level = u8::try_from(v).unwrap_or(self.level);
                }
            }
            RowId::First => {
                self.first = if forward {
                    self.first.next()
                } else {
                    let all = FirstMover::ALL;
                    let at = all.iter().position(|f| *f == self.first).unwrap_or(0);
                    all[(at + all.len() - 1) % all.len()]
                };
            }
            RowId::Preset => {
                let presets = entry.presets;
                let n = presets.len();
                let next =
                    match entry.preset_of(&self.rules).and_then(|p| presets.iter().position(|q| q == p)) {
                        Some(at) if forward => (at + 1) % n,
                        Some(at) => (at + n - 1) % n,
                        None if forward => 0,
                        None => n - 1,
                    };
                self.rules = entry.preset_values(&presets[next]);
            }
            RowId::Rule(i) => {
                if let Some(value) = self.stepped_rule(i, forward) {
                    self.rules.insert(entry.rules.fields()[i].key.to_string(), value);
                }
            }
        }
    }

    fn remember(&self, ctx: &mut AppContext) {
        let entry = self.entry();
        let schema = GameSchema { key: entry.key, rules: entry.rules };
        let saved = ctx.settings.game_mut(&schema);
        saved.mode = self.mode;
        saved.level = self.level;
        saved.first = self.first;
        if self.rules_problem().is_none() {
            saved.rules = self.rules.clone();
        }
        ctx.save();
    }

    /// The match this form describes.
    pub fn config(&self) -> MatchConfig {
        MatchConfig {
            game: self.game,
            mode: self.mode,
            level: self.level,
            first: self.first,
            rules: self.rules.clone(),
        }
    }

    /// Acts on a message.
    pub fn on_message(&mut self, ctx: &mut AppContext, msg: SetupMsg) -> Command {
        match msg {
            SetupMsg::Step(id, forward) => {
                let focused_id = self.option_rows().get(self.focus).copied();
                self.step(id, forward);
                self.start_problem = None;
                // Rows may come and go with the mode; keep the focus on the
                // row that was changed.
                if let Some(kept) = focused_id.and_then(|f| self.option_rows().iter().position(|r| *r == f)) {
                    self.focus = kept;
                }
                self.remember(ctx);
                Command::None
            }
            SetupMsg::Start => {
                if let Some(problem) = self.rules_problem().filter(|_| !self.joins()) {
                    self.start_problem = Some(problem);
                    return Command::None;
                }
                self.remember(ctx);
                match (crate::catalogue::screens(self.game).play)(&self.config(), ctx) {
                    Ok(screen) => Command::Push(screen),
                    Err(why) => {
                        self.start_problem = Some(format!("The game could not start: {why}"));
                        Command::None
                    }
                }
            }
            SetupMsg::Rules => Command::Push(Box::new(RulesScreen::new(self.game, self.rules.clone()))),
            SetupMsg::Edit => match self.editor() {
                Some(editor) if !self.joins() => {
                    Command::Push((editor.open)(&self.rules, self.edited.clone(), ctx))
                }
                _ => Command::None,
            },
            SetupMsg::Back => Command::Pop,
        }
    }

    fn keep_focus_in_view(&mut self, view: &View) {
        let parts = self.parts(view);
        let focused_row = self.option_rows().get(self.focus).copied();
        if let Some(id) = focused_row
            && let Some(index) = parts.rows.iter().position(|(row, _, _)| *row == Row::Option(id))
        {
            // Show the section heading too when the first option is focused.
            let target = if index > 0 && matches!(parts.rows[index - 1].0, Row::Heading(_)) {
                index - 1
            } else {
                index
            };
            let first = parts.layout.scroll_to_show(self.first_row.min(target), index);
            self.first_row = first;
        }
    }
}

impl Screen for SetupScreen {
    fn name(&self) -> String {
        format!("setup {} {}", self.entry().key, self.mode.name())
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let parts = self.parts(view);
        let reaction = react(&parts.widgets, &mut self.focus, event);
        let command = match reaction {
            Reaction::Message(msg) => self.on_message(ctx, msg),
            Reaction::Back => Command::Pop,
            Reaction::Scroll(delta) => {
                self.first_row = scroll_by(self.first_row, delta, parts.layout.max_first());
                Command::None
            }
            Reaction::FocusMoved | Reaction::Nothing => Command::None,
        };
        if matches!(event, InputEvent::Key(_)) {
            self.keep_focus_in_view(view);
        }
        command
    }

    fn update(&mut self, ctx: &mut AppContext, _dt: f32) -> Command {
        // Back from the game's rule editor with a new value.
        let edited = self.edited.borrow_mut().take();
        if let (Some(value), Some(editor)) = (edited, self.editor()) {
            self.rules.insert(editor.key.to_string(), value);
            self.start_problem = None;
            self.remember(ctx);
        }
        Command::None
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let entry = self.entry();
        draw_chrome(canvas, &f, entry.name, mode_text(self.mode).0, m);
        let parts = self.parts(view);
        let bad = self.bad_keys();
        let mut widget_index = 0;
        for (row, rect, visible) in &parts.rows {
            match row {
                Row::Heading(text) => {
                    if *visible {
                        option_row::heading(canvas, *rect, text, m);
                    }
                }
                Row::Option(id) => {
                    if *visible {
                        let look = look_of(&parts.widgets, widget_index, self.focus, ctx);
                        let (label, value) = self.row_text(*id);
                        let is_bad = matches!(id, RowId::Rule(i) if bad.iter().any(|k| k == entry.rules.fields()[*i].key));
                        let view_row = OptionRowView {
                            label: &label,
                            value: &value,
                            can_less: self.can_step(*id, false),
                            can_more: self.can_step(*id, true),
                            bad: is_bad,
                        };
                        option_row::draw(canvas, *rect, &view_row, look, m);
                    }
                    widget_index += 1;
                }
            }
        }
        if parts.layout.side_by_side {
            // The game's picture fills the room under the match options.
            let bottom = parts
                .rows
                .iter()
                .filter(|(row, _, _)| self.column_of(*row) == 0)
                .map(|r| r.1.bottom())
                .fold(0.0, f32::max);
            let left = parts.rows[0].1;
            let room = Rect::new(
                left.x,
                bottom + m.gap * 2.0,
                left.w,
                parts.layout.viewport.bottom() - bottom - m.gap * 2.0,
            );
            if room.h > 140.0 * m.scale {
                (crate::catalogue::screens(self.game).picture)(canvas, room.inset(m.gap), &self.rules);
            }
        } else {
            let shown = parts.rows.iter().filter(|r| r.2).count();
            let indicator = Rect::new(
                parts.layout.viewport.x,
                parts.layout.viewport.y,
                view.rect.w - m.margin * 0.5 - parts.layout.viewport.x,
                parts.layout.viewport.h,
            );
            draw_indicator(canvas, indicator, self.first_row, shown, parts.rows.len(), m);
        }
        for (k, (msg, label)) in self.footer().into_iter().enumerate() {
            let i = widget_index + k;
            let mut look: Look = look_of(&parts.widgets, i, self.focus, ctx);
            look.primary = msg == SetupMsg::Start && parts.widgets[i].enabled;
            button::draw(canvas, parts.widgets[i].rect, label, look, m);
        }
        let problem = self.start_problem.clone().or_else(|| self.rules_problem().filter(|_| !self.joins()));
        // The row under the pointer, else the focused one.
        let pointed = crate::widgets::hovered(&parts.widgets, ctx.pointer).unwrap_or(self.focus);
        let (help, is_problem) = match (problem, self.option_rows().get(pointed)) {
            (Some(problem), _) => (problem, true),
            (None, Some(id)) => (self.help_text(*id), false),
            (None, None) => ("Start the game, or change the options above first.".to_string(), false),
        };
        draw_help(canvas, ctx, parts.help, &help, is_problem, m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{SIZES, assert_laid_out};
    use super::*;
    use crate::focus::Direction;
    use crate::input::Key;

    fn key(k: Key) -> InputEvent {
        InputEvent::Key(k)
    }

    #[test]
    fn the_form_fits_every_window_and_scrolls_where_needed() {
        let ctx = AppContext::for_tests();
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            for id in GameKind::ALL {
                for mode in PlayMode::IN_FORM {
                    let screen = SetupScreen::new(id, mode, &ctx);
                    let widgets = screen.widgets(&view);
                    assert_laid_out(&widgets, view.rect);
                    assert!(widgets.iter().rev().take(3).all(|w| w.visible), "the footer is always there");
                }
            }
        }
    }

    #[test]
    fn every_row_can_be_reached_with_the_keyboard_and_is_scrolled_into_view() {
        let mut ctx = AppContext::for_tests();
        // The smallest window the settings allow: one column that scrolls.
        let view = View::of_size(640.0, 480.0);
        let mut screen = SetupScreen::new(GameKind::Blockade, PlayMode::Computer, &ctx);
        assert!(!screen.parts(&view).layout.side_by_side);
        assert!(screen.widgets(&view).iter().any(|w| !w.visible), "some rows are scrolled away");
        // From Start, up into the form and all the way to its top.
        for _ in 0..30 {
            screen.input(&mut ctx, &view, &key(Key::Arrow(Direction::Up)));
            let widgets = screen.widgets(&view);
            assert!(widgets[screen.focus].visible, "the focused row is on screen");
        }
        assert_eq!(screen.option_rows()[screen.focus], RowId::Mode);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..30 {
            seen.insert(screen.focus);
            screen.input(&mut ctx, &view, &key(Key::Tab));
            assert!(screen.widgets(&view)[screen.focus].visible);
        }
        assert_eq!(seen.len(), screen.widgets(&view).len(), "Tab reaches every widget");
    }

    #[test]
    fn rule_rows_step_and_are_remembered() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let mut screen = SetupScreen::new(GameKind::Stones, PlayMode::Computer, &ctx);
        let pits = RowId::Rule(0);
        screen.on_message(&mut ctx, SetupMsg::Step(pits, true));
        assert_eq!(screen.rules().get("pits"), Some(&toml::Value::Integer(7)));
        assert_eq!(screen.row_text(RowId::Preset).1, "custom");
        let saved = &ctx.settings.game("stones").unwrap().rules;
        assert_eq!(saved.get("pits"), Some(&toml::Value::Integer(7)), "remembered at once");
        // Clicking the left arrow of the level row lowers the level.
        let index = screen.option_rows().iter().position(|r| *r == RowId::Level).unwrap();
        let widget = &screen.widgets(&view)[index];
        let less = widget.zones[0].0;
        screen.input(&mut ctx, &view, &InputEvent::Click(less.center()));
        assert_eq!(screen.level, 2);
        assert_eq!(ctx.settings.game("stones").unwrap().level, 2);
        for _ in 0..20 {
            screen.on_message(&mut ctx, SetupMsg::Step(RowId::Level, false));
        }
        assert_eq!(screen.level, 1, "levels stop at 1");
        assert!(!screen.can_step(RowId::Level, false));
    }

    #[test]
    fn the_level_row_says_where_the_computer_plays_perfectly() {
        let ctx = AppContext::for_tests();
        let mut screen = SetupScreen::new(GameKind::Stones, PlayMode::Computer, &ctx);
        screen.level = 10;
        assert_eq!(screen.row_text(RowId::Level).1, "10, perfect play", "the default board: book and solves");
        screen.rules.insert("stones".into(), toml::Value::Integer(6));
        assert_eq!(screen.row_text(RowId::Level).1, "10", "72 stones: no book");
        screen.rules.insert("pits".into(), toml::Value::Integer(3));
        screen.rules.insert("stones".into(), toml::Value::Integer(3));
        assert_eq!(screen.row_text(RowId::Level).1, "10, perfect play", "18 stones: solved as it plays");
        screen.level = 9;
        assert_eq!(screen.row_text(RowId::Level).1, "9");
        let mut blockade = SetupScreen::new(GameKind::Blockade, PlayMode::Computer, &ctx);
        blockade.level = 10;
        assert_eq!(blockade.row_text(RowId::Level).1, "10");
    }

    #[test]
    fn presets_set_every_rule_and_hints_cycle_described_options() {
        let mut ctx = AppContext::for_tests();
        let mut screen = SetupScreen::new(GameKind::Stones, PlayMode::TwoPlayers, &ctx);
        screen.on_message(&mut ctx, SetupMsg::Step(RowId::Preset, true));
        assert_eq!(screen.row_text(RowId::Preset).1, "Kalah");
        assert_eq!(screen.rules().get("sowing"), Some(&toml::Value::String("kalah".into())));
        screen.on_message(&mut ctx, SetupMsg::Step(RowId::Preset, false));
        assert_eq!(screen.row_text(RowId::Preset).1, "Stones (relay)");
        let mut blockade = SetupScreen::new(GameKind::Blockade, PlayMode::TwoPlayers, &ctx);
        blockade.on_message(&mut ctx, SetupMsg::Step(RowId::Rule(1), true));
        assert_eq!(blockade.rules().get("neighbourhood"), Some(&toml::Value::Integer(4)));
        assert!(blockade.rules_problem().is_none());
    }

    #[test]
    fn the_empty_capture_is_greyed_out_under_relay_sowing() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let mut screen = SetupScreen::new(GameKind::Stones, PlayMode::TwoPlayers, &ctx);
        let fields = GameKind::Stones.entry().rules.fields();
        let at = fields.iter().position(|f| f.key == "empty_capture").unwrap();
        let row =
            |screen: &SetupScreen| screen.option_rows().iter().position(|id| *id == RowId::Rule(at)).unwrap();
        assert!(!screen.widgets(&view)[row(&screen)].enabled, "relay sowing never captures");
        screen.on_message(&mut ctx, SetupMsg::Step(RowId::Preset, true));
        assert_eq!(screen.row_text(RowId::Preset).1, "Kalah");
        assert!(screen.widgets(&view)[row(&screen)].enabled);
    }

    #[test]
    fn the_mode_row_reaches_join_which_greys_the_rules_and_opens_the_address_form() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let mut screen = SetupScreen::new(GameKind::Stones, PlayMode::NetworkHost, &ctx);
        screen.on_message(&mut ctx, SetupMsg::Step(RowId::Mode, true));
        assert_eq!(screen.mode, PlayMode::NetworkJoin);
        let widgets = screen.widgets(&view);
        for (i, id) in screen.option_rows().iter().enumerate() {
            let rule = matches!(id, RowId::Preset | RowId::Rule(_));
            assert_eq!(widgets[i].enabled, !rule, "{id:?}: the host's rules are played");
        }
        let command = screen.on_message(&mut ctx, SetupMsg::Start);
        assert!(matches!(&command, Command::Push(s) if s.name() == "network join stones"), "{command:?}");
    }

    #[test]
    fn the_mode_decides_which_match_rows_show() {
        let ctx = AppContext::for_tests();
        let rows = |mode| SetupScreen::new(GameKind::StrategyChess, mode, &ctx).option_rows();
        assert!(rows(PlayMode::Computer).contains(&RowId::First));
        assert!(rows(PlayMode::Demo).contains(&RowId::Level));
        assert!(!rows(PlayMode::Demo).contains(&RowId::First));
        assert!(!rows(PlayMode::TwoPlayers).contains(&RowId::Level));
    }

    #[test]
    fn start_opens_the_game_screen_and_refused_rules_block_it() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1920.0, 1080.0);
        let mut screen = SetupScreen::new(GameKind::Blockade, PlayMode::Computer, &ctx);
        let command = screen.input(&mut ctx, &view, &key(Key::Enter));
        assert!(matches!(&command, Command::Push(s) if s.name() == "play blockade"), "{command:?}");
        screen.rules.insert("neighbourhood".into(), toml::Value::Integer(6));
        assert!(matches!(screen.on_message(&mut ctx, SetupMsg::Start), Command::None));
        assert!(screen.start_problem.as_deref().is_some_and(|p| p.contains("neighbourhood")));
        let start = screen.widgets(&view).last().cloned().unwrap();
        assert!(!start.enabled);
    }
}
