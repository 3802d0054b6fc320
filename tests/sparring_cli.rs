//! `boardsuite match` with sparring opponents (`sparring:NAME`), on the real
//! binary: they play through the referee like the levels, and a name the
//! game does not have is refused with exit code 2 and the list of what is
//! allowed.

mod cli_support;

use cli_support::{boardsuite, stderr, stdout};

#[test]
fn a_sparring_opponent_plays_a_match_against_a_level() {
    let args = ["match", "strategy-chess", "--first", "sparring:defender", "--second", "1", "--games", "2"];
    let out = boardsuite(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].contains("first seat sparring:defender, second seat level 1"), "{text}");
    assert!(lines[1].contains("first seat level 1, second seat sparring:defender"), "{text}");
    let last = lines[2];
    assert!(last.starts_with("result ") && last.contains(" score ") && last.ends_with('%'), "{last}");
    // The same seed plays the same games.
    assert_eq!(stdout(&boardsuite(&args)), text);
}

#[test]
fn two_sparring_opponents_play_each_other_under_other_rules() {
    let out = boardsuite(&[
        "match",
        "strategy-chess",
        "--first",
        "sparring:rusher",
        "--second",
        "sparring:aggressor",
        "--games",
        "2",
        "--set",
        "army=barrage",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).lines().last().is_some_and(|l| l.starts_with("result ")), "{}", stdout(&out));
}

#[test]
fn an_unknown_style_exits_2_and_names_the_allowed_ones() {
    let out = boardsuite(&[
        "match",
        "strategy-chess",
        "--first",
        "1",
        "--second",
        "sparring:turtle",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("--second") && err.contains("`turtle`"), "{err}");
    for allowed in ["1..=10", "sparring:defender", "sparring:aggressor", "sparring:rusher"] {
        assert!(err.contains(allowed), "{allowed}: {err}");
    }
}

#[test]
fn a_game_without_sparring_opponents_exits_2() {
    let out = boardsuite(&["match", "stones", "--first", "sparring:x", "--second", "1", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("stones has no sparring opponents") && err.contains("1..=10"), "{err}");
    let out =
        boardsuite(&["match", "strategy-chess", "--first", "sparring:", "--second", "1", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn match_help_lists_the_sparring_opponents() {
    let out = boardsuite(&["match", "--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    for name in ["sparring:defender", "sparring:aggressor", "sparring:rusher"] {
        let line = help.lines().find(|l| l.contains(name)).unwrap_or_else(|| panic!("{name}: {help}"));
        assert!(line.contains("strategy-chess"), "{line}");
    }
}
