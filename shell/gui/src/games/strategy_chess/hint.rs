//! Why a Strategy Chess move is good, in a few words, from the seat's
//! view alone: the hint never names an enemy rank the board does not show.

use super::board::memory::shown_enemy_ranks;
use strategy_chess::{Move, StrategyChessView};

/// What `mv` does for the player to move, from what the board shows them:
/// "the Miner strikes the Bomb", "the Marshal strikes an unknown piece",
/// "the Scout advances", "the Major retreats". An enemy piece is named
/// only if the board shows its rank now (with `memory_aid` or not), or it
/// ran like a Scout, which everyone saw.
pub fn hint_reason(view: &StrategyChessView, mv: Move, memory_aid: bool) -> Option<String> {
    let mover = view.piece(mv.from).filter(|p| p.colour == view.viewer())?;
    let own = mover.rank.map_or_else(|| "the piece".to_string(), |rank| format!("the {rank}"));
    let colour = mover.colour;
    if let Some(target) = view.piece(mv.to).filter(|p| p.colour != colour) {
        let named = if shown_enemy_ranks(view, memory_aid).contains(&mv.to) {
            target.rank
        } else {
            target.facts.moved_far.then_some(strategy_chess::Rank::Scout)
        };
        return Some(match named {
            Some(rank) => format!("{own} strikes the {rank}"),
            None if target.facts.moved => format!("{own} strikes a piece that moved"),
            None => format!("{own} strikes an unknown piece"),
        });
    }
    let (from, to) = (mv.from.depth_for(colour), mv.to.depth_for(colour));
    let how = match to.cmp(&from) {
        std::cmp::Ordering::Greater => "advances",
        std::cmp::Ordering::Less => "retreats",
        std::cmp::Ordering::Equal => "moves across",
    };
    Some(format!("{own} {how}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Observe, Seat};
    use strategy_chess::{Square, StrategyChess};

    fn game() -> StrategyChess {
        crate::games::strategy_chess::library_game()
    }

    fn mv(view: &StrategyChessView, text: &str) -> Move {
        view.parse_move(text).unwrap()
    }

    #[test]
    fn quiet_moves_say_which_way_they_go() {
        let g = game();
        let view = g.view(Seat::FIRST);
        let reason = hint_reason(&view, mv(&view, "a4-a5"), false).unwrap();
        assert!(reason.ends_with("advances") && reason.starts_with("the "), "{reason}");
        assert_eq!(hint_reason(&view, mv(&view, "a7-a6"), false), None, "not the viewer's piece");
    }

    #[test]
    fn a_strike_never_names_a_rank_the_board_hides() {
        let mut g = game();
        // Red's Scout strikes from j4 and loses to Blue's Miner, which
        // shows on j6 for one turn.
        let play = |g: &mut StrategyChess, text: &str| {
            let m = g.parse_move(text).unwrap();
            g.try_play(m).unwrap();
        };
        play(&mut g, "j4-j6");
        play(&mut g, "j7xj6");
        let (a4, j6) = (Square::parse("a4").unwrap(), Square::parse("j6").unwrap());
        // The wording looks at the two squares only, so any own piece can
        // "strike" j6 here.
        let at_miner = Move::new(a4, j6);
        let view = g.view(Seat::FIRST);
        for aid in [false, true] {
            let reason = hint_reason(&view, at_miner, aid).unwrap();
            assert!(reason.ends_with("strikes the Miner"), "{reason}");
        }
        play(&mut g, "a4-a5");
        play(&mut g, "a7-a6");
        let view = g.view(Seat::FIRST);
        assert!(view.piece(j6).unwrap().rank.is_some(), "Red still knows the Miner");
        let at_miner = Move::new(Square::parse("a5").unwrap(), j6);
        let aided = hint_reason(&view, at_miner, true).unwrap();
        assert!(aided.ends_with("strikes the Miner"), "{aided}");
        let plain = hint_reason(&view, at_miner, false).unwrap();
        assert!(plain.ends_with("strikes a piece that moved"), "the memory test holds: {plain}");
        // A piece never seen nor moved is unknown, whatever it is.
        let unseen = Move::new(Square::parse("a5").unwrap(), Square::parse("b7").unwrap());
        let reason = hint_reason(&view, unseen, true).unwrap();
        assert!(reason.ends_with("strikes an unknown piece"), "{reason}");
    }
}
