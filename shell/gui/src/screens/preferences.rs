//! Preferences for every game: animation speed, sound, rank numbering,
//! board orientation and the memory aid. Edited with the same schema-driven
//! rows as rule options, and saved at once.
//!
//! The window plays no sound: the Sound row says so plainly and does not
//! step (the setting stays in the file for a build that has sound).

use crate::canvas::Canvas;
use crate::chrome::{draw_chrome, draw_help, look_of};
use crate::context::AppContext;
use crate::input::InputEvent;
use crate::layout::{RowKind, footer_buttons, form, frame, option_row_parts};
use crate::options::{label_of, show_option, step_in_table};
use crate::screen::{Command, Screen, View};
use crate::widgets::option_row::{self, OptionRowView};
use crate::widgets::{Reaction, Widget, button, react};
use headless::settings::Preferences;

/// The preference this build cannot honour, with what its row and help
/// say instead.
pub const NO_SOUND: (&str, &str, &str) = ("sound", "not in this build", "This build has no sound.");

/// What the preferences screen's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreferencesMsg {
    /// Step the preference at this index forwards (`true`) or back.
    Step(usize, bool),
    /// Back to the launcher.
    Back,
}

/// The preferences screen.
#[derive(Debug, Default)]
pub struct PreferencesScreen {
    focus: usize,
}

impl PreferencesScreen {
    /// The preferences, focus on the first.
    pub fn new() -> Self {
        PreferencesScreen { focus: 0 }
    }

    /// The widgets in this view.
    pub fn widgets(&self, view: &View) -> Vec<Widget<PreferencesMsg>> {
        let m = &view.metrics;
        let f = frame(view);
        let (_, area) = f.body.split_bottom(m.small * 2.9 + m.gap * 0.5);
        let kinds: Vec<(usize, RowKind)> =
            Preferences::fields().iter().map(|_| (0, RowKind::Option)).collect();
        let layout = form(area, &kinds, m);
        let mut widgets: Vec<Widget<PreferencesMsg>> = layout
            .scrolled(0)
            .into_iter()
            .enumerate()
            .map(|(i, (rect, visible))| {
                let parts = option_row_parts(rect, m);
                Widget::button(rect, PreferencesMsg::Step(i, true))
                    .with_sides(PreferencesMsg::Step(i, false), PreferencesMsg::Step(i, true))
                    .with_zone(parts.less, PreferencesMsg::Step(i, false))
                    .with_zone(parts.more, PreferencesMsg::Step(i, true))
                    .visible(visible)
            })
            .collect();
        let b = footer_buttons(f.footer, 0, 1, m);
        widgets.push(Widget::button(b[0], PreferencesMsg::Back));
        widgets
    }

    /// Acts on a message.
    pub fn on_message(&mut self, ctx: &mut AppContext, msg: PreferencesMsg) -> Command {
        match msg {
            PreferencesMsg::Step(i, forward) => {
                let fields = Preferences::fields();
                let Some(field) = fields.get(i).filter(|f| f.key != NO_SOUND.0) else { return Command::None };
                let mut table = ctx.settings.preferences.to_table();
                let defaults = Preferences::default().to_table();
                if step_in_table(fields, &mut table, &defaults, field.key, forward)
                    && let Some(preferences) = Preferences::from_table(&table)
                {
                    ctx.settings.preferences = preferences;
                    ctx.save();
                }
                Command::None
            }
            PreferencesMsg::Back => Command::Pop,
        }
    }
}

impl Screen for PreferencesScreen {
    fn name(&self) -> String {
        "preferences".into()
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(msg) => self.on_message(ctx, msg),
            Reaction::Back => Command::Pop,
            _ => Command::None,
        }
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        draw_chrome(canvas, &f, "Preferences", "For every game. Saved as soon as you change them.", m);
        let widgets = self.widgets(view);
        let fields = Preferences::fields();
        let table = ctx.settings.preferences.to_table();
        for (i, widget) in widgets.iter().enumerate() {
            let look = look_of(&widgets, i, self.focus, ctx);
            match fields.get(i) {
                Some(field) => {
                    let silent = field.key == NO_SOUND.0;
                    let value = match table.get(field.key) {
                        _ if silent => NO_SOUND.1.to_string(),
                        Some(v) => show_option(field, v),
                        None => String::new(),
                    };
                    let label = label_of(field.key);
                    let row = OptionRowView {
                        label: &label,
                        value: &value,
                        can_less: !silent,
                        can_more: !silent,
                        bad: false,
                    };
                    option_row::draw(canvas, widget.rect, &row, look, m);
                }
                None => button::draw(canvas, widget.rect, "Back", look, m),
            }
        }
        let (help_area, _) = f.body.split_bottom(m.small * 2.9);
        let help = match fields.get(self.focus) {
            Some(f) if f.key == NO_SOUND.0 => NO_SOUND.2,
            Some(f) => f.help,
            None => "Back to the games.",
        };
        draw_help(canvas, ctx, help_area.inset_xy(m.gap * 0.5, 0.0), help, false, m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{SIZES, assert_laid_out};
    use super::*;
    use crate::input::Key;
    use headless::settings::AnimationSpeed;

    #[test]
    fn the_rows_fit_every_window() {
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            let widgets = PreferencesScreen::new().widgets(&view);
            assert_eq!(widgets.len(), Preferences::fields().len() + 1);
            assert!(widgets.iter().all(|w| w.visible));
            assert_laid_out(&widgets, view.rect);
        }
    }

    #[test]
    fn stepping_changes_the_preference() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(800.0, 600.0);
        let mut screen = PreferencesScreen::new();
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Arrow(crate::focus::Direction::Right)));
        assert_eq!(ctx.settings.preferences.animation_speed, AnimationSpeed::Fast);
        screen.on_message(&mut ctx, PreferencesMsg::Step(4, true));
        assert!(ctx.settings.preferences.memory_aid);
        let sound = Preferences::fields().iter().position(|f| f.key == NO_SOUND.0).unwrap();
        let before = ctx.settings.preferences;
        screen.on_message(&mut ctx, PreferencesMsg::Step(sound, true));
        assert_eq!(ctx.settings.preferences, before, "a build with no sound does not offer it");
        assert!(matches!(screen.on_message(&mut ctx, PreferencesMsg::Back), Command::Pop));
    }
}
