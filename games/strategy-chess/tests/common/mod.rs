//! Helpers shared by the integration tests of strategy-chess.

#![allow(dead_code)]

use game_core::{Game, RuleSet};
use strategy_chess::{Library, StrategyChess, StrategyChessRules};

/// Rules with `--set`-style options applied.
pub fn rules(settings: &[&str]) -> StrategyChessRules {
    StrategyChessRules::default().with_settings(settings).expect("valid rule options")
}

/// The start position of library setups `a` (Red) and `b` (Blue).
pub fn start(a: u32, b: u32, settings: &[&str]) -> StrategyChess {
    let library = Library::builtin();
    let setups = [library.entry(a).unwrap().setup, library.entry(b).unwrap().setup];
    StrategyChess::start(&rules(settings), &setups).expect("library setups start a game")
}

/// A position from its text form: 10 rows (rank 10 first) then the side to
/// move; `~` lakes are filled in where a row says `lakes`.
pub fn position(rows: &[&str], to_move: &str, settings: &[&str]) -> StrategyChess {
    let text = format!("{}\nto_move: {to_move}\n", rows.join("\n"));
    StrategyChess::parse_position(&rules(settings), &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// An empty board with lakes, as 10 rows, to edit in tests.
pub fn empty_rows() -> Vec<String> {
    (1..=10)
        .rev()
        .map(|rank| {
            (0..10)
                .map(|file| if (rank == 5 || rank == 6) && matches!(file, 2 | 3 | 6 | 7) { "~" } else { "." })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// A board with the given pieces (`("e4", "r1")`), `to_move` to move.
pub fn board(pieces: &[(&str, &str)], to_move: &str, settings: &[&str]) -> StrategyChess {
    let mut rows: Vec<Vec<String>> =
        empty_rows().iter().map(|r| r.split(' ').map(String::from).collect()).collect();
    for (square, token) in pieces {
        let sq = strategy_chess::Square::parse(square).unwrap();
        rows[9 - sq.row()][sq.file()] = token.to_string();
    }
    let rows: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    position(&rows, to_move, settings)
}

/// Plays moves in notation through the checked rules: `Ok(n)` if all `n`
/// are legal, else `Err((k, reason))` for the first refused one (k from 1),
/// like `boardsuite verify`.
pub fn verify(game: &mut StrategyChess, moves: &str) -> Result<usize, (usize, String)> {
    let mut n = 0;
    for (k, text) in moves.split_whitespace().enumerate() {
        let mv = game.parse_move(text).map_err(|e| (k + 1, format!("unreadable: {e}")))?;
        game.try_play(mv).map_err(|e| (k + 1, e.to_string()))?;
        n += 1;
    }
    Ok(n)
}
