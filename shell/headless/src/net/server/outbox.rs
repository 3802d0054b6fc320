//! A connection's outgoing lines: a bounded queue and a writer task.
//!
//! Nothing on the server ever waits on a client's socket. Lines go into a
//! bounded queue with `try_send`; the connection's writer task writes them,
//! and a write that makes no progress for the write timeout drops the
//! client. So does a full queue: the connection is [killed](Outbox::kill),
//! which ends its reader and its writer.
//!
//! A queue more than half full is [backed up](Outbox::is_backed_up): the
//! connections whose commands feed it stop being read for a while (see the
//! server's `connection` module), so that a client flooding commands (chat
//! lines, pings) slows to the pace its recipients read, rather than filling
//! their queues and getting them dropped, however well they read.

use super::transport::LinesOut;
use super::websocket::Stall;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::{Receiver, Sender, channel};
use tokio::sync::watch;

/// The sending end of one connection.
#[derive(Clone, Debug)]
pub struct Outbox {
    /// The connection's id on this server.
    pub conn: u64,
    queue: Sender<Arc<str>>,
    kill: Arc<watch::Sender<bool>>,
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
                count_drop(&self.dropped, &self.drop_count);
                self.kill();
                false
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    /// Ends the connection at once: its reader and writer stop, and
    /// nothing more is written.
    pub fn kill(&self) {
        self.kill.send_replace(true);
    }

    /// Whether more than half the queue waits for the writer (and the
    /// writer still runs).
    pub fn is_backed_up(&self) -> bool {
        !self.closed.load(Ordering::Relaxed) && self.queued.load(Ordering::Relaxed) > self.capacity / 2
    }
}

/// Counts a client dropped for not reading, once however it shows.
fn count_drop(dropped: &AtomicBool, drop_count: &AtomicU64) {
    if !dropped.swap(true, Ordering::Relaxed) {
        drop_count.fetch_add(1, Ordering::Relaxed);
    }
}

/// What the connection's writer task needs.
pub struct Writer {
    lines: Receiver<Arc<str>>,
    queued: Arc<AtomicUsize>,
    closed: Arc<AtomicBool>,
    kill: Arc<watch::Sender<bool>>,
    dropped: Arc<AtomicBool>,
    drop_count: Arc<AtomicU64>,
    write_timeout: Duration,
}

/// Opens an outbox of `capacity` lines; `drop_count` counts clients
/// dropped for not reading. Run the returned [`Writer`] on the
/// connection's sending half; `killed` is the connection's kill switch (see
/// [`Outbox::kill`]).
pub fn open(
    conn: u64,
    capacity: usize,
    write_timeout: Duration,
    kill: Arc<watch::Sender<bool>>,
    drop_count: Arc<AtomicU64>,
) -> (Outbox, Writer) {
    let capacity = capacity.max(1);
    let (queue, lines) = channel(capacity);
    let (queued, closed) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
    let dropped = Arc::new(AtomicBool::new(false));
    let writer = Writer {
        lines,
        queued: Arc::clone(&queued),
        closed: Arc::clone(&closed),
        kill: Arc::clone(&kill),
        dropped: Arc::clone(&dropped),
        drop_count: Arc::clone(&drop_count),
        write_timeout,
    };
    (Outbox { conn, queue, kill, dropped, drop_count, queued, closed, capacity }, writer)
}

impl Writer {
    /// Writes queued lines until every [`Outbox`] clone is gone (then what
    /// is queued is written and the write side shut down) or the
    /// connection is killed or a write fails or stalls (then the
    /// connection is killed). Gives back the sending half.
    pub async fn run(mut self, mut out: LinesOut) -> LinesOut {
        let mut killed = self.kill.subscribe();
        let finished = tokio::select! {
            finished = self.write_all_lines(&mut out) => finished,
            _ = killed.wait_for(|k| *k) => false,
        };
        self.closed.store(true, Ordering::Relaxed);
        if finished {
            // Tell the peer we are done writing; the reader closes the rest.
            out.finish(self.write_timeout).await;
        } else {
            self.kill.send_replace(true);
        }
        out
    }

    /// True when the queue closed and everything was written.
    async fn write_all_lines(&mut self, out: &mut LinesOut) -> bool {
        let mut batch = Vec::new();
        while let Some(line) = self.lines.recv().await {
            let mut bytes = self.take(&mut batch, line);
            // Batch whatever else is already queued into the same write.
            while bytes < 64 * 1024 {
                match self.lines.try_recv() {
                    Ok(more) => bytes += self.take(&mut batch, more),
                    Err(_) => break,
                }
            }
            match out.send(&batch, self.write_timeout).await {
                Ok(()) => {}
                Err(Stall::Stalled) => {
                    count_drop(&self.dropped, &self.drop_count);
                    return false;
                }
                Err(Stall::Failed) => return false,
            }
            // An idle connection holds no buffer.
            batch = Vec::new();
        }
        true
    }

    /// Takes a queued line into the batch; returns its length.
    fn take(&self, batch: &mut Vec<Arc<str>>, line: Arc<str>) -> usize {
        self.queued.fetch_sub(1, Ordering::Relaxed);
        let len = line.len() + 1;
        batch.push(line);
        len
    }
}
