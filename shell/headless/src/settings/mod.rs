//! Settings that survive a restart: rules, AI level, mode and who moves
//! first per game; animation speed, sound, rank numbering, board
//! orientation and memory aid; the window size; the port to host network
//! games on and the address last joined.
//!
//! They are kept as TOML in `settings.toml` (see [`SettingsStore`] for where
//! and how it is written safely). Reading never fails: a value that cannot
//! be used falls back to its default alone and is reported as a
//! [`Problem`], so the launcher can tell the player exactly what was reset.
//!
//! ```toml
//! [window]
//! width = 1280
//! height = 800
//!
//! [preferences]
//! animation_speed = "normal"   # slow, normal, fast, instant
//! sound = false
//! rank_numbering = "classic"   # classic, modern
//! board_orientation = "standard"  # standard, flipped
//! memory_aid = false
//!
//! [network]
//! port = 7878                  # "Host a game" listens here; 1024..=65535
//! address = "192.168.1.5:7878" # the address last joined
//!
//! [games.stones]
//! level = 3                    # 1..=10
//! mode = "computer"            # computer, two-players, demo
//! first = "human"              # human, computer, random
//!
//! [games.stones.rules]         # the game's rules TOML, as with --set
//! pits = 6
//! sowing = "relay"
//! ```

mod choices;
mod model;
mod read;
mod rules;
mod store;

pub use choices::{AnimationSpeed, BoardOrientation, Choice, FirstMover, PlayMode, RankNumbering};
pub use model::{
    DEFAULT_LEVEL, GameSchema, GameSettings, LEVELS, MAX_ADDRESS_CHARS, NetworkSettings, PORTS, Preferences,
    Settings, WINDOW_HEIGHTS, WINDOW_WIDTHS, WindowSize,
};
pub use read::{FILE_NAME, Problem, read_settings};
pub use rules::{CheckFn, RulesSchema, apply_settings, schema_problems};
pub use store::{BACKUP_NAME, CONFIG_DIR_VAR, Loaded, SettingsError, SettingsStore};
