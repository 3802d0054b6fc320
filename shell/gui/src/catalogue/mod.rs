//! The three games as the launcher knows them: name, one-line description,
//! a small drawing of the board, rule options with presets, the rules text
//! and the factory of the play screen.
//!
//! Each game's entry lives in its own file.

pub mod blockade;
pub mod pictures;
pub mod stones;
pub mod strategy_chess;

use super::canvas::Canvas;
use super::geometry::Rect;
use super::play::GameScreenFactory;
use headless::settings::{GameSchema, RulesSchema, apply_settings};

/// One of the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    /// Strategy Chess.
    StrategyChess,
    /// Stones.
    Stones,
    /// Blockade.
    Blockade,
}

impl GameId {
    /// Every game, in the launcher's order.
    pub const ALL: [GameId; 3] = [GameId::StrategyChess, GameId::Stones, GameId::Blockade];

    /// The game's catalogue entry.
    pub fn entry(self) -> &'static GameEntry {
        match self {
            GameId::StrategyChess => &strategy_chess::ENTRY,
            GameId::Stones => &stones::ENTRY,
            GameId::Blockade => &blockade::ENTRY,
        }
    }
}

/// A named set of rule options: `key=value` settings on top of the
/// defaults, as with `--set`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name players pick.
    pub name: &'static str,
    /// The settings that differ from the defaults.
    pub settings: &'static [&'static str],
}

/// Values to cycle through for an option whose schema only describes them
/// in words (`Allowed::Described`), e.g. Blockade's neighbourhood 8 or 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChoiceHint {
    /// The option's key.
    pub key: &'static str,
    /// Its values, in order.
    pub values: &'static [i64],
}

/// What the launcher knows of one game.
pub struct GameEntry {
    /// Which game.
    pub id: GameId,
    /// The key used on the command line and in the settings file.
    pub key: &'static str,
    /// The name on its card.
    pub name: &'static str,
    /// One line on its card.
    pub tagline: &'static str,
    /// The names of the two seats, first mover first.
    pub seats: [&'static str; 2],
    /// Its rule options.
    pub rules: RulesSchema,
    /// Named rule sets, the first being the defaults.
    pub presets: &'static [Preset],
    /// Cycling values for options described only in words.
    pub hints: &'static [ChoiceHint],
    /// Names for options whose key reads badly as a label (key, label).
    pub labels: &'static [(&'static str, &'static str)],
    /// The rules text (Markdown-like, with `{key}` placeholders).
    pub rules_text: &'static str,
    /// Draws a small picture of the board into a rectangle.
    pub picture: fn(&mut Canvas, Rect),
    /// Builds the play screen.
    pub play: GameScreenFactory,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry").field("key", &self.key).finish()
    }
}

impl GameEntry {
    /// The label of a rule option: its entry in `labels`, else its key
    /// made readable.
    pub fn label(&self, key: &str) -> String {
        match self.labels.iter().find(|(k, _)| *k == key) {
            Some((_, label)) => label.to_string(),
            None => super::options::label_of(key),
        }
    }

    /// The name of the preset these values match, if any.
    pub fn preset_of(&self, values: &toml::Table) -> Option<&'static Preset> {
        let mut full = self.rules.defaults();
        full.extend(values.clone());
        self.presets.iter().find(|preset| apply_settings(&self.rules, preset.settings) == full)
    }

    /// The values of a preset.
    pub fn preset_values(&self, preset: &Preset) -> toml::Table {
        apply_settings(&self.rules, preset.settings)
    }
}

/// The games as the settings know them.
pub fn game_schemas() -> Vec<GameSchema> {
    GameId::ALL.iter().map(|id| GameSchema { key: id.entry().key, rules: id.entry().rules }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_consistent() {
        for id in GameId::ALL {
            let entry = id.entry();
            assert_eq!(entry.id, id);
            let defaults = entry.rules.defaults();
            assert!(entry.rules.validate(&defaults).is_ok(), "{}: defaults validate", entry.key);
            for field in entry.rules.fields() {
                assert!(defaults.contains_key(field.key), "{}: {} has a default", entry.key, field.key);
            }
            assert_eq!(entry.preset_of(&defaults).map(|p| p.name), Some(entry.presets[0].name));
            for preset in entry.presets {
                let values = entry.preset_values(preset);
                assert!(entry.rules.validate(&values).is_ok(), "{}: preset {}", entry.key, preset.name);
                assert_eq!(entry.preset_of(&values), Some(preset), "presets differ from each other");
            }
            for (key, _) in entry.labels {
                assert!(entry.rules.field(key).is_some(), "{}: label {key}", entry.key);
            }
            for hint in entry.hints {
                assert!(entry.rules.field(hint.key).is_some(), "{}: hint {}", entry.key, hint.key);
            }
            assert!(!entry.rules_text.is_empty());
        }
    }

    #[test]
    fn the_product_defaults_are_in_the_catalogue() {
        let get = |id: GameId, key: &str| id.entry().rules.defaults().get(key).cloned();
        assert_eq!(get(GameId::Stones, "pits"), Some(toml::Value::Integer(6)));
        assert_eq!(get(GameId::Stones, "stones"), Some(toml::Value::Integer(4)));
        assert_eq!(get(GameId::Blockade, "size"), Some(toml::Value::Integer(8)));
        assert_eq!(get(GameId::Blockade, "overcrowd"), Some(toml::Value::Integer(4)));
        assert_eq!(get(GameId::Blockade, "corner_value"), Some(toml::Value::Integer(9)));
        assert_eq!(get(GameId::StrategyChess, "no_capture_limit"), Some(toml::Value::Integer(200)));
        assert_eq!(get(GameId::StrategyChess, "army"), Some(toml::Value::String("classic".into())));
    }
}
