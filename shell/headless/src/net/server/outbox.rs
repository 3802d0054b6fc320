//! A connection's outgoing lines: a bounded queue and a writer thread.
//!
//! Nothing on the server ever blocks on a client's socket. Lines go into a
//! bounded queue with `try_send`; a writer thread of the connection writes
//! them with a write timeout. A client that reads nothing for that long is
//! dropped, and so is one whose queue fills up: its socket is shut down,
//! which ends both threads.
//!
//! A queue more than half full is [backed up](Outbox::is_backed_up): the
//! connections whose commands feed it stop being read for a while (see the
//! server's `connection` module), so that a client flooding commands (chat
//! lines, pings) slows to the pace its recipients read, rather than filling
//! their queues and getting them dropped, however well they read.

use std::io::{BufWriter, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// The sending end of one connection.
#[derive(Clone, Debug)]
pub struct Outbox {
    /// The connection's id on this server.
    pub conn: u64,
    queue: SyncSender<Arc<str>>,
    stream: Arc<TcpStream>,
    dropped: Arc<AtomicBool>,
    drop_count: Arc<AtomicU64>,
    /// Lines queued and not yet taken by the writer.
    queued: Arc<AtomicUsize>,
    /// Whether the writer has ended (nothing queued will be written).
    closed: Arc<AtomicBool>,
    capacity: usize,
}

impl Outbox {
    /// Queues a line (without newline). A full queue means the client
    /// stopped reading: it is dropped, and this returns false.
    pub fn send(&self, line: Arc<str>) -> bool {
        // Counted before it can be taken, so the count never goes below 0.
        self.queued.fetch_add(1, Ordering::Relaxed);
        let sent = self.queue.try_send(line);
        if sent.is_err() {
            self.queued.fetch_sub(1, Ordering::Relaxed);
        }
        match sent {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                if !self.dropped.swap(true, Ordering::Relaxed) {
                    self.drop_count.fetch_add(1, Ordering::Relaxed);
                }
                self.kill();
                false
            }
            Err(TrySendError::Disconnected(_)) => false,
        }
    }

    /// Shuts the connection down at once, both ways.
    pub fn kill(&self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }

    /// Whether more than half the queue waits for the writer (and the
    /// writer still runs).
    pub fn is_backed_up(&self) -> bool {
        !self.closed.load(Ordering::Relaxed) && self.queued.load(Ordering::Relaxed) > self.capacity / 2
    }
}

/// Opens an outbox of `capacity` lines on `stream` and starts its writer;
/// `drop_count` counts clients dropped for not reading. The writer ends when every [`Outbox`] clone is dropped (after writing
/// what is queued) or when a write fails or times out.
pub fn open(
    conn: u64,
    stream: &TcpStream,
    capacity: usize,
    write_timeout: Duration,
    drop_count: Arc<AtomicU64>,
) -> std::io::Result<(Outbox, JoinHandle<()>)> {
    let stream = Arc::new(stream.try_clone()?);
    stream.set_write_timeout(Some(write_timeout))?;
    let capacity = capacity.max(1);
    let (queue, lines) = sync_channel(capacity);
    let writer_stream = Arc::clone(&stream);
    let (queued, closed) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
    let (taken, done) = (Arc::clone(&queued), Arc::clone(&closed));
    let writer = std::thread::Builder::new().name(format!("net-write-{conn}")).stack_size(64 * 1024).spawn(
        move || {
            write_lines(&writer_stream, lines, &taken);
            done.store(true, Ordering::Relaxed);
        },
    )?;
    let dropped = Arc::new(AtomicBool::new(false));
    Ok((Outbox { conn, queue, stream, dropped, drop_count, queued, closed, capacity }, writer))
}

fn write_lines(stream: &TcpStream, lines: Receiver<Arc<str>>, queued: &AtomicUsize) {
    let mut out = BufWriter::with_capacity(16 * 1024, stream);
    let take = |line: Arc<str>| {
        queued.fetch_sub(1, Ordering::Relaxed);
        line
    };
    while let Ok(line) = lines.recv().map(take) {
        let mut ok = write_line(&mut out, &line);
        // Batch whatever else is already queued into the same flush.
        while ok {
            match lines.try_recv().map(take) {
                Ok(more) => ok = write_line(&mut out, &more),
                Err(_) => break,
            }
        }
        if !ok || out.flush().is_err() {
            let _ = stream.shutdown(Shutdown::Both);
            return;
        }
    }
    let _ = out.flush();
    // Tell the peer we are done writing; the reader side closes the rest.
    let _ = stream.shutdown(Shutdown::Write);
}

fn write_line(out: &mut impl Write, line: &str) -> bool {
    out.write_all(line.as_bytes()).is_ok() && out.write_all(b"\n").is_ok()
}
