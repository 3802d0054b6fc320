//! The `solve` and `match` commands of PRODUCT.md, on the real binary with
//! the toy Nim game.

mod cli_support;

use cli_support::{command, stderr, stdout};
use std::process::{Command, Output};

/// The binary with a small solver table, so the tests run in little memory.
fn boardsuite(args: &[&str]) -> Output {
    command().args(args).env("BOARDSUITE_SOLVE_MB", "16").output().expect("the binary runs")
}

#[test]
fn solve_prints_the_first_players_margin_then_statistics() {
    // 1 1 with free turns: take one, move again, take the last.
    let out = boardsuite(&["solve", "nim", "--set", "heaps=[1, 1]"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("value +1"));
    let rest: Vec<&str> = lines.collect();
    assert!(rest.iter().any(|l| l.starts_with("nodes ")), "{text}");
    assert!(rest.iter().any(|l| l.starts_with("table hits ")), "{text}");
    // One heap of 4, take up to 3: the first player loses.
    let out = boardsuite(&["solve", "nim", "--set", "heaps=[4]", "--set", "free_turn=false"]);
    assert_eq!(stdout(&out).lines().next(), Some("value -1"));
    // The default start: a first-player win (checked against plain search
    // in the ai crate's tests).
    let out = boardsuite(&["solve", "nim"]);
    assert_eq!(stdout(&out).lines().next(), Some("value +1"));
}

#[test]
fn solve_refuses_hidden_information_and_bad_options_with_exit_2() {
    let out = boardsuite(&["solve", "strategy-chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("perfect-information"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let out = boardsuite(&["solve", "nim", "--set", "max_take=12"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("max_take"), "{}", stderr(&out));
    for (variable, value) in [("BOARDSUITE_SOLVE_MB", "lots"), ("BOARDSUITE_SOLVE_ENDGAME_MB", "-1")] {
        let out = Command::new(env!("CARGO_BIN_EXE_boardsuite"))
            .args(["solve", "nim"])
            .env(variable, value)
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(2), "{variable}={value}");
        assert!(stderr(&out).contains(variable), "{}", stderr(&out));
    }
}

/// The W-D-L and score of a match's last line, which must be its exact form.
fn result_line(text: &str) -> (u32, u32, u32, f64) {
    let last = text.lines().last().expect("a last line");
    let rest = last.strip_prefix("result ").unwrap_or_else(|| panic!("last line: {last}"));
    let (wdl, score) = rest.split_once(" score ").unwrap_or_else(|| panic!("last line: {last}"));
    let counts: Vec<u32> = wdl.split('-').map(|n| n.parse().expect("a count")).collect();
    let score: f64 = score.strip_suffix('%').expect("a percentage").parse().expect("a number");
    (counts[0], counts[1], counts[2], score)
}

#[test]
fn match_prints_a_line_per_game_then_the_result() {
    let args = ["match", "nim", "--first", "10", "--second", "1", "--games", "6", "--seed", "7"];
    let out = boardsuite(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    for (k, line) in lines[..6].iter().enumerate() {
        assert!(line.starts_with(&format!("game {}/6 seed {}: ", k + 1, 7 + k)), "{line}");
        // The first move alternates: the --first AI (level 10) sits first
        // in even games.
        let seats =
            if k % 2 == 0 { "first seat level 10, second seat level 1" } else { "first seat level 1" };
        assert!(line.contains(seats), "{line}");
    }
    let (w, d, l, score) = result_line(&text);
    assert_eq!(w + d + l, 6);
    assert!((score - (f64::from(w) + f64::from(d) / 2.0) / 6.0 * 100.0).abs() < 0.05, "{text}");
    assert!(w >= 5, "level 10 should beat level 1 at Nim: {text}");

    // Every game is reproducible: the same command prints the same games,
    // whatever the scheduling of the parallel games.
    assert_eq!(stdout(&boardsuite(&args)), text);
    // And a single game replays alone from its seed, with the same level
    // in each seat (only "for --first" changes sides).
    let game = |line: &str| {
        let from_seed = &line[line.find("seed ").expect("a seed")..];
        from_seed[..from_seed.rfind(": ").expect("a result")].to_string()
    };
    let alone =
        boardsuite(&["match", "nim", "--first", "1", "--second", "10", "--games", "1", "--seed", "8"]);
    let replayed = stdout(&alone);
    assert_eq!(game(replayed.lines().next().expect("a game line")), game(lines[1]));
}

#[test]
fn match_refuses_bad_arguments_with_exit_2() {
    for args in [
        &["match", "nim", "--first", "11", "--second", "1", "--games", "2"][..],
        &["match", "nim", "--first", "1", "--second", "0", "--games", "2"],
        &["match", "nim", "--first", "1", "--second", "1", "--games", "0"],
        &["match", "nim", "--first", "1", "--second", "1", "--games", "2", "--set", "heaps=[]"],
        &["match", "nim", "--first", "1", "--second", "1"],
    ] {
        let out = boardsuite(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}
