//! Every optimised search against plain, unpruned search on random
//! positions: alpha-beta (PVS, table, ordering) against plain negamax at
//! depths 1..=4, and the exact solver against exhaustive search. Free
//! turns are on in most positions.

mod support;

use ai::reference::plain_final_margin;
use ai::testing::{check_against_plain_negamax, check_solver_against_plain, random_positions};
use ai::{Cutoffs, SearchLimits, Solver, SolverConfig};
use game_core::nim::{Nim, NimRules};
use game_core::rng::seeded;
use game_core::{Game, Seat, Solve};
use rand::Rng;
use support::kalah::{Kalah, KalahRules, in_play_bound, kalah};

/// Ten Nim rule sets (heaps, max_take, free turns on and off) drawn from
/// `seed`, with ten random positions each.
fn nim_positions(seed: u64, max_stones: u32) -> Vec<Vec<Nim>> {
    let mut rng = seeded(seed);
    (0..10)
        .map(|i| {
            let heaps: Vec<u8> = loop {
                let count = rng.random_range(1..=4);
                let heaps: Vec<u8> = (0..count).map(|_| rng.random_range(1..=6)).collect();
                if heaps.iter().map(|&h| u32::from(h)).sum::<u32>() <= max_stones {
                    break heaps;
                }
            };
            let rules = NimRules { heaps, max_take: rng.random_range(1..=4), free_turn: i % 4 != 3 };
            let start = Nim::start(&rules, &[]).unwrap();
            random_positions(&start, 10, 6, seed + i)
        })
        .collect()
}

#[test]
fn nim_alpha_beta_matches_plain_negamax() {
    let groups = nim_positions(11, 16);
    assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 100);
    assert!(groups.iter().any(|g| g[0].rules().free_turn) && groups.iter().any(|g| !g[0].rules().free_turn));
    for positions in &groups {
        check_against_plain_negamax(positions, 1..=4);
    }
}

#[test]
fn nim_solver_matches_plain_search() {
    for positions in &nim_positions(12, 11) {
        check_solver_against_plain(positions);
    }
}

fn kalah_positions(seed: u64) -> Vec<Vec<Kalah>> {
    let mut groups = Vec::new();
    for (i, (pits, stones)) in [(2, 2), (3, 1), (3, 2), (2, 3)].into_iter().enumerate() {
        for empty_capture in [false, true] {
            let start = kalah(pits, stones, empty_capture);
            groups.push(random_positions(&start, 12, 5, seed + i as u64 * 2 + u64::from(empty_capture)));
        }
    }
    groups
}

#[test]
fn kalah_alpha_beta_matches_plain_negamax() {
    for positions in &kalah_positions(21) {
        check_against_plain_negamax(positions, 1..=4);
    }
}

#[test]
fn kalah_solver_matches_plain_search() {
    for positions in &kalah_positions(22) {
        check_solver_against_plain(positions);
    }
}

#[test]
fn the_stones_in_play_bound_keeps_values_exact() {
    let config = SolverConfig { table_mb: 1, future_bound: Some(in_play_bound), ..SolverConfig::default() };
    for positions in &kalah_positions(23) {
        let mut solver = Solver::new(config);
        for p in positions {
            let solution = solver.solve(p, &SearchLimits::none()).unwrap();
            assert_eq!(solution.value, plain_final_margin(p), "{}", p.format_position());
        }
    }
}

#[test]
fn tiny_kalah_by_hand() {
    let solve = |k: &Kalah| Solver::new(SolverConfig::default()).solve(k, &SearchLimits::none()).unwrap();
    // One pit of one stone: it goes to the store (a free turn), the first
    // side is empty, the second banks its stone: 1-1.
    assert_eq!(solve(&kalah(1, 1, false)).first_seat_margin, 0);
    // One pit of two: one to the store, one to the opponent's pit; the
    // first side is empty and the second banks 3: 1-3.
    assert_eq!(solve(&kalah(1, 2, false)).first_seat_margin, -2);
    // Two pits of one, cells [pits | store | pits | store]:
    // [1 1 | 0 | 1 1 | 0]. Sowing pit 2 reaches the store: a free turn,
    // [1 0 | 1 | 1 1 | 0]. Pit 1's stone lands in the empty pit 2 and
    // captures the opposite stone: [0 0 | 3 | 0 1 | 0]. The first side is
    // empty, the second banks its last stone: 3-1, and no line does
    // better (4 stones; plain search agrees).
    assert_eq!(solve(&kalah(2, 1, false)).first_seat_margin, 2);
    assert_eq!(plain_final_margin(&kalah(2, 1, false)), 2);
}

#[test]
fn banked_stores_share_table_entries() {
    let rules = KalahRules { pits: 3, stones: 2, empty_capture: false };
    // Same pits and side to move, different stores.
    let a = Kalah::with_cells(&rules, &[2, 1, 2, 1, 2, 0, 3, 0], Seat::FIRST);
    let b = Kalah::with_cells(&rules, &[2, 1, 2, 5, 2, 0, 3, 2], Seat::FIRST);
    assert_eq!(a.future_key(), b.future_key());
    assert_ne!(a.hash_key(), b.hash_key());
    let mut solver = Solver::new(SolverConfig { table_mb: 1, ..SolverConfig::default() });
    let first = solver.solve(&a, &SearchLimits::none()).unwrap();
    let second = solver.solve(&b, &SearchLimits::none()).unwrap();
    assert_eq!(first.value, plain_final_margin(&a));
    assert_eq!(second.value, plain_final_margin(&b));
    assert_eq!(first.value - a.banked_margin(Seat::FIRST), second.value - b.banked_margin(Seat::FIRST));
    assert!(
        second.stats.nodes * 4 < first.stats.nodes,
        "the second solve reuses the first one's entries: {} vs {} nodes",
        second.stats.nodes,
        first.stats.nodes
    );
}

#[test]
fn a_bigger_kalah_solves_with_every_setting_alike() {
    // Too big for plain search: the settings must agree with each other.
    let start = kalah(4, 3, false);
    let mut values = Vec::new();
    for enhanced_cutoffs in [Cutoffs::Never, Cutoffs::SeenBefore, Cutoffs::Always] {
        for guess_depth in [0, 6] {
            for future_bound in [None, Some(in_play_bound as fn(&Kalah) -> i32)] {
                let config = SolverConfig {
                    table_mb: 8,
                    enhanced_cutoffs,
                    guess_depth,
                    future_bound,
                    ..SolverConfig::default()
                };
                let solution = Solver::new(config).solve(&start, &SearchLimits::none()).unwrap();
                values.push(solution.value);
            }
        }
    }
    assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
}

/// Values of the toy Kalah under its rules (capture only of a non-empty
/// opposite pit unless `empty_capture`, each side keeps its own stones at
/// the end), for comparison with the Stones engine's Kalah mode. Larger
/// boards are in the ignored test below.
#[test]
fn toy_kalah_values() {
    let solve = |pits, stones, empty| {
        let config =
            SolverConfig { table_mb: 16, future_bound: Some(in_play_bound), ..SolverConfig::default() };
        Solver::new(config)
            .solve(&kalah(pits, stones, empty), &SearchLimits::none())
            .unwrap()
            .first_seat_margin
    };
    assert_eq!(solve(3, 3, false), plain_final_margin(&kalah(3, 3, false)));
    assert_eq!(solve(4, 3, false), 6);
}

/// The bigger toy boards (release build: `cargo test --release -p ai
/// --test against_plain -- --ignored`): Kalah(5,3) +6, (5,4) +10, (6,3)
/// +2 in seconds; (6,4) +8 took 589M nodes and about 6 minutes on a
/// loaded 2-core machine, far from the solver's speed target (see the
/// issue), so it is not run here.
#[test]
#[ignore]
fn bigger_toy_kalah_values() {
    for (pits, stones, value) in [(5, 3, 6), (5, 4, 10), (6, 3, 2)] {
        let config =
            SolverConfig { table_mb: 512, future_bound: Some(in_play_bound), ..SolverConfig::default() };
        let solution = Solver::new(config).solve(&kalah(pits, stones, false), &SearchLimits::none()).unwrap();
        println!(
            "toy kalah({pits},{stones}): {:+} in {:?}, {} nodes",
            solution.first_seat_margin, solution.stats.elapsed, solution.stats.nodes
        );
        assert_eq!(solution.first_seat_margin, value);
    }
}
