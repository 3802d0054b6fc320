//! Speed of the hot paths: random playouts from library setups (plies per
//! second, the search's move generation and play) and the sampler (views to
//! full positions per second).
//!
//! `cargo bench -p strategy-chess`

use criterion::{Criterion, Throughput, criterion_main};
use game_core::rng::seeded;
use game_core::{Game, Observe, Seat};
use std::hint::black_box;
use strategy_chess::beliefs::BeliefModel;
use strategy_chess::sampler::sample_with;
use strategy_chess::{Library, StrategyChess, StrategyChessRules};

fn starts() -> Vec<StrategyChess> {
    let library = Library::builtin();
    (1..=10)
        .map(|i| {
            let setups = [library.entry(i).unwrap().setup, library.entry(31 - i).unwrap().setup];
            StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap().with_history_log(false)
        })
        .collect()
}

/// Plays random games from the starts until `plies` plies were played;
/// returns the plies played.
fn playouts(starts: &[StrategyChess], plies: u64, seed: u64) -> u64 {
    let mut rng = seeded(seed);
    let mut scratch = Vec::with_capacity(256);
    let mut played = 0;
    let mut i = 0;
    while played < plies {
        let mut game = starts[i % starts.len()].clone();
        i += 1;
        while let Some(mv) = game.random_move(&mut rng, &mut scratch) {
            game.play_unchecked(mv);
            played += 1;
        }
    }
    played
}

fn bench_playouts(c: &mut Criterion) {
    let starts = starts();
    // How many plies a batch really plays (games end where they end).
    let plies = playouts(&starts, 100_000, 7);
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(plies));
    group.bench_function("random plies from library setups", |b| {
        b.iter(|| black_box(playouts(&starts, 100_000, 7)))
    });
    group.finish();
}

fn bench_sampler(c: &mut Criterion) {
    // Views from the middle of random games.
    let mut rng = seeded(3);
    let mut scratch = Vec::new();
    let views: Vec<_> = starts()
        .into_iter()
        .map(|mut game| {
            for _ in 0..60 {
                if let Some(mv) = game.random_move(&mut rng, &mut scratch) {
                    game.play(mv);
                }
            }
            game.view(Seat::FIRST)
        })
        .collect();
    let mut group = c.benchmark_group("sampler");
    group.throughput(Throughput::Elements(views.len() as u64));
    group.bench_function("uniform", |b| {
        let mut rng = seeded(11);
        b.iter(|| {
            for view in &views {
                black_box(sample_with(view, &BeliefModel::UNIFORM, &mut rng));
            }
        })
    });
    group.bench_function("beliefs", |b| {
        let mut rng = seeded(12);
        b.iter(|| {
            for view in &views {
                black_box(sample_with(view, &BeliefModel::DEFAULT, &mut rng));
            }
        })
    });
    group.finish();
}

mod group {
    //! The benchmark group (its generated function has no doc comment).
    #![allow(missing_docs)]
    use super::{bench_playouts, bench_sampler};
    criterion::criterion_group!(benches, bench_playouts, bench_sampler);
}

criterion_main!(group::benches);
