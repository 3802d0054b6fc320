//! Stones: the relay-sowing mancala, and its Kalah variants.

use super::{GameEntry, GameId, Preset, pictures};
use headless::settings::RulesSchema;

/// The Stones card.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::Stones,
    key: "stones",
    name: "Stones",
    tagline: "A mancala with relay sowing and free turns",
    seats: ["Player One", "Player Two"],
    rules: RulesSchema::of::<stones::StonesRules>(),
    presets: &[
        Preset { name: "Stones (relay)", settings: &[] },
        Preset { name: "Kalah", settings: &["sowing=kalah"] },
        Preset { name: "Kalah, empty capture", settings: &["sowing=kalah", "empty_capture=true"] },
        Preset { name: "Short game (3 stones)", settings: &["stones=3"] },
    ],
    hints: &[],
    labels: &[],
    rules_text: include_str!("../../../../assets/rules/stones.md"),
    picture: pictures::stones,
    play: crate::games::stones::play_screen,
};
