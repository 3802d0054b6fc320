//! Data-driven tests of the rules: the combat table, where pieces may go,
//! the repetition rules as move lists, and how games end.

mod common;

use common::{board, verify};
use game_core::{Game, Outcome, Seat};
use strategy_chess::{BombRule, Clash, Rank, Square, battle};

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[test]
fn the_full_combat_table() {
    let mut bombs = BombRule::Permanent;
    let mut rows_seen = 0;
    for line in data_lines(include_str!("data/combat.txt")) {
        if let Some(rule) = line.strip_prefix("bombs = ") {
            bombs = if rule == "single-use" { BombRule::SingleUse } else { BombRule::Permanent };
            continue;
        }
        let cells: Vec<&str> = line.split_whitespace().collect();
        if cells[0] == "1" && cells.len() == 12 {
            continue; // the column header
        }
        let attacker = Rank::from_token(cells[0].chars().next().unwrap()).unwrap();
        assert_eq!(cells.len(), 13, "{line}");
        for (defender, cell) in Rank::ALL.into_iter().zip(&cells[1..]) {
            let expected = match *cell {
                "A" => Some(Clash::AttackerWins),
                "D" => Some(Clash::DefenderWins),
                "=" => Some(Clash::BothDie),
                "F" => Some(Clash::FlagCaptured),
                "-" => None,
                other => panic!("bad cell {other}"),
            };
            assert_eq!(
                battle(attacker, defender, bombs),
                expected,
                "{attacker} strikes {defender}, {bombs:?}"
            );
        }
        rows_seen += 1;
    }
    assert_eq!(rows_seen, 24, "12 rows for each bombs option");
}

#[test]
fn battles_move_the_winner_and_reveal_both() {
    // The Spy strikes the Marshal and takes its square.
    let mut game =
        board(&[("e4", "rS"), ("e5", "b1"), ("a1", "rF"), ("j10", "bF"), ("j9", "b9")], "red", &[]);
    verify(&mut game, "e4xe5").unwrap();
    assert_eq!(game.piece(sq("e5")).map(|p| p.rank), Some(Rank::Spy));
    assert!(game.facts(sq("e5")).revealed);
    assert_eq!(game.remaining(strategy_chess::Colour::Blue)[Rank::Marshal.index()], 0);
    // A Bomb stays; the striker dies and the Bomb is revealed.
    let mut game = board(
        &[("e4", "r2"), ("e5", "bB"), ("a1", "rF"), ("a2", "r9"), ("j10", "bF"), ("j9", "b9")],
        "red",
        &[],
    );
    verify(&mut game, "e4xe5").unwrap();
    assert_eq!(game.piece(sq("e4")), None);
    assert!(game.facts(sq("e5")).revealed);
    // Single-use: the struck Bomb goes too.
    let mut game = board(
        &[("e4", "r2"), ("e5", "bB"), ("a1", "rF"), ("a2", "r9"), ("j10", "bF"), ("j9", "b9")],
        "red",
        &["bombs=single-use"],
    );
    verify(&mut game, "e4xe5").unwrap();
    assert_eq!((game.piece(sq("e4")), game.piece(sq("e5"))), (None, None));
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn pieces(field: &str) -> Vec<(&str, &str)> {
    field.split_whitespace().map(|p| p.split_once('=').unwrap()).collect()
}

#[test]
fn lakes_and_scout_paths() {
    for line in data_lines(include_str!("data/moves.txt")) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let scouts = format!("scouts={}", fields[0]);
        let game = board(&pieces(fields[1]), fields[2], &[&scouts]);
        let from = sq(fields[3]);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut got: Vec<String> =
            moves.iter().filter(|m| m.from == from).map(|m| m.to.to_string()).collect();
        let mut want: Vec<String> =
            fields.get(4).unwrap_or(&"").split_whitespace().map(String::from).collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{line}");
        // The checked move agrees square by square.
        for to in Square::all() {
            let legal = want.contains(&to.to_string());
            let mv = strategy_chess::Move::new(from, to);
            assert_eq!(game.check_move(mv).is_ok(), legal, "{line}: {from}-{to}: {:?}", game.check_move(mv));
        }
    }
}

#[test]
fn repetition_rules_as_move_lists() {
    for line in data_lines(include_str!("data/repetition.txt")) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let settings: Vec<&str> = fields[1].split_whitespace().collect();
        let mut game = board(&pieces(fields[2]), fields[3], &settings);
        let result = verify(&mut game, fields[4]);
        let expected: Vec<&str> = fields[5].split_whitespace().collect();
        match (expected.as_slice(), result) {
            (["ok", n], Ok(got)) => assert_eq!(got.to_string(), *n, "{}", fields[0]),
            (["refused", k, rule], Err((got, reason))) => {
                assert_eq!(got.to_string(), *k, "{}: {reason}", fields[0]);
                assert!(reason.starts_with(rule), "{}: {reason}", fields[0]);
            }
            (_, result) => panic!("{}: expected {}, got {result:?}", fields[0], fields[5]),
        }
    }
}

#[test]
fn refused_moves_leave_the_position_untouched() {
    let mut game = board(&[("a2", "r5"), ("j9", "b5"), ("h9", "b6")], "red", &[]);
    verify(&mut game, "a2-a3 j9-j8 a3-a2 h9-h8 a2-a3 j8-j9").unwrap();
    let before = game.clone();
    let mv = game.parse_move("a3-a2").unwrap();
    assert!(game.try_play(mv).is_err());
    assert_eq!(game, before);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(!moves.contains(&mv), "a refused move is not generated");
}

#[test]
fn capturing_the_flag_wins() {
    let mut game = board(&[("e1", "r9"), ("e10", "bF"), ("a1", "rF"), ("j9", "b5")], "red", &[]);
    verify(&mut game, "e1xe10").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(Seat::FIRST, 1)));
    let mut moves = vec![];
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn a_player_who_cannot_move_loses() {
    let mut game = board(&[("j9", "r1"), ("j10", "b9"), ("a10", "bF"), ("a1", "rF")], "red", &[]);
    verify(&mut game, "j9xj10").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(Seat::FIRST, 1)), "Blue has only its Flag");
    // Walled in by its own Bombs is just as stuck.
    let game = board(
        &[("a10", "bF"), ("a9", "bB"), ("b10", "b5"), ("c10", "bB"), ("b9", "bB"), ("e2", "r5")],
        "blue",
        &[],
    );
    assert_eq!(game.outcome(), Some(Outcome::win(Seat::FIRST, 1)));
}

#[test]
fn both_unable_to_move_is_a_draw() {
    let mut game = board(&[("e4", "r3"), ("e5", "b3"), ("a1", "rF"), ("a10", "bF")], "red", &[]);
    verify(&mut game, "e4xe5").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::draw()));
}

#[test]
fn the_no_capture_limit_draws() {
    let pieces = [("a1", "r5"), ("j10", "b5"), ("e1", "rF"), ("e10", "bF")];
    let walk = "a1-a2 j10-j9 a2-a3 j9-j8 a3-a4 j8-j7 a4-a5 j7-j6 a5-a6 j6-j5 \
                a6-a7 j5-j4 a7-a8 j4-j3 a8-a9 j3-j2 a9-a10 j2-j1 a10-b10";
    let mut game = board(&pieces, "red", &["no_capture_limit=20"]);
    assert_eq!(verify(&mut game, walk), Ok(19));
    assert_eq!(game.outcome(), None);
    verify(&mut game, "j1-i1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::draw()), "20 plies without a battle");
    let mut game = board(&pieces, "red", &["no_capture_limit=0"]);
    assert_eq!(verify(&mut game, &format!("{walk} j1-i1")), Ok(20));
    assert_eq!(game.outcome(), None, "the limit is off");
}

/// A refusal never tells the mover anything hidden: asked to move an enemy
/// piece, in any direction and as far as any Scout could, the rules refuse
/// with "the piece is the other player's" whatever its rank (a Bomb, the
/// Flag, a Scout), before looking at the rank or the path. The network
/// server sends this text to the client, so it must not depend on the rank.
#[test]
fn moving_an_enemy_piece_is_refused_alike_whatever_its_rank() {
    for settings in [&[][..], &["scouts=long-no-strike"], &["scouts=one-square"]] {
        for (a, b) in [(1, 2), (5, 9), (17, 30)] {
            let game = common::start(a, b, settings);
            let mover = game.to_move();
            for from in (0..100).filter_map(Square::new) {
                let Some(piece) = game.piece(from) else { continue };
                if piece.colour.seat() == mover {
                    continue;
                }
                for to in (0..100).filter_map(Square::new).filter(|&to| to != from) {
                    let refusal = game.check_move(strategy_chess::Move::new(from, to)).unwrap_err();
                    let text = refusal.to_string();
                    assert!(
                        matches!(refusal, strategy_chess::Violation::NotYourPiece { .. }),
                        "{from}-{to} ({:?}): {text}",
                        piece.rank
                    );
                    for rank in Rank::ALL {
                        assert!(!text.contains(&rank.to_string()), "{from}-{to} names a rank: {text}");
                    }
                }
            }
        }
    }
}
