//! The army editor: how many pieces of each rank a side has, for the
//! `army` rule option.
//!
//! The setup form steps the option through the two named armies (classic,
//! barrage) and its "Edit army" button opens [`screen::ArmyScreen`], where
//! each rank's count steps on its own. The rules crate checks the army
//! ([`Army::problems`]: exactly one Flag, at most 40 pieces, a piece that
//! can move); Done stays off until it passes.
//!
//! - [`layout`]: where the rows, the summary and the buttons go.
//! - [`screen`]: the editor screen.

pub mod layout;
pub mod screen;

use crate::context::AppContext;
use crate::play::{EditedValue, RuleEditor};
use crate::screen::Screen;
use strategy_chess::{Army, Preset};

/// The army option's editor, as the setup form uses it.
pub const EDITOR: RuleEditor = RuleEditor {
    key: "army",
    button: "Edit army",
    help: "The pieces of each side: classic (40) or barrage (8); Edit army sets the count of each rank.",
    show: show_army,
    step: step_army,
    open: open_editor,
};

/// The army a rules table's `army` value holds: a preset's name, or a
/// table of counts as the rules crate reads it. `None` if unreadable.
pub fn army_of(value: &toml::Value) -> Option<Army> {
    match value {
        toml::Value::String(name) => Preset::from_name(name).map(Preset::army),
        other => other.clone().try_into::<Army>().ok(),
    }
}

/// The `army` value for the rules table: a preset's name where the army
/// is one, else its counts as the rules crate writes them.
pub fn value_of(army: Army) -> toml::Value {
    match army.preset() {
        Some(preset) => toml::Value::String(preset.name().to_string()),
        None => {
            toml::Value::try_from(army).unwrap_or_else(|_| toml::Value::String(Preset::Classic.name().into()))
        }
    }
}

/// The army as the setup form's row shows it: `classic`, `barrage`, or
/// `custom, 23 pieces`.
pub fn show_army(value: &toml::Value) -> String {
    match army_of(value) {
        Some(army) => match army.preset() {
            Some(preset) => preset.name().to_string(),
            None => format!("custom, {} pieces", army.total()),
        },
        None => "unreadable".into(),
    }
}

/// The next named army, forwards or back; a custom army steps to classic
/// (forwards) or barrage (back).
pub fn step_army(value: &toml::Value, forward: bool) -> Option<toml::Value> {
    let next = match army_of(value).and_then(|a| a.preset()) {
        Some(Preset::Classic) => Preset::Barrage,
        Some(Preset::Barrage) => Preset::Classic,
        None if forward => Preset::Classic,
        None => Preset::Barrage,
    };
    Some(value_of(next.army()))
}

/// The editor over the army of `rules` (classic where it is unreadable).
fn open_editor(rules: &toml::Table, slot: EditedValue, ctx: &AppContext) -> Box<dyn Screen> {
    let army = rules.get(EDITOR.key).and_then(army_of).unwrap_or(Army::CLASSIC);
    Box::new(screen::ArmyScreen::new(army, ctx.settings.preferences.rank_numbering, slot))
}

#[cfg(test)]
mod tests {
    use super::*;
    use strategy_chess::Rank;

    #[test]
    fn armies_go_to_the_table_and_back() {
        for army in [Army::CLASSIC, Army::BARRAGE, Army::BARRAGE.with(Rank::Scout, 4)] {
            assert_eq!(army_of(&value_of(army)), Some(army));
        }
        assert_eq!(value_of(Army::BARRAGE), toml::Value::String("barrage".into()));
        assert!(value_of(Army::CLASSIC.with(Rank::Bomb, 0)).is_table());
        assert_eq!(army_of(&toml::Value::String("huge".into())), None);
    }

    #[test]
    fn the_row_names_the_army_and_steps_through_the_presets() {
        let custom = value_of(Army::BARRAGE.with(Rank::Scout, 4));
        assert_eq!(show_army(&custom), "custom, 10 pieces");
        assert_eq!(show_army(&value_of(Army::CLASSIC)), "classic");
        let classic = value_of(Army::CLASSIC);
        let barrage = value_of(Army::BARRAGE);
        assert_eq!(step_army(&classic, true), Some(barrage.clone()));
        assert_eq!(step_army(&barrage, true), Some(classic.clone()));
        assert_eq!(step_army(&custom, true), Some(classic));
        assert_eq!(step_army(&custom, false), Some(barrage));
    }

    #[test]
    fn a_custom_army_passes_the_rules_of_the_registry() {
        let entry = headless::registry::GameKind::StrategyChess.entry();
        let mut rules = entry.rules.defaults();
        rules.insert("army".into(), value_of(Army::BARRAGE.with(Rank::Scout, 4)));
        assert!(entry.rules.validate(&rules).is_ok());
        rules.insert("army".into(), value_of(Army::BARRAGE.with(Rank::Flag, 0)));
        assert!(entry.rules.validate(&rules).is_err(), "no flag: refused by the rules crate");
    }
}
