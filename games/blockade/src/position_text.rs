//! The position text form: the board's ranks, top rank first, separated by
//! `/`, then a space and the side to move.
//!
//! Each rank is `size` characters for files `a` onwards: `x` a stone of
//! Player One, `o` a stone of Player Two, `.` an empty square. The side to
//! move is `x` (Player One) or `o` (Player Two). The 8x8 start:
//!
//! ```text
//! ......../......../......../...ox.../...xo.../......../......../........ x
//! ```
//!
//! When reading, ranks may be separated by any mix of `/`, spaces and line
//! breaks, so a board can also be written one rank per line.

use crate::board::Blockade;
use game_core::{PositionError, RuleSet, Seat};
use std::fmt;

const PLAYER_ONE: char = 'x';
const PLAYER_TWO: char = 'o';
const EMPTY: char = '.';

impl fmt::Debug for Blockade {
    /// The position text and the rules that differ from the defaults, so
    /// a failing test prints something a person can read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Blockade({:?}; {})", format(self), self.rules.summary())
    }
}

/// The position in its text form.
pub(crate) fn format(position: &Blockade) -> String {
    let size = position.size();
    let mut text = String::with_capacity((size as usize + 1) * size as usize + 2);
    for rank in (0..size).rev() {
        for file in 0..size {
            let square = crate::Square::new(file, rank).map(|sq| position.stone(sq));
            text.push(match square.flatten() {
                Some(Seat::FIRST) => PLAYER_ONE,
                Some(_) => PLAYER_TWO,
                None => EMPTY,
            });
        }
        text.push(if rank == 0 { ' ' } else { '/' });
    }
    text.push(if position.to_move == Seat::FIRST { PLAYER_ONE } else { PLAYER_TWO });
    text
}

/// Reads a position under `rules`; the text's board must have the rules'
/// size.
pub(crate) fn parse(rules: &crate::BlockadeRules, text: &str) -> Result<Blockade, PositionError> {
    // Valid rules keep every square below bit 121.
    rules.validate().map_err(|e| PositionError::invalid(format!("bad rules: {e}")))?;
    let size = rules.size as usize;
    // Every rank and the side to move, each with its line number.
    let tokens: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .flat_map(|(i, line)| line.split(|c: char| c == '/' || c.is_whitespace()).map(move |t| (i + 1, t)))
        .filter(|(_, t)| !t.is_empty())
        .collect();
    let Some((&(side_line, side), ranks)) = tokens.split_last() else {
        return Err(PositionError::at_line(
            1,
            format!("{size} ranks of {size} squares (x, o or .) separated by /, then x or o to move"),
            text.trim(),
        ));
    };
    let to_move = match side {
        "x" => Seat::FIRST,
        "o" => Seat::SECOND,
        _ => {
            return Err(PositionError::at_line(side_line, "x or o, the side to move, after the board", side));
        }
    };
    if ranks.len() != size {
        return Err(PositionError::invalid(format!(
            "the board has {} ranks, but size={size} needs {size}",
            ranks.len()
        )));
    }
    let mut stones = [0u128; 2];
    for (row, &(line, rank_text)) in ranks.iter().enumerate() {
        let rank = size - 1 - row;
        let expected = || format!("rank {}: {size} squares, each x, o or .", rank + 1);
        if rank_text.chars().count() != size {
            return Err(PositionError::at_line(line, expected(), rank_text));
        }
        for (file, c) in rank_text.chars().enumerate() {
            let bit = 1u128 << (rank * 11 + file);
            match c {
                PLAYER_ONE => stones[0] |= bit,
                PLAYER_TWO => stones[1] |= bit,
                EMPTY => {}
                _ => return Err(PositionError::at_line(line, expected(), rank_text)),
            }
        }
    }
    Blockade::from_stones(rules, stones, to_move).map_err(PositionError::invalid)
}
