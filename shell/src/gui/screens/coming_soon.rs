//! The stand-in for a game's play screen until it lands: it says so
//! plainly and shows the match the launcher set up.

use super::super::canvas::{Align, Canvas, Weight};
use super::super::context::AppContext;
use super::super::geometry::Rect;
use super::super::input::InputEvent;
use super::super::layout::{footer_buttons, frame};
use super::super::play::MatchConfig;
use super::super::screen::{Command, Screen, View};
use super::super::theme::palette;
use super::super::widgets::{Reaction, Widget, button, react};
use super::labels::{first_text, mode_text};
use super::{draw_chrome, look_of};
use crate::settings::PlayMode;

/// The [`GameScreenFactory`](super::super::play::GameScreenFactory) of games
/// whose play screen has not landed yet.
pub fn factory(config: &MatchConfig, _ctx: &mut AppContext) -> Result<Box<dyn Screen>, String> {
    Ok(Box::new(ComingSoonScreen::new(config.clone())))
}

/// What the screen's buttons say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComingSoonMsg {
    /// Back to the setup.
    Back,
    /// Back to the launcher.
    Menu,
}

/// "The board is coming soon", with the chosen match.
#[derive(Debug)]
pub struct ComingSoonScreen {
    config: MatchConfig,
    focus: usize,
}

impl ComingSoonScreen {
    /// The stand-in for this match, focus on Back.
    pub fn new(config: MatchConfig) -> Self {
        ComingSoonScreen { config, focus: 1 }
    }

    /// The widgets in this view.
    pub fn widgets(&self, view: &View) -> Vec<Widget<ComingSoonMsg>> {
        let b = footer_buttons(frame(view).footer, 0, 2, &view.metrics);
        vec![Widget::button(b[0], ComingSoonMsg::Menu), Widget::button(b[1], ComingSoonMsg::Back)]
    }

    /// The lines describing the match.
    pub fn summary(&self) -> Vec<String> {
        let entry = self.config.game.entry();
        let mut lines = vec![format!("Mode: {}", mode_text(self.config.mode).0.to_lowercase())];
        if self.config.mode.uses_computer() {
            lines.push(format!("Computer level: {}", self.config.level));
        }
        if self.config.mode == PlayMode::Computer {
            lines.push(format!("Who moves first: {}", first_text(self.config.first)));
        }
        let preset = entry.preset_of(&self.config.rules).map_or("custom rules", |p| p.name);
        lines.push(format!("Rules: {preset}"));
        let defaults = entry.rules.defaults();
        let changed: Vec<String> = entry
            .rules
            .fields()
            .iter()
            .filter(|f| self.config.rules.get(f.key) != defaults.get(f.key))
            .map(|f| format!("{} {}", f.key, entry.rules.show(&self.config.rules, f.key)))
            .collect();
        if !changed.is_empty() {
            lines.push(format!("Changed: {}", changed.join(", ")));
        }
        lines
    }
}

impl Screen for ComingSoonScreen {
    fn name(&self) -> String {
        format!("coming soon {}", self.config.game.entry().key)
    }

    fn input(&mut self, _ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(ComingSoonMsg::Back) | Reaction::Back => Command::Pop,
            Reaction::Message(ComingSoonMsg::Menu) => Command::PopToRoot,
            _ => Command::None,
        }
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let entry = self.config.game.entry();
        draw_chrome(canvas, &f, entry.name, mode_text(self.config.mode).0, m);
        let panel = f.body.centered(f.body.w.min(900.0 * m.scale), f.body.h);
        canvas.round(panel, m.radius * 1.4, palette::PANEL);
        let inner = panel.inset(m.gap * 1.5);
        let (picture, text) = if inner.w > inner.h * 1.3 {
            let (left, right) = inner.split_left(inner.w * 0.42);
            (left, right.split_left(m.gap * 1.5).1)
        } else {
            let (top, bottom) = inner.split_top(inner.h * 0.45);
            (top, bottom.split_top(m.gap).1)
        };
        (entry.picture)(canvas, picture.inset(m.gap));
        let summary = self.summary();
        let mut lines: Vec<(String, f32, Weight, super::super::theme::Rgba)> = vec![
            (format!("{} board coming soon", entry.name), m.heading, Weight::Bold, palette::ACCENT),
            (
                "The play screen arrives with the game's engine.".into(),
                m.body,
                Weight::Regular,
                palette::TEXT,
            ),
            ("Press Esc or Back to return to the setup.".into(), m.body, Weight::Regular, palette::TEXT_DIM),
        ];
        lines.extend(summary.into_iter().map(|l| (l, m.small, Weight::Regular, palette::TEXT_DIM)));
        // Each line as tall as its text needs, the block centred.
        let heights: Vec<f32> = lines.iter().map(|(_, size, _, _)| size * 1.75).collect();
        let used: f32 = heights.iter().sum();
        let mut y = text.y + ((text.h - used) / 2.0).max(0.0);
        for ((line, size, weight, color), h) in lines.iter().zip(heights) {
            if y + h > text.bottom() + 0.5 {
                break;
            }
            canvas.label(Rect::new(text.x, y, text.w, h), line, *size, *weight, Align::Left, *color);
            y += h;
        }
        let widgets = self.widgets(view);
        for (i, (widget, label)) in widgets.iter().zip(["Main menu", "Back"]).enumerate() {
            button::draw(canvas, widget.rect, label, look_of(&widgets, i, self.focus, ctx), m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{SIZES, assert_laid_out};
    use super::*;
    use crate::gui::catalogue::GameId;
    use crate::gui::input::Key;
    use crate::settings::FirstMover;

    fn config() -> MatchConfig {
        let mut rules = GameId::Stones.entry().rules.defaults();
        rules.insert("pits".into(), 5.into());
        MatchConfig {
            game: GameId::Stones,
            mode: PlayMode::Computer,
            level: 7,
            first: FirstMover::Computer,
            rules,
        }
    }

    #[test]
    fn it_shows_the_chosen_match_and_goes_back() {
        let mut ctx = AppContext::for_tests();
        let mut screen = factory(&config(), &mut ctx).unwrap();
        assert_eq!(screen.name(), "coming soon stones");
        let view = View::of_size(800.0, 600.0);
        assert!(matches!(screen.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::Pop));
        let concrete = ComingSoonScreen { config: config(), focus: 0 };
        let summary = concrete.summary();
        assert!(summary.contains(&"Computer level: 7".to_string()), "{summary:?}");
        assert!(summary.contains(&"Changed: pits 5".to_string()), "{summary:?}");
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            assert_laid_out(&concrete.widgets(&view), view.rect);
        }
    }
}
