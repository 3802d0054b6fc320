//! Random playouts per second (Kalah 6x4 and Stones 6x4) and perft nodes
//! per second, single-threaded.
//!
//! `cargo bench -p stones`

// criterion's macros define public functions without doc comments.
#![allow(missing_docs)]

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use game_core::rng::{GameRng, seeded};
use game_core::{Game, perft_counts};
use std::hint::black_box;
use stones::{Stones, StonesRules};

/// Playouts per measured iteration.
const BATCH: u64 = 1_000;

/// Plays `BATCH` random games from `start` to the end; returns a checksum
/// so nothing is optimised away. The generator is copied into a local for
/// the loop, as a playout loop would, so its state can live in registers.
fn playouts(start: &Stones, rng: &mut GameRng) -> u64 {
    let mut local = rng.clone();
    let mut scratch = Vec::new();
    let mut checksum = 0;
    for _ in 0..BATCH {
        let mut game = start.clone();
        while let Some(mv) = game.random_move(&mut local, &mut scratch) {
            game.play_unchecked(mv);
        }
        checksum += game.store(game_core::Seat::FIRST) as u64;
    }
    *rng = local;
    checksum
}

fn random_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random playouts");
    group.throughput(Throughput::Elements(BATCH));
    for (name, rules) in
        [("kalah 6x4", StonesRules::kalah(6, 4, false)), ("stones 6x4", StonesRules::default())]
    {
        let start = Stones::start(&rules, &[]).unwrap();
        let mut rng = seeded(1);
        group.bench_function(name, |b| b.iter(|| black_box(playouts(black_box(&start), &mut rng))));
    }
    group.finish();
}

fn perft_nodes(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, rules, depth) in [
        ("kalah 6x4 depth 8", StonesRules::kalah(6, 4, false), 8),
        ("stones 6x4 depth 8", StonesRules::default(), 8),
    ] {
        let start = Stones::start(&rules, &[]).unwrap();
        let nodes: u64 = perft_counts(&start, depth).iter().sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter_batched(|| start.clone(), |s| black_box(perft_counts(&s, depth)), BatchSize::SmallInput)
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = random_playouts, perft_nodes
}
criterion_main!(benches);
