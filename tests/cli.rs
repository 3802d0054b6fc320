//! The command-line contract of PRODUCT.md, exercised on the real binary.

mod cli_support;

use cli_support::{boardsuite, stderr, stdout};

#[test]
fn help_and_version_need_no_display() {
    let out = boardsuite(&["--help"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for command in ["perft", "solve", "match", "verify"] {
        assert!(stdout(&out).contains(command), "help lists {command}");
    }
    let out = boardsuite(&["--version"]);
    assert!(out.status.success());
    assert!(stdout(&out).starts_with("boardsuite "));
    let out = boardsuite(&["perft", "--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("--depth"));
}

#[test]
fn launcher_without_display_fails_cleanly() {
    let out = boardsuite(&[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no display"), "{}", stderr(&out));
}

#[test]
fn perft_prints_one_line_per_depth() {
    let out = boardsuite(&["perft", "nim", "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "perft 1 9\nperft 2 71\nperft 3 483\n");
    let out = boardsuite(&["perft", "nim", "--depth", "2", "--set", "heaps=[2]", "--set", "max_take=2"]);
    assert_eq!(stdout(&out), "perft 1 2\nperft 2 1\n");
}

#[test]
fn bad_rule_options_name_the_key_and_range_with_exit_2() {
    let out = boardsuite(&["perft", "nim", "--depth", "1", "--set", "colour=red", "--set", "max_take=12"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("colour: is not a rule option"), "{err}");
    assert!(err.contains("max_take: 12 is not allowed (allowed: an integer 1..=9)"), "{err}");
    assert!(stdout(&out).is_empty());
    let out = boardsuite(&["perft", "nim", "--depth", "1", "--set", "max_take"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("key=value"));
}

#[test]
fn verify_reports_ok_and_the_outcome() {
    let out = boardsuite(&["verify", "nim", "--moves", "1-3 2-3 2-1 3-3 3-2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // First: 1-3 empties heap 1 (free turn), then 2-3. Second: 2-1 empties
    // heap 2 (free turn), then 3-3. First takes the last two with 3-2.
    assert_eq!(stdout(&out), "ok 5\noutcome first +1\n");
    let out = boardsuite(&["verify", "nim", "--moves", "1-1"]);
    assert_eq!(stdout(&out), "ok 1\noutcome none\n");
}

#[test]
fn verify_from_a_position_file() {
    let dir = std::env::temp_dir().join(format!("boardsuite-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("nim.txt");
    std::fs::write(&file, "1 1 : second\n").unwrap();
    let path = file.to_str().unwrap();
    let out = boardsuite(&["verify", "nim", "--position", path, "--moves", "2-1 1-1"]);
    assert_eq!(stdout(&out), "ok 2\noutcome second +1\n", "{}", stderr(&out));
    std::fs::write(&file, "1 1 : nobody\n").unwrap();
    let out = boardsuite(&["verify", "nim", "--position", path, "--moves", "2-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("first or second"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn verify_refuses_the_first_illegal_move_with_exit_0() {
    let out = boardsuite(&["verify", "nim", "--moves", "1-1 2-4 3-1"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "refused 2 2-4: max_take: a move takes at most 3 stones, not 4\n");
}

#[test]
fn malformed_moves_exit_2() {
    let out = boardsuite(&["verify", "nim", "--moves", "1-1 banana"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("move 2 `banana`: expected"), "{}", stderr(&out));
}

#[test]
fn unknown_games_and_bad_arguments_exit_2() {
    let out = boardsuite(&["perft", "chess", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = boardsuite(&["match", "nim", "--first", "11", "--second", "1", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
}
