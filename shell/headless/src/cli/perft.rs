//! `boardsuite perft GAME --depth N [--setups A,B] [--set key=value ...]`
//!
//! Before the long walk, perft counts the shallow depths (while they stay
//! cheap) and extrapolates their growth to depth N. A depth that would
//! count more than [`MAX_SEQUENCES`] move sequences (hours of work) is
//! refused with a clear error instead of running for ever. Depths past the
//! end of every game count 0 and cost nothing, so `--depth` is only
//! capped at [`MAX_DEPTH`], and memory grows with the depth reached, not
//! the depth asked.

use super::PerftArgs;
use crate::failure::{CommandResult, Failure};
use crate::registry::{Registered, rules_from_settings, with_game};
use game_core::{Game, perft_counts};
use std::io::Write;
use std::time::Instant;

/// The deepest `--depth` accepted.
pub const MAX_DEPTH: u32 = 10_000;
/// The most move sequences perft expects to count at its deepest depth
/// (at some 100 M a second, a few hours).
pub const MAX_SEQUENCES: f64 = 1e12;
/// The shallow depths are counted one by one until one counts this many.
const PROBE_SEQUENCES: u64 = 1_000_000;

/// Prints `perft D COUNT` for each depth 1..=N from the start position, and
/// the speed on standard error.
pub fn run(args: &PerftArgs) -> CommandResult {
    with_game!(args.game, G => perft_game::<G>(args))
}

fn perft_game<G: Registered>(args: &PerftArgs) -> CommandResult {
    let rules = rules_from_settings::<G>(&args.rules.set)?;
    let start = G::start_position(&rules, args.setups.as_deref())?;
    let depth = args.depth;
    let clock = Instant::now();
    let walked = deepest_to_walk(&start, depth)?;
    let counts = perft_counts(&start, walked);
    let seconds = clock.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    let lines = counts.iter().copied().chain(std::iter::repeat(0)).take(depth as usize);
    for (d, count) in lines.enumerate() {
        writeln!(out, "perft {} {count}", d + 1)
            .map_err(|e| Failure::runtime(format!("cannot print: {e}")))?;
    }
    let nodes: u64 = counts.iter().sum();
    eprintln!("# {nodes} nodes in {seconds:.3} s: {:.0} nodes/s", nodes as f64 / seconds.max(1e-9));
    Ok(())
}

/// How deep the walk must go for `depth`: the depth itself, or the first
/// depth where no sequence is left (every game is over, and deeper depths
/// count 0). Refuses a depth whose count, extrapolated from the shallow
/// depths' growth, passes [`MAX_SEQUENCES`].
fn deepest_to_walk<G: Game>(start: &G, depth: u32) -> Result<u32, Failure> {
    let (mut before, mut last) = (1u64, 1u64);
    let mut probed = 0;
    while probed + 1 < depth && last < PROBE_SEQUENCES {
        probed += 1;
        (before, last) = (last, perft_counts(start, probed).last().copied().unwrap_or(0));
        if last == 0 {
            return Ok(probed);
        }
    }
    let growth = (last as f64 / before as f64).max(1.0);
    let estimate = last as f64 * growth.powi((depth - probed) as i32);
    if estimate > MAX_SEQUENCES {
        let deepest = probed + ((MAX_SEQUENCES / last as f64).ln() / growth.ln()).floor() as u32;
        return Err(Failure::usage(format!(
            "--depth {depth} would count about {estimate:.0e} move sequences (about {growth:.1} times more \
             each ply), more than perft can finish (at most {MAX_SEQUENCES:.0e}); the deepest that can is \
             about {deepest}"
        )));
    }
    Ok(depth)
}
