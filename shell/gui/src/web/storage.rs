//! The settings and the saved games in the browser's storage: the same
//! TOML texts as the desktop's `settings.toml` and `games/*.toml`, under
//! [`SETTINGS_KEY`] and [`GAMES_PREFIX`], read with the same rules (a bad
//! settings value falls back to its default, and the player is told).

use super::page;
use headless::record::{SavedGames, Shelf};
use headless::settings::{Settings, read_settings};
use std::sync::Arc;

/// The storage key before each saved game's name.
pub const GAMES_PREFIX: &str = "boardsuite/games/";

/// The saved games in this browser's storage.
pub fn saved_games() -> SavedGames {
    SavedGames::on_shelf(Arc::new(BrowserShelf), "this browser's storage")
}

/// The saved games' shelf: the browser's storage, one key a game.
#[derive(Debug)]
struct BrowserShelf;

impl Shelf for BrowserShelf {
    fn get(&self, name: &str) -> Option<String> {
        page::read(&format!("{GAMES_PREFIX}{name}"))
    }

    fn put(&self, name: &str, text: &str) -> Result<(), String> {
        if page::write(&format!("{GAMES_PREFIX}{name}"), text) {
            Ok(())
        } else {
            Err("the browser's storage is full or switched off".to_string())
        }
    }

    fn names(&self) -> Vec<String> {
        page::keys(GAMES_PREFIX)
            .iter()
            .filter_map(|key| key.strip_prefix(GAMES_PREFIX))
            .map(str::to_string)
            .collect()
    }
}

/// The storage key of the settings.
pub const SETTINGS_KEY: &str = "boardsuite/settings.toml";

/// The settings stored in this browser (the defaults the first time), with
/// notices for any that could not be used.
pub fn load_settings() -> (Settings, Vec<String>) {
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
    (settings, notices)
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
