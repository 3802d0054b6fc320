//! A Miner three moves from our Flag: a search of four plies sees it only
//! as a hunter nearby and races for the enemy's Flag, one move too slow;
//! with the last steps of a hunter searched a ply further
//! ([`AlphaBetaConfig::extensions`], Strategy Chess's `extends`) it sees
//! the Flag fall and sends the Sergeant that can still stop the Miner.

use ai::{AlphaBeta, AlphaBetaConfig, SearchLimits, Searcher};
use game_core::rng::seeded;
use game_core::{Evaluate, Game};
use strategy_chess::{Colour, StrategyChess, StrategyChessRules};

/// Red's Flag on f1 behind Bombs on e1, g1 and f2; Blue's Miner on f4
/// needs f3, f2 (a Bomb) and f1: three moves. Red's Miner on a6 needs a7,
/// a8, a9 (a Bomb) and a10 (Blue's Flag): four, and Red moves first, so
/// it loses the race by one move. Red's Sergeant on c2 reaches e2, beside
/// f2, in two moves: in time to strike the Miner as it takes the Bomb.
const MINER_AT_THE_GATE: &str = "\
bF . . . . . . . . .
bB . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
r8 . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . b8 . . . .
. . . . . . . . . .
. . r7 . . rB . . . .
. . . . rB rF rB . . .
to_move: red
";

/// The position, made for a search on Red's behalf.
fn position() -> StrategyChess {
    let rules = StrategyChessRules::default();
    StrategyChess::parse_position(&rules, MINER_AT_THE_GATE).unwrap().searched_for(Colour::Red)
}

fn best_move(extensions: u32) -> String {
    let game = position();
    let config = AlphaBetaConfig { tt_mb: 1, extensions, ..AlphaBetaConfig::default() };
    let mut engine = AlphaBeta::<StrategyChess>::new(config);
    let limits = SearchLimits { depth: Some(4), ..SearchLimits::none() };
    let result = engine.search(&game, None, &limits, &mut seeded(1));
    let mv = result.best_move.expect("Red has moves");
    game.format_move(mv)
}

#[test]
fn the_miner_seen_in_time_is_met_by_the_sergeant() {
    assert_eq!(best_move(2), "c2-d2", "the Sergeant must head for e2");
}

#[test]
fn four_plies_alone_race_and_lose() {
    // The horizon the extensions are for: without them the Sergeant stays.
    assert!(!best_move(0).starts_with("c2"), "without extensions the search did see the Miner");
}

#[test]
fn only_the_enemys_hunter_closing_in_extends() {
    let game = position();
    let extends = |text: &str| game.extends(game.parse_move(text).unwrap());
    assert!(!extends("c2-d2"), "a Sergeant walking at home hunts nothing");
    let mut blue = game.clone();
    blue.play(blue.parse_move("c2-d2").unwrap());
    let extends = |text: &str| blue.extends(blue.parse_move(text).unwrap());
    assert!(extends("f4-f3"), "the Miner two steps from the Flag (through the Bomb)");
    assert!(!extends("f4-e4"), "sideways is not closing in");
    // Red's own Miner three steps from Blue's Flag (a guess, in a search
    // for Red) never extends; in a search for Blue it does.
    let mut near = StrategyChess::parse_position(&StrategyChessRules::default(), MINER_AT_THE_GATE).unwrap();
    near.play(near.parse_move("a6-a7").unwrap());
    near.play(near.parse_move("f4-e4").unwrap());
    let mv = near.parse_move("a7-a8").unwrap();
    assert!(!near.clone().searched_for(Colour::Red).extends(mv));
    assert!(near.searched_for(Colour::Blue).extends(mv));
}
