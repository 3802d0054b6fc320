//! Recording what goes over the wire: a one-connection proxy that keeps
//! every byte the server sends to one client.
//!
//! Tests point one client at [`WireTap::addr`] instead of the server and,
//! after the game, inspect [`WireTap::finish`]: proof by bytes, not by
//! trusting our own encoder, that nothing hidden reached that client
//! (boardgame.io once leaked hidden state on reconnect).
//! [`record_bot_game`] plays a whole bot game with one seat tapped;
//! [`WireTap::start_websocket`] makes the tapped seat a WebSocket client
//! of the server (as a web page is), recording each message as a line.

use super::bot::{Bot, BotConfig, BotError, BotReport, BotTable, MoveChooser};
use super::view_trail::TrailKeeper;
use crate::protocol::{ProtocolError, ServerMessage, decode_server};
use game_core::Observe;
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// A proxy in front of a server for exactly one client connection.
#[derive(Debug)]
pub struct WireTap {
    addr: SocketAddr,
    recorded: Arc<Mutex<Vec<u8>>>,
    thread: JoinHandle<()>,
}

impl WireTap {
    /// Listens on a free loopback port and forwards its one connection to
    /// `server`.
    pub fn start(server: SocketAddr) -> io::Result<WireTap> {
        WireTap::spawn("wire-tap", move |listener, sink| {
            let Ok((client, _)) = listener.accept() else { return };
            let Ok(upstream) = TcpStream::connect(server) else { return };
            // Forward each line at once, as the server and client do.
            let _ = client.set_nodelay(true);
            let _ = upstream.set_nodelay(true);
            let (Ok(client2), Ok(upstream2)) = (client.try_clone(), upstream.try_clone()) else { return };
            let up = std::thread::spawn(move || pump(&client2, &upstream2, None));
            pump(&upstream, &client, Some(&sink));
            let _ = up.join();
        })
    }

    /// Listens on a free loopback port and carries its one connection's
    /// lines to `server` over a WebSocket, one text message a line each
    /// way; what the server sends is recorded as lines (each message and a
    /// newline), so it reads back as a line client's bytes do.
    pub fn start_websocket(server: SocketAddr) -> io::Result<WireTap> {
        WireTap::spawn("wire-tap-ws", move |listener, sink| {
            let Ok((client, _)) = listener.accept() else { return };
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_io().enable_time().build()
            else {
                return;
            };
            runtime.block_on(websocket_bridge(client, server, &sink));
        })
    }

    /// Listens on a free loopback port and runs `carry` on a thread named
    /// `name` with the listener and the record of what the server sends.
    fn spawn(
        name: &str,
        carry: impl FnOnce(TcpListener, Arc<Mutex<Vec<u8>>>) + Send + 'static,
    ) -> io::Result<WireTap> {
        let listener = TcpListener::bind(("127.0.0.1", 0))?;
        let addr = listener.local_addr()?;
        let recorded = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&recorded);
        let thread = std::thread::Builder::new().name(name.into()).spawn(move || carry(listener, sink))?;
        Ok(WireTap { addr, recorded, thread })
    }

    /// Where the client should connect.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The bytes recorded so far.
    pub fn so_far(&self) -> Vec<u8> {
        self.recorded.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// Waits for the connection to close and returns every byte the server
    /// sent through it.
    pub fn finish(self) -> Vec<u8> {
        let _ = self.thread.join();
        self.recorded.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

/// Reads recorded bytes back as messages, line by line, making every view
/// whole as a client does.
pub fn decode_recording(bytes: &[u8]) -> Result<Vec<ServerMessage>, BotError> {
    let mut trail = TrailKeeper::default();
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|line| {
            let bad = |e: ProtocolError| BotError::BadMessage(e.to_string());
            match decode_server(line).map_err(bad)? {
                ServerMessage::View { ply, to_move, mut view, history_from, outcome } => {
                    trail.restore(&mut view, history_from).map_err(bad)?;
                    Ok(ServerMessage::View { ply, to_move, view, history_from: None, outcome })
                }
                other => Ok(other),
            }
        })
        .collect()
}

/// Copies `from` to `to` until either side closes, keeping a copy in `sink`.
fn pump(mut from: &TcpStream, mut to: &TcpStream, sink: Option<&Mutex<Vec<u8>>>) {
    let mut buf = [0u8; 16 * 1024];
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if let Some(Ok(mut sink)) = sink.map(|s| s.lock()) {
                    sink.extend_from_slice(&buf[..n]);
                }
                if to.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
        }
    }
    let _ = to.shutdown(Shutdown::Write);
    let _ = from.shutdown(Shutdown::Read);
}

/// Carries `client`'s lines to `server` over a WebSocket and back, keeping
/// a copy of what the server sends in `sink`, until either side closes.
async fn websocket_bridge(client: TcpStream, server: SocketAddr, sink: &Mutex<Vec<u8>>) {
    use futures_util::{SinkExt, StreamExt};
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    use tokio_tungstenite::tungstenite::Message;
    let _ = client.set_nodelay(true);
    if client.set_nonblocking(true).is_err() {
        return;
    }
    let Ok(client) = tokio::net::TcpStream::from_std(client) else { return };
    let Ok((socket, _)) = tokio_tungstenite::connect_async(format!("ws://{server}/")).await else { return };
    let (mut to_server, mut from_server) = socket.split();
    let (client_in, mut client_out) = client.into_split();
    let mut lines = tokio::io::BufReader::new(client_in).lines();
    let up = async {
        while let Ok(Some(line)) = lines.next_line().await {
            if to_server.send(Message::text(line)).await.is_err() {
                break;
            }
        }
        let _ = to_server.close().await;
    };
    let down = async {
        while let Some(Ok(message)) = from_server.next().await {
            let Message::Text(text) = message else { continue };
            let mut line = text.as_bytes().to_vec();
            line.push(b'\n');
            if let Ok(mut sink) = sink.lock() {
                sink.extend_from_slice(&line);
            }
            if client_out.write_all(&line).await.is_err() {
                break;
            }
        }
        let _ = client_out.shutdown().await;
    };
    tokio::join!(up, down);
}

/// How the tapped seat reaches the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapKind {
    /// Newline-terminated lines on TCP, as a program's client does.
    Lines,
    /// One WebSocket message a line, as a web page does.
    WebSocket,
}

/// Every byte the server sent to the tapped seat of a whole game, and
/// those bytes read back as messages.
#[derive(Debug)]
pub struct WireRecording {
    /// The raw bytes, exactly as they crossed the wire.
    pub bytes: Vec<u8>,
    /// The bytes as protocol messages, line by line, with every view made
    /// whole as a client does (see [`super::view_trail`]).
    pub messages: Vec<ServerMessage>,
    /// The tapped bot's report.
    pub tapped: BotReport,
    /// The other bot's report.
    pub other: BotReport,
}

/// Plays one bot game of `G` on `server`: the creator (`rules`, first
/// seat) is tapped when `tap_creator`, otherwise the joiner is. Both use
/// the chooser `make_chooser` builds, with seeds `seed` and `seed + 1`.
pub fn record_bot_game<G: Observe>(
    server: SocketAddr,
    rules: G::Rules,
    seed: u64,
    tap_creator: bool,
    make_chooser: fn() -> Box<dyn MoveChooser<G>>,
) -> Result<WireRecording, BotError> {
    record_bot_game_over(TapKind::Lines, server, rules, seed, tap_creator, make_chooser)
}

/// [`record_bot_game`] with the tapped seat reaching the server as `kind`
/// says.
pub fn record_bot_game_over<G: Observe>(
    kind: TapKind,
    server: SocketAddr,
    rules: G::Rules,
    seed: u64,
    tap_creator: bool,
    make_chooser: fn() -> Box<dyn MoveChooser<G>>,
) -> Result<WireRecording, BotError> {
    let tap = match kind {
        TapKind::Lines => WireTap::start(server),
        TapKind::WebSocket => WireTap::start_websocket(server),
    }
    .map_err(|e| BotError::Closed(e.to_string()))?;
    let direct = server.to_string();
    let tapped = tap.addr().to_string();
    let (creator_addr, joiner_addr) = if tap_creator { (tapped, direct) } else { (direct, tapped) };
    let config = |seed| BotConfig { seed, timeout: Duration::from_secs(60), ..BotConfig::default() };
    let creator = Bot::<G>::connect(&creator_addr, BotTable::Create { rules, seat: None }, config(seed))?;
    let code = creator.code().to_string();
    let joiner_thread = std::thread::spawn(move || {
        let joiner = Bot::<G>::connect(&joiner_addr, BotTable::Join { code }, config(seed + 1))?;
        joiner.play(make_chooser().as_mut())
    });
    let created = creator.play(make_chooser().as_mut());
    let joined = joiner_thread.join().map_err(|_| BotError::Closed("the joining bot panicked".into()))?;
    let (created, joined) = (created?, joined?);
    // The bots' clients closed when they were dropped, so the tap ends.
    let bytes = tap.finish();
    let messages = decode_recording(&bytes)?;
    let (tapped, other) = if tap_creator { (created, joined) } else { (joined, created) };
    Ok(WireRecording { bytes, messages, tapped, other })
}
