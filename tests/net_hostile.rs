//! Hostile clients: each gets an error or a disconnect, the game is
//! unchanged, the other player carries on, and the server stays up.

mod net_support;

use game_core::Game;
use game_core::nim::Nim;
use game_core::rng::seeded;
use game_core::{Seat, SeatView};
use headless::net::server::{ServerConfig, start};
use headless::protocol::{ClientMessage, ErrorKind, ServerMessage};
use net_support::{
    GRACE, Raw, finish_from_views, finish_with_random_moves, flood_one_line, random_notation, test_config,
    test_server,
};
use serde_json::Value;
use std::io::Write;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Two raw clients seated in a fresh Nim game, both past their first view.
fn seated_pair(addr: SocketAddr) -> (Raw, Raw, String) {
    let mut a = Raw::hello(addr);
    let (code, _) = a.create("nim", Value::Null);
    let mut b = Raw::hello(addr);
    b.join(&code);
    (a, b, code)
}

fn mv(ply: usize, notation: &str) -> ClientMessage {
    ClientMessage::Move { ply, notation: notation.into() }
}

#[test]
fn out_of_turn_illegal_replayed_and_garbage_are_refused_and_the_game_goes_on() {
    let server = test_server();
    let (mut a, mut b, code) = seated_pair(server.addr());
    assert!(matches!(a.recv(), ServerMessage::OpponentJoined { seat: Seat::SECOND }));
    let (ply, view) = a.next_view::<Nim>();
    assert_eq!((ply, view.to_move()), (0, Seat::FIRST));
    let _ = b.recv_until(|m| matches!(m, ServerMessage::View { .. }));

    b.send(&mv(0, "1-1"));
    b.expect_error(ErrorKind::NotYourTurn);
    a.send(&mv(0, "1-9"));
    a.expect_error(ErrorKind::Illegal);
    a.send(&mv(0, "take all"));
    a.expect_error(ErrorKind::Notation);
    a.send(&mv(4, "1-1"));
    a.expect_error(ErrorKind::WrongPly);
    a.send_line("{\"type\":\"move\"").unwrap();
    a.expect_error(ErrorKind::Protocol);
    a.send_line("\u{1}\u{2} garbage").unwrap();
    a.expect_error(ErrorKind::Protocol);
    a.send(&ClientMessage::Hello { protocol: 1, program: "again".into() });
    a.expect_error(ErrorKind::Protocol);
    a.send(&ClientMessage::Join { code: code.clone() });
    a.expect_error(ErrorKind::AlreadySeated);
    let mut c = Raw::hello(server.addr());
    c.send(&ClientMessage::Create { game: "nim".into(), rules: Value::Null, seat: Some(Seat(5)) });
    let reason = c.expect_error(ErrorKind::Protocol);
    assert!(reason.ends_with("has no seat 6 (it has 2)"), "{reason}");

    // Nothing changed: the first good move is still ply 0.
    a.send(&mv(0, "2-1"));
    assert_eq!(a.recv(), ServerMessage::MovePlayed { seat: Seat::FIRST, ply: 0, notation: "2-1".into() });
    assert!(matches!(a.recv(), ServerMessage::View { ply: 1, to_move: Seat::SECOND, .. }));
    // The same command again is a replayed ply.
    a.send(&mv(0, "2-1"));
    a.expect_error(ErrorKind::WrongPly);
    assert_eq!(b.recv(), ServerMessage::MovePlayed { seat: Seat::FIRST, ply: 0, notation: "2-1".into() });
    let (ply, view) = b.next_view::<Nim>();
    assert_eq!(ply, 1);
    assert_eq!(view.position.format_position(), "3 3 5 : second");
    b.send(&mv(1, &random_notation::<Nim>(&view, &mut seeded(1))));

    // A stranger cannot take a seat: wrong token, full game, no game.
    let mut c = Raw::hello(server.addr());
    c.send(&ClientMessage::Reconnect { code: code.clone(), token: "0".repeat(32) });
    c.expect_error(ErrorKind::BadToken);
    c.send(&ClientMessage::Join { code: code.clone() });
    c.expect_error(ErrorKind::GameFull);
    c.send(&ClientMessage::Join { code: "NOSUCH".into() });
    c.expect_error(ErrorKind::NoSuchGame);
    c.send(&mv(2, "1-1"));
    c.expect_error(ErrorKind::NotSeated);
    c.send(&ClientMessage::Create { game: "chess".into(), rules: Value::Null, seat: None });
    c.expect_error(ErrorKind::UnknownGame);
    c.send(&ClientMessage::Create {
        game: "nim".into(),
        rules: serde_json::json!({"max_take": 99}),
        seat: None,
    });
    let reason = c.expect_error(ErrorKind::BadRules);
    assert!(reason.contains("max_take"), "{reason}");
    // Deep nesting is refused, not a stack overflow on the server's
    // small-stack connection threads.
    let deep = format!("{}{}", "[".repeat(120), "]".repeat(120));
    c.send_line(&format!(r#"{{"type":"create","game":"nim","rules":{deep}}}"#)).unwrap();
    c.expect_error(ErrorKind::BadRules);
    c.send_line(&"[".repeat(60_000)).unwrap();
    c.expect_error(ErrorKind::Protocol);
    c.send_line(&format!(r#"{{"type":"setup","setup":{deep}}}"#)).unwrap();
    c.expect_error(ErrorKind::NotSeated);

    // The game carries on to its end between the two real players.
    let plies = finish_with_random_moves::<Nim>(&mut a, &mut b, 7);
    assert!(plies >= 1);
    for raw in [&mut a, &mut b] {
        assert!(matches!(raw.recv(), ServerMessage::GameOver { .. }));
    }
    a.send(&mv(plies, "1-1"));
    a.expect_error(ErrorKind::GameOver);
    let stats = server.stats();
    assert!(stats.refusals >= 15, "{stats:?}");
    assert_eq!(stats.games_finished, 1);
    server.stop();
}

#[test]
fn too_long_lines_silence_and_bad_handshakes_are_cut_off() {
    let server = test_server();
    let (mut a, mut b, _) = seated_pair(server.addr());

    // A 10 MB line: an error and a disconnect, not 10 MB of buffering.
    let mut huge = Raw::hello(server.addr());
    let (reply, _) = flood_one_line(&mut huge, 10);
    match reply {
        Some(ServerMessage::Error { kind, reason }) => {
            assert_eq!(kind, ErrorKind::LineTooLong, "{reason}");
            assert!(reason.contains("longer than"), "{reason}");
        }
        other => panic!("expected the line_too_long error, got {other:?}"),
    }
    assert_eq!(huge.try_recv(), None, "then the connection closes");

    // A line just past the cap, then quiet.
    let mut long = Raw::hello(server.addr());
    let mut line = vec![b'x'; headless::protocol::MAX_LINE + 100];
    line.push(b'\n');
    long.stream.write_all(&line).unwrap();
    let reason = long.expect_error(ErrorKind::LineTooLong);
    assert!(reason.contains("longer than"), "{reason}");
    assert_eq!(long.try_recv(), None, "then the connection closes");

    // A seated player sending a huge line loses its connection; its
    // opponent is told and the game waits for it.
    let _ = b.recv_until(|m| matches!(m, ServerMessage::View { .. }));
    let _ = b.stream.write_all(&vec![b'{'; 200_000]);
    let _ = a.recv_until(|m| matches!(m, ServerMessage::OpponentDisconnected { seat: Seat::SECOND, .. }));

    // Bad handshakes are refused.
    let mut old = Raw::connect(server.addr());
    old.send(&ClientMessage::Hello { protocol: 999, program: "future".into() });
    match old.recv() {
        ServerMessage::Refused { reason } => assert!(reason.contains("999"), "{reason}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(old.try_recv(), None);
    let mut rude = Raw::connect(server.addr());
    rude.send(&ClientMessage::Ping { nonce: 1 });
    assert!(matches!(rude.recv(), ServerMessage::Refused { .. }));

    // A client that never says hello is closed after the handshake timeout.
    let mut silent = Raw::connect(server.addr());
    let started = Instant::now();
    assert_eq!(silent.try_recv(), None);
    assert!(started.elapsed() < Duration::from_secs(4));

    // Nor does one that trickles its hello a byte at a time.
    let mut trickler = Raw::connect(server.addr());
    let started = Instant::now();
    let cut_off = (0..40).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        trickler.stream.write_all(b" ").is_err()
    });
    assert!(cut_off || trickler.try_recv().is_none());
    assert!(started.elapsed() < Duration::from_secs(4), "the handshake deadline holds");

    // A flood of garbage gets the client dropped.
    let mut noisy = Raw::hello(server.addr());
    for _ in 0..40 {
        let _ = noisy.send_line("nonsense");
    }
    let mut errors = 0;
    while let Some(m) = noisy.try_recv() {
        assert!(matches!(m, ServerMessage::Error { .. }));
        errors += 1;
    }
    assert!((1..40).contains(&errors), "{errors} errors before the cut");

    // So does a flood of lines that are not UTF-8: they count as garbage too.
    let mut binary = Raw::hello(server.addr());
    for _ in 0..40 {
        let _ = binary.stream.write_all(b"\xff\xfe\n");
    }
    let mut errors = 0;
    while let Some(m) = binary.try_recv() {
        assert!(matches!(m, ServerMessage::Error { .. }), "{m:?}");
        errors += 1;
    }
    assert!((1..40).contains(&errors), "{errors} errors before the cut");

    // The server is still up.
    let mut fresh = Raw::hello(server.addr());
    fresh.send(&ClientMessage::Ping { nonce: 3 });
    assert_eq!(fresh.recv(), ServerMessage::Pong { nonce: 3 });
    assert!(server.stats().dropped >= 3);
    server.stop();
}

#[test]
fn a_client_that_stops_reading_is_dropped_without_stalling_anyone() {
    let server = test_server();
    // A game between a reader and a client that never reads.
    let mut deaf = Raw::hello(server.addr());
    let (code, _) = deaf.create("nim", Value::Null);
    let mut talker = Raw::hello(server.addr());
    talker.join(&code);
    // Another game going on at the same time.
    let (mut a, mut b, _) = seated_pair(server.addr());
    let views = (a.next_view::<Nim>(), b.next_view::<Nim>());

    let text = "x".repeat(500);
    let started = Instant::now();
    let dropped = 'flood: {
        for _ in 0..200 {
            for _ in 0..500 {
                talker.send(&ClientMessage::Chat { text: text.clone() });
            }
            // The other game's players are answered at once meanwhile.
            for (raw, nonce) in [(&mut a, 1), (&mut b, 2)] {
                let asked = Instant::now();
                raw.send(&ClientMessage::Ping { nonce });
                raw.recv_until(|m| *m == ServerMessage::Pong { nonce });
                assert!(asked.elapsed() < Duration::from_secs(1), "a ping took {:?}", asked.elapsed());
            }
            // Did the server give up on the deaf client?
            while let Some(m) = talker.poll(Duration::from_millis(5)) {
                if matches!(m, ServerMessage::OpponentDisconnected { seat: Seat::FIRST, .. }) {
                    break 'flood true;
                }
            }
            assert!(started.elapsed() < Duration::from_secs(30), "the deaf client was never dropped");
        }
        false
    };
    assert!(dropped, "the deaf client was never dropped");

    // The other game plays on.
    let plies = finish_from_views::<Nim>(&mut a, &mut b, 3, Some(views));
    assert!(plies > 0);
    assert!(server.stats().dropped >= 1);

    // After the grace period the talker claims the game.
    std::thread::sleep(GRACE + Duration::from_millis(50));
    talker.send(&ClientMessage::ClaimAbandoned);
    let over = talker.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }));
    assert!(matches!(
        over,
        ServerMessage::GameOver { ending: headless::protocol::Ending::Abandoned { seat: Seat::FIRST }, .. }
    ));
    server.stop();
}

#[test]
fn a_flood_of_chat_or_pings_is_slowed_to_the_readers_pace_and_drops_no_one_who_reads() {
    // Queues of 64 lines: a flood fills them in a moment.
    let server = test_server();
    let (mut a, mut b, _) = seated_pair(server.addr());
    let _ = b.recv_until(|m| matches!(m, ServerMessage::View { .. }));
    let (ply, view) = a.next_view::<Nim>();

    // A floods chat at B and pings at itself, as fast as its socket takes
    // them, and reads its pongs at the same time.
    const LINES: usize = 5_000;
    let mut writer = a.stream.try_clone().unwrap();
    let flood = std::thread::spawn(move || {
        let chat = headless::protocol::encode(&ClientMessage::Chat { text: "spam ".repeat(50) }).unwrap();
        let ping = headless::protocol::encode(&ClientMessage::Ping { nonce: 9 }).unwrap();
        let batch = format!("{chat}\n{ping}\n").repeat(100);
        (0..LINES / 100).all(|_| writer.write_all(batch.as_bytes()).is_ok())
    });
    let pongs = std::thread::spawn(move || {
        let mut pongs = 0;
        while pongs < LINES {
            match a.try_recv() {
                Some(ServerMessage::Pong { nonce: 9 }) => pongs += 1,
                Some(ServerMessage::View { .. } | ServerMessage::OpponentJoined { .. }) => {}
                other => panic!("the flooder got {other:?} after {pongs} pongs"),
            }
        }
        a
    });
    let mut chats = 0;
    while chats < LINES {
        match b.try_recv() {
            Some(ServerMessage::Chat { from: Seat::FIRST, .. }) => chats += 1,
            other => panic!("the reader got {other:?} after {chats} chat lines"),
        }
    }
    assert!(flood.join().unwrap(), "the flooder's lines were all taken");
    let mut a = pongs.join().unwrap();

    // Both are still seated and the game goes on.
    a.send(&mv(ply, &random_notation::<Nim>(&view, &mut seeded(2))));
    let plies = finish_with_random_moves::<Nim>(&mut a, &mut b, 5);
    assert!(plies > ply);
    assert_eq!(server.stats().dropped, 0, "{:?}", server.stats());
    server.stop();
}

#[test]
fn a_full_server_says_so_and_takes_clients_again_once_some_leave() {
    let server = start(ServerConfig { max_connections: 3, ..test_config() }).expect("the server starts");
    let mut held: Vec<Raw> = (0..3).map(|_| Raw::hello(server.addr())).collect();
    let mut extra = Raw::connect(server.addr());
    match extra.try_recv() {
        Some(ServerMessage::Refused { reason }) => assert!(reason.contains("full"), "{reason}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // The ones let in are served as ever.
    held[0].send(&ClientMessage::Ping { nonce: 5 });
    assert_eq!(held[0].recv(), ServerMessage::Pong { nonce: 5 });
    // A connection closed frees its place.
    drop(held.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    let _again = loop {
        let mut again = Raw::connect(server.addr());
        again.send(&ClientMessage::Hello {
            protocol: headless::protocol::PROTOCOL_VERSION,
            program: "t".into(),
        });
        match again.try_recv() {
            Some(ServerMessage::Welcome { .. }) => break again,
            other => assert!(Instant::now() < deadline, "no place came free: {other:?}"),
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(server.stats().open_connections, 3);
    server.stop();
}

#[test]
fn one_address_cannot_take_every_connection_slot() {
    let server = start(ServerConfig { max_per_address: 3, ..test_config() }).expect("the server starts");
    let held: Vec<Raw> = (0..3).map(|_| Raw::hello(server.addr())).collect();
    // The fourth from the same address is refused, in words.
    let mut extra = Raw::connect(server.addr());
    match extra.try_recv() {
        Some(ServerMessage::Refused { reason }) => assert!(reason.contains("your address"), "{reason}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // A slot freed is a slot again.
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut again = Raw::connect(server.addr());
        again.send(&ClientMessage::Hello {
            protocol: headless::protocol::PROTOCOL_VERSION,
            program: "t".into(),
        });
        match again.try_recv() {
            Some(ServerMessage::Welcome { .. }) => break,
            other => assert!(Instant::now() < deadline, "no slot came free: {other:?}"),
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    server.stop();
}

#[test]
fn one_address_cannot_open_games_without_end() {
    let server =
        start(ServerConfig { max_rooms_per_address: 2, ..test_config() }).expect("the server starts");
    // Create, then leave: each game stays open, waiting for its creator.
    for _ in 0..2 {
        let mut c = Raw::hello(server.addr());
        c.create("nim", Value::Null);
    }
    let mut c = Raw::hello(server.addr());
    c.send(&ClientMessage::Create { game: "nim".into(), rules: Value::Null, seat: None });
    let reason = c.expect_error(ErrorKind::Busy);
    assert!(reason.contains("your address"), "{reason}");
    server.stop();

    let server = start(ServerConfig { max_rooms: 1, ..test_config() }).expect("the server starts");
    let mut first = Raw::hello(server.addr());
    first.create("nim", Value::Null);
    let mut second = Raw::hello(server.addr());
    second.send(&ClientMessage::Create { game: "nim".into(), rules: Value::Null, seat: None });
    let reason = second.expect_error(ErrorKind::Busy);
    assert!(reason.contains("as many games as it can"), "{reason}");
    server.stop();
}
