//! A one-line text field: typed characters go in at the end, Backspace
//! takes the last one out. What it accepts is set by a [`CharFilter`] and a
//! length limit, so an address field cannot hold a space and a game code is
//! upper case as it is typed.
//!
//! Editing ([`TextField::on_event`]) and what part of a long text shows
//! ([`visible_tail`]) are plain functions; only [`draw`] touches the
//! window. A screen with text fields says so with
//! [`Screen::wants_text`](crate::screen::Screen::wants_text), and then
//! receives [`InputEvent::Text`] and [`Key::Backspace`].

use crate::canvas::{Align, Canvas, Weight};
use crate::geometry::Rect;
use crate::input::{InputEvent, Key};
use crate::text::TextMeasure;
use crate::theme::{Metrics, palette};
use crate::widgets::button::{Look, focus_ring};

/// Which characters a field takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharFilter {
    /// A host name or address with a port: letters, digits and `.-:[]_`.
    Address,
    /// A game code: letters and digits, turned to upper case.
    Code,
    /// Digits only (a port).
    Digits,
    /// Any printable character (a chat line).
    Any,
}

impl CharFilter {
    /// The character as the field keeps it, or `None` if refused.
    pub fn accept(self, c: char) -> Option<char> {
        if c.is_control() {
            return None;
        }
        match self {
            CharFilter::Address => (c.is_ascii_alphanumeric() || ".-:[]_/".contains(c)).then_some(c),
            CharFilter::Code => c.is_ascii_alphanumeric().then(|| c.to_ascii_uppercase()),
            CharFilter::Digits => c.is_ascii_digit().then_some(c),
            CharFilter::Any => Some(c),
        }
    }
}

/// The text of a field and its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextField {
    text: String,
    filter: CharFilter,
    max_chars: usize,
}

impl TextField {
    /// A field holding what of `initial` it accepts.
    pub fn new(initial: &str, filter: CharFilter, max_chars: usize) -> Self {
        let mut field = TextField { text: String::new(), filter, max_chars };
        field.set(initial);
        field
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the field is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Replaces the text with what of `text` the field accepts.
    pub fn set(&mut self, text: &str) {
        self.text.clear();
        for c in text.chars() {
            self.push(c);
        }
    }

    /// Empties the field.
    pub fn clear(&mut self) {
        self.text.clear();
    }

    /// Types `c`; false if refused (not allowed, or the field is full).
    pub fn push(&mut self, c: char) -> bool {
        match self.filter.accept(c) {
            Some(c) if self.text.chars().count() < self.max_chars => {
                self.text.push(c);
                true
            }
            _ => false,
        }
    }

    /// Takes the last character out; false if there was none.
    pub fn backspace(&mut self) -> bool {
        self.text.pop().is_some()
    }

    /// Answers a typed character or Backspace; returns whether the event
    /// was the field's (even if refused), so the screen does nothing else
    /// with it.
    pub fn on_event(&mut self, event: &InputEvent) -> bool {
        match event {
            InputEvent::Text(c) => {
                self.push(*c);
                true
            }
            InputEvent::Key(Key::Backspace) => {
                self.backspace();
                true
            }
            _ => false,
        }
    }
}

/// The part of `text` that fits `width` at `size`: all of it, or its end
/// (the caret is at the end, so the end is what matters).
pub fn visible_tail(text: &str, width: f32, size: f32, measure: &dyn TextMeasure) -> String {
    if measure.width(text, size) <= width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut from = 0;
    while from < chars.len() {
        from += 1;
        let tail: String = std::iter::once('…').chain(chars[from..].iter().copied()).collect();
        if measure.width(&tail, size) <= width {
            return tail;
        }
    }
    String::new()
}

/// How a field is drawn now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FieldView<'a> {
    /// The text.
    pub text: &'a str,
    /// Shown dimmed while the field is empty.
    pub placeholder: &'a str,
    /// Whether typing goes here now (a caret shows).
    pub editing: bool,
}

/// Draws a field in `r`.
pub fn draw(
    canvas: &mut Canvas,
    r: Rect,
    field: &FieldView<'_>,
    look: Look,
    measure: &dyn TextMeasure,
    m: &Metrics,
) {
    focus_ring(canvas, r, look, m);
    let edge = if field.editing { palette::ACCENT } else { palette::EDGE };
    canvas.round(r, m.radius * 0.6, edge);
    canvas.round(r.inset(if field.editing { 2.0 } else { 1.0 }), m.radius * 0.5, palette::BACKGROUND);
    let inner = r.inset_xy(m.gap * 0.6, 0.0);
    let caret_w = (m.body * 0.1).max(2.0);
    let room = (inner.w - caret_w * 3.0).max(0.0);
    if field.text.is_empty() {
        if !field.placeholder.is_empty() {
            // After the caret, which stands at the start.
            let after =
                Rect::new(inner.x + caret_w * 3.0, inner.y, (inner.w - caret_w * 3.0).max(0.0), inner.h);
            canvas.label(after, field.placeholder, m.body, Weight::Regular, Align::Left, palette::DISABLED);
        }
    } else {
        let shown = visible_tail(field.text, room, m.body, measure);
        canvas.text(
            &shown,
            inner.x,
            crate::canvas::baseline_in(inner, m.body),
            m.body,
            Weight::Regular,
            palette::TEXT,
        );
    }
    if field.editing {
        let width = if field.text.is_empty() {
            0.0
        } else {
            measure.width(&visible_tail(field.text, room, m.body, measure), m.body)
        };
        let x = (inner.x + width + caret_w * 0.5).min(inner.right() - caret_w);
        let caret = Rect::new(x, r.center().y - m.body * 0.6, caret_w, m.body * 1.2);
        canvas.fill(caret, palette::ACCENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::ApproxMeasure;

    #[test]
    fn each_filter_takes_its_characters() {
        let mut address = TextField::new("", CharFilter::Address, 64);
        for c in "192.168.1.5:7878 x".chars() {
            address.push(c);
        }
        assert_eq!(address.text(), "192.168.1.5:7878x", "no space in an address");
        let code = TextField::new("ab-c2 3z", CharFilter::Code, 6);
        assert_eq!(code.text(), "ABC23Z", "letters go to upper case, the rest is dropped");
        let port = TextField::new("78a78", CharFilter::Digits, 5);
        assert_eq!(port.text(), "7878");
        let mut chat = TextField::new("", CharFilter::Any, 5);
        for c in "hi, you".chars() {
            chat.push(c);
        }
        assert_eq!(chat.text(), "hi, y", "the limit holds");
        assert!(!chat.push('\n'), "no control characters");
    }

    #[test]
    fn typing_and_backspace_come_as_events() {
        let mut field = TextField::new("AB", CharFilter::Code, 6);
        assert!(field.on_event(&InputEvent::Text('c')));
        assert_eq!(field.text(), "ABC");
        assert!(field.on_event(&InputEvent::Text('!')), "refused, but still the field's");
        assert_eq!(field.text(), "ABC");
        assert!(field.on_event(&InputEvent::Key(Key::Backspace)));
        assert!(field.on_event(&InputEvent::Key(Key::Backspace)));
        assert_eq!(field.text(), "A");
        assert!(!field.on_event(&InputEvent::Key(Key::Enter)), "Enter is the screen's");
        field.clear();
        assert!(field.is_empty() && !field.backspace());
    }

    #[test]
    fn a_long_text_shows_its_end() {
        let m = ApproxMeasure;
        assert_eq!(visible_tail("short", 200.0, 10.0, &m), "short");
        let long = "a-very-long-host-name.example.org:7878";
        let shown = visible_tail(long, 100.0, 10.0, &m);
        assert!(shown.starts_with('…') && long.ends_with(&shown[3..]), "{shown}");
        assert!(m.width(&shown, 10.0) <= 100.0);
        assert_eq!(visible_tail(long, 1.0, 10.0, &m), "");
    }
}
