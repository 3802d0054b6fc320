//! Search speed against raw move generation, on fixed positions at fixed
//! depth.
//!
//! - `movegen/*`: every node made and its moves generated (clone, play,
//!   generate), to the same depth: the game's raw speed.
//! - the summary line also gives an evaluated walk: the same full-width
//!   walk, evaluating its leaves instead of generating their moves (what
//!   the game costs a search; the rest is the search's own overhead);
//! - `alphabeta/*`: the full alpha-beta engine (table, ordering, PVS,
//!   iterative deepening) to that depth.
//! - `solver/*`: the exact solver on the toy Kalah.
//!
//! The positions: the three games' starts and middle games reached by
//! seeded random play (Strategy Chess: a position sampled from the view of
//! the side to move, as the AI searches it), the toy Nim and the toy
//! Kalah.
//!
//! Keep runs short on a shared machine:
//! `cargo bench -p ai --bench search -- --warm-up-time 1 --measurement-time 5`;
//! a name filters the groups (`-- stones`).
//!
//! Throughput is in nodes per second (criterion's "elem/s"); the ratio of
//! the two first is the search overhead (target: alpha-beta no more than
//! 20% below move generation). A summary line per position prints both.

#[path = "../tests/support/kalah.rs"]
#[allow(dead_code)]
mod kalah;

use ai::testing::after_random_plies;
use ai::{AlphaBeta, AlphaBetaConfig, SearchLimits, Searcher, Solver, SolverConfig};
use criterion::{Criterion, Throughput, black_box, criterion_main};
use game_core::nim::{Nim, NimRules};
use game_core::rng::seeded;
use game_core::{Evaluate, Game, Observe, RuleSet};
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

/// Nodes of a full-width minimax walk to `depth` that makes every node,
/// generates the moves of inner nodes and evaluates the leaves: what the
/// game itself costs a search, without any of the search's machinery.
fn evaluated_walk<G: Evaluate>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> (u64, i32) {
    let mover = position.to_move();
    if depth == 0 {
        return (1, position.evaluate(mover));
    }
    let (here, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    position.legal_moves(here);
    if here.is_empty() {
        return (1, 0);
    }
    let (mut nodes, mut best) = (1, i32::MIN);
    for &mv in here.iter() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let (n, value) = evaluated_walk(&child, depth - 1, deeper);
        nodes += n;
        best = best.max(if child.to_move() == mover { value } else { -value });
    }
    (nodes, best)
}

/// Nodes of a bare fail-soft alpha-beta to `depth`: no table, no move
/// ordering, no iterative deepening, moves as generated. The search loop
/// at its cheapest, for comparison: its nodes cost about what the walks'
/// do, and the engine needs far fewer of them to reach the same depth.
fn bare_alphabeta<G: Evaluate>(
    position: &G,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    buffers: &mut [Vec<G::Move>],
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let mover = position.to_move();
    if depth == 0 {
        return position
            .outcome()
            .map_or_else(|| position.evaluate(mover), |o| ai::score::terminal(&o, mover, 0));
    }
    let (here, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    position.legal_moves(here);
    if here.is_empty() {
        return position.outcome().map_or(0, |o| ai::score::terminal(&o, mover, 0));
    }
    let mut best = -ai::score::INFINITY;
    for &mv in here.iter() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let value = if child.to_move() == mover {
            bare_alphabeta(&child, depth - 1, alpha, beta, deeper, nodes)
        } else {
            -bare_alphabeta(&child, depth - 1, -beta, -alpha, deeper, nodes)
        };
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                if value >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// A fresh engine whose table is already in memory: a new table's pages
/// are only backed by the system when first written, and zeroing them
/// (16 MB: a few milliseconds) is not search work. A player keeps its
/// table from move to move.
fn ready_engine<G: Evaluate>(config: AlphaBetaConfig) -> AlphaBeta<G> {
    let mut engine = AlphaBeta::new(config);
    engine.forget();
    engine
}

fn alphabeta_nodes<G: Evaluate>(engine: &mut AlphaBeta<G>, position: &G, depth: u32) -> u64 {
    let result = engine.search(position, None, &SearchLimits::none().depth(depth), &mut seeded(0));
    black_box(result.best_move);
    result.stats.nodes
}

/// CPU time of this thread in seconds (Linux; elsewhere wall-clock time
/// since the first call). On a shared machine wall-clock time mostly
/// measures the other users; CPU time measures this search.
fn thread_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let ticks = std::fs::read_to_string("/proc/thread-self/stat").ok().and_then(|stat| {
        // Fields after the command name: utime and stime are the 12th and 13th.
        let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split(' ').collect();
        Some(fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?)
    });
    match ticks {
        Some(ticks) => ticks / 100.0,
        None => START.get_or_init(Instant::now).elapsed().as_secs_f64(),
    }
}

/// The nodes `run` visits and the CPU seconds it takes.
fn timed(run: impl FnOnce() -> u64) -> (u64, f64) {
    let start = thread_seconds();
    let nodes = run();
    (nodes, thread_seconds() - start)
}

/// Nodes per CPU second of `run` (which returns its nodes and CPU time),
/// repeated for at least `seconds` of CPU time. (The kernel counts CPU time
/// in ticks, but the ticks fall at random within runs, so many short runs
/// add up to the right total.)
fn rate(seconds: f64, mut run: impl FnMut() -> (u64, f64)) -> f64 {
    let (mut nodes, mut spent, mut runs) = (0, 0.0, 0);
    while spent < seconds || runs < 3 {
        let (n, t) = run();
        nodes += n;
        spent += t;
        runs += 1;
    }
    nodes as f64 / spent.max(1e-9)
}

/// The name filter given to the bench (`cargo bench -p ai -- stones`), if any.
fn filter() -> Option<String> {
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg.starts_with("--") {
            // Options with a value.
            if ["--warm-up-time", "--measurement-time", "--sample-size", "--save-baseline", "--baseline"]
                .contains(&arg.as_str())
            {
                args.next();
            }
        } else {
            return Some(arg);
        }
    }
    None
}

/// The engine settings the game's strongest level plays with (its level
/// table is in the shell's game registry), with a 16 MB table: the table
/// from remaining depth 3 in Stones and Blockade, history from depth 3 in
/// Blockade, both from depth 1 and 2 elsewhere.
fn level_ten_config(game: &str) -> AlphaBetaConfig {
    let base = AlphaBetaConfig {
        tt_mb: 16,
        exact_root: false,
        tt_min_depth: 1,
        history_min_depth: 2,
        reduce_after: 0,
        deepen_to: 0,
    };
    match game {
        "stones" => AlphaBetaConfig { tt_min_depth: 3, ..base },
        "blockade" => AlphaBetaConfig { tt_min_depth: 3, history_min_depth: 3, ..base },
        _ => base,
    }
}

fn compare<G: Evaluate>(c: &mut Criterion, name: &str, position: &G, walk_depth: u32, search_depth: u32) {
    if filter().is_some_and(|f| !name.contains(&f)) {
        return;
    }
    let mut buffers: Vec<Vec<G::Move>> = (0..=walk_depth).map(|_| Vec::new()).collect();
    let walk_nodes = movegen_walk(position, walk_depth, &mut buffers);
    // A fresh engine per search: the table starts empty every time.
    let config = level_ten_config(G::NAME);
    let search_nodes = alphabeta_nodes(&mut AlphaBeta::new(config), position, search_depth);

    // The summary line: both speeds in CPU time, three interleaved rounds
    // of at least a second each, the best of each kept (other users of
    // the machine only ever slow a round down).
    let (mut walk_rate, mut evaluated_rate, mut search_rate) = (0.0f64, 0.0f64, 0.0f64);
    for _ in 0..3 {
        walk_rate = walk_rate.max(rate(1.0, || timed(|| movegen_walk(position, walk_depth, &mut buffers))));
        evaluated_rate = evaluated_rate
            .max(rate(1.0, || timed(|| black_box(evaluated_walk(position, walk_depth, &mut buffers)).0)));
        search_rate = search_rate.max(rate(1.0, || {
            let mut engine = ready_engine(config);
            timed(|| alphabeta_nodes(&mut engine, position, search_depth))
        }));
    }
    // The bare search to the same depth, for its nodes and their cost.
    let mut search_buffers: Vec<Vec<G::Move>> = (0..=search_depth).map(|_| Vec::new()).collect();
    let mut bare = || {
        let mut nodes = 0;
        let inf = ai::score::INFINITY;
        black_box(bare_alphabeta(position, search_depth, -inf, inf, &mut search_buffers, &mut nodes));
        nodes
    };
    let bare_nodes = bare();
    let bare_rate = rate(1.0, || timed(&mut bare));
    println!(
        "summary {name}: bare alpha-beta depth {search_depth}: {bare_nodes} nodes in {:.1} ms ({:.2} Mnodes/s); the engine: {search_nodes} nodes in {:.1} ms",
        bare_nodes as f64 / bare_rate * 1e3,
        bare_rate / 1e6,
        search_nodes as f64 / search_rate * 1e3
    );
    println!(
        "summary {name}: movegen depth {walk_depth} ({walk_nodes} nodes) {:.2} Mnodes/s; evaluated walk {:.2} Mnodes/s; alpha-beta depth {search_depth} ({search_nodes} nodes) {:.2} Mnodes/s: {:+.0}% against movegen, {:+.0}% against the evaluated walk (CPU time)",
        walk_rate / 1e6,
        evaluated_rate / 1e6,
        search_rate / 1e6,
        (search_rate / walk_rate - 1.0) * 100.0,
        (search_rate / evaluated_rate - 1.0) * 100.0
    );

    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(walk_nodes));
    group.bench_function(format!("movegen/depth {walk_depth}"), |b| {
        b.iter(|| movegen_walk(black_box(position), walk_depth, &mut buffers))
    });
    group.throughput(Throughput::Elements(search_nodes));
    group.bench_function(format!("alphabeta/depth {search_depth}"), |b| {
        // The engine (and its table) is made and dropped outside the timing.
        b.iter_batched(
            || ready_engine(config),
            |mut engine| {
                alphabeta_nodes(&mut engine, position, search_depth);
                engine
            },
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn stones_benches(c: &mut Criterion) {
    let start = stones::Stones::start(&stones::StonesRules::default(), &[]).unwrap();
    compare(c, "stones start", &start, 7, 16);
    compare(c, "stones middle game", &after_random_plies(&start, 12, 3), 7, 16);
    let kalah = stones::StonesRules::default().with_settings(&["sowing=kalah"]).unwrap();
    let kalah = stones::Stones::start(&kalah, &[]).unwrap();
    compare(c, "stones kalah middle game", &after_random_plies(&kalah, 10, 3), 7, 16);
}

fn blockade_benches(c: &mut Criterion) {
    let start = blockade::Blockade::start(&blockade::BlockadeRules::default(), &[]).unwrap();
    compare(c, "blockade middle game", &after_random_plies(&start, 8, 5), 7, 14);
}

fn strategy_chess_benches(c: &mut Criterion) {
    use strategy_chess::{Library, StrategyChess, StrategyChessRules};
    let library = Library::builtin();
    let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
    let start = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
    let played = after_random_plies(&start, 40, 9);
    // What the AI searches: a position drawn from the view of the side to move.
    let view = played.view(played.to_move());
    let sample = StrategyChess::sample(&view, &mut seeded(1));
    compare(c, "strategy chess sampled middle game", &sample, 3, 5);
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
    criterion::criterion_group!(
        benches,
        super::stones_benches,
        super::blockade_benches,
        super::strategy_chess_benches,
        super::nim_benches,
        super::kalah_benches
    );
}

criterion_main!(groups::benches);
