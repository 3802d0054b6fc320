//! The perft table in `perft.txt`: move-sequence counts for default and
//! non-default rules, checked against the engine (quick) and against the
//! array reference (`--ignored`, slow: run it in release).

mod common;

use blockade::{Blockade, BlockadeRules};
use common::reference::Reference;
use game_core::{Game, RuleSet, perft_counts};

/// One line of the table.
struct Case {
    line: usize,
    settings: Vec<String>,
    counts: Vec<u64>,
}

impl Case {
    fn rules(&self) -> BlockadeRules {
        BlockadeRules::default()
            .with_settings(&self.settings)
            .unwrap_or_else(|e| panic!("perft.txt line {}: {e}", self.line))
    }
}

fn cases() -> Vec<Case> {
    include_str!("perft.txt")
        .lines()
        .enumerate()
        .filter(|(_, text)| !text.trim().is_empty() && !text.starts_with('#'))
        .map(|(i, text)| {
            let line = i + 1;
            let (settings, counts) =
                text.split_once('|').unwrap_or_else(|| panic!("perft.txt line {line}: no `|`"));
            let settings =
                settings.split_whitespace().filter(|s| *s != "defaults").map(String::from).collect();
            let counts = counts
                .split_whitespace()
                .map(|c| c.parse().unwrap_or_else(|_| panic!("perft.txt line {line}: bad count `{c}`")))
                .collect();
            Case { line, settings, counts }
        })
        .collect()
}

#[test]
fn the_table_is_read_whole() {
    let cases = cases();
    assert!(cases.len() >= 20, "{} cases", cases.len());
    assert!(cases.iter().all(|c| !c.counts.is_empty()));
    assert!(cases.iter().any(|c| c.settings.is_empty()), "the defaults are in the table");
}

#[test]
fn engine_matches_the_perft_table() {
    for case in cases() {
        let start = Blockade::start(&case.rules(), &[]).unwrap();
        let counts = perft_counts(&start, case.counts.len() as u32);
        assert_eq!(counts, case.counts, "perft.txt line {} ({:?})", case.line, case.settings);
    }
}

#[test]
#[ignore = "slow: the array reference walks every line of the table (run with --release)"]
fn reference_matches_the_perft_table() {
    for case in cases() {
        let start = Reference::start(&case.rules());
        for (depth, &expected) in case.counts.iter().enumerate() {
            let count = start.perft(depth as u32 + 1);
            assert_eq!(count, expected, "perft.txt line {} depth {}", case.line, depth + 1);
        }
    }
}
