//! Blockade: territory by placement, capture, claim and overcrowding.

use super::{ChoiceHint, GameEntry, Preset, Registered, start_without_setups};
use crate::failure::Failure;
use crate::settings::RulesSchema;
use ai::levels::{LevelTable, alpha_beta};
use blockade::Blockade;

/// The Blockade entry.
pub const ENTRY: GameEntry = GameEntry {
    key: "blockade",
    name: "Blockade",
    tagline: "Territory by placement, capture and flipping",
    seats: ["Player One", "Player Two"],
    rules: RulesSchema::of::<blockade::BlockadeRules>(),
    presets: &[
        Preset { name: "Classic", settings: &[] },
        Preset { name: "Orthogonal (4 neighbours)", settings: &["neighbourhood=4"] },
        Preset { name: "Quick (6x6)", settings: &["size=6"] },
        Preset { name: "Wide start", settings: &["start=wide"] },
        Preset { name: "Grand (11x11, grid start)", settings: &["size=11", "start=grid"] },
    ],
    hints: &[ChoiceHint { key: "neighbourhood", values: &[8, 4] }],
    only_when: &[],
    labels: &[],
    rules_text: include_str!("../../../../assets/rules/blockade.md"),
    levels: &LEVELS,
    hidden_information: false,
    solvable: true,
    scored: true,
    perfect_play: super::never_perfect,
};

/// The levels of Blockade (territory on a grid). Few squares touch both colours, so
/// branching stays small and deep searches are cheap; noise as in
/// the Stones table (`registry::stones::LEVELS`).
///
/// The table is used from remaining depth 3, as in Stones: a placement
/// costs less than the memory access of a probe. Measured against depth 1
/// with the level-10 table (five middle games at depth 14, the table
/// already in memory): 23-41% less time to the same depth, with between 4%
/// fewer and 15% more nodes.
///
/// Moves one ply above the frontier are tried as generated after the
/// table's move and the killers, not by history: history there cost more
/// than it saved (without it: the bench's middle game at depth 14 in 8%
/// fewer nodes and 11% fewer instructions; five others at depth 12 in 6%
/// fewer nodes and 7% fewer instructions all told, one of them more).
pub const LEVELS: LevelTable = [
    alpha_beta(1, 10, 100).with_noise(0.8).with_table(1, 3).with_history_from(3).with_generated_setup(),
    alpha_beta(1, 20, 150).with_noise(0.4).with_table(1, 3).with_history_from(3),
    alpha_beta(2, 50, 200).with_noise(0.3).with_table(2, 3).with_history_from(3),
    alpha_beta(2, 100, 300).with_noise(0.2).with_table(4, 3).with_history_from(3),
    alpha_beta(3, 200, 400).with_noise(0.1).with_table(8, 3).with_history_from(3),
    alpha_beta(4, 500, 600).with_noise(0.05).with_table(16, 3).with_history_from(3),
    alpha_beta(5, 1_000, 800).with_noise(0.02).with_table(32, 3).with_history_from(3),
    alpha_beta(6, 2_000, 1_200).with_table(64, 3).with_history_from(3),
    alpha_beta(8, 4_000, 1_600).with_table(64, 3).with_history_from(3),
    alpha_beta(64, 8_000, 1_600).with_table(64, 3).with_history_from(3),
];

impl Registered for Blockade {
    const ENTRY: &'static GameEntry = &ENTRY;

    fn start_position(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        start_without_setups(rules, setups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_neighbourhood_is_eight_or_four() {
        let mut values = ENTRY.rules.defaults();
        assert!(ENTRY.rules.validate(&values).is_ok());
        values.insert("neighbourhood".into(), 6.into());
        assert_eq!(ENTRY.rules.validate(&values).unwrap_err().keys(), vec!["neighbourhood"]);
    }
}
