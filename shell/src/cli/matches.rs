//! `boardsuite match GAME --first L1 --second L2 --games N [--seed S] [--set ...]`
//!
//! Plays computer against computer, without a window, through the referee.
//!
//! - Game `k` (counted from 0) draws all its randomness from seed `S + k`.
//!   The `--first` AI takes the first seat in even games and the second in
//!   odd ones, so the first move alternates.
//! - Each game can be replayed alone: its progress line names its seed and
//!   the level in each seat, and `match GAME --first A --second B --games 1
//!   --seed SEED` (A in the first seat) plays exactly that game again.
//! - Games run in parallel on every core. The AI searches with node caps
//!   only (no time caps, one thread: [`ai::Budget::reproducible`]), so the
//!   results never depend on the machine's load or on scheduling, and the
//!   progress lines are printed in game order.
//! - The last line is `result W-D-L score P%`, counted for the `--first`
//!   AI, with P = (W + D/2) / N * 100.

use super::MatchArgs;
use super::failure::{CommandResult, Failure};
use super::game_kind::{CliGame, rules_from_settings, with_game};
use ai::seeds::{Stream, derive};
use ai::{ComputerPlayer, Level};
use game_core::{Outcome, Referee, Seat};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// A game still running after this many plies is stopped and scored as a
/// draw (a guard: the rules of every game end it long before).
const MAX_PLIES: usize = 100_000;

/// Plays the match and prints a line per game, then the result.
pub fn run(args: &MatchArgs) -> CommandResult {
    with_game!(args.game, G => run_match::<G>(args))
}

/// How one game went.
#[derive(Clone, Debug)]
struct Record {
    seed: u64,
    /// The level in the first and in the second seat.
    levels: [Level; 2],
    /// Whether the `--first` AI sat in the first seat.
    first_ai_first: bool,
    outcome: Outcome,
    plies: usize,
    /// Whether the ply guard ended the game.
    cut_short: bool,
}

impl Record {
    /// +1, 0 or -1 for the `--first` AI.
    fn score_for_first_ai(&self) -> i32 {
        let seat = if self.first_ai_first { Seat::FIRST } else { Seat::SECOND };
        self.outcome.sign_for(seat)
    }

    fn line(&self, index: usize, games: usize) -> String {
        let result = match self.score_for_first_ai() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        };
        let guard = if self.cut_short { " (stopped by the ply guard)" } else { "" };
        format!(
            "game {}/{games} seed {}: first seat level {}, second seat level {}: {} after {} plies{guard}: {result} for --first",
            index + 1,
            self.seed,
            self.levels[0],
            self.levels[1],
            self.outcome,
            self.plies,
        )
    }
}

fn level(n: u8, flag: &str) -> Result<Level, Failure> {
    Level::new(n).ok_or_else(|| Failure::usage(format!("{flag}: {n} is not a level (allowed: 1..=10)")))
}

fn run_match<G: CliGame>(args: &MatchArgs) -> CommandResult {
    let first_ai = level(args.first, "--first")?;
    let second_ai = level(args.second, "--second")?;
    let games = args.games as usize;
    if games == 0 {
        return Err(Failure::usage("--games: 0 is not allowed (allowed: 1 or more)"));
    }
    let rules = rules_from_settings::<G>(&args.rules.set)?;

    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(games);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Result<Record, Failure>)>();
    let mut tally = [0usize; 3]; // wins, draws, losses for --first
    let mut first_failure = None;

    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, failed, rules) = (&next, &failed, &rules);
            scope.spawn(move || {
                while !failed.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= games {
                        break;
                    }
                    let seed = args.seed.wrapping_add(k as u64);
                    let first_ai_first = k % 2 == 0;
                    let levels = if first_ai_first { [first_ai, second_ai] } else { [second_ai, first_ai] };
                    let record = play_game::<G>(rules, levels, seed, first_ai_first);
                    if record.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if sender.send((k, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);

        // Print in game order as the games finish.
        let mut done: Vec<Option<Record>> = vec![None; games];
        let mut printed = 0;
        let stdout = std::io::stdout();
        for (k, record) in receiver {
            match record {
                Ok(record) => done[k] = Some(record),
                Err(failure) => {
                    first_failure.get_or_insert(failure);
                }
            }
            while let Some(Some(record)) = done.get(printed) {
                let mut out = stdout.lock();
                let _ = writeln!(out, "{}", record.line(printed, games));
                let _ = out.flush();
                tally[(1 - record.score_for_first_ai()) as usize] += 1;
                printed += 1;
            }
        }
    });

    if let Some(failure) = first_failure {
        return Err(failure);
    }
    let [wins, draws, losses] = tally;
    let score = (wins as f64 + draws as f64 / 2.0) / games as f64 * 100.0;
    println!("result {wins}-{draws}-{losses} score {score:.1}%");
    Ok(())
}

/// The start position of a game: without setups if the game has no setup
/// phase, otherwise with each seat's computer choosing its setup (from the
/// library at the levels that say so).
fn start_position<G: CliGame>(
    rules: &G::Rules,
    players: &[ComputerPlayer<G>; 2],
    seed: u64,
) -> Result<G, Failure> {
    if let Ok(start) = G::start(rules, &[]) {
        return Ok(start);
    }
    let setups: Vec<G::Setup> = players
        .iter()
        .enumerate()
        .map(|(i, player)| player.choose_setup(rules, Seat(i as u8), derive(seed, Stream::Setup, i as u64)))
        .collect();
    G::start(rules, &setups).map_err(|e| Failure::usage(format!("cannot start {}: {e}", G::NAME)))
}

/// Plays one game between the levels in the first and second seat.
fn play_game<G: CliGame>(
    rules: &G::Rules,
    levels: [Level; 2],
    seed: u64,
    first_ai_first: bool,
) -> Result<Record, Failure> {
    let mut players = levels
        .map(|level| ComputerPlayer::<G>::with_budget(ai::levels::budget(G::NAME, level).reproducible()));
    let mut referee = Referee::new(start_position::<G>(rules, &players, seed)?);
    while referee.finish().is_none() && referee.ply() < MAX_PLIES {
        let (seat, ply) = (referee.to_move(), referee.ply());
        let player = players
            .get_mut(seat.index())
            .ok_or_else(|| Failure::runtime(format!("{} has more than two seats", G::NAME)))?;
        let decision = player.choose_move(&referee.view(seat), derive(seed, Stream::Move, ply as u64), None);
        let mv = decision.best_move.ok_or_else(|| {
            Failure::runtime(format!("game seed {seed}: the AI found no move at ply {ply}"))
        })?;
        referee.submit(seat, ply, mv).map_err(|e| {
            Failure::runtime(format!("game seed {seed}: the AI's move {mv:?} at ply {ply} was refused: {e}"))
        })?;
    }
    let cut_short = referee.finish().is_none();
    Ok(Record {
        seed,
        levels,
        first_ai_first,
        outcome: referee.outcome().unwrap_or(Outcome::draw()),
        plies: referee.ply(),
        cut_short,
    })
}
