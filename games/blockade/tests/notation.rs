//! The notation of moves and positions: what reads, and what each bad input
//! is told.

use blockade::{Blockade, BlockadeRules, Square};
use game_core::{Game, PositionError, RuleSet, Seat};

fn read(settings: &[&str], text: &str) -> Result<Blockade, PositionError> {
    Blockade::parse_position(&BlockadeRules::default().with_settings(settings).unwrap(), text)
}

#[test]
fn positions_read_in_either_layout() {
    let one_line = read(&["size=5"], "...../..o../.xx../...../..... o").unwrap();
    let per_line = read(&["size=5"], ".....\n..o..\n.xx..\n.....\n.....\no\n").unwrap();
    assert_eq!(one_line, per_line);
    assert_eq!(one_line.to_move(), Seat::SECOND);
    assert_eq!(one_line.stone(Square::parse("c4").unwrap()), Some(Seat::SECOND));
    assert_eq!(one_line.stone(Square::parse("b3").unwrap()), Some(Seat::FIRST));
    assert_eq!(one_line.format_position(), "...../..o../.xx../...../..... o");
}

#[test]
fn bad_positions_say_what_is_wrong() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&[], "", "line 1: expected 8 ranks of 8 squares (x, o or .) separated by /, then x or o to move"),
        (&["size=5"], "...../...../...../...../.....", "expected x or o, the side to move, after the board"),
        (&["size=5"], "...../...../...../...../..... z", "found `z`"),
        (&["size=5"], "...../...../...../..... x", "the board has 4 ranks, but size=5 needs 5"),
        (
            &["size=5"],
            "...../...../...../...../...... x",
            "expected rank 1: 5 squares, each x, o or ., found `......`",
        ),
        (
            &["size=5"],
            "...../...X./...../...../..... x",
            "expected rank 4: 5 squares, each x, o or ., found `...X.`",
        ),
        (&["size=5"], "...../...../\n...q./...../..... x", "line 2: expected rank 3: 5 squares"),
        (&[], "......../......../......../...ox.../...xo.../......../......../........ x o", "9 ranks"),
    ];
    for (settings, text, message) in cases {
        let err = read(settings, text).unwrap_err().to_string();
        assert!(err.contains(message), "{text:?}: {err}");
    }
    // Rules that cannot be played are refused, not trusted.
    let bad_rules = BlockadeRules { size: 12, ..BlockadeRules::default() };
    let err = Blockade::parse_position(&bad_rules, "x").unwrap_err().to_string();
    assert!(err.contains("bad rules: size"), "{err}");
}

#[test]
fn moves_read_square_names() {
    let game = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
    let d3 = game.parse_move("d3").unwrap();
    assert_eq!((d3.file(), d3.rank()), (3, 2));
    assert_eq!(game.format_move(d3), "d3");
    assert_eq!(game.parse_move(" D3 ").unwrap(), d3);
    // Off this board but a square name: read, then refused by the rules.
    assert!(game.parse_move("k11").is_ok());
    for bad in ["d", "33", "d0", "l4", "d12", "pass", "d3 e3"] {
        let err = game.parse_move(bad).unwrap_err();
        assert_eq!(err.found, bad);
        assert!(
            err.to_string().starts_with("expected a square: a file letter a..k then a rank 1..11"),
            "{err}"
        );
    }
}
