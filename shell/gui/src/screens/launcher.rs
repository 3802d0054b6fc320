//! The launcher: the three games as cards, saved games, preferences and
//! quit; and the banner that names any problem found in the settings file.
//! An unfinished game the player left ([`Command::Park`]) is named in the
//! subtitle, and a Continue button brings it back.
//! Escape asks before it closes the window: the first press turns the
//! Quit button into "Quit?" and focuses it, a second press (or Enter)
//! quits, anything else carries on.

use super::mode::ModeScreen;
use super::preferences::PreferencesScreen;
use super::saved::SavedScreen;
use crate::canvas::Canvas;
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::geometry::Rect;
use crate::input::InputEvent;
use crate::layout::{banner, cards, footer_buttons, frame};
use crate::screen::{Command, Screen, View};
use crate::theme::palette;
use crate::widgets::banner::{MAX_LINES, banner_lines};
use crate::widgets::button::Look;
use crate::widgets::{Reaction, Widget, button, card, react};
use headless::registry::GameKind;

/// What the launcher's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LauncherMsg {
    /// Open a game's mode choice.
    Open(GameKind),
    /// Open the saved games.
    SavedGames,
    /// Go back to the unfinished game set aside.
    Continue,
    /// Open the preferences.
    Preferences,
    /// Close the window.
    Quit,
    /// Hide the settings notices.
    Dismiss,
}

/// The first screen.
#[derive(Debug, Default)]
pub struct LauncherScreen {
    focus: usize,
    /// Escape was pressed once: the next one quits.
    quit_asked: bool,
}

/// Where the launcher's parts go.
struct Parts {
    banner: Option<(Rect, Rect, Vec<String>)>,
    widgets: Vec<Widget<LauncherMsg>>,
}

impl LauncherScreen {
    /// The launcher, focus on the first card.
    pub fn new() -> Self {
        LauncherScreen { focus: 0, quit_asked: false }
    }

    fn parts(&self, ctx: &AppContext, view: &View) -> Parts {
        let m = &view.metrics;
        let f = frame(view);
        let mut widgets = Vec::new();
        let mut body = f.body;
        let mut shown_banner = None;
        if !ctx.notices.is_empty() {
            let (_, text, _, _) = banner(f.body, MAX_LINES, m);
            let lines = banner_lines(&ctx.notices, text.w, m.small, ctx.measure());
            let (whole, text, dismiss, rest) = banner(f.body, lines.len(), m);
            widgets.push(Widget::button(dismiss, LauncherMsg::Dismiss));
            shown_banner = Some((whole, text, lines));
            body = rest;
        }
        for (id, rect) in GameKind::ALL.iter().zip(cards(body, GameKind::ALL.len(), m)) {
            widgets.push(Widget::button(rect, LauncherMsg::Open(*id)));
        }
        let mut left = vec![LauncherMsg::SavedGames];
        if ctx.parked.is_some() {
            left.push(LauncherMsg::Continue);
        }
        let right = [LauncherMsg::Preferences, LauncherMsg::Quit];
        let buttons = footer_buttons(f.footer, left.len(), right.len(), m);
        for (rect, msg) in buttons.into_iter().zip(left.into_iter().chain(right)) {
            widgets.push(Widget::button(rect, msg));
        }
        Parts { banner: shown_banner, widgets }
    }

    /// The launcher's widgets in this view.
    pub fn widgets(&self, ctx: &AppContext, view: &View) -> Vec<Widget<LauncherMsg>> {
        self.parts(ctx, view).widgets
    }

    /// Acts on a message.
    pub fn on_message(&mut self, ctx: &mut AppContext, msg: LauncherMsg) -> Command {
        match msg {
            LauncherMsg::Open(id) => Command::Push(Box::new(ModeScreen::new(id, ctx))),
            LauncherMsg::SavedGames => Command::Push(Box::new(SavedScreen::new(ctx))),
            LauncherMsg::Continue => Command::Resume,
            LauncherMsg::Preferences => Command::Push(Box::new(PreferencesScreen::new())),
            LauncherMsg::Quit => Command::Quit,
            LauncherMsg::Dismiss => {
                ctx.notices.clear();
                self.focus = 0;
                Command::None
            }
        }
    }
}

impl Screen for LauncherScreen {
    fn name(&self) -> String {
        "launcher".into()
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let widgets = self.widgets(ctx, view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(msg) => {
                self.quit_asked = false;
                self.on_message(ctx, msg)
            }
            Reaction::Back if self.quit_asked => Command::Quit,
            Reaction::Back => {
                self.quit_asked = true;
                if let Some(quit) = widgets.iter().position(|w| w.on_activate == Some(LauncherMsg::Quit)) {
                    self.focus = quit;
                }
                Command::None
            }
            Reaction::FocusMoved => {
                self.quit_asked = false;
                Command::None
            }
            _ => Command::None,
        }
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let parts = self.parts(ctx, view);
        let looks: Vec<_> =
            (0..parts.widgets.len()).map(|i| look_of(&parts.widgets, i, self.focus, ctx)).collect();
        // Everything the launcher shows: the window's size (the layout and
        // the sizes follow from it), the notices and each widget's look.
        let parked = &ctx.parked;
        let rules: Vec<toml::Table> =
            GameKind::ALL.iter().map(|id| crate::catalogue::remembered_rules(ctx, *id)).collect();
        // Tables do not hash: their text does.
        let rules_text: Vec<String> = rules.iter().map(|t| t.to_string()).collect();
        let size = [view.rect.w.to_bits(), view.rect.h.to_bits()];
        let content = (size, &ctx.notices, &looks, self.quit_asked, parked, &rules_text);
        // Kept as one picture: a still launcher is copied to the window as
        // one quad a frame instead of being drawn anew (see `Canvas::kept`).
        canvas.kept("launcher", view.rect, palette::BACKGROUND, content, |canvas| {
            let subtitle = match parked {
                Some(game) => format!("Unfinished: {game}. Continue picks it up."),
                None => "Three abstract board games. Pick one to play.".to_string(),
            };
            draw_chrome(canvas, &f, "boardsuite", &subtitle, m);
            for (widget, look) in parts.widgets.iter().zip(looks.iter().copied()) {
                match widget.on_activate {
                    Some(LauncherMsg::Open(id)) => {
                        let at = GameKind::ALL.iter().position(|k| *k == id).unwrap_or(0);
                        let picture = (crate::catalogue::screens(id).picture, &rules[at]);
                        card::draw(canvas, widget.rect, id.entry(), picture, look, m)
                    }
                    Some(LauncherMsg::SavedGames) => {
                        button::draw(canvas, widget.rect, "Saved games", look, m)
                    }
                    Some(LauncherMsg::Continue) => {
                        button::draw(canvas, widget.rect, "Continue", Look { primary: true, ..look }, m)
                    }
                    Some(LauncherMsg::Preferences) => {
                        button::draw(canvas, widget.rect, "Preferences", look, m)
                    }
                    Some(LauncherMsg::Quit) => {
                        let label = if self.quit_asked { "Quit?" } else { "Quit" };
                        button::draw(canvas, widget.rect, label, look, m)
                    }
                    Some(LauncherMsg::Dismiss) => {
                        if let Some((whole, text, lines)) = &parts.banner {
                            crate::widgets::banner::draw(canvas, *whole, *text, widget.rect, lines, look, m);
                        }
                    }
                    None => {}
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{SIZES, assert_laid_out};
    use super::*;
    use crate::geometry::Point;

    #[test]
    fn the_cards_and_buttons_fit_every_window() {
        let mut ctx = AppContext::for_tests();
        for notices in [0, 1, 9] {
            ctx.notices = (0..notices)
                .map(|i| {
                    format!(
                        "games.stones.rules.pits: problem number {i} with a long explanation of what happened"
                    )
                })
                .collect();
            for (w, h) in SIZES {
                let view = View::of_size(w, h);
                let widgets = LauncherScreen::new().widgets(&ctx, &view);
                assert_eq!(widgets.len(), 6 + usize::from(notices > 0));
                assert_laid_out(&widgets, view.rect);
            }
        }
    }

    #[test]
    fn clicking_a_card_opens_that_game() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let mut launcher = LauncherScreen::new();
        let widgets = launcher.widgets(&ctx, &view);
        let stones =
            widgets.iter().find(|w| w.on_activate == Some(LauncherMsg::Open(GameKind::Stones))).unwrap();
        let click = InputEvent::Click(stones.rect.center());
        let command = launcher.input(&mut ctx, &view, &click);
        assert!(matches!(&command, Command::Push(s) if s.name() == "mode stones"), "{command:?}");
        let nowhere = InputEvent::Click(Point::new(1.0, 1.0));
        assert!(matches!(launcher.input(&mut ctx, &view, &nowhere), Command::None));
    }

    #[test]
    fn escape_asks_before_it_quits() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(800.0, 600.0);
        let mut launcher = LauncherScreen::new();
        let escape = InputEvent::Key(crate::input::Key::Escape);
        assert!(matches!(launcher.input(&mut ctx, &view, &escape), Command::None), "the first Escape asks");
        assert!(launcher.quit_asked);
        let widgets = launcher.widgets(&ctx, &view);
        assert_eq!(widgets[launcher.focus].on_activate, Some(LauncherMsg::Quit), "Enter would quit");
        assert!(matches!(launcher.input(&mut ctx, &view, &escape), Command::Quit), "the second quits");
        // Moving on forgets the question.
        let mut launcher = LauncherScreen::new();
        launcher.input(&mut ctx, &view, &escape);
        launcher.input(&mut ctx, &view, &InputEvent::Key(crate::input::Key::Tab));
        assert!(!launcher.quit_asked);
        assert!(matches!(launcher.input(&mut ctx, &view, &escape), Command::None));
    }

    #[test]
    fn the_banner_is_dismissed_by_its_button() {
        let mut ctx = AppContext::for_tests();
        ctx.notices.push("settings.toml line 3: expected a value".into());
        let view = View::of_size(800.0, 600.0);
        let mut launcher = LauncherScreen::new();
        let enter = InputEvent::Key(crate::input::Key::Enter);
        assert!(
            matches!(launcher.input(&mut ctx, &view, &enter), Command::None),
            "focus starts on the banner"
        );
        assert!(ctx.notices.is_empty());
        assert!(matches!(launcher.on_message(&mut ctx, LauncherMsg::Quit), Command::Quit));
    }

    #[test]
    fn an_unfinished_game_is_offered_with_continue() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(800.0, 600.0);
        let mut launcher = LauncherScreen::new();
        let widgets = launcher.widgets(&ctx, &view);
        assert!(!widgets.iter().any(|w| w.on_activate == Some(LauncherMsg::Continue)));
        let saved = widgets.iter().find(|w| w.on_activate == Some(LauncherMsg::SavedGames)).unwrap().rect;
        ctx.parked = Some("Stones against the computer (level 3), 2 moves played".into());
        let widgets = launcher.widgets(&ctx, &view);
        assert_laid_out(&widgets, view.rect);
        let find = |msg| widgets.iter().find(|w| w.on_activate == Some(msg)).unwrap().rect;
        assert_eq!(find(LauncherMsg::SavedGames), saved, "Saved games stays where it was");
        let click = InputEvent::Click(find(LauncherMsg::Continue).center());
        assert!(matches!(launcher.input(&mut ctx, &view, &click), Command::Resume));
    }
}
