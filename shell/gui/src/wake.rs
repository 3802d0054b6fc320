//! Waking the sleeping window from other threads.
//!
//! The window sleeps in the X server's event queue while nothing moves (see
//! [`super::pacing`]). A network game must still show the opponent's move
//! the moment it arrives, without drawing frames while it waits. miniquad
//! has no way to wake its loop from another thread: its `schedule_update`
//! takes a lock that the event loop itself takes with
//! `try_lock().unwrap()`, so calling it from another thread can crash the
//! window.
//!
//! So a small thread of ours holds its own connection to the X server and,
//! when asked, sends the window a pointer-motion event at the place the
//! pointer already is. The event loop treats it like the pointer moving
//! (macroquad schedules a frame for that) and draws one frame, in which
//! the screens poll their channels. The event goes to the window's creator
//! only (an empty event mask), so nothing else sees it.
//!
//! The window is found from the GL context current on the main thread
//! (`glXGetCurrentDrawable` names its GLX window; the X window behind it is
//! the one the same X client made just before). Where that is not
//! available (Wayland, EGL, not Linux) [`WindowWaker::for_current_window`]
//! returns `None` and the app polls on a timer instead.
//!
//! miniquad reads one event more than it finds queued when it goes to
//! sleep (see `pacing`), so a wake-up that lands in that moment would wait
//! for the next event: each wake-up is sent twice, 30 ms apart.

use crate::clock::Instant;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Something another thread calls to get the window to draw a frame soon.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// A [`Wake`] that does nothing (tests, and windows without a waker: the
/// app then polls on a timer).
pub fn no_wake() -> Wake {
    Arc::new(|| {})
}

/// What the waker thread is asked.
enum Request {
    /// Wake the window now.
    Now,
    /// Wake the window at this moment unless woken before.
    At(Instant),
}

/// The pointer's last place in the window, sent with each wake-up so the
/// event moves it nowhere.
type Pointer = Arc<Mutex<(i32, i32)>>;

/// The waker of the launcher's window.
pub struct WindowWaker {
    requests: Sender<Request>,
    pointer: Pointer,
}

impl std::fmt::Debug for WindowWaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WindowWaker")
    }
}

impl WindowWaker {
    /// The waker of the window whose GL context is current on this thread.
    /// Call it on the main thread after the first frame. `None` where the
    /// window cannot be reached this way.
    pub fn for_current_window() -> Option<Self> {
        let window = x11::current_window()?;
        let (requests, incoming) = channel();
        let pointer: Pointer = Arc::new(Mutex::new((0, 0)));
        let shared = Arc::clone(&pointer);
        let (ready_tx, ready) = channel();
        std::thread::Builder::new()
            .name("window-waker".into())
            .stack_size(64 * 1024)
            .spawn(move || match x11::Connection::open(window) {
                Some(connection) => {
                    let _ = ready_tx.send(true);
                    serve(&connection, &incoming, &shared);
                }
                None => {
                    let _ = ready_tx.send(false);
                }
            })
            .ok()?;
        ready.recv_timeout(Duration::from_secs(2)).ok()?.then_some(WindowWaker { requests, pointer })
    }

    /// A [`Wake`] for other threads (network bridges).
    pub fn wake_fn(&self) -> Wake {
        let requests = Mutex::new(self.requests.clone());
        Arc::new(move || {
            if let Ok(tx) = requests.lock() {
                let _ = tx.send(Request::Now);
            }
        })
    }

    /// Asks for a frame at `when` (a countdown's next second).
    pub fn wake_at(&self, when: Instant) {
        let _ = self.requests.send(Request::At(when));
    }

    /// Notes where the pointer is, in window coordinates.
    pub fn set_pointer(&self, x: f32, y: f32) {
        if let Ok(mut p) = self.pointer.lock() {
            *p = (x.round() as i32, y.round() as i32);
        }
    }
}

/// The waker thread: waits for requests (and the earliest timed one), and
/// sends each wake-up twice.
fn serve(connection: &x11::Connection, incoming: &Receiver<Request>, pointer: &Pointer) {
    let mut timer: Option<Instant> = None;
    loop {
        let request = match timer {
            Some(at) => incoming.recv_timeout(at.saturating_duration_since(Instant::now())),
            None => incoming.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let wake = match request {
            Ok(Request::Now) => true,
            Ok(Request::At(at)) => {
                timer = Some(timer.map_or(at, |t| t.min(at)));
                false
            }
            Err(RecvTimeoutError::Timeout) => {
                timer = None;
                true
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if !wake {
            continue;
        }
        // Wake-ups asked for meanwhile are answered by this one.
        while let Ok(request) = incoming.try_recv() {
            if let Request::At(at) = request {
                timer = Some(timer.map_or(at, |t| t.min(at)));
            }
        }
        let at = pointer.lock().map(|p| *p).unwrap_or((0, 0));
        connection.nudge(at);
        std::thread::sleep(Duration::from_millis(30));
        connection.nudge(at);
    }
}

// A few Xlib calls and one GLX query, through function pointers loaded the
// way miniquad loads its own.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod x11 {
    //! The few Xlib and GLX calls the waker needs, loaded at run time the
    //! way miniquad loads them.
    //!
    //! `glXGetCurrentDrawable` names the GLX window, not the X window it
    //! draws into (an X error if an event is sent to it). The X window is
    //! found in the window tree: the same X client allocated it just
    //! before the GLX window, so it is the window with the highest id not
    //! above the GLX window's, within the client's id range. Errors on our
    //! own connection are ignored (Xlib's default handler would end the
    //! program); errors on miniquad's connection still reach the handler
    //! that was there before.

    use macroquad::miniquad::native::linux_x11::libx11::{
        Display, Window, XErrorEvent, XEvent, XMotionEvent,
    };
    use macroquad::miniquad::native::module::Module;
    use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicPtr, Ordering};

    type GetCurrentDrawable = unsafe extern "C" fn() -> c_ulong;
    type OpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut Display;
    type SendEvent = unsafe extern "C" fn(*mut Display, Window, c_int, c_long, *mut XEvent) -> c_int;
    type Flush = unsafe extern "C" fn(*mut Display) -> c_int;
    type CloseDisplay = unsafe extern "C" fn(*mut Display) -> c_int;
    type DefaultRootWindow = unsafe extern "C" fn(*mut Display) -> Window;
    type QueryTree = unsafe extern "C" fn(
        *mut Display,
        Window,
        *mut Window,
        *mut Window,
        *mut *mut Window,
        *mut c_uint,
    ) -> c_int;
    type Free = unsafe extern "C" fn(*mut c_void) -> c_int;
    type ErrorHandler = Option<unsafe extern "C" fn(*mut Display, *mut XErrorEvent) -> c_int>;
    type SetErrorHandler = unsafe extern "C" fn(ErrorHandler) -> ErrorHandler;

    /// Ids one X client allocates lie in one range of this size (the
    /// server's resource mask is at least this wide).
    const CLIENT_RANGE: c_ulong = 1 << 18;
    /// The most windows looked at in the tree.
    const MAX_WINDOWS: usize = 4096;

    /// Our own connection, whose errors are ignored.
    static OURS: AtomicPtr<Display> = AtomicPtr::new(std::ptr::null_mut());
    /// The error handler before ours.
    static PREVIOUS: OnceLock<ErrorHandler> = OnceLock::new();

    unsafe extern "C" fn on_error(display: *mut Display, event: *mut XErrorEvent) -> c_int {
        if display == OURS.load(Ordering::SeqCst) {
            return 0;
        }
        match PREVIOUS.get().copied().flatten() {
            // SAFETY: the handler Xlib had before, called as Xlib would.
            Some(previous) => unsafe { previous(display, event) },
            None => 0,
        }
    }

    /// The GLX drawable current on this thread (0 if none).
    pub fn current_window() -> Option<Window> {
        let gl = Module::load("libGL.so.1").or_else(|_| Module::load("libGL.so")).ok()?;
        let get: GetCurrentDrawable = gl.get_symbol("glXGetCurrentDrawable").ok()?;
        // SAFETY: a GLX query without arguments; it returns 0 when no GLX
        // context is current on this thread.
        let drawable = unsafe { get() };
        (drawable != 0).then_some(drawable as Window)
    }

    /// Our own connection to the display the window is on, used by the
    /// waker thread only.
    pub struct Connection {
        _lib: Module,
        display: *mut Display,
        window: Window,
        send: SendEvent,
        flush: Flush,
        close: CloseDisplay,
    }

    impl Connection {
        /// Connects to `$DISPLAY` and finds the X window behind the GLX
        /// drawable `drawable`.
        pub fn open(drawable: Window) -> Option<Self> {
            let lib = Module::load("libX11.so.6").or_else(|_| Module::load("libX11.so")).ok()?;
            let open: OpenDisplay = lib.get_symbol("XOpenDisplay").ok()?;
            let send: SendEvent = lib.get_symbol("XSendEvent").ok()?;
            let flush: Flush = lib.get_symbol("XFlush").ok()?;
            let close: CloseDisplay = lib.get_symbol("XCloseDisplay").ok()?;
            let root: DefaultRootWindow = lib.get_symbol("XDefaultRootWindow").ok()?;
            let query: QueryTree = lib.get_symbol("XQueryTree").ok()?;
            let free: Free = lib.get_symbol("XFree").ok()?;
            let set_handler: SetErrorHandler = lib.get_symbol("XSetErrorHandler").ok()?;
            // SAFETY: a null name means `$DISPLAY`; a null result is checked.
            let display = unsafe { open(std::ptr::null()) };
            if display.is_null() {
                return None;
            }
            OURS.store(display, Ordering::SeqCst);
            // SAFETY: installs a handler that defers to the previous one for
            // every connection but ours.
            let previous = unsafe { set_handler(Some(on_error)) };
            let _ = PREVIOUS.set(previous);
            // SAFETY: the display is open; XQueryTree's lists are freed.
            let window = unsafe { find_window(display, drawable, root(display), query, free) };
            let Some(window) = window else {
                // SAFETY: opened above, closed once.
                unsafe { close(display) };
                return None;
            };
            Some(Connection { _lib: lib, display, window, send, flush, close })
        }

        /// Sends the window a pointer motion to `(x, y)`, where the pointer
        /// already is.
        pub fn nudge(&self, (x, y): (i32, i32)) {
            let motion = XMotionEvent {
                type_0: 6, // MotionNotify
                serial: 0,
                send_event: 1,
                display: self.display,
                window: self.window,
                root: 0,
                subwindow: 0,
                time: 0,
                x,
                y,
                x_root: x,
                y_root: y,
                state: 0,
                is_hint: 0,
                same_screen: 1,
            };
            let mut event = XEvent { xmotion: motion };
            // SAFETY: the display is open and used by this thread only; an
            // empty event mask sends the event to the window's creator.
            unsafe {
                (self.send)(self.display, self.window, 0, 0, &mut event);
                (self.flush)(self.display);
            }
        }
    }

    /// The X window the GLX drawable `drawable` draws into: the window of
    /// the tree with the highest id not above `drawable` in its client's
    /// id range.
    ///
    /// # Safety
    /// `display` must be an open connection used by this thread only.
    unsafe fn find_window(
        display: *mut Display,
        drawable: Window,
        root: Window,
        query: QueryTree,
        free: Free,
    ) -> Option<Window> {
        let mut best: Option<Window> = None;
        let mut to_visit = vec![root];
        let mut seen = 0;
        while let Some(w) = to_visit.pop() {
            seen += 1;
            if seen > MAX_WINDOWS {
                break;
            }
            let (mut root_ret, mut parent, mut children, mut n): (Window, Window, *mut Window, c_uint) =
                (0, 0, std::ptr::null_mut(), 0);
            // SAFETY: out-pointers to locals; the list is freed below.
            let ok = unsafe { query(display, w, &mut root_ret, &mut parent, &mut children, &mut n) };
            if ok == 0 || children.is_null() {
                continue;
            }
            // SAFETY: Xlib returned `n` windows at `children`.
            let list = unsafe { std::slice::from_raw_parts(children, n as usize) };
            for &child in list {
                if child <= drawable && drawable - child < CLIENT_RANGE && best.is_none_or(|b| child > b) {
                    best = Some(child);
                }
                to_visit.push(child);
            }
            // SAFETY: allocated by XQueryTree.
            unsafe { free(children.cast()) };
        }
        best
    }

    impl Drop for Connection {
        fn drop(&mut self) {
            // SAFETY: opened in `open`, closed once.
            unsafe {
                (self.close)(self.display);
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod x11 {
    //! No waker outside Linux: the app polls on a timer.

    pub fn current_window() -> Option<u64> {
        None
    }

    pub struct Connection;

    impl Connection {
        pub fn open(_window: u64) -> Option<Self> {
            None
        }

        pub fn nudge(&self, _at: (i32, i32)) {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_window_no_waker_and_the_stand_in_wake_does_nothing() {
        // Tests run without a GL context: no window to wake.
        assert!(WindowWaker::for_current_window().is_none());
        let wake = no_wake();
        wake();
        wake();
    }
}
