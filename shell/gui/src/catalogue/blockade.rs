//! Blockade: territory by placement, capture, claim and overcrowding.

use super::{ChoiceHint, GameEntry, GameId, Preset, pictures};
use headless::settings::RulesSchema;

/// The Blockade card.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::Blockade,
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
    labels: &[],
    rules_text: include_str!("../../../../assets/rules/blockade.md"),
    picture: pictures::blockade,
    play: crate::games::blockade::play_screen,
};

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
