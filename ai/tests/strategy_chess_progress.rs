//! A Strategy Chess position won but quiet ends in a battle: the computer,
//! far ahead and with nothing having happened for hundreds of plies, goes
//! for the enemy's packed corner instead of walking about (the UCC
//! manager's rules have no no-capture limit to push it). The hunt for the
//! Flag alone already brings it there; the test guards that it still does.

use ai::ComputerPlayer;
use ai::levels::alpha_beta;
use game_core::{Game, Observe, Seat};
use strategy_chess::{StrategyChess, StrategyChessRules};

/// Blue has only its corner (the Flag on a10 behind Bombs on b10, a9 and
/// a8, with its General, a Colonel and a Major beside them) and a Scout on
/// j10; Red has a General, two Colonels, two Miners, a Captain and a
/// Sergeant, its Flag walled in. Every way into the corner risks a piece.
const WON_BUT_QUIET: &str = "\
bF bB b2 . . . . . . b9
bB b3 b4 . . . . . . .
bB . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . r3 r2 r3 . . . .
. . . r8 r5 r7 r8 . . .
. . . . rB . . . . .
. . . rB rF rB . . . .
to_move: red
";

fn manager_rules() -> StrategyChessRules {
    StrategyChessRules {
        two_square_rule: false,
        more_square_rule: false,
        no_capture_limit: 0,
        ..StrategyChessRules::default()
    }
}

#[test]
fn far_ahead_after_a_long_quiet_spell_the_computer_fights() {
    let rules = manager_rules();
    let mut game = StrategyChess::parse_position(&rules, WON_BUT_QUIET).unwrap();
    // 300 quiet plies: Red's Sergeant and Blue's Scout step back and forth.
    for text in ["f4-g4", "j10-j9", "g4-f4", "j9-j10"].iter().cycle().take(300) {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
    }
    assert_eq!(game.quiet_plies(), 300);
    let budget = alpha_beta(3, 200, 1_000).with_samples(8, 1_500).with_insight(2).reproducible();
    let mut red = ComputerPlayer::<StrategyChess>::with_budget(budget);
    let blue_shuffle = ["j10-j9", "j9-j10"];
    for turn in 0..40 {
        let chosen = red.choose_move(&game.view(Seat::FIRST), turn, None);
        game.play(chosen.best_move.expect("Red has moves"));
        if game.quiet_plies() == 0 || game.outcome().is_some() {
            return;
        }
        let mv = game.parse_move(blue_shuffle[turn as usize % 2]).unwrap();
        game.play(mv);
    }
    panic!("no battle in 40 turns:\n{}", game.format_position());
}
