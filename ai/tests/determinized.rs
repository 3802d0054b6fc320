//! The determinized entry point on a game with hidden information:
//! reproducible from the seed, and blind to what the seat cannot see.

use ai::determinized::{Combine, SamplePlan};
use ai::testing::check_same_view_same_move;
use ai::{AlphaBetaConfig, Budget, ComputerPlayer, EngineKind, Level, MctsConfig, PlayoutPolicy};
use game_core::nim::NimRules;
use game_core::nim::secret::SecretNim;
use game_core::{Game, Observe, Seat};
use std::time::Duration;

fn budget(engine: EngineKind, samples: u32, combine: Combine, threads: usize) -> Budget {
    Budget {
        engine,
        plan: SamplePlan { samples, combine, ..SamplePlan::SINGLE },
        depth: Some(3),
        nodes: Some(40_000),
        time: Some(Duration::from_secs(10)),
        noise: 0.0,
        threads,
        library_setup: true,
        exact: None,
    }
}

fn budgets() -> Vec<Budget> {
    let ab = EngineKind::AlphaBeta(AlphaBetaConfig { tt_mb: 1, ..AlphaBetaConfig::default() });
    let exact =
        EngineKind::AlphaBeta(AlphaBetaConfig { tt_mb: 1, exact_root: true, ..AlphaBetaConfig::default() });
    let mcts = EngineKind::Mcts(MctsConfig {
        playout: PlayoutPolicy { greedy: 0.2, cutoff: Some(6), eval_scale: 10.0 },
        ..MctsConfig::default()
    });
    vec![
        budget(ab, 6, Combine::Vote, 1),
        budget(exact, 6, Combine::Average, 1),
        budget(exact, 7, Combine::Average, 2),
        budget(mcts, 4, Combine::Vote, 2),
        Budget { noise: 0.5, ..budget(exact, 3, Combine::Average, 1) },
    ]
}

fn rules() -> NimRules {
    NimRules { heaps: vec![4, 5, 6, 3], max_take: 3, free_turn: true }
}

/// A Secret Nim position: the heaps, the seat to move and both words (the
/// winner's margin is its word's length).
fn position(text: &str) -> SecretNim {
    SecretNim::parse_position(&rules(), text).expect("a valid position")
}

#[test]
fn same_view_and_seed_give_the_same_move() {
    let position = position("4 5 6 3 : second | HERON OWL");
    let view = position.view(Seat::SECOND);
    for budget in budgets() {
        let a = ComputerPlayer::<SecretNim>::with_budget(budget).choose_move(&view, 17, None);
        let b = ComputerPlayer::<SecretNim>::with_budget(budget).choose_move(&view, 17, None);
        assert_eq!(a.best_move, b.best_move, "{budget:?}");
        assert_eq!(a.root_moves, b.root_moves, "{budget:?}");
        assert!(position.check_move(a.best_move.unwrap()).is_ok());
        assert_eq!(a.stats.samples, budget.plan.samples.max(1), "{budget:?}");
    }
}

#[test]
fn hidden_secrets_do_not_change_the_move() {
    // The second seat's word differs; the first seat cannot see it.
    for (heaps, seed) in [("4 5 6 3 : first", 1), ("1 2 0 3 : first", 2), ("2 2 2 2 : first", 3)] {
        for theirs in ["OWL", "HERON"] {
            let a = position(&format!("{heaps} | WREN {theirs}"));
            let b = position(&format!("{heaps} | WREN WREN"));
            assert_ne!(a, b);
            for budget in budgets() {
                check_same_view_same_move(&a, &b, Seat::FIRST, budget, seed);
            }
        }
    }
}

#[test]
#[should_panic(expected = "same view")]
fn the_non_cheating_check_rejects_positions_that_look_different() {
    let a = position("4 5 6 3 : first | WREN OWL");
    let b = position("4 5 6 3 : first | HERON OWL");
    check_same_view_same_move(&a, &b, Seat::FIRST, budgets()[0], 1);
}

#[test]
fn every_level_plays_a_legal_move_from_a_view() {
    let position = position("4 5 6 3 : first | OWL WREN");
    for level in Level::all() {
        let budget = ai::levels::at(&ai::levels::DEFAULT_TABLE, level).with_samples(4, 1_500).reproducible();
        let budget = Budget { nodes: budget.nodes.map(|n| n.min(30_000)), ..budget };
        let result = ComputerPlayer::<SecretNim>::with_budget(budget).choose_move(
            &position.view(Seat::FIRST),
            5,
            None,
        );
        let mv = result.best_move.expect("the game is not over");
        assert!(position.check_move(mv).is_ok(), "level {level}");
    }
}

#[test]
fn a_finished_game_gives_no_move() {
    let position = position("0 0 0 0 : second | OWL HERON");
    let result = ComputerPlayer::<SecretNim>::with_budget(budgets()[1]).choose_move(
        &position.view(Seat::FIRST),
        1,
        None,
    );
    assert_eq!(result.best_move, None);
}

#[test]
fn extra_samples_are_drawn_only_while_the_budget_is_mostly_unspent() {
    let position = position("4 5 6 3 : second | HERON OWL");
    let view = position.view(Seat::SECOND);
    let exact =
        EngineKind::AlphaBeta(AlphaBetaConfig { tt_mb: 1, exact_root: true, ..AlphaBetaConfig::default() });
    let plain = budget(exact, 4, Combine::Average, 2);
    let spent = |budget: Budget| {
        let first = ComputerPlayer::<SecretNim>::with_budget(budget).choose_move(&view, 5, None);
        let again = ComputerPlayer::<SecretNim>::with_budget(budget).choose_move(&view, 5, None);
        assert_eq!(first.root_moves, again.root_moves, "reproducible: {budget:?}");
        (first.stats.samples, first.stats.nodes)
    };
    let (samples, nodes) = spent(plain);
    assert_eq!(samples, 4);
    let roomy =
        Budget { nodes: Some(nodes * 100), plan: SamplePlan { extra_samples: 8, ..plain.plan }, ..plain };
    assert_eq!(spent(roomy).0, 12, "two more batches of 4, then no more allowed");
    let tight = Budget { nodes: Some(nodes * 2), ..roomy };
    assert_eq!(spent(tight).0, 4, "half the node cap is gone after one batch: no more");
}
