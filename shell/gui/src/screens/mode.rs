//! Choosing how to play a game: against the computer, two players, a demo,
//! or over the network (host a game, or join one: joining goes straight
//! to the address and code, since the rules are the host's).

use super::labels::mode_text;
use super::rules::RulesScreen;
use super::setup::SetupScreen;
use crate::canvas::Canvas;
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::geometry::Rect;
use crate::input::InputEvent;
use crate::layout::{footer_buttons, frame, stack};
use crate::play::MatchConfig;
use crate::screen::{Command, Screen, View};
use crate::theme::palette;
use crate::widgets::{Reaction, Widget, button, react};
use headless::registry::{GameEntry, GameKind};
use headless::settings::{Choice, PlayMode};

/// What the mode screen's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeMsg {
    /// Go on to the setup with this mode.
    Choose(PlayMode),
    /// Show the rules.
    Rules,
    /// Back to the launcher.
    Back,
}

/// The mode choice of one game.
#[derive(Debug)]
pub struct ModeScreen {
    game: GameKind,
    focus: usize,
}

impl ModeScreen {
    /// The mode choice of `game`, focus on the mode played last.
    pub fn new(game: GameKind, ctx: &AppContext) -> Self {
        let last = ctx.settings.game(game.entry().key).map(|g| g.mode).unwrap_or_default();
        let focus = PlayMode::ALL.iter().position(|m| *m == last).unwrap_or(0);
        ModeScreen { game, focus }
    }

    fn entry(&self) -> &'static GameEntry {
        self.game.entry()
    }

    /// The picture panel beside the modes, if the window is wide enough.
    fn picture_area(view: &View) -> Option<Rect> {
        let m = &view.metrics;
        let body = frame(view).body;
        (body.w >= 760.0 * m.scale).then(|| body.split_left(body.w * 0.4).0)
    }

    /// The mode screen's widgets in this view.
    pub fn widgets(&self, _ctx: &AppContext, view: &View) -> Vec<Widget<ModeMsg>> {
        let m = &view.metrics;
        let f = frame(view);
        let list_area = match Self::picture_area(view) {
            Some(picture) => f.body.split_left(picture.w + m.gap * 2.0).1,
            None => f.body,
        };
        let list_area = Rect::new(list_area.x, list_area.y, list_area.w.min(640.0 * m.scale), list_area.h);
        let mut widgets: Vec<Widget<ModeMsg>> =
            stack(list_area, PlayMode::ALL.len(), m.row * 1.7, m.gap * 0.75)
                .into_iter()
                .zip(PlayMode::ALL)
                .map(|(rect, mode)| Widget::button(rect, ModeMsg::Choose(*mode)))
                .collect();
        let buttons = footer_buttons(f.footer, 1, 1, m);
        widgets.push(Widget::button(buttons[0], ModeMsg::Rules));
        widgets.push(Widget::button(buttons[1], ModeMsg::Back));
        widgets
    }

    /// Acts on a message.
    pub fn on_message(&mut self, ctx: &mut AppContext, msg: ModeMsg) -> Command {
        match msg {
            ModeMsg::Choose(PlayMode::NetworkJoin) => {
                let entry = self.entry();
                let schema = headless::settings::GameSchema { key: entry.key, rules: entry.rules };
                let saved = ctx.settings.game_mut(&schema);
                saved.mode = PlayMode::NetworkJoin;
                let config = MatchConfig {
                    game: self.game,
                    mode: PlayMode::NetworkJoin,
                    level: saved.level,
                    first: saved.first,
                    rules: saved.rules.clone(),
                };
                ctx.save();
                match (crate::catalogue::screens(self.game).play)(&config, ctx) {
                    Ok(screen) => Command::Push(screen),
                    Err(why) => {
                        ctx.notices.push(format!("{}: cannot join: {why}", entry.name));
                        Command::None
                    }
                }
            }
            ModeMsg::Choose(mode) => {
                let entry = self.entry();
                let schema = headless::settings::GameSchema { key: entry.key, rules: entry.rules };
                ctx.settings.game_mut(&schema).mode = mode;
                ctx.save();
                Command::Push(Box::new(SetupScreen::new(self.game, mode, ctx)))
            }
            ModeMsg::Rules => Command::Push(Box::new(RulesScreen::for_saved_rules(self.game, ctx))),
            ModeMsg::Back => Command::Pop,
        }
    }
}

impl Screen for ModeScreen {
    fn name(&self) -> String {
        format!("mode {}", self.entry().key)
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let widgets = self.widgets(ctx, view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(msg) => self.on_message(ctx, msg),
            Reaction::Back => Command::Pop,
            _ => Command::None,
        }
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let entry = self.entry();
        draw_chrome(canvas, &f, entry.name, entry.tagline, m);
        if let Some(area) = Self::picture_area(view) {
            let panel = area.inset(m.gap * 0.25);
            canvas.round(panel, m.radius * 1.4, palette::PANEL);
            let rules = crate::catalogue::remembered_rules(ctx, self.game);
            (crate::catalogue::screens(self.game).picture)(canvas, panel.inset(m.gap * 2.0), &rules);
        }
        let widgets = self.widgets(ctx, view);
        for (i, widget) in widgets.iter().enumerate() {
            let look = look_of(&widgets, i, self.focus, ctx);
            match widget.on_activate {
                Some(ModeMsg::Choose(mode)) => {
                    let (title, detail) = mode_text(mode);
                    button::draw_tall(canvas, widget.rect, title, detail, None, look, m);
                }
                Some(ModeMsg::Rules) => button::draw(canvas, widget.rect, "How to play", look, m),
                Some(ModeMsg::Back) => button::draw(canvas, widget.rect, "Back", look, m),
                None => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{SIZES, assert_laid_out};
    use super::*;
    use crate::input::Key;

    #[test]
    fn the_modes_fit_every_window() {
        let ctx = AppContext::for_tests();
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            for id in GameKind::ALL {
                let widgets = ModeScreen::new(id, &ctx).widgets(&ctx, &view);
                assert_laid_out(&widgets, view.rect);
                if let Some(picture) = ModeScreen::picture_area(&view) {
                    assert!(widgets.iter().all(|w| !w.rect.overlaps(&picture)));
                }
            }
        }
    }

    #[test]
    fn hosting_opens_the_rules_and_joining_the_address_form() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        for id in GameKind::ALL {
            let mut screen = ModeScreen::new(id, &ctx);
            let widgets = screen.widgets(&ctx, &view);
            let host = widgets
                .iter()
                .find(|w| w.on_activate == Some(ModeMsg::Choose(PlayMode::NetworkHost)))
                .unwrap();
            assert!(host.enabled);
            let command = screen.input(&mut ctx, &view, &InputEvent::Click(host.rect.center()));
            let key = id.entry().key;
            assert!(
                matches!(&command, Command::Push(s) if s.name() == format!("setup {key} network-host")),
                "{command:?}"
            );
            let command = screen.on_message(&mut ctx, ModeMsg::Choose(PlayMode::NetworkJoin));
            assert!(
                matches!(&command, Command::Push(s) if s.name() == format!("network join {key}")),
                "{command:?}"
            );
        }
    }

    #[test]
    fn choosing_a_mode_remembers_it_and_opens_the_setup() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(800.0, 600.0);
        let mut screen = ModeScreen::new(GameKind::Stones, &ctx);
        screen.input(&mut ctx, &view, &InputEvent::Key(Key::Arrow(crate::focus::Direction::Down)));
        let command = screen.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert!(
            matches!(&command, Command::Push(s) if s.name() == "setup stones two-players"),
            "{command:?}"
        );
        assert_eq!(ctx.settings.game("stones").unwrap().mode, PlayMode::TwoPlayers);
        let again = ModeScreen::new(GameKind::Stones, &ctx);
        assert_eq!(again.focus, 1, "the last mode is remembered");
        assert!(matches!(screen.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::Pop));
    }
}
