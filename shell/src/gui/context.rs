//! What every screen shares: the settings (and saving them), notices for
//! the player, the pointer, and text measurement.

use super::catalogue;
use super::geometry::Point;
use super::text::{ApproxMeasure, TextMeasure};
use crate::settings::{Settings, SettingsStore};
use std::rc::Rc;

/// The state shared by all screens.
pub struct AppContext {
    /// The settings in use; screens change them and call [`AppContext::save`].
    pub settings: Settings,
    store: Option<SettingsStore>,
    /// Messages for the player (settings problems), shown on the launcher
    /// until dismissed.
    pub notices: Vec<String>,
    /// Where the pointer is, for hover highlights.
    pub pointer: Option<Point>,
    /// Whether the keyboard was used last (focus outlines show only then).
    pub keyboard: bool,
    measure: Rc<dyn TextMeasure>,
}

impl AppContext {
    /// A context over these settings; `store` is where saves go (none: the
    /// settings are not saved).
    pub fn new(
        settings: Settings,
        store: Option<SettingsStore>,
        notices: Vec<String>,
        measure: Rc<dyn TextMeasure>,
    ) -> Self {
        AppContext { settings, store, notices, pointer: None, keyboard: false, measure }
    }

    /// Default settings, nothing saved, approximate text measurement: for
    /// tests.
    pub fn for_tests() -> Self {
        let settings = Settings::defaults(&catalogue::game_schemas());
        AppContext::new(settings, None, Vec::new(), Rc::new(ApproxMeasure))
    }

    /// Measures text in the window's font.
    pub fn measure(&self) -> &dyn TextMeasure {
        self.measure.as_ref()
    }

    /// Writes the settings. A failure becomes a notice, never a crash.
    pub fn save(&mut self) {
        let Some(store) = self.store.as_mut() else { return };
        if let Err(e) = store.save(&self.settings) {
            let notice = format!("Settings could not be saved: {e}");
            if !self.notices.contains(&notice) {
                self.notices.push(notice);
            }
        }
    }
}
