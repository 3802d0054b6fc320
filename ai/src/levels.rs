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
//! The tables were tuned with `boardsuite match` (and the quicker
//! `ai/examples/tune_levels.rs`, which plays the same games with budgets
//! given on its command line): in every game level 10 scores at least 75%
//! against level 5, and level 5 against level 1. The measured figures are
//! in `docs/ai.md` and, for Strategy Chess, `docs/strategy-chess-ai.md`.

use crate::alphabeta::AlphaBetaConfig;
use crate::determinized::{Combine, SamplePlan};
use crate::engine::EngineKind;
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

/// An alpha-beta level: `depth` plies, at most `kilonodes` thousand nodes
/// and `millis` milliseconds a move, no noise, one sample, a 16 MB table.
/// The `with_*` steps below change one thing each.
const fn alpha_beta(depth: u32, kilonodes: u64, millis: u64) -> Budget {
    Budget {
        engine: EngineKind::AlphaBeta(AlphaBetaConfig {
            tt_mb: 16,
            exact_root: false,
            tt_min_depth: 1,
            history_min_depth: 2,
        }),
        plan: SamplePlan::SINGLE,
        depth: Some(depth),
        nodes: Some(kilonodes * 1000),
        time: Some(Duration::from_millis(millis)),
        noise: 0.0,
        threads: 1,
        library_setup: true,
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
    const fn with_noise(mut self, noise: f64) -> Budget {
        self.noise = noise;
        self.settled()
    }

    /// Searching `samples` positions drawn from the view, their values
    /// averaged with a proven win worth `win_utility`.
    const fn with_samples(mut self, samples: u32, win_utility: i32) -> Budget {
        self.plan =
            SamplePlan { samples, combine: Combine::Average, win_utility, insight: self.plan.insight };
        self.settled()
    }

    /// Drawing samples with this much insight (see
    /// [`SamplePlan::insight`]).
    const fn with_insight(mut self, insight: u8) -> Budget {
        self.plan.insight = insight;
        self
    }

    /// With a table of `mb` MB, used from remaining depth `from_depth` on.
    const fn with_table(mut self, mb: usize, from_depth: u32) -> Budget {
        if let EngineKind::AlphaBeta(config) = &mut self.engine {
            config.tt_mb = mb;
            config.tt_min_depth = from_depth;
        }
        self
    }

    /// With history ordering from remaining depth `from_depth` on (see
    /// [`AlphaBetaConfig::history_min_depth`]).
    const fn with_history_from(mut self, from_depth: u32) -> Budget {
        if let EngineKind::AlphaBeta(config) = &mut self.engine {
            config.history_min_depth = from_depth;
        }
        self
    }

    /// With a generated setup instead of a library one (level 1; games
    /// without a setup phase ignore it).
    const fn with_generated_setup(mut self) -> Budget {
        self.library_setup = false;
        self
    }
}

/// The default table, for games without their own (the toy `nim`):
/// alpha-beta from a noisy one-ply greedy player to a deep search.
pub const DEFAULT_TABLE: [Budget; 10] = [
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

/// Stones (relay mancala).
///
/// - Level 1 is the original's weakest player: it looks one sowing ahead
///   (what that sowing banks, the free turn it may earn not followed) and
///   errs a lot.
/// - A free turn is a ply, so the depths grow fast with the level. Every
///   level but 9 and 10 keeps some noise: a game against the computer
///   does not replay the last one, and a match between two noisy levels
///   (or a noisy one and level 10) plays different games.
/// - Level 10: as deep as 12 million nodes go (about 2 s on one core of
///   the machine these were measured on; alpha-beta uses one thread).
/// - The table is used from remaining depth 3: a sowing costs less than
///   the memory access of a probe. Measured against depth 2 (six middle
///   games at depth 18, the start at depth 16, a Kalah game): 5-20% less
///   time to the same depth, with about as many nodes (+12% to -27%).
pub const STONES_TABLE: [Budget; 10] = [
    alpha_beta(1, 10, 100).with_noise(0.8).with_table(1, 3).with_generated_setup(),
    alpha_beta(1, 10, 100).with_noise(0.5).with_table(1, 3),
    alpha_beta(2, 20, 150).with_noise(0.45).with_table(1, 3),
    alpha_beta(2, 50, 200).with_noise(0.4).with_table(1, 3),
    alpha_beta(3, 100, 300).with_noise(0.35).with_table(2, 3),
    alpha_beta(4, 200, 400).with_noise(0.1).with_table(4, 3),
    alpha_beta(6, 500, 600).with_noise(0.05).with_table(8, 3),
    alpha_beta(8, 1_000, 800).with_noise(0.02).with_table(16, 3),
    alpha_beta(12, 3_000, 1_200).with_table(32, 3),
    alpha_beta(64, 12_000, 2_000).with_table(64, 3),
];

/// Blockade (territory on a grid). Few squares touch both colours, so
/// branching stays small and deep searches are cheap; noise as in
/// [`STONES_TABLE`].
///
/// The table is used from remaining depth 3, as in Stones: a placement
/// costs less than the memory access of a probe. Measured against depth 1
/// with the level-10 table (five middle games at depth 14, the table
/// already in memory): 23-41% less time to the same depth, with between 4%
/// fewer and 15% more nodes.
///
/// Moves one ply above the frontier are tried as generated after the
/// table's move and the killers, not by history: history there cost more
/// than it saved (without it: the bench's middle game at depth 14 in 8%
/// fewer nodes and 11% fewer instructions; five others at depth 12 in 6%
/// fewer nodes and 7% fewer instructions all told, one of them more).
pub const BLOCKADE_TABLE: [Budget; 10] = [
    alpha_beta(1, 10, 100).with_noise(0.8).with_table(1, 3).with_history_from(3).with_generated_setup(),
    alpha_beta(1, 20, 150).with_noise(0.4).with_table(1, 3).with_history_from(3),
    alpha_beta(2, 50, 200).with_noise(0.3).with_table(2, 3).with_history_from(3),
    alpha_beta(2, 100, 300).with_noise(0.2).with_table(4, 3).with_history_from(3),
    alpha_beta(3, 200, 400).with_noise(0.1).with_table(8, 3).with_history_from(3),
    alpha_beta(4, 500, 600).with_noise(0.05).with_table(16, 3).with_history_from(3),
    alpha_beta(5, 1_000, 800).with_noise(0.02).with_table(32, 3).with_history_from(3),
    alpha_beta(6, 2_000, 1_200).with_table(64, 3).with_history_from(3),
    alpha_beta(8, 4_000, 1_600).with_table(64, 3).with_history_from(3),
    alpha_beta(64, 8_000, 2_000).with_table(64, 3).with_history_from(3),
];

/// What a won Strategy Chess game is worth when sampled values are
/// averaged: about three Marshals. Striking an unknown piece that is the
/// Flag in one sample of eight is then worth about half a Captain, not
/// everything (see [`SamplePlan::win_utility`]).
const STRATEGY_CHESS_WIN: i32 = 1_500;

/// Strategy Chess (hidden pieces): alpha-beta on positions sampled from
/// the view, their values averaged.
///
/// - The samples are drawn by the game's beliefs (insight 1: where people
///   set up, how pieces behaved) from level 2 up, with strikes on unknown
///   pieces scored at their odds (insight 2) from level 4 up; level 1
///   knows only the hard facts.
/// - Level 1 sets up with a generated setup, every other level with a
///   library setup whose Flag is bombed in.
/// - Level 10: 32 samples to depth 5 (on two threads), at most 8 million
///   nodes and 1.5 s a move; a match, which plays by the node cap alone,
///   searches about as much as the clock allows on an idle two-core
///   machine. The figures behind these choices are in
///   docs/strategy-chess-ai.md.
pub const STRATEGY_CHESS_TABLE: [Budget; 10] = [
    alpha_beta(1, 10, 100).with_noise(0.8).with_table(1, 1).with_generated_setup(),
    alpha_beta(1, 20, 200)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(1)
        .with_noise(0.5)
        .with_table(1, 1),
    alpha_beta(2, 50, 300)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(1)
        .with_noise(0.4)
        .with_table(1, 1),
    alpha_beta(2, 50, 300)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(2)
        .with_noise(0.3)
        .with_table(1, 1),
    alpha_beta(2, 100, 400)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(2)
        .with_noise(0.2)
        .with_table(1, 1),
    alpha_beta(2, 200, 500)
        .with_samples(4, STRATEGY_CHESS_WIN)
        .with_insight(2)
        .with_noise(0.1)
        .with_table(2, 1),
    alpha_beta(2, 400, 800).with_samples(8, STRATEGY_CHESS_WIN).with_insight(2).with_table(2, 1),
    alpha_beta(3, 1_000, 1_000).with_samples(8, STRATEGY_CHESS_WIN).with_insight(2).with_table(4, 1),
    alpha_beta(4, 2_000, 1_200).with_samples(16, STRATEGY_CHESS_WIN).with_insight(2).with_table(8, 1),
    alpha_beta(5, 8_000, 1_500).with_samples(32, STRATEGY_CHESS_WIN).with_insight(2).with_table(8, 1),
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
