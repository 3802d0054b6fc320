//! Move notation: `b4-b5` for a move, `b4xb5` for a strike.
//!
//! Squares are `a1`..`j10`: files `a`..`j` left to right from Red's side,
//! ranks `1`..`10` from Red's back row. When reading, the separator is
//! informative only: `-` and `x` are both accepted whatever stands on the
//! target square (the rules, not the notation, decide whether a move
//! strikes), so `b4xb5` onto an empty square is the move `b4-b5`.

use crate::game::StrategyChess;
use crate::moves::Move;
use crate::square::Square;
use game_core::NotationError;

const EXPECTED: &str = "a move FROM-TO or FROMxTO with squares a1..j10, e.g. b4-b5 or b4xb5";

/// Writes `mv` as seen before it is played: `x` if it strikes a piece.
pub fn format_move(position: &StrategyChess, mv: Move) -> String {
    let strike = position.board.piece(mv.to).is_some_and(|p| p.colour != position.to_move);
    let sep = if strike { 'x' } else { '-' };
    format!("{}{sep}{}", mv.from, mv.to)
}

/// Reads `b4-b5` or `b4xb5` (surrounding spaces allowed, letters in either
/// case).
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    let error = || NotationError::new(EXPECTED, text);
    let split =
        trimmed.char_indices().skip(1).find(|&(_, c)| matches!(c, '-' | 'x' | 'X')).ok_or_else(error)?;
    let (from, to) = (&trimmed[..split.0], &trimmed[split.0 + 1..]);
    let from = Square::parse(from).ok_or_else(error)?;
    let to = Square::parse(to).ok_or_else(error)?;
    Ok(Move::new(from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_with_either_separator() {
        let b4 = Square::parse("b4").unwrap();
        let b5 = Square::parse("b5").unwrap();
        assert_eq!(parse_move("b4-b5"), Ok(Move::new(b4, b5)));
        assert_eq!(parse_move(" b4xb5 "), Ok(Move::new(b4, b5)));
        assert_eq!(parse_move("B4Xb5"), Ok(Move::new(b4, b5)));
        assert_eq!(parse_move("a10-a9").map(|m| m.from.to_string()), Ok("a10".into()));
        for bad in ["", "b4", "b4-", "-b5", "b4b5", "b4-k5", "b4--b5", "b4-b5-b6", "x4-b5"] {
            let err = parse_move(bad).unwrap_err();
            assert_eq!(err.found, bad);
            assert!(err.expected.contains("FROM-TO"));
        }
    }
}
