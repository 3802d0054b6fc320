//! Inside a game: reconnecting with the seat token, claiming after the
//! grace period, chat, draws and resignation, and the client's channels.

mod net_support;

use game_core::nim::Nim;
use game_core::rng::seeded;
use game_core::{Game, Outcome, Referee, Seat, SeatView};
use headless::net::client::{Client, ClientConfig, ClientEvent};
use headless::protocol::{ClientMessage, Ending, ErrorKind, PublicMove, ServerMessage};
use net_support::{GRACE, Raw, random_notation, test_server};
use serde_json::Value;
use std::time::Duration;

fn mv(ply: usize, notation: &str) -> ClientMessage {
    ClientMessage::Move { ply, notation: notation.into() }
}

#[test]
fn reconnecting_with_the_token_resends_the_full_view_and_claims_wait_for_the_grace() {
    let server = test_server();
    let mut a = Raw::hello(server.addr());
    let (code, _) = a.create("nim", Value::Null);
    let mut b = Raw::hello(server.addr());
    let token_b = b.join(&code);
    a.send(&mv(0, "3-2"));
    let _ = a.recv_until(|m| matches!(m, ServerMessage::View { ply: 1, .. }));
    let _ = b.recv_until(|m| matches!(m, ServerMessage::View { ply: 1, .. }));

    // The second seat's connection drops; the first is told.
    drop(b);
    match a.recv() {
        ServerMessage::OpponentDisconnected { seat, grace_ms } => {
            assert_eq!(seat, Seat::SECOND);
            assert_eq!(grace_ms, GRACE.as_millis() as u64);
        }
        other => panic!("{other:?}"),
    }

    // Back with the token: seated again, the history, then its own view.
    let mut b = Raw::hello(server.addr());
    b.send(&ClientMessage::Reconnect { code: code.to_lowercase(), token: token_b.clone() });
    assert!(
        matches!(b.recv(), ServerMessage::Seated { seat: Seat::SECOND, ref token, .. } if *token == token_b)
    );
    assert_eq!(
        b.recv(),
        ServerMessage::History { moves: vec![PublicMove { seat: Seat::FIRST, notation: "3-2".into() }] }
    );
    let mut referee = Referee::new(Nim::start(&Default::default(), &[]).unwrap());
    referee.submit_text(Seat::FIRST, 0, "3-2").unwrap();
    let expected = serde_json::to_value(referee.view(Seat::SECOND)).unwrap();
    match b.recv() {
        ServerMessage::View { ply, to_move, view, .. } => {
            assert_eq!((ply, to_move), (1, Seat::SECOND));
            assert_eq!(view, expected, "the reconnect view is the seat's own view, nothing more");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(a.recv(), ServerMessage::OpponentReconnected { seat: Seat::SECOND });
    a.send(&ClientMessage::ClaimAbandoned);
    a.expect_error(ErrorKind::NotAbandoned);

    // Reconnecting again while connected takes the seat over.
    let mut b2 = Raw::hello(server.addr());
    b2.send(&ClientMessage::Reconnect { code: code.clone(), token: token_b.clone() });
    assert!(matches!(b2.recv(), ServerMessage::Seated { .. }));
    assert_eq!(b.try_recv(), None, "the old connection is closed");
    let (ply, view) = b2.next_view::<Nim>();
    b2.send(&mv(ply, &random_notation::<Nim>(&view, &mut seeded(2))));
    let _ = b2.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }));

    // Gone for good: the claim is too early, then granted.
    drop(b2);
    let _ = a.recv_until(|m| matches!(m, ServerMessage::OpponentDisconnected { .. }));
    a.send(&ClientMessage::ClaimAbandoned);
    let reason = a.expect_error(ErrorKind::TooEarly);
    assert!(reason.contains("ms left"), "{reason}");
    std::thread::sleep(GRACE + Duration::from_millis(30));
    a.send(&ClientMessage::ClaimAbandoned);
    assert_eq!(
        a.recv(),
        ServerMessage::GameOver {
            ending: Ending::Abandoned { seat: Seat::SECOND },
            outcome: Outcome::win(Seat::FIRST, 0)
        }
    );

    // A finished game still shows its end to a returning player.
    let mut b3 = Raw::hello(server.addr());
    b3.send(&ClientMessage::Reconnect { code, token: token_b });
    let over = b3.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }));
    assert!(matches!(over, ServerMessage::GameOver { ending: Ending::Abandoned { .. }, .. }));
    server.stop();
}

#[test]
fn chat_draws_and_resignation_reach_the_opponent() {
    let server = test_server();
    let mut a = Raw::hello(server.addr());
    let (code, _) = a.create("nim", serde_json::json!({"heaps": [9, 9]}));
    // Before anyone joins, play waits.
    a.send(&mv(0, "1-1"));
    a.expect_error(ErrorKind::NotStarted);
    let mut b = Raw::hello(server.addr());
    b.join(&code);
    let _ = a.recv_until(|m| matches!(m, ServerMessage::View { .. }));
    let _ = b.recv_until(|m| matches!(m, ServerMessage::View { .. }));

    a.send(&ClientMessage::Chat { text: "good luck\u{7}!".into() });
    assert_eq!(b.recv(), ServerMessage::Chat { from: Seat::FIRST, text: "good luck!".into() });
    a.send(&ClientMessage::Chat { text: "  ".into() });
    a.expect_error(ErrorKind::BadChat);
    a.send(&ClientMessage::Chat { text: "x".repeat(501) });
    a.expect_error(ErrorKind::BadChat);

    b.send(&ClientMessage::AcceptDraw);
    b.expect_error(ErrorKind::NoDrawOffer);
    a.send(&ClientMessage::OfferDraw);
    assert_eq!(b.recv(), ServerMessage::DrawOffered { by: Seat::FIRST });
    // The same offer again is not announced again.
    a.send(&ClientMessage::OfferDraw);
    a.send(&ClientMessage::Chat { text: "well?".into() });
    assert_eq!(b.recv(), ServerMessage::Chat { from: Seat::FIRST, text: "well?".into() });
    b.send(&ClientMessage::AcceptDraw);
    let draw = ServerMessage::GameOver { ending: Ending::DrawAgreed, outcome: Outcome::draw() };
    assert_eq!(a.recv(), draw);
    assert_eq!(b.recv(), draw);

    // Another game, ended by resignation.
    let (code, _) = {
        let mut c = Raw::hello(server.addr());
        let seated = c.create("nim", Value::Null);
        let mut d = Raw::hello(server.addr());
        d.join(&seated.0);
        d.send(&ClientMessage::Resign);
        let over = ServerMessage::GameOver {
            ending: Ending::Resigned { seat: Seat::SECOND },
            outcome: Outcome::win(Seat::FIRST, 0),
        };
        assert_eq!(c.recv_until(|m| matches!(m, ServerMessage::GameOver { .. })), over);
        d.send(&ClientMessage::Resign);
        assert_eq!(
            d.recv_until(|m| matches!(m, ServerMessage::Error { .. })),
            ServerMessage::Error { kind: ErrorKind::GameOver, reason: "the game is over".into() }
        );
        seated
    };
    assert_eq!(code.len(), 6);
    server.stop();
}

#[test]
fn the_client_thread_reports_over_channels_and_never_blocks_the_caller() {
    let server = test_server();
    let config = ClientConfig { ping_interval: Duration::from_millis(50), ..ClientConfig::default() };
    let client = Client::connect(server.addr().to_string(), config.clone());
    // Queued before the connection is even up.
    assert!(client.send(ClientMessage::Create {
        game: "nim".into(),
        rules: Value::Null,
        seat: Some(Seat::SECOND)
    }));
    assert!(matches!(client.next_event(Duration::from_secs(5)), Some(ClientEvent::Connected { .. })));
    let Some(ClientEvent::Message(ServerMessage::Seated { seat, setup_required, .. })) =
        client.next_event(Duration::from_secs(5))
    else {
        panic!("not seated")
    };
    assert_eq!(seat, Seat::SECOND);
    assert!(!setup_required);
    // Keep-alive pings are answered while the caller idles.
    let pong = client.next_event(Duration::from_secs(5));
    assert!(matches!(pong, Some(ClientEvent::Message(ServerMessage::Pong { .. }))), "{pong:?}");
    assert_eq!(client.try_event(), None);
    client.close();
    let closed = (0..10).find_map(|_| match client.next_event(Duration::from_secs(1)) {
        Some(ClientEvent::Closed { reason }) => Some(reason),
        _ => None,
    });
    assert!(closed.is_some());

    // A refused handshake and an unreachable server end in Closed too.
    let addr = server.addr();
    server.stop();
    let client = Client::connect(addr.to_string(), config);
    match client.next_event(Duration::from_secs(5)) {
        Some(ClientEvent::Closed { reason }) => assert!(reason.contains("cannot connect"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn setups_are_collected_privately_before_play() {
    use game_core::nim::secret::{SecretNim, SecretNimView};
    let server = test_server();
    let mut a = Raw::hello(server.addr());
    a.send(&ClientMessage::Create {
        game: "secret-nim".into(),
        rules: Value::Null,
        seat: Some(Seat::SECOND),
    });
    let (code, token_a) = match a.recv() {
        ServerMessage::Seated { code, token, seat: Seat::SECOND, setup_required: true, .. } => (code, token),
        other => panic!("{other:?}"),
    };
    let mut b = Raw::hello(server.addr());
    b.send(&ClientMessage::Join { code: code.clone() });
    assert!(matches!(b.recv(), ServerMessage::Seated { seat: Seat::FIRST, setup_required: true, .. }));
    assert_eq!(b.recv(), ServerMessage::OpponentJoined { seat: Seat::SECOND });
    let _ = a.recv_until(|m| matches!(m, ServerMessage::OpponentJoined { .. }));

    b.send(&mv(0, "1-1"));
    b.expect_error(ErrorKind::NotStarted);
    b.send(&ClientMessage::Setup { setup: serde_json::json!("lower case") });
    let reason = b.expect_error(ErrorKind::BadSetup);
    assert!(reason.contains("first"), "{reason}");
    b.send(&ClientMessage::Setup { setup: serde_json::json!({"not": "a word"}) });
    b.expect_error(ErrorKind::BadSetup);
    b.send(&ClientMessage::Setup { setup: serde_json::json!("KESTREL") });
    assert_eq!(b.recv(), ServerMessage::SetupAccepted);
    b.send(&ClientMessage::Setup { setup: serde_json::json!("KESTREL") });
    b.expect_error(ErrorKind::BadSetup);

    // A reconnect in the setup phase says what is still wanted.
    drop(a);
    let mut a = Raw::hello(server.addr());
    a.send(&ClientMessage::Reconnect { code, token: token_a });
    assert!(matches!(a.recv(), ServerMessage::Seated { setup_required: true, .. }));
    assert_eq!(a.poll(Duration::from_millis(50)), None, "no view before every setup is in");
    a.send(&ClientMessage::Setup { setup: serde_json::json!("OSPREY") });
    assert_eq!(a.recv(), ServerMessage::SetupAccepted);

    // Each seat's view holds its own word only.
    let (ply, view_a) = a.next_view::<SecretNim>();
    assert_eq!(ply, 0);
    let view_a: SecretNimView = view_a;
    assert_eq!((view_a.own_word.as_str(), view_a.opponent_word.as_deref()), ("OSPREY", None));
    let (_, view_b) = b.next_view::<SecretNim>();
    assert_eq!((view_b.own_word.as_str(), view_b.opponent_word.as_deref()), ("KESTREL", None));
    b.send(&mv(0, &random_notation::<SecretNim>(&view_b, &mut seeded(5))));
    let plies = net_support::finish_with_random_moves::<SecretNim>(&mut b, &mut a, 5);
    assert!(plies > 0);
    match a.recv() {
        ServerMessage::GameOver { ending: Ending::Rules, outcome } => {
            let winner_word = if outcome.winner == Some(Seat::SECOND) { "OSPREY" } else { "KESTREL" };
            assert_eq!(outcome.margin as usize, winner_word.len());
        }
        other => panic!("{other:?}"),
    }
    server.stop();
}

#[test]
fn a_draw_offer_dies_with_the_game_and_is_not_replayed_on_reconnect() {
    let server = test_server();
    let mut a = Raw::hello(server.addr());
    let (code, _) = a.create("nim", Value::Null);
    let mut b = Raw::hello(server.addr());
    let token_b = b.join(&code);
    let _ = a.recv_until(|m| matches!(m, ServerMessage::View { .. }));
    let _ = b.recv_until(|m| matches!(m, ServerMessage::View { .. }));
    a.send(&ClientMessage::OfferDraw);
    assert_eq!(b.recv(), ServerMessage::DrawOffered { by: Seat::FIRST });
    a.send(&ClientMessage::Resign);
    let _ = b.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }));
    drop(b);

    let mut back = Raw::hello(server.addr());
    back.send(&ClientMessage::Reconnect { code, token: token_b });
    let mut seen = Vec::new();
    loop {
        let message = back.recv();
        let over = matches!(message, ServerMessage::GameOver { .. });
        seen.push(message);
        if over {
            break;
        }
    }
    assert!(!seen.iter().any(|m| matches!(m, ServerMessage::DrawOffered { .. })), "{seen:?}");
    server.stop();
}

#[test]
fn the_last_view_of_a_game_the_rules_ended_carries_the_outcome() {
    let server = test_server();
    let mut a = Raw::hello(server.addr());
    let (code, _) = a.create("stones", Value::Null);
    let mut b = Raw::hello(server.addr());
    b.join(&code);
    let mut rng = seeded(7);
    loop {
        let mut views = Vec::new();
        for raw in [&mut a, &mut b] {
            match raw.recv_until(|m| matches!(m, ServerMessage::View { .. })) {
                ServerMessage::View { ply, to_move, view, outcome, .. } => {
                    let view: <::stones::Stones as game_core::Observe>::View =
                        serde_json::from_value(view).unwrap();
                    assert_eq!(outcome, view.outcome(), "the message and the view agree at ply {ply}");
                    views.push((ply, to_move, view, outcome));
                }
                _ => unreachable!(),
            }
        }
        let (ply, to_move, view, outcome) = views.swap_remove(0);
        if outcome.is_some() {
            break;
        }
        let mover = if to_move == Seat::FIRST { &mut a } else { &mut b };
        let seat_view = if to_move == Seat::FIRST { view } else { views.swap_remove(0).2 };
        mover.send(&mv(ply, &random_notation::<::stones::Stones>(&seat_view, &mut rng)));
    }
    assert!(matches!(
        a.recv_until(|m| matches!(m, ServerMessage::GameOver { .. })),
        ServerMessage::GameOver { .. }
    ));
    server.stop();
}

#[test]
fn joining_a_game_whose_creator_has_gone_says_so_with_the_grace_left() {
    let server = test_server();
    let mut a = Raw::hello(server.addr());
    let (code, _) = a.create("nim", Value::Null);
    drop(a);
    // The server sees the close before the join arrives.
    std::thread::sleep(Duration::from_millis(100));
    let mut b = Raw::hello(server.addr());
    b.join(&code);
    assert_eq!(b.recv(), ServerMessage::OpponentJoined { seat: Seat::FIRST });
    match b.recv() {
        ServerMessage::OpponentDisconnected { seat, grace_ms } => {
            assert_eq!(seat, Seat::FIRST);
            assert!(grace_ms <= GRACE.as_millis() as u64, "{grace_ms}");
        }
        other => panic!("the joiner must hear that the creator is away, got {other:?}"),
    }
}
