//! The referee server: many games by game code, each with its one
//! `Referee`, over newline-delimited JSON on TCP, or one JSON message a
//! WebSocket message on the same port (a web page's client; see the
//! `websocket` module).
//!
//! Connections are event-driven: a tokio runtime with a worker thread a
//! core runs, per connection, a reader task (which runs the commands) and
//! a writer task (see [`outbox`]), so an idle connection costs a socket
//! and a few kilobytes, not two threads. One more thread runs the janitor,
//! which forgets finished or deserted games. A room's lock is held only
//! for the referee's work and non-blocking queue pushes, never across a
//! wait, so a slow client never stalls another game.
//!
//! The same server runs headless (`boardsuite serve`) and inside the host's
//! GUI: [`start`] returns a [`ServerHandle`] that stops it.
//!
//! ```
//! use headless::net::server::{ServerConfig, start};
//! let server = start(ServerConfig::loopback()).unwrap();
//! assert_ne!(server.addr().port(), 0);
//! server.stop();
//! ```

mod admission;
mod connection;
pub mod file_limit;
pub mod outbox;
pub mod room;
mod socket_lines;
mod transport;
mod websocket;

use admission::Admission;
use room::Room;
use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::secrets::Secrets;
use super::table::GameCatalog;

use crate::protocol::DEFAULT_PORT;

/// How the server behaves. [`ServerConfig::default`] suits a real server;
/// tests shorten the times.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen; port 0 picks a free port (see [`ServerHandle::addr`]).
    pub bind: SocketAddr,
    /// How long a disconnected seat may take to come back before its
    /// opponent may claim the game.
    pub grace: Duration,
    /// A client silent this long is disconnected (clients ping meanwhile).
    pub idle_timeout: Duration,
    /// How long a new connection has to say hello.
    pub handshake_timeout: Duration,
    /// A write to a client that takes longer drops the client.
    pub write_timeout: Duration,
    /// Lines queued for one client before it counts as not reading and is
    /// dropped.
    pub outbox_capacity: usize,
    /// The longest line accepted, in bytes.
    pub max_line: usize,
    /// Connections beyond this are refused ([`start`] lowers it to what the
    /// open-file limit allows).
    pub max_connections: usize,
    /// Connections from one address beyond this are refused, so that one
    /// client cannot take every slot.
    pub max_per_address: usize,
    /// Games open at once (a game lasts until it is over and everyone has
    /// left, or until it is forgotten); a create beyond this is refused.
    pub max_rooms: usize,
    /// Games open at once that one address created.
    pub max_rooms_per_address: usize,
    /// A game nobody is connected to is forgotten after this long.
    pub forget_after: Duration,
    /// Where to write each finished game's full record (`CODE.toml`), if
    /// anywhere.
    pub record_dir: Option<PathBuf>,
    /// The games this server hosts.
    pub games: GameCatalog,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: SocketAddr::from((Ipv4Addr::UNSPECIFIED, DEFAULT_PORT)),
            grace: Duration::from_secs(60),
            idle_timeout: Duration::from_secs(90),
            handshake_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            outbox_capacity: 1024,
            max_line: crate::protocol::MAX_LINE,
            max_connections: 16_384,
            max_per_address: 64,
            max_rooms: 10_000,
            max_rooms_per_address: 32,
            forget_after: Duration::from_secs(600),
            record_dir: None,
            games: GameCatalog::standard(),
        }
    }
}

impl ServerConfig {
    /// The defaults on 127.0.0.1 with a free port: for tests and for a
    /// GUI host that only wants local play. Every client there comes from
    /// the one loopback address, so it has no cap per address.
    pub fn loopback() -> Self {
        ServerConfig {
            bind: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            max_per_address: usize::MAX,
            max_rooms_per_address: usize::MAX,
            ..ServerConfig::default()
        }
    }
}

/// Counters of what the server did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ServerStats {
    /// Connections accepted.
    pub connections: u64,
    /// Connections open now.
    pub open_connections: u64,
    /// Games opened.
    pub games_opened: u64,
    /// Games that ended.
    pub games_finished: u64,
    /// Moves accepted.
    pub moves: u64,
    /// Commands refused with an error reply.
    pub refusals: u64,
    /// Clients dropped for a too-long line, a timeout or not reading.
    pub dropped: u64,
    /// Games held now.
    pub games_held: u64,
}

#[derive(Default)]
struct Counters {
    connections: AtomicU64,
    open_connections: AtomicU64,
    games_opened: AtomicU64,
    games_finished: AtomicU64,
    moves: AtomicU64,
    refusals: AtomicU64,
    dropped: Arc<AtomicU64>,
}

/// What every task and thread of the server shares.
struct Shared {
    config: ServerConfig,
    /// Rooms by game code. Lock order: this map, then a room; never the
    /// other way round.
    rooms: Mutex<HashMap<String, Arc<Mutex<Room>>>>,
    /// Open connections by the client's address.
    per_address: Mutex<HashMap<IpAddr, usize>>,
    next_conn: AtomicU64,
    stopping: AtomicBool,
    /// Set once when the server stops; every connection watches it.
    stop: watch::Sender<bool>,
    secrets: Secrets,
    counters: Counters,
}

/// Locks a mutex, carrying on if a thread panicked while holding it: the
/// data behind our locks stays consistent between statements.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A running server. Dropping it stops the server.
pub struct ServerHandle {
    addr: SocketAddr,
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for ServerHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerHandle").field("addr", &self.addr).finish()
    }
}

/// Starts a server on its own threads and returns once it listens. The
/// process's soft open-file limit is raised to its hard limit first, and
/// `max_connections` lowered to what the descriptors allow
/// ([`file_limit`]).
pub fn start(mut config: ServerConfig) -> io::Result<ServerHandle> {
    if let Some(descriptors) = file_limit::raise_open_file_limit() {
        config.max_connections = config.max_connections.min(file_limit::connections_for(descriptors));
    }
    let listener = std::net::TcpListener::bind(config.bind)?;
    let addr = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .thread_name("net-worker")
        .enable_io()
        .enable_time()
        .build()?;
    let listener = {
        let _inside = runtime.enter();
        TcpListener::from_std(listener)?
    };
    let shared = Arc::new(Shared {
        config,
        rooms: Mutex::new(HashMap::new()),
        per_address: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new(1),
        stopping: AtomicBool::new(false),
        stop: watch::channel(false).0,
        secrets: Secrets::new(),
        counters: Counters::default(),
    });
    let acceptor = {
        let shared = Arc::clone(&shared);
        std::thread::Builder::new().name("net-accept".into()).spawn(move || {
            runtime.block_on(accept_loop(&shared, listener));
            // Ends every connection still open.
            runtime.shutdown_timeout(Duration::from_secs(1));
        })?
    };
    let janitor = {
        let shared = Arc::clone(&shared);
        std::thread::Builder::new().name("net-janitor".into()).spawn(move || janitor_loop(&shared))?
    };
    Ok(ServerHandle { addr, shared, threads: vec![acceptor, janitor] })
}

impl ServerHandle {
    /// The address the server listens on (with the real port).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// What the server did so far.
    pub fn stats(&self) -> ServerStats {
        let c = &self.shared.counters;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        ServerStats {
            connections: get(&c.connections),
            open_connections: get(&c.open_connections),
            games_opened: get(&c.games_opened),
            games_finished: get(&c.games_finished),
            moves: get(&c.moves),
            refusals: get(&c.refusals),
            dropped: get(&c.dropped),
            games_held: lock(&self.shared.rooms).len() as u64,
        }
    }

    /// Blocks until the server stops (it stops only through
    /// [`ServerHandle::stop`] from another handle holder, so for `serve`
    /// this runs until the process ends).
    pub fn wait(mut self) {
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }

    /// Stops accepting, closes every connection and returns when the
    /// server's own threads have ended.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        self.shared.stopping.store(true, Ordering::SeqCst);
        self.shared.stop.send_replace(true);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for ServerHandle {
    fn drop(&mut self) {
        if !self.threads.is_empty() {
            self.shut_down();
        }
    }
}

/// Accepts connections until the server stops, each served by its own
/// task, or refused in words when over a limit.
async fn accept_loop(shared: &Arc<Shared>, listener: TcpListener) {
    let mut stop = shared.stop.subscribe();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.wait_for(|s| *s) => return,
        };
        let Ok((stream, peer)) = accepted else {
            // Out of file descriptors and the like: back off a little.
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let id = shared.next_conn.fetch_add(1, Ordering::Relaxed);
        shared.counters.connections.fetch_add(1, Ordering::Relaxed);
        match Admission::take(shared, peer.ip()) {
            Ok(admitted) => {
                let shared = Arc::clone(shared);
                tokio::spawn(async move {
                    connection::run(Arc::clone(&shared), stream, id, admitted.address()).await;
                    drop(admitted);
                });
            }
            Err(reason) => {
                tokio::spawn(connection::refuse(stream, reason, shared.config.max_line));
            }
        }
    }
}

/// Forgets rooms that are over or deserted, and writes full records.
fn janitor_loop(shared: &Arc<Shared>) {
    let tick = Duration::from_millis(200);
    let mut last_sweep = Instant::now();
    while !shared.stopping.load(Ordering::SeqCst) {
        std::thread::sleep(tick);
        if last_sweep.elapsed() < Duration::from_secs(1) {
            continue;
        }
        last_sweep = Instant::now();
        let forget_after = shared.config.forget_after;
        lock(&shared.rooms).retain(|_, room| {
            let mut room = lock(room);
            if room.anyone_here() {
                room.last_seen = Instant::now();
                return true;
            }
            // Finished games go once everyone has left and the grace for
            // coming back to see the result has passed.
            let idle = room.last_seen.elapsed();
            let over = room.table.finish().is_some() && idle >= shared.config.grace.min(forget_after);
            !(over || idle >= forget_after)
        });
    }
}
