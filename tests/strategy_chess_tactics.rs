//! Strategy Chess positions where the computer must find the one right
//! move, seen only through its view. Each comes from a kind of game the
//! computer once lost.

use ai::{ComputerPlayer, Level};
use game_core::{Game, Observe};
use headless::registry::Registered;
use strategy_chess::{StrategyChess, StrategyChessRules};

/// `text` (the position text form), then `moves`, and the move level 10
/// chooses for the side to move, seen through its view, at every seed in
/// `seeds`.
fn choices(text: &str, moves: &[&str], seeds: std::ops::Range<u64>) -> Vec<String> {
    let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
    for mv in moves {
        let mv = game.parse_move(mv).unwrap();
        game.play(mv);
    }
    let view = game.view(game.to_move());
    seeds
        .map(|seed| {
            let mut player = ComputerPlayer::<StrategyChess>::with_budget(StrategyChess::budget(Level::MAX));
            let budget = player.budget().reproducible();
            player = ComputerPlayer::with_budget(budget);
            let mv = player.choose_move(&view, seed, None).best_move.unwrap();
            game.format_move(mv)
        })
        .collect()
}

/// A Blue Scout runs down the open a-file next to Red's Flag; Red's Miner
/// stands beside it. A piece that moved far is a Scout, which the Miner
/// beats: strike it. (The sampler once dealt such a piece a Sergeant's
/// rank, the search thought it beat the Miner, and the Flag was lost.)
#[test]
fn the_miner_strikes_the_scout_beside_the_flag() {
    let text = "\
. . . . . . . . . bF
. . . . . . . b5 b8 bB
. . . . . . . . . .
b9 . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . r1 . .
. . . . . . . . . .
. r8 . . . . . . . .
rF . . . . . . . . .
to_move: blue
";
    for choice in choices(text, &["a7-a2"], 0..4) {
        assert_eq!(choice, "b2xa2");
    }
}

/// Red's Marshal showed itself striking a Scout; a Blue piece then walks
/// up next to it. Only the Spy gains by that, and a Marshal that strikes
/// the Spy wins: strike it, or at least step away, but never wait for it.
#[test]
fn the_marshal_does_not_wait_for_the_spy() {
    let text = "\
. . . . bF . . . . .
. bB . . . . . . . .
. . . . . . . . . b6
. . . . bS . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ b9 . ~ ~ . .
. . . . r1 . . . . .
. . . . . . . . . .
. . . . . . . . . .
r8 . . . rF . . . . .
to_move: red
";
    for choice in choices(text, &["e4xe5", "e7-e6"], 0..4) {
        let stays_next_to_it = !choice.starts_with("e5");
        assert!(!stays_next_to_it, "{choice}: the Marshal waits next to the piece that walked up");
        let to = &choice[3..];
        assert!(to == "e6" || !["d5", "f5", "e5"].contains(&to), "{choice}");
    }
}

/// A Blue piece has walked up next to Red's Flag, which Bombs wall in on
/// both sides. In every position Red can draw, Blue takes the Flag next
/// move whatever Red does, so a search of those positions finds every
/// move lost alike; but Blue cannot know which piece is the Flag. Red
/// searches on as if Blue could not guess it: the Marshal steps up to
/// strike the intruder, and the value it reports is not a proven loss.
#[test]
fn the_marshal_comes_back_for_the_piece_beside_the_flag() {
    let text = "\
b9 . . . . . . . bB bF
. . . . . . . . . bB
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . b2 . . . . . . .
. . . . r1 . . . . .
. rB rF rB . . . . . .
to_move: blue
";
    let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
    let mv = game.parse_move("c3-c2").unwrap();
    game.play(mv);
    let view = game.view(game.to_move());
    for seed in 0..4 {
        let budget = StrategyChess::budget(Level::MAX).reproducible();
        let found = ComputerPlayer::<StrategyChess>::with_budget(budget).choose_move(&view, seed, None);
        let mv = found.best_move.unwrap();
        assert_eq!(game.format_move(mv), "e2-d2");
        assert!(!ai::score::is_decisive(found.value), "seed {seed}: searched as lost ({})", found.value);
    }
}
