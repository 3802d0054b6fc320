//! Strategy Chess: the Stratego-style battle with hidden pieces.

use super::{GameEntry, GameId, Preset, pictures};
use game_core::RuleSet;
use game_core::rules::{Allowed, RuleErrors, RuleField};
use headless::settings::RulesSchema;
use std::sync::OnceLock;
use strategy_chess::StrategyChessRules;

/// The Strategy Chess card.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::StrategyChess,
    key: "strategy-chess",
    name: "Strategy Chess",
    tagline: "Stratego-style battle with hidden pieces",
    seats: ["Red", "Blue"],
    // The engine's fields and check; the army as a word the launcher can
    // step through.
    rules: RulesSchema::provisional(fields, defaults).checked_by(check),
    presets: &[
        Preset { name: "Classic", settings: &[] },
        Preset { name: "Barrage", settings: &["army=barrage"] },
        Preset { name: "Gadget (one-square moves)", settings: &["scouts=one-square"] },
        Preset { name: "BBS door (scouts strike close)", settings: &["scouts=long-no-strike"] },
    ],
    hints: &[],
    labels: &[
        ("first", "First to move"),
        ("two_square_rule", "Two-square rule"),
        ("more_square_rule", "More-square rule"),
        ("no_capture_limit", "No-capture limit"),
    ],
    rules_text: include_str!("../../../../assets/rules/strategy-chess.md"),
    picture: pictures::strategy_chess,
    play: crate::games::strategy_chess::play_screen,
};

/// The engine's fields, except that the army is one of the two named
/// armies (a custom army is set with `--set` on the command line).
fn fields() -> &'static [RuleField] {
    static FIELDS: OnceLock<Vec<RuleField>> = OnceLock::new();
    FIELDS.get_or_init(|| {
        StrategyChessRules::fields()
            .iter()
            .map(|f| match f.key {
                "army" => RuleField {
                    allowed: Allowed::OneOf(&["classic", "barrage"]),
                    help: "Classic: 40 pieces each. Barrage: 8 pieces each.",
                    ..*f
                },
                _ => *f,
            })
            .collect()
    })
}

/// The engine's defaults, with the army written as its preset's name
/// (`army = "classic"`) rather than the engine's table form, so the setup
/// form shows and compares it as a word.
fn defaults() -> toml::Table {
    let mut t = StrategyChessRules::default().to_table();
    t.insert("army".into(), "classic".into());
    t
}

/// The engine's own check of a whole table of options.
fn check(values: &toml::Table) -> Result<(), RuleErrors> {
    StrategyChessRules::from_toml(&toml::to_string(values).unwrap_or_default()).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_checks_the_options() {
        let mut values = ENTRY.rules.defaults();
        assert!(ENTRY.rules.validate(&values).is_ok());
        values.insert("army".into(), "barrage".into());
        assert!(ENTRY.rules.validate(&values).is_ok());
        values.insert("army".into(), "huge".into());
        assert_eq!(ENTRY.rules.validate(&values).unwrap_err().keys(), vec!["army"]);
        values.insert("army".into(), "classic".into());
        values.insert("scouts".into(), "none".into());
        assert_eq!(ENTRY.rules.validate(&values).unwrap_err().keys(), vec!["scouts"]);
    }
}
