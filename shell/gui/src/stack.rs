//! The screen stack: the launcher at the bottom, the screen the player
//! sees on top. Screens return [`Command`]s and only the stack applies
//! them.

use super::canvas::Canvas;
use super::context::AppContext;
use super::input::InputEvent;
use super::screen::{Command, Screen, View};

/// Whether the app goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep running.
    Running,
    /// Close the window.
    Quit,
}

/// The screens, bottom (the launcher) to top (on screen), and an
/// unfinished game kept aside.
pub struct ScreenStack {
    screens: Vec<Box<dyn Screen>>,
    /// The screen set aside by [`Command::Park`], for [`Command::Resume`];
    /// the context holds what the launcher says of it.
    parked: Option<Box<dyn Screen>>,
}

impl ScreenStack {
    /// A stack holding the root screen.
    pub fn new(root: Box<dyn Screen>) -> Self {
        ScreenStack { screens: vec![root], parked: None }
    }

    /// The names of the screens, bottom first.
    pub fn names(&self) -> Vec<String> {
        self.screens.iter().map(|s| s.name()).collect()
    }

    /// The name of the screen on top.
    pub fn top_name(&self) -> String {
        self.screens.last().map(|s| s.name()).unwrap_or_default()
    }

    /// Applies a screen's command. Of a screen set aside
    /// ([`Command::Park`]) the context gets its
    /// [`parked_label`](Screen::parked_label), for the launcher.
    pub fn apply(&mut self, ctx: &mut AppContext, command: Command) -> Flow {
        match command {
            Command::None => {}
            Command::Push(screen) => self.screens.push(screen),
            Command::Pop => {
                self.screens.pop();
            }
            Command::Replace(screen) => {
                self.screens.pop();
                self.screens.push(screen);
            }
            Command::PopToRoot => self.screens.truncate(1),
            Command::Park { to_launcher } => {
                if self.screens.len() > 1 {
                    self.parked = self.screens.pop();
                    ctx.parked = self.parked.as_ref().map(|s| s.parked_label());
                }
                if to_launcher {
                    self.screens.truncate(1);
                }
            }
            Command::Resume => {
                if let Some(screen) = self.parked.take() {
                    self.screens.truncate(1);
                    self.screens.push(screen);
                }
                ctx.parked = None;
            }
            Command::Quit => self.screens.clear(),
        }
        if self.screens.is_empty() { Flow::Quit } else { Flow::Running }
    }

    /// Hands an input event to the top screen and applies its command.
    pub fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Flow {
        let command = match self.screens.last_mut() {
            Some(top) => top.input(ctx, view, event),
            None => return Flow::Quit,
        };
        self.apply(ctx, command)
    }

    /// Lets time pass on the top screen.
    pub fn update(&mut self, ctx: &mut AppContext, dt: f32) -> Flow {
        let command = match self.screens.last_mut() {
            Some(top) => top.update(ctx, dt),
            None => return Flow::Quit,
        };
        self.apply(ctx, command)
    }

    /// Draws the top screen.
    pub fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        if let Some(top) = self.screens.last() {
            top.draw(ctx, view, canvas);
        }
    }

    /// Whether the top screen has something moving.
    pub fn is_animating(&self) -> bool {
        self.screens.last().is_some_and(|s| s.is_animating())
    }

    /// Whether the top screen takes typing.
    pub fn wants_text(&self) -> bool {
        self.screens.last().is_some_and(|s| s.wants_text())
    }

    /// How soon the top screen wants a frame without input, in seconds.
    pub fn wake_after(&self) -> Option<f32> {
        self.screens.last().and_then(|s| s.wake_after())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Named(&'static str);

    impl Screen for Named {
        fn name(&self) -> String {
            self.0.into()
        }
        fn input(&mut self, _: &mut AppContext, _: &View, _: &InputEvent) -> Command {
            Command::Pop
        }
        fn draw(&self, _: &AppContext, _: &View, _: &mut Canvas) {}
    }

    #[test]
    fn commands_change_the_stack() {
        let mut ctx = AppContext::for_tests();
        let mut stack = ScreenStack::new(Box::new(Named("root")));
        assert_eq!(stack.apply(&mut ctx, Command::Push(Box::new(Named("a")))), Flow::Running);
        assert_eq!(stack.apply(&mut ctx, Command::Push(Box::new(Named("b")))), Flow::Running);
        assert_eq!(stack.names(), vec!["root", "a", "b"]);
        stack.apply(&mut ctx, Command::Replace(Box::new(Named("c"))));
        assert_eq!(stack.top_name(), "c");
        stack.apply(&mut ctx, Command::PopToRoot);
        assert_eq!(stack.names(), vec!["root"]);
        let view = View::of_size(800.0, 600.0);
        let escape = InputEvent::Key(crate::input::Key::Escape);
        assert_eq!(stack.input(&mut ctx, &view, &escape), Flow::Quit, "popping the last screen quits");
        let mut stack = ScreenStack::new(Box::new(Named("root")));
        assert_eq!(stack.apply(&mut ctx, Command::Quit), Flow::Quit);
    }

    #[test]
    fn a_screen_set_aside_comes_back_on_resume() {
        let mut ctx = AppContext::for_tests();
        let mut stack = ScreenStack::new(Box::new(Named("root")));
        stack.apply(&mut ctx, Command::Resume);
        assert_eq!(stack.names(), vec!["root"], "nothing set aside: nothing to resume");
        stack.apply(&mut ctx, Command::Park { to_launcher: true });
        assert!(ctx.parked.is_none(), "the launcher is never set aside");
        for name in ["setup", "game"] {
            stack.apply(&mut ctx, Command::Push(Box::new(Named(name))));
        }
        stack.apply(&mut ctx, Command::Park { to_launcher: false });
        assert_eq!(stack.names(), vec!["root", "setup"], "back one screen");
        stack.apply(&mut ctx, Command::Resume);
        stack.apply(&mut ctx, Command::Park { to_launcher: true });
        assert_eq!(stack.names(), vec!["root"], "back to the launcher");
        assert_eq!(ctx.parked.as_deref(), Some("game"), "the launcher is told");
        stack.apply(&mut ctx, Command::Push(Box::new(Named("other"))));
        stack.apply(&mut ctx, Command::Resume);
        assert_eq!(stack.names(), vec!["root", "game"]);
        assert!(ctx.parked.is_none());
        stack.apply(&mut ctx, Command::Park { to_launcher: true });
        stack.apply(&mut ctx, Command::Push(Box::new(Named("newer"))));
        stack.apply(&mut ctx, Command::Park { to_launcher: true });
        assert_eq!(ctx.parked.as_deref(), Some("newer"), "one kept aside");
    }
}
