//! Speed of the Blockade engine on 8x8: perft nodes per second, random
//! playouts per second, and the nodes per second of a plain alpha-beta
//! search over the engine and its evaluation.
//!
//! `cargo bench -p blockade`; criterion reports each as elements/s.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

mod common {
    pub mod negamax;
}

use blockade::{Blockade, BlockadeRules, Square};
use common::negamax::negamax;
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use game_core::rng::seeded;
use game_core::{Game, RuleSet, perft_counts};

fn start(settings: &[&str]) -> Blockade {
    Blockade::start(&BlockadeRules::default().with_settings(settings).unwrap(), &[]).unwrap()
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, settings, depth) in [("8x8 centre", &[][..], 8), ("8x8 wide", &["start=wide"][..], 5)] {
        let position = start(settings);
        let nodes: u64 = perft_counts(&position, depth).iter().sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| perft_counts(black_box(&position), depth))
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    const PLAYOUTS: u64 = 100;
    let mut group = c.benchmark_group("random playouts");
    group.throughput(Throughput::Elements(PLAYOUTS));
    let position = start(&[]);
    let mut rng = seeded(1);
    let mut scratch = Vec::new();
    group.bench_function("8x8 centre", |b| {
        b.iter(|| {
            let mut margin = 0i64;
            for _ in 0..PLAYOUTS {
                let mut game = position.clone();
                while let Some(mv) = game.random_move(&mut rng, &mut scratch) {
                    game.play_unchecked(mv);
                }
                margin += game.outcome().map_or(0, |o| o.margin_for(game_core::Seat::FIRST));
            }
            margin
        })
    });
    group.finish();
}

fn alpha_beta(c: &mut Criterion) {
    const DEPTH: usize = 11;
    let mut group = c.benchmark_group("alpha-beta");
    let position = start(&[]);
    let mut buffers: Vec<Vec<Square>> = (0..DEPTH).map(|_| Vec::new()).collect();
    let mut nodes = 0;
    negamax(&position, DEPTH, -2_000_000, 2_000_000, &mut nodes, &mut buffers);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("8x8 centre depth {DEPTH} ({nodes} nodes)"), |b| {
        b.iter(|| {
            let mut nodes = 0;
            negamax(black_box(&position), DEPTH, -2_000_000, 2_000_000, &mut nodes, &mut buffers)
        })
    });
    group.finish();
}

criterion_group!(benches, perft, playouts, alpha_beta);
criterion_main!(benches);
