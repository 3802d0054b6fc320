//! Search scores: heuristic values, and win/loss scores that know how far
//! away the end is and by how much it is won.
//!
//! A score is always from the side to move's point of view at the node it
//! belongs to. Heuristic values stay within ±[`EVAL_LIMIT`]; a finished
//! game scores far beyond that:
//!
//! ```text
//! win  = WIN - ply * PLY_STEP + margin      (margin capped below PLY_STEP)
//! loss = -(WIN - ply * PLY_STEP + margin)
//! draw = 0
//! ```
//!
//! so a quicker win is better than a slower one, a slower loss better than
//! a quicker one, and at equal distance a bigger winning margin (or a
//! smaller losing one) is preferred. `ply` counts plies from the root of
//! the search, free turns included.

use game_core::{EVAL_LIMIT, Outcome, Seat};

/// A search value, from the side to move's point of view.
pub type Score = i32;

/// The deepest ply any search reaches; deeper lines are cut off by the
/// horizon. It bounds the distance part of win scores.
pub const MAX_PLY: usize = 256;

/// How much one ply of distance costs a win score. Margins are capped one
/// below it, so distance always outweighs margin.
pub const PLY_STEP: Score = 4096;

/// The score of winning right now by margin 0.
pub const WIN: Score = 1_000_000_000;

/// Every win score is at least this (and every loss at most its negation).
pub const WIN_THRESHOLD: Score = WIN - (MAX_PLY as Score + 1) * PLY_STEP;

/// Beyond every score: the bounds of a full window.
pub const INFINITY: Score = WIN + 2 * PLY_STEP;

const _: () = assert!(WIN_THRESHOLD > 2 * EVAL_LIMIT, "win scores must dwarf evaluations");

/// The score of a finished game for `seat`, reached `ply` plies from the
/// root.
pub fn terminal(outcome: &Outcome, seat: Seat, ply: usize) -> Score {
    let margin = outcome.margin.min(PLY_STEP as u32 - 1) as Score;
    let ply = ply.min(MAX_PLY) as Score;
    let win = WIN - ply * PLY_STEP + margin;
    match outcome.sign_for(seat) {
        1 => win,
        -1 => -win,
        _ => 0,
    }
}

/// Whether `score` is a proven win or loss (not a heuristic value).
pub fn is_decisive(score: Score) -> bool {
    score.abs() >= WIN_THRESHOLD
}

/// How many plies from the root a proven result's game ends; `None` for a
/// heuristic value.
pub fn plies_to_end(score: Score) -> Option<u32> {
    is_decisive(score).then(|| ((WIN - score.abs() + PLY_STEP - 1) / PLY_STEP) as u32)
}

/// A score converted for storage in a transposition table: win and loss
/// scores become relative to the node (distance from it, not from the
/// root), so the entry is right wherever the position recurs.
pub fn to_table(score: Score, ply: usize) -> Score {
    let shift = ply.min(MAX_PLY) as Score * PLY_STEP;
    if score >= WIN_THRESHOLD {
        score + shift
    } else if score <= -WIN_THRESHOLD {
        score - shift
    } else {
        score
    }
}

/// The inverse of [`to_table`] for a node `ply` plies from the root.
pub fn from_table(score: Score, ply: usize) -> Score {
    let shift = ply.min(MAX_PLY) as Score * PLY_STEP;
    if score >= WIN_THRESHOLD {
        score - shift
    } else if score <= -WIN_THRESHOLD {
        score + shift
    } else {
        score
    }
}

/// A score in words: `+35`, `win in 7 plies by 3`, `loss in 4 plies by 1`.
pub fn describe(score: Score) -> String {
    if !is_decisive(score) {
        return format!("{score:+}");
    }
    let win = score.abs();
    let plies = plies_to_end(score).unwrap_or(0) as Score;
    let margin = win - (WIN - plies * PLY_STEP);
    let word = if score > 0 { "win" } else { "loss" };
    format!("{word} in {plies} plies by {margin}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_wins_and_big_margins_come_first() {
        let by = |m| Outcome::win(Seat::FIRST, m);
        let quick_small = terminal(&by(1), Seat::FIRST, 3);
        let slow_big = terminal(&by(20), Seat::FIRST, 5);
        let quick_big = terminal(&by(5), Seat::FIRST, 3);
        assert!(quick_small > slow_big);
        assert!(quick_big > quick_small);
        // For the loser: later and smaller losses are better.
        assert!(terminal(&by(1), Seat::SECOND, 5) > terminal(&by(1), Seat::SECOND, 3));
        assert!(terminal(&by(1), Seat::SECOND, 3) > terminal(&by(5), Seat::SECOND, 3));
        assert_eq!(terminal(&Outcome::draw(), Seat::FIRST, 3), 0);
        for ply in [0, 1, MAX_PLY, MAX_PLY + 10] {
            let s = terminal(&by(u32::MAX), Seat::FIRST, ply);
            assert!((WIN_THRESHOLD..INFINITY).contains(&s), "{s}");
            assert!(is_decisive(s) && is_decisive(-s));
        }
        assert!(!is_decisive(EVAL_LIMIT) && !is_decisive(-EVAL_LIMIT));
    }

    #[test]
    fn table_scores_are_relative_to_the_node() {
        // A win 7 plies from the root, stored at a node 4 plies deep, is a
        // win in 3 from that node, and read back 6 plies deep it is 9.
        let at_root = terminal(&Outcome::win(Seat::FIRST, 2), Seat::FIRST, 7);
        let stored = to_table(at_root, 4);
        assert_eq!(stored, terminal(&Outcome::win(Seat::FIRST, 2), Seat::FIRST, 3));
        assert_eq!(from_table(stored, 6), terminal(&Outcome::win(Seat::FIRST, 2), Seat::FIRST, 9));
        assert_eq!(from_table(to_table(-at_root, 4), 4), -at_root);
        assert_eq!(to_table(123, 9), 123);
        assert_eq!(describe(at_root), "win in 7 plies by 2");
        assert_eq!(describe(-at_root), "loss in 7 plies by 2");
        assert_eq!(describe(-15), "-15");
    }
}
