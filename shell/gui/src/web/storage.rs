//! The settings in the browser's storage: the same TOML text as the
//! desktop's `settings.toml`, under [`SETTINGS_KEY`], read with the same
//! rules (a bad value falls back to its default, and the player is told).

use super::page;
use crate::app::Startup;
use headless::settings::{Settings, read_settings};

/// The storage key of the settings.
pub const SETTINGS_KEY: &str = "boardsuite/settings.toml";

/// The settings stored in this browser (the defaults the first time), with
/// notices for any that could not be used.
pub fn load_settings() -> Startup {
    let games = headless::registry::game_schemas();
    let (settings, problems) = match page::read(SETTINGS_KEY) {
        Some(text) => read_settings(&text, &games),
        None => (Settings::defaults(&games), Vec::new()),
    };
    let mut notices = Vec::new();
    if !problems.is_empty() {
        notices.push(
            "Some settings stored in this browser could not be used and are back to their defaults."
                .to_string(),
        );
        notices.extend(problems.iter().map(|p| p.to_string()));
    }
    Startup { settings, store: None, notices }
}

/// Stores the settings; `Err` with the player's words when the browser
/// refuses.
pub fn save_settings(settings: &Settings) -> Result<(), String> {
    if page::write(SETTINGS_KEY, &settings.to_toml()) {
        Ok(())
    } else {
        Err("Settings could not be saved: this browser does not allow the page to store them.".to_string())
    }
}
