//! The setup screen: the board with the home rows, the tray of pieces, the
//! setup buttons (1-Click Setup, Random, Clear, Save my setup, Load saved),
//! Back and Play. Play is enabled only once every piece is placed.

use super::layout::{ACTIONS, Drop, SetupLayout, setup_layout};
use super::placement::Placement;
use super::saved::SavedSetups;
use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::error::GuiError;
use crate::games::strategy_chess::art::{
    Face, army_colour, colour_name, draw_piece, draw_piece_body, draw_piece_shadow,
};
use crate::games::strategy_chess::board::draw::{draw_ground, outline};
use crate::geometry::Rect;
use crate::input::InputEvent;
use crate::screen::{Command, Screen, View};
use crate::text::wrap;
use crate::theme::{palette, rgb};
use crate::widgets::{Reaction, Widget, button, hovered, react};
use game_core::rng::{GameRng, seeded};
use rand::Rng;
use strategy_chess::{Army, Colour, Library, Rank, Setup, generator};

/// What the setup screen's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupMsg {
    /// A home square (row 0 = front, column 0 = the owner's left).
    Home(usize, usize),
    /// A rank of the tray.
    Tray(Rank),
    /// Fill the rows with a setup from the library.
    OneClick,
    /// Fill the rows with a generated setup.
    Random,
    /// Empty the rows.
    Clear,
    /// Add this setup to the player's own file.
    Save,
    /// Bring in the next of the player's saved setups.
    Load,
    /// Start with this setup.
    Play,
    /// Back to the match options.
    Back,
}

/// What happens when the player presses Play with a complete setup: the
/// next screen, or a problem to show.
pub type OnPlay = Box<dyn FnMut(Setup, &mut AppContext) -> Result<Command, GuiError>>;

/// The setup screen of one colour.
pub struct SetupScreen {
    colour: Colour,
    heading: String,
    placement: Placement,
    rng: GameRng,
    focus: usize,
    status: String,
    problem: bool,
    saved: Result<SavedSetups, GuiError>,
    next_saved: usize,
    on_play: OnPlay,
    /// Where the press that took the piece in hand was: letting the button
    /// go elsewhere drops it there (drag and drop).
    pressed: Option<crate::geometry::Point>,
}

impl std::fmt::Debug for SetupScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SetupScreen")
            .field("colour", &self.colour)
            .field("placement", &self.placement)
            .finish()
    }
}

impl SetupScreen {
    /// The setup of `army` for `colour`, with random choices from `seed`,
    /// saved setups in `saved`, and `on_play` called with the finished
    /// setup. `heading` names the match ("Strategy Chess: you against the
    /// computer").
    pub fn new(
        colour: Colour,
        army: Army,
        seed: u64,
        heading: impl Into<String>,
        saved: Result<SavedSetups, GuiError>,
        on_play: OnPlay,
    ) -> Self {
        let mut screen = SetupScreen {
            colour,
            heading: heading.into(),
            placement: Placement::new(army),
            rng: seeded(seed),
            focus: 0,
            status: String::new(),
            problem: false,
            saved,
            next_saved: 0,
            on_play,
            pressed: None,
        };
        screen.focus = screen.first_action_index();
        screen.say("Drag a piece from the tray to a yellow square, or click it, then the square.", false);
        screen
    }

    /// The setup in the making.
    pub fn placement(&self) -> &Placement {
        &self.placement
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    fn say(&mut self, text: impl Into<String>, problem: bool) {
        self.status = text.into();
        self.problem = problem;
    }

    /// The ranks of the army, in tray order.
    pub fn tray_ranks(&self) -> Vec<Rank> {
        Rank::ALL.into_iter().filter(|&r| self.placement.army().count(r) > 0).collect()
    }

    fn first_action_index(&self) -> usize {
        40 + self.tray_ranks().len()
    }

    /// The layout in this view.
    pub fn layout(&self, view: &View) -> SetupLayout {
        setup_layout(view, self.colour, self.tray_ranks().len())
    }

    /// The widgets in this view: 40 home squares, the tray, the setup
    /// buttons, Back and Play.
    pub fn widgets(&self, view: &View) -> Vec<Widget<SetupMsg>> {
        let l = self.layout(view);
        let mut widgets: Vec<Widget<SetupMsg>> =
            l.homes().into_iter().map(|((r, c), rect)| Widget::button(rect, SetupMsg::Home(r, c))).collect();
        for (rank, rect) in self.tray_ranks().into_iter().zip(&l.tray) {
            let usable =
                self.placement.in_tray(rank) > 0 || self.placement.held().is_some_and(|h| h.rank == rank);
            widgets.push(Widget::button(*rect, SetupMsg::Tray(rank)).enabled(usable));
        }
        let complete = self.placement.is_complete();
        let messages =
            [SetupMsg::OneClick, SetupMsg::Random, SetupMsg::Clear, SetupMsg::Save, SetupMsg::Load];
        for (message, rect) in messages.into_iter().zip(&l.actions) {
            let enabled = match message {
                SetupMsg::Save => complete,
                SetupMsg::Load => self.saved.is_ok(),
                _ => true,
            };
            widgets.push(Widget::button(*rect, message).enabled(enabled));
        }
        widgets.push(Widget::button(l.back, SetupMsg::Back));
        widgets.push(Widget::button(l.play, SetupMsg::Play).enabled(complete));
        widgets
    }

    /// Answers one of the screen's messages.
    pub fn on_message(&mut self, ctx: &mut AppContext, message: SetupMsg) -> Command {
        match message {
            SetupMsg::Home(r, c) => {
                self.placement.click_home(r, c);
                self.say_progress();
            }
            SetupMsg::Tray(rank) => {
                self.placement.click_tray(rank);
                self.say_progress();
            }
            SetupMsg::OneClick => self.one_click(),
            SetupMsg::Random => {
                let setup = generator::plausible_setup(self.placement.army(), &mut self.rng);
                self.replace(setup, "A random setup: the Flag on the back row, Bombs mostly near it.".into());
            }
            SetupMsg::Clear => {
                self.placement.clear();
                self.say("Cleared: every piece is back in the tray.", false);
            }
            SetupMsg::Save => self.save(),
            SetupMsg::Load => self.load(),
            SetupMsg::Back => return Command::Pop,
            SetupMsg::Play => {
                if !self.placement.is_complete() {
                    self.say("Place every piece first.", true);
                    return Command::None;
                }
                let setup = *self.placement.setup();
                return match (self.on_play)(setup, ctx) {
                    Ok(command) => command,
                    Err(e) => {
                        self.say(e.to_string(), true);
                        Command::None
                    }
                };
            }
        }
        Command::None
    }

    fn say_progress(&mut self) {
        let left = self.placement.left_to_place();
        let text = match (self.placement.held(), left) {
            (Some(h), _) => format!("In hand: {}. Click or drop it on a yellow square.", h.rank),
            (None, 0) => "Every piece is placed. Press Play, or keep changing.".to_string(),
            (None, 1) => "1 piece left to place.".to_string(),
            (None, n) => format!("{n} pieces left to place."),
        };
        self.say(text, false);
    }

    fn replace(&mut self, setup: Setup, text: String) {
        match self.placement.replace(setup) {
            Ok(()) => self.say(text, false),
            Err(e) => self.say(e.to_string(), true),
        }
    }

    fn one_click(&mut self) {
        let army = *self.placement.army();
        let fitting: Vec<_> = Library::builtin().fitting(&army).collect();
        if fitting.is_empty() {
            let setup = generator::random_setup(&army, self.colour, true, &mut self.rng);
            self.replace(setup, "No library setup holds this army, so here is a generated one.".into());
            return;
        }
        let entry = fitting[self.rng.random_range(0..fitting.len())];
        let mirrored = self.rng.random_bool(0.5);
        let setup = if mirrored { entry.setup.mirrored() } else { entry.setup };
        let used = entry.times.map(|n| format!(", played in {n} archived games")).unwrap_or_default();
        let side = if mirrored { " (mirrored)" } else { "" };
        self.replace(setup, format!("Library setup {}{side}{used}. Press again for another.", entry.number));
    }

    fn save(&mut self) {
        let result = match &self.saved {
            Ok(saved) => saved.save(*self.placement.setup()),
            Err(e) => return self.say(format!("Not saved: {e}"), true),
        };
        match result {
            Ok(s) => {
                let kept = match (&s.backup, s.replaced_unreadable) {
                    (Some(b), true) => {
                        format!(" The old file did not read as setups; it is kept as {}.", b.display())
                    }
                    _ => String::new(),
                };
                self.say(
                    format!("Saved as your setup {} in {}.{kept}", s.number, s.file.display()),
                    s.replaced_unreadable,
                );
            }
            Err(e) => self.say(format!("Not saved: {e}"), true),
        }
    }

    fn load(&mut self) {
        let army = *self.placement.army();
        let fitting = match &self.saved {
            Ok(saved) => saved.fitting(&army),
            Err(e) => return self.say(e.to_string(), true),
        };
        match fitting {
            Err(e) => self.say(e.to_string(), true),
            Ok(entries) if entries.is_empty() => {
                self.say("No saved setup holds this army yet: place one and press Save my setup.", true)
            }
            Ok(entries) => {
                let i = self.next_saved % entries.len();
                self.next_saved = i + 1;
                let entry = &entries[i];
                self.replace(
                    entry.setup,
                    format!("Your setup {} ({} of {}).", entry.number, i + 1, entries.len()),
                );
            }
        }
    }
}

impl Screen for SetupScreen {
    fn name(&self) -> String {
        format!("setup strategy-chess {}", self.colour)
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        if let InputEvent::Release(at) = *event {
            self.release(view, at);
            return Command::None;
        }
        let before = self.placement.held();
        let command = self.react_to(ctx, view, event);
        if let InputEvent::Click(at) = *event {
            let after = self.placement.held();
            self.pressed = (after.is_some() && after != before).then_some(at);
        }
        command
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        self.draw_screen(ctx, view, canvas);
    }
}

impl SetupScreen {
    /// The button let go at `at`: the end of a drag, or of a click.
    fn release(&mut self, view: &View, at: crate::geometry::Point) {
        let Some(pressed) = self.pressed.take() else { return };
        if self.placement.held().is_none() {
            return;
        }
        match self.layout(view).drop_at(pressed, at) {
            Drop::Click => {}
            Drop::Home(r, c) => {
                self.placement.click_home(r, c);
                self.say_progress();
            }
            Drop::Away => {
                self.placement.put_back();
                self.say_progress();
            }
        }
    }

    fn react_to(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(message) => self.on_message(ctx, message),
            Reaction::Back if self.placement.held().is_some() => {
                self.placement.put_back();
                self.say_progress();
                Command::None
            }
            Reaction::Back => Command::Pop,
            _ => Command::None,
        }
    }

    fn draw_screen(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let l = self.layout(view);
        let numbering = ctx.settings.preferences.rank_numbering;
        let subtitle = format!(
            "{} sets up: {} of {} pieces placed",
            colour_name(self.colour),
            self.placement.army().total() - self.placement.left_to_place(),
            self.placement.army().total()
        );
        let frame = crate::layout::Frame {
            title: l.title,
            subtitle: l.subtitle,
            body: Rect::default(),
            footer: Rect::default(),
        };
        draw_chrome(canvas, &frame, &self.heading, &subtitle, m);

        // The board: home rows lit, the enemy's side veiled.
        draw_ground(canvas, &l.board, Some(self.colour), m);
        canvas.layer();
        let cell = l.board.cell();
        let enemy_rows = Rect::new(l.board.grid.x, l.board.grid.y, l.board.grid.w, cell * 4.0);
        canvas.fill(enemy_rows, palette::BACKGROUND.with_alpha(0.45));
        let enemy = colour_name(self.colour.opponent());
        canvas.label(
            enemy_rows,
            &format!("{enemy} sets up here"),
            m.body,
            Weight::Bold,
            Align::Center,
            palette::TEXT.with_alpha(0.8),
        );
        let widgets = self.widgets(view);
        let hover = hovered(&widgets, ctx.pointer);
        // Shadows first, then pieces (see `draw_piece_shadow`).
        for ((r, c), rect) in l.homes() {
            if self.placement.setup().get(r, c).is_some() {
                draw_piece_shadow(canvas, rect, false);
            }
        }
        for (i, ((r, c), rect)) in l.homes().into_iter().enumerate() {
            if let Some(rank) = self.placement.setup().get(r, c) {
                draw_piece_body(canvas, rect, self.colour, Face::Known(rank), numbering, false);
            }
            if self.placement.held().is_some_and(|h| h.from == Some((r, c))) {
                outline(canvas, rect.inset(2.0), 2.0, palette::ACCENT);
            }
            if hover == Some(i) || (ctx.keyboard && self.focus == i) {
                outline(canvas, rect, (cell * 0.06).max(2.0), rgb(255, 255, 255).with_alpha(0.9));
            }
        }

        // The tray.
        let total_left = self.placement.left_to_place();
        canvas.label(
            l.tray_title,
            &format!("Tray: {total_left} to place"),
            m.small,
            Weight::Bold,
            Align::Left,
            palette::TEXT_DIM,
        );
        for (k, (rank, rect)) in self.tray_ranks().into_iter().zip(&l.tray).enumerate() {
            let index = 40 + k;
            let look = look_of(&widgets, index, self.focus, ctx);
            let held = self.placement.held().is_some_and(|h| h.rank == rank && h.from.is_none());
            if held {
                canvas.ring(*rect, m.radius, m.outline, palette::ACCENT);
            }
            button::focus_ring(canvas, *rect, look, m);
            canvas.round(
                *rect,
                m.radius * 0.7,
                if look.hovered { palette::PANEL_HOVER } else { palette::PANEL },
            );
            let count = self.placement.in_tray(rank);
            let (icon, text) = rect.inset(m.gap * 0.2).split_left(rect.h - m.gap * 0.4);
            draw_piece(canvas, icon, self.colour, Face::Known(rank), numbering, count == 0);
            let (top, bottom) = text.inset_xy(m.gap * 0.4, 0.0).split_top(text.h * 0.55);
            let ink = if count == 0 { palette::DISABLED } else { palette::TEXT };
            canvas.label(top, &format!("x{count}"), m.body, Weight::Bold, Align::Left, ink);
            canvas.label(bottom, &rank.to_string(), m.small, Weight::Regular, Align::Left, palette::TEXT_DIM);
        }

        // The setup buttons, the status, the footer.
        let first = self.first_action_index();
        for (k, (label, rect)) in ACTIONS.iter().zip(&l.actions).enumerate() {
            button::draw(canvas, *rect, label, look_of(&widgets, first + k, self.focus, ctx), m);
        }
        let lines = wrap(&self.status, l.status.w, m.small, ctx.measure());
        let line_h = m.small * 1.5;
        let color = if self.problem { palette::WARNING } else { palette::TEXT_DIM };
        for (i, line) in lines.iter().enumerate() {
            let slot = Rect::new(l.status.x, l.status.y + i as f32 * line_h, l.status.w, line_h);
            if slot.bottom() > l.status.bottom() + 0.5 {
                break;
            }
            canvas.label(slot, line, m.small, Weight::Regular, Align::Left, color);
        }
        let back = widgets.len() - 2;
        button::draw(canvas, l.back, "Back", look_of(&widgets, back, self.focus, ctx), m);
        let mut play = look_of(&widgets, back + 1, self.focus, ctx);
        play.primary = !play.disabled;
        button::draw(canvas, l.play, "Play", play, m);

        // The piece in hand follows the pointer, over everything.
        if let (Some(held), Some(p)) = (self.placement.held(), ctx.pointer) {
            canvas.layer();
            let side = cell * 0.9;
            let r = Rect::new(p.x - side / 2.0, p.y - side / 2.0, side, side);
            canvas.circle(r.center(), side * 0.62, army_colour(self.colour).with_alpha(0.25));
            draw_piece(canvas, r, self.colour, Face::Known(held.rank), numbering, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Point;
    use crate::input::Key;
    use crate::screens::testing::{SIZES, assert_laid_out};
    use std::cell::RefCell;
    use std::rc::Rc;

    fn screen(army: Army, played: Rc<RefCell<Option<Setup>>>, dir: &str) -> SetupScreen {
        let dir = std::env::temp_dir().join(format!("boardsuite-setup-screen-{dir}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        SetupScreen::new(
            Colour::Red,
            army,
            7,
            "Strategy Chess",
            Ok(SavedSetups::in_dir(dir)),
            Box::new(move |setup, _ctx| {
                *played.borrow_mut() = Some(setup);
                Ok(Command::Pop)
            }),
        )
    }

    fn click(screen: &mut SetupScreen, ctx: &mut AppContext, view: &View, at: Point) -> Command {
        screen.input(ctx, view, &InputEvent::Click(at))
    }

    #[test]
    fn real_clicks_place_a_barrage_army_and_play_starts_only_when_complete() {
        let played = Rc::new(RefCell::new(None));
        let mut s = screen(Army::BARRAGE, played.clone(), "clicks");
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(800.0, 600.0);
        let l = s.layout(&view);
        assert!(!s.widgets(&view).last().unwrap().enabled, "Play starts disabled");
        assert!(matches!(click(&mut s, &mut ctx, &view, l.play.center()), Command::None));
        let ranks = s.tray_ranks();
        assert_eq!(ranks.len(), 7);
        let mut place = 0;
        for (k, rank) in ranks.iter().enumerate() {
            for _ in 0..Army::BARRAGE.count(*rank) {
                click(&mut s, &mut ctx, &view, l.tray[k].center());
                let home = l.home_rect(3, place).unwrap();
                click(&mut s, &mut ctx, &view, home.center());
                place += 1;
            }
        }
        assert!(s.placement().is_complete(), "{}", s.status());
        // A lake or the enemy's side takes nothing.
        let lake = l.board.square_rect(strategy_chess::Square::parse("c5").unwrap()).center();
        click(&mut s, &mut ctx, &view, lake);
        assert!(s.placement().is_complete());
        assert!(matches!(click(&mut s, &mut ctx, &view, l.play.center()), Command::Pop));
        assert_eq!(played.borrow().unwrap().army(), Army::BARRAGE);
    }

    #[test]
    fn one_click_random_clear_save_and_load() {
        let played = Rc::new(RefCell::new(None));
        let mut s = screen(Army::CLASSIC, played, "buttons");
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let l = s.layout(&view);
        click(&mut s, &mut ctx, &view, l.actions[0].center());
        assert!(s.placement().is_complete());
        assert!(s.status().starts_with("Library setup"), "{}", s.status());
        let library_setup = *s.placement().setup();
        let from_library = Library::builtin()
            .entries()
            .iter()
            .any(|e| e.setup == library_setup || e.setup.mirrored() == library_setup);
        assert!(from_library);
        click(&mut s, &mut ctx, &view, l.actions[3].center());
        assert!(s.status().starts_with("Saved as your setup 1"), "{}", s.status());
        click(&mut s, &mut ctx, &view, l.actions[2].center());
        assert_eq!(s.placement().left_to_place(), 40);
        assert!(!s.widgets(&view)[40 + 12 + 3].enabled, "Save needs a complete setup");
        click(&mut s, &mut ctx, &view, l.actions[4].center());
        assert_eq!(*s.placement().setup(), library_setup, "{}", s.status());
        click(&mut s, &mut ctx, &view, l.actions[1].center());
        assert!(s.placement().is_complete());
        assert_ne!(*s.placement().setup(), library_setup, "a different, generated setup");
        // Escape with a piece in hand puts it back; then it goes back.
        let home = l.home_rect(0, 0).unwrap();
        click(&mut s, &mut ctx, &view, home.center());
        assert!(s.placement().held().is_some());
        assert!(matches!(s.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::None));
        assert!(s.placement().is_complete());
        assert!(matches!(s.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::Pop));
    }

    #[test]
    fn the_barrage_one_click_falls_back_to_a_generated_setup_and_widgets_lay_out() {
        let mut s = screen(Army::BARRAGE, Rc::new(RefCell::new(None)), "barrage");
        let mut ctx = AppContext::for_tests();
        s.on_message(&mut ctx, SetupMsg::OneClick);
        assert!(s.placement().is_complete());
        assert!(s.status().contains("generated"), "{}", s.status());
        for (w, h) in SIZES {
            let view = View::of_size(w, h);
            assert_laid_out(&s.widgets(&view), view.rect);
        }
        // The keyboard reaches the board: Enter on a focused home square lifts its piece.
        let view = View::of_size(1280.0, 800.0);
        s.focus = 0;
        let placed = s.placement().setup().get(0, 0);
        s.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(s.placement().held().map(|h| h.rank), placed);
    }

    #[test]
    fn pieces_are_dragged_from_the_tray_and_between_squares() {
        let mut s = screen(Army::CLASSIC, Rc::new(RefCell::new(None)), "drag");
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let l = s.layout(&view);
        let flag = s.tray_ranks().iter().position(|r| *r == Rank::Flag).unwrap();
        let (a, b) = (l.home_rect(3, 0).unwrap().center(), l.home_rect(3, 9).unwrap().center());
        // Press on the tray, let go on a square: the piece lands there.
        s.input(&mut ctx, &view, &InputEvent::Click(l.tray[flag].center()));
        s.input(&mut ctx, &view, &InputEvent::PointerMoved(a));
        s.input(&mut ctx, &view, &InputEvent::Release(a));
        assert_eq!(s.placement().setup().get(3, 0), Some(Rank::Flag));
        assert!(s.placement().held().is_none());
        // Drag it from one square to another.
        s.input(&mut ctx, &view, &InputEvent::Click(a));
        s.input(&mut ctx, &view, &InputEvent::Release(b));
        assert_eq!(
            (s.placement().setup().get(3, 0), s.placement().setup().get(3, 9)),
            (None, Some(Rank::Flag))
        );
        // Dropped off the home rows, it goes back where it came from.
        s.input(&mut ctx, &view, &InputEvent::Click(b));
        s.input(
            &mut ctx,
            &view,
            &InputEvent::Release(l.board.square_rect(strategy_chess::Square::parse("e8").unwrap()).center()),
        );
        assert_eq!(s.placement().setup().get(3, 9), Some(Rank::Flag));
        // A click (press and release in place) keeps it in hand for a second click.
        s.input(&mut ctx, &view, &InputEvent::Click(l.tray[0].center()));
        s.input(&mut ctx, &view, &InputEvent::Release(l.tray[0].center()));
        assert!(s.placement().held().is_some());
        s.input(&mut ctx, &view, &InputEvent::Click(a));
        s.input(&mut ctx, &view, &InputEvent::Release(a));
        assert!(s.placement().held().is_none() && s.placement().setup().get(3, 0).is_some());
    }
}
