//! The speed figures of issue 4 per second of *CPU time* of this thread, so
//! that they hold on a machine busy with other work (wall-clock figures
//! come from `cargo bench -p blockade`).
//!
//! `cargo run --release -p blockade --example blockade_speed [SECONDS]`
//!
//! With `SPEED_FIXED=N` each figure does a fixed amount of work (N rounds)
//! instead, for instruction counts under
//! `valgrind --tool=callgrind target/release/examples/blockade_speed`; with
//! `SPEED_ONLY=TEXT` only the figures whose name contains TEXT run.

#[path = "../benches/common/negamax.rs"]
mod negamax;
#[path = "../../core/examples/common/speed_meter.rs"]
mod speed_meter;

use blockade::{Blockade, BlockadeRules, Square};
use game_core::rng::seeded;
use game_core::{Game, RuleSet, Seat, perft_counts};

fn start(settings: &[&str]) -> Blockade {
    Blockade::start(&BlockadeRules::default().with_settings(settings).unwrap(), &[]).unwrap()
}

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    for (name, settings, depth) in [("8x8 centre", &[][..], 8), ("8x8 wide", &["start=wide"][..], 5)] {
        let position = start(settings);
        let counts = perft_counts(&position, depth);
        let leaves = *counts.last().unwrap();
        let nodes: u64 = counts.iter().sum();
        speed_meter::measure(&format!("perft {name} depth {depth}, leaves"), "leaves", seconds, || {
            perft_counts(std::hint::black_box(&position), depth);
            leaves
        });
        speed_meter::measure(
            &format!("perft {name} depth {depth}, every node of depths 1..{depth}"),
            "nodes",
            seconds,
            || {
                perft_counts(std::hint::black_box(&position), depth);
                nodes
            },
        );
    }
    let position = start(&[]);
    let mut rng = seeded(1);
    let mut scratch = Vec::new();
    let mut margin = 0i64;
    speed_meter::measure("random playouts 8x8 centre", "playouts", seconds, || {
        for _ in 0..100 {
            let mut game = position.clone();
            while let Some(mv) = game.random_move(&mut rng, &mut scratch) {
                game.play_unchecked(mv);
            }
            margin += game.outcome().map_or(0, |o| o.margin_for(Seat::FIRST));
        }
        100
    });
    std::hint::black_box(margin);
    const DEPTH: usize = 11;
    let mut buffers: Vec<Vec<Square>> = (0..DEPTH).map(|_| Vec::new()).collect();
    speed_meter::measure(
        &format!("alpha-beta 8x8 centre depth {DEPTH}, every node visited"),
        "nodes",
        seconds,
        || {
            let mut nodes = 0;
            negamax::negamax(
                std::hint::black_box(&position),
                DEPTH,
                -2_000_000,
                2_000_000,
                &mut nodes,
                &mut buffers,
            );
            nodes
        },
    );
}
