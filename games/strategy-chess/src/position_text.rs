//! The text form of a full position, fixed by PRODUCT.md:
//!
//! - 10 lines, rank 10 first, each with 10 tokens for files a..j separated
//!   by spaces: `r1`..`r9`, `rS`, `rB`, `rF` for Red, `b1`..`bF` for Blue,
//!   `.` for an empty square and `~` for a lake;
//! - then a line `to_move: red` or `to_move: blue`.
//!
//! ```text
//! . . . . bF . . . . .
//! . . . . . . . . . .
//! . . . . . . . . . .
//! . . . . b9 . . . . .
//! . . ~ ~ . . ~ ~ . .
//! . . ~ ~ . . ~ ~ . .
//! . . . . . . . . . .
//! . . . . r1 . . . . .
//! . . . . . . . . . .
//! . . . . rF . . . . .
//! to_move: red
//! ```
//!
//! Reading accepts any arrangement (endgames, tests): every piece counts as
//! unmoved and unrevealed, the history starts empty, and each side's army
//! is whatever it has on the board (at most 40 pieces). Lakes must be `~`
//! exactly on the eight lake squares. Blank lines at the end and Windows
//! line ends are accepted; rank letters may be lower case (`rs`).

use crate::board::{Board, PublicFacts};
use crate::game::StrategyChess;
use crate::rank::{Colour, Piece, Rank};
use crate::rules::StrategyChessRules;
use crate::square::{SIZE, Square};
use game_core::PositionError;

/// The position in its text form.
pub fn format(position: &StrategyChess) -> String {
    let mut text = String::new();
    for row in (0..SIZE).rev() {
        let tokens: Vec<String> = (0..SIZE)
            .map(|file| {
                let sq = Square::at(file, row).expect("on the board");
                match position.board.piece(sq) {
                    Some(p) => p.token(),
                    None if sq.is_lake() => "~".into(),
                    None => ".".into(),
                }
            })
            .collect();
        text.push_str(&tokens.join(" "));
        text.push('\n');
    }
    text.push_str(&format!("to_move: {}\n", position.to_move));
    text
}

/// Reads a position in its text form.
pub fn parse(rules: &StrategyChessRules, text: &str) -> Result<StrategyChess, PositionError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let used = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1);
    if used != SIZE + 1 {
        return Err(PositionError::invalid(format!(
            "a position is 10 lines of 10 squares (rank 10 first) and a line `to_move: red|blue`, not {used} lines"
        )));
    }
    let mut board = Board::empty();
    let mut counts = [0usize; 2];
    for (i, line) in lines[..SIZE].iter().enumerate() {
        let row = SIZE - 1 - i;
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != SIZE {
            return Err(PositionError::at_line(i + 1, format!("10 squares for rank {}", row + 1), *line));
        }
        for (file, token) in tokens.iter().enumerate() {
            let sq = Square::at(file, row).expect("on the board");
            match (*token, sq.is_lake()) {
                ("~", true) => {}
                ("~", false) => {
                    return Err(PositionError::at_line(
                        i + 1,
                        format!("a piece or `.` on {sq} (no lake there)"),
                        *token,
                    ));
                }
                (_, true) => {
                    return Err(PositionError::at_line(
                        i + 1,
                        format!("`~` on the lake square {sq}"),
                        *token,
                    ));
                }
                (".", false) => {}
                (t, false) => {
                    let piece = parse_token(t).ok_or_else(|| {
                        PositionError::at_line(i + 1, "a square r1..r9, rS, rB, rF, b1..bF, . or ~", t)
                    })?;
                    counts[piece.colour.index()] += 1;
                    board.put(sq, piece, PublicFacts::default());
                }
            }
        }
    }
    for colour in Colour::BOTH {
        if counts[colour.index()] > crate::army::MAX_ARMY {
            return Err(PositionError::invalid(format!(
                "{colour} has {} pieces; an army has at most 40",
                counts[colour.index()]
            )));
        }
    }
    let last = lines[SIZE].trim();
    let to_move = match last.strip_prefix("to_move:").map(str::trim) {
        Some("red") => Colour::Red,
        Some("blue") => Colour::Blue,
        _ => return Err(PositionError::at_line(SIZE + 1, "to_move: red or to_move: blue", last)),
    };
    Ok(StrategyChess::from_board(rules, board, to_move))
}

fn parse_token(token: &str) -> Option<Piece> {
    let mut chars = token.chars();
    let colour = match chars.next()? {
        'r' => Colour::Red,
        'b' => Colour::Blue,
        _ => return None,
    };
    let rank = Rank::from_token(chars.next()?)?;
    chars.next().is_none().then_some(Piece::new(colour, rank))
}
