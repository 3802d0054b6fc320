//! Plain, unpruned searches: the yardsticks every optimised search is
//! tested against.
//!
//! They use the same conventions as the real engines (values from the
//! side to move's point of view, the sign flipping only when the side to
//! move changes, the same win/loss scores) and nothing else: no table, no
//! ordering, no pruning. Exponential, for small positions only.

use crate::score::{self, INFINITY, Score};
use game_core::{Evaluate, Solve};

/// The value of `position` for the side to move, by full-width negamax to
/// `depth` plies, evaluating at the horizon.
pub fn plain_negamax<G: Evaluate>(position: &G, depth: u32) -> Score {
    negamax(position, depth, 0)
}

fn negamax<G: Evaluate>(position: &G, depth: u32, ply: usize) -> Score {
    let mover = position.to_move();
    if let Some(outcome) = position.outcome() {
        return score::terminal(&outcome, mover, ply);
    }
    if depth == 0 {
        return position.evaluate(mover);
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut best = -INFINITY;
    for mv in moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let value = negamax(&child, depth - 1, ply + 1);
        best = best.max(if child.to_move() == mover { value } else { -value });
    }
    best
}

/// The final margin of `position` under perfect play, for the side to
/// move, by searching every line to the end of the game.
pub fn plain_final_margin<G: Solve>(position: &G) -> i64 {
    let mover = position.to_move();
    if let Some(outcome) = position.outcome() {
        return outcome.margin_for(mover);
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut best = i64::MIN;
    for mv in moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let value = plain_final_margin(&child);
        best = best.max(if child.to_move() == mover { value } else { -value });
    }
    if best == i64::MIN { 0 } else { best }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;
    use game_core::nim::{Nim, NimRules};

    #[test]
    fn tiny_nim_by_hand() {
        let rules = NimRules::default();
        let nim = |t: &str| Nim::parse_position(&rules, t).unwrap();
        // One heap of 4, take up to 3: whatever the mover takes, the
        // opponent takes the rest.
        assert_eq!(plain_final_margin(&nim("4 : first")), -1);
        assert_eq!(plain_final_margin(&nim("3 : second")), 1);
        // 1 1 with free turns: take one, move again, take the last.
        assert_eq!(plain_final_margin(&nim("1 1 : first")), 1);
        let plain = NimRules { free_turn: false, ..NimRules::default() };
        assert_eq!(plain_final_margin(&Nim::parse_position(&plain, "1 1 : first").unwrap()), -1);
        // Depth 1 from "3": taking 3 wins at once.
        assert_eq!(score::describe(plain_negamax(&nim("3 : first"), 1)), "win in 1 plies by 1");
        // Depth 0 is the evaluation.
        assert_eq!(plain_negamax(&nim("3 : first"), 0), nim("3 : first").evaluate(game_core::Seat::FIRST));
    }
}
