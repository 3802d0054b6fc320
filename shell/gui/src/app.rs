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
use super::wake::WindowWaker;
use super::window_size::ResizeWatch;
use crate::clock::Instant;
use headless::settings::{Settings, SettingsStore};
use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
use macroquad::miniquad;
use macroquad::miniquad::KeyMods;
use macroquad::prelude::{
    KeyCode, MouseButton, get_frame_time, get_time, next_frame, screen_height, screen_width,
};
use std::rc::Rc;
use std::time::Duration;

/// Without a [`WindowWaker`], a screen waiting on the network or a timer is
/// polled this often (seconds).
#[cfg(not(target_arch = "wasm32"))]
const POLL_WITHOUT_WAKER: f32 = 0.1;

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
    let subscriber = register_input_subscriber();
    let mut input = InputCollector::default();
    let mut stats = FrameStats::from_env();
    let mut waker: Option<WindowWaker> = None;
    let mut waker_tried = false;
    loop {
        let frame_start = Instant::now();
        let view = View::of_size(screen_width(), screen_height());
        input.text = stack.wants_text();
        repeat_all_miniquad_input(&mut input, subscriber);
        let events = std::mem::take(&mut input.events);
        if !events.is_empty() {
            pacer.on_input();
        }
        for event in &events {
            match event {
                InputEvent::Key(_) | InputEvent::Text(_) => ctx.keyboard = true,
                InputEvent::Click(p) | InputEvent::PointerMoved(p) => {
                    ctx.keyboard = false;
                    ctx.pointer = Some(*p);
                }
                InputEvent::Release(_) | InputEvent::Wheel(_) => {}
            }
            if stack.input(&mut ctx, &view, event) == Flow::Quit {
                if closes_on_quit(&mut ctx) {
                    return save_size_on_quit(&mut ctx, &resize, &view);
                }
                stack = ScreenStack::new(Box::new(LauncherScreen::new()));
            }
        }
        // A page has no threads: its network bridges step here.
        #[cfg(target_arch = "wasm32")]
        super::net::pump::run_all();
        if stack.update(&mut ctx, get_frame_time().min(0.1)) == Flow::Quit {
            if closes_on_quit(&mut ctx) {
                return save_size_on_quit(&mut ctx, &resize, &view);
            }
            stack = ScreenStack::new(Box::new(LauncherScreen::new()));
        }
        if let Some(size) = resize.observe(view.rect.w, view.rect.h, get_time()) {
            ctx.settings.window = size;
            ctx.save();
        }
        let drawing = Instant::now();
        canvas.begin_frame(super::theme::palette::BACKGROUND);
        stack.draw(&ctx, &view, &mut canvas);
        let batches = canvas.end_frame();
        let drawn = drawing.elapsed();
        let measuring = stats.as_mut().is_some_and(|s| s.record(drawing - frame_start, drawn, batches));
        if pacer.wants_next_frame(stack.is_animating() || resize.is_pending()) || measuring {
            miniquad::window::schedule_update();
        } else if let Some(after) = stack.wake_after() {
            match &waker {
                Some(w) => w.wake_at(Instant::now() + Duration::from_secs_f32(after.max(0.0))),
                None => {
                    // No way to be woken: look again a little later (a
                    // web page cannot sleep; it looks at the next frame).
                    #[cfg(not(target_arch = "wasm32"))]
                    std::thread::sleep(Duration::from_secs_f32(after.clamp(0.0, POLL_WITHOUT_WAKER)));
                    miniquad::window::schedule_update();
                }
            }
        }
        if let (Some(w), Some(p)) = (&waker, ctx.pointer) {
            w.set_pointer(p.x, p.y);
        }
        next_frame().await;
        if !waker_tried {
            // The GL context is current now: find the window to wake.
            waker_tried = true;
            waker = WindowWaker::for_current_window();
            if let Some(w) = &waker {
                ctx.wake = w.wake_fn();
            }
            ctx.can_wake = waker.is_some();
        }
    }
}

/// Whether a quit closes the window. A web page has nothing to close to
/// (its canvas would go blank): it shows the launcher again and says how
/// to leave.
fn closes_on_quit(ctx: &mut AppContext) -> bool {
    if !cfg!(target_arch = "wasm32") {
        return true;
    }
    let notice = "To leave, close the browser tab.".to_string();
    if !ctx.notices.contains(&notice) {
        ctx.notices.push(notice);
    }
    false
}

/// Frame timing for measurements: with `BOARDSUITE_FRAME_STATS=1` the
/// window draws continuously and prints, every 120 frames, the wall time
/// between frames (mean and worst) split into its parts, and the CPU time
/// each frame cost: the main thread and Mesa's llvmpipe threads (the
/// drawing), and the other threads (the computer's search, the network).
///
/// The parts: `input+update` (the screens' input and update), `draw code`
/// (the screens' drawing code building macroquad's batches) and `end of
/// frame` (the rest: macroquad submitting the batches to GL, the buffer
/// swap, where a software GL driver rasterises, and reading X events).
/// Frames are not paced in this mode, so no sleep is counted.
struct FrameStats {
    frames: u32,
    total: f32,
    worst: f32,
    update: Duration,
    drawing: Duration,
    batches: u64,
    cpu_at_start: Option<ThreadCpu>,
}

/// CPU time used so far: the main thread, Mesa's llvmpipe threads, and
/// the whole process (threads that ended included).
#[derive(Clone, Copy, Debug, Default)]
struct ThreadCpu {
    main: Duration,
    render: Duration,
    process: Duration,
}

impl ThreadCpu {
    /// Reads the threads' time on the CPU from `/proc` (Linux).
    fn now() -> Option<Self> {
        let pid = std::process::id().to_string();
        let mut cpu = ThreadCpu::default();
        for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
            let path = task.path();
            let ns: u64 = std::fs::read_to_string(path.join("schedstat"))
                .ok()
                .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
                .unwrap_or(0);
            let name = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
            if task.file_name().to_str() == Some(pid.as_str()) {
                cpu.main += Duration::from_nanos(ns);
            } else if name.starts_with("llvmpipe") {
                cpu.render += Duration::from_nanos(ns);
            }
        }
        // utime and stime, in clock ticks (100 a second on Linux), after
        // the command name.
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let fields: Vec<u64> = stat
            .rsplit_once(')')?
            .1
            .split_whitespace()
            .skip(11)
            .take(2)
            .filter_map(|f| f.parse().ok())
            .collect();
        cpu.process = Duration::from_millis(fields.iter().sum::<u64>() * 10);
        Some(cpu)
    }
}

impl FrameStats {
    fn from_env() -> Option<Self> {
        std::env::var_os("BOARDSUITE_FRAME_STATS").filter(|v| v != "0").map(|_| FrameStats::fresh())
    }

    fn fresh() -> Self {
        FrameStats {
            frames: 0,
            total: 0.0,
            worst: 0.0,
            update: Duration::ZERO,
            drawing: Duration::ZERO,
            batches: 0,
            cpu_at_start: ThreadCpu::now(),
        }
    }

    /// Records a frame; always asks for the next one.
    fn record(&mut self, update: Duration, drawing: Duration, batches: u32) -> bool {
        const N: u32 = 120;
        let frame = get_frame_time();
        self.frames += 1;
        self.total += frame;
        self.worst = self.worst.max(frame);
        self.update += update;
        self.drawing += drawing;
        self.batches += u64::from(batches);
        if self.frames == N {
            let per_frame = |d: Duration| d.as_secs_f64() * 1000.0 / f64::from(N);
            let mean = f64::from(self.total) * 1000.0 / f64::from(N);
            let (update, drawing) = (per_frame(self.update), per_frame(self.drawing));
            let cpu = match (self.cpu_at_start, ThreadCpu::now()) {
                (Some(a), Some(b)) => {
                    let (main, render) = (b.main.saturating_sub(a.main), b.render.saturating_sub(a.render));
                    let other = b.process.saturating_sub(a.process).saturating_sub(main + render);
                    format!(
                        "; CPU a frame: main thread {:.2} ms, llvmpipe {:.2} ms, other threads {:.1} ms",
                        per_frame(main),
                        per_frame(render),
                        per_frame(other),
                    )
                }
                _ => String::new(),
            };
            eprintln!(
                "frame time: mean {mean:.2} ms, worst {:.2} ms (input+update {update:.2} ms, draw code {drawing:.2} ms, \
                 end of frame {:.2} ms); {:.0} batches{cpu}",
                self.worst * 1000.0,
                (mean - update - drawing).max(0.0),
                self.batches as f64 / f64::from(N),
            );
            *self = FrameStats::fresh();
        }
        true
    }
}

/// A resize still settling when the player quits is saved at once.
fn save_size_on_quit(ctx: &mut AppContext, resize: &ResizeWatch, view: &View) {
    if resize.is_pending() {
        ctx.settings.window = headless::settings::WindowSize::clamped(view.rect.w, view.rect.h);
        ctx.save();
    }
}

/// Turns the window's input events, in the order they came and at the
/// places they happened, into plain [`InputEvent`]s. (Asking macroquad for
/// "pressed this frame" and "the pointer now" would put a press that came
/// with a drag at the end of the drag.)
///
/// `text`: a text field takes typing, so typed characters come as
/// [`InputEvent::Text`] and the keys that type (Space, Backspace, the
/// numpad's digits) are not shortcuts.
#[derive(Default)]
struct InputCollector {
    events: Vec<InputEvent>,
    text: bool,
    pointer: Option<Point>,
}

impl InputCollector {
    fn moved(&mut self, x: f32, y: f32) -> Point {
        let p = Point::new(x, y);
        if self.pointer != Some(p) {
            self.pointer = Some(p);
            self.events.push(InputEvent::PointerMoved(p));
        }
        p
    }
}

impl miniquad::EventHandler for InputCollector {
    fn update(&mut self) {}

    fn draw(&mut self) {}

    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        self.moved(x, y);
    }

    fn mouse_wheel_event(&mut self, _x: f32, y: f32) {
        if y != 0.0 {
            self.events.push(InputEvent::Wheel(y));
        }
    }

    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        let p = self.moved(x, y);
        if button == MouseButton::Left {
            self.events.push(InputEvent::Click(p));
        }
    }

    fn mouse_button_up_event(&mut self, button: MouseButton, x: f32, y: f32) {
        let p = self.moved(x, y);
        if button == MouseButton::Left {
            self.events.push(InputEvent::Release(p));
        }
    }

    fn char_event(&mut self, c: char, _mods: KeyMods, _repeat: bool) {
        if self.text && !c.is_control() {
            self.events.push(InputEvent::Text(c));
        }
    }

    fn key_down_event(&mut self, code: KeyCode, mods: KeyMods, repeat: bool) {
        let Some(key) = key_of(code, mods.shift, self.text) else { return };
        // Held keys repeat where that helps: deleting, moving the cursor.
        if !repeat || matches!(key, Key::Backspace | Key::Arrow(_)) {
            self.events.push(InputEvent::Key(key));
        }
    }
}

/// The key a player pressed, in the launcher's terms. `text`: a text field
/// takes typing.
fn key_of(code: KeyCode, shift: bool, text: bool) -> Option<Key> {
    let typing = matches!(
        code,
        KeyCode::Space
            | KeyCode::Kp0
            | KeyCode::Kp1
            | KeyCode::Kp2
            | KeyCode::Kp3
            | KeyCode::Kp4
            | KeyCode::Kp5
            | KeyCode::Kp6
            | KeyCode::Kp7
            | KeyCode::Kp8
            | KeyCode::Kp9
    );
    if text && typing {
        return None;
    }
    Some(match code {
        KeyCode::Backspace if text => Key::Backspace,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_keys_type_in_a_text_field_and_act_elsewhere() {
        assert_eq!(key_of(KeyCode::Space, false, false), Some(Key::Enter));
        assert_eq!(key_of(KeyCode::Space, false, true), None, "a space is typed");
        assert_eq!(key_of(KeyCode::Backspace, false, false), Some(Key::Escape));
        assert_eq!(key_of(KeyCode::Backspace, false, true), Some(Key::Backspace));
        assert_eq!(key_of(KeyCode::Kp8, false, false), Some(Key::Arrow(Direction::Up)));
        assert_eq!(key_of(KeyCode::Kp8, false, true), None, "the numpad types digits");
        assert_eq!(key_of(KeyCode::Up, false, true), Some(Key::Arrow(Direction::Up)));
        assert_eq!(key_of(KeyCode::Tab, true, true), Some(Key::BackTab));
        assert_eq!(key_of(KeyCode::Escape, false, true), Some(Key::Escape));
        assert_eq!(key_of(KeyCode::A, false, false), None);
    }
}
