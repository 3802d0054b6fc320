//! The screen contract: every screen answers input, lets time pass, draws
//! itself, and returns a [`Command`] instead of changing the stack itself.

use super::canvas::Canvas;
use super::context::AppContext;
use super::geometry::Rect;
use super::input::InputEvent;
use super::theme::Metrics;
use std::fmt;

/// The window a screen lays itself out in, with its scaled sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The whole window, in logical pixels.
    pub rect: Rect,
    /// Sizes for this window.
    pub metrics: Metrics,
}

impl View {
    /// The view of a `width` x `height` window.
    pub fn of_size(width: f32, height: f32) -> Self {
        let rect = Rect::new(0.0, 0.0, width, height);
        View { rect, metrics: Metrics::for_window(rect) }
    }
}

/// What a screen asks of the stack.
pub enum Command {
    /// Stay as we are.
    None,
    /// Show a new screen on top; Escape there comes back here.
    Push(Box<dyn Screen>),
    /// Close this screen and go back to the one below (closing the last
    /// one quits).
    Pop,
    /// Close this screen and show another in its place.
    Replace(Box<dyn Screen>),
    /// Close every screen above the launcher.
    PopToRoot,
    /// Set this screen aside (an unfinished game) and go back to the one
    /// below, or with `to_launcher` to the launcher; the launcher offers to
    /// continue it. One screen is kept aside at a time: a newer one takes
    /// the older one's place.
    Park {
        /// Close every screen above the launcher, not just this one.
        to_launcher: bool,
    },
    /// Close every screen above the launcher and bring back the screen set
    /// aside by [`Command::Park`], if there is one.
    Resume,
    /// Close the window.
    Quit,
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::None => f.write_str("None"),
            Command::Push(s) => write!(f, "Push({})", s.name()),
            Command::Pop => f.write_str("Pop"),
            Command::Replace(s) => write!(f, "Replace({})", s.name()),
            Command::PopToRoot => f.write_str("PopToRoot"),
            Command::Park { to_launcher } => write!(f, "Park {{ to_launcher: {to_launcher} }}"),
            Command::Resume => f.write_str("Resume"),
            Command::Quit => f.write_str("Quit"),
        }
    }
}

/// One screen of the stack: the launcher, a setup form, a rules text, a
/// game board.
///
/// `input` and `update` never touch the window, so tests drive screens by
/// hand; only `draw` does.
pub trait Screen {
    /// A short name, for tests and logs (`launcher`, `setup stones`).
    fn name(&self) -> String;

    /// Answers one input event.
    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command;

    /// Lets `dt` seconds pass (animations, the computer's reply arriving).
    fn update(&mut self, _ctx: &mut AppContext, _dt: f32) -> Command {
        Command::None
    }

    /// Draws the screen.
    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas);

    /// Whether something is moving or pending (an animation, the computer
    /// thinking), so the window keeps drawing at full rate. A still screen
    /// returns false and the window sleeps until the next input.
    fn is_animating(&self) -> bool {
        false
    }

    /// Whether a text field of this screen takes typing now: the window
    /// then sends [`InputEvent::Text`] for typed characters, and Space,
    /// Backspace and the numpad's digits type instead of acting as keys.
    fn wants_text(&self) -> bool {
        false
    }

    /// What the launcher says of this screen once it is set aside
    /// ([`Command::Park`]): "Stones against the computer (level 3), 12 moves played".
    fn parked_label(&self) -> String {
        self.name()
    }

    /// How soon, in seconds, the screen wants a frame even if nothing
    /// happens (a countdown's next second, a safety poll of the network).
    /// `None`: only input, animation or a network wake-up bring the next
    /// frame.
    fn wake_after(&self) -> Option<f32> {
        None
    }
}
