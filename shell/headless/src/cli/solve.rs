//! `boardsuite solve GAME [--position FILE] [--each] [--set key=value ...]`
//!
//! Prints `value +N`, `value -N` or `value 0`: the first player's final
//! margin under perfect play from the start position, or, with
//! `--position`, the final margin (what is already banked included) for
//! the seat to move in that position. With `--each`, first one line per
//! legal move, in generation order: `move M value V`, V the final margin
//! for the seat to move before the move when that move is played and both
//! then play perfectly. Then statistics, one per line. Perfect-information
//! games only: a game with hidden pieces is refused with exit code 2.
//!
//! The solver's table takes [`DEFAULT_TABLE_MB`] MB unless the environment
//! variable `BOARDSUITE_SOLVE_MB` says otherwise; its memory is only used
//! as the search fills it. A game's endgame table (Stones) comes on top,
//! at most [`DEFAULT_ENDGAME_MB`] MB unless `BOARDSUITE_SOLVE_ENDGAME_MB`
//! says otherwise (Kalah(6,4): 52 MB; Kalah(6,5): 2.7 GB).
//!
//! The solver runs [`default_threads`] threads unless
//! `BOARDSUITE_SOLVE_THREADS` says otherwise; the value is the same
//! whatever the threads, the node count is not.

use super::SolveArgs;
use crate::failure::{CommandResult, Failure};
use crate::registry::{GameKind, Registered, rules_from_settings};
use ai::{Cutoffs, SearchLimits, Solution, SolveError, Solver, SolverConfig};
use game_core::Solve;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The solver's table size when `BOARDSUITE_SOLVE_MB` is not set. With
/// Stones' endgame table, Kalah(6,4) needs no more: 512 MB solved it in
/// the same time under the standard capture and more slowly under the
/// empty capture (every probe is a random access, the larger the table
/// the costlier its address translation, and the system zeroes every page
/// the search touches; see `docs/solver.md`).
pub const DEFAULT_TABLE_MB: usize = 256;

/// The most memory the game's endgame table may take when
/// `BOARDSUITE_SOLVE_ENDGAME_MB` is not set: enough for the table that
/// suits Kalah(6,5) (every position of up to 26 stones, 2.7 G positions).
pub const DEFAULT_ENDGAME_MB: usize = 3072;

/// The largest table `BOARDSUITE_SOLVE_MB` may ask for.
const MAX_TABLE_MB: usize = 1 << 16;

/// The most threads `BOARDSUITE_SOLVE_THREADS` may ask for.
const MAX_THREADS: usize = 64;

/// The threads the solver runs when `BOARDSUITE_SOLVE_THREADS` is not set:
/// one a processor, at most 4 (threads share one table and wait on
/// memory more than they compute; more than 4 is not measured).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// The solver recurses once per ply: its thread gets a roomy stack.
const SOLVER_STACK: usize = 256 << 20;

/// Solves the start position of the game and prints its value.
pub fn run(args: &SolveArgs) -> CommandResult {
    match args.game {
        #[cfg(any(test, feature = "testing"))]
        GameKind::Nim => solve_game::<game_core::nim::Nim>(args, None),
        // Stones bounds its own future by the stones in the piles
        // (`Solve::future_bound`).
        GameKind::Stones => solve_game::<stones::Stones>(args, None),
        GameKind::Blockade => solve_game::<blockade::Blockade>(args, None),
        GameKind::StrategyChess => Err(Failure::usage(
            "strategy-chess hides its pieces, so it cannot be solved: solve works for perfect-information games only (stones, blockade)",
        )),
    }
}

/// The number the environment variable `name` gives, within `allowed`
/// (`unit` follows the range in the error), or `default` when it is not set.
fn setting_from_env(
    name: &str,
    default: usize,
    allowed: std::ops::RangeInclusive<usize>,
    unit: &str,
) -> Result<usize, Failure> {
    match std::env::var(name) {
        Err(_) => Ok(default),
        Ok(text) => match text.trim().parse::<usize>() {
            Ok(n) if allowed.contains(&n) => Ok(n),
            _ => Err(Failure::usage(format!(
                "{name}: `{text}` is not allowed (allowed: an integer {}..={}{unit})",
                allowed.start(),
                allowed.end()
            ))),
        },
    }
}

/// The table size from `BOARDSUITE_SOLVE_MB`, or the default.
fn table_megabytes() -> Result<usize, Failure> {
    setting_from_env("BOARDSUITE_SOLVE_MB", DEFAULT_TABLE_MB, 1..=MAX_TABLE_MB, ", megabytes")
}

/// The endgame table's limit from `BOARDSUITE_SOLVE_ENDGAME_MB`, or the
/// default (0: no endgame table).
fn endgame_megabytes() -> Result<usize, Failure> {
    setting_from_env("BOARDSUITE_SOLVE_ENDGAME_MB", DEFAULT_ENDGAME_MB, 0..=MAX_TABLE_MB, ", megabytes")
}

/// The thread count from `BOARDSUITE_SOLVE_THREADS`, or the default.
fn thread_count() -> Result<usize, Failure> {
    setting_from_env("BOARDSUITE_SOLVE_THREADS", default_threads(), 1..=MAX_THREADS, "")
}

/// Each legal move with its exact value (in generation order), and the
/// solution of the position.
type Solved<M> = (Vec<(M, i64)>, Solution<M>);

/// The value of every legal move of `position` if `each` (for the seat to
/// move before the move, in generation order), then the solution of
/// `position` itself; one solver, so its table serves them all.
fn solve_with_moves<G: Solve>(
    position: &G,
    config: SolverConfig<G>,
    each: bool,
) -> Result<Solved<G::Move>, SolveError> {
    let mut solver = Solver::new(config);
    let values = if each { solver.move_values(position, &SearchLimits::none())? } else { Vec::new() };
    let solution = solver.solve(position, &SearchLimits::none())?;
    Ok((values, solution))
}

/// How often a long solve says on standard error that it is still at work.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Waits for the solver's word that it is done, saying on standard error
/// every [`PROGRESS_EVERY`] that it is still solving (a large board can
/// take hours, and silence would look like a hang).
fn wait_saying_so(finished: &Receiver<()>) {
    let clock = Instant::now();
    while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(PROGRESS_EVERY) {
        eprintln!("# still solving after {:.0} s", clock.elapsed().as_secs_f64());
    }
}

/// A margin as `+N`, `-N` or `0`.
fn signed(margin: i64) -> String {
    if margin > 0 { format!("+{margin}") } else { margin.to_string() }
}

fn solve_game<G: Registered + Solve>(args: &SolveArgs, future_bound: Option<fn(&G) -> i32>) -> CommandResult {
    let rules = rules_from_settings::<G>(&args.rules.set)?;
    let (start, from_file) = match &args.position {
        Some(path) => (super::position_file::read::<G>(&rules, path)?, true),
        None => (G::start_position(&rules, None)?, false),
    };
    let table_mb = table_megabytes()?;
    let endgame_mb = endgame_megabytes()?;
    let threads = thread_count()?;
    // No enhanced transposition cutoffs: they save nodes, but each costs a
    // wait for every child's bucket before the first child is searched,
    // and in a table of hundreds of MB the waits cost more than the nodes
    // saved (Kalah(6,4): 12% more nodes, 10 to 15% less time). Level 10's
    // solves, capped by nodes in a small table, keep them.
    let config = SolverConfig {
        table_mb,
        endgame_mb,
        future_bound,
        threads,
        enhanced_cutoffs: Cutoffs::Never,
        ..SolverConfig::default()
    };
    let position = start.clone();
    let each = args.each;
    let (done, finished) = std::sync::mpsc::channel();
    let solver = std::thread::Builder::new()
        .name("solver".into())
        .stack_size(SOLVER_STACK)
        .spawn(move || {
            let solved = solve_with_moves(&position, config, each);
            let _ = done.send(());
            solved
        })
        .map_err(|e| Failure::runtime(format!("cannot start the solver: {e}")))?;
    wait_saying_so(&finished);
    let (moves, solution) = solver
        .join()
        .map_err(|_| Failure::runtime("the solver stopped unexpectedly"))?
        .map_err(|e| Failure::runtime(format!("cannot solve {}: {e}", G::NAME)))?;

    for (mv, value) in moves {
        println!("move {} value {}", start.format_move(mv), signed(value));
    }
    // From the start the contract is the first player's margin; from a
    // position, the margin of the seat to move.
    println!("value {}", signed(if from_file { solution.value } else { solution.first_seat_margin }));
    let stats = &solution.stats;
    if let Some(mv) = solution.best_move {
        println!("best move {}", start.format_move(mv));
    }
    println!("nodes {} in {threads} thread{}", stats.nodes, if threads == 1 { "" } else { "s" });
    println!("time {:.3} s", stats.elapsed.as_secs_f64());
    println!("nodes/s {:.0}", stats.nodes_per_second());
    println!("table hits {} of {} probes", stats.table_hits, stats.table_probes);
    println!(
        "table {} MB, {} of {} entries used ({} bytes each)",
        table_mb,
        stats.table_used,
        stats.table_capacity,
        Solver::<G>::ENTRY_BYTES
    );
    println!("mtd(f) passes {} from first guess {}", stats.passes, signed(i64::from(stats.first_guess)));
    if stats.endgame_positions > 0 {
        println!(
            "endgame table: {}, {} positions, built in {:.3} s, {} lookups",
            stats.endgame,
            stats.endgame_positions,
            stats.endgame_time.as_secs_f64(),
            stats.endgame_hits
        );
    }
    Ok(())
}
