//! The army editor screen: a stepper per rank, the total, what the rules
//! say of the army, and Classic, Barrage, Cancel and Done.

use super::layout::army_layout;
use super::value_of;
use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::games::strategy_chess::art::{Face, draw_piece};
use crate::games::strategy_chess::numbering::rank_caption;
use crate::geometry::Rect;
use crate::input::InputEvent;
use crate::layout::option_row_parts;
use crate::play::EditedValue;
use crate::screen::{Command, Screen, View};
use crate::theme::palette;
use crate::widgets::button::{self, Look};
use crate::widgets::option_row::{self, OptionRowView};
use crate::widgets::{Reaction, Widget, react};
use headless::settings::RankNumbering;
use strategy_chess::army::MAX_ARMY;
use strategy_chess::{Army, Colour, Preset, Rank};

/// What the army editor's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArmyMsg {
    /// One more (`true`) or one fewer of the rank at this index of
    /// [`Rank::ALL`].
    Step(usize, bool),
    /// Start again from a named army.
    Preset(Preset),
    /// Close without changing the army.
    Cancel,
    /// Put the army on the setup form and close.
    Done,
}

/// The army editor.
#[derive(Debug)]
pub struct ArmyScreen {
    army: Army,
    numbering: RankNumbering,
    focus: usize,
    slot: EditedValue,
}

impl ArmyScreen {
    /// The editor starting from `army`, ranks labelled in `numbering`; on
    /// Done it leaves the army's rules value in `slot`.
    pub fn new(army: Army, numbering: RankNumbering, slot: EditedValue) -> Self {
        ArmyScreen { army, numbering, focus: 0, slot }
    }

    /// The army as edited so far.
    pub fn army(&self) -> Army {
        self.army
    }

    /// What keeps the army from being played, in the rules crate's words.
    pub fn problems(&self) -> Vec<String> {
        self.army.problems()
    }

    /// Whether a rank's count can step: down to 0, and up while the army
    /// still fits the 40 squares of a setup.
    fn can_step(&self, rank: Rank, more: bool) -> bool {
        if more { self.army.total() < MAX_ARMY } else { self.army.count(rank) > 0 }
    }

    /// The widgets in `view`: a row per rank, then Classic, Barrage,
    /// Cancel and Done.
    pub fn widgets(&self, view: &View) -> Vec<Widget<ArmyMsg>> {
        let l = army_layout(view);
        let m = &view.metrics;
        let mut widgets: Vec<Widget<ArmyMsg>> = l
            .rows
            .iter()
            .enumerate()
            .map(|(i, rect)| {
                let parts = option_row_parts(*rect, m);
                Widget::button(*rect, ArmyMsg::Step(i, true))
                    .with_sides(ArmyMsg::Step(i, false), ArmyMsg::Step(i, true))
                    .with_zone(parts.less, ArmyMsg::Step(i, false))
                    .with_zone(parts.more, ArmyMsg::Step(i, true))
            })
            .collect();
        let footer = [
            ArmyMsg::Preset(Preset::Classic),
            ArmyMsg::Preset(Preset::Barrage),
            ArmyMsg::Cancel,
            ArmyMsg::Done,
        ];
        for (rect, msg) in l.buttons.iter().zip(footer) {
            let enabled = msg != ArmyMsg::Done || self.problems().is_empty();
            widgets.push(Widget::button(*rect, msg).enabled(enabled));
        }
        widgets
    }

    /// Acts on a message.
    pub fn on_message(&mut self, msg: ArmyMsg) -> Command {
        match msg {
            ArmyMsg::Step(i, more) => {
                let Some(&rank) = Rank::ALL.get(i) else { return Command::None };
                if self.can_step(rank, more) {
                    let count = self.army.count(rank);
                    let next = if more { count + 1 } else { count - 1 };
                    self.army = self.army.with(rank, next);
                }
                Command::None
            }
            ArmyMsg::Preset(preset) => {
                self.army = preset.army();
                Command::None
            }
            ArmyMsg::Cancel => Command::Pop,
            ArmyMsg::Done if self.problems().is_empty() => {
                *self.slot.borrow_mut() = Some(value_of(self.army));
                Command::Pop
            }
            ArmyMsg::Done => Command::None,
        }
    }

    /// The summary's two lines: the count, then the rules' verdict.
    pub fn summary(&self) -> [(String, bool); 2] {
        let total = self.army.total();
        let count = format!(
            "{total} piece{} a side, on the 40 squares of a setup",
            if total == 1 { "" } else { "s" }
        );
        let problems = self.problems();
        let verdict = if problems.is_empty() {
            ("A playable army: Done puts it on the setup form.".to_string(), false)
        } else {
            let mut text = problems.join("; ");
            text[..1].make_ascii_uppercase();
            (format!("{text}."), true)
        };
        [(count, false), verdict]
    }
}

impl Screen for ArmyScreen {
    fn name(&self) -> String {
        "army strategy-chess".into()
    }

    fn input(&mut self, _ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(msg) => self.on_message(msg),
            Reaction::Back => Command::Pop,
            _ => Command::None,
        }
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let l = army_layout(view);
        let f = crate::layout::frame(view);
        draw_chrome(
            canvas,
            &f,
            "Strategy Chess: your army",
            "How many pieces of each rank both sides play with.",
            m,
        );
        let widgets = self.widgets(view);
        for (i, widget) in widgets.iter().enumerate() {
            let look = look_of(&widgets, i, self.focus, ctx);
            match widget.on_activate {
                Some(ArmyMsg::Step(r, _)) => {
                    let rank = Rank::ALL[r];
                    let label = rank_caption(rank, self.numbering);
                    let value = self.army.count(rank).to_string();
                    let row = OptionRowView {
                        label: &label,
                        value: &value,
                        can_less: self.can_step(rank, false),
                        can_more: self.can_step(rank, true),
                        bad: rank == Rank::Flag && self.army.count(rank) != 1,
                    };
                    // The piece beside its label, in the Red army's colours.
                    let row_rect = widget.rect;
                    option_row::draw(canvas, row_rect, &row, look, m);
                    let parts = option_row_parts(row_rect, m);
                    let s = (row_rect.h * 0.8).min(parts.label.w * 0.2);
                    let tile = Rect::new(parts.label.right() - s, row_rect.center().y - s / 2.0, s, s);
                    if self.army.count(rank) > 0 && tile.x > parts.label.x + parts.label.w * 0.6 {
                        draw_piece(canvas, tile, Colour::Red, Face::Known(rank), self.numbering, false);
                    }
                }
                Some(msg) => {
                    let label = match msg {
                        ArmyMsg::Preset(Preset::Classic) => "Classic",
                        ArmyMsg::Preset(Preset::Barrage) => "Barrage",
                        ArmyMsg::Cancel => "Cancel",
                        _ => "Done",
                    };
                    let primary = msg == ArmyMsg::Done && widget.enabled;
                    button::draw(canvas, widget.rect, label, Look { primary, ..look }, m);
                }
                None => {}
            }
        }
        let line_h = l.summary.h / 2.0;
        for (k, (text, problem)) in self.summary().iter().enumerate() {
            let r = Rect::new(l.summary.x, l.summary.y + k as f32 * line_h, l.summary.w, line_h);
            let (weight, color) = match (k, problem) {
                (_, true) => (Weight::Bold, palette::WARNING),
                (0, _) => (Weight::Bold, palette::TEXT),
                _ => (Weight::Regular, palette::TEXT_DIM),
            };
            canvas.label(r, text, m.body, weight, Align::Left, color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Key;

    fn editor(army: Army) -> (ArmyScreen, EditedValue) {
        let slot = EditedValue::default();
        (ArmyScreen::new(army, RankNumbering::Classic, slot.clone()), slot)
    }

    fn click(screen: &mut ArmyScreen, ctx: &mut AppContext, view: &View, msg: ArmyMsg) -> Command {
        let widgets = screen.widgets(view);
        let widget =
            widgets.iter().find(|w| w.on_activate == Some(msg) || w.zones.iter().any(|z| z.1 == msg));
        let rect = widget.map(|w| w.zones.iter().find(|z| z.1 == msg).map_or(w.rect, |z| z.0)).unwrap();
        screen.input(ctx, view, &InputEvent::Click(rect.center()))
    }

    #[test]
    fn counts_step_and_done_gives_the_army_to_the_form() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(800.0, 600.0);
        let (mut screen, slot) = editor(Army::BARRAGE);
        let scout = Rank::ALL.iter().position(|r| *r == Rank::Scout).unwrap();
        click(&mut screen, &mut ctx, &view, ArmyMsg::Step(scout, true));
        click(&mut screen, &mut ctx, &view, ArmyMsg::Step(scout, true));
        assert_eq!(screen.army(), Army::BARRAGE.with(Rank::Scout, 4));
        assert_eq!(screen.summary()[0].0, "10 pieces a side, on the 40 squares of a setup");
        assert!(matches!(click(&mut screen, &mut ctx, &view, ArmyMsg::Done), Command::Pop));
        let value = slot.borrow_mut().take().expect("Done leaves the army");
        assert_eq!(super::super::army_of(&value), Some(Army::BARRAGE.with(Rank::Scout, 4)));
    }

    #[test]
    fn an_army_the_rules_refuse_cannot_be_done() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let (mut screen, slot) = editor(Army::BARRAGE);
        let flag = Rank::ALL.iter().position(|r| *r == Rank::Flag).unwrap();
        click(&mut screen, &mut ctx, &view, ArmyMsg::Step(flag, false));
        let [_, (verdict, problem)] = screen.summary();
        assert!(problem && verdict.contains("exactly one flag"), "{verdict}");
        let done = screen.widgets(&view).into_iter().find(|w| w.on_activate == Some(ArmyMsg::Done)).unwrap();
        assert!(!done.enabled);
        assert!(matches!(screen.on_message(ArmyMsg::Done), Command::None));
        assert!(slot.borrow().is_none());
        // Escape leaves the form's army as it was.
        assert!(matches!(screen.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::Pop));
        assert!(slot.borrow().is_none());
    }

    #[test]
    fn a_full_army_cannot_grow_and_a_preset_starts_again() {
        let (mut screen, _) = editor(Army::CLASSIC);
        screen.on_message(ArmyMsg::Step(0, true));
        assert_eq!(screen.army(), Army::CLASSIC, "40 pieces fill the setup");
        screen.on_message(ArmyMsg::Preset(Preset::Barrage));
        assert_eq!(screen.army(), Army::BARRAGE);
        for _ in 0..3 {
            screen.on_message(ArmyMsg::Step(0, false));
        }
        assert_eq!(screen.army().count(Rank::Marshal), 0, "never below zero");
    }
}
