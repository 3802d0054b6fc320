//! Hostile clients against the real `boardsuite serve` process, whose
//! memory can be read from outside: a seated Strategy Chess player sends a
//! 10 MB line, and a seated Blockade player stops reading while it floods
//! the server with pings. Each is cut off (an error reply, then a
//! disconnect); the server's peak memory (VmHWM) stays near where it was,
//! so it buffered neither the line nor the replies nobody read; a Stones
//! game beside them keeps answering at once; the cut-off player takes its
//! seat back with its token and finds the game unchanged; the deserted
//! seat's opponent claims its game after the grace period; both other
//! games are played to the end; the server stays up.

mod net_support;

use game_core::rng::seeded;
use game_core::{Observe, Seat, SeatView};
use headless::protocol::{ClientMessage, Ending, ErrorKind, ServerMessage};
use headless::record::has_setup_phase;
use net_support::{Raw, finish_from_views, flood_one_line, random_notation};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The grace period of the server under test, in seconds.
const GRACE_SECS: f64 = 0.3;

/// How much the server's peak memory may grow while the hostile clients
/// do their worst: well below the 10 MB line it must not hold.
const MAX_GROWTH_KIB: u64 = 4 * 1024;

/// The deaf client's pings are sent 1000 at a time, at most this many
/// times (enough to fill any socket buffers many times over).
const MAX_FLOOD_ROUNDS: usize = 5_000;

/// A `boardsuite serve` process, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start() -> Server {
        let grace = GRACE_SECS.to_string();
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardsuite"))
            .args(["serve", "--port", "0", "--bind", "127.0.0.1", "--grace", &grace, "--write-timeout", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve runs");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line.trim().strip_prefix("listening on ").expect("the first line names the address");
        Server { addr: addr.parse().unwrap(), child }
    }

    /// The server's peak resident memory so far, in KiB.
    fn peak_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game of `G` between two raw clients, set up if it needs it; returns
/// them with the code and their tokens.
fn seated_game<G: Observe>(addr: SocketAddr, rules: Value) -> (Raw, Raw, String, [String; 2]) {
    let mut a = Raw::hello(addr);
    let (code, token_a) = a.create(G::NAME, rules.clone());
    let mut b = Raw::hello(addr);
    let token_b = b.join(&code);
    if has_setup_phase::<G>() {
        let rules: G::Rules = serde_json::from_value(rules).unwrap_or_default();
        let mut rng = seeded(5);
        for (raw, seat) in [(&mut a, Seat::FIRST), (&mut b, Seat::SECOND)] {
            let setup = serde_json::to_value(G::random_setup(&rules, seat, true, &mut rng)).unwrap();
            raw.send(&ClientMessage::Setup { setup });
            raw.recv_until(|m| matches!(m, ServerMessage::SetupAccepted));
        }
    }
    (a, b, code, [token_a, token_b])
}

/// One move in a game between `a` and `b` (views read up to `ply`): the
/// seat to move plays a random legal move; returns how long the server
/// took to answer it with both new views.
fn one_move<G: Observe>(a: &mut Raw, b: &mut Raw, seed: u64) -> Duration {
    let ((ply, view_a), (_, view_b)) = (a.next_view::<G>(), b.next_view::<G>());
    let (mover, view) = if view_a.to_move() == view_a.seat() { (&mut *a, view_a) } else { (&mut *b, view_b) };
    let notation = random_notation::<G>(&view, &mut seeded(seed));
    let asked = Instant::now();
    mover.send(&ClientMessage::Move { ply, notation });
    mover.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }));
    asked.elapsed()
}

#[test]
fn a_ten_megabyte_line_and_a_client_that_stops_reading_are_cut_off_without_the_server_growing() {
    let mut server = Server::start();
    let addr = server.addr;

    // A Stones game that must keep answering throughout.
    let (mut s1, mut s2, _, _) = seated_game::<stones::Stones>(addr, Value::Null);
    s1.recv_until(|m| matches!(m, ServerMessage::OpponentJoined { .. }));
    let took = one_move::<stones::Stones>(&mut s1, &mut s2, 1);
    assert!(took < Duration::from_secs(2), "{took:?}");

    // The Strategy Chess game whose second seat sends the huge line.
    let rules = serde_json::json!({"no_capture_limit": 40});
    let (mut red, mut blue, code, tokens) = seated_game::<strategy_chess::StrategyChess>(addr, rules);
    let (_, red_view) = red.next_view::<strategy_chess::StrategyChess>();
    let (_, blue_view) = blue.next_view::<strategy_chess::StrategyChess>();
    assert_eq!(red_view.to_move(), Seat::FIRST);

    // The Blockade game whose first seat will stop reading.
    let (deaf, mut talker, _, _) = seated_game::<blockade::Blockade>(addr, Value::Null);
    talker.next_view::<blockade::Blockade>();
    let before = server.peak_kib();

    // 10 MB and a newline from Blue, who is not to move.
    let (reply, megabytes_sent) = flood_one_line(&mut blue, 10);
    match reply {
        Some(ServerMessage::Error { kind, reason }) => assert_eq!(kind, ErrorKind::LineTooLong, "{reason}"),
        other => panic!("expected the line_too_long error, got {other:?}"),
    }
    assert_eq!(blue.try_recv(), None, "then the connection closes");
    let told = red.recv();
    assert!(matches!(told, ServerMessage::OpponentDisconnected { seat: Seat::SECOND, .. }), "{told:?}");

    // The deaf client sends pings and reads none of the pongs, until the
    // server gives up on it. Paced, so that the server's writer keeps up
    // and it is the pongs nobody reads that fill the pipes.
    let mut flood = deaf.stream.try_clone().unwrap();
    let flooder = std::thread::spawn(move || {
        let ping = b"{\"type\":\"ping\",\"nonce\":1}\n".repeat(1000);
        let mut rounds = 0;
        while rounds < MAX_FLOOD_ROUNDS && flood.write_all(&ping).is_ok() {
            rounds += 1;
            std::thread::sleep(Duration::from_millis(2));
        }
        rounds
    });
    let started = Instant::now();
    let gone = talker.recv_until(|m| matches!(m, ServerMessage::OpponentDisconnected { .. }));
    assert!(matches!(gone, ServerMessage::OpponentDisconnected { seat: Seat::FIRST, .. }), "{gone:?}");
    let cut_after = started.elapsed();
    // Our own end may wait long for the closed peer to say so (a
    // zero window's probes back off): stop writing from here.
    let _ = deaf.stream.shutdown(Shutdown::Both);
    let flood_rounds = flooder.join().unwrap();
    assert!(flood_rounds < MAX_FLOOD_ROUNDS, "the server never cut the deaf client off");
    eprintln!(
        "10 MB line: {megabytes_sent} MiB written before the cut; deaf client cut after {cut_after:?} and about {} pings",
        flood_rounds * 1000
    );

    // Meanwhile the Stones game answers at once.
    for seed in 2..6 {
        let took = one_move::<stones::Stones>(&mut s1, &mut s2, seed);
        assert!(took < Duration::from_secs(2), "a move took {took:?} during the flood");
    }

    let after = server.peak_kib();
    eprintln!("server peak memory {before} KiB before the hostile clients, {after} KiB after");
    assert!(after.saturating_sub(before) < MAX_GROWTH_KIB, "the server grew from {before} to {after} KiB");

    // Blue takes its seat back: the game is unchanged.
    let mut blue = Raw::hello(addr);
    blue.send(&ClientMessage::Reconnect { code: code.clone(), token: tokens[1].clone() });
    assert!(matches!(blue.recv(), ServerMessage::Seated { seat: Seat::SECOND, .. }));
    assert_eq!(blue.recv(), ServerMessage::History { moves: Vec::new() });
    let (ply, view) = blue.next_view::<strategy_chess::StrategyChess>();
    assert_eq!((ply, &view), (0, &blue_view), "the game is unchanged");
    assert!(matches!(red.recv(), ServerMessage::OpponentReconnected { seat: Seat::SECOND }));
    let plies = finish_from_views::<strategy_chess::StrategyChess>(
        &mut red,
        &mut blue,
        9,
        Some(((0, red_view), (0, view))),
    );
    let over = red.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }));
    assert_eq!(blue.recv_until(|m| matches!(m, ServerMessage::GameOver { .. })), over);
    assert!(plies > 0);

    // The deaf seat's opponent claims the game once the grace has passed.
    std::thread::sleep(Duration::from_secs_f64(GRACE_SECS + 0.1));
    talker.send(&ClientMessage::ClaimAbandoned);
    let over = talker.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }));
    assert!(
        matches!(over, ServerMessage::GameOver { ending: Ending::Abandoned { seat: Seat::FIRST }, .. }),
        "{over:?}"
    );

    // The Stones game plays to its end; the server is still up.
    let plies = net_support::finish_with_random_moves::<stones::Stones>(&mut s1, &mut s2, 13);
    assert!(plies > 5);
    let mut fresh = Raw::hello(addr);
    fresh.send(&ClientMessage::Ping { nonce: 7 });
    assert_eq!(fresh.recv(), ServerMessage::Pong { nonce: 7 });
    assert!(server.is_running());
}
