//! `boardsuite perft GAME --depth N [--setups A,B] [--set key=value ...]`

use super::PerftArgs;
use super::failure::CommandResult;
use super::game_kind::{CliGame, rules_from_settings, with_game};
use game_core::perft_counts;
use std::time::Instant;

/// Prints `perft D COUNT` for each depth 1..=N from the start position, and
/// the speed on standard error.
pub fn run(args: &PerftArgs) -> CommandResult {
    with_game!(args.game, G => perft_game::<G>(args))
}

fn perft_game<G: CliGame>(args: &PerftArgs) -> CommandResult {
    let rules = rules_from_settings::<G>(&args.rules.set)?;
    let start = G::cli_start(&rules, args.setups.as_deref())?;
    let clock = Instant::now();
    let counts = perft_counts(&start, args.depth);
    let seconds = clock.elapsed().as_secs_f64();
    for (d, count) in counts.iter().enumerate() {
        println!("perft {} {count}", d + 1);
    }
    let nodes: u64 = counts.iter().sum();
    eprintln!("# {nodes} nodes in {seconds:.3} s: {:.0} nodes/s", nodes as f64 / seconds.max(1e-9));
    Ok(())
}
