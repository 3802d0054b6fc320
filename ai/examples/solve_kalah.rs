//! Solves Kalah with the Stones engine and prints the solver's figures.
//!
//! ```text
//! cargo run --release -p ai --example solve_kalah -- PITS STONES [empty] [MB]
//! ```
//!
//! `empty` selects the empty-capture rule of "Solving Kalah" (Irving,
//! Donkers, Uiterwijk 2000); without it a capture needs a non-empty
//! opposite pit. The table takes `MB` megabytes (default 256, as
//! `boardsuite solve`).
//!
//! For experiments, the environment can change the solver's settings:
//! `SOLVE_ETC=never|seen|always` (enhanced transposition cutoffs),
//! `SOLVE_GUESS=DEPTH` (first guess), `SOLVE_ENDGAME_MB=MB` (the endgame
//! table's limit; 0: none), `SOLVE_ENDGAME_STONES=N` (an endgame table of
//! every position with at most N stones in the piles, whatever its size,
//! built before the solve and timed apart), `SOLVE_HISTORY=1` (history
//! heuristic), `SOLVE_THREADS=N` (threads; default 1).

use ai::{SearchLimits, Solver, SolverConfig};
use game_core::Game;
use std::sync::Arc;
use std::time::Instant;
use stones::{Stones, StonesEndgame, StonesRules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (pits, stones) = (number(0, 6) as u8, number(1, 4) as u8);
    let empty_capture = args.iter().any(|a| a == "empty");
    let table_mb = args.iter().skip(2).find_map(|a| a.parse().ok()).unwrap_or(256);
    let start = Stones::start(&StonesRules::kalah(pits, stones, empty_capture), &[]).expect("valid rules");
    let mut config = SolverConfig { table_mb, ..SolverConfig::default() };
    if let Ok(etc) = std::env::var("SOLVE_ETC") {
        config.enhanced_cutoffs = match etc.as_str() {
            "never" => ai::Cutoffs::Never,
            "always" => ai::Cutoffs::Always,
            _ => ai::Cutoffs::SeenBefore,
        };
    }
    if let Some(depth) = std::env::var("SOLVE_GUESS").ok().and_then(|d| d.parse().ok()) {
        config.guess_depth = depth;
    }
    if let Some(mb) = std::env::var("SOLVE_ENDGAME_MB").ok().and_then(|d| d.parse().ok()) {
        config.endgame_mb = mb;
    }
    config.history = std::env::var("SOLVE_HISTORY").is_ok_and(|h| h == "1");
    if let Some(threads) = std::env::var("SOLVE_THREADS").ok().and_then(|t| t.parse().ok()) {
        config.threads = threads;
    }
    let endgame = std::env::var("SOLVE_ENDGAME_STONES").ok().and_then(|n| n.parse().ok()).map(|cover| {
        let clock = Instant::now();
        let table = StonesEndgame::build(start.rules(), cover, config.threads);
        println!(
            "endgame table of at most {cover} stones: {} positions, built in {:.3} s",
            game_core::solve::Endgame::<Stones>::values(&table).len(),
            clock.elapsed().as_secs_f64()
        );
        Arc::new(table)
    });
    let solution = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut solver = Solver::new(config);
            if let Some(table) = endgame {
                solver = solver.with_endgame(table);
            }
            solver.solve(&start, &SearchLimits::none())
        })
        .expect("solver thread")
        .join()
        .expect("solver finished")
        .expect("solved");
    let stats = &solution.stats;
    if stats.endgame_positions > 0 {
        println!(
            "endgame table: {} ({} positions, built in {:.3} s), {} lookups",
            stats.endgame,
            stats.endgame_positions,
            stats.endgame_time.as_secs_f64(),
            stats.endgame_hits
        );
    }
    println!(
        "kalah({pits},{stones}) {}: value {:+} in {:.3} s, {} nodes, {:.2} Mnodes/s, {} passes from {:+}, {}/{} probes hit",
        if empty_capture { "empty capture" } else { "standard capture" },
        solution.first_seat_margin,
        stats.elapsed.as_secs_f64(),
        stats.nodes,
        stats.nodes_per_second() / 1e6,
        stats.passes,
        stats.first_guess,
        stats.table_hits,
        stats.table_probes,
    );
}
