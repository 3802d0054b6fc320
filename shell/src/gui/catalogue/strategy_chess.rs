//! Strategy Chess: the Stratego-style battle with hidden pieces.

use super::{GameEntry, GameId, Preset, pictures};
use crate::settings::RulesSchema;
use game_core::rules::{Allowed, RuleField};

/// The Strategy Chess card.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::StrategyChess,
    key: "strategy-chess",
    name: "Strategy Chess",
    tagline: "Stratego-style battle with hidden pieces",
    seats: ["Red", "Blue"],
    // ENGINE: rules: RulesSchema::of::<strategy_chess::StrategyChessRules>(),
    rules: RulesSchema::provisional(fields, defaults),
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
    // ENGINE: play: crate::gui::games::strategy_chess::play_screen,
    play: crate::gui::games::strategy_chess::play_screen,
};

/// The options PRODUCT.md gives Strategy Chess, until the engine's own
/// schema lands.
fn fields() -> &'static [RuleField] {
    const FIELDS: &[RuleField] = &[
        RuleField {
            key: "army",
            allowed: Allowed::OneOf(&["classic", "barrage", "custom"]),
            help: "Classic: 40 pieces each. Barrage: 8 pieces each. Custom: your own counts.",
        },
        RuleField {
            key: "first",
            allowed: Allowed::OneOf(&["red", "blue"]),
            help: "Which colour moves first.",
        },
        RuleField {
            key: "scouts",
            allowed: Allowed::OneOf(&["long-and-strike", "long-no-strike", "one-square"]),
            help: "Scouts run any distance and may strike at the end; or run but strike only close; or step one square.",
        },
        RuleField {
            key: "bombs",
            allowed: Allowed::OneOf(&["permanent", "single-use"]),
            help: "Permanent: a bomb stays after it kills. Single-use: a struck bomb is removed too.",
        },
        RuleField {
            key: "two_square_rule",
            allowed: Allowed::Bool,
            help: "A piece may not shuttle between the same two squares more than three times in a row.",
        },
        RuleField {
            key: "more_square_rule",
            allowed: Allowed::Bool,
            help: "A player may not chase one enemy piece endlessly.",
        },
        RuleField {
            key: "no_capture_limit",
            allowed: Allowed::RangeOrOff { min: 20, max: 5000 },
            help: "This many moves in a row without a fight is a draw (off: the game still ends at 10,000 moves).",
        },
    ];
    FIELDS
}

fn defaults() -> toml::Table {
    let mut t = toml::Table::new();
    t.insert("army".into(), "classic".into());
    t.insert("first".into(), "red".into());
    t.insert("scouts".into(), "long-and-strike".into());
    t.insert("bombs".into(), "permanent".into());
    t.insert("two_square_rule".into(), true.into());
    t.insert("more_square_rule".into(), true.into());
    t.insert("no_capture_limit".into(), 200.into());
    t
}
