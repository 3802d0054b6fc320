//! The exact solver on Blockade (no banked part, no future bound: the
//! solver's generic path) against plain exhaustive search, and the values
//! `boardsuite solve blockade` prints for the smallest boards.

use ai::reference::plain_final_margin;
use ai::testing::{check_solver_against_plain, random_positions};
use ai::{SearchLimits, Solver, SolverConfig};
use blockade::{Blockade, BlockadeRules};
use game_core::{Game, RuleSet};

fn rules(settings: &[&str]) -> BlockadeRules {
    BlockadeRules::with_settings(&BlockadeRules::default(), settings).expect("valid settings")
}

#[test]
fn blockade_solver_matches_plain_search_near_the_end() {
    for settings in [&["size=5", "neighbourhood=4"][..], &["size=6", "neighbourhood=4"]] {
        let start = Blockade::start(&rules(settings), &[]).expect("start");
        // Deep enough into the game for plain search to be quick.
        let positions: Vec<Blockade> =
            random_positions(&start, 40, 40, 7).into_iter().filter(|p| count_moves(p) <= 3).take(6).collect();
        assert!(positions.len() >= 3, "{settings:?}: too few positions near the end");
        check_solver_against_plain(&positions);
    }
}

#[test]
fn the_smallest_blockade_start_matches_plain_search() {
    // The 4-neighbourhood start on 5x5 is small enough for plain search
    // (its tree has a few hundred positions).
    let start = Blockade::start(&rules(&["size=5", "neighbourhood=4"]), &[]).expect("start");
    let solution = Solver::new(SolverConfig { table_mb: 4, ..SolverConfig::default() })
        .solve(&start, &SearchLimits::none())
        .expect("solvable");
    assert_eq!(solution.value, plain_final_margin(&start));
}

fn count_moves(position: &Blockade) -> usize {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.len()
}

#[test]
fn blockade_five_solves_alike_with_every_setting() {
    // `boardsuite solve blockade --set size=5`: too big for plain search,
    // so the solver's settings are checked against each other.
    let start = Blockade::start(&rules(&["size=5"]), &[]).expect("start");
    let bare = SolverConfig::<Blockade> {
        table_mb: 16,
        enhanced_cutoffs: ai::Cutoffs::Never,
        guess_depth: 0,
        future_bound: None,
        ..SolverConfig::default()
    };
    let full = SolverConfig::<Blockade> { table_mb: 16, ..SolverConfig::default() };
    let values: Vec<i64> = [bare, full]
        .into_iter()
        .map(|config| {
            Solver::new(config).solve(&start, &SearchLimits::none()).expect("solvable").first_seat_margin
        })
        .collect();
    assert_eq!(values[0], values[1]);
}
