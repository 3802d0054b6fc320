//! The launcher window (macroquad).
//!
//! For now a plain window listing the three games; the real launcher is its
//! own issue. The window is started with `Window::from_config` after the
//! command line is parsed, so errors reach the exit code.

use crate::cli::failure::Failure;
use macroquad::miniquad;
use macroquad::prelude::*;

/// The three games as the launcher lists them.
pub const GAMES: [(&str, &str); 3] = [
    ("Strategy Chess", "Stratego-style battle with hidden pieces"),
    ("Stones", "A mancala with relay sowing and free turns"),
    ("Blockade", "Territory by placement, capture and flipping"),
];

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
    let config = window_config();
    let opened = std::panic::catch_unwind(move || {
        macroquad::Window::from_config(config, launcher_loop());
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

fn window_config() -> macroquad::conf::Conf {
    macroquad::conf::Conf {
        miniquad_conf: miniquad::conf::Conf {
            window_title: "boardsuite".to_string(),
            window_width: 960,
            window_height: 640,
            window_resizable: true,
            platform: miniquad::conf::Platform {
                linux_backend: miniquad::conf::LinuxBackend::X11WithWaylandFallback,
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

async fn launcher_loop() {
    loop {
        if is_key_pressed(KeyCode::Escape) {
            break;
        }
        clear_background(Color::from_rgba(32, 36, 44, 255));
        draw_text("boardsuite", 40.0, 70.0, 48.0, WHITE);
        for (i, (name, line)) in GAMES.iter().enumerate() {
            let y = 150.0 + i as f32 * 90.0;
            draw_rectangle(40.0, y - 40.0, screen_width() - 80.0, 74.0, Color::from_rgba(52, 58, 70, 255));
            draw_text(name, 60.0, y, 32.0, WHITE);
            draw_text(line, 60.0, y + 24.0, 20.0, LIGHTGRAY);
        }
        next_frame().await;
    }
}
