//! `boardsuite match GAME --first P1 --second P2 --games N [--seed S] [--set ...]`
//!
//! Plays computer against computer, without a window, through the referee
//! ([`ai::arena`] does the playing; this file turns players into contender
//! factories and prints).
//!
//! - A player is a level `1`..`10` of the computer player, or
//!   `sparring:NAME` for one of the game's sparring opponents (fixed styles
//!   kept for testing the AI, [`crate::registry::Registered::sparring_styles`];
//!   `match --help` lists them). A name the game does not have, or a game
//!   without sparring opponents, exits 2 naming what is allowed.
//! - Game `k` (counted from 0) draws all its randomness from seed `S + k`.
//!   The `--first` AI takes the first seat in even games and the second in
//!   odd ones, so the first move alternates.
//! - Games differ by the levels' noise and, in Strategy Chess, by setups
//!   and samples. Two noiseless levels of Stones or Blockade (9 and 10)
//!   play the same two games over and over (see [`ai::arena`]).
//! - Each game can be replayed alone: its progress line names its seed and
//!   the player in each seat (`level 5` or `sparring:defender`), and `match
//!   GAME --first A --second B --games 1 --seed SEED` (A in the first seat)
//!   plays exactly that game again.
//! - Games run in parallel on every core. The AI searches with node caps
//!   only (no time caps, one thread: [`ai::Budget::reproducible`]) and a
//!   sparring opponent draws everything from its seeds, so the results
//!   never depend on the machine's load or on scheduling, and the progress
//!   lines are printed in game order.
//! - The last line is `result W-D-L score P%`, counted for the `--first`
//!   AI, with P = (W + D/2) / N * 100.

use super::MatchArgs;
use super::player::{PlayerChoice, SPARRING_PREFIX, factory};
use crate::failure::{CommandResult, Failure};
use crate::registry::{GameKind, Registered, rules_from_settings, with_game};
use ai::arena::{GameRecord, MatchSettings, play_match};
use clap::ValueEnum;
use std::io::Write;

/// Plays the match and prints a line per game, then the result.
pub fn run(args: &MatchArgs) -> CommandResult {
    with_game!(args.game, G => run_match::<G>(args))
}

/// The text after `match --help`'s options: every game's sparring
/// opponents, one a line with what it does.
pub fn sparring_help() -> String {
    let mut text = String::from("Sparring opponents (PLAYER sparring:NAME):");
    for kind in GameKind::value_variants() {
        let styles = with_game!(*kind, G => G::sparring_styles());
        for style in styles {
            text.push_str(&format!(
                "\n  {:<16} {SPARRING_PREFIX}{:<10} {}",
                kind.key(),
                style.name,
                style.description
            ));
        }
    }
    text
}

/// The progress line of game `index` (from 0) of `games`.
fn line(
    record: &GameRecord,
    index: usize,
    games: usize,
    [first_ai, second_ai]: [&PlayerChoice; 2],
) -> String {
    let result = match record.score_for_first_contender() {
        1 => "win",
        -1 => "loss",
        _ => "draw",
    };
    let seats = if record.first_contender_first { [first_ai, second_ai] } else { [second_ai, first_ai] };
    let guard = if record.cut_short { " (stopped by the ply guard)" } else { "" };
    format!(
        "game {}/{games} seed {}: first seat {}, second seat {}: {} after {} plies{guard}: {result} for --first",
        index + 1,
        record.seed,
        seats[0],
        seats[1],
        record.outcome,
        record.plies,
    )
}

fn run_match<G: Registered>(args: &MatchArgs) -> CommandResult {
    let players = [&args.first, &args.second];
    let factories = [factory::<G>(players[0], "--first")?, factory::<G>(players[1], "--second")?];
    let games = args.games as usize;
    if games == 0 {
        return Err(Failure::usage("--games: 0 is not allowed (allowed: 1 or more)"));
    }
    let rules = rules_from_settings::<G>(&args.rules.set)?;
    let settings = MatchSettings {
        games,
        seed: args.seed,
        random_plies: 0,
        workers: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let stdout = std::io::stdout();
    let tally = play_match::<G>(&rules, [&*factories[0], &*factories[1]], &settings, |k, record| {
        let mut out = stdout.lock();
        let _ = writeln!(out, "{}", line(record, k, games, players));
        let _ = out.flush();
    })
    .map_err(|e| match e {
        ai::arena::ArenaError::Start { .. } => Failure::usage(e.to_string()),
        _ => Failure::runtime(e.to_string()),
    })?;
    println!("result {}-{}-{} score {:.1}%", tally.wins, tally.draws, tally.losses, tally.percent());
    Ok(())
}
