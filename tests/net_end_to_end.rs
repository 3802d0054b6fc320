//! Whole games over loopback: bots through `serve`, in-process and as the
//! real binary, with the server's bytes to one seat recorded.

mod net_support;

use game_core::{Evaluate, Observe, RuleSet, Seat, SeatView};
use headless::net::bot::{ComputerMover, MoveChooser};
use headless::net::wire_tap::{WireRecording, record_bot_game};
use headless::protocol::{ServerMessage, decode_server};
use headless::record::{RecordKind, has_setup_phase, load};
use net_support::test_server;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Checks one tapped seat's recording, generically: every line on the wire
/// is a protocol message, every view is this seat's own, the moves seen
/// match the game, and the game ended the same for both bots.
fn check_recording<G: Observe>(rec: &WireRecording) {
    let seat = rec.tapped.seat;
    assert_eq!(rec.tapped.outcome, rec.other.outcome);
    assert_eq!(rec.tapped.plies, rec.other.plies);
    assert!(rec.tapped.refusals.is_empty(), "{:?}", rec.tapped.refusals);
    assert!(rec.other.refusals.is_empty(), "{:?}", rec.other.refusals);
    assert_eq!(rec.tapped.moves_played + rec.other.moves_played, rec.tapped.plies, "no lost moves");
    let text = String::from_utf8(rec.bytes.clone()).expect("UTF-8 on the wire");
    assert!(text.ends_with('\n'));
    assert_eq!(text.lines().count(), rec.messages.len());
    let mut views = 0;
    let mut moves = 0;
    for m in &rec.messages {
        match m {
            ServerMessage::View { view, ply, to_move, .. } => {
                let view: G::View = serde_json::from_value(view.clone()).expect("a view of G");
                assert_eq!(view.seat(), seat, "a view of another seat went over the wire");
                assert_eq!(view.to_move(), *to_move);
                assert_eq!(*ply, moves);
                views += 1;
            }
            ServerMessage::MovePlayed { ply, .. } => {
                assert_eq!(*ply, moves);
                moves += 1;
            }
            ServerMessage::Seated { seat: s, .. } => assert_eq!(*s, seat),
            _ => {}
        }
    }
    assert_eq!(moves, rec.tapped.plies);
    assert_eq!(views, moves + 1, "a view at the start and after every move");
    assert!(matches!(rec.messages.last(), Some(ServerMessage::GameOver { .. })));
    // The seat's own record: replayable when nothing was hidden from it.
    let record = rec.tapped.record.clone().expect("a seat record");
    assert_eq!(record.kind, RecordKind::Seat(seat));
    assert_eq!(record.moves.len(), rec.tapped.plies);
    let text = record.to_toml().unwrap();
    if has_setup_phase::<G>() {
        let err = load::<G>(&text).unwrap_err();
        assert!(err.problem.contains("cannot be replayed"), "{err}");
    } else {
        let loaded = load::<G>(&text).expect("a seat record of a game without setups replays");
        assert_eq!(loaded.referee.outcome(), Some(rec.tapped.outcome));
    }
}

/// Rules for the repeated in-process games: the defaults, but Strategy
/// Chess with the small barrage army so that four random games stay quick
/// (the classic army plays through the real binaries below).
fn quick_rules<G: Observe>() -> G::Rules {
    let settings: &[String] = if G::NAME == "strategy-chess" { &["army=barrage".to_string()] } else { &[] };
    G::Rules::default().with_settings(settings).expect("valid test rules")
}

/// The computer player of level 1 of the default table (the toys have no
/// table of their own).
fn level_one<G: Observe + Evaluate>() -> Box<dyn MoveChooser<G>> {
    Box::new(ComputerMover::<G>::new(ai::levels::at(&ai::levels::DEFAULT_TABLE, ai::Level::MIN)))
}

macro_rules! end_to_end {
    ($name:ident, $G:ty) => {
        mod $name {
            use super::*;

            #[test]
            fn two_bots_finish_through_the_server_with_each_seat_tapped() {
                let server = test_server();
                for seed in 0..4 {
                    let rec = record_bot_game::<$G>(
                        server.addr(),
                        quick_rules::<$G>(),
                        seed,
                        seed % 2 == 0,
                        level_one::<$G>,
                    )
                    .expect("the game finishes");
                    check_recording::<$G>(&rec);
                    assert_eq!(rec.tapped.seat, if seed % 2 == 0 { Seat::FIRST } else { Seat::SECOND });
                }
                let stats = server.stats();
                assert_eq!(stats.games_finished, 4);
                assert_eq!(stats.refusals, 0);
                server.stop();
            }
        }
    };
}

for_each_net_game!(end_to_end);

/// Reads a child's stdout lines until one starts with `prefix`.
fn line_starting(reader: &mut impl BufRead, prefix: &str) -> String {
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "no `{prefix}` line");
        if let Some(rest) = line.trim_end().strip_prefix(prefix) {
            return rest.to_string();
        }
    }
}

fn boardsuite(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_boardsuite"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

#[test]
fn bad_serve_and_bot_arguments_are_usage_errors() {
    for args in [
        &["serve", "--grace", "-1"][..],
        &["serve", "--bind", "not-an-ip"],
        &["bot", "127.0.0.1:1", "--game", "nim", "--level", "11"],
        &["bot", "127.0.0.1:1", "--game", "nim", "--level", "1", "--set", "max_take=0"],
        &["bot", "127.0.0.1:1", "--game", "nim", "--level", "1", "--code", "ABC", "--set", "max_take=2"],
    ] {
        let out = boardsuite(args).wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    // Nobody listening: a runtime failure, exit 1.
    let out =
        boardsuite(&["bot", "127.0.0.1:1", "--game", "nim", "--level", "1"]).wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot connect"));
}

#[test]
fn the_real_binaries_serve_and_play_a_game() {
    let records = std::env::temp_dir().join(format!("boardsuite-serve-records-{}", std::process::id()));
    let mut server = boardsuite(&[
        "serve",
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--grace",
        "1",
        "--records",
        records.to_str().unwrap(),
    ]);
    let mut server_out = BufReader::new(server.stdout.take().unwrap());
    let addr = line_starting(&mut server_out, "listening on ");

    let mut first =
        boardsuite(&["bot", &addr, "--game", "nim", "--level", "1", "--seed", "5", "--set", "max_take=2"]);
    let mut first_out = BufReader::new(first.stdout.take().unwrap());
    let code = line_starting(&mut first_out, "code ");
    let second = boardsuite(&["bot", &addr, "--game", "nim", "--level", "3", "--code", &code, "--seed", "6"]);
    let second = second.wait_with_output().unwrap();
    let second_out = String::from_utf8_lossy(&second.stdout).to_string();
    assert!(second.status.success(), "{second_out}{}", String::from_utf8_lossy(&second.stderr));
    assert!(second_out.contains("seat second"), "{second_out}");
    let result = line_starting(&mut first_out, "result ");
    assert!(first.wait().unwrap().success());
    assert!(second_out.contains(&format!("result {result}")), "{second_out} vs {result}");

    // A client that speaks garbage gets a refusal, and the server stays up.
    let mut raw = net_support::Raw::connect(addr.parse().unwrap());
    raw.send_line("HELLO / HTTP/1.0").unwrap();
    assert!(matches!(raw.try_recv(), Some(ServerMessage::Refused { .. })));
    let mut raw = net_support::Raw::hello(addr.parse().unwrap());
    raw.send(&headless::protocol::ClientMessage::Ping { nonce: 9 });
    assert_eq!(raw.recv(), ServerMessage::Pong { nonce: 9 });

    // The referee wrote the full record, and it replays to the same result.
    let path = records.join(format!("{code}.toml"));
    let text = std::fs::read_to_string(&path).expect("the full record was written");
    let loaded = load::<game_core::nim::Nim>(&text).expect("the full record replays");
    assert_eq!(loaded.record.kind, RecordKind::Full);
    assert_eq!(loaded.referee.rules().max_take, 2);
    assert_eq!(
        loaded.referee.outcome().map(|o| o.to_string()),
        Some(result.split(" (").next().unwrap().to_string())
    );
    assert_eq!(
        game_core::nim::NimRules::default().with_settings(&["max_take=2"]).unwrap(),
        *loaded.referee.rules()
    );

    server.kill().unwrap();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&records);
    // Every line the binary bots saw was the protocol's (checked by the bot).
    assert!(decode_server(r#"{"type":"pong","nonce":1}"#).is_ok());
}

/// The wire test, on the toy hidden-information game: in every byte the
/// server sent to one seat, the opponent's secret setup appears only from
/// the game-over view on, when the rules reveal it. The follow-up runs the
/// same check for Strategy Chess piece identities.
#[test]
fn hidden_setups_never_cross_the_wire_before_their_reveal() {
    use game_core::nim::secret::SecretNim;
    let server = test_server();
    for seed in 0..6 {
        let rec = record_bot_game::<SecretNim>(
            server.addr(),
            Default::default(),
            seed,
            seed % 2 == 1,
            level_one::<SecretNim>,
        )
        .expect("the game finishes");
        check_recording::<SecretNim>(&rec);
        let other_seat = rec.other.seat;
        let other_record = rec.other.record.clone().unwrap();
        let secret =
            other_record.setups[other_seat.index()].clone().expect("the other bot kept its own setup");
        let secret = secret.as_str().unwrap().to_string();
        let own_record = rec.tapped.record.clone().unwrap();
        assert!(
            own_record.setups.get(other_seat.index()).cloned().flatten().is_none(),
            "a seat record holds only its own setup"
        );

        let text = String::from_utf8(rec.bytes.clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let reveal = rec
            .messages
            .iter()
            .position(|m| matches!(m, ServerMessage::View { view, .. } if !view["opponent_word"].is_null()))
            .expect("the last view reveals the opponent's word");
        assert_eq!(reveal + 2, lines.len(), "the reveal is the last view, just before game over");
        for line in &lines[..reveal] {
            assert!(!line.contains(&secret), "`{secret}` leaked before its reveal: {line}");
        }
        assert!(lines[reveal].contains(&secret));
    }
    server.stop();
}
