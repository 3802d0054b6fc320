//! Past its horizon the search follows strikes on identified pieces
//! (quiescence): a strike that a revealed piece answers by striking back
//! is seen for the loss it is, even by a search one ply deep.

use ai::{AlphaBeta, AlphaBetaConfig, SearchLimits, Searcher};
use game_core::Game;
use game_core::rng::seeded;
use strategy_chess::{Colour, Move, StrategyChess, StrategyChessRules};

/// Red's General on e4; Blue's Colonel and Marshal on e6 and f6 are about
/// to take the Red Scouts on e5 and f5, which reveals them there.
const START: &str = "\
bF . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ b3 b1 ~ ~ . .
. . ~ ~ r9 r9 ~ ~ . .
. . . . r2 . . . . .
. . . . . . . . . .
. . . . . . . . . .
r7 . . . . . . . . rF
to_move: red
";

/// Red to move: its General beats the revealed Colonel on e5, and the
/// revealed Marshal on f5 then takes the General.
fn general_before_a_guarded_colonel() -> StrategyChess {
    let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), START).unwrap();
    for text in ["a1-a2", "e6-e5", "a2-a3", "f6-f5"] {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
    }
    game
}

fn best_at_depth_one(position: &StrategyChess) -> Move {
    let mut engine = AlphaBeta::<StrategyChess>::new(AlphaBetaConfig::default());
    let result = engine.search(position, None, &SearchLimits::none().depth(1), &mut seeded(0));
    result.best_move.expect("Red has moves")
}

#[test]
fn a_strike_that_is_struck_back_is_not_played() {
    let game = general_before_a_guarded_colonel();
    let strike = game.parse_move("e4-e5").unwrap();
    assert!(game.check_move(strike).is_ok());
    // A plain position is judged at the horizon: the Colonel looks free.
    assert_eq!(best_at_depth_one(&game), strike, "without quiescence the strike looks good");
    // A position made for search follows the Marshal's answer.
    let searched = game.clone().searched_for(Colour::Red);
    assert_ne!(best_at_depth_one(&searched), strike, "the Marshal strikes back");
}

#[test]
fn an_unguarded_revealed_piece_is_still_taken() {
    // Without the Scout on f5 the Marshal steps back to f7, out of reach of e5.
    let text = START.replace("r9 r9", "r9 .");
    let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), &text).unwrap();
    for text in ["a1-a2", "e6-e5", "a2-a3", "f6-f7"] {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
    }
    let searched = game.searched_for(Colour::Red);
    assert_eq!(best_at_depth_one(&searched), searched.parse_move("e4-e5").unwrap());
}
