//! Hostile clients in the real games: moves out of turn, with a stale or
//! replayed ply, illegal, unreadable, a setup out of time and a line that
//! is far too long each get an error reply (the last one a disconnect), the
//! game is unchanged, the player who was cut off takes the seat back with
//! its token, and the game is played to the end.

mod net_support;

use game_core::rng::seeded;
use game_core::{Game, Observe, Seat, SeatView};
use headless::protocol::{ClientMessage, ErrorKind, MAX_LINE, ServerMessage};
use headless::record::has_setup_phase;
use net_support::{Raw, finish_from_views, random_notation, test_server};
use serde_json::Value;

fn mv(ply: usize, notation: &str) -> ClientMessage {
    ClientMessage::Move { ply, notation: notation.into() }
}

/// Two raw clients seated in a new game of `G`, set up if the game wants
/// it; returns them with their tokens and the code.
fn seated_game<G: Observe>(addr: std::net::SocketAddr, rules: Value) -> (Raw, Raw, [String; 2], String) {
    let mut a = Raw::hello(addr);
    let (code, token_a) = a.create(G::NAME, rules.clone());
    let mut b = Raw::hello(addr);
    let token_b = b.join(&code);
    if has_setup_phase::<G>() {
        let rules: G::Rules = serde_json::from_value(rules).unwrap_or_default();
        let mut rng = seeded(7);
        for (raw, seat) in [(&mut a, Seat::FIRST), (&mut b, Seat::SECOND)] {
            let setup = serde_json::to_value(G::random_setup(&rules, seat, false, &mut rng)).unwrap();
            raw.send(&ClientMessage::Setup { setup });
            raw.recv_until(|m| matches!(m, ServerMessage::SetupAccepted));
        }
    }
    (a, b, [token_a, token_b], code)
}

fn hostile_moves_leave_the_game_unchanged<G: Observe>(rules: Value, illegal: &str) {
    let server = test_server();
    let (mut a, mut b, tokens, code) = seated_game::<G>(server.addr(), rules);
    let (ply, view_a) = a.next_view::<G>();
    let (_, view_b) = b.next_view::<G>();
    assert_eq!(ply, 0);
    let first_is_a = view_a.to_move() == view_a.seat();
    let (mover, waiter, mover_view, waiter_view, waiter_token) = if first_is_a {
        (&mut a, &mut b, view_a, view_b, &tokens[1])
    } else {
        (&mut b, &mut a, view_b, view_a, &tokens[0])
    };
    let good = random_notation::<G>(&mover_view, &mut seeded(3));

    // Someone else's turn, a stale or future ply, illegal, unreadable.
    waiter.send(&mv(0, &good));
    waiter.expect_error(ErrorKind::NotYourTurn);
    mover.send(&mv(1, &good));
    mover.expect_error(ErrorKind::WrongPly);
    mover.send(&mv(usize::MAX, &good));
    mover.expect_error(ErrorKind::WrongPly);
    mover.send(&mv(0, illegal));
    mover.expect_error(ErrorKind::Illegal);
    mover.send(&mv(0, "zz?"));
    mover.expect_error(ErrorKind::Notation);
    mover.send_line(r#"{"type":"move","ply":"zero","notation":1}"#).unwrap();
    mover.expect_error(ErrorKind::Protocol);
    mover.send(&ClientMessage::Setup { setup: Value::String("B B B".into()) });
    mover.expect_error(ErrorKind::BadSetup);
    mover.send(&ClientMessage::AcceptDraw);
    mover.expect_error(ErrorKind::NoDrawOffer);

    // A line far over the cap cuts the waiter off; the mover carries on.
    let huge = format!(r#"{{"type":"chat","text":"{}"}}"#, "x".repeat(MAX_LINE * 4));
    let _ = waiter.send_line(&huge);
    waiter.expect_error(ErrorKind::LineTooLong);
    assert_eq!(waiter.try_recv(), None, "the connection closes");
    let disconnected = mover.recv();
    assert!(matches!(disconnected, ServerMessage::OpponentDisconnected { .. }), "{disconnected:?}");

    // Nothing changed: the waiter comes back to the same view at ply 0.
    let mut back = Raw::hello(server.addr());
    back.send(&ClientMessage::Reconnect { code: code.clone(), token: waiter_token.clone() });
    assert!(matches!(back.recv(), ServerMessage::Seated { .. }));
    assert_eq!(back.recv(), ServerMessage::History { moves: Vec::new() });
    let (ply, view) = back.next_view::<G>();
    assert_eq!((ply, &view), (0, &waiter_view), "the game is unchanged");
    assert!(matches!(mover.recv(), ServerMessage::OpponentReconnected { .. }));

    // The good move still goes in at ply 0, and the game plays to its end.
    mover.send(&mv(0, &good));
    assert!(matches!(mover.recv(), ServerMessage::MovePlayed { ply: 0, .. }));
    assert!(matches!(back.recv(), ServerMessage::MovePlayed { ply: 0, .. }));
    // Replaying the accepted command is a stale ply.
    mover.send(&mv(0, &good));
    let mover_next = mover.next_view::<G>();
    mover.expect_error(ErrorKind::WrongPly);
    let back_next = back.next_view::<G>();
    let (mut first, mut second, views) =
        if first_is_a { (a, back, (mover_next, back_next)) } else { (back, b, (back_next, mover_next)) };
    let plies = finish_from_views::<G>(&mut first, &mut second, 11, Some(views));
    assert!(plies >= 1);
    let over = first.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }));
    assert_eq!(second.recv_until(|m| matches!(m, ServerMessage::GameOver { .. })), over);
    let stats = server.stats();
    assert_eq!(stats.games_finished, 1);
    assert!(stats.dropped >= 1);
    server.stop();
}

#[test]
fn stones_refuses_hostile_moves() {
    // Pile 9 of 6.
    hostile_moves_leave_the_game_unchanged::<stones::Stones>(Value::Null, "9");
}

#[test]
fn blockade_refuses_hostile_moves() {
    // Off the 8 x 8 board.
    hostile_moves_leave_the_game_unchanged::<blockade::Blockade>(Value::Null, "k11");
}

#[test]
fn strategy_chess_refuses_hostile_moves() {
    // Red's a1 piece onto Red's own a2 piece (or a Bomb or Flag moving).
    // A short no-capture limit keeps the random game after it short.
    let rules = serde_json::json!({"no_capture_limit": 30});
    hostile_moves_leave_the_game_unchanged::<strategy_chess::StrategyChess>(rules, "a1-a2");
}

#[test]
fn strategy_chess_setups_are_checked_and_private() {
    let server = test_server();
    let mut a = Raw::hello(server.addr());
    let (code, _) = a.create("strategy-chess", Value::Null);
    // Moves before the setups are in are refused; so are bad setups.
    let mut b = Raw::hello(server.addr());
    b.join(&code);
    b.recv_until(|m| matches!(m, ServerMessage::OpponentJoined { .. }));
    a.recv_until(|m| matches!(m, ServerMessage::OpponentJoined { .. }));
    a.send(&mv(0, "a4-a5"));
    a.expect_error(ErrorKind::NotStarted);
    for bad in [Value::Null, Value::String("9 9 9".into()), serde_json::json!({"rows": []})] {
        a.send(&ClientMessage::Setup { setup: bad });
        a.expect_error(ErrorKind::BadSetup);
    }
    // A setup with the wrong army: all Scouts.
    let scouts = ["2 2 2 2 2 2 2 2 2 2"; 4].join(" / ");
    a.send(&ClientMessage::Setup { setup: Value::String(scouts) });
    let reason = a.expect_error(ErrorKind::BadSetup);
    assert!(reason.contains("army"), "{reason}");
    let library = strategy_chess::Library::builtin();
    let red = library.entry(1).unwrap().setup;
    a.send(&ClientMessage::Setup { setup: serde_json::to_value(red).unwrap() });
    assert_eq!(a.recv(), ServerMessage::SetupAccepted);
    a.send(&ClientMessage::Setup { setup: serde_json::to_value(red).unwrap() });
    a.expect_error(ErrorKind::BadSetup);
    // Blue heard nothing of Red's setup.
    assert_eq!(b.poll(std::time::Duration::from_millis(100)), None);
    let blue = library.entry(2).unwrap().setup;
    b.send(&ClientMessage::Setup { setup: serde_json::to_value(blue).unwrap() });
    assert_eq!(b.recv(), ServerMessage::SetupAccepted);
    let (_, view) = b.next_view::<strategy_chess::StrategyChess>();
    let start = strategy_chess::StrategyChess::start(&Default::default(), &[red, blue]).unwrap();
    assert_eq!(view, start.view(Seat::SECOND), "Blue's view, and only that");
    server.stop();
}
