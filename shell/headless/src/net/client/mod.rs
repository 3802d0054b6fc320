//! A client of the referee server, on its own threads.
//!
//! What the protocol asks of a client, whatever carries its lines, lives
//! in [`inbound`] (the welcome, views made whole) and [`outbound`] (the
//! hello, commands, pings); [`Client`] drives them over TCP on threads,
//! [`polled::PolledClient`] over a message socket polled by a web page.
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

pub mod inbound;
pub mod outbound;
pub mod polled;

use super::line::{LineError, LineReader};
use crate::protocol::{
    ClientMessage, MAX_SERVER_LINE, ProtocolError, ServerMessage, encode, program_version,
};
use inbound::Inbound;
use outbound::Outbound;
use std::io::{self, BufWriter, Write};
use std::net::{Shutdown, SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
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
    write_message(&mut &writer_stream, &Outbound::hello(&config.program)).map_err(ConnectionError::Greet)?;

    let mut reader = LineReader::new(&stream, MAX_SERVER_LINE);
    let mut inbound = Inbound::new();
    let mut writer_stream = Some(writer_stream);
    let mut commands = Some(commands);
    let mut writer = None;
    let result = loop {
        let event = match read_line(&mut reader).and_then(|line| inbound.on_line(&line)) {
            Ok(Some(event)) => event,
            Ok(None) => continue,
            Err(e) => break Err(e),
        };
        if matches!(event, ClientEvent::Connected { .. })
            && let (Some(out), Some(commands)) = (writer_stream.take(), commands.take())
        {
            let ping_interval = config.ping_interval;
            let spawned = std::thread::Builder::new()
                .name("net-client-write".into())
                .stack_size(128 * 1024)
                .spawn(move || write_commands(out, commands, ping_interval));
            match spawned {
                Ok(handle) => writer = Some(handle),
                Err(e) => break Err(ConnectionError::Local(e)),
            }
        }
        if events.send(event).is_err() {
            break Ok(());
        }
    };
    let _ = stream.shutdown(Shutdown::Both);
    // The writer notices at its next write or ping; do not wait for it.
    drop(writer);
    result
}

fn read_line(reader: &mut LineReader<&TcpStream>) -> Result<String, ConnectionError> {
    match reader.read_line() {
        Ok(text) => Ok(text),
        Err(LineError::Closed) => Err(ConnectionError::Closed),
        Err(LineError::TooLong) => Err(ConnectionError::LineTooLong),
        Err(LineError::NotUtf8) => Err(ConnectionError::NotUtf8),
        Err(e) if e.is_timeout() => Err(ConnectionError::Silent),
        Err(LineError::Io(e)) => Err(ConnectionError::Lost(e)),
    }
}

fn write_message(out: &mut impl Write, message: &ClientMessage) -> std::io::Result<()> {
    let text = encode(message).map_err(std::io::Error::other)?;
    out.write_all(text.as_bytes())?;
    out.write_all(b"\n")
}

fn write_commands(stream: TcpStream, commands: Receiver<ClientMessage>, ping_interval: Duration) {
    let mut out = BufWriter::new(&stream);
    let start = Instant::now();
    let mut outbound = Outbound::new(ping_interval, Duration::ZERO);
    loop {
        match commands.recv_timeout(outbound.until_ping(start.elapsed())) {
            Ok(message) => outbound.push(message),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        while let Ok(more) = commands.try_recv() {
            outbound.push(more);
        }
        let Ok(lines) = outbound.lines_due(start.elapsed()) else { break };
        let written = lines.iter().try_for_each(|line| {
            out.write_all(line.as_bytes())?;
            out.write_all(b"\n")
        });
        if written.is_err() || out.flush().is_err() {
            break;
        }
    }
    let _ = out.flush();
    let _ = stream.shutdown(Shutdown::Both);
}
