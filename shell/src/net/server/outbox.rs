//! A connection's outgoing lines: a bounded queue and a writer thread.
//!
//! Nothing on the server ever blocks on a client's socket. Lines go into a
//! bounded queue with `try_send`; a writer thread of the connection writes
//! them with a write timeout. A client whose queue fills up (it stopped
//! reading) is dropped: its socket is shut down, which ends both threads.

use std::io::{BufWriter, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
}

impl Outbox {
    /// Queues a line (without newline). A full queue means the client
    /// stopped reading: it is dropped, and this returns false.
    pub fn send(&self, line: Arc<str>) -> bool {
        match self.queue.try_send(line) {
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
    let (queue, lines) = sync_channel(capacity.max(1));
    let writer_stream = Arc::clone(&stream);
    let writer = std::thread::Builder::new()
        .name(format!("net-write-{conn}"))
        .stack_size(64 * 1024)
        .spawn(move || write_lines(&writer_stream, lines))?;
    Ok((Outbox { conn, queue, stream, dropped: Arc::new(AtomicBool::new(false)), drop_count }, writer))
}

fn write_lines(stream: &TcpStream, lines: Receiver<Arc<str>>) {
    let mut out = BufWriter::with_capacity(16 * 1024, stream);
    while let Ok(line) = lines.recv() {
        let mut ok = write_line(&mut out, &line);
        // Batch whatever else is already queued into the same flush.
        while ok {
            match lines.try_recv() {
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
