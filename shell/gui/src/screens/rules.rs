//! A game's rules, in our own words, with the active options filled in;
//! scrolled by whole lines.

use crate::canvas::{Canvas, Weight, baseline_in};
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::geometry::{Point, Rect};
use crate::input::InputEvent;
use crate::layout::{footer_buttons, frame, text_column};
use crate::rules_text::{Block, Line, LineStyle, TextSizes, fill, lay_out, options_blocks, parse};
use crate::screen::{Command, Screen, View};
use crate::theme::palette;
use crate::widgets::scroll::{draw_indicator, scroll_by};
use crate::widgets::{Reaction, Widget, button, react};
use headless::registry::{GameEntry, GameKind};

/// What the rules screen's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesMsg {
    /// Scroll up a page.
    PageUp,
    /// Scroll down a page.
    PageDown,
    /// Back to where the rules were opened from.
    Back,
}

/// The rules of one game under some options.
#[derive(Debug)]
pub struct RulesScreen {
    game: GameKind,
    values: toml::Table,
    first_line: usize,
    focus: usize,
}

/// The text laid out for a view.
struct Page {
    area: Rect,
    lines: Vec<Line>,
    sizes: TextSizes,
}

impl Page {
    /// How many lines from `first` fit in the area.
    fn fitting_from(&self, first: usize) -> usize {
        let mut used = 0.0;
        let mut n = 0;
        for line in self.lines.iter().skip(first) {
            used += line.style.height(&self.sizes);
            if used > self.area.h {
                break;
            }
            n += 1;
        }
        n
    }

    /// The largest first line that still fills the area.
    fn max_first(&self) -> usize {
        let mut used = 0.0;
        for (i, line) in self.lines.iter().enumerate().rev() {
            used += line.style.height(&self.sizes);
            if used > self.area.h {
                return i + 1;
            }
        }
        0
    }
}

impl RulesScreen {
    /// The rules of `game` with these option values.
    pub fn new(game: GameKind, values: toml::Table) -> Self {
        let mut full = game.entry().rules.defaults();
        full.extend(values);
        RulesScreen { game, values: full, first_line: 0, focus: 2 }
    }

    /// The rules of `game` with the options remembered in the settings.
    pub fn for_saved_rules(game: GameKind, ctx: &AppContext) -> Self {
        let values = ctx.settings.game(game.entry().key).map(|g| g.rules.clone()).unwrap_or_default();
        RulesScreen::new(game, values)
    }

    fn entry(&self) -> &'static GameEntry {
        self.game.entry()
    }

    /// The text as blocks: the introduction, the active options, then the
    /// rules with the option values filled in.
    pub fn blocks(&self) -> Vec<Block> {
        let entry = self.entry();
        let text = fill(entry.rules_text, entry.rules.fields(), &self.values);
        let mut rules: Vec<Block> =
            parse(&text).into_iter().filter(|b| !matches!(b, Block::Title(_))).collect();
        let intro = if matches!(rules.first(), Some(Block::Paragraph(_))) { 1 } else { 0 };
        let preset = entry.preset_of(&self.values).map(|p| p.name);
        let options = options_blocks(entry.rules.fields(), &self.values, preset.or(Some("custom")), &|key| {
            entry.label(key)
        });
        rules.splice(intro..intro, options);
        rules
    }

    fn page(&self, ctx: &AppContext, view: &View) -> Page {
        let m = &view.metrics;
        let area = text_column(frame(view).body, m);
        let sizes = TextSizes { title: m.title, heading: m.heading, body: m.body, indent: m.body * 1.4 };
        let lines = lay_out(&self.blocks(), area.w - m.gap, &sizes, ctx.measure());
        Page { area, lines, sizes }
    }

    /// The rules screen's widgets in this view.
    pub fn widgets(&self, view: &View) -> Vec<Widget<RulesMsg>> {
        let f = frame(view);
        let b = footer_buttons(f.footer, 2, 1, &view.metrics);
        vec![
            Widget::button(b[0], RulesMsg::PageUp),
            Widget::button(b[1], RulesMsg::PageDown),
            Widget::button(b[2], RulesMsg::Back),
        ]
    }

    fn scroll(&mut self, ctx: &AppContext, view: &View, delta: i32) {
        let page = self.page(ctx, view);
        let step = match delta {
            -8 | 8 => delta.signum() * (page.fitting_from(self.first_line) as i32 - 2).max(1),
            other => other * 2,
        };
        self.first_line = scroll_by(self.first_line, step, page.max_first());
    }

    /// The first line shown.
    pub fn first_line(&self) -> usize {
        self.first_line
    }
}

impl Screen for RulesScreen {
    fn name(&self) -> String {
        format!("rules {}", self.entry().key)
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        use crate::focus::Direction;
        use crate::input::Key;
        // Up and down scroll the text; the buttons are reached with Tab,
        // Left and Right.
        match event {
            InputEvent::Key(Key::Arrow(Direction::Up)) => {
                self.scroll(ctx, view, -1);
                return Command::None;
            }
            InputEvent::Key(Key::Arrow(Direction::Down)) => {
                self.scroll(ctx, view, 1);
                return Command::None;
            }
            _ => {}
        }
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(RulesMsg::PageUp) => self.scroll(ctx, view, -8),
            Reaction::Message(RulesMsg::PageDown) => self.scroll(ctx, view, 8),
            Reaction::Message(RulesMsg::Back) | Reaction::Back => return Command::Pop,
            Reaction::Scroll(delta) => self.scroll(ctx, view, delta),
            Reaction::FocusMoved | Reaction::Nothing => {}
        }
        Command::None
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let entry = self.entry();
        draw_chrome(canvas, &f, &format!("How to play {}", entry.name), entry.tagline, m);
        let page = self.page(ctx, view);
        let mut y = page.area.y;
        let shown = page.fitting_from(self.first_line);
        for line in page.lines.iter().skip(self.first_line).take(shown) {
            let h = line.style.height(&page.sizes);
            let slot = Rect::new(page.area.x, y, page.area.w - m.gap, h);
            let size = line.style.size(&page.sizes);
            let baseline = baseline_in(slot, size);
            match line.style {
                LineStyle::Title | LineStyle::Heading => {
                    canvas.text(&line.text, slot.x, baseline, size, Weight::Bold, palette::ACCENT)
                }
                LineStyle::BulletStart => {
                    let dot = Point::new(slot.x + page.sizes.indent * 0.4, baseline - size * 0.33);
                    canvas.circle(dot, size * 0.14, palette::TEXT_DIM);
                    canvas.text(
                        &line.text,
                        slot.x + page.sizes.indent,
                        baseline,
                        size,
                        Weight::Regular,
                        palette::TEXT,
                    );
                }
                LineStyle::BulletMore => canvas.text(
                    &line.text,
                    slot.x + page.sizes.indent,
                    baseline,
                    size,
                    Weight::Regular,
                    palette::TEXT,
                ),
                LineStyle::Body => {
                    canvas.text(&line.text, slot.x, baseline, size, Weight::Regular, palette::TEXT)
                }
                LineStyle::Blank => {}
            }
            y += h;
        }
        draw_indicator(canvas, page.area, self.first_line, shown, page.lines.len(), m);
        let widgets = self.widgets(view);
        for (i, (widget, label)) in widgets.iter().zip(["Page up", "Page down", "Back"]).enumerate() {
            button::draw(canvas, widget.rect, label, look_of(&widgets, i, self.focus, ctx), m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{SIZES, assert_laid_out};
    use super::*;
    use crate::input::Key;

    #[test]
    fn the_text_names_the_active_options() {
        let mut values = toml::Table::new();
        values.insert("sowing".into(), "kalah".into());
        let screen = RulesScreen::new(GameKind::Stones, values);
        let blocks = screen.blocks();
        assert!(blocks.contains(&Block::Heading("Your options".into())));
        assert!(blocks.contains(&Block::Paragraph("Preset: Kalah.".into())));
        assert!(blocks.iter().any(|b| matches!(b, Block::Bullet(t) if t.starts_with("Sowing: kalah."))));
        assert!(
            blocks.iter().any(|b| matches!(b, Block::Bullet(t) if t.contains("played with kalah sowing")))
        );
    }

    #[test]
    fn it_scrolls_within_the_text_and_fits_every_window() {
        let mut ctx = AppContext::for_tests();
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            let mut screen = RulesScreen::new(GameKind::StrategyChess, toml::Table::new());
            assert_laid_out(&screen.widgets(&view), view.rect);
            let page = screen.page(&ctx, &view);
            assert!(
                page.lines
                    .iter()
                    .all(|l| ctx.measure().width(&l.text, l.style.size(&page.sizes)) <= page.area.w)
            );
            screen.input(&mut ctx, &view, &InputEvent::Key(Key::PageDown));
            assert!(screen.first_line() > 0, "a page down moves at {w}x{h}");
            for _ in 0..100 {
                screen.input(&mut ctx, &view, &InputEvent::Wheel(-1.0));
            }
            assert_eq!(screen.first_line(), page.max_first(), "scrolling stops at the end");
            screen.input(&mut ctx, &view, &InputEvent::Key(Key::Home));
            assert_eq!(screen.first_line(), 0);
            let back = screen.input(&mut ctx, &view, &InputEvent::Key(Key::Escape));
            assert!(matches!(back, Command::Pop));
        }
    }
}
