//! Late move reductions (`AlphaBetaConfig::reduce_after`): they change
//! nothing for a game that calls no move reducible, and on Strategy Chess
//! they spare nodes at the same depth without missing a strike.

use ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use ai::{SearchLimits, Searcher};
use game_core::nim::{Nim, NimRules};
use game_core::rng::seeded;
use game_core::{Evaluate, Game};
use strategy_chess::{StrategyChess, StrategyChessRules};

fn engine<G: Evaluate>(reduce_after: u32) -> AlphaBeta<G> {
    AlphaBeta::new(AlphaBetaConfig { tt_mb: 4, reduce_after, ..AlphaBetaConfig::default() })
}

#[test]
fn a_game_without_reducible_moves_searches_exactly_as_before() {
    let rules = NimRules { heaps: vec![4, 5, 6, 3], ..NimRules::default() };
    let position = Nim::start(&rules, &[]).unwrap();
    let limits = SearchLimits::none().depth(6);
    let plain = engine::<Nim>(0).search(&position, None, &limits, &mut seeded(1));
    let reduced = engine::<Nim>(2).search(&position, None, &limits, &mut seeded(1));
    assert_eq!(plain.value, reduced.value);
    assert_eq!(plain.best_move, reduced.best_move);
    assert_eq!(plain.stats.nodes, reduced.stats.nodes);
}

/// A middle game, every piece known: Red's General on e5 stands beside a
/// Blue Sergeant on e6.
const OPEN_MIDDLE: &str = "\
b9 b9 b6 b4 bB bF bB b4 b9 b9
b8 b7 bB b3 b8 bB b3 b8 b6 b8
b5 b9 bB b7 b2 b6 b8 b6 b9 .
. . . b5 . . bS bB . .
. b6 ~ ~ b7 . ~ ~ b5 .
. . ~ ~ r2 . ~ ~ . .
rB . r6 r6 . rB r6 r7 r4 rB
rB r4 r5 r5 r1 r9 r5 r9 . r5
rB r7 . r4 . r3 . r9 r9 r3
rF rB r9 r8 r8 r8 r9 r9 r8 r8
to_move: red
";

#[test]
fn strategy_chess_reduced_spares_nodes_and_still_strikes() {
    let position = StrategyChess::parse_position(&StrategyChessRules::default(), OPEN_MIDDLE).unwrap();
    let limits = SearchLimits::none().depth(5);
    let plain = engine::<StrategyChess>(0).search(&position, None, &limits, &mut seeded(1));
    let reduced = engine::<StrategyChess>(3).search(&position, None, &limits, &mut seeded(1));
    // Red's General on e5 takes the Sergeant on e6 either way.
    let strike = position.parse_move("e5-e6").unwrap();
    assert_eq!(plain.best_move, Some(strike));
    assert_eq!(reduced.best_move, Some(strike));
    assert!(
        reduced.stats.nodes * 3 < plain.stats.nodes * 2,
        "reduced {} nodes, plain {}",
        reduced.stats.nodes,
        plain.stats.nodes
    );
}
