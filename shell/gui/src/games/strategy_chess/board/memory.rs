//! The gadget's memory test: an enemy piece that wins a battle shows its
//! rank for one turn, then turns back into "?". With the memory aid on,
//! every revealed enemy piece keeps its rank.
//!
//! "One turn" here: the piece shows while the last two moves of the
//! public history include the battle it won (so the viewer always gets one
//! move of their own with it in sight), following it if it moved since.

use strategy_chess::{PublicEvent, Square, StrategyChessView};

/// How many of the latest moves keep a battle's survivor in sight.
pub const SHOWN_FOR_PLIES: usize = 2;

/// The squares of enemy pieces whose rank is shown now.
pub fn shown_enemy_ranks(view: &StrategyChessView, memory_aid: bool) -> Vec<Square> {
    let enemy = view.viewer().opponent();
    let known_enemy = |sq: Square| view.piece(sq).is_some_and(|p| p.colour == enemy && p.rank.is_some());
    if memory_aid {
        return Square::all().filter(|&sq| known_enemy(sq)).collect();
    }
    let history = view.history();
    let last: Vec<PublicEvent> = if history.is_empty() {
        view.last_move().copied().into_iter().collect()
    } else {
        history[history.len().saturating_sub(SHOWN_FOR_PLIES)..].to_vec()
    };
    let mut shown = Vec::new();
    for (i, event) in last.iter().enumerate() {
        let Some(battle) = event.battle else { continue };
        if battle.clash == strategy_chess::combat::Clash::BothDie {
            continue;
        }
        // The survivor stands on the struck square; follow it through the
        // moves after the battle.
        let mut at = event.to;
        for later in &last[i + 1..] {
            if later.from == at {
                at = later.to;
            }
        }
        if known_enemy(at) && !shown.contains(&at) {
            shown.push(at);
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Observe, Seat};
    use strategy_chess::StrategyChess;

    fn game() -> StrategyChess {
        crate::games::strategy_chess::library_game()
    }

    fn play(game: &mut StrategyChess, moves: &[&str]) {
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.try_play(mv).unwrap();
        }
    }

    #[test]
    fn a_revealed_winner_shows_for_one_turn_unless_the_memory_aid_is_on() {
        let mut g = game();
        // Red's Scout runs from j4 to j6; Blue's Miner on j7 strikes it and
        // wins, so Red sees a Miner on j6.
        play(&mut g, &["j4-j6"]);
        assert!(shown_enemy_ranks(&g.view(Seat::FIRST), false).is_empty(), "no battle yet");
        play(&mut g, &["j7xj6"]);
        let j6 = Square::parse("j6").unwrap();
        let view = g.view(Seat::FIRST);
        assert_eq!(view.piece(j6).and_then(|p| p.rank), Some(strategy_chess::Rank::Miner));
        assert_eq!(shown_enemy_ranks(&view, false), vec![j6], "shown while Red moves");
        play(&mut g, &["b4-b5"]);
        assert_eq!(shown_enemy_ranks(&g.view(Seat::FIRST), false), vec![j6], "and during Blue's reply");
        play(&mut g, &["a7-a6"]);
        let later = g.view(Seat::FIRST);
        assert!(shown_enemy_ranks(&later, false).is_empty(), "then it hides again");
        assert_eq!(shown_enemy_ranks(&later, true), vec![j6], "unless the memory aid is on");
        // A defender that wins and then moves on is followed.
        let mut g = game();
        play(&mut g, &["j4-j6", "a7-a6", "j6xj7", "j7-j6"]);
        let j6 = Square::parse("j6").unwrap();
        assert_eq!(shown_enemy_ranks(&g.view(Seat::FIRST), false), vec![j6]);
        // Blue's own view never needs the aid for its own pieces.
        assert!(shown_enemy_ranks(&g.view(Seat::SECOND), false).is_empty(), "Red's Scout died");
    }
}
