//! A piece that walks up to one of our pieces the enemy knows is read as
//! one that beats it: the computer does not strike it with that piece on
//! the odds of the enemy's whole army, as if the walk said nothing.
//! (Strong bots and people walk their pieces up to what they can take;
//! `cargo run --release -p headless --example strategy_chess_sightings`
//! measures how often, in recorded games against outside bots.)

use ai::ComputerPlayer;
use ai::levels::alpha_beta;
use game_core::{Game, Observe, Seat};
use strategy_chess::{StrategyChess, StrategyChessRules};

/// Blue: the Flag walled in on a10, a Major on f8 and five pieces weaker
/// than a Captain; a Scout on e6. Red: a Captain on e4, a Sergeant on j1,
/// the Flag walled in on a1.
const START: &str = "\
bF bB . . . . . . . .
bB . b6 b7 . . b7 b8 b9 .
. . . . . b4 . . . .
. . . . . . . . . .
. . ~ ~ b9 . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . r5 . . . . .
. . . . . . . . . .
rB . . . . . . . . .
rF rB . . . . . . . r7
to_move: red
";

#[test]
fn a_piece_that_walked_up_to_the_known_captain_is_not_struck_by_it() {
    let rules = StrategyChessRules::default();
    let mut game = StrategyChess::parse_position(&rules, START).unwrap();
    // The Captain steps up and is revealed by the Scout's strike; then
    // the Major walks up to it while Red's Sergeant steps about.
    for text in ["e4-e5", "e6xe5", "j1-j2", "f8-f7", "j2-j3", "f7-f6", "j3-j4", "f6-f5"] {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        game.play(mv);
    }
    let strike = game.parse_move("e5xf5").unwrap();
    let budget = alpha_beta(3, 200, 1_000).with_samples(16, 1_500).with_insight(2).reproducible();
    for seed in 0..4 {
        let mut red = ComputerPlayer::<StrategyChess>::with_budget(budget);
        let chosen = red.choose_move(&game.view(Seat::FIRST), seed, None);
        assert_ne!(chosen.best_move, Some(strike), "seed {seed}:\n{}", game.format_position());
    }
}
