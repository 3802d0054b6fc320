//! Frame pacing: draw at full rate while something moves, and not at all
//! while the screen is still.
//!
//! The window runs miniquad's blocking event loop: after a frame, the
//! loop sleeps in the X server's event queue until the player does
//! something, unless the frame asked for another one. The pacer decides
//! that: a few frames after every input (so hover and focus settle), and
//! every frame while a screen is animating, waiting for the computer, or a
//! window resize is being saved. A still launcher then costs no CPU.
//!
//! A quirk of miniquad 0.4's X11 loop: when it goes to sleep with events
//! already queued (they arrived while the last frame was drawn), it reads
//! them and then also waits for one more event before drawing. A press
//! that lands in that moment is acted on when the next event arrives,
//! which for a person is the button or key release a tenth of a second
//! later. Synthetic clicks with no gap between press and release (a bare
//! `xdotool click`) can wait for the next input instead, so the smoke test
//! holds its clicks and keys like a person does. The fix belongs upstream
//! (wait for an extra event only when none is queued).

/// Frames drawn after an input even if nothing animates.
pub const SETTLE_FRAMES: u32 = 3;

/// Decides whether the next frame follows at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FramePacer {
    settle: u32,
}

impl Default for FramePacer {
    fn default() -> Self {
        FramePacer::new()
    }
}

impl FramePacer {
    /// A pacer that draws a few frames at start.
    pub fn new() -> Self {
        FramePacer { settle: SETTLE_FRAMES }
    }

    /// The player did something: draw a few more frames.
    pub fn on_input(&mut self) {
        self.settle = SETTLE_FRAMES;
    }

    /// After a frame: whether the next one should follow at once
    /// (`busy`: something is moving).
    pub fn wants_next_frame(&mut self, busy: bool) -> bool {
        if busy {
            return true;
        }
        if self.settle > 0 {
            self.settle -= 1;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_still_screen_stops_drawing_after_settling() {
        let mut pacer = FramePacer::new();
        let frames = (0..10).take_while(|_| pacer.wants_next_frame(false)).count();
        assert_eq!(frames, SETTLE_FRAMES as usize);
        assert!(!pacer.wants_next_frame(false));
        assert!(pacer.wants_next_frame(true), "animation keeps it going");
        pacer.on_input();
        assert!(pacer.wants_next_frame(false));
    }
}
