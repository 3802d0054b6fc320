//! Fitting text into a box: measuring, shrinking, ellipsizing and wrapping.
//!
//! Everything takes a [`TextMeasure`], so the same code runs with the real
//! font in the window and with [`ApproxMeasure`] in tests. Every label is
//! drawn through [`fit_line`] into its own rectangle, which is how the
//! layout guarantees that no two texts overlap.

/// Measures text set in the bundled font.
pub trait TextMeasure {
    /// The width in pixels of `text` at `size` pixels.
    fn width(&self, text: &str, size: f32) -> f32;
}

/// A font-free estimate: every character 0.62 of the size wide, wider than
/// the bundled font's average, so layouts that fit it fit the real font.
#[derive(Clone, Copy, Debug, Default)]
pub struct ApproxMeasure;

impl TextMeasure for ApproxMeasure {
    fn width(&self, text: &str, size: f32) -> f32 {
        text.chars().count() as f32 * size * 0.62
    }
}

/// The smallest a label is shrunk to before it is cut with an ellipsis, as
/// a share of its size.
pub const MIN_SHRINK: f32 = 0.8;

/// `text` fitted into `max_width`: at `size` if it fits, else shrunk (down to
/// [`MIN_SHRINK`] of the size), else cut with "…". Returns the text and size.
pub fn fit_line(text: &str, max_width: f32, size: f32, measure: &dyn TextMeasure) -> (String, f32) {
    if measure.width(text, size) <= max_width {
        return (text.to_string(), size);
    }
    let smallest = (size * MIN_SHRINK).floor();
    let width_at_size = measure.width(text, size).max(1.0);
    let shrunk = (size * max_width / width_at_size).floor();
    if shrunk >= smallest && measure.width(text, shrunk) <= max_width {
        return (text.to_string(), shrunk);
    }
    (ellipsize(text, max_width, smallest, measure), smallest)
}

/// `text` cut to fit `max_width` at `size`, ending in "…" when cut.
pub fn ellipsize(text: &str, max_width: f32, size: f32, measure: &dyn TextMeasure) -> String {
    if measure.width(text, size) <= max_width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut keep = chars.len();
    while keep > 0 {
        keep -= 1;
        let candidate: String = chars[..keep].iter().collect::<String>().trim_end().to_string() + "…";
        if measure.width(&candidate, size) <= max_width {
            return candidate;
        }
    }
    String::new()
}

/// `text` broken into lines no wider than `max_width` at `size`, at spaces
/// where possible. A word wider than a line is cut with an ellipsis.
pub fn wrap(text: &str, max_width: f32, size: f32, measure: &dyn TextMeasure) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if measure.width(&candidate, size) <= max_width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = ellipsize(word, max_width, size, measure);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `n` with its noun in the right number: "1 point", "12 points".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

#[cfg(test)]
mod tests {

    #[test]
    fn counts_take_the_right_number() {
        assert_eq!(counted(1, "point", "points"), "1 point");
        assert_eq!(counted(0, "stone", "stones"), "0 stones");
        assert_eq!(counted(12, "move", "moves"), "12 moves");
    }

    use super::*;

    #[test]
    fn short_text_is_left_alone_and_long_text_shrinks_then_cuts() {
        let m = ApproxMeasure;
        assert_eq!(fit_line("Stones", 200.0, 20.0, &m), ("Stones".to_string(), 20.0));
        let (text, size) = fit_line("Blockade", 90.0, 20.0, &m);
        assert_eq!(text, "Blockade");
        assert!((16.0..20.0).contains(&size) && m.width(&text, size) <= 90.0);
        let (text, size) = fit_line("Computer against computer", 100.0, 20.0, &m);
        assert!(text.ends_with('…'), "{text}");
        assert!(m.width(&text, size) <= 100.0);
    }

    #[test]
    fn wrapping_keeps_every_line_inside() {
        let m = ApproxMeasure;
        let text = "Pick up all its stones and sow them one by one into the following piles";
        let lines = wrap(text, 150.0, 14.0, &m);
        assert!(lines.len() > 3, "{lines:?}");
        assert!(lines.iter().all(|l| m.width(l, 14.0) <= 150.0), "{lines:?}");
        assert_eq!(lines.join(" "), text, "no word is lost");
        assert_eq!(wrap("", 100.0, 14.0, &m), Vec::<String>::new());
        let cut = wrap("Antidisestablishmentarianism", 60.0, 14.0, &m);
        assert!(cut.len() == 1 && cut[0].ends_with('…'));
    }
}
