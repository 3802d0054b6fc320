//! The toy Nim of game-core, registered only for tests (the `testing`
//! feature): it checks that a game needs nothing but its entry here to work
//! through the command line.

use super::{GameEntry, Registered, start_without_setups};
use crate::failure::Failure;
use crate::settings::RulesSchema;
use ai::levels::DEFAULT_TABLE;
use game_core::nim::{Nim, NimRules};

/// The Nim entry.
pub const ENTRY: GameEntry = GameEntry {
    key: "nim",
    name: "Nim",
    tagline: "Take from the heaps; the last to take wins",
    seats: ["First", "Second"],
    rules: RulesSchema::of::<NimRules>(),
    presets: &[],
    hints: &[],
    only_when: &[],
    labels: &[],
    rules_text: "Nim with a free turn: the toy game of game-core.",
    levels: &DEFAULT_TABLE,
    hidden_information: false,
    solvable: true,
    scored: true,
    perfect_play: super::never_perfect,
};

impl Registered for Nim {
    const ENTRY: &'static GameEntry = &ENTRY;

    fn start_position(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        start_without_setups(rules, setups)
    }
}
