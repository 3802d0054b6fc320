//! Search speed against raw move generation, on fixed positions at fixed
//! depth.
//!
//! - `movegen/*`: every node made and its moves generated (clone, play,
//!   generate), to the same depth: the game's raw speed.
//! - `alphabeta/*`: the full alpha-beta engine (table, ordering, PVS,
//!   iterative deepening) to that depth.
//! - `solver/*`: the exact solver on the toy Kalah.
//!
//! Throughput is in nodes per second (criterion's "elem/s"); the ratio of
//! the two first is the search overhead (target: alpha-beta no more than
//! 20% below move generation). A summary line per position prints both.

#[path = "../tests/support/kalah.rs"]
#[allow(dead_code)]
mod kalah;

use ai::{AlphaBeta, AlphaBetaConfig, SearchLimits, Searcher, Solver, SolverConfig};
use criterion::{Criterion, Throughput, black_box, criterion_main};
use game_core::nim::{Nim, NimRules};
use game_core::rng::seeded;
use game_core::{Evaluate, Game};
use std::time::{Duration, Instant};

/// Nodes of a full-width walk to `depth` that makes every node and
/// generates its moves (leaves included).
fn movegen_walk<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    let (here, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    position.legal_moves(here);
    if depth == 0 {
        return 1;
    }
    let mut nodes = 1;
    for &mv in here.iter() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        nodes += movegen_walk(&child, depth - 1, deeper);
    }
    nodes
}

fn alphabeta_nodes<G: Evaluate>(engine: &mut AlphaBeta<G>, position: &G, depth: u32) -> u64 {
    let result = engine.search(position, None, &SearchLimits::none().depth(depth), &mut seeded(0));
    black_box(result.best_move);
    result.stats.nodes
}

fn compare<G: Evaluate>(c: &mut Criterion, name: &str, position: &G, walk_depth: u32, search_depth: u32) {
    let mut buffers: Vec<Vec<G::Move>> = (0..=walk_depth).map(|_| Vec::new()).collect();
    let walk_nodes = movegen_walk(position, walk_depth, &mut buffers);
    // A fresh engine per search: the table starts empty every time.
    let config = AlphaBetaConfig { tt_mb: 16, ..AlphaBetaConfig::default() };
    let search_nodes = alphabeta_nodes(&mut AlphaBeta::new(config), position, search_depth);

    // One timed run of each for the summary line.
    let clock = Instant::now();
    movegen_walk(position, walk_depth, &mut buffers);
    let walk_rate = walk_nodes as f64 / clock.elapsed().as_secs_f64();
    let mut engine = AlphaBeta::new(config);
    let clock = Instant::now();
    alphabeta_nodes(&mut engine, position, search_depth);
    let search_rate = search_nodes as f64 / clock.elapsed().as_secs_f64();
    println!(
        "summary {name}: movegen {walk_nodes} nodes at {:.2} Mnodes/s, alpha-beta depth {search_depth} {search_nodes} nodes at {:.2} Mnodes/s ({:+.0}%)",
        walk_rate / 1e6,
        search_rate / 1e6,
        (search_rate / walk_rate - 1.0) * 100.0
    );

    let mut group = c.benchmark_group(name);
    group.sample_size(10).measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(walk_nodes));
    group.bench_function(format!("movegen/depth {walk_depth}"), |b| {
        b.iter(|| movegen_walk(black_box(position), walk_depth, &mut buffers))
    });
    group.throughput(Throughput::Elements(search_nodes));
    group.bench_function(format!("alphabeta/depth {search_depth}"), |b| {
        // The engine (and its table) is made and dropped outside the timing.
        b.iter_batched(
            || AlphaBeta::new(config),
            |mut engine| {
                alphabeta_nodes(&mut engine, position, search_depth);
                engine
            },
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn nim_benches(c: &mut Criterion) {
    let rules = NimRules { heaps: vec![7, 8, 9, 6, 5], max_take: 3, free_turn: true };
    let start = Nim::start(&rules, &[]).unwrap();
    compare(c, "nim 7 8 9 6 5", &start, 5, 7);
    let plain = NimRules { heaps: vec![9, 9, 9, 9, 9, 9], max_take: 4, free_turn: false };
    compare(c, "nim 9x6 no free turns", &Nim::start(&plain, &[]).unwrap(), 4, 6);
}

fn kalah_benches(c: &mut Criterion) {
    compare(c, "toy kalah 6x4", &kalah::kalah(6, 4, false), 6, 9);
    let mut group = c.benchmark_group("solver");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    for (pits, stones) in [(4, 3), (5, 3)] {
        let start = kalah::kalah(pits, stones, false);
        let config = SolverConfig {
            table_mb: 64,
            future_bound: Some(kalah::in_play_bound),
            ..SolverConfig::default()
        };
        let solution = Solver::new(config).solve(&start, &SearchLimits::none()).expect("solvable");
        println!(
            "summary solver toy kalah({pits},{stones}): value {:+}, {} nodes, {:.2} Mnodes/s, {} passes, {}/{} probes hit",
            solution.first_seat_margin,
            solution.stats.nodes,
            solution.stats.nodes_per_second() / 1e6,
            solution.stats.passes,
            solution.stats.table_hits,
            solution.stats.table_probes
        );
        group.throughput(Throughput::Elements(solution.stats.nodes));
        group.bench_function(format!("toy kalah({pits},{stones})"), |b| {
            b.iter_batched(
                || Solver::new(config),
                |mut solver| {
                    black_box(solver.solve(&start, &SearchLimits::none()).ok().map(|s| s.value));
                    solver
                },
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

mod groups {
    // The macro's generated function carries no documentation.
    #![allow(missing_docs)]
    criterion::criterion_group!(benches, super::nim_benches, super::kalah_benches);
}

criterion_main!(groups::benches);
