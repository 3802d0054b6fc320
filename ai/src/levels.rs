//! Levels 1..=10 and the search budget each gives, one table per game.
//!
//! A [`Budget`] says which engine searches, how deep, on how many samples
//! of a hidden-information view, with what node and time caps, and how much
//! randomness spoils the choice at the bottom. [`budget`] looks the table
//! up by [`game_core::Game::NAME`]; unknown games (the toy `nim`) get the
//! default table.
//!
//! Every level has a node cap, so a match (which drops the time caps, see
//! [`Budget::reproducible`]) is reproducible and still ends. Time caps are
//! for interactive play: level 10 aims at about 2 s a move on a 2-core
//! machine.
//!
//! **The per-game tables are first guesses**, to be tuned with
//! `boardsuite match` once the games land (level 10 must score 75% against
//! level 5, and level 5 against level 1).

use crate::alphabeta::AlphaBetaConfig;
use crate::determinized::{Combine, SamplePlan};
use crate::engine::EngineKind;
use crate::limits::SearchLimits;
use crate::mcts::{MctsConfig, PlayoutPolicy};
use std::fmt;
use std::time::Duration;

/// An AI level, 1 (a beginner can beat it) to 10 (the strongest search in
/// about 2 s a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(10);

    /// The level `n`, if it is within 1..=10.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 10 { Some(Level(n)) } else { None }
    }

    /// The level's number.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=10).map(Level)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What one level may spend on a move, and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The engine and its settings.
    pub engine: EngineKind,
    /// How many positions are drawn from the view, and how they combine
    /// (1 for perfect-information games).
    pub plan: SamplePlan,
    /// The deepest alpha-beta iteration.
    pub depth: Option<u32>,
    /// The node cap of the whole decision (shared by the samples).
    pub nodes: Option<u64>,
    /// The time cap of the whole decision.
    pub time: Option<Duration>,
    /// Randomness at the bottom: each root value is jittered by up to this
    /// fraction of the spread between the best and the worst heuristic
    /// value, before the best is taken. 0 plays the best move; 1 is nearly
    /// random among moves that are not proven wins or losses. Proven wins
    /// are always taken and proven losses always avoided.
    pub noise: f64,
    /// Threads searching samples in parallel (only helps with several
    /// samples).
    pub threads: usize,
    /// Whether the computer's setup comes from the game's library of
    /// proven setups (`strong` in [`game_core::Game::random_setup`]) rather
    /// than a generated one.
    pub library_setup: bool,
}

impl Budget {
    /// The search limits of one decision, stopping early on `stop`.
    pub fn limits(&self, stop: Option<&crate::StopSignal>) -> SearchLimits {
        SearchLimits { depth: self.depth, time: self.time, nodes: self.nodes, stop: stop.cloned() }
    }

    /// This budget without its time cap and on one thread, so that a
    /// decision depends only on the view and the seed (for matches and
    /// tests). The node cap still bounds it.
    pub fn reproducible(mut self) -> Budget {
        self.time = None;
        self.threads = 1;
        self
    }
}

const fn alpha_beta(
    depth: u32,
    kilonodes: u64,
    millis: u64,
    noise: f64,
    samples: u32,
    tt_mb: usize,
    level: u8,
) -> Budget {
    Budget {
        // Noise and averaging need every root move's exact value.
        engine: EngineKind::AlphaBeta(AlphaBetaConfig {
            tt_mb,
            exact_root: noise > 0.0 || samples > 1,
            tt_min_depth: 1,
        }),
        plan: SamplePlan {
            samples,
            combine: if samples > 1 { Combine::Average } else { Combine::Vote },
            ..SamplePlan::SINGLE
        },
        depth: Some(depth),
        nodes: Some(kilonodes * 1000),
        time: Some(Duration::from_millis(millis)),
        noise,
        threads: if samples > 1 { 2 } else { 1 },
        library_setup: level >= 2,
    }
}

const fn mcts(kilonodes: u64, millis: u64, samples: u32, cutoff: u32, eval_scale: f64, level: u8) -> Budget {
    Budget {
        engine: EngineKind::Mcts(MctsConfig {
            exploration: 1.0,
            playout: PlayoutPolicy { greedy: 0.0, cutoff: Some(cutoff), eval_scale },
            max_tree_nodes: 1 << 20,
        }),
        plan: SamplePlan { samples, combine: Combine::Vote, ..SamplePlan::SINGLE },
        depth: None,
        nodes: Some(kilonodes * 1000),
        time: Some(Duration::from_millis(millis)),
        noise: 0.0,
        threads: if samples > 1 { 2 } else { 1 },
        library_setup: level >= 2,
    }
}

/// The default table, for games without their own (the toy `nim`):
/// alpha-beta from a noisy one-ply greedy player to a deep search.
pub const DEFAULT_TABLE: [Budget; 10] = [
    alpha_beta(1, 10, 100, 0.9, 1, 1, 1),
    alpha_beta(1, 10, 100, 0.5, 1, 1, 2),
    alpha_beta(2, 20, 200, 0.3, 1, 1, 3),
    alpha_beta(2, 50, 200, 0.1, 1, 2, 4),
    alpha_beta(3, 100, 300, 0.0, 1, 4, 5),
    alpha_beta(4, 300, 500, 0.0, 1, 8, 6),
    alpha_beta(6, 1_000, 800, 0.0, 1, 16, 7),
    alpha_beta(8, 3_000, 1_200, 0.0, 1, 32, 8),
    alpha_beta(12, 6_000, 1_600, 0.0, 1, 64, 9),
    alpha_beta(64, 12_000, 2_000, 0.0, 1, 64, 10),
];

/// Stones (relay mancala). Level 1 is the original's weakest player: it
/// looks one sowing ahead (what that sowing banks, free turns ignored) and
/// errs a lot. A free turn is a ply, so depths grow fast with the level.
pub const STONES_TABLE: [Budget; 10] = [
    alpha_beta(1, 10, 100, 0.8, 1, 1, 1),
    alpha_beta(2, 20, 150, 0.4, 1, 1, 2),
    alpha_beta(3, 50, 200, 0.2, 1, 2, 3),
    alpha_beta(4, 100, 300, 0.1, 1, 4, 4),
    alpha_beta(5, 200, 400, 0.0, 1, 8, 5),
    alpha_beta(6, 500, 600, 0.0, 1, 16, 6),
    alpha_beta(8, 1_000, 800, 0.0, 1, 32, 7),
    alpha_beta(10, 3_000, 1_200, 0.0, 1, 64, 8),
    alpha_beta(14, 6_000, 1_600, 0.0, 1, 64, 9),
    alpha_beta(64, 12_000, 2_000, 0.0, 1, 128, 10),
];

/// Blockade (territory on a grid, branching up to ~60).
pub const BLOCKADE_TABLE: [Budget; 10] = [
    alpha_beta(1, 10, 100, 0.8, 1, 1, 1),
    alpha_beta(1, 20, 150, 0.3, 1, 1, 2),
    alpha_beta(2, 50, 200, 0.1, 1, 2, 3),
    alpha_beta(2, 100, 300, 0.0, 1, 4, 4),
    alpha_beta(3, 200, 400, 0.0, 1, 8, 5),
    alpha_beta(4, 500, 600, 0.0, 1, 16, 6),
    alpha_beta(5, 1_000, 800, 0.0, 1, 32, 7),
    alpha_beta(6, 2_000, 1_200, 0.0, 1, 64, 8),
    alpha_beta(8, 4_000, 1_600, 0.0, 1, 64, 9),
    alpha_beta(64, 8_000, 2_000, 0.0, 1, 128, 10),
];

/// Strategy Chess (hidden pieces): shallow alpha-beta on more and more
/// samples of the view, averaged; the top level switches to MCTS with
/// evaluation-cut playouts.
pub const STRATEGY_CHESS_TABLE: [Budget; 10] = [
    alpha_beta(1, 10, 100, 0.8, 1, 1, 1),
    alpha_beta(1, 20, 200, 0.3, 2, 1, 2),
    alpha_beta(1, 50, 300, 0.1, 4, 1, 3),
    alpha_beta(2, 100, 400, 0.0, 4, 2, 4),
    alpha_beta(2, 200, 600, 0.0, 8, 2, 5),
    alpha_beta(3, 400, 800, 0.0, 8, 4, 6),
    alpha_beta(3, 800, 1_000, 0.0, 12, 4, 7),
    alpha_beta(4, 1_500, 1_400, 0.0, 16, 8, 8),
    alpha_beta(4, 2_500, 1_800, 0.0, 20, 8, 9),
    mcts(4_000, 2_000, 20, 20, 300.0, 10),
];

/// The table of the game called `game` (a [`game_core::Game::NAME`]).
pub fn table(game: &str) -> &'static [Budget; 10] {
    match game {
        "stones" => &STONES_TABLE,
        "blockade" => &BLOCKADE_TABLE,
        "strategy-chess" => &STRATEGY_CHESS_TABLE,
        _ => &DEFAULT_TABLE,
    }
}

/// The budget of `level` in the game called `game`.
pub fn budget(game: &str, level: Level) -> Budget {
    table(game)[usize::from(level.get() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_to_ten() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(11), None);
        assert_eq!(Level::new(7).map(Level::get), Some(7));
        assert_eq!(Level::all().count(), 10);
        assert_eq!(Level::MAX.to_string(), "10");
    }

    #[test]
    fn every_level_is_capped_and_grows() {
        for game in ["stones", "blockade", "strategy-chess", "nim", "anything"] {
            let table = table(game);
            for (i, b) in table.iter().enumerate() {
                assert!(b.nodes.is_some(), "{game} level {}: a node cap keeps matches finite", i + 1);
                assert!(b.time.is_some_and(|t| t <= Duration::from_millis(2_000)));
                assert!(b.plan.samples >= 1 && b.threads >= 1);
                assert!((0.0..=1.0).contains(&b.noise));
                if b.noise > 0.0 || b.plan.combine == Combine::Average {
                    if let EngineKind::AlphaBeta(c) = b.engine {
                        assert!(c.exact_root, "{game} level {}: noise needs exact root values", i + 1);
                    }
                }
            }
            for pair in table.windows(2) {
                assert!(pair[0].nodes <= pair[1].nodes && pair[0].noise >= pair[1].noise, "{game}");
            }
            assert!(table[0].noise > 0.0 && table[9].noise == 0.0);
            assert!(!table[0].library_setup && table[9].library_setup);
        }
        let b = budget("stones", Level::MIN);
        assert_eq!(b.depth, Some(1), "level 1 of stones looks one sowing ahead");
        let r = budget("strategy-chess", Level::MAX).reproducible();
        assert_eq!((r.time, r.threads), (None, 1));
    }
}
