//! A client of the referee server, on its own threads.
//!
//! The caller (the GUI's frame loop, or a bot) never touches the socket: it
//! queues [`ClientMessage`]s with [`Client::send`], which never blocks, and
//! polls [`ClientEvent`]s from a channel. Connecting and the handshake
//! happen on the client's thread too.
//!
//! ```no_run
//! use headless::net::client::{Client, ClientConfig, ClientEvent};
//! use headless::protocol::ClientMessage;
//! let client = Client::connect("127.0.0.1:7878", ClientConfig::default());
//! client.send(ClientMessage::Join { code: "ABC234".into() });
//! // In the frame loop:
//! while let Some(event) = client.try_event() {
//!     match event {
//!         ClientEvent::Message(message) => println!("{message:?}"),
//!         ClientEvent::Connected { .. } | ClientEvent::Closed { .. } => {}
//!     }
//! }
//! ```

use super::line::{LineError, LineReader};
use super::view_trail::TrailKeeper;
use crate::protocol::{
    ClientMessage, MAX_SERVER_LINE, PROTOCOL_VERSION, ProtocolError, ServerMessage, decode_server, encode,
    program_version,
};
use std::io::{self, BufWriter, Write};
use std::net::{Shutdown, SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use thiserror::Error;

/// How the client behaves.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// The program name and version sent in the hello.
    pub program: String,
    /// How long connecting may take.
    pub connect_timeout: Duration,
    /// A ping is sent after this long without a command, to keep the
    /// connection alive; the server is given three of these to answer.
    pub ping_interval: Duration,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            program: program_version(),
            connect_timeout: Duration::from_secs(10),
            ping_interval: Duration::from_secs(20),
        }
    }
}

/// What the client thread reports.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientEvent {
    /// The handshake succeeded.
    Connected {
        /// The server's program and version.
        server: String,
    },
    /// A message from the server.
    Message(ServerMessage),
    /// The connection is gone (or never came up); the last event.
    Closed {
        /// Why, in words.
        reason: String,
    },
}

/// A connection to a referee server, run by its own threads.
#[derive(Debug)]
pub struct Client {
    commands: Sender<ClientMessage>,
    events: Receiver<ClientEvent>,
    stream: Arc<Mutex<Option<TcpStream>>>,
}

impl Client {
    /// Starts connecting to `addr` on a new thread and returns at once.
    /// Commands sent before the connection is up are queued.
    pub fn connect(addr: impl Into<String>, config: ClientConfig) -> Client {
        let (commands, command_rx) = channel();
        let (event_tx, events) = channel();
        let stream = Arc::new(Mutex::new(None));
        let addr = addr.into();
        let shared_stream = Arc::clone(&stream);
        let failed = event_tx.clone();
        let spawned = std::thread::Builder::new()
            .name("net-client".into())
            .stack_size(256 * 1024)
            .spawn(move || run(&addr, &config, command_rx, &event_tx, &shared_stream));
        if let Err(e) = spawned {
            let _ =
                failed.send(ClientEvent::Closed { reason: format!("cannot start the network thread: {e}") });
        }
        Client { commands, events, stream }
    }

    /// Queues a message for the server. Never blocks; false once the
    /// connection is gone.
    pub fn send(&self, message: ClientMessage) -> bool {
        self.commands.send(message).is_ok()
    }

    /// The next event, if one is waiting.
    pub fn try_event(&self) -> Option<ClientEvent> {
        self.events.try_recv().ok()
    }

    /// Waits up to `timeout` for the next event. `None` on timeout or once
    /// the client has ended.
    pub fn next_event(&self, timeout: Duration) -> Option<ClientEvent> {
        self.events.recv_timeout(timeout).ok()
    }

    /// Closes the connection now; a [`ClientEvent::Closed`] follows.
    pub fn close(&self) {
        if let Some(stream) =
            self.stream.lock().ok().and_then(|s| s.as_ref().and_then(|s| s.try_clone().ok()))
        {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.close();
    }
}

/// Why a connection to the server ended (the reason of
/// [`ClientEvent::Closed`], in words).
#[derive(Debug, Error)]
pub enum ConnectionError {
    /// The address did not resolve.
    #[error("cannot resolve {addr}: {source}")]
    Resolve {
        /// The address as given.
        addr: String,
        /// Why.
        source: io::Error,
    },
    /// The address resolved to nothing.
    #[error("{0} has no address")]
    NoAddress(String),
    /// Nothing answered at the address.
    #[error("cannot connect to {addr}: {source}")]
    Connect {
        /// The address as given.
        addr: String,
        /// Why.
        source: io::Error,
    },
    /// The connection could not be set up on this side.
    #[error("cannot start the connection: {0}")]
    Local(io::Error),
    /// The greeting could not be sent.
    #[error("cannot greet the server: {0}")]
    Greet(io::Error),
    /// The server said no to the greeting.
    #[error("the server refused: {0}")]
    Refused(String),
    /// The server answered the greeting with something else.
    #[error("the server did not welcome us: {0}")]
    NotWelcomed(String),
    /// A line that is not a message of the protocol.
    #[error("the server sent {0}")]
    BadMessage(#[from] ProtocolError),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// A line over the length limit.
    #[error("the server sent a line that is too long")]
    LineTooLong,
    /// A line that is not UTF-8.
    #[error("the server sent a line that is not UTF-8")]
    NotUtf8,
    /// Nothing came, not even a ping answer, for too long.
    #[error("the server stopped answering")]
    Silent,
    /// The connection broke.
    #[error("connection lost: {0}")]
    Lost(io::Error),
}

fn resolve(addr: &str) -> Result<SocketAddr, ConnectionError> {
    addr.to_socket_addrs()
        .map_err(|source| ConnectionError::Resolve { addr: addr.to_string(), source })?
        .next()
        .ok_or_else(|| ConnectionError::NoAddress(addr.to_string()))
}

fn run(
    addr: &str,
    config: &ClientConfig,
    commands: Receiver<ClientMessage>,
    events: &Sender<ClientEvent>,
    shared_stream: &Mutex<Option<TcpStream>>,
) {
    let ended =
        session(addr, config, commands, events, shared_stream).err().unwrap_or(ConnectionError::Closed);
    let _ = events.send(ClientEvent::Closed { reason: ended.to_string() });
}

fn session(
    addr: &str,
    config: &ClientConfig,
    commands: Receiver<ClientMessage>,
    events: &Sender<ClientEvent>,
    shared_stream: &Mutex<Option<TcpStream>>,
) -> Result<(), ConnectionError> {
    let target = resolve(addr)?;
    let stream = TcpStream::connect_timeout(&target, config.connect_timeout)
        .map_err(|source| ConnectionError::Connect { addr: addr.to_string(), source })?;
    let _ = stream.set_nodelay(true);
    let _ = stream.set_read_timeout(Some(config.ping_interval.saturating_mul(3).max(Duration::from_secs(1))));
    if let Ok(mut slot) = shared_stream.lock() {
        *slot = stream.try_clone().ok();
    }
    let writer_stream = stream.try_clone().map_err(ConnectionError::Local)?;
    let hello = ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: config.program.clone() };
    write_message(&mut &writer_stream, &hello).map_err(ConnectionError::Greet)?;

    let mut reader = LineReader::new(&stream, MAX_SERVER_LINE);
    match read_message(&mut reader)? {
        ServerMessage::Welcome { server, .. } => {
            let _ = events.send(ClientEvent::Connected { server });
        }
        ServerMessage::Refused { reason } => return Err(ConnectionError::Refused(reason)),
        other => return Err(ConnectionError::NotWelcomed(format!("{other:?}"))),
    }
    let ping_interval = config.ping_interval;
    let writer = std::thread::Builder::new()
        .name("net-client-write".into())
        .stack_size(128 * 1024)
        .spawn(move || write_commands(writer_stream, commands, ping_interval))
        .map_err(ConnectionError::Local)?;
    let mut trail = TrailKeeper::default();
    let result = loop {
        match read_message(&mut reader).and_then(|m| whole(m, &mut trail)) {
            Ok(message) => {
                if events.send(ClientEvent::Message(message)).is_err() {
                    break Ok(());
                }
            }
            Err(e) => break Err(e),
        }
    };
    let _ = stream.shutdown(Shutdown::Both);
    // The writer notices at its next write or ping; do not wait for it.
    drop(writer);
    result
}

/// A view made whole again (see [`super::view_trail`]); other messages as
/// they came.
fn whole(message: ServerMessage, trail: &mut TrailKeeper) -> Result<ServerMessage, ConnectionError> {
    match message {
        ServerMessage::View { ply, to_move, mut view, history_from, outcome } => {
            trail.restore(&mut view, history_from)?;
            Ok(ServerMessage::View { ply, to_move, view, history_from: None, outcome })
        }
        other => Ok(other),
    }
}

fn read_message(reader: &mut LineReader<&TcpStream>) -> Result<ServerMessage, ConnectionError> {
    loop {
        match reader.read_line() {
            Ok(text) if text.trim().is_empty() => {}
            Ok(text) => return Ok(decode_server(&text)?),
            Err(LineError::Closed) => return Err(ConnectionError::Closed),
            Err(LineError::TooLong) => return Err(ConnectionError::LineTooLong),
            Err(LineError::NotUtf8) => return Err(ConnectionError::NotUtf8),
            Err(e) if e.is_timeout() => return Err(ConnectionError::Silent),
            Err(LineError::Io(e)) => return Err(ConnectionError::Lost(e)),
        }
    }
}

fn write_message(out: &mut impl Write, message: &ClientMessage) -> std::io::Result<()> {
    let text = encode(message).map_err(std::io::Error::other)?;
    out.write_all(text.as_bytes())?;
    out.write_all(b"\n")
}

fn write_commands(stream: TcpStream, commands: Receiver<ClientMessage>, ping_interval: Duration) {
    let mut out = BufWriter::new(&stream);
    let mut nonce = 0u64;
    loop {
        let message = match commands.recv_timeout(ping_interval) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => {
                nonce += 1;
                ClientMessage::Ping { nonce }
            }
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let mut ok = write_message(&mut out, &message).is_ok();
        while ok {
            match commands.try_recv() {
                Ok(more) => ok = write_message(&mut out, &more).is_ok(),
                Err(_) => break,
            }
        }
        if !ok || out.flush().is_err() {
            break;
        }
    }
    let _ = out.flush();
    let _ = stream.shutdown(Shutdown::Both);
}
