//! The look: one calm palette, and sizes that scale with the window.
//!
//! Every size on screen comes from [`Metrics`], computed from the window
//! size alone, so a layout at 800x600 and one at 1920x1080 are the same
//! design at two scales.

use super::geometry::Rect;

/// An RGBA colour, 0.0..=1.0 per channel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba(pub f32, pub f32, pub f32, pub f32);

/// A colour from 0..=255 channels, fully opaque.
pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
    Rgba(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
}

impl Rgba {
    /// The same colour with alpha `a`.
    pub const fn with_alpha(self, a: f32) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// Mixed with `other`: 0.0 gives self, 1.0 gives other.
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let l = |a: f32, b: f32| a + (b - a) * t;
        Rgba(l(self.0, other.0), l(self.1, other.1), l(self.2, other.2), l(self.3, other.3))
    }
}

/// The palette: a dark slate room with warm wooden accents.
pub mod palette {
    use super::{Rgba, rgb};

    /// The window background.
    pub const BACKGROUND: Rgba = rgb(30, 35, 45);
    /// A raised panel or card.
    pub const PANEL: Rgba = rgb(41, 48, 61);
    /// A panel under the pointer.
    pub const PANEL_HOVER: Rgba = rgb(50, 59, 75);
    /// Panel edges and separators.
    pub const EDGE: Rgba = rgb(64, 74, 92);
    /// Main text.
    pub const TEXT: Rgba = rgb(234, 231, 224);
    /// Secondary text.
    pub const TEXT_DIM: Rgba = rgb(160, 168, 184);
    /// Text and fills of things that cannot be used now.
    pub const DISABLED: Rgba = rgb(98, 106, 122);
    /// The warm accent: focus, primary buttons.
    pub const ACCENT: Rgba = rgb(226, 166, 90);
    /// Text on the accent.
    pub const ON_ACCENT: Rgba = rgb(33, 30, 26);
    /// Problems.
    pub const WARNING: Rgba = rgb(232, 120, 96);
    /// A warning banner's fill.
    pub const WARNING_FILL: Rgba = rgb(78, 46, 44);
    /// Good news.
    pub const GOOD: Rgba = rgb(132, 190, 128);

    /// Light wood (mancala board, Blockade board).
    pub const WOOD: Rgba = rgb(196, 154, 108);
    /// Dark wood (pits, grid lines).
    pub const WOOD_DARK: Rgba = rgb(128, 92, 60);
    /// Strategy Chess land.
    pub const FIELD: Rgba = rgb(150, 170, 110);
    /// Strategy Chess lakes.
    pub const LAKE: Rgba = rgb(88, 140, 186);
    /// Red's pieces.
    pub const RED_ARMY: Rgba = rgb(196, 78, 62);
    /// Blue's pieces.
    pub const BLUE_ARMY: Rgba = rgb(62, 108, 176);
    /// Dark stones.
    pub const STONE_DARK: Rgba = rgb(40, 40, 44);
    /// Light stones.
    pub const STONE_LIGHT: Rgba = rgb(242, 238, 228);
    /// Mancala stones.
    pub const PEBBLE: Rgba = rgb(214, 222, 230);
}

/// The sizes of one window size: spacing, text, rows and buttons.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// The scale against the 1280x800 design size.
    pub scale: f32,
    /// Space between the window edge and content.
    pub margin: f32,
    /// Space between neighbouring items.
    pub gap: f32,
    /// The screen title.
    pub title: f32,
    /// Section headings and card names.
    pub heading: f32,
    /// Body text and labels.
    pub body: f32,
    /// Small print: help lines, captions.
    pub small: f32,
    /// Height of an option row.
    pub row: f32,
    /// Height of a button.
    pub button: f32,
    /// Widest a footer button grows.
    pub button_width: f32,
    /// Corner radius of panels and buttons.
    pub radius: f32,
    /// Width of focus outlines.
    pub outline: f32,
}

/// The size the design is drawn for at scale 1.
pub const DESIGN_SIZE: (f32, f32) = (1280.0, 800.0);
/// The smallest scale: text stays readable in small windows.
pub const MIN_SCALE: f32 = 0.7;
/// The largest scale.
pub const MAX_SCALE: f32 = 1.8;

impl Metrics {
    /// The metrics for a window of this size.
    pub fn for_window(window: Rect) -> Self {
        let scale = (window.w / DESIGN_SIZE.0).min(window.h / DESIGN_SIZE.1).clamp(MIN_SCALE, MAX_SCALE);
        let s = |v: f32| (v * scale).round();
        Metrics {
            scale,
            margin: s(28.0),
            gap: s(16.0),
            title: s(40.0),
            heading: s(26.0),
            body: s(20.0),
            small: s(16.0),
            row: s(46.0),
            button: s(46.0),
            button_width: s(220.0),
            radius: s(10.0),
            outline: s(3.0).max(2.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_scale_with_the_window_within_limits() {
        let design = Metrics::for_window(Rect::new(0.0, 0.0, 1280.0, 800.0));
        assert_eq!(design.scale, 1.0);
        assert_eq!(design.body, 20.0);
        let small = Metrics::for_window(Rect::new(0.0, 0.0, 800.0, 600.0));
        assert_eq!(small.scale, MIN_SCALE);
        assert!(small.body >= 14.0, "body text stays readable");
        let big = Metrics::for_window(Rect::new(0.0, 0.0, 1920.0, 1080.0));
        assert!((big.scale - 1.35).abs() < 1e-4);
        assert!(big.title > design.title);
    }

    #[test]
    fn colours_mix() {
        let mid = rgb(0, 0, 0).mix(rgb(255, 255, 255), 0.5);
        assert!((mid.0 - 0.5).abs() < 1e-6);
        assert_eq!(palette::TEXT.with_alpha(0.5).3, 0.5);
    }
}
