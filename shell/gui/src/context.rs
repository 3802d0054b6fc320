//! What every screen shares: the settings (and saving them), notices for
//! the player, the pointer, and text measurement.

use super::geometry::Point;
use super::record_files::RecordFiles;
use super::text::TextMeasure;
use super::wake::{Wake, no_wake};
use headless::record::{RecordError, SavedGames};
use headless::settings::{Settings, SettingsStore};
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
    seeds: game_core::GameRng,
    /// Wakes the window from other threads (network bridges); does nothing
    /// until the window has found its waker, and in tests.
    pub wake: Wake,
    /// Whether [`AppContext::wake`] really wakes the window (else screens
    /// waiting on the network are polled on a timer).
    pub can_wake: bool,
    /// Where games are saved, or why they cannot be.
    pub saved_games: Result<SavedGames, RecordError>,
    /// What the launcher says of the unfinished game the screen stack
    /// keeps aside (`Command::Park`), if it keeps one: the launcher offers
    /// to continue it.
    pub parked: Option<String>,
    /// How record files reach the player's disk and come back, where
    /// saved games are not in a folder (a web page); `None` on the desktop.
    pub record_files: Option<Rc<dyn RecordFiles>>,
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
        let seeds = game_core::rng::seeded(start_seed());
        AppContext {
            settings,
            store,
            notices,
            pointer: None,
            keyboard: false,
            measure,
            seeds,
            wake: no_wake(),
            can_wake: false,
            #[cfg(not(target_arch = "wasm32"))]
            saved_games: SavedGames::locate(),
            #[cfg(target_arch = "wasm32")]
            saved_games: Ok(crate::web::storage::saved_games()),
            parked: None,
            #[cfg(not(target_arch = "wasm32"))]
            record_files: None,
            #[cfg(target_arch = "wasm32")]
            record_files: Some(Rc::new(crate::web::files::PageFiles)),
        }
    }

    /// Default settings, nothing saved, approximate text measurement: for
    /// tests (the `testing` feature). Seeds are fixed, so tests replay
    /// exactly.
    #[cfg(any(test, feature = "testing"))]
    pub fn for_tests() -> Self {
        let settings = Settings::defaults(&headless::registry::game_schemas());
        let mut ctx = AppContext::new(settings, None, Vec::new(), Rc::new(super::text::ApproxMeasure));
        ctx.seeds = game_core::rng::seeded(1);
        ctx.saved_games =
            Err(RecordError::whole("games are not saved in tests unless a test chooses a folder"));
        ctx
    }

    /// A fresh seed for a match (its computer players, setups, coin
    /// tosses), drawn from the one generator seeded at start.
    pub fn next_seed(&mut self) -> u64 {
        use rand::Rng;
        self.seeds.random()
    }

    /// Measures text in the window's font.
    pub fn measure(&self) -> &dyn TextMeasure {
        self.measure.as_ref()
    }

    /// Writes the settings. A failure becomes a notice, never a crash.
    pub fn save(&mut self) {
        #[cfg(target_arch = "wasm32")]
        if let Err(notice) = crate::web::storage::save_settings(&self.settings)
            && !self.notices.contains(&notice)
        {
            self.notices.push(notice);
        }
        let Some(store) = self.store.as_mut() else { return };
        if let Err(e) = store.save(&self.settings) {
            let notice = format!("Settings could not be saved: {e}");
            if !self.notices.contains(&notice) {
                self.notices.push(notice);
            }
        }
    }
}

/// The seed every random choice of this run derives from:
/// `BOARDSUITE_SEED` if set (to replay a session), else the clock.
pub fn start_seed() -> u64 {
    if let Some(seed) = std::env::var("BOARDSUITE_SEED").ok().and_then(|s| s.trim().parse().ok()) {
        return seed;
    }
    let now = crate::clock::wall_now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    game_core::rng::splitmix64(now.as_nanos() as u64)
}
