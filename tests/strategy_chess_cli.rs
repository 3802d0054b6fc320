//! The command line for strategy-chess: perft from library setups, verify
//! from setups or a position file, and clear errors for bad input.

mod cli_support;

use cli_support::{boardsuite, stderr, stdout};

/// Writes a position file and returns its path.
fn position_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardsuite-sc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// An empty board (lakes only) with some pieces, as position text.
fn position(pieces: &[(&str, &str)], to_move: &str) -> String {
    let mut rows: Vec<Vec<&str>> = (1..=10)
        .rev()
        .map(|rank| {
            (0..10)
                .map(|file| if (rank == 5 || rank == 6) && matches!(file, 2 | 3 | 6 | 7) { "~" } else { "." })
                .collect()
        })
        .collect();
    for (square, token) in pieces {
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().unwrap();
        rows[10 - rank][file] = token;
    }
    let mut text: String = rows.iter().map(|r| r.join(" ") + "\n").collect();
    text.push_str(&format!("to_move: {to_move}\n"));
    text
}

#[test]
fn perft_from_library_setups_matches_the_table() {
    let out = boardsuite(&["perft", "strategy-chess", "--depth", "3", "--setups", "1,2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "perft 1 14\nperft 2 131\nperft 3 2021\n");
    let out = boardsuite(&[
        "perft",
        "strategy-chess",
        "--depth",
        "2",
        "--setups",
        "5,6",
        "--set",
        "scouts=one-square",
    ]);
    assert_eq!(stdout(&out), "perft 1 5\nperft 2 25\n", "{}", stderr(&out));
}

#[test]
fn bad_setups_exit_2_with_a_clear_message() {
    for setups in [None, Some("1"), Some("1,99"), Some("a,b"), Some("1,2,3")] {
        let mut args = vec!["perft", "strategy-chess", "--depth", "1"];
        if let Some(s) = setups {
            args.extend(["--setups", s]);
        }
        let out = boardsuite(&args);
        assert_eq!(out.status.code(), Some(2), "{setups:?}");
        assert!(stderr(&out).contains("--setups A,B"), "{setups:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
    // The library setups hold the classic army, not Barrage.
    let out =
        boardsuite(&["perft", "strategy-chess", "--depth", "1", "--setups", "1,2", "--set", "army=barrage"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("does not hold the army"), "{}", stderr(&out));
    let out =
        boardsuite(&["perft", "strategy-chess", "--depth", "1", "--setups", "1,2", "--set", "scouts=far"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("scouts"), "{}", stderr(&out));
}

#[test]
fn verify_from_setups_plays_and_reports() {
    let out = boardsuite(&["verify", "strategy-chess", "--setups", "1,2", "--moves", "a4-a5 a7-a6 a5xa6"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ok 3\noutcome none\n");
    let out = boardsuite(&["verify", "strategy-chess", "--setups", "1,2", "--moves", "b4-b6"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "refused 1 b4-b6: only a Scout moves more than one square (scouts = long-and-strike)\n"
    );
    let out = boardsuite(&["verify", "strategy-chess", "--setups", "1,2", "--moves", "c4-c5"]);
    assert_eq!(stdout(&out), "refused 1 c4-c5: c5 is a lake: nothing may enter it\n");
    let out = boardsuite(&["verify", "strategy-chess", "--setups", "1,2", "--moves", "a4-a5 banana"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("move 2 `banana`: expected a move FROM-TO"), "{}", stderr(&out));
}

#[test]
fn verify_two_square_rule_from_a_position_file() {
    let file = position_file("two-square.txt", &position(&[("a2", "r5"), ("j9", "b5"), ("h9", "b6")], "red"));
    let path = file.to_str().unwrap();
    let moves = "a2-a3 j9-j8 a3-a2 h9-h8 a2-a3 j8-j9 a3-a2";
    let out = boardsuite(&["verify", "strategy-chess", "--position", path, "--moves", moves]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("refused 7 a3-a2: two_square_rule:"), "{text}");
    let out = boardsuite(&[
        "verify",
        "strategy-chess",
        "--position",
        path,
        "--moves",
        moves,
        "--set",
        "two_square_rule=false",
    ]);
    assert_eq!(stdout(&out), "ok 7\noutcome none\n", "{}", stderr(&out));
    // A Scout's long moves count over every border they cross.
    let file = position_file("scout.txt", &position(&[("a1", "r9"), ("j9", "b5"), ("h9", "b6")], "red"));
    let out = boardsuite(&[
        "verify",
        "strategy-chess",
        "--position",
        file.to_str().unwrap(),
        "--moves",
        "a1-a4 j9-j8 a4-a1 h9-h8 a1-a4 j8-j9 a4-a3",
    ]);
    assert!(stdout(&out).starts_with("refused 7 a4-a3: two_square_rule:"), "{}", stdout(&out));
}

#[test]
fn verify_more_square_rule_from_a_position_file() {
    let file = position_file(
        "chase.txt",
        &position(&[("e5", "r2"), ("e7", "b5"), ("a10", "bF"), ("a1", "rF")], "red"),
    );
    let path = file.to_str().unwrap();
    let chase = "e5-e6 e7-f7 e6-f6 f7-e7 f6-f7 e7-e6 f7-f6 e6-e7";
    let out =
        boardsuite(&["verify", "strategy-chess", "--position", path, "--moves", &format!("{chase} f6-e6")]);
    assert!(
        stdout(&out).starts_with("refused 9 f6-e6: more_square_rule:"),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let out =
        boardsuite(&["verify", "strategy-chess", "--position", path, "--moves", &format!("{chase} f6-f7")]);
    assert_eq!(stdout(&out), "ok 9\noutcome none\n", "back where it came from");
}

#[test]
fn verify_reports_wins_and_draws() {
    let flag = position_file(
        "flag.txt",
        &position(&[("e1", "r9"), ("e10", "bF"), ("a1", "rF"), ("j9", "b5")], "red"),
    );
    let out =
        boardsuite(&["verify", "strategy-chess", "--position", flag.to_str().unwrap(), "--moves", "e1xe10"]);
    assert_eq!(stdout(&out), "ok 1\noutcome first +1\n", "{}", stderr(&out));
    let stuck = position_file(
        "stuck.txt",
        &position(&[("j9", "r1"), ("j10", "b9"), ("a10", "bF"), ("a1", "rF")], "red"),
    );
    let out =
        boardsuite(&["verify", "strategy-chess", "--position", stuck.to_str().unwrap(), "--moves", "j9xj10"]);
    assert_eq!(stdout(&out), "ok 1\noutcome first +1\n");
    let draw = position_file(
        "draw.txt",
        &position(&[("e4", "r3"), ("e5", "b3"), ("a1", "rF"), ("a10", "bF")], "red"),
    );
    let out =
        boardsuite(&["verify", "strategy-chess", "--position", draw.to_str().unwrap(), "--moves", "e4xe5"]);
    assert_eq!(stdout(&out), "ok 1\noutcome draw\n");
    let blue = position_file("blue.txt", &position(&[("e6", "b9"), ("e1", "rF"), ("a1", "r5")], "blue"));
    let out =
        boardsuite(&["verify", "strategy-chess", "--position", blue.to_str().unwrap(), "--moves", "e6xe1"]);
    assert_eq!(stdout(&out), "ok 1\noutcome second +1\n");
}

#[test]
fn malformed_positions_exit_2() {
    let mut text = position(&[("a1", "rF")], "red");
    text = text.replacen("~", ".", 1);
    let bad = position_file("bad-lake.txt", &text);
    let out = boardsuite(&["verify", "strategy-chess", "--position", bad.to_str().unwrap(), "--moves", ""]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("lake"), "{}", stderr(&out));
    let bad = position_file("bad-token.txt", &position(&[("a1", "rX")], "red"));
    let out = boardsuite(&["verify", "strategy-chess", "--position", bad.to_str().unwrap(), "--moves", ""]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("r1..r9"), "{}", stderr(&out));
    let bad = position_file("bad-turn.txt", &position(&[("a1", "rF")], "green"));
    let out = boardsuite(&["verify", "strategy-chess", "--position", bad.to_str().unwrap(), "--moves", ""]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("to_move: red or to_move: blue"), "{}", stderr(&out));
}
