//! The command-line contract of PRODUCT.md for Stones, on the real binary:
//! `perft`, `verify` and `solve`, their output and exit codes.

mod cli_support;

use cli_support::{PositionFile, boardsuite, stderr, stdout};

#[test]
fn perft_prints_one_line_per_depth() {
    let out = boardsuite(&["perft", "stones", "--depth", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "perft 1 6\nperft 2 31\nperft 3 156\nperft 4 796\n");
    // Kalah keeps the free turn but has no relay; the empty capture changes
    // the count from depth 5.
    let out = boardsuite(&[
        "perft",
        "stones",
        "--depth",
        "5",
        "--set",
        "sowing=kalah",
        "--set",
        "empty_capture=true",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "perft 1 6\nperft 2 35\nperft 3 185\nperft 4 942\nperft 5 4685\n");
    // A game that ends before the last depth adds nothing there.
    let out = boardsuite(&["perft", "stones", "--depth", "12", "--set", "pits=3", "--set", "stones=1"]);
    assert_eq!(stdout(&out).lines().last(), Some("perft 12 0"));
}

#[test]
fn a_perft_too_deep_to_finish_is_refused_at_once() {
    // Depth 60 would run for ever: refused, naming the deepest that can finish.
    let out = boardsuite(&["perft", "stones", "--depth", "60"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("more than perft can finish"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    // A depth past any u32 allocation is refused by its range.
    let out = boardsuite(&["perft", "stones", "--depth", "4294967295"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--depth"), "{}", stderr(&out));
    // Deep depths past the end of every game cost nothing and count 0.
    let out = boardsuite(&["perft", "stones", "--depth", "10000", "--set", "pits=3", "--set", "stones=1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 10_000);
    assert_eq!(text.lines().last(), Some("perft 10000 0"));
}

#[test]
fn an_endless_position_file_is_refused_not_read_for_ever() {
    let out = boardsuite(&["verify", "stones", "--position", "/dev/zero", "--moves", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("/dev/zero") && stderr(&out).contains("too large"), "{}", stderr(&out));
    let out = boardsuite(&["replay", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("too large"), "{}", stderr(&out));
}

#[test]
fn bad_rule_options_name_the_key_and_range_with_exit_2() {
    let out = boardsuite(&["perft", "stones", "--depth", "1", "--set", "pits=9", "--set", "speed=fast"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("pits: 9 is not allowed (allowed: an integer 3..=8)"), "{err}");
    assert!(err.contains("speed: is not a rule option"), "{err}");
    assert!(stdout(&out).is_empty());
    let out = boardsuite(&["verify", "stones", "--moves", "1", "--set", "sowing=awari"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("sowing: awari is not allowed"), "{}", stderr(&out));
    assert!(stderr(&out).contains("one of relay, kalah"), "{}", stderr(&out));
}

#[test]
fn verify_reports_ok_and_the_outcome() {
    // Pile 4 sows its last stone into the score pile: a free turn, then 1.
    let out = boardsuite(&["verify", "stones", "--moves", "4 1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ok 2\noutcome none\n");
    // A whole game on the smallest board; Player One's free turn at the end
    // empties their side, and they collect Player Two's three stones.
    let out =
        boardsuite(&["verify", "stones", "--set", "pits=3", "--set", "stones=1", "--moves", "1 2 2 2 2 1"]);
    assert_eq!(stdout(&out), "ok 6\noutcome first +4\n", "{}", stderr(&out));
    let kalah = ["verify", "stones", "--set", "pits=3", "--set", "stones=2", "--set", "sowing=kalah"];
    let out = boardsuite(&[&kalah[..], &["--moves", "3 2 3 1 2 3"]].concat());
    assert_eq!(stdout(&out), "ok 6\noutcome second +10\n", "{}", stderr(&out));
    let out = boardsuite(&[&kalah[..], &["--moves", "1 2 1 2 3 1 3 3 1 2 1 2 1"]].concat());
    assert_eq!(stdout(&out), "ok 13\noutcome draw\n", "{}", stderr(&out));
}

#[test]
fn verify_refuses_the_first_illegal_move_with_its_reason_and_exit_0() {
    let out = boardsuite(&["verify", "stones", "--moves", "4 4 1"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "refused 2 4: pile 4 is empty: a sowing starts from a pile with stones\n");
    let out = boardsuite(&["verify", "stones", "--moves", "9"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "refused 1 9: no pile 9: piles are numbered 1..=6 from the mover's left\n");
}

#[test]
fn verify_from_a_position_file() {
    let file = PositionFile::new("stones-end", "1 0 0 [5] / 2 3 0 [4] : first\n");
    let three = ["--set", "pits=3"];
    // The free turn empties Player One's side: the game ends at once.
    let out =
        boardsuite(&[&["verify", "stones", "--position", file.path(), "--moves", "1"][..], &three].concat());
    assert_eq!(stdout(&out), "ok 1\noutcome first +7\n", "{}", stderr(&out));
    let owner = ["--set", "end_sweep=owner-keeps"];
    let out = boardsuite(
        &[&["verify", "stones", "--position", file.path(), "--moves", "1"][..], &three, &owner].concat(),
    );
    assert_eq!(stdout(&out), "ok 1\noutcome second +3\n", "{}", stderr(&out));
    let out = boardsuite(
        &[&["verify", "stones", "--position", file.path(), "--moves", "1 1"][..], &three].concat(),
    );
    assert_eq!(stdout(&out), "refused 2 1: the game is over\n", "{}", stderr(&out));
}

#[test]
fn malformed_positions_and_moves_exit_2() {
    let out = boardsuite(&["verify", "stones", "--moves", "4 banana"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("move 2 `banana`: expected a pile number 1..=6"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let out = boardsuite(&["verify", "stones", "--moves", "0"]);
    assert_eq!(out.status.code(), Some(2));
    // The file is for 3 piles; the rules say 6.
    let file = PositionFile::new("stones-short", "1 0 0 [5] / 2 3 0 [4] : first\n");
    let out = boardsuite(&["verify", "stones", "--position", file.path(), "--moves", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("has 3 piles but the rules say pits = 6"), "{}", stderr(&out));
    let file = PositionFile::new("stones-seat", "4 4 4 [0] / 4 4 4 [0] : nobody\n");
    let out = boardsuite(&["verify", "stones", "--set", "pits=3", "--position", file.path(), "--moves", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("first or second"), "{}", stderr(&out));
    let out = boardsuite(&["verify", "stones", "--setups", "1,2", "--moves", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("stones has no setups"), "{}", stderr(&out));
}

/// The lines of `solve` before its statistics: `move M value V` lines and
/// the `value` line.
fn solve_lines(args: &[&str]) -> Vec<String> {
    let out = cli_support::command().env("BOARDSUITE_SOLVE_MB", "16").args(args).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        lines.push(line.to_string());
        if line.starts_with("value ") {
            break;
        }
    }
    lines
}

#[test]
fn solve_from_a_position_gives_the_margin_of_the_seat_to_move_and_of_each_move() {
    // Player Two to move, 7 banked against 10: its piles 2 and 3 can move.
    let file = PositionFile::new("stones-solve", "1 0 2 [10] / 0 3 1 [7] : second");
    let set = ["--set", "pits=3", "--set", "stones=4"];
    let args = [&["solve", "stones", "--position", file.path(), "--each"][..], &set].concat();
    assert_eq!(solve_lines(&args), ["move 2 value -4", "move 3 value -8", "value -4"]);
    let args = [&["solve", "stones", "--position", file.path()][..], &set].concat();
    assert_eq!(solve_lines(&args), ["value -4"], "without --each, the value alone");
}

#[test]
fn solve_of_a_finished_position_is_its_banked_margin() {
    let file = PositionFile::new("stones-solve-over", "0 0 0 [13] / 0 0 0 [11] : second");
    let args =
        ["solve", "stones", "--set", "pits=3", "--set", "stones=4", "--position", file.path(), "--each"];
    assert_eq!(solve_lines(&args), ["value -2"], "no moves; the margin for Player Two");
}

#[test]
fn solve_each_from_the_start_agrees_with_the_value() {
    let lines = solve_lines(&["solve", "stones", "--set", "pits=3", "--set", "stones=3", "--each"]);
    let values: Vec<i64> = lines.iter().map(|l| l.rsplit(' ').next().unwrap().parse().unwrap()).collect();
    let (moves, value) = values.split_at(values.len() - 1);
    assert_eq!(moves.len(), 3, "{lines:?}");
    assert_eq!(moves.iter().max(), Some(&value[0]), "the best move's value is the position's: {lines:?}");
}

#[test]
fn solve_refuses_a_bad_position_file_with_exit_2() {
    let file = PositionFile::new("stones-solve-bad", "1 2 3 / nonsense");
    let out = boardsuite(&["solve", "stones", "--position", file.path()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("bad position"), "{}", stderr(&out));
    let out = boardsuite(&["solve", "stones", "--position", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}
