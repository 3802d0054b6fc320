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

use game_core::rng::seeded;
use game_core::{Game, Seat, perft_counts};
use std::time::{Duration, Instant};
use stones::{Stones, StonesRules};

/// CPU time used by this thread so far (Linux: `/proc/thread-self/schedstat`).
fn cpu_time() -> Duration {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let nanos = text.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0);
    Duration::from_nanos(nanos)
}

/// Runs `work` (which returns how many units it did) until `seconds` of CPU
/// time have passed; prints units per CPU second and per wall second.
fn measure(name: &str, unit: &str, seconds: f64, mut work: impl FnMut() -> u64) {
    if std::env::var("SPEED_ONLY").is_ok_and(|only| !name.contains(&only)) {
        return;
    }
    let fixed: Option<u32> = std::env::var("SPEED_FIXED").ok().and_then(|n| n.parse().ok());
    if fixed.is_none() {
        work();
    }
    let (cpu, wall) = (cpu_time(), Instant::now());
    let mut units = 0;
    let mut rounds = 0;
    while fixed.map_or((cpu_time() - cpu).as_secs_f64() < seconds, |n| rounds < n) {
        units += work();
        rounds += 1;
    }
    if fixed.is_some() {
        println!("{name}: {units} {unit}");
        return;
    }
    let (cpu, wall) = ((cpu_time() - cpu).as_secs_f64(), wall.elapsed().as_secs_f64());
    println!(
        "{name}: {:.3} M{unit}/s of CPU time ({:.3} M{unit}/s of wall time)",
        units as f64 / cpu / 1e6,
        units as f64 / wall / 1e6
    );
}

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    for (name, rules) in
        [("kalah 6x4", StonesRules::kalah(6, 4, false)), ("stones 6x4", StonesRules::default())]
    {
        let start = Stones::start(&rules, &[]).unwrap();
        let mut rng = seeded(1);
        let mut scratch = Vec::new();
        let mut checksum = 0u64;
        measure(&format!("random playouts, {name}"), "playouts", seconds, || {
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
        measure(&format!("perft depth 8, {name} (every node of depths 1..8)"), "nodes", seconds, || {
            perft_counts(std::hint::black_box(&start), 8).iter().sum()
        });
    }
}
