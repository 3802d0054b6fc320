//! Speed of the Blockade engine on 8x8: perft nodes per second, random
//! playouts per second, and the nodes per second of a plain alpha-beta
//! search over the engine and its evaluation.
//!
//! `cargo bench -p blockade`; criterion reports each as elements/s.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use blockade::{Blockade, BlockadeRules, Square};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use game_core::rng::seeded;
use game_core::{Evaluate, Game, RuleSet, perft_counts};

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

/// A plain fail-soft alpha-beta negamax, without move ordering or tables:
/// it measures the engine (generation, play, evaluation), not a search.
fn negamax(
    position: &Blockade,
    depth: usize,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
    buffers: &mut [Vec<Square>],
) -> i32 {
    *nodes += 1;
    let me = position.to_move();
    if let Some(outcome) = position.outcome() {
        return outcome.sign_for(me) * 1_000_000;
    }
    if depth == 0 {
        return position.evaluate(me);
    }
    let (moves, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    position.legal_moves(moves);
    let mut best = i32::MIN + 1;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let value = -negamax(&child, depth - 1, -beta, -alpha, nodes, deeper);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
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
