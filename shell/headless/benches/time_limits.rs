//! Are time limits respected? Each engine searches an unsolvable position
//! with a time cap; the elapsed time must stay within the cap plus 10%
//! plus 50 ms. Prints one line per run and fails (exit 1) on a miss.
//!
//! First every engine on a large Nim, then each real game's level-10
//! budget (the GUI's: samples on two threads for Strategy Chess) with its
//! node cap lifted, so that only the clock stops it.
//!
//! Run with `cargo bench -p headless --bench time_limits`. On a loaded machine a
//! miss can be the scheduler's doing (a thread not run for a while), which
//! is why this is a benchmark to read, not a unit test.

use ai::determinized::{Combine, SamplePlan};
use ai::testing::after_random_plies;
use ai::{
    AlphaBetaConfig, Budget, ComputerPlayer, EngineKind, MctsConfig, SearchLimits, Solver, SolverConfig,
};
use game_core::nim::{Nim, NimRules};
use game_core::{Game, Observe, Seat};
use headless::registry::Registered;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn within(cap: Duration, elapsed: Duration) -> bool {
    elapsed <= cap + cap / 10 + Duration::from_millis(50)
}

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; any other argument filters nothing here.
    let rules = NimRules { heaps: vec![9, 9, 9, 9, 9, 9], max_take: 3, free_turn: false };
    let position = Nim::start(&rules, &[]).unwrap();
    let view = position.view(Seat::FIRST);
    let engines = [
        (
            "alpha-beta",
            EngineKind::AlphaBeta(AlphaBetaConfig { tt_mb: 64, ..AlphaBetaConfig::default() }),
            1,
            1,
        ),
        (
            "alpha-beta exact root",
            EngineKind::AlphaBeta(AlphaBetaConfig {
                tt_mb: 64,
                exact_root: true,
                ..AlphaBetaConfig::default()
            }),
            1,
            1,
        ),
        ("mcts", EngineKind::Mcts(MctsConfig::default()), 1, 1),
        (
            "alpha-beta 8 samples 2 threads",
            EngineKind::AlphaBeta(AlphaBetaConfig {
                tt_mb: 16,
                exact_root: true,
                ..AlphaBetaConfig::default()
            }),
            8,
            2,
        ),
    ];
    let mut ok = true;
    for millis in [50u64, 200, 1000, 2000] {
        let cap = Duration::from_millis(millis);
        for (name, engine, samples, threads) in engines {
            let budget = Budget {
                engine,
                plan: SamplePlan { samples, combine: Combine::Average, ..SamplePlan::SINGLE },
                depth: None,
                nodes: None,
                time: Some(cap),
                noise: 0.0,
                threads,
                library_setup: true,
                exact: None,
            };
            let mut player = ComputerPlayer::<Nim>::with_budget(budget);
            let clock = Instant::now();
            let result = player.choose_move(&view, 1, None);
            let elapsed = clock.elapsed();
            let pass = within(cap, elapsed) && result.best_move.is_some();
            ok &= pass;
            println!(
                "time cap {millis:>5} ms  {name:<32} elapsed {:>8.1} ms  depth {:>3}  nodes {:>10}  {}",
                elapsed.as_secs_f64() * 1e3,
                result.stats.depth,
                result.stats.nodes,
                if pass { "ok" } else { "MISSED" }
            );
        }
        let mut solver = Solver::new(SolverConfig::<Nim> { table_mb: 64, ..SolverConfig::default() });
        let clock = Instant::now();
        let solved = solver.solve(&position, &SearchLimits::none().time(cap));
        let elapsed = clock.elapsed();
        let pass = within(cap, elapsed);
        ok &= pass;
        println!(
            "time cap {millis:>5} ms  {:<32} elapsed {:>8.1} ms  {}  {}",
            "solver",
            elapsed.as_secs_f64() * 1e3,
            if solved.is_ok() { "solved" } else { "stopped" },
            if pass { "ok" } else { "MISSED" }
        );
    }
    ok &= real_games();
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The level-10 budget of `G` without its node cap, at each time cap, on
/// `position`; whether every run kept to its cap.
fn level_ten<G: Registered>(position: &G) -> bool {
    let mut ok = true;
    for millis in [200u64, 1000, 2000] {
        let cap = Duration::from_millis(millis);
        let budget = Budget { nodes: None, depth: None, time: Some(cap), ..G::budget(ai::Level::MAX) };
        let mut player = ComputerPlayer::<G>::with_budget(budget);
        let clock = Instant::now();
        let result = player.choose_move(&position.view(position.to_move()), 1, None);
        let elapsed = clock.elapsed();
        let pass = within(cap, elapsed) && result.best_move.is_some();
        ok &= pass;
        println!(
            "time cap {millis:>5} ms  {:<32} elapsed {:>8.1} ms  depth {:>3}  nodes {:>10}  {}",
            format!("{} level 10", G::NAME),
            elapsed.as_secs_f64() * 1e3,
            result.stats.depth,
            result.stats.nodes,
            if pass { "ok" } else { "MISSED" }
        );
    }
    ok
}

fn real_games() -> bool {
    let stones = stones::Stones::start(&stones::StonesRules::default(), &[]).unwrap();
    let blockade = blockade::Blockade::start(&blockade::BlockadeRules::default(), &[]).unwrap();
    let rules = strategy_chess::StrategyChessRules::default();
    let library = strategy_chess::Library::builtin();
    let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
    let chess = strategy_chess::StrategyChess::start(&rules, &setups).unwrap();
    let mut ok = level_ten(&after_random_plies(&stones, 4, 1));
    ok &= level_ten(&after_random_plies(&blockade, 6, 1));
    ok &= level_ten(&after_random_plies(&chess, 40, 1));
    ok
}
