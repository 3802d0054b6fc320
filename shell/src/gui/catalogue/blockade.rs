//! Blockade: territory by placement, capture, claim and overcrowding.

use super::{ChoiceHint, GameEntry, GameId, Preset, pictures};
use crate::gui::screens::coming_soon;
use crate::settings::RulesSchema;
use game_core::rules::{Allowed, RuleError, RuleErrors, RuleField};

/// The Blockade card.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::Blockade,
    key: "blockade",
    name: "Blockade",
    tagline: "Territory by placement, capture and flipping",
    seats: ["Player One", "Player Two"],
    // ENGINE: rules: RulesSchema::of::<blockade::BlockadeRules>(),
    rules: RulesSchema::provisional(fields, defaults).checked_by(check),
    presets: &[
        Preset { name: "Classic", settings: &[] },
        Preset { name: "Orthogonal (4 neighbours)", settings: &["neighbourhood=4"] },
        Preset { name: "Quick (6x6)", settings: &["size=6"] },
        Preset { name: "Grand (11x11)", settings: &["size=11", "start=spread"] },
    ],
    hints: &[ChoiceHint { key: "neighbourhood", values: &[8, 4] }],
    labels: &[],
    rules_text: include_str!("../../../../assets/rules/blockade.md"),
    picture: pictures::blockade,
    // ENGINE: play: crate::gui::games::blockade::play_screen,
    play: coming_soon::factory,
};

const NEIGHBOURHOOD: &str = "8 (all around) or 4 (orthogonal only)";

/// The options PRODUCT.md gives Blockade, until the engine's own schema
/// lands.
fn fields() -> &'static [RuleField] {
    const FIELDS: &[RuleField] = &[
        RuleField {
            key: "size",
            allowed: Allowed::Range { min: 5, max: 11 },
            help: "The board is size x size squares.",
        },
        RuleField {
            key: "neighbourhood",
            allowed: Allowed::Described(NEIGHBOURHOOD),
            help: "Which squares touch: all 8 around, or only the 4 orthogonal ones.",
        },
        RuleField {
            key: "start",
            allowed: Allowed::OneOf(&["centre", "spread"]),
            help: "The start pattern: centre (one block in the middle) or spread (more choice early on).",
        },
        RuleField {
            key: "capture",
            allowed: Allowed::RangeOrOff { min: 1, max: 8 },
            help: "An enemy stone next to your move with this many of yours around it becomes yours.",
        },
        RuleField {
            key: "claim",
            allowed: Allowed::RangeOrOff { min: 1, max: 8 },
            help: "An empty square next to your move with this many of yours around it becomes yours.",
        },
        RuleField {
            key: "overcrowd",
            allowed: Allowed::RangeOrOff { min: 1, max: 8 },
            help: "One of your stones next to your move with this many of yours around it turns to the opponent.",
        },
        RuleField {
            key: "corner_value",
            allowed: Allowed::Range { min: 1, max: 20 },
            help: "Points for a stone on a corner square.",
        },
        RuleField {
            key: "edge_value",
            allowed: Allowed::Range { min: 1, max: 20 },
            help: "Points for a stone on an edge square (other squares score 1).",
        },
    ];
    FIELDS
}

fn defaults() -> toml::Table {
    let mut t = toml::Table::new();
    t.insert("size".into(), 8.into());
    t.insert("neighbourhood".into(), 8.into());
    t.insert("start".into(), "centre".into());
    t.insert("capture".into(), 3.into());
    t.insert("claim".into(), 3.into());
    t.insert("overcrowd".into(), 4.into());
    t.insert("corner_value".into(), 9.into());
    t.insert("edge_value".into(), 3.into());
    t
}

/// What the schema cannot say: the neighbourhood is 8 or 4.
fn check(values: &toml::Table) -> Result<(), RuleErrors> {
    match values.get("neighbourhood") {
        None | Some(toml::Value::Integer(4 | 8)) => Ok(()),
        Some(other) => Err(RuleErrors(vec![RuleError {
            key: "neighbourhood".into(),
            problem: format!("{other} is not allowed"),
            allowed: NEIGHBOURHOOD.into(),
        }])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_neighbourhood_is_eight_or_four() {
        let mut values = defaults();
        assert!(ENTRY.rules.validate(&values).is_ok());
        values.insert("neighbourhood".into(), 6.into());
        assert_eq!(ENTRY.rules.validate(&values).unwrap_err().keys(), vec!["neighbourhood"]);
    }
}
