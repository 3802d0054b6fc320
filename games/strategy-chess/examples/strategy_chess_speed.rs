//! The speed figures of issue 5 per second of *CPU time* of this thread, so
//! that they hold on a machine busy with other work (wall-clock figures
//! come from `cargo bench -p strategy-chess`).
//!
//! `cargo run --release -p strategy-chess --example strategy_chess_speed [SECONDS]`
//!
//! With `SPEED_FIXED=N` each figure does a fixed amount of work (N rounds)
//! instead, for instruction counts under
//! `valgrind --tool=callgrind target/release/examples/strategy_chess_speed`; with
//! `SPEED_ONLY=TEXT` only the figures whose name contains TEXT run.

#[path = "../../core/examples/common/speed_meter.rs"]
mod speed_meter;

use game_core::rng::seeded;
use game_core::{Game, Observe, Seat};
use strategy_chess::beliefs::BeliefModel;
use strategy_chess::sampler::sample_with;
use strategy_chess::{Library, StrategyChess, StrategyChessRules};

/// The bench's start positions: library setups 1..10 against 30..21.
fn starts() -> Vec<StrategyChess> {
    let library = Library::builtin();
    (1..=10)
        .map(|i| {
            let setups = [library.entry(i).unwrap().setup, library.entry(31 - i).unwrap().setup];
            StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap().with_history_log(false)
        })
        .collect()
}

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let starts = starts();
    let mut rng = seeded(7);
    let mut scratch = Vec::with_capacity(256);
    let mut i = 0;
    speed_meter::measure("random playout plies from library setups", "plies", seconds, || {
        let mut game = starts[i % starts.len()].clone();
        i += 1;
        let mut plies = 0;
        while let Some(mv) = game.random_move(&mut rng, &mut scratch) {
            game.play_unchecked(mv);
            plies += 1;
        }
        plies
    });
    // Views from the middle of random games, as in the bench.
    let mut rng = seeded(3);
    let views: Vec<_> = starts
        .iter()
        .map(|start| {
            let mut game = start.clone().with_history_log(true);
            for _ in 0..60 {
                if let Some(mv) = game.random_move(&mut rng, &mut scratch) {
                    game.play(mv);
                }
            }
            game.view(Seat::FIRST)
        })
        .collect();
    let mut rng = seeded(11);
    speed_meter::measure("sampler, uniform prior", "samples", seconds, || {
        for view in &views {
            std::hint::black_box(sample_with(view, &BeliefModel::UNIFORM, &mut rng));
        }
        views.len() as u64
    });
    speed_meter::measure("sampler, beliefs (tracks, setup prior, behaviour)", "samples", seconds, || {
        for view in &views {
            std::hint::black_box(sample_with(view, &BeliefModel::DEFAULT, &mut rng));
        }
        views.len() as u64
    });
}
