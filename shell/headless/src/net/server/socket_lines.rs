//! A connection's incoming lines, read from its socket without a thread
//! and without holding a buffer while the connection is idle.

use crate::net::line::{LineBuffer, LineError};
use std::io;
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::net::tcp::OwnedReadHalf;
use tokio::time::{Instant, timeout_at};

/// Lines of at most `max` bytes from the read half of a socket (see
/// [`LineBuffer`]).
pub struct SocketLines {
    socket: OwnedReadHalf,
    lines: LineBuffer,
}

impl SocketLines {
    /// Reads lines of at most `max` bytes from `socket`.
    pub fn new(socket: OwnedReadHalf, max: usize) -> Self {
        SocketLines { socket, lines: LineBuffer::new(max) }
    }

    /// The next line. Cancel-safe: bytes are only taken from the socket
    /// between waits, so a line cut short by a timeout stays buffered.
    pub async fn read_line(&mut self) -> Result<String, LineError> {
        loop {
            if let Some(line) = self.lines.next_line() {
                return line;
            }
            // Wait for bytes before giving them room, so that a connection
            // waiting for its next line holds no buffer.
            self.socket.readable().await.map_err(LineError::Io)?;
            let socket = &self.socket;
            match self.lines.fill(|space| socket.try_read(space)) {
                Ok(0) => return Err(LineError::Closed),
                Ok(_) => {}
                Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted) => {}
                Err(e) => return Err(LineError::Io(e)),
            }
        }
    }

    /// Reads and discards what the client still sends until it closes or
    /// is quiet for `quiet`, for at most `most` bytes and `longest` in
    /// all, so that closing finds nothing unread (which would reset the
    /// connection and lose our last words in the client's buffer).
    pub async fn drain(&mut self, quiet: Duration, longest: Duration, most: usize) {
        let end = Instant::now() + longest;
        let mut buf = vec![0u8; 8192];
        let mut total = 0usize;
        while total < most {
            let deadline = end.min(Instant::now() + quiet);
            match timeout_at(deadline, self.socket.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => total += n,
                _ => break,
            }
        }
    }
}
