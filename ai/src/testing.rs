//! The test harness every optimised search is checked with, for any game.
//! A test kit: it is built only with the `testing` feature (and for ai's
//! own unit tests), never into the program.
//!
//! The games' integration tests run the same checks with one line each:
//!
//! ```
//! use ai::testing::{check_against_plain_negamax, check_solver_against_plain, random_positions};
//! use game_core::nim::{Nim, NimRules};
//! use game_core::Game;
//!
//! let start = Nim::start(&NimRules::default(), &[]).unwrap();
//! let positions = random_positions(&start, 5, 6, 1);
//! check_against_plain_negamax(&positions, 1..=3);
//! check_solver_against_plain(&positions);
//! ```
//!
//! The checks panic with the position and the settings on the first
//! mismatch, like `assert!`.

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::levels::Budget;
use crate::limits::SearchLimits;
use crate::player::ComputerPlayer;
use crate::reference::{plain_final_margin, plain_negamax};
use crate::search::Searcher;
use crate::solver::{Cutoffs, Solver, SolverConfig};
use game_core::rng::seeded;
use game_core::{Evaluate, Game, Observe, Seat, Solve};
use rand::Rng;
use std::ops::RangeInclusive;

/// `count` positions reached from `start` by 0 to `max_plies` random
/// moves, all drawn from `seed`. Finished games are included when random
/// play ends one early.
pub fn random_positions<G: Game>(start: &G, count: usize, max_plies: u32, seed: u64) -> Vec<G> {
    let mut rng = seeded(seed);
    let mut scratch = Vec::new();
    (0..count)
        .map(|_| {
            let mut position = start.clone();
            for _ in 0..rng.random_range(0..=max_plies) {
                match position.random_move(&mut rng, &mut scratch) {
                    Some(mv) => position.play_unchecked(mv),
                    None => break,
                }
            }
            position
        })
        .collect()
}

/// `start` after `plies` random moves drawn from `seed`, stopping before
/// the game ends (then the last position before its end): a fixed,
/// unfinished position for benchmarks.
pub fn after_random_plies<G: Game>(start: &G, plies: u32, seed: u64) -> G {
    let mut rng = seeded(seed);
    let mut scratch = Vec::new();
    let mut position = start.clone();
    for _ in 0..plies {
        let Some(mv) = position.random_move(&mut rng, &mut scratch) else { break };
        let mut next = position.clone();
        next.play_unchecked(mv);
        if next.outcome().is_some() {
            break;
        }
        position = next;
    }
    position
}

/// Asserts that alpha-beta returns exactly the root value of plain,
/// unpruned negamax ([`plain_negamax`]) for every position at every depth:
/// with principal-variation search, with exact root values, with the table
/// and history only from depth 3 (as Stones and Blockade use them), and with one engine
/// kept across all the searches (so stale table entries from other
/// positions and depths are exercised too).
///
/// The positions must share their rules (a table is only valid under one
/// set of rules).
pub fn check_against_plain_negamax<G: Evaluate>(positions: &[G], depths: RangeInclusive<u32>) {
    let pvs = AlphaBetaConfig { tt_mb: 1, exact_root: false, ..AlphaBetaConfig::default() };
    let exact = AlphaBetaConfig { tt_mb: 1, exact_root: true, ..AlphaBetaConfig::default() };
    let sparse = AlphaBetaConfig {
        tt_mb: 1,
        exact_root: false,
        tt_min_depth: 3,
        history_min_depth: 3,
        reduce_after: 0,
        deepen_to: 0,
    };
    let mut kept = AlphaBeta::<G>::new(pvs);
    let mut rng = seeded(0);
    for position in positions {
        for depth in depths.clone() {
            let expected = plain_negamax(position, depth);
            let limits = SearchLimits::none().depth(depth);
            let searches = [
                ("pvs", AlphaBeta::<G>::new(pvs).search(position, None, &limits, &mut rng)),
                ("exact root", AlphaBeta::<G>::new(exact).search(position, None, &limits, &mut rng)),
                (
                    "table and history from depth 3",
                    AlphaBeta::<G>::new(sparse).search(position, None, &limits, &mut rng),
                ),
                ("kept engine", kept.search(position, None, &limits, &mut rng)),
            ];
            for (name, result) in searches {
                assert_eq!(
                    result.value,
                    expected,
                    "{name} alpha-beta at depth {depth} differs from plain negamax on `{}`",
                    position.format_position()
                );
                if let Some(mv) = result.best_move {
                    assert!(position.check_move(mv).is_ok(), "{name}: illegal best move {mv:?}");
                    assert_eq!(result.pv.first(), Some(&mv), "{name}: the line starts with the move");
                }
            }
        }
    }
}

/// Asserts that the exact solver finds the final margin of plain,
/// exhaustive search ([`plain_final_margin`]) for every position: with and
/// without enhanced transposition cutoffs and first guess, with one and
/// three threads, and with one solver kept across all positions (they
/// must share their rules).
pub fn check_solver_against_plain<G: Solve>(positions: &[G]) {
    let plain = SolverConfig::<G> {
        table_mb: 1,
        enhanced_cutoffs: Cutoffs::Never,
        guess_depth: 0,
        future_bound: None,
        endgame_mb: 0,
        history: false,
        threads: 1,
    };
    let full = SolverConfig::<G> { table_mb: 1, ..SolverConfig::default() };
    let threaded = SolverConfig::<G> { threads: 3, ..full };
    let mut kept = Solver::new(full);
    let mut kept_threaded = Solver::new(threaded);
    for position in positions {
        let expected = plain_final_margin(position);
        let limits = SearchLimits::none();
        for (name, solver) in [
            ("plain", &mut Solver::new(plain)),
            ("full", &mut Solver::new(full)),
            ("kept", &mut kept),
            ("threads", &mut Solver::new(threaded)),
            ("kept threads", &mut kept_threaded),
        ] {
            let solution = solver
                .solve(position, &limits)
                .unwrap_or_else(|e| panic!("{name} solver failed on `{}`: {e}", position.format_position()));
            assert_eq!(
                solution.value,
                expected,
                "{name} solver differs from plain search on `{}`",
                position.format_position()
            );
            let first = if position.to_move() == Seat::FIRST { expected } else { -expected };
            assert_eq!(solution.first_seat_margin, first);
            if let Some(mv) = solution.best_move {
                let mut child = position.clone();
                child.play(mv);
                let after = plain_final_margin(&child);
                let after = if child.to_move() == position.to_move() { after } else { -after };
                assert_eq!(after, expected, "{name}: the best move keeps the value");
            }
        }
    }
}

/// Asserts the non-cheating property: `a` and `b` look the same to `seat`,
/// and fresh players with `budget` (made reproducible) choose the same move
/// from the same seed. Positions that differ only in what `seat` cannot
/// see must be searched alike.
pub fn check_same_view_same_move<G: Observe + Evaluate>(a: &G, b: &G, seat: Seat, budget: Budget, seed: u64) {
    let (view_a, view_b) = (a.view(seat), b.view(seat));
    assert_eq!(view_a, view_b, "the positions must give {seat} the same view");
    let budget = budget.reproducible();
    let move_a = ComputerPlayer::<G>::with_budget(budget).choose_move(&view_a, seed, None).best_move;
    let move_b = ComputerPlayer::<G>::with_budget(budget).choose_move(&view_b, seed, None).best_move;
    assert_eq!(move_a, move_b, "same view and seed, different moves: the AI saw hidden information");
}
