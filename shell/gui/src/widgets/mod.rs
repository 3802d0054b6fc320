//! Widgets: focusable rectangles that turn clicks and keys into a screen's
//! own typed messages.
//!
//! A screen lists its widgets for the current window size (a pure
//! function of its state and the layout), and [`react`] turns an input
//! event into a [`Reaction`] carrying one of the screen's messages. The
//! drawing of each kind lives in the files next to this one.

pub mod banner;
pub mod button;
pub mod card;
pub mod option_row;
pub mod scroll;
pub mod text_field;

use super::focus::{Direction, cycle, neighbour};
use super::geometry::{Point, Rect};
use super::input::{InputEvent, Key};

/// One focusable item of a screen, sending messages of type `M`.
#[derive(Clone, Debug, PartialEq)]
pub struct Widget<M> {
    /// Where it is; also its click area unless `zones` claim the point.
    pub rect: Rect,
    /// Whether it can be used now. Disabled widgets are drawn dimmed and
    /// skipped by the focus.
    pub enabled: bool,
    /// Whether it is on screen. Rows scrolled out of view are not: they
    /// cannot be clicked, but the keyboard focus can still reach them (and
    /// the screen then scrolls them into view).
    pub visible: bool,
    /// Sent on a click or Enter.
    pub on_activate: Option<M>,
    /// Sent on the Left arrow while focused (a stepper's "less").
    pub on_left: Option<M>,
    /// Sent on the Right arrow while focused (a stepper's "more").
    pub on_right: Option<M>,
    /// Parts with their own message (a stepper's arrows), checked before
    /// `rect`.
    pub zones: Vec<(Rect, M)>,
}

impl<M> Widget<M> {
    /// A button: a click or Enter sends `message`.
    pub fn button(rect: Rect, message: M) -> Self {
        Widget {
            rect,
            enabled: true,
            visible: true,
            on_activate: Some(message),
            on_left: None,
            on_right: None,
            zones: Vec::new(),
        }
    }

    /// The same widget, enabled or not.
    pub fn enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }

    /// The same widget, on screen or not.
    pub fn visible(mut self, visible: bool) -> Self {
        self.visible = visible;
        self
    }

    /// The same widget, answering Left and Right with these messages.
    pub fn with_sides(mut self, left: M, right: M) -> Self {
        self.on_left = Some(left);
        self.on_right = Some(right);
        self
    }

    /// The same widget, with a part that sends its own message.
    pub fn with_zone(mut self, rect: Rect, message: M) -> Self {
        self.zones.push((rect, message));
        self
    }

    /// Whether the keyboard focus may rest here.
    pub fn is_focusable(&self) -> bool {
        self.enabled
    }

    /// Whether the pointer can use it.
    pub fn is_clickable(&self) -> bool {
        self.enabled && self.visible
    }
}

/// What an input event means to a screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Reaction<M> {
    /// One of the screen's own messages.
    Message(M),
    /// Escape: the screen should go back.
    Back,
    /// The wheel or a page key: scroll by this many rows (positive down).
    Scroll(i32),
    /// The focus moved (the screen may scroll to keep it in view).
    FocusMoved,
    /// Nothing to do.
    Nothing,
}

/// The widget under `point`, if any is visible and enabled there, with the
/// message a click sends.
pub fn hit<M: Clone>(widgets: &[Widget<M>], point: Point) -> Option<(usize, Option<M>)> {
    widgets.iter().enumerate().find_map(|(i, w)| {
        if !w.is_clickable() {
            return None;
        }
        if let Some((_, m)) = w.zones.iter().find(|(r, _)| r.contains(point)) {
            return Some((i, Some(m.clone())));
        }
        w.rect.contains(point).then(|| (i, w.on_activate.clone()))
    })
}

/// The index of the visible, enabled widget the pointer is over, for hover
/// highlights.
pub fn hovered<M>(widgets: &[Widget<M>], pointer: Option<Point>) -> Option<usize> {
    let p = pointer?;
    widgets.iter().position(|w| w.is_clickable() && w.rect.contains(p))
}

/// Turns one input event into a reaction, moving `focus` (an index into
/// `widgets`) as arrows, Tab and clicks ask.
pub fn react<M: Clone>(widgets: &[Widget<M>], focus: &mut usize, event: &InputEvent) -> Reaction<M> {
    let focusable: Vec<(usize, Rect)> =
        widgets.iter().enumerate().filter(|(_, w)| w.is_focusable()).map(|(i, w)| (i, w.rect)).collect();
    // A focus left on something now disabled or gone moves to the first
    // item that can take it.
    if !focusable.iter().any(|(i, _)| i == focus)
        && let Some((first, _)) = focusable.first()
    {
        *focus = *first;
    }
    let current = widgets.get(*focus).filter(|w| w.is_focusable());
    match *event {
        InputEvent::Click(point) => match hit(widgets, point) {
            Some((index, message)) => {
                *focus = index;
                message.map_or(Reaction::FocusMoved, Reaction::Message)
            }
            None => Reaction::Nothing,
        },
        InputEvent::PointerMoved(_) | InputEvent::Release(_) | InputEvent::Text(_) => Reaction::Nothing,
        InputEvent::Wheel(dy) if dy > 0.0 => Reaction::Scroll(-1),
        InputEvent::Wheel(dy) if dy < 0.0 => Reaction::Scroll(1),
        InputEvent::Wheel(_) => Reaction::Nothing,
        InputEvent::Key(key) => match key {
            Key::Escape => Reaction::Back,
            Key::Enter => {
                current.and_then(|w| w.on_activate.clone()).map_or(Reaction::Nothing, Reaction::Message)
            }
            Key::Arrow(Direction::Left) if current.is_some_and(|w| w.on_left.is_some()) => {
                current.and_then(|w| w.on_left.clone()).map_or(Reaction::Nothing, Reaction::Message)
            }
            Key::Arrow(Direction::Right) if current.is_some_and(|w| w.on_right.is_some()) => {
                current.and_then(|w| w.on_right.clone()).map_or(Reaction::Nothing, Reaction::Message)
            }
            Key::Arrow(direction) => match neighbour(&focusable, *focus, direction) {
                Some(next) => {
                    *focus = next;
                    Reaction::FocusMoved
                }
                None => Reaction::Nothing,
            },
            Key::Tab | Key::BackTab => {
                let order: Vec<usize> = focusable.iter().map(|(i, _)| *i).collect();
                match cycle(&order, *focus, key == Key::BackTab) {
                    Some(next) => {
                        *focus = next;
                        Reaction::FocusMoved
                    }
                    None => Reaction::Nothing,
                }
            }
            Key::PageUp => Reaction::Scroll(-8),
            Key::PageDown => Reaction::Scroll(8),
            Key::Home => Reaction::Scroll(-10_000),
            Key::End => Reaction::Scroll(10_000),
            // Backspace reaches screens only while they take typing; a
            // field that is already empty does not leave the screen.
            Key::Function(_) | Key::Backspace => Reaction::Nothing,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    enum Msg {
        Open,
        Less,
        More,
        Soon,
    }

    fn widgets() -> Vec<Widget<Msg>> {
        let stepper = Rect::new(0.0, 60.0, 200.0, 40.0);
        vec![
            Widget::button(Rect::new(0.0, 0.0, 200.0, 40.0), Msg::Open),
            Widget::button(stepper, Msg::More)
                .with_sides(Msg::Less, Msg::More)
                .with_zone(Rect::new(100.0, 60.0, 40.0, 40.0), Msg::Less),
            Widget::button(Rect::new(0.0, 120.0, 200.0, 40.0), Msg::Soon).enabled(false),
        ]
    }

    #[test]
    fn clicks_send_the_message_of_the_part_hit() {
        let w = widgets();
        let mut focus = 0;
        let click = |x, y| InputEvent::Click(Point::new(x, y));
        assert_eq!(react(&w, &mut focus, &click(10.0, 10.0)), Reaction::Message(Msg::Open));
        assert_eq!(react(&w, &mut focus, &click(110.0, 70.0)), Reaction::Message(Msg::Less));
        assert_eq!(focus, 1, "a click moves the focus");
        assert_eq!(react(&w, &mut focus, &click(10.0, 70.0)), Reaction::Message(Msg::More));
        assert_eq!(react(&w, &mut focus, &click(10.0, 130.0)), Reaction::Nothing, "disabled");
        assert_eq!(react(&w, &mut focus, &click(500.0, 500.0)), Reaction::Nothing);
    }

    #[test]
    fn keys_move_the_focus_and_steppers_take_left_and_right() {
        let w = widgets();
        let mut focus = 0;
        let key = |k| InputEvent::Key(k);
        assert_eq!(react(&w, &mut focus, &key(Key::Arrow(Direction::Right))), Reaction::Nothing);
        assert_eq!(react(&w, &mut focus, &key(Key::Arrow(Direction::Down))), Reaction::FocusMoved);
        assert_eq!(focus, 1);
        assert_eq!(react(&w, &mut focus, &key(Key::Arrow(Direction::Left))), Reaction::Message(Msg::Less));
        assert_eq!(react(&w, &mut focus, &key(Key::Arrow(Direction::Right))), Reaction::Message(Msg::More));
        assert_eq!(
            react(&w, &mut focus, &key(Key::Arrow(Direction::Down))),
            Reaction::Nothing,
            "skips disabled"
        );
        assert_eq!(react(&w, &mut focus, &key(Key::Tab)), Reaction::FocusMoved);
        assert_eq!(focus, 0, "Tab wraps past the disabled widget");
        assert_eq!(react(&w, &mut focus, &key(Key::Enter)), Reaction::Message(Msg::Open));
        assert_eq!(react(&w, &mut focus, &key(Key::Escape)), Reaction::Back);
        assert_eq!(react(&w, &mut focus, &InputEvent::Wheel(1.0)), Reaction::Scroll(-1));
    }

    #[test]
    fn rows_out_of_view_take_the_keyboard_but_not_the_pointer() {
        let mut w = widgets();
        w[1].visible = false;
        let mut focus = 0;
        assert_eq!(react(&w, &mut focus, &InputEvent::Click(Point::new(10.0, 70.0))), Reaction::Nothing);
        assert_eq!(
            react(&w, &mut focus, &InputEvent::Key(Key::Arrow(Direction::Down))),
            Reaction::FocusMoved
        );
        assert_eq!(focus, 1);
    }

    #[test]
    fn a_stale_focus_moves_to_the_first_usable_widget() {
        let w = widgets();
        let mut focus = 2;
        assert_eq!(react(&w, &mut focus, &InputEvent::Key(Key::Enter)), Reaction::Message(Msg::Open));
        assert_eq!(focus, 0);
        assert_eq!(hovered(&w, Some(Point::new(5.0, 65.0))), Some(1));
        assert_eq!(hovered(&w, Some(Point::new(5.0, 125.0))), None);
    }
}
