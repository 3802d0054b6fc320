//! Input as plain values: the window's mouse and keys become
//! [`InputEvent`]s, which screens handle and tests build by hand.

use super::focus::Direction;
use super::geometry::Point;

/// A key the launcher and the game screens answer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// An arrow key or numpad 8, 2, 4, 6.
    Arrow(Direction),
    /// Enter, numpad Enter or Space: select.
    Enter,
    /// Escape (and Backspace, except while a text field takes typing):
    /// back.
    Escape,
    /// Backspace while a text field takes typing: delete a character.
    Backspace,
    /// Tab: next item.
    Tab,
    /// Shift+Tab: previous item.
    BackTab,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
    /// A function key, F1..=F12 (the game screens' shortcuts).
    Function(u8),
}

/// One thing the player did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputEvent {
    /// A left click (button press) at a point.
    Click(Point),
    /// The left button was let go at a point (the end of a drag).
    Release(Point),
    /// The pointer moved to a point.
    PointerMoved(Point),
    /// The wheel turned: positive is away from the player (scroll up).
    Wheel(f32),
    /// A key was pressed.
    Key(Key),
    /// A character was typed. Sent only while the screen on top takes
    /// typing ([`Screen::wants_text`](super::screen::Screen::wants_text)).
    Text(char),
}
