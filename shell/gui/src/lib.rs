//! The launcher window (macroquad) and the framework its screens share.
//!
//! # How it fits together, lowest layer first
//!
//! - **Framework:** [`geometry`], [`theme`], [`canvas`], [`text`],
//!   [`input`], [`focus`], [`widgets`] (focusable rectangles that turn
//!   clicks and keys into each screen's typed messages), [`layout`] (plain
//!   functions of the window size), [`chrome`] (titles, looks, help lines),
//!   [`screen`] (the [`Screen`](screen::Screen) trait and the
//!   [`Command`](screen::Command)s a screen returns) and [`stack`], which
//!   applies them. Screens never change the stack themselves.
//! - [`play`]: the play screen every game shares, its session (referee,
//!   seats, the computer's thread) and [`GameScreens`](play::GameScreens),
//!   what a game's folder adds to its registry entry.
//! - [`net`]: network play: the bridge to a server and the lobby.
//! - [`games`]: each game's board, card picture and `SCREENS`.
//! - [`catalogue`]: a game's kind to its screens (the games themselves are
//!   listed once, in `headless::registry`).
//! - [`screens`]: the launcher, mode choice, setup form, rules texts,
//!   preferences, saved games and the replay viewer.
//! - [`error`]: [`GuiError`](error::GuiError), what goes wrong in the
//!   window, in the player's words.
//! - `web` (in a web page only): the browser's storage; the page starts
//!   at `open_page`.
//! - [`app`]: the main loop, with [`pacing`] (no redrawing a still screen),
//!   [`wake`] (other threads wake a sleeping window) and [`window_size`]
//!   (the size is remembered).
//!
//! The window is started with `Window::from_config` after the command line
//! is parsed, so errors reach the exit code.

pub mod allocator;
pub mod app;
pub mod canvas;
pub mod catalogue;
pub mod chrome;
pub mod clock;
pub mod context;
pub mod error;
pub mod focus;
pub mod games;
pub mod geometry;
pub mod glyphs;
pub mod input;
pub mod layout;
pub mod net;
pub mod options;
pub mod pacing;
pub mod play;
pub mod record_files;
pub mod rules_text;
pub mod screen;
pub mod screens;
pub mod stack;
pub mod text;
pub mod theme;
pub mod wake;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod widgets;
pub mod window_size;

use headless::failure::Failure;
use headless::settings::{Loaded, SettingsStore, WindowSize};
use macroquad::miniquad;

/// Opens the launcher and returns when its window closes.
pub fn open_launcher() -> Result<(), Failure> {
    let has_display =
        ["DISPLAY", "WAYLAND_DISPLAY"].iter().any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    if !has_display {
        return Err(Failure::runtime(
            "no display: the launcher needs X11 and OpenGL (set DISPLAY), \
             or run a headless subcommand (see --help)",
        ));
    }
    allocator::return_freed_memory();
    let startup = load_settings();
    let config = window_config(startup.settings.window);
    let opened = std::panic::catch_unwind(move || {
        macroquad::Window::from_config(config, app::run(startup));
    });
    if let Err(panic) = opened {
        let why = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown error".into());
        return Err(Failure::runtime(format!("the window could not open: {why}")));
    }
    Ok(())
}

/// Opens the launcher in a web page's canvas. Returns at once: the page
/// runs the frames.
#[cfg(target_arch = "wasm32")]
pub fn open_page() {
    ai::clock::set_time_source(miniquad::date::now);
    let (settings, notices) = web::storage::load_settings();
    for notice in &notices {
        eprintln!("boardsuite: {notice}");
    }
    let config = window_config(settings.window);
    macroquad::Window::from_config(config, app::run(app::Startup { settings, store: None, notices }));
}

/// Reads the settings; problems become notices for the launcher's banner
/// (and lines on standard error).
fn load_settings() -> app::Startup {
    let games = headless::registry::game_schemas();
    let mut store = match SettingsStore::locate() {
        Ok(store) => store,
        Err(e) => {
            let notice = format!("Settings will not be saved: {e}");
            eprintln!("boardsuite: {notice}");
            return app::Startup {
                settings: headless::settings::Settings::defaults(&games),
                store: None,
                notices: vec![notice],
            };
        }
    };
    let Loaded { settings, problems, backup } = store.load(&games);
    let notices = notices_for(&store, &problems, backup.as_deref());
    for notice in &notices {
        eprintln!("boardsuite: {notice}");
    }
    app::Startup { settings, store: Some(store), notices }
}

/// The banner text for settings problems: a summary line, then one line
/// per problem.
pub fn notices_for(
    store: &SettingsStore,
    problems: &[headless::settings::Problem],
    backup: Option<&std::path::Path>,
) -> Vec<String> {
    if problems.is_empty() {
        return Vec::new();
    }
    let kept = match backup {
        Some(path) => format!(" Your file was kept as {}.", path.display()),
        None => String::new(),
    };
    let headline = if problems.iter().any(|p| p.whole_file()) {
        format!(
            "{} could not be read, so every setting is back to its default.{kept}",
            store.file().display()
        )
    } else {
        format!(
            "Some settings in {} could not be used and are back to their defaults; all others were kept.{kept}",
            store.file().display()
        )
    };
    let mut notices = vec![headline];
    notices.extend(problems.iter().map(|p| p.to_string()));
    notices
}

fn window_config(size: WindowSize) -> macroquad::conf::Conf {
    macroquad::conf::Conf {
        miniquad_conf: miniquad::conf::Conf {
            window_title: "boardsuite".to_string(),
            window_width: size.width as i32,
            window_height: size.height as i32,
            window_resizable: true,
            platform: miniquad::conf::Platform {
                linux_backend: miniquad::conf::LinuxBackend::X11WithWaylandFallback,
                // Sleep until input arrives unless a frame asks for the next
                // one (see `pacing`). A web page draws at the browser's
                // animation frames, which stop in a hidden tab.
                blocking_event_loop: !cfg!(target_arch = "wasm32"),
                ..Default::default()
            },
            ..Default::default()
        },
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            specific_key: None,
            touch: true,
        }),
        // macroquad gives each draw call of a frame a vertex and an index
        // buffer of this capacity in the (software) GL driver, and keeps as
        // many as the busiest frame used: at 4,000 vertices (160 KB a
        // buffer) a Blockade game with F2 held 112 of them, 19 MB of the
        // main heap. Few batches hold more than a thousand vertices (a
        // glyph takes 4, a rounded shape up to about 100); bigger ones are
        // split into more draw calls.
        draw_call_vertex_capacity: 1024,
        draw_call_index_capacity: 3072,
        ..Default::default()
    }
}
