//! Levels 1..=10, the search budget each gives, and how a level table is
//! built.
//!
//! A [`Budget`] says which engine searches, how deep, on how many samples
//! of a hidden-information view, with what node and time caps, and how much
//! randomness spoils the choice at the bottom. A game's ten budgets form
//! its [`LevelTable`]; the tables of the suite's games come with their
//! entries in the game registry (the `headless` crate), built from
//! [`alpha_beta`] and the `with_*` steps here. The AI knows no game by
//! name; [`DEFAULT_TABLE`] serves games without a table of their own.
//!
//! Every level has a node cap, so a match (which drops the time caps, see
//! [`Budget::reproducible`]) is reproducible and still ends. Time caps are
//! for interactive play: level 10 aims at about 2 s a move on a 2-core
//! machine. [`check_table`] holds every table to that.

use crate::alphabeta::AlphaBetaConfig;
use crate::determinized::{Combine, SamplePlan};
use crate::engine::EngineKind;
use crate::exact::ExactPlay;
use crate::limits::SearchLimits;
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
    /// Perfect play where a book or a solve within the move's budget
    /// gives it ([`crate::exact`]); `None` searches every move.
    pub exact: Option<ExactPlay>,
}

impl Budget {
    /// The search limits of one decision, stopping early on `stop`.
    pub fn limits(&self, stop: Option<&crate::StopSignal>) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            time: self.time,
            nodes: self.nodes,
            stop: stop.cloned(),
            from_depth: None,
        }
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

/// An alpha-beta level: `depth` plies, at most `kilonodes` thousand nodes
/// and `millis` milliseconds a move, no noise, one sample, a 16 MB table.
/// The `with_*` steps below change one thing each.
pub const fn alpha_beta(depth: u32, kilonodes: u64, millis: u64) -> Budget {
    Budget {
        engine: EngineKind::AlphaBeta(AlphaBetaConfig {
            tt_mb: 16,
            exact_root: false,
            tt_min_depth: 1,
            history_min_depth: 2,
            reduce_after: 0,
            deepen_to: 0,
        }),
        plan: SamplePlan::SINGLE,
        depth: Some(depth),
        nodes: Some(kilonodes * 1000),
        time: Some(Duration::from_millis(millis)),
        noise: 0.0,
        threads: 1,
        library_setup: true,
        exact: None,
    }
}

impl Budget {
    /// Every root value exact when the choice needs them all (noise,
    /// averaged samples); one thread per sample up to two.
    const fn settled(mut self) -> Budget {
        if let EngineKind::AlphaBeta(config) = &mut self.engine {
            config.exact_root = self.noise > 0.0 || self.plan.samples > 1;
        }
        self.threads = if self.plan.samples > 1 { 2 } else { 1 };
        self
    }

    /// With this much noise (see [`Budget::noise`]).
    pub const fn with_noise(mut self, noise: f64) -> Budget {
        self.noise = noise;
        self.settled()
    }

    /// Searching `samples` positions drawn from the view, their values
    /// averaged with a proven win worth `win_utility`.
    pub const fn with_samples(mut self, samples: u32, win_utility: i32) -> Budget {
        self.plan = SamplePlan {
            samples,
            combine: Combine::Average,
            win_utility,
            insight: self.plan.insight,
            extra_samples: 0,
            spread_penalty: 0,
        };
        self.settled()
    }

    /// Up to `extra` more samples while the budget is mostly unspent (see
    /// [`SamplePlan::extra_samples`]).
    pub const fn with_extra_samples(mut self, extra: u32) -> Budget {
        self.plan.extra_samples = extra;
        self
    }

    /// Ranking averaged moves by their mean less `percent` of its standard
    /// error (see [`SamplePlan::spread_penalty`]).
    pub const fn with_spread_penalty(mut self, percent: u32) -> Budget {
        self.plan.spread_penalty = percent;
        self
    }

    /// Drawing samples with this much insight (see
    /// [`SamplePlan::insight`]).
    pub const fn with_insight(mut self, insight: u8) -> Budget {
        self.plan.insight = insight;
        self
    }

    /// With a table of `mb` MB, used from remaining depth `from_depth` on.
    pub const fn with_table(mut self, mb: usize, from_depth: u32) -> Budget {
        if let EngineKind::AlphaBeta(config) = &mut self.engine {
            config.tt_mb = mb;
            config.tt_min_depth = from_depth;
        }
        self
    }

    /// Deepening past the depth limit up to `depth` while the node cap
    /// has room (see [`AlphaBetaConfig::deepen_to`]).
    pub const fn with_deepening(mut self, depth: u32) -> Budget {
        if let EngineKind::AlphaBeta(config) = &mut self.engine {
            config.deepen_to = depth;
        }
        self
    }

    /// With history ordering from remaining depth `from_depth` on (see
    /// [`AlphaBetaConfig::history_min_depth`]).
    pub const fn with_history_from(mut self, from_depth: u32) -> Budget {
        if let EngineKind::AlphaBeta(config) = &mut self.engine {
            config.history_min_depth = from_depth;
        }
        self
    }

    /// Playing perfectly where it fits (see [`crate::exact`]).
    pub const fn with_exact(mut self, exact: ExactPlay) -> Budget {
        self.exact = Some(exact);
        self
    }

    /// With a generated setup instead of a library one (level 1; games
    /// without a setup phase ignore it).
    pub const fn with_generated_setup(mut self) -> Budget {
        self.library_setup = false;
        self
    }
}

/// Ten budgets, level 1 first.
pub type LevelTable = [Budget; 10];

/// The default table, for games without their own (such as the toy Nim):
/// alpha-beta from a noisy one-ply greedy player to a deep search.
pub const DEFAULT_TABLE: LevelTable = [
    alpha_beta(1, 10, 100).with_noise(0.9).with_table(1, 1).with_generated_setup(),
    alpha_beta(1, 10, 100).with_noise(0.5).with_table(1, 1),
    alpha_beta(2, 20, 200).with_noise(0.3).with_table(1, 1),
    alpha_beta(2, 50, 200).with_noise(0.1).with_table(2, 1),
    alpha_beta(3, 100, 300).with_table(4, 1),
    alpha_beta(4, 300, 500).with_table(8, 1),
    alpha_beta(6, 1_000, 800).with_table(16, 1),
    alpha_beta(8, 3_000, 1_200).with_table(32, 1),
    alpha_beta(12, 6_000, 1_600).with_table(64, 1),
    alpha_beta(64, 12_000, 2_000).with_table(64, 1),
];

/// The budget of `level` in a game's level table.
pub fn at(table: &LevelTable, level: Level) -> Budget {
    table[usize::from(level.get() - 1)]
}

/// Checks the rules every level table keeps: a node cap on every level (so
/// matches end), a time cap of at most 2 s, exact root values where noise
/// or averaged samples need them, budgets that grow and noise that falls
/// with the level, noise at level 1 and none at level 10, and a generated
/// setup at level 1 only. Returns the first broken rule.
pub fn check_table(table: &LevelTable) -> Result<(), String> {
    for (i, b) in table.iter().enumerate() {
        let level = i + 1;
        if b.nodes.is_none() {
            return Err(format!("level {level}: no node cap, so a match might not end"));
        }
        if b.time.is_none_or(|t| t > Duration::from_millis(2_000)) {
            return Err(format!("level {level}: the time cap is missing or over 2 s"));
        }
        if b.plan.samples < 1 || b.threads < 1 || !(0.0..=1.0).contains(&b.noise) {
            return Err(format!("level {level}: samples, threads or noise out of range"));
        }
        if let EngineKind::AlphaBeta(c) = b.engine {
            if (b.noise > 0.0 || b.plan.combine == Combine::Average) && !c.exact_root {
                return Err(format!("level {level}: noise and averaged samples need exact root values"));
            }
        }
    }
    for (i, pair) in table.windows(2).enumerate() {
        if pair[0].nodes > pair[1].nodes || pair[0].noise < pair[1].noise {
            return Err(format!("level {}: more nodes or less noise than level {}", i + 1, i + 2));
        }
    }
    if table[0].noise == 0.0 || table[9].noise != 0.0 {
        return Err("level 1 needs noise and level 10 none".into());
    }
    if table[0].library_setup || !table[9].library_setup {
        return Err("level 1 sets up with a generated setup, level 10 from the library".into());
    }
    Ok(())
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
    fn the_default_table_keeps_the_rules() {
        assert_eq!(check_table(&DEFAULT_TABLE), Ok(()));
        let r = at(&DEFAULT_TABLE, Level::MAX).reproducible();
        assert_eq!((r.time, r.threads), (None, 1));
    }

    #[test]
    fn a_table_without_a_node_cap_is_refused() {
        let mut table = DEFAULT_TABLE;
        table[4].nodes = None;
        assert!(check_table(&table).unwrap_err().starts_with("level 5"));
    }
}
