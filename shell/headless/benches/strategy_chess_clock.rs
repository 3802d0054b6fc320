//! Does Strategy Chess level 10 answer in time on a busy machine? The
//! computer must never take more than 1.8 s of wall time for a move, even
//! at a load average of 8 on two cores: the UCC manager (and any protocol
//! with a clock) loses a game on a late answer.
//!
//! The bench plays a few games between level-3 players, takes the view of
//! the side to move at several points of each, and times level 10's
//! decision on each view exactly as the GUI and the bots make it (its time
//! cap, its samples on two threads) while busy threads load the machine.
//! Prints one line per decision and a summary; fails (exit 1) if any
//! decision took more than [`LIMIT`].
//!
//! ```text
//! cargo bench -p headless --bench strategy_chess_clock [-- LOAD]
//! ```
//!
//! LOAD is the number of busy threads (default 8; 0 for an idle machine).

use ai::{ComputerPlayer, Level};
use game_core::{Game, Observe};
use headless::registry::Registered;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use strategy_chess::{Library, StrategyChess, StrategyChessRules, StrategyChessView};

/// The most a decision may take.
const LIMIT: Duration = Duration::from_millis(1_800);

/// Views from games between level-3 players: the side to move's view at
/// each ply of `at`, for games from seeds 1..=`games`.
fn views(games: u64, at: &[usize]) -> Vec<StrategyChessView> {
    let rules = StrategyChessRules::default();
    let library = Library::builtin();
    let mut views = Vec::new();
    for seed in 1..=games {
        let n = library.entries().len() as u64;
        let setups = [
            library.entries()[(seed % n) as usize].setup,
            library.entries()[((seed * 7) % n) as usize].setup,
        ];
        let mut game = StrategyChess::start(&rules, &setups).expect("library setups start a game");
        let budget = StrategyChess::budget(Level::new(3).expect("a level")).reproducible();
        let mut players =
            [ComputerPlayer::<StrategyChess>::with_budget(budget), ComputerPlayer::with_budget(budget)];
        for ply in 0..=*at.iter().max().unwrap_or(&0) {
            if game.outcome().is_some() {
                break;
            }
            let view = game.view(game.to_move());
            if at.contains(&ply) {
                views.push(view.clone());
            }
            let seat = game.to_move().index();
            let mv = match players[seat].choose_move(&view, seed * 1000 + ply as u64, None).best_move {
                Some(mv) => mv,
                None => break,
            };
            game.play(mv);
        }
    }
    views
}

fn main() -> ExitCode {
    let load: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(8);
    let views = views(4, &[10, 40, 100, 200, 300]);
    let busy = Arc::new(AtomicBool::new(true));
    let loaders: Vec<_> = (0..load)
        .map(|_| {
            let busy = Arc::clone(&busy);
            std::thread::spawn(move || {
                let mut x = 0u64;
                while busy.load(Ordering::Relaxed) {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                    std::hint::black_box(x);
                }
            })
        })
        .collect();
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    for (i, view) in views.iter().enumerate() {
        let mut player = ComputerPlayer::<StrategyChess>::with_budget(StrategyChess::budget(Level::MAX));
        let clock = Instant::now();
        let result = player.choose_move(view, i as u64, None);
        let elapsed = clock.elapsed();
        worst = worst.max(elapsed);
        total += elapsed;
        println!(
            "view {i:>2} (ply {:>3}): {:>7.1} ms, depth {:>2}, {:>9} nodes, {}",
            view.plies(),
            elapsed.as_secs_f64() * 1e3,
            result.stats.depth,
            result.stats.nodes,
            if elapsed <= LIMIT { "ok" } else { "LATE" }
        );
    }
    busy.store(false, Ordering::Relaxed);
    for loader in loaders {
        let _ = loader.join();
    }
    println!(
        "level 10 with {load} busy threads: {} decisions, mean {:.0} ms, largest {:.0} ms (limit {} ms)",
        views.len(),
        total.as_secs_f64() * 1e3 / views.len().max(1) as f64,
        worst.as_secs_f64() * 1e3,
        LIMIT.as_millis()
    );
    if worst <= LIMIT { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
