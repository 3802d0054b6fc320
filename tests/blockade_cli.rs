//! `boardsuite perft blockade` and `boardsuite verify blockade`, on the real
//! binary, in the formats of PRODUCT.md.

mod cli_support;

use cli_support::{PositionFile, boardsuite, stderr, stdout};

#[test]
fn perft_counts_from_the_start() {
    let out = boardsuite(&["perft", "blockade", "--depth", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "perft 1 8\nperft 2 32\nperft 3 124\nperft 4 492\nperft 5 2232\n");
    assert!(stderr(&out).contains("nodes/s"), "{}", stderr(&out));
}

#[test]
fn perft_follows_the_rule_options() {
    // The 4-neighbourhood centre game fills its five squares and ends.
    let out = boardsuite(&["perft", "blockade", "--depth", "6", "--set", "neighbourhood=4"]);
    assert_eq!(stdout(&out), "perft 1 5\nperft 2 20\nperft 3 60\nperft 4 120\nperft 5 120\nperft 6 0\n");
    let out = boardsuite(&["perft", "blockade", "--depth", "3", "--set", "start=wide", "--set", "size=6"]);
    assert_eq!(stdout(&out), "perft 1 16\nperft 2 212\nperft 3 2376\n");
    let out = boardsuite(&[
        "perft",
        "blockade",
        "--depth",
        "4",
        "--set",
        "capture=0",
        "--set",
        "claim=0",
        "--set",
        "overcrowd=0",
    ]);
    assert_eq!(stdout(&out), "perft 1 8\nperft 2 60\nperft 3 444\nperft 4 3256\n");
}

#[test]
fn bad_rule_options_exit_2_naming_the_key() {
    let out = boardsuite(&["perft", "blockade", "--depth", "1", "--set", "size=12"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("size: 12 is not allowed (allowed: an integer 5..=11)"),
        "{}",
        stderr(&out)
    );
    let out = boardsuite(&["perft", "blockade", "--depth", "1", "--set", "start=corners"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("start: corners is not allowed"), "{}", stderr(&out));
    assert!(stderr(&out).contains("one of centre, wide, grid"), "{}", stderr(&out));
    let out = boardsuite(&["verify", "blockade", "--moves", "d3", "--set", "neighbourhood=6"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("neighbourhood: 6 is not allowed"), "{}", stderr(&out));
    let out = boardsuite(&["verify", "blockade", "--moves", "d3", "--set", "start=wide", "--set", "size=5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("start: wide does not fit on a 5x5 board"), "{}", stderr(&out));
    let out = boardsuite(&["perft", "blockade", "--depth", "1", "--setups", "1,2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("blockade has no setups"), "{}", stderr(&out));
}

#[test]
fn verify_accepts_legal_moves_and_reports_the_outcome() {
    let out = boardsuite(&["verify", "blockade", "--moves", "d3 c5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ok 2\noutcome none\n");
    // Under the 4-neighbourhood the five first squares end the game.
    // Player One takes e5, f4 and f6 (capturing f5, then between e5, f4
    // and f6); Player Two d4 and d6. Six stones to three.
    let out = boardsuite(&["verify", "blockade", "--set", "neighbourhood=4", "--moves", "e5 d4 f4 d6 f6"]);
    assert_eq!(stdout(&out), "ok 5\noutcome first +3\n", "{}", stderr(&out));
}

#[test]
fn verify_refuses_the_first_illegal_move_with_its_rule() {
    let cases = [
        ("d3 c3", "refused 2 c3: c3 is not next to a stone of yours\n"),
        ("j9", "refused 1 j9: j9 is off the 8x8 board\n"),
        ("d3 d3", "refused 2 d3: d3 is occupied\n"),
        ("f6", "refused 1 f6: f6 is not next to an opponent's stone\n"),
    ];
    for (moves, expected) in cases {
        let out = boardsuite(&["verify", "blockade", "--moves", moves]);
        assert!(out.status.success(), "{moves}: {}", stderr(&out));
        assert_eq!(stdout(&out), expected, "{moves}");
    }
    let out = boardsuite(&["verify", "blockade", "--set", "neighbourhood=4", "--moves", "e5 d4 f4 d6 f6 c3"]);
    assert_eq!(stdout(&out), "refused 6 c3: the game is over\n");
}

#[test]
fn verify_from_a_position_file() {
    // x on c3 captures b3 (c3, c2, b2 around it) and claims d2; o has no
    // stone left, so the game ends: x has b2, c2, b3, c3, d2 and the edge
    // square d1 (3 points).
    let file = PositionFile::new("blockade-end", ".....\n.....\n.o...\n.xx..\n...x.\nx\n");
    let out =
        boardsuite(&["verify", "blockade", "--set", "size=5", "--position", file.path(), "--moves", "c3"]);
    assert_eq!(stdout(&out), "ok 1\noutcome first +8\n", "{}", stderr(&out));
    // The one-line form reads too, and no moves is fine.
    let file = PositionFile::new("blockade-line", "...../...../.o.../.xx../...x. o");
    let out =
        boardsuite(&["verify", "blockade", "--set", "size=5", "--position", file.path(), "--moves", ""]);
    assert_eq!(stdout(&out), "ok 0\noutcome none\n", "{}", stderr(&out));
}

#[test]
fn malformed_input_exits_2() {
    let out = boardsuite(&["verify", "blockade", "--moves", "d3 zz"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("move 2 `zz`: expected a square"), "{}", stderr(&out));
    // A 5x5 position under the default 8x8 rules.
    let file = PositionFile::new("blockade-size", ".....\n.....\n.o...\n.xx..\n...x.\nx\n");
    let out = boardsuite(&["verify", "blockade", "--position", file.path(), "--moves", "c3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the board has 5 ranks, but size=8 needs 8"), "{}", stderr(&out));
    let file = PositionFile::new("blockade-char", "...../..#../...../...../..... x");
    let out =
        boardsuite(&["verify", "blockade", "--set", "size=5", "--position", file.path(), "--moves", "c3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("rank 4: 5 squares, each x, o or ."), "{}", stderr(&out));
}
