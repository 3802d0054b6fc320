//! What the settings hold, with their defaults and allowed values.

use super::choices::{AnimationSpeed, BoardOrientation, Choice, FirstMover, PlayMode, RankNumbering};
use super::rules::RulesSchema;
use game_core::rules::{Allowed, RuleField};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

/// The AI levels a player can choose.
pub const LEVELS: RangeInclusive<u8> = 1..=10;
/// The AI level of a game never played before.
pub const DEFAULT_LEVEL: u8 = 3;
/// Window widths the settings accept, in logical pixels.
pub const WINDOW_WIDTHS: RangeInclusive<u32> = 640..=7680;
/// Window heights the settings accept, in logical pixels.
pub const WINDOW_HEIGHTS: RangeInclusive<u32> = 480..=4320;

/// A game the settings know: its key (`stones`) and its rule options.
#[derive(Clone, Copy, Debug)]
pub struct GameSchema {
    /// The game's key, as on the command line and in `[games.KEY]`.
    pub key: &'static str,
    /// Its rule options.
    pub rules: RulesSchema,
}

/// Everything boardsuite remembers between runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settings {
    /// The window size, restored on start.
    pub window: WindowSize,
    /// Preferences that hold for every game.
    pub preferences: Preferences,
    /// Network play: the port to host on, the address last joined.
    pub network: NetworkSettings,
    /// Per game, by key: level, mode, who moves first and rules.
    pub games: BTreeMap<String, GameSettings>,
}

impl Settings {
    /// The defaults for these games.
    pub fn defaults(games: &[GameSchema]) -> Self {
        Settings {
            window: WindowSize::default(),
            preferences: Preferences::default(),
            network: NetworkSettings::default(),
            games: games.iter().map(|g| (g.key.to_string(), GameSettings::defaults(&g.rules))).collect(),
        }
    }

    /// The settings of the game `key`, if it is known.
    pub fn game(&self, key: &str) -> Option<&GameSettings> {
        self.games.get(key)
    }

    /// The settings of the game `schema.key`, created with defaults if
    /// they were missing.
    pub fn game_mut(&mut self, schema: &GameSchema) -> &mut GameSettings {
        self.games.entry(schema.key.to_string()).or_insert_with(|| GameSettings::defaults(&schema.rules))
    }

    /// The settings as TOML text, as written to the file.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!("{HEADER}{body}")
    }
}

const HEADER: &str = "# boardsuite settings. Written by the launcher; edit with care:\n\
# a value it cannot use is reset to its default, and the file you wrote is\n\
# kept as settings.toml.bak.\n\n";

/// The window size in logical pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowSize {
    /// Width, within [`WINDOW_WIDTHS`].
    pub width: u32,
    /// Height, within [`WINDOW_HEIGHTS`].
    pub height: u32,
}

impl Default for WindowSize {
    fn default() -> Self {
        WindowSize { width: 1280, height: 800 }
    }
}

impl WindowSize {
    /// The size brought within the allowed ranges.
    pub fn clamped(width: f32, height: f32) -> Self {
        let clamp = |v: f32, range: &RangeInclusive<u32>| {
            (v.round().max(0.0) as u32).clamp(*range.start(), *range.end())
        };
        WindowSize { width: clamp(width, &WINDOW_WIDTHS), height: clamp(height, &WINDOW_HEIGHTS) }
    }
}

/// Preferences that hold for every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preferences {
    /// How fast moves are animated.
    pub animation_speed: AnimationSpeed,
    /// Click sounds: kept in the settings, though the window plays none
    /// (its Preferences screen says so).
    pub sound: bool,
    /// Strategy Chess rank numbers: classic (1 = Marshal) or modern.
    pub rank_numbering: RankNumbering,
    /// Which way up boards are drawn.
    pub board_orientation: BoardOrientation,
    /// Strategy Chess: keep revealed enemy pieces marked.
    pub memory_aid: bool,
}

impl Preferences {
    /// The preferences as a schema, so the launcher edits them with the
    /// same widgets as rule options.
    pub fn fields() -> &'static [RuleField] {
        const FIELDS: &[RuleField] = &[
            RuleField {
                key: "animation_speed",
                allowed: Allowed::OneOf(AnimationSpeed::NAMES),
                help: "How fast moves are animated: slow, normal, fast or instant.",
            },
            RuleField {
                key: "sound",
                allowed: Allowed::Bool,
                help: "Click sounds. This build has no sound.",
            },
            RuleField {
                key: "rank_numbering",
                allowed: Allowed::OneOf(RankNumbering::NAMES),
                help: "Strategy Chess: classic (1 = Marshal) or modern (10 = Marshal, 1 = Spy).",
            },
            RuleField {
                key: "board_orientation",
                allowed: Allowed::OneOf(BoardOrientation::NAMES),
                help: "Standard draws your own side at the bottom; flipped turns the board round.",
            },
            RuleField {
                key: "memory_aid",
                allowed: Allowed::Bool,
                help: "Strategy Chess: keep revealed enemy pieces marked instead of hiding them after a turn.",
            },
        ];
        FIELDS
    }

    /// The preferences as a TOML table, keyed as in [`Preferences::fields`].
    pub fn to_table(&self) -> toml::Table {
        toml::Table::try_from(self).unwrap_or_default()
    }

    /// Preferences from a table written by [`Preferences::to_table`]; `None`
    /// if a value does not fit.
    pub fn from_table(table: &toml::Table) -> Option<Self> {
        toml::Value::Table(table.clone()).try_into().ok()
    }
}

/// The ports a game may be hosted on (no privileged ports).
pub const PORTS: RangeInclusive<u16> = 1024..=65535;

/// The longest address remembered.
pub const MAX_ADDRESS_CHARS: usize = 255;

/// Network play, remembered between games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetworkSettings {
    /// The port "Host a game" listens on.
    pub port: u16,
    /// The address last joined ("192.168.1.5:7878"); empty at first.
    pub address: String,
}

impl Default for NetworkSettings {
    fn default() -> Self {
        NetworkSettings { port: crate::protocol::DEFAULT_PORT, address: String::new() }
    }
}

/// What the launcher remembers of one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSettings {
    /// The AI level, within [`LEVELS`].
    pub level: u8,
    /// The last mode chosen.
    pub mode: PlayMode,
    /// Who moves first against the computer.
    pub first: FirstMover,
    /// The rule options, keyed as in the game's rules TOML.
    pub rules: toml::Table,
}

impl GameSettings {
    /// The defaults, with these rules' defaults.
    pub fn defaults(rules: &RulesSchema) -> Self {
        GameSettings {
            level: DEFAULT_LEVEL,
            mode: PlayMode::default(),
            first: FirstMover::default(),
            rules: rules.defaults(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_sizes_are_clamped() {
        assert_eq!(WindowSize::clamped(100.0, 99999.0), WindowSize { width: 640, height: 4320 });
        assert_eq!(WindowSize::clamped(1024.4, 700.0), WindowSize { width: 1024, height: 700 });
    }

    #[test]
    fn preferences_match_their_schema() {
        let table = Preferences::default().to_table();
        for field in Preferences::fields() {
            let value = table.get(field.key).unwrap_or_else(|| panic!("{} is in the table", field.key));
            assert!(field.allowed.admits(value), "{}", field.key);
        }
        assert_eq!(table.len(), Preferences::fields().len());
        assert_eq!(Preferences::from_table(&table), Some(Preferences::default()));
    }
}
