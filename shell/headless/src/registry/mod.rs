//! The game registry: one entry per game, and the one place that lists
//! the games.
//!
//! An entry ([`GameEntry`]) says what the command line, the network
//! server, saved games and the launcher need to know of a game without
//! knowing its type: its key and name, its seats, its rules schema and
//! presets, its rules text, its level table and what it can do (solving,
//! hidden information). [`Registered`] ties an entry to the game's type,
//! with the few things only the type can do (its start position from
//! `--setups`, its sparring opponents). [`GameKind`] names the games,
//! and `with_game!` turns a [`GameKind`] into the type.
//!
//! A new game is its crate, a file here (its entry and `Registered`
//! impl), one variant of [`GameKind`] with its arm in `with_game!`, its
//! GUI folder and its rules text; see docs/architecture.md.

pub mod blockade;
#[cfg(any(test, feature = "testing"))]
pub mod nim;
pub mod stones;
pub mod strategy_chess;

use crate::failure::Failure;
use crate::settings::{GameSchema, RulesSchema, apply_settings};
use ai::arena::Contender;
use ai::levels::{Budget, Level, LevelTable};
use clap::ValueEnum;
use game_core::{Evaluate, Game, Observe, RuleSet};

/// A game of the suite, as the command line, the settings, saved games and
/// the network name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ValueEnum)]
pub enum GameKind {
    /// Strategy Chess: Stratego-style, hidden pieces.
    StrategyChess,
    /// Stones: relay-sowing mancala.
    Stones,
    /// Blockade: territory capture.
    Blockade,
    /// The toy Nim of game-core, for tests of the shell itself (built with
    /// the `testing` feature only, and never listed).
    #[cfg(any(test, feature = "testing"))]
    #[value(hide = true)]
    Nim,
}

impl GameKind {
    /// Every game a player can choose, in the launcher's order.
    pub const ALL: [GameKind; 3] = [GameKind::StrategyChess, GameKind::Stones, GameKind::Blockade];

    /// The game's registry entry.
    pub fn entry(self) -> &'static GameEntry {
        with_game!(self, G => G::ENTRY)
    }

    /// The key, as typed on the command line and written in settings and
    /// records.
    pub fn key(self) -> &'static str {
        self.entry().key
    }

    /// The game whose key is `key`.
    pub fn from_key(key: &str) -> Option<GameKind> {
        <GameKind as ValueEnum>::from_str(key, false).ok()
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

/// A rule option that matters only while another option has one value,
/// e.g. Stones' empty capture, which only Kalah sowing plays. The setup
/// form greys it out otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlyWhen {
    /// The option that may not matter.
    pub key: &'static str,
    /// The option it depends on.
    pub when: &'static str,
    /// The value (as a string) under which `key` matters.
    pub is: &'static str,
}

/// What the suite knows of one game, whatever its type.
pub struct GameEntry {
    /// The key used on the command line, in the settings file, in records
    /// and on the wire.
    pub key: &'static str,
    /// The name players read.
    pub name: &'static str,
    /// One line saying what it is.
    pub tagline: &'static str,
    /// The names of the two seats, first mover first.
    pub seats: [&'static str; 2],
    /// Its rule options.
    pub rules: RulesSchema,
    /// Named rule sets, the first being the defaults.
    pub presets: &'static [Preset],
    /// Cycling values for options described only in words.
    pub hints: &'static [ChoiceHint],
    /// Options that matter only under another option's value.
    pub only_when: &'static [OnlyWhen],
    /// Names for options whose key reads badly as a label (key, label).
    pub labels: &'static [(&'static str, &'static str)],
    /// The rules text (Markdown-like, with `{key}` placeholders).
    pub rules_text: &'static str,
    /// The budgets of levels 1..=10.
    pub levels: &'static LevelTable,
    /// Whether a seat sees only part of the position.
    pub hidden_information: bool,
    /// Whether `solve` can solve it exactly.
    pub solvable: bool,
    /// Whether a win's margin is a score worth telling ("wins by 12");
    /// Strategy Chess has no score (a win is margin 1).
    pub scored: bool,
    /// Whether a level plays perfectly under these rule values (missing
    /// values are the defaults): it never chooses a move whose exact value
    /// is below the best. See [`GameEntry::plays_perfectly`].
    pub perfect_play: fn(Level, &toml::Table) -> bool,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry").field("key", &self.key).finish()
    }
}

impl GameEntry {
    /// Whether the option `key` has no effect under the rule `values`
    /// (missing values are the defaults), by [`GameEntry::only_when`].
    pub fn inert(&self, key: &str, values: &toml::Table) -> bool {
        self.only_when.iter().filter(|o| o.key == key).any(|o| {
            let value = values.get(o.when).cloned().or_else(|| self.rules.defaults().get(o.when).cloned());
            value.and_then(|v| v.as_str().map(str::to_string)) != Some(o.is.to_string())
        })
    }

    /// Whether `level` plays perfectly under the rule `values` (missing
    /// values are the defaults): every move of the best exact value, from
    /// the game's book or a solve within the move's budget. The launcher
    /// says "perfect play" where this holds.
    pub fn plays_perfectly(&self, level: Level, values: &toml::Table) -> bool {
        (self.perfect_play)(level, values)
    }

    /// The budget of `level`.
    pub fn budget(&self, level: Level) -> Budget {
        ai::levels::at(self.levels, level)
    }

    /// The label of a rule option: its entry in `labels`, else its key
    /// made readable.
    pub fn label(&self, key: &str) -> String {
        match self.labels.iter().find(|(k, _)| *k == key) {
            Some((_, label)) => label.to_string(),
            None => label_of(key),
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

/// An option key made readable: `no_capture_limit` → "No capture limit".
pub fn label_of(key: &str) -> String {
    let words = key.replace(['_', '-'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// For games whose levels never play perfectly.
pub fn never_perfect(_: Level, _: &toml::Table) -> bool {
    false
}

/// The games as the settings know them.
pub fn game_schemas() -> Vec<GameSchema> {
    GameKind::ALL.iter().map(|kind| GameSchema { key: kind.entry().key, rules: kind.entry().rules }).collect()
}

/// A sparring opponent of a game, as the command line lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SparringEntry {
    /// Its name, as in `sparring:NAME`.
    pub name: &'static str,
    /// One line saying how it plays.
    pub description: &'static str,
}

/// A game's type, tied to its entry: what the shell needs of a game beyond
/// game-core's traits.
pub trait Registered: Observe + Evaluate {
    /// The game's entry.
    const ENTRY: &'static GameEntry;

    /// The start position for these rules. `setups` is the `--setups A,B`
    /// argument, which only games with a setup phase accept.
    fn start_position(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure>;

    /// The budget of `level` (from the entry's level table).
    fn budget(level: Level) -> Budget {
        Self::ENTRY.budget(level)
    }

    /// The game's sparring opponents (fixed styles kept for testing the
    /// AI), in the order `match --help` lists them; none by default.
    fn sparring_styles() -> Vec<SparringEntry> {
        Vec::new()
    }

    /// A fresh contender playing the sparring opponent called `name`, if
    /// the game has one.
    fn sparring_contender(name: &str) -> Option<Box<dyn Contender<Self>>> {
        let _ = name;
        None
    }
}

/// The start position of a game without a setup phase.
pub fn start_without_setups<G: Game<Setup = ()>>(
    rules: &G::Rules,
    setups: Option<&str>,
) -> Result<G, Failure> {
    if setups.is_some() {
        return Err(Failure::usage(format!("{} has no setups: drop --setups", G::NAME)));
    }
    G::start(rules, &[]).map_err(|e| Failure::usage(e.to_string()))
}

/// Reads `--set key=value` options into a game's rules, starting from the
/// defaults. Every problem is reported, each with its key and allowed
/// values.
pub fn rules_from_settings<G: Game>(settings: &[String]) -> Result<G::Rules, Failure> {
    G::Rules::default().with_settings(settings).map_err(|errors| {
        let lines: Vec<String> = errors.0.iter().map(|e| format!("  {e}")).collect();
        Failure::usage(format!("bad rule options for {}:\n{}", G::NAME, lines.join("\n")))
    })
}

/// Runs `$body` with `$G` bound to the game type of `$kind` (a
/// [`GameKind`]). Expand it inside this crate only: its test-only arm
/// follows this crate's features.
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {{
        use $crate::registry::GameKind;
        match $kind {
            GameKind::StrategyChess => {
                type $G = ::strategy_chess::StrategyChess;
                $body
            }
            GameKind::Stones => {
                type $G = ::stones::Stones;
                $body
            }
            GameKind::Blockade => {
                type $G = ::blockade::Blockade;
                $body
            }
            #[cfg(any(test, feature = "testing"))]
            GameKind::Nim => {
                type $G = ::game_core::nim::Nim;
                $body
            }
        }
    }};
}
pub(crate) use with_game;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_capture_matters_only_under_kalah_sowing() {
        let entry = GameKind::Stones.entry();
        let mut values = entry.rules.defaults();
        assert!(entry.inert("empty_capture", &values), "relay sowing never captures");
        assert!(!entry.inert("pits", &values));
        values.insert("sowing".into(), "kalah".into());
        assert!(!entry.inert("empty_capture", &values));
        assert!(entry.inert("empty_capture", &toml::Table::new()), "a missing value is the default");
    }

    #[test]
    fn every_entry_is_consistent() {
        for kind in GameKind::ALL {
            let entry = kind.entry();
            assert_eq!(GameKind::from_key(entry.key), Some(kind));
            assert_eq!(ai::levels::check_table(entry.levels), Ok(()), "{}", entry.key);
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
            for only in entry.only_when {
                assert!(entry.rules.field(only.key).is_some(), "{}: only_when {}", entry.key, only.key);
                assert!(entry.rules.field(only.when).is_some(), "{}: only_when {}", entry.key, only.when);
            }
            assert!(!entry.rules_text.is_empty());
        }
    }

    #[test]
    fn the_product_defaults_are_in_the_catalogue() {
        let get = |kind: GameKind, key: &str| kind.entry().rules.defaults().get(key).cloned();
        assert_eq!(get(GameKind::Stones, "pits"), Some(toml::Value::Integer(6)));
        assert_eq!(get(GameKind::Stones, "stones"), Some(toml::Value::Integer(4)));
        assert_eq!(get(GameKind::Blockade, "size"), Some(toml::Value::Integer(8)));
        assert_eq!(get(GameKind::Blockade, "overcrowd"), Some(toml::Value::Integer(4)));
        assert_eq!(get(GameKind::Blockade, "corner_value"), Some(toml::Value::Integer(9)));
        assert_eq!(get(GameKind::StrategyChess, "no_capture_limit"), Some(toml::Value::Integer(200)));
        assert_eq!(get(GameKind::StrategyChess, "army"), Some(toml::Value::String("classic".into())));
    }
}
