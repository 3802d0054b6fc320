//! Stones: the relay-sowing mancala, and its Kalah variants.

use super::{GameEntry, OnlyWhen, Preset, Registered, start_without_setups};
use crate::failure::Failure;
use crate::settings::RulesSchema;
use ai::levels::{LevelTable, alpha_beta};
use stones::Stones;

/// The Stones entry.
pub const ENTRY: GameEntry = GameEntry {
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
    only_when: &[OnlyWhen { key: "empty_capture", when: "sowing", is: "kalah" }],
    labels: &[],
    rules_text: include_str!("../../../../assets/rules/stones.md"),
    levels: &LEVELS,
    hidden_information: false,
    solvable: true,
    scored: true,
};

/// The levels of Stones (relay mancala).
///
/// - Level 1 is the original's weakest player: it looks one sowing ahead
///   (what that sowing banks, the free turn it may earn not followed) and
///   errs a lot.
/// - A free turn is a ply, so the depths grow fast with the level. Every
///   level but 9 and 10 keeps some noise: a game against the computer
///   does not replay the last one, and a match between two noisy levels
///   (or a noisy one and level 10) plays different games.
/// - Level 10: as deep as 12 million nodes go (about 2 s on one core of
///   the machine these were measured on; alpha-beta uses one thread).
/// - The table is used from remaining depth 3: a sowing costs less than
///   the memory access of a probe. Measured against depth 2 (six middle
///   games at depth 18, the start at depth 16, a Kalah game): 5-20% less
///   time to the same depth, with about as many nodes (+12% to -27%).
pub const LEVELS: LevelTable = [
    alpha_beta(1, 10, 100).with_noise(0.8).with_table(1, 3).with_generated_setup(),
    alpha_beta(1, 10, 100).with_noise(0.5).with_table(1, 3),
    alpha_beta(2, 20, 150).with_noise(0.45).with_table(1, 3),
    alpha_beta(2, 50, 200).with_noise(0.4).with_table(1, 3),
    alpha_beta(3, 100, 300).with_noise(0.35).with_table(2, 3),
    alpha_beta(4, 200, 400).with_noise(0.1).with_table(4, 3),
    alpha_beta(6, 500, 600).with_noise(0.05).with_table(8, 3),
    alpha_beta(8, 1_000, 800).with_noise(0.02).with_table(16, 3),
    alpha_beta(12, 3_000, 1_200).with_table(32, 3),
    alpha_beta(64, 12_000, 2_000).with_table(64, 3),
];

impl Registered for Stones {
    const ENTRY: &'static GameEntry = &ENTRY;

    fn start_position(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        start_without_setups(rules, setups)
    }
}
