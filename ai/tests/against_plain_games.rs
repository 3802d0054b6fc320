//! Alpha-beta against plain, unpruned negamax on the three real games: 100
//! random positions per game, at depths 1..=4, with every engine setting
//! [`check_against_plain_negamax`] tries (PVS, exact root values, the table
//! from depth 2, one engine kept across all searches).
//!
//! Stones runs its default relay rules (free turns on every lap past the
//! score pile) and Kalah; Blockade several boards and thresholds; Strategy
//! Chess the barrage army (so that plain search to depth 4 stays quick), on
//! positions sampled from a seat's view as the AI searches them. Classic
//! armies, too slow for plain search at depth 4 in a debug build, are
//! checked to depth 3 here and to depth 4 in the ignored test at the end.

use ai::testing::{check_against_plain_negamax, random_positions};
use game_core::rng::seeded;
use game_core::{Game, Observe, RuleSet, Seat};

/// `count` positions reached by random play from the start of `rules`,
/// with up to `max_plies` moves.
fn positions<G: Game>(
    rules: &G::Rules,
    setups: &[G::Setup],
    count: usize,
    max_plies: u32,
    seed: u64,
) -> Vec<G> {
    let start = G::start(rules, setups).expect("a start position");
    random_positions(&start, count, max_plies, seed)
}

#[test]
fn stones_alpha_beta_matches_plain_negamax() {
    use stones::{Stones, StonesRules};
    let mut free_turns = 0;
    let mut total = 0;
    for (settings, max_plies, seed) in [
        (&[][..], 40, 1),
        (&["pits=4", "stones=3"][..], 30, 2),
        (&["sowing=kalah"][..], 40, 3),
        (&["sowing=kalah", "empty_capture=true", "pits=5"][..], 40, 4),
    ] {
        let rules = StonesRules::default().with_settings(settings).unwrap();
        let found: Vec<Stones> = positions(&rules, &[], 25, max_plies, seed);
        // Free turns must really be on the searched lines.
        for p in &found {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            free_turns += moves
                .iter()
                .filter(|&&mv| {
                    let mut child = p.clone();
                    child.play_unchecked(mv);
                    child.outcome().is_none() && child.to_move() == p.to_move()
                })
                .count();
        }
        total += found.len();
        check_against_plain_negamax(&found, 1..=4);
    }
    assert_eq!(total, 100);
    assert!(free_turns >= 20, "only {free_turns} free-turn moves at the roots");
}

#[test]
fn blockade_alpha_beta_matches_plain_negamax() {
    use blockade::{Blockade, BlockadeRules};
    let mut total = 0;
    let mut finished = 0;
    for (settings, max_plies, seed) in [
        (&["size=5"][..], 8, 1),
        (&["size=6", "neighbourhood=4"][..], 14, 2),
        (&["size=6", "start=wide", "capture=2", "overcrowd=0"][..], 14, 3),
        (&["size=5", "claim=2", "corner_value=1", "edge_value=1"][..], 8, 4),
    ] {
        let rules = BlockadeRules::default().with_settings(settings).unwrap();
        let found: Vec<Blockade> = positions(&rules, &[], 25, max_plies, seed);
        finished += found.iter().filter(|p| p.outcome().is_some()).count();
        total += found.len();
        check_against_plain_negamax(&found, 1..=4);
    }
    assert_eq!(total, 100);
    assert!(
        (1..50).contains(&finished),
        "most positions, not all, must still be in play: {finished} are over"
    );
}

/// Strategy Chess positions under `settings`: random setups, random play,
/// then a position sampled from the view of the side to move.
fn strategy_chess_positions(
    settings: &[&str],
    count: usize,
    max_plies: u32,
    seed: u64,
) -> Vec<strategy_chess::StrategyChess> {
    use strategy_chess::{StrategyChess, StrategyChessRules};
    let rules = StrategyChessRules::default().with_settings(settings).unwrap();
    let mut rng = seeded(seed);
    let setups =
        [Seat::FIRST, Seat::SECOND].map(|seat| StrategyChess::random_setup(&rules, seat, true, &mut rng));
    let played: Vec<StrategyChess> = positions(&rules, &setups, count, max_plies, seed);
    played
        .iter()
        .enumerate()
        .map(|(i, p)| StrategyChess::sample(&p.view(p.to_move()), &mut seeded(i as u64)))
        .collect()
}

#[test]
fn strategy_chess_alpha_beta_matches_plain_negamax() {
    let mut total = 0;
    for (settings, max_plies, seed) in [
        (&["army=barrage"][..], 60, 1),
        (&["army=barrage", "scouts=long-no-strike", "bombs=single-use"][..], 60, 2),
        (&["army=barrage", "scouts=one-square", "first=blue"][..], 60, 3),
        (&["army=barrage", "no_capture_limit=20"][..], 80, 4),
    ] {
        let found = strategy_chess_positions(settings, 23, max_plies, seed);
        total += found.len();
        check_against_plain_negamax(&found, 1..=4);
    }
    let classic = strategy_chess_positions(&[], 8, 80, 5);
    total += classic.len();
    check_against_plain_negamax(&classic, 1..=3);
    assert_eq!(total, 100);
}

/// Classic armies at depth 4 (`cargo test --release -p ai --test
/// against_plain_games -- --ignored`).
#[test]
#[ignore]
fn strategy_chess_classic_depth_four() {
    check_against_plain_negamax(&strategy_chess_positions(&[], 20, 120, 6), 1..=4);
}
