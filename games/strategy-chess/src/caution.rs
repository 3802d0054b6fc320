//! Not striking possible Bombs with officers on a hunch.
//!
//! The search prices a strike on an unknown piece at its believed odds
//! ([`crate::odds`]), and among all the unknown pieces in reach it strikes
//! those its beliefs make the least likely Bombs. Beliefs err, and the
//! piece picked for looking safest is, more often than the beliefs say, a
//! Bomb the enemy put where people seldom do (the winner's curse): in
//! games against `sparring:defender`, whose Bombs close the lanes in its
//! front row, the unmoved pieces that level 10's officers struck when its
//! beliefs gave them a 20-35% chance of killing the striker were Bombs
//! three times as often as believed (docs/strategy-chess-ai.md).
//!
//! So at the root a strike by an officer (Captain and up) on an unmoved
//! piece it has not identified costs, on top of what the search found,
//! the officer's value times the share of Bombs among the enemy's unmoved
//! unidentified pieces, times [`BLIND_STRIKE_COST`] percent. A Miner, which
//! takes Bombs, and lower ranks, which are there to probe, pay nothing.
//!
//! The General meets the same curse from the enemy Marshal. Against
//! `sparring:defender`, which keeps its Marshal unmoved in its second row
//! until an identified piece it beats comes next to it, level 10 lost its
//! General to that Marshal in most of its draws, each time right after the
//! General took a piece beside an unknown one that the beliefs put at a
//! few percent the Marshal. So at the root a move by a General the enemy
//! has identified, or any strike by the General (which shows it), costs
//! the General's value times, for each unknown enemy piece beside its
//! destination, the hard facts' chance that it is the Marshal (one over
//! the enemy's unknown pieces), times [`MARSHAL_WATCH_COST`] percent, for
//! as long as the enemy Marshal lives unidentified.

use crate::eval::{MARSHAL_BONUS, RANK_VALUE};
use crate::moves::Move;
use crate::rank::Rank;
use crate::view::{Seen, StrategyChessView};

/// The share, in percent, of the officer's value times the Bomb share
/// that a blind strike on an unmoved piece costs: the hard facts' odds
/// counted twice. Counted once (100), level 10's officers died on Bombs
/// about 1.5 times as often against the sparring styles
/// (docs/strategy-chess-ai.md, "Counted twice").
pub const BLIND_STRIKE_COST: i32 = 200;

/// What striking with `mv` costs for the Bombs it may meet (see the module
/// docs); 0 for any move that is not an officer's strike on an unmoved
/// piece the viewer has not identified.
pub fn blind_strike_cost(view: &StrategyChessView, mv: Move) -> i32 {
    let enemy = view.viewer().opponent();
    let Some(striker) = view.piece(mv.from).and_then(|p| p.rank) else { return 0 };
    let Some(target) = view.piece(mv.to) else { return 0 };
    if striker > Rank::Captain
        || target.colour != enemy
        || target.facts.moved
        || target.known_rank().is_some()
    {
        return 0;
    }
    let mut unmoved = 0;
    let mut known_bombs = 0;
    for (_, seen) in view.squares() {
        let Seen::Piece(piece) = seen else { continue };
        if piece.colour != enemy {
            continue;
        }
        match piece.known_rank() {
            Some(Rank::Bomb) => known_bombs += 1,
            None if !piece.facts.moved => unmoved += 1,
            _ => {}
        }
    }
    let bombs = i32::from(view.remaining(enemy)[Rank::Bomb.index()]) - known_bombs;
    if bombs <= 0 || unmoved == 0 {
        return 0;
    }
    let mut value = RANK_VALUE[striker.index()];
    if striker == Rank::Marshal {
        value += MARSHAL_BONUS;
    }
    value * bombs * BLIND_STRIKE_COST / (100 * unmoved)
}

/// The share, in percent, of the General's value times the hard facts'
/// chance of the enemy Marshal beside it that an exposed General's move
/// costs ([`general_exposure_cost`]).
pub const MARSHAL_WATCH_COST: i32 = 200;

/// What moving an identified General (or striking with it, which shows
/// it) with `mv` costs for an unidentified enemy Marshal that may stand
/// beside its destination; 0 for any other move, and once the enemy
/// Marshal is gone or identified (see the module docs).
pub fn general_exposure_cost(view: &StrategyChessView, mv: Move) -> i32 {
    let enemy = view.viewer().opponent();
    let Some(general) = view.piece(mv.from) else { return 0 };
    let strikes = view.piece(mv.to).is_some();
    if general.rank != Some(Rank::General) || !(general.facts.revealed || strikes) {
        return 0;
    }
    if view.remaining(enemy)[Rank::Marshal.index()] == 0 {
        return 0;
    }
    let unknown_enemy =
        |piece: &crate::view::SeenPiece| piece.colour == enemy && piece.known_rank().is_none();
    let mut unknown = 0;
    for (_, seen) in view.squares() {
        let Seen::Piece(piece) = seen else { continue };
        if piece.colour == enemy && piece.known_rank() == Some(Rank::Marshal) {
            return 0;
        }
        unknown += i32::from(unknown_enemy(&piece));
    }
    let beside =
        mv.to.neighbours().filter(|&at| view.piece(at).is_some_and(|p| unknown_enemy(&p))).count() as i32;
    if unknown == 0 {
        return 0;
    }
    RANK_VALUE[Rank::General.index()] * beside * MARSHAL_WATCH_COST / (100 * unknown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StrategyChess;
    use crate::rules::StrategyChessRules;
    use game_core::{Game, Observe, Seat};

    fn strike(view: &StrategyChessView, text: &str) -> i32 {
        blind_strike_cost(view, view.parse_move(text).unwrap())
    }

    #[test]
    fn an_officer_pays_its_value_times_the_share_of_bombs_among_unmoved_pieces() {
        // Red's Major stands next to Blue's unmoved a9 and b10.
        let text = "\
bF bB . . . . . . . .
b7 r4 . . . . . . . .
. . . . . . . . . .
. . . . . b6 . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
rF . r8 r3 . . . . . .
to_move: red
";
        let game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        let view = game.view(Seat::FIRST);
        // One Bomb among four unmoved unknown pieces (a10, b10, a9, f7).
        let cost = RANK_VALUE[Rank::Major.index()] * BLIND_STRIKE_COST / (100 * 4);
        assert_eq!(strike(&view, "b9xb10"), cost);
        assert_eq!(strike(&view, "b9xa9"), cost);
        assert_eq!(strike(&view, "b9-c9"), 0, "not a strike");
    }

    #[test]
    fn miners_moved_targets_and_probes_pay_nothing() {
        let text = "\
bF bB . . . . . . . .
b7 r8 . . . . . . . .
. . . . . . . . . .
. . . . . b6 r9 . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
rF . . r3 . . . . . .
to_move: red
";
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        // Blue's Lieutenant on f7 moves and comes back: it has moved.
        for mv in ["d1-d2", "f7-e7", "d2-d1", "e7-f7"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let view = game.view(Seat::FIRST);
        assert_eq!(strike(&view, "b9xb10"), 0, "a Miner takes Bombs");
        assert_eq!(strike(&view, "g7xf7"), 0, "a Scout probes, and f7 has moved");
    }

    fn exposure(view: &StrategyChessView, text: &str) -> i32 {
        general_exposure_cost(view, view.parse_move(text).unwrap())
    }

    fn played(mut game: StrategyChess, moves: &[&str]) -> StrategyChess {
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.play(mv);
        }
        game
    }

    /// Red's General on c7, not yet shown; Blue's Marshal waits on d8.
    const GENERAL_BY_THE_MARSHAL: &str = "\
bF bB . . . . . . . .
. . . b6 . . . . . .
. . b7 b1 r9 . . . . .
. . r2 . . . . . . b9
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
rF . . r3 . . . . . .
to_move: red
";

    #[test]
    fn a_shown_general_pays_for_each_unknown_piece_beside_where_it_goes() {
        let game =
            StrategyChess::parse_position(&StrategyChessRules::default(), GENERAL_BY_THE_MARSHAL).unwrap();
        let cost = |beside: i32, unknown: i32| {
            RANK_VALUE[Rank::General.index()] * beside * MARSHAL_WATCH_COST / (100 * unknown)
        };
        let view = game.view(Seat::FIRST);
        assert_eq!(exposure(&view, "c7-d7"), 0, "a General not yet shown steps freely");
        // A strike shows it: d8 is beside c8, among six unknown pieces.
        assert_eq!(exposure(&view, "c7xc8"), cost(1, 6));
        assert_eq!(exposure(&view, "d1-d2"), 0, "not the General");

        // The General takes the Sergeant and is shown; Blue's Scout runs
        // and is known by it, which leaves four unknown pieces.
        let shown = played(game.clone(), &["c7xc8", "j7-j4"]);
        let view = shown.view(Seat::FIRST);
        assert_eq!(exposure(&view, "c8-c9"), cost(1, 4), "beside d9");
        assert_eq!(exposure(&view, "c8xd8"), cost(1, 4), "beside d9");
        assert_eq!(exposure(&view, "c8-b8"), 0, "nothing unknown beside b8");
    }

    #[test]
    fn a_shown_marshal_leaves_the_general_free() {
        let game =
            StrategyChess::parse_position(&StrategyChessRules::default(), GENERAL_BY_THE_MARSHAL).unwrap();
        // The Marshal takes the Scout on e8 and is shown.
        let game = played(game, &["c7xc8", "d8xe8"]);
        let view = game.view(Seat::FIRST);
        assert_eq!(exposure(&view, "c8-c9"), 0);
        assert_eq!(exposure(&view, "c8-d8"), 0);
    }
}
