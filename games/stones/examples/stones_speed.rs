//! The speed figures of issue 3 per second of *CPU time* of this thread, so
//! that they hold on a machine busy with other work (wall-clock figures
//! come from `cargo bench -p stones`).
//!
//! `cargo run --release -p stones --example stones_speed [SECONDS]`
//!
//! With `SPEED_FIXED=N` each figure does a fixed amount of work (N rounds)
//! instead, for instruction counts under
//! `valgrind --tool=callgrind target/release/examples/stones_speed`; with
//! `SPEED_ONLY=TEXT` only the figures whose name contains TEXT run.

#[path = "../../core/examples/common/speed_meter.rs"]
mod speed_meter;

use game_core::rng::seeded;
use game_core::{Game, Seat, perft_counts};
use stones::{Stones, StonesRules};

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    for (name, rules) in
        [("kalah 6x4", StonesRules::kalah(6, 4, false)), ("stones 6x4", StonesRules::default())]
    {
        let start = Stones::start(&rules, &[]).unwrap();
        let mut rng = seeded(1);
        let mut scratch = Vec::new();
        let mut checksum = 0u64;
        speed_meter::measure(&format!("random playouts, {name}"), "playouts", seconds, || {
            for _ in 0..1000 {
                let mut game = start.clone();
                while let Some(mv) = game.random_move(&mut rng, &mut scratch) {
                    game.play_unchecked(mv);
                }
                checksum += game.store(Seat::FIRST) as u64;
            }
            1000
        });
        std::hint::black_box(checksum);
        speed_meter::measure(
            &format!("perft depth 8, {name} (every node of depths 1..8)"),
            "nodes",
            seconds,
            || perft_counts(std::hint::black_box(&start), 8).iter().sum(),
        );
    }
}
