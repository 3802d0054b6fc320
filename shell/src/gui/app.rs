//! The window's main loop: input in, screens updated and drawn, frames
//! paced, window size remembered. The only module besides the canvas that
//! talks to macroquad.

use super::canvas::Canvas;
use super::context::AppContext;
use super::focus::Direction;
use super::geometry::Point;
use super::input::{InputEvent, Key};
use super::pacing::FramePacer;
use super::screen::View;
use super::screens::launcher::LauncherScreen;
use super::stack::{Flow, ScreenStack};
use super::window_size::ResizeWatch;
use crate::settings::{Settings, SettingsStore};
use macroquad::miniquad;
use macroquad::prelude::{
    KeyCode, MouseButton, get_frame_time, get_keys_pressed, get_time, is_key_down, is_mouse_button_pressed,
    mouse_position, mouse_wheel, next_frame, screen_height, screen_width,
};
use std::rc::Rc;

/// What the window starts with.
pub struct Startup {
    /// The settings read at start.
    pub settings: Settings,
    /// Where they are saved, if anywhere.
    pub store: Option<SettingsStore>,
    /// Problems to tell the player about.
    pub notices: Vec<String>,
}

/// Runs the launcher until its window closes.
pub async fn run(startup: Startup) {
    let mut canvas = match Canvas::load() {
        Ok(canvas) => canvas,
        Err(e) => {
            eprintln!("error: {e}");
            return;
        }
    };
    let mut ctx =
        AppContext::new(startup.settings, startup.store, startup.notices, Rc::new(canvas.measure()));
    let mut stack = ScreenStack::new(Box::new(LauncherScreen::new()));
    let mut pacer = FramePacer::new();
    let mut resize = ResizeWatch::new(ctx.settings.window);
    let mut last_pointer = None;
    let mut stats = FrameStats::from_env();
    loop {
        let view = View::of_size(screen_width(), screen_height());
        let events = gather_input(&mut last_pointer);
        if !events.is_empty() {
            pacer.on_input();
        }
        for event in &events {
            match event {
                InputEvent::Key(_) => ctx.keyboard = true,
                InputEvent::Click(p) | InputEvent::PointerMoved(p) => {
                    ctx.keyboard = false;
                    ctx.pointer = Some(*p);
                }
                InputEvent::Wheel(_) => {}
            }
            if stack.input(&mut ctx, &view, event) == Flow::Quit {
                return save_size_on_quit(&mut ctx, &resize, &view);
            }
        }
        if stack.update(&mut ctx, get_frame_time().min(0.1)) == Flow::Quit {
            return save_size_on_quit(&mut ctx, &resize, &view);
        }
        if let Some(size) = resize.observe(view.rect.w, view.rect.h, get_time()) {
            ctx.settings.window = size;
            ctx.save();
        }
        let drawing = std::time::Instant::now();
        canvas.begin_frame(super::theme::palette::BACKGROUND);
        stack.draw(&ctx, &view, &mut canvas);
        canvas.end_frame();
        let measuring = stats.as_mut().is_some_and(|s| s.record(get_frame_time(), drawing.elapsed()));
        if pacer.wants_next_frame(stack.is_animating() || resize.is_pending()) || measuring {
            miniquad::window::schedule_update();
        }
        next_frame().await;
    }
}

/// Frame timing for measurements: with `BOARDSUITE_FRAME_STATS=1` the
/// window draws continuously and prints the mean and worst frame time (and
/// the time spent in the screens' own drawing code) every 120 frames.
struct FrameStats {
    frames: u32,
    total: f32,
    worst: f32,
    drawing: std::time::Duration,
}

impl FrameStats {
    fn from_env() -> Option<Self> {
        std::env::var_os("BOARDSUITE_FRAME_STATS").filter(|v| v != "0").map(|_| FrameStats {
            frames: 0,
            total: 0.0,
            worst: 0.0,
            drawing: std::time::Duration::ZERO,
        })
    }

    /// Records a frame; always asks for the next one.
    fn record(&mut self, frame: f32, drawing: std::time::Duration) -> bool {
        self.frames += 1;
        self.total += frame;
        self.worst = self.worst.max(frame);
        self.drawing += drawing;
        if self.frames == 120 {
            eprintln!(
                "frame time: mean {:.2} ms, worst {:.2} ms; screen drawing code {:.2} ms",
                self.total / 120.0 * 1000.0,
                self.worst * 1000.0,
                self.drawing.as_secs_f64() / 120.0 * 1000.0
            );
            *self = FrameStats { frames: 0, total: 0.0, worst: 0.0, drawing: std::time::Duration::ZERO };
        }
        true
    }
}

/// A resize still settling when the player quits is saved at once.
fn save_size_on_quit(ctx: &mut AppContext, resize: &ResizeWatch, view: &View) {
    if resize.is_pending() {
        ctx.settings.window = crate::settings::WindowSize::clamped(view.rect.w, view.rect.h);
        ctx.save();
    }
}

/// This frame's input as plain events.
fn gather_input(last_pointer: &mut Option<Point>) -> Vec<InputEvent> {
    let mut events = Vec::new();
    let (x, y) = mouse_position();
    let pointer = Point::new(x, y);
    if *last_pointer != Some(pointer) {
        *last_pointer = Some(pointer);
        events.push(InputEvent::PointerMoved(pointer));
    }
    let (_, wheel) = mouse_wheel();
    if wheel != 0.0 {
        events.push(InputEvent::Wheel(wheel));
    }
    let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
    events.extend(get_keys_pressed().into_iter().filter_map(|k| key_of(k, shift)).map(InputEvent::Key));
    if is_mouse_button_pressed(MouseButton::Left) {
        events.push(InputEvent::Click(pointer));
    }
    events
}

/// The key a player pressed, in the launcher's terms.
fn key_of(code: KeyCode, shift: bool) -> Option<Key> {
    Some(match code {
        KeyCode::Up | KeyCode::Kp8 => Key::Arrow(Direction::Up),
        KeyCode::Down | KeyCode::Kp2 => Key::Arrow(Direction::Down),
        KeyCode::Left | KeyCode::Kp4 => Key::Arrow(Direction::Left),
        KeyCode::Right | KeyCode::Kp6 => Key::Arrow(Direction::Right),
        KeyCode::Enter | KeyCode::KpEnter | KeyCode::Space | KeyCode::Kp5 => Key::Enter,
        KeyCode::Escape | KeyCode::Backspace => Key::Escape,
        KeyCode::Tab if shift => Key::BackTab,
        KeyCode::Tab => Key::Tab,
        KeyCode::PageUp | KeyCode::Kp9 => Key::PageUp,
        KeyCode::PageDown | KeyCode::Kp3 => Key::PageDown,
        KeyCode::Home | KeyCode::Kp7 => Key::Home,
        KeyCode::End | KeyCode::Kp1 => Key::End,
        KeyCode::F1 => Key::Function(1),
        KeyCode::F2 => Key::Function(2),
        KeyCode::F3 => Key::Function(3),
        KeyCode::F4 => Key::Function(4),
        KeyCode::F5 => Key::Function(5),
        KeyCode::F6 => Key::Function(6),
        KeyCode::F7 => Key::Function(7),
        KeyCode::F8 => Key::Function(8),
        KeyCode::F9 => Key::Function(9),
        KeyCode::F10 => Key::Function(10),
        KeyCode::F11 => Key::Function(11),
        KeyCode::F12 => Key::Function(12),
        _ => return None,
    })
}
