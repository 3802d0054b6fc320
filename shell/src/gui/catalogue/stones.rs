//! Stones: the relay-sowing mancala, and its Kalah variants.

use super::{GameEntry, GameId, Preset, pictures};
use crate::gui::screens::coming_soon;
use crate::settings::RulesSchema;
use game_core::rules::{Allowed, RuleField};

/// The Stones card.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::Stones,
    key: "stones",
    name: "Stones",
    tagline: "A mancala with relay sowing and free turns",
    seats: ["Player One", "Player Two"],
    // ENGINE: rules: RulesSchema::of::<stones::StonesRules>(),
    rules: RulesSchema::provisional(fields, defaults),
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
    // ENGINE: play: crate::gui::games::stones::play_screen,
    play: coming_soon::factory,
};

/// The options PRODUCT.md gives Stones, until the engine's own schema lands.
fn fields() -> &'static [RuleField] {
    const FIELDS: &[RuleField] = &[
        RuleField {
            key: "pits",
            allowed: Allowed::Range { min: 3, max: 8 },
            help: "Pits on each side of the board.",
        },
        RuleField {
            key: "stones",
            allowed: Allowed::Range { min: 1, max: 8 },
            help: "Stones in every pit at the start.",
        },
        RuleField {
            key: "sowing",
            allowed: Allowed::OneOf(&["relay", "kalah"]),
            help: "Relay: a last stone in a filled pit picks it up and sows on. Kalah: no relay; captures instead.",
        },
        RuleField {
            key: "empty_capture",
            allowed: Allowed::Bool,
            help: "Kalah only: a last stone in your own empty pit captures even if the opposite pit is empty.",
        },
        RuleField {
            key: "end_sweep",
            allowed: Allowed::OneOf(&["auto", "emptier-collects", "owner-keeps"]),
            help: "Who banks the stones left at the end. Auto follows the sowing: emptier-collects for relay, owner-keeps for Kalah.",
        },
    ];
    FIELDS
}

fn defaults() -> toml::Table {
    let mut t = toml::Table::new();
    t.insert("pits".into(), 6.into());
    t.insert("stones".into(), 4.into());
    t.insert("sowing".into(), "relay".into());
    t.insert("empty_capture".into(), false.into());
    t.insert("end_sweep".into(), "auto".into());
    t
}
