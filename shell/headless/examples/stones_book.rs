//! Writes the Stones opening book (`assets/books/stones.txt`) for one set
//! of rules, keeping the entries of other rules already in the file.
//!
//! ```text
//! cargo run --release -p headless --example stones_book -- BOOK_FILE PLIES [--set key=value ...]
//! ```
//!
//! From the start position it visits every position any play reaches in
//! at most PLIES plies (both sides, every move), as long as level 10
//! could not solve it live:
//! a position that a fresh solver set up as level 10's
//! ([`headless::registry::stones::PERFECT`]) solves within a quarter of
//! level 10's node cap is a leaf (the quarter leaves room for a loaded
//! machine and a cold table). Every other position is solved exactly, its
//! best move and future value go into the book, and its children are
//! visited. Prints the entries and the time on standard error.

#[path = "support/stones_rules.rs"]
mod stones_rules;
use ai::{SearchLimits, Solver, SolverConfig};
use game_core::{Game, Solve};
use headless::registry::stones::PERFECT;
use std::collections::{HashSet, VecDeque};
use std::process::ExitCode;
use std::time::Instant;
use stones::{BookEntry, Stones, StonesBook, StonesRules};
use stones_rules::rules_from;

/// The head of the book file.
const HEADER: &str = "# Stones opening book: a move of the best exact value for the positions
# near the start that level 10 does not solve live. Each `rules` line starts
# one board; an entry is the mover's piles, the other's piles, the pile to
# sow and the future value (the final margin less what is banked).
# Made by: cargo run --release -p headless --example stones_book -- assets/books/stones.txt 3 --set ...
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(plies)) = (args.first(), args.get(1).and_then(|a| a.parse::<usize>().ok())) else {
        eprintln!("usage: stones_book BOOK_FILE PLIES [--set key=value ...]");
        return ExitCode::from(2);
    };
    let Some(rules) = rules_from(&args[2..]) else {
        return ExitCode::from(2);
    };
    let mut book = match std::fs::read_to_string(path) {
        Ok(text) => match StonesBook::parse(&text) {
            Ok(book) => book,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        },
        Err(_) => StonesBook::new(),
    };
    let clock = Instant::now();
    let before = book.len();
    if let Err(e) = fill(&mut book, &rules, plies) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    if let Err(e) = std::fs::write(path, format!("{HEADER}{}", book.to_text())) {
        eprintln!("{path}: {e}");
        return ExitCode::FAILURE;
    }
    eprintln!("{} entries added in {:.1} s", book.len() - before, clock.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// Adds the entries of `rules` up to `plies` plies deep (see the module
/// documentation).
fn fill(book: &mut StonesBook, rules: &StonesRules, plies: usize) -> Result<(), String> {
    let start = Stones::start(rules, &[]).map_err(|e| e.to_string())?;
    let mut exact = Solver::<Stones>::new(SolverConfig { table_mb: 256, ..SolverConfig::default() });
    let mut seen = HashSet::new();
    // Breadth first: a position is met first at its shallowest ply.
    let mut queue = VecDeque::from([(start, 0)]);
    let mut moves = Vec::new();
    while let Some((position, ply)) = queue.pop_front() {
        if ply > plies || position.outcome().is_some() || !seen.insert(position.future_key()) {
            continue;
        }
        let mut live = Solver::<Stones>::new(SolverConfig {
            table_mb: PERFECT.table_mb,
            endgame_mb: PERFECT.endgame_mb,
            ..SolverConfig::default()
        });
        if live.solve(&position, &SearchLimits::none().nodes(PERFECT.nodes / 4)).is_ok() {
            continue;
        }
        let solution = exact.solve(&position, &SearchLimits::none()).map_err(|e| e.to_string())?;
        let mv = solution.best_move.ok_or("a position in play without a move")?;
        let future = solution.value - position.banked_margin(position.to_move());
        book.insert(&position, BookEntry { mv, future: future as i32 });
        eprintln!("{} {}: {} {future:+}", book.len(), position.format_position(), position.format_move(mv));
        position.legal_moves(&mut moves);
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            queue.push_back((child, ply + 1));
        }
    }
    Ok(())
}
