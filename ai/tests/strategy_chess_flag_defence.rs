//! A known Miner walking to our Flag is met in time: the computer brings
//! the piece that beats it up while the Miner is still two steps away,
//! instead of stepping about until the Miner stands beside the Flag with
//! nothing of ours beside it (the rusher's seed 9 in
//! docs/strategy-chess-ai.md, "A Flag about to fall").

use ai::ComputerPlayer;
use ai::levels::alpha_beta;
use game_core::{Game, Observe, Seat};
use strategy_chess::{StrategyChess, StrategyChessRules};

/// Blue: the Flag walled in on a10, a Sergeant on j8, a Miner on e5.
/// Red: the Flag on f1 between Bombs on e1 and g1 (f2 open), a Lieutenant
/// on d1, a Bomb on e4, a Scout on j1.
const START: &str = "\
bF bB . . . . . . . .
bB . . . . . . . . .
. . . . . . . . . b7
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ b8 . ~ ~ . .
. . . . rB . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . r6 rB rF rB . . r9
to_move: blue
";

#[test]
fn the_lieutenant_meets_a_known_miner_two_steps_from_the_flag() {
    let rules = StrategyChessRules::default();
    let mut game = StrategyChess::parse_position(&rules, START).unwrap();
    // The Miner shows itself on the Bomb at e4 and walks on to e3. From
    // there it reaches the Flag through e2 and the Bomb on e1, or by f2;
    // only the Lieutenant on d2 now meets it on either way.
    for text in ["e5xe4", "j1-j2", "e4-e3"] {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        game.play(mv);
    }
    let meet = game.parse_move("d1-d2").unwrap();
    let budget = alpha_beta(4, 400, 1_000).with_samples(8, 1_500).with_insight(2).reproducible();
    for seed in 0..3 {
        let mut red = ComputerPlayer::<StrategyChess>::with_budget(budget);
        let chosen = red.choose_move(&game.view(Seat::FIRST), seed, None);
        assert_eq!(chosen.best_move, Some(meet), "seed {seed}:\n{}", game.format_position());
    }
}
