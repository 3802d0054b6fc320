//! The perft regression table, `tests/perft.txt`: one rule configuration a
//! line, its perft counts from the start, and what the games that ended
//! within that many plies added up to (perft alone cannot see the end
//! sweep: it decides the score, not when the game ends).
//!
//! Adding a case is adding a line. To print the line for a new
//! configuration, give it with any counts and run
//! `STONES_PERFT_PRINT=1 cargo test -p stones --test perft_table -- --nocapture`.
//!
//! Every line is also checked against the naive second implementation of
//! the rules in `tests/common/naive.rs`, which is how the counts were
//! cross-checked before they were checked in.

mod common;

use common::naive::Naive;
use game_core::{Game, RuleSet, Seat, perft_counts};
use stones::{Stones, StonesRules};

/// One line of the table.
#[derive(Debug, PartialEq, Eq)]
struct Entry {
    settings: Vec<String>,
    counts: Vec<u64>,
    ended: Endings,
}

/// Every move sequence of at most the table's depth that ended the game:
/// how many, and the sum of Player One's final margins.
#[derive(Debug, Default, PartialEq, Eq, Clone, Copy)]
struct Endings {
    games: u64,
    margin_sum: i64,
}

fn table() -> Vec<(usize, Entry)> {
    let text = include_str!("perft.txt");
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(n, line)| {
            (n + 1, parse_line(line).unwrap_or_else(|e| panic!("perft.txt line {}: {e}", n + 1)))
        })
        .collect()
}

fn parse_line(line: &str) -> Result<Entry, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [settings, counts, ended] = fields.as_slice() else {
        return Err("expected `settings | counts | games margin_sum`".into());
    };
    let settings = settings.split_whitespace().filter(|s| *s != "defaults").map(String::from).collect();
    let counts = counts
        .split_whitespace()
        .map(|c| c.parse().map_err(|_| format!("bad count {c}")))
        .collect::<Result<_, _>>()?;
    let ended: Vec<i64> = ended
        .split_whitespace()
        .map(|c| c.parse().map_err(|_| format!("bad number {c}")))
        .collect::<Result<_, _>>()?;
    let [games, margin_sum] = ended.as_slice() else {
        return Err("expected two numbers after the counts: games ended, sum of margins".into());
    };
    Ok(Entry { settings, counts, ended: Endings { games: *games as u64, margin_sum: *margin_sum } })
}

fn rules(settings: &[String]) -> StonesRules {
    StonesRules::default().with_settings(settings).unwrap_or_else(|e| panic!("{settings:?}: {e}"))
}

fn endings(position: &Stones, depth: u32) -> Endings {
    let mut found = Endings::default();
    if let Some(outcome) = position.outcome() {
        found.games = 1;
        found.margin_sum = outcome.margin_for(Seat::FIRST);
        return found;
    }
    if depth == 0 {
        return found;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for mv in moves {
        let mut child = position.clone();
        child.play(mv);
        let more = endings(&child, depth - 1);
        found.games += more.games;
        found.margin_sum += more.margin_sum;
    }
    found
}

fn naive_endings(position: &Naive, depth: u32) -> Endings {
    let mut found = Endings::default();
    if position.over {
        found.games = 1;
        found.margin_sum = position.store(0) as i64 - position.store(1) as i64;
        return found;
    }
    if depth == 0 {
        return found;
    }
    for pile in position.moves() {
        let mut child = position.clone();
        child.play(pile);
        let more = naive_endings(&child, depth - 1);
        found.games += more.games;
        found.margin_sum += more.margin_sum;
    }
    found
}

fn measured(settings: &[String], depth: u32) -> Entry {
    let start = Stones::start(&rules(settings), &[]).unwrap();
    Entry { settings: settings.to_vec(), counts: perft_counts(&start, depth), ended: endings(&start, depth) }
}

#[test]
fn perft_counts_match_the_table() {
    let print = std::env::var_os("STONES_PERFT_PRINT").is_some();
    for (line, entry) in table() {
        let found = measured(&entry.settings, entry.counts.len() as u32);
        if print {
            let counts: Vec<String> = found.counts.iter().map(u64::to_string).collect();
            let settings =
                if entry.settings.is_empty() { "defaults".into() } else { entry.settings.join(" ") };
            println!("{settings} | {} | {} {}", counts.join(" "), found.ended.games, found.ended.margin_sum);
            continue;
        }
        assert_eq!(found, entry, "perft.txt line {line}");
    }
}

#[test]
fn the_naive_implementation_agrees_with_the_table() {
    for (line, entry) in table() {
        let naive = common::naive_start(&rules(&entry.settings));
        let depth = entry.counts.len() as u32;
        let counts: Vec<u64> = (1..=depth).map(|d| naive.perft(d)).collect();
        assert_eq!(counts, entry.counts, "perft.txt line {line}");
        assert_eq!(naive_endings(&naive, depth), entry.ended, "perft.txt line {line}");
    }
}

#[test]
fn the_table_covers_every_rule_option() {
    let lines: Vec<String> = table().into_iter().map(|(_, e)| e.settings.join(" ")).collect();
    for needle in [
        "sowing=kalah",
        "empty_capture=true",
        "end_sweep=owner-keeps",
        "end_sweep=emptier-collects",
        "pits=3",
        "pits=8",
        "stones=1",
        "stones=8",
    ] {
        assert!(lines.iter().any(|l| l.contains(needle)), "no perft line with {needle}");
    }
}

#[test]
fn malformed_lines_are_reported() {
    assert!(parse_line("defaults | 6 31").is_err());
    assert!(parse_line("defaults | 6 x | 0 0").is_err());
    assert!(parse_line("defaults | 6 | 0").is_err());
    assert_eq!(
        parse_line("pits=3 | 3 9 | 1 -2").unwrap(),
        Entry {
            settings: vec!["pits=3".into()],
            counts: vec![3, 9],
            ended: Endings { games: 1, margin_sum: -2 }
        }
    );
}
