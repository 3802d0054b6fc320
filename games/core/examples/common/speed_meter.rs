//! The measuring loop of the games' speed examples
//! (`games/*/examples/*_speed.rs`, each of which includes this file with
//! `#[path]`): units per second of this thread's CPU time, so that figures
//! hold on a machine busy with other work, and per wall second beside them.
//!
//! `SPEED_FIXED=N` does a fixed amount of work (N rounds) instead, for
//! instruction counts under callgrind; `SPEED_ONLY=TEXT` runs only the
//! figures whose name contains TEXT.

use std::time::{Duration, Instant};

/// CPU time used by this thread so far (Linux: `/proc/thread-self/schedstat`).
fn cpu_time() -> Duration {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let nanos = text.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0);
    Duration::from_nanos(nanos)
}

/// Runs `work` (which returns how many units it did) until `seconds` of CPU
/// time have passed; prints units per CPU second and per wall second.
pub fn measure(name: &str, unit: &str, seconds: f64, mut work: impl FnMut() -> u64) {
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
