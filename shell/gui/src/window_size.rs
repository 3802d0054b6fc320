//! Remembering the window size: a resize is saved once it has stayed the
//! same for a moment, not on every step of a drag.

use headless::settings::WindowSize;

/// How long a new size must hold before it is saved, in seconds.
pub const SETTLE_SECONDS: f64 = 0.6;

/// Watches the window size and says when to save it.
#[derive(Clone, Debug, PartialEq)]
pub struct ResizeWatch {
    saved: WindowSize,
    pending: Option<(WindowSize, f64)>,
}

impl ResizeWatch {
    /// Watching from the size the window opened with.
    pub fn new(saved: WindowSize) -> Self {
        ResizeWatch { saved, pending: None }
    }

    /// The window is `width` x `height` at time `now` (seconds): returns
    /// the size to save, once it has settled.
    pub fn observe(&mut self, width: f32, height: f32, now: f64) -> Option<WindowSize> {
        let size = WindowSize::clamped(width, height);
        if size == self.saved {
            self.pending = None;
            return None;
        }
        match self.pending {
            Some((pending, since)) if pending == size => {
                if now - since >= SETTLE_SECONDS {
                    self.saved = size;
                    self.pending = None;
                    return Some(size);
                }
            }
            _ => self.pending = Some((size, now)),
        }
        None
    }

    /// Whether a new size is waiting to settle (the window keeps drawing
    /// meanwhile, so the save happens without further input).
    pub fn is_pending(&self) -> bool {
        self.pending.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_saved_once_it_settles() {
        let mut watch = ResizeWatch::new(WindowSize { width: 1280, height: 800 });
        assert_eq!(watch.observe(1280.0, 800.0, 0.0), None);
        assert!(!watch.is_pending());
        assert_eq!(watch.observe(1000.0, 700.0, 1.0), None);
        assert_eq!(watch.observe(1010.0, 700.0, 1.1), None, "still dragging");
        assert!(watch.is_pending());
        assert_eq!(watch.observe(1010.0, 700.0, 1.5), None);
        assert_eq!(watch.observe(1010.0, 700.0, 1.8), Some(WindowSize { width: 1010, height: 700 }));
        assert!(!watch.is_pending());
        assert_eq!(watch.observe(1010.0, 700.0, 5.0), None, "saved once");
    }
}
