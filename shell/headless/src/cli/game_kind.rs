//! Which game a command is about, and the per-game glue of the command line.

use crate::failure::Failure;
use ai::arena::Contender;
use clap::ValueEnum;
use game_core::nim::Nim;
use game_core::{Evaluate, Game, Observe, RuleSet};
use stones::Stones;

/// A game named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    /// Stones: relay-sowing mancala.
    Stones,
    /// Blockade: territory capture.
    Blockade,
    /// Strategy Chess: Stratego-style, hidden pieces.
    StrategyChess,
    /// The toy Nim game of game-core, for tests of the command line itself.
    #[value(hide = true)]
    Nim,
}

impl GameKind {
    /// The name as typed on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Stones => "stones",
            GameKind::Blockade => "blockade",
            GameKind::StrategyChess => "strategy-chess",
            GameKind::Nim => "nim",
        }
    }
}

/// A sparring opponent of a game, as the command line lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SparringEntry {
    /// Its name, as in `sparring:NAME`.
    pub name: &'static str,
    /// One line saying how it plays.
    pub description: &'static str,
}

/// What the command line needs of a game beyond game-core's traits.
pub trait CliGame: Observe + Evaluate {
    /// The start position for these rules. `setups` is the `--setups A,B`
    /// argument, which only games with a setup phase accept.
    fn cli_start(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure>;

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

impl CliGame for Nim {
    fn cli_start(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        start_without_setups(rules, setups)
    }
}

impl CliGame for Stones {
    fn cli_start(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        start_without_setups(rules, setups)
    }
}

impl CliGame for blockade::Blockade {
    fn cli_start(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        start_without_setups(rules, setups)
    }
}

/// Strategy Chess starts from two library setups: `--setups A,B` puts
/// library setup A (1-based, as numbered in the library file) on Red's side
/// and B on Blue's.
impl CliGame for strategy_chess::StrategyChess {
    fn cli_start(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        let library = strategy_chess::Library::builtin();
        let count = library.entries().len();
        let usage = |problem: String| {
            Failure::usage(format!(
                "strategy-chess: {problem}; give --setups A,B with A (Red) and B (Blue) library setups 1..={count}"
            ))
        };
        let text = setups.ok_or_else(|| usage("the start position needs two library setups".into()))?;
        let numbers: Vec<&str> = text.split(',').map(str::trim).collect();
        let [red, blue] = numbers.as_slice() else {
            return Err(usage(format!("`{text}` is not two numbers A,B")));
        };
        let mut chosen = Vec::new();
        for number in [red, blue] {
            let entry = number
                .parse::<u32>()
                .ok()
                .and_then(|n| library.entry(n))
                .ok_or_else(|| usage(format!("`{number}` is not a library setup")))?;
            chosen.push(entry.setup);
        }
        // Perft and verify only count and check: no public history needed.
        Self::start(rules, &chosen).map(|game| game.with_history_log(false)).map_err(|e| usage(e.to_string()))
    }

    fn sparring_styles() -> Vec<SparringEntry> {
        strategy_chess::sparring::styles()
            .iter()
            .map(|style| SparringEntry { name: style.name(), description: style.description() })
            .collect()
    }

    fn sparring_contender(name: &str) -> Option<Box<dyn Contender<Self>>> {
        let style = strategy_chess::sparring::style(name)?;
        Some(Box::new(super::sparring::StyleContender::new(style)))
    }
}

/// Reads the `--set key=value` options into a game's rules, starting from
/// the defaults. Every problem is reported, each with its key and allowed
/// values.
pub fn rules_from_settings<G: Game>(settings: &[String]) -> Result<G::Rules, Failure> {
    G::Rules::default().with_settings(settings).map_err(|errors| {
        let lines: Vec<String> = errors.0.iter().map(|e| format!("  {e}")).collect();
        Failure::usage(format!("bad rule options for {}:\n{}", G::NAME, lines.join("\n")))
    })
}

/// Runs `$body` with `$G` bound to the concrete game type of `$kind`.
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {{
        use $crate::cli::game_kind::GameKind;
        match $kind {
            GameKind::Nim => {
                type $G = game_core::nim::Nim;
                $body
            }
            GameKind::Stones => {
                type $G = stones::Stones;
                $body
            }
            GameKind::Blockade => {
                type $G = blockade::Blockade;
                $body
            }
            GameKind::StrategyChess => {
                type $G = strategy_chess::StrategyChess;
                $body
            }
        }
    }};
}
pub(crate) use with_game;
