//! Helpers shared by the network tests: a server with short timeouts, a
//! raw line client for hostile tests, and the list of games every generic
//! test runs on.
#![allow(dead_code)]

use game_core::rng::{GameRng, seeded};
use game_core::{Observe, SeatView};
use headless::net::server::{ServerConfig, ServerHandle, start};
use headless::net::table::GameCatalog;
use headless::net::view_trail::TrailKeeper;
use headless::protocol::{ClientMessage, ErrorKind, PROTOCOL_VERSION, ServerMessage, decode_server, encode};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// Runs `$m!(name, Type)` for every game the network tests cover: all
/// games, toy and real.
#[macro_export]
macro_rules! for_each_net_game {
    ($m:ident) => {
        $m!(nim, game_core::nim::Nim);
        $m!(secret_nim, game_core::nim::secret::SecretNim);
        $m!(stones, ::stones::Stones);
        $m!(blockade, ::blockade::Blockade);
        $m!(strategy_chess, ::strategy_chess::StrategyChess);
    };
}

/// The grace period of test servers.
pub const GRACE: Duration = Duration::from_millis(200);

/// A server config with short times, for tests.
pub fn test_config() -> ServerConfig {
    ServerConfig {
        grace: GRACE,
        idle_timeout: Duration::from_secs(5),
        handshake_timeout: Duration::from_secs(1),
        write_timeout: Duration::from_secs(2),
        outbox_capacity: 64,
        games: GameCatalog::standard().with::<game_core::nim::secret::SecretNim>(),
        ..ServerConfig::loopback()
    }
}

/// A test server on a free loopback port.
pub fn test_server() -> ServerHandle {
    start(test_config()).expect("the server starts")
}

/// A client that speaks the protocol line by line, for tests that must
/// misbehave or look at every message.
pub struct Raw {
    pub stream: TcpStream,
    reader: BufReader<TcpStream>,
    pending: String,
    trail: TrailKeeper,
}

impl Raw {
    /// Connects without saying hello.
    pub fn connect(addr: SocketAddr) -> Raw {
        let stream = TcpStream::connect(addr).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        Raw { stream, reader, pending: String::new(), trail: TrailKeeper::default() }
    }

    /// Connects and completes the handshake.
    pub fn hello(addr: SocketAddr) -> Raw {
        let mut raw = Raw::connect(addr);
        raw.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "test".into() });
        assert!(matches!(raw.recv(), ServerMessage::Welcome { protocol: PROTOCOL_VERSION, .. }));
        raw
    }

    /// Sends one message.
    pub fn send(&mut self, message: &ClientMessage) {
        self.send_line(&encode(message).unwrap()).expect("send");
    }

    /// Sends one raw line.
    pub fn send_line(&mut self, line: &str) -> std::io::Result<()> {
        self.stream.write_all(format!("{line}\n").as_bytes())
    }

    /// The next message; `None` if the server closed the connection.
    /// Views are made whole, as a client does.
    pub fn try_recv(&mut self) -> Option<ServerMessage> {
        match self.reader.read_line(&mut self.pending) {
            Ok(_) if self.pending.ends_with('\n') => {
                let line = std::mem::take(&mut self.pending);
                match decode_server(line.trim_end()).expect("the server sends valid lines") {
                    ServerMessage::View { ply, to_move, mut view, history_from, outcome } => {
                        self.trail.restore(&mut view, history_from).expect("a view continues what was sent");
                        Some(ServerMessage::View { ply, to_move, view, history_from: None, outcome })
                    }
                    other => Some(other),
                }
            }
            _ => None,
        }
    }

    /// The next message if one comes within `timeout`; a partial line is
    /// kept for later.
    pub fn poll(&mut self, timeout: Duration) -> Option<ServerMessage> {
        self.stream.set_read_timeout(Some(timeout)).unwrap();
        let got = self.try_recv();
        self.stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        got
    }

    /// The next message, which must come.
    pub fn recv(&mut self) -> ServerMessage {
        self.try_recv().expect("a message from the server")
    }

    /// Skips messages until one matches.
    pub fn recv_until(&mut self, mut wanted: impl FnMut(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let m = self.recv();
            if wanted(&m) {
                return m;
            }
        }
    }

    /// The next message must be an error of `kind`.
    pub fn expect_error(&mut self, kind: ErrorKind) -> String {
        match self.recv() {
            ServerMessage::Error { kind: got, reason } => {
                assert_eq!(got, kind, "{reason}");
                reason
            }
            other => panic!("expected an error {kind:?}, got {other:?}"),
        }
    }

    /// Opens a game; returns its code and the seat token.
    pub fn create(&mut self, game: &str, rules: Value) -> (String, String) {
        self.send(&ClientMessage::Create { game: game.into(), rules, seat: None });
        match self.recv() {
            ServerMessage::Seated { code, token, .. } => (code, token),
            other => panic!("expected seated, got {other:?}"),
        }
    }

    /// Joins a game; returns the seat token.
    pub fn join(&mut self, code: &str) -> String {
        self.send(&ClientMessage::Join { code: code.into() });
        match self.recv() {
            ServerMessage::Seated { token, .. } => token,
            other => panic!("expected seated, got {other:?}"),
        }
    }

    /// Waits for the next view; returns its ply, whether this seat is to
    /// move and the view.
    pub fn next_view<G: Observe>(&mut self) -> (usize, G::View) {
        match self.recv_until(|m| matches!(m, ServerMessage::View { .. })) {
            ServerMessage::View { ply, view, .. } => {
                (ply, serde_json::from_value(view).expect("a view of G"))
            }
            _ => unreachable!(),
        }
    }
}

/// A random legal move for the view's seat, in notation.
pub fn random_notation<G: Observe>(view: &G::View, rng: &mut GameRng) -> String {
    let position = G::sample(view, rng);
    let mv = position.random_move(rng, &mut Vec::new()).expect("a legal move");
    position.format_move(mv)
}

/// Plays a game between two raw clients with random legal moves, to its
/// end. Both must be seated with the game started; returns the plies.
pub fn finish_with_random_moves<G: Observe>(a: &mut Raw, b: &mut Raw, seed: u64) -> usize {
    finish_from_views::<G>(a, b, seed, None)
}

/// Both seats' ply and view, as [`Raw::next_view`] gives them.
pub type BothViews<G> = ((usize, <G as Observe>::View), (usize, <G as Observe>::View));

/// [`finish_with_random_moves`] when the views of the current ply (a's,
/// b's) were already read.
pub fn finish_from_views<G: Observe>(
    a: &mut Raw,
    b: &mut Raw,
    seed: u64,
    mut current: Option<BothViews<G>>,
) -> usize {
    let mut rng = seeded(seed);
    loop {
        let ((ply, view_a), (ply_b, view_b)) =
            current.take().unwrap_or_else(|| (a.next_view::<G>(), b.next_view::<G>()));
        assert_eq!(ply, ply_b);
        if view_a.outcome().is_some() {
            return ply;
        }
        let mover = if view_a.to_move() == view_a.seat() { &mut *a } else { &mut *b };
        let view = if view_a.to_move() == view_a.seat() { view_a } else { view_b };
        let notation = random_notation::<G>(&view, &mut rng);
        mover.send(&ClientMessage::Move { ply, notation });
    }
}

/// Sends one line of `mib` MiB of `x` and its newline, in 64 KiB pieces
/// from a thread of its own, while reading; the writing stops when the
/// server's first reply arrives. Returns that reply (`None` if the
/// connection closed without one) and the MiB written.
pub fn flood_one_line(raw: &mut Raw, mib: usize) -> (Option<ServerMessage>, usize) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let replied = Arc::new(AtomicBool::new(false));
    let mut writer = raw.stream.try_clone().expect("a second handle on the socket");
    let stop = Arc::clone(&replied);
    let sender = std::thread::spawn(move || {
        let chunk = vec![b'x'; 64 << 10];
        let mut sent = 0;
        while sent < mib << 20 && !stop.load(Ordering::SeqCst) {
            if writer.write_all(&chunk).is_err() {
                return sent >> 20;
            }
            sent += chunk.len();
        }
        if !stop.load(Ordering::SeqCst) {
            let _ = writer.write_all(b"\n");
        }
        sent >> 20
    });
    let reply = raw.try_recv();
    replied.store(true, Ordering::SeqCst);
    (reply, sender.join().expect("the sender ran"))
}
