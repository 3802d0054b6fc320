//! Plays a match between two budgets that need not be in any level table
//! yet: the tool the level tables were tuned with. It runs the same code as
//! `boardsuite match` ([`ai::arena`]), but builds in a fraction of the time
//! (no shell) and takes a budget on the command line.
//!
//! ```text
//! cargo run --release -p headless --example tune_levels -- GAME A B [--games N] [--seed S]
//!     [--workers W] [--opening PLIES] [--set key=value ...] [--quiet]
//! ```
//!
//! GAME is `stones`, `blockade`, `strategy-chess` or `nim`. A and B are
//! budgets: a level of GAME's table (`5`), optionally changed by
//! `key=value` pairs after a colon (`5:depth=4,nodes=300k,noise=0`).
//! Keys: `depth` (0 for none), `nodes` (with `k`/`m`), `noise`, `samples`, `win` (the win utility),
//! `spread` (percent of the standard error taken off an averaged move's value),
//! `combine` (`vote`/`average`), `solve` (0: no perfect play, see
//! [`ai::exact`]), `tt` (MB), `exact` (0/1; by default on
//! exactly when there is noise or more than one sample, as in the tables), `ttmin`, `lmr` (late
//! move reductions after that many moves; 0 for none), and
//! `engine` (`ab`/`mcts`) with, for MCTS, `explore`, `greedy`, `cutoff`,
//! `scale`, `tree`.
//!
//! `--opening PLIES` opens every game with that many random moves (none by
//! default, as in `boardsuite match`). Prints a line per game (with the nodes and milliseconds each contender
//! spent per move) and then `result W-D-L score P%` for A.

use ai::arena::{GameRecord, MatchSettings, play_match};
use ai::levels::{Budget, Level};
use ai::{AlphaBetaConfig, Combine, EngineKind, MctsConfig};
use game_core::nim::Nim;
use game_core::{Evaluate, Observe, RuleSet};
use headless::registry::GameKind;
use std::process::ExitCode;

fn number(value: &str) -> Result<u64, String> {
    let (digits, scale) = match value.as_bytes().last() {
        Some(b'k') => (&value[..value.len() - 1], 1_000),
        Some(b'm') => (&value[..value.len() - 1], 1_000_000),
        _ => (value, 1),
    };
    digits.parse::<f64>().map(|n| (n * scale as f64) as u64).map_err(|_| format!("`{value}` is not a number"))
}

fn real(value: &str) -> Result<f64, String> {
    value.parse().map_err(|_| format!("`{value}` is not a number"))
}

/// A budget spec: `LEVEL[:key=value,...]` over the table of `game`.
fn parse_budget(game: &str, spec: &str) -> Result<Budget, String> {
    let (level, changes) = spec.split_once(':').unwrap_or((spec, ""));
    let level = level.parse().ok().and_then(Level::new).ok_or_else(|| format!("`{level}` is not a level"))?;
    let kind = GameKind::from_key(game).ok_or_else(|| format!("`{game}` is not a game"))?;
    let mut b = kind.entry().budget(level);
    let mut exact_given = false;
    for change in changes.split(',').filter(|c| !c.is_empty()) {
        let (key, value) = change.split_once('=').ok_or_else(|| format!("`{change}` is not key=value"))?;
        match key {
            "depth" => b.depth = Some(number(value)? as u32).filter(|&d| d > 0),
            "nodes" => b.nodes = Some(number(value)?),
            "solve" => {
                if value == "0" {
                    b.exact = None;
                }
            }
            "noise" => b.noise = real(value)?,
            "samples" => b.plan.samples = number(value)? as u32,
            "win" => b.plan.win_utility = number(value)? as i32,
            "spread" => b.plan.spread_penalty = number(value)? as u32,
            "combine" => {
                b.plan.combine = match value {
                    "vote" => Combine::Vote,
                    "average" => Combine::Average,
                    _ => return Err(format!("combine: `{value}` (vote, average)")),
                }
            }
            "engine" => {
                b.engine = match value {
                    "ab" => EngineKind::AlphaBeta(AlphaBetaConfig::default()),
                    "mcts" => EngineKind::Mcts(MctsConfig::default()),
                    _ => return Err(format!("engine: `{value}` (ab, mcts)")),
                }
            }
            _ => match &mut b.engine {
                EngineKind::AlphaBeta(c) => match key {
                    "tt" => c.tt_mb = number(value)? as usize,
                    "exact" => {
                        c.exact_root = value == "1";
                        exact_given = true;
                    }
                    "ttmin" => c.tt_min_depth = number(value)? as u32,
                    "lmr" => c.reduce_after = number(value)? as u32,
                    _ => return Err(format!("unknown alpha-beta key `{key}`")),
                },
                EngineKind::Mcts(c) => match key {
                    "explore" => c.exploration = real(value)?,
                    "greedy" => c.playout.greedy = real(value)?,
                    "cutoff" => c.playout.cutoff = Some(number(value)? as u32).filter(|&d| d > 0),
                    "scale" => c.playout.eval_scale = real(value)?,
                    "tree" => c.max_tree_nodes = number(value)? as usize,
                    _ => return Err(format!("unknown MCTS key `{key}`")),
                },
            },
        }
    }
    // As in the tables: noise and averaging need every root move's value.
    if let EngineKind::AlphaBeta(c) = &mut b.engine
        && !exact_given
    {
        c.exact_root = b.noise > 0.0 || b.plan.samples > 1;
    }
    b.threads = if b.plan.samples > 1 { 2 } else { 1 };
    Ok(b)
}

struct Args {
    game: String,
    budgets: [String; 2],
    games: usize,
    seed: u64,
    workers: usize,
    opening: Option<usize>,
    settings: Vec<String>,
    quiet: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut free = Vec::new();
    let mut args = Args {
        game: String::new(),
        budgets: [String::new(), String::new()],
        games: 10,
        seed: 1,
        workers: std::thread::available_parallelism().map_or(1, |n| n.get()),
        opening: None,
        settings: Vec::new(),
        quiet: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => args.games = number(&value()?)? as usize,
            "--seed" => args.seed = number(&value()?)?,
            "--workers" => args.workers = number(&value()?)? as usize,
            "--opening" => args.opening = Some(number(&value()?)? as usize),
            "--set" => args.settings.push(value()?),
            "--quiet" => args.quiet = true,
            "--bench" => {}
            _ => free.push(arg),
        }
    }
    let [game, a, b] = <[String; 3]>::try_from(free).map_err(|_| "expected GAME A B".to_string())?;
    args.game = game;
    args.budgets = [a, b];
    Ok(args)
}

fn run<G: Observe + Evaluate>(args: &Args) -> Result<(), String> {
    let rules = G::Rules::default().with_settings(&args.settings).map_err(|e| format!("{e:?}"))?;
    let a = parse_budget(G::NAME, &args.budgets[0])?;
    let b = parse_budget(G::NAME, &args.budgets[1])?;
    eprintln!("A = {a:?}\nB = {b:?}");
    let mut spent = [[0u64; 3]; 2]; // per contender: decisions, nodes, micros
    let report = |k: usize, r: &GameRecord| {
        let seats = if r.first_contender_first { [0, 1] } else { [1, 0] };
        for (seat, contender) in seats.into_iter().enumerate() {
            let w = r.work[seat];
            spent[contender][0] += w.decisions;
            spent[contender][1] += w.nodes;
            spent[contender][2] += w.micros;
        }
        if !args.quiet {
            let per = |seat: usize| {
                let w = r.work[seat];
                let n = w.decisions.max(1);
                format!("{}k/{}ms", w.nodes / n / 1000, w.micros / n / 1000)
            };
            let a_seat = if r.first_contender_first { "first" } else { "second" };
            println!(
                "game {} seed {}: A {a_seat}, opening {}: {} after {} plies: {:+} for A; per move {} / {}",
                k + 1,
                r.seed,
                r.opening.join(" "),
                r.outcome,
                r.plies,
                r.score_for_first_contender(),
                per(0),
                per(1)
            );
        }
    };
    let settings = MatchSettings {
        games: args.games,
        seed: args.seed,
        random_plies: args.opening.unwrap_or(0),
        workers: args.workers,
    };
    let tally = play_match::<G>(&rules, [&a, &b], &settings, report).map_err(|e| e.to_string())?;
    for (name, s) in ["A", "B"].iter().zip(spent) {
        let n = s[0].max(1);
        println!(
            "{name}: {} moves, {} nodes/move, {:.1} ms/move",
            s[0],
            s[1] / n,
            s[2] as f64 / n as f64 / 1e3
        );
    }
    println!("result {}-{}-{} score {:.1}%", tally.wins, tally.draws, tally.losses, tally.percent());
    Ok(())
}

fn main() -> ExitCode {
    let outcome = parse_args().and_then(|args| match args.game.as_str() {
        "stones" => run::<stones::Stones>(&args),
        "blockade" => run::<blockade::Blockade>(&args),
        "strategy-chess" => run::<strategy_chess::StrategyChess>(&args),
        "nim" => run::<Nim>(&args),
        other => Err(format!("unknown game `{other}`")),
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("tune_levels: {problem}");
            ExitCode::from(2)
        }
    }
}
