//! The exact solver against the published values of Kalah, played by the
//! Stones engine in its Kalah mode.
//!
//! # Which rules
//!
//! "Solving Kalah" (Irving, Donkers, Uiterwijk, ICGA Journal 23(3), 2000)
//! solves Kalah(m,n): m pits a side, n stones a pit, the first player (the
//! paper's South) moving first, values as the first player's final store
//! margin under perfect play. Its rules, as in the authors' code:
//!
//! - sowing counter-clockwise into the mover's own store, skipping the
//!   opponent's; a last stone in the own store is a free turn;
//! - a last stone in one of the mover's own pits that was empty captures
//!   it and the opposite pit **even when the opposite pit is empty** (the
//!   "empty capture" rule); a lap of 2m+1 stones or more that ends in the
//!   emptied start pit counts too;
//! - after every sowing, if either side is empty the game ends and each
//!   player keeps the stones on their own side.
//!
//! That is `sowing = "kalah"` with `empty_capture = true` and the default
//! end sweep (`owner-keeps`): [`StonesRules::kalah`]`(m, n, true)`. The
//! usual rule-book capture (only when the opposite pit holds stones) is
//! `empty_capture = false`.
//!
//! # Which values
//!
//! - Empty capture, from the paper's table of Kalah(6,n):
//!   (6,1) +2, (6,2) +10, (6,3) +2, (6,4) +10, (6,5) +12.
//! - Standard capture: (6,4) +8 and (6,5) +10, found by Mark Rawlings with
//!   endgame databases (2015), as reported in the Kalah article of
//!   Wikipedia.
//!
//! The smaller boards have no value we could cite, so they are checked two
//! other ways: against plain exhaustive search where that is quick, and
//! against a second, independent implementation of the rules (the toy
//! Kalah of the tests' support module). The big boards are `#[ignore]`d:
//! run them with
//!
//! ```text
//! cargo test --release -p ai --test kalah_values -- --ignored --nocapture
//! ```

mod support;

use ai::reference::plain_final_margin;
use ai::{SearchLimits, Solver, SolverConfig};
use game_core::{Game, Seat};
use stones::{Stones, StonesRules};
use support::kalah::kalah as toy_kalah;

/// Kalah(m,n) with or without the empty capture, from the start.
fn start(pits: u8, stones: u8, empty_capture: bool) -> Stones {
    Stones::start(&StonesRules::kalah(pits, stones, empty_capture), &[]).expect("valid Kalah rules")
}

/// The first player's final margin under perfect play, solved in
/// `threads` threads.
fn solve(position: &Stones, table_mb: usize, threads: usize) -> i64 {
    let config = SolverConfig { table_mb, threads, ..SolverConfig::default() };
    let solution = Solver::new(config).solve(position, &SearchLimits::none()).expect("solvable");
    println!(
        "{} in {threads} thread(s): {:+} ({} nodes, {:.2} s)",
        position.rules().summary_line(),
        solution.first_seat_margin,
        solution.stats.nodes,
        solution.stats.elapsed.as_secs_f64()
    );
    solution.first_seat_margin
}

/// A short description of the rules for the printed lines.
trait Summary {
    fn summary_line(&self) -> String;
}

impl Summary for StonesRules {
    fn summary_line(&self) -> String {
        let capture = if self.empty_capture { "empty capture" } else { "standard capture" };
        format!("Kalah({},{}) {capture}", self.pits, self.stones)
    }
}

/// (pits, stones, empty capture, first player's margin) from the sources
/// in the file's documentation, small enough for a debug build.
const PUBLISHED_SMALL: &[(u8, u8, bool, i64)] = &[(6, 1, true, 2), (6, 2, true, 10)];

/// The same for the boards that need a release build.
const PUBLISHED_LARGE: &[(u8, u8, bool, i64)] = &[(6, 3, true, 2), (6, 4, true, 10), (6, 4, false, 8)];

#[test]
fn the_published_small_kalah_values() {
    for &(pits, stones, empty_capture, value) in PUBLISHED_SMALL {
        let position = start(pits, stones, empty_capture);
        assert_eq!(position.to_move(), Seat::FIRST, "the first player moves first");
        for threads in [1, 2] {
            assert_eq!(
                solve(&position, 16, threads),
                value,
                "Kalah({pits},{stones}), empty capture {empty_capture}, {threads} threads"
            );
        }
    }
}

#[test]
#[ignore = "minutes in a debug build: run with --release"]
fn the_published_large_kalah_values() {
    for &(pits, stones, empty_capture, value) in PUBLISHED_LARGE {
        let position = start(pits, stones, empty_capture);
        for threads in [1, 2] {
            assert_eq!(
                solve(&position, 1024, threads),
                value,
                "Kalah({pits},{stones}), empty capture {empty_capture}, {threads} threads"
            );
        }
    }
}

#[test]
fn small_boards_agree_with_plain_search() {
    for empty_capture in [true, false] {
        for (pits, stones) in [(3, 1), (3, 2), (4, 1)] {
            let position = start(pits, stones, empty_capture);
            let plain = plain_final_margin(&position);
            for threads in [1, 2] {
                assert_eq!(
                    solve(&position, 4, threads),
                    plain,
                    "Kalah({pits},{stones}), empty capture {empty_capture}, {threads} threads"
                );
            }
        }
    }
}

/// Two implementations of the rules written apart (the Stones engine and
/// the toy Kalah) give the same values on every small board, under both
/// capture rules: a rules slip in either would show here.
#[test]
fn small_boards_agree_with_the_toy_kalah() {
    for empty_capture in [true, false] {
        for (pits, stones) in [(3, 1), (3, 2), (3, 3), (4, 1), (4, 2), (4, 3), (5, 1), (5, 2), (6, 1), (6, 2)]
        {
            let config = SolverConfig { table_mb: 16, ..SolverConfig::default() };
            let toy =
                Solver::new(config).solve(&toy_kalah(pits, stones, empty_capture), &SearchLimits::none());
            let toy = toy.expect("solvable").first_seat_margin;
            for threads in [1, 2] {
                assert_eq!(
                    solve(&start(pits, stones, empty_capture), 16, threads),
                    toy,
                    "Kalah({pits},{stones}), empty capture {empty_capture}, {threads} threads"
                );
            }
        }
    }
}

/// The empty-capture rule itself, on one sowing: a last stone in the
/// mover's own empty pit facing an empty pit is banked under the paper's
/// rule and stays under the usual one.
#[test]
fn a_lone_stone_is_captured_only_under_the_empty_capture_rule() {
    for (empty_capture, store, pile) in [(true, 1, 0), (false, 0, 1)] {
        let rules = StonesRules::kalah(4, 1, empty_capture);
        // Player One sows pile 3 (one stone) into the empty pile 2; the
        // pile facing it (Player Two's pile 3) is empty.
        let mut game = Stones::parse_position(&rules, "0 0 1 0 [0] / 1 1 0 1 [0] : first").unwrap();
        game.play(game.parse_move("3").unwrap());
        assert_eq!(game.store(Seat::FIRST), store, "empty capture {empty_capture}");
        assert_eq!(game.row(Seat::FIRST), &[0, pile, 0, 0], "empty capture {empty_capture}");
        assert_eq!(game.to_move(), Seat::SECOND);
    }
}
