//! Where the bot's rules, level and seed come from. The manager starts a
//! bot with no arguments, so besides the command line they are read from
//! the environment and from a TOML file; later sources win:
//!
//! 1. the manager's rules: `long-and-strike` scouts, no two-square rule,
//!    no more-square rule, no capture limit (so the game draws at 10,000
//!    plies, the manager's 5000 turns); level 5; seed 1;
//! 2. the file named by `BOARDSUITE_UCC_CONFIG`, else `boardsuite-ucc.toml`
//!    in the working directory if there is one: `level = 5` (or
//!    `level = "sparring:defender"`), `seed = 7` and a `[rules]` table with
//!    the rules-TOML keys;
//! 3. `BOARDSUITE_UCC_LEVEL`, `BOARDSUITE_UCC_SEED` and `BOARDSUITE_UCC_SET`
//!    (`key=value` rule options separated by `;` or spaces);
//! 4. `--level`, `--seed` and `--set` on the command line.
//!
//! A level is `1`..`10`, or `sparring:NAME` for one of Strategy Chess's
//! sparring opponents, so the team can set a fixed style against outside
//! programs.

use crate::cli::player::{self, PlayerChoice};
use crate::failure::Failure;
use ai::Level;
use game_core::RuleSet;
use std::path::{Path, PathBuf};
use strategy_chess::{StrategyChess, StrategyChessRules};

/// The level when nothing says otherwise: it answers well within 1.5 s.
pub const DEFAULT_LEVEL: Level = match Level::new(5) {
    Some(level) => level,
    None => Level::MAX,
};

/// The environment variable naming the config file.
pub const CONFIG_VAR: &str = "BOARDSUITE_UCC_CONFIG";
/// The config file looked for in the working directory.
pub const CONFIG_FILE: &str = "boardsuite-ucc.toml";
/// The environment variable of the level.
pub const LEVEL_VAR: &str = "BOARDSUITE_UCC_LEVEL";
/// The environment variable of the seed.
pub const SEED_VAR: &str = "BOARDSUITE_UCC_SEED";
/// The environment variable of rule options.
pub const SET_VAR: &str = "BOARDSUITE_UCC_SET";

/// The settings the bot plays with.
#[derive(Clone, Debug, PartialEq)]
pub struct BotConfig {
    /// The rules.
    pub rules: StrategyChessRules,
    /// Who plays: the AI of a level, or a sparring opponent.
    pub level: PlayerChoice,
    /// The seed of every random choice.
    pub seed: u64,
}

/// The pieces of a configuration from one source.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layer {
    /// A level or sparring opponent, if this source gives one.
    pub level: Option<PlayerChoice>,
    /// A seed, if this source gives one.
    pub seed: Option<u64>,
    /// `key=value` rule options.
    pub set: Vec<String>,
}

/// The manager's rules.
pub fn manager_rules() -> StrategyChessRules {
    StrategyChessRules {
        two_square_rule: false,
        more_square_rule: false,
        no_capture_limit: 0,
        ..StrategyChessRules::default()
    }
}

/// Reads a config file's text.
pub fn parse_file(text: &str, origin: &Path) -> Result<Layer, Failure> {
    let bad = |why: String| Failure::usage(format!("{}: {why}", origin.display()));
    let mut table: toml::Table = text.parse().map_err(|e: toml::de::Error| bad(e.message().to_string()))?;
    let mut layer = Layer::default();
    if let Some(level) = table.remove("level") {
        let text = match &level {
            toml::Value::Integer(n) => n.to_string(),
            toml::Value::String(text) => text.clone(),
            _ => return Err(bad("level must be 1..10 or \"sparring:NAME\"".into())),
        };
        layer.level = Some(text.parse().map_err(|e| bad(format!("level: {e}")))?);
    }
    if let Some(seed) = table.remove("seed") {
        layer.seed = Some(
            seed.as_integer()
                .and_then(|n| u64::try_from(n).ok())
                .ok_or_else(|| bad("seed must be a whole number".into()))?,
        );
    }
    if let Some(rules) = table.remove("rules") {
        let rules = rules.as_table().ok_or_else(|| bad("[rules] must be a table".into()))?;
        layer.set = rules.iter().map(|(key, value)| format!("{key}={value}")).collect();
    }
    if let Some(key) = table.keys().next() {
        return Err(bad(format!("unknown key `{key}`: expected level, seed or [rules]")));
    }
    Ok(layer)
}

/// Reads the environment (through `var`, so tests need not touch the real
/// one).
pub fn parse_env(var: impl Fn(&str) -> Option<String>) -> Result<Layer, Failure> {
    let mut layer = Layer::default();
    if let Some(level) = var(LEVEL_VAR) {
        layer.level = Some(level.trim().parse().map_err(|e| Failure::usage(format!("{LEVEL_VAR}: {e}")))?);
    }
    if let Some(seed) = var(SEED_VAR) {
        layer.seed = Some(
            seed.trim()
                .parse()
                .map_err(|_| Failure::usage(format!("{SEED_VAR}=`{seed}` is not a whole number")))?,
        );
    }
    if let Some(set) = var(SET_VAR) {
        layer.set = set.split([';', ' ', '\t', '\n']).filter(|s| !s.is_empty()).map(str::to_string).collect();
    }
    Ok(layer)
}

/// The config file to read, if any.
pub fn config_path(var: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    match var(CONFIG_VAR) {
        Some(path) => Some(PathBuf::from(path)),
        None => Some(PathBuf::from(CONFIG_FILE)).filter(|p| p.is_file()),
    }
}

/// Combines the layers, later ones winning, over the manager's defaults.
pub fn combine(layers: &[Layer]) -> Result<BotConfig, Failure> {
    let level =
        layers.iter().rev().find_map(|l| l.level.clone()).unwrap_or(PlayerChoice::Level(DEFAULT_LEVEL));
    player::check::<StrategyChess>(&level, "level")?;
    let seed = layers.iter().rev().find_map(|l| l.seed).unwrap_or(1);
    let set: Vec<&String> = layers.iter().flat_map(|l| &l.set).collect();
    let rules = manager_rules()
        .with_settings(&set)
        .map_err(|errors| Failure::usage(format!("bad rule options for strategy-chess: {errors}")))?;
    Ok(BotConfig { rules, level, seed })
}

#[cfg(test)]
mod tests {
    use super::*;
    use strategy_chess::{BombRule, ScoutRule};

    #[test]
    fn defaults_are_the_managers_rules() {
        let config = combine(&[]).unwrap();
        assert_eq!(config.level, PlayerChoice::Level(DEFAULT_LEVEL));
        assert_eq!(config.rules.scouts, ScoutRule::LongAndStrike);
        assert!(!config.rules.two_square_rule && !config.rules.more_square_rule);
        assert_eq!(config.rules.no_capture_limit, 0);
    }

    #[test]
    fn later_sources_win() {
        let file = parse_file("level = 3\nseed = 9\n[rules]\nbombs = \"single-use\"\n", Path::new("f.toml"))
            .unwrap();
        let env = parse_env(|k| match k {
            LEVEL_VAR => Some("4".into()),
            SET_VAR => Some("bombs=permanent; no_capture_limit=300".into()),
            _ => None,
        })
        .unwrap();
        let config = combine(std::slice::from_ref(&file)).unwrap();
        assert_eq!((config.level, config.seed, config.rules.bombs), (level(3), 9, BombRule::SingleUse));
        let config = combine(&[file, env, Layer { level: Some(level(2)), ..Layer::default() }]).unwrap();
        assert_eq!((config.level, config.seed, config.rules.bombs), (level(2), 9, BombRule::Permanent));
        assert_eq!(config.rules.no_capture_limit, 300);
    }

    fn level(n: u8) -> PlayerChoice {
        PlayerChoice::Level(Level::new(n).unwrap())
    }

    #[test]
    fn a_sparring_opponent_from_any_source() {
        let rusher = PlayerChoice::Sparring("rusher".into());
        let file = parse_file("level = \"sparring:rusher\"", Path::new("f.toml")).unwrap();
        assert_eq!(combine(&[file]).unwrap().level, rusher);
        let env = parse_env(|k| (k == LEVEL_VAR).then(|| "sparring:defender".into())).unwrap();
        let config = combine(&[env, Layer { level: Some(rusher.clone()), ..Layer::default() }]).unwrap();
        assert_eq!(config.level, rusher);
        let unknown = parse_env(|k| (k == LEVEL_VAR).then(|| "sparring:turtle".into())).unwrap();
        let err = combine(&[unknown]).unwrap_err().to_string();
        assert!(err.contains("`turtle`") && err.contains("sparring:defender"), "{err}");
    }

    #[test]
    fn bad_sources_are_refused_with_their_name() {
        let err = parse_file("level = 30", Path::new("x.toml")).unwrap_err();
        assert!(err.to_string().contains("x.toml") && err.to_string().contains("1..=10"), "{err}");
        let err = parse_file("colour = 1", Path::new("x.toml")).unwrap_err();
        assert!(err.to_string().contains("x.toml"), "{err}");
        assert!(parse_file("level = ", Path::new("x.toml")).is_err());
        assert!(parse_env(|k| (k == LEVEL_VAR).then(|| "high".into())).is_err());
        let layer = parse_env(|k| (k == SET_VAR).then(|| "scouts=far".into())).unwrap();
        assert!(combine(&[layer]).is_err());
    }
}
