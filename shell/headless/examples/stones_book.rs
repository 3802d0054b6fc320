//! Writes the Stones opening book (`assets/books/stones.txt`) for one set
//! of rules, keeping the entries already in the file. The entries the file
//! already holds for these rules are taken as solved (so a deeper book
//! starts from a shallower one) and kept: the book keys a board by its
//! rules but the starting stones (a pile array's future does not depend on
//! them), so Kalah(6,3) and Kalah(6,4) share their entries. `--fresh`
//! drops the entries of these rules (every starting count) first.
//! `--known FILE` takes the entries of another book as solved too (only
//! those the visit reaches are written), so a book can be made again from
//! an empty file without solving again what an earlier run solved.
//!
//! ```text
//! cargo run --release -p headless --example stones_book -- BOOK_FILE PLIES [--line] [--fresh] [--known FILE] [--set key=value ...]
//! ```
//!
//! From the start position it visits the positions play reaches in at
//! most PLIES plies, as long as level 10 could not solve them live. A
//! position is live when level 10 would try a solve there with its wide
//! endgame table (its stones in play are at most
//! [`headless::registry::stones::WIDE_MAX_FUTURE`]) and a fresh solver set up as level 10's
//! ([`headless::registry::stones::PERFECT`], with the table of
//! [`headless::registry::stones::wide_endgame`]) solves it within a
//! quarter of level 10's node cap (the quarter leaves room for a loaded
//! machine and a cold table). A live position is a leaf. Level 10's moves
//! before that table is built (in the background, from its first move)
//! are the book's, its first one always. Every other
//! position, and the start, is solved exactly, its best move and future
//! value go into the book, and its children are visited:
//!
//! - by default every child (any play by both sides);
//! - with `--line`, only the book move's child where level 10 is to move,
//!   and every child where its opponent is, once with level 10 in each
//!   seat. That covers every game level 10 plays in a fraction of the
//!   entries, so the book can reach deeper.
//!
//! The start is always an entry: a book holds a board's start only where
//! it covers every game (`GameEntry::plays_perfectly` asks it). So the file
//! is written only if the visit ends within PLIES plies (no position past
//! them is left to follow: a position of level 10's that it cannot solve
//! live, or of its opponent's); else the builder says how many there are
//! and fails. Prints the entries and the time on standard error.

#[path = "support/stones_rules.rs"]
mod stones_rules;
use ai::{ExactPlay, SearchLimits, Solver, SolverConfig};
use game_core::{Game, Seat, Solve};
use headless::registry::stones::{PERFECT, WIDE_MAX_FUTURE, wide_endgame};
use std::collections::{HashSet, VecDeque};
use std::process::ExitCode;
use std::time::Instant;
use stones::{BookEntry, Stones, StonesBook, StonesRules};
use stones_rules::rules_from;

/// The head of the book file.
const HEADER: &str = "# Stones opening book: a move of the best exact value for the positions of
# level 10's games that it does not solve live. Each `rules` line starts one
# board; an entry is the mover's piles, the other's piles, the pile to sow
# and the future value (the final margin less what is banked). A board's
# start is here only where the book covers every game from it.
# Made by the stones_book example of the headless crate (docs/solver.md).
";

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let line = args.iter().any(|a| a == "--line");
    let fresh = args.iter().any(|a| a == "--fresh");
    args.retain(|a| a != "--line" && a != "--fresh");
    let mut known_file = None;
    if let Some(i) = args.iter().position(|a| a == "--known") {
        if i + 1 >= args.len() {
            eprintln!("--known needs a book file");
            return ExitCode::from(2);
        }
        known_file = Some(args.remove(i + 1));
        args.remove(i);
    }
    let (Some(path), Some(plies)) = (args.first(), args.get(1).and_then(|a| a.parse::<usize>().ok())) else {
        eprintln!(
            "usage: stones_book BOOK_FILE PLIES [--line] [--fresh] [--known FILE] [--set key=value ...]"
        );
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
    if fresh {
        book.remove(&rules);
    }
    let mut known = book.clone();
    if let Some(file) = &known_file {
        let other = std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|text| StonesBook::parse(&text).map_err(|e| e.to_string()));
        match other {
            Ok(other) => {
                for (position, entry) in other.entries(&rules) {
                    known.insert(&position, entry);
                }
            }
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let uncovered = match fill(&mut book, &known, &rules, plies, line) {
        Ok(uncovered) => uncovered,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if uncovered > 0 {
        eprintln!("{uncovered} positions past ply {plies} are still to follow: {path} not written");
        return ExitCode::FAILURE;
    }
    if let Err(e) = std::fs::write(path, format!("{HEADER}{}", book.to_text())) {
        eprintln!("{path}: {e}");
        return ExitCode::FAILURE;
    }
    eprintln!(
        "{} entries for these rules, {} in the book, in {:.1} s",
        book.entries(&rules).len(),
        book.len(),
        clock.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Whether level 10 solves `position` live (see the module documentation):
/// `solver` is set up as level 10's, and forgets earlier solves first.
fn live(position: &Stones, play: &ExactPlay, solver: &mut Solver<Stones>) -> bool {
    if position.future_bound().is_some_and(|bound| bound > WIDE_MAX_FUTURE) {
        return false;
    }
    solver.forget();
    solver.solve(position, &SearchLimits::none().nodes(play.nodes / 4)).is_ok()
}

/// Adds the entries of `rules` up to `plies` plies deep, following only
/// level 10's book moves when `line`, and taking the entries of `known`
/// as solved (see the module documentation); returns how many positions
/// past `plies` the visit would still have to follow (level 10's, not
/// live, and its opponent's).
fn fill(
    book: &mut StonesBook,
    known: &StonesBook,
    rules: &StonesRules,
    plies: usize,
    line: bool,
) -> Result<usize, String> {
    let start = Stones::start(rules, &[]).map_err(|e| e.to_string())?;
    let mut exact = Solver::<Stones>::new(SolverConfig { table_mb: 256, ..SolverConfig::default() });
    let mut fresh = Solver::<Stones>::new(SolverConfig {
        table_mb: PERFECT.table_mb,
        endgame_mb: PERFECT.endgame_mb,
        ..SolverConfig::default()
    });
    if let Some(table) = wide_endgame(&start, true) {
        fresh = fresh.with_endgame(table);
    }
    // A position is seen once as level 10's move and once as its
    // opponent's: the pile array turned to the mover decides the rest.
    let mut seen = HashSet::new();
    // Breadth first: a position is met first at its shallowest ply. Level
    // 10's seat, with `line`; without, every seat is level 10's.
    let mut queue: VecDeque<(Stones, usize, Option<Seat>)> = if line {
        VecDeque::from([(start.clone(), 0, Some(Seat::FIRST)), (start, 0, Some(Seat::SECOND))])
    } else {
        VecDeque::from([(start, 0, None)])
    };
    let mut uncovered = 0;
    let mut moves = Vec::new();
    while let Some((position, ply, ten)) = queue.pop_front() {
        let ours = ten.is_none_or(|seat| seat == position.to_move());
        if position.outcome().is_some() || !seen.insert((position.future_key(), ours)) {
            continue;
        }
        if ours && ply > 0 && live(&position, &PERFECT, &mut fresh) {
            continue;
        }
        if ply > plies {
            // Level 10's move here needs an entry; after the opponent's,
            // one may.
            uncovered += 1;
            continue;
        }
        position.legal_moves(&mut moves);
        if ours {
            let entry = match known.get(&position) {
                Some(entry) => entry,
                None => {
                    let solution =
                        exact.solve(&position, &SearchLimits::none()).map_err(|e| e.to_string())?;
                    let mv = solution.best_move.ok_or("a position in play without a move")?;
                    let future = solution.value - position.banked_margin(position.to_move());
                    BookEntry { mv, future: future as i32 }
                }
            };
            book.insert(&position, entry);
            eprintln!(
                "{} ply {ply} {}: {} {:+}",
                book.len(),
                position.format_position(),
                position.format_move(entry.mv),
                entry.future
            );
            if line {
                moves = vec![entry.mv];
            }
        }
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            queue.push_back((child, ply + 1, ten));
        }
    }
    Ok(uncovered)
}
