//! Reading newline-terminated lines with a hard cap on their length.
//!
//! A peer that sends a 10 MB line must not make us buffer 10 MB: the reader
//! holds at most `max + 1` bytes and reports [`LineError::TooLong`] as soon
//! as the cap is passed, so the caller can answer and hang up.
//! [`LineBuffer`] is that logic without the reading, for any source.

use std::io::{self, Read};
use std::time::Instant;

/// Why no line could be read.
#[derive(Debug)]
pub enum LineError {
    /// The line passed the cap. The reader cannot continue.
    TooLong,
    /// The peer closed the connection.
    Closed,
    /// The line is not UTF-8.
    NotUtf8,
    /// The socket failed or timed out (`WouldBlock`/`TimedOut`); a partial
    /// line is kept for the next call.
    Io(io::Error),
}

impl LineError {
    /// Whether this is a read timeout rather than a failure.
    pub fn is_timeout(&self) -> bool {
        matches!(self, LineError::Io(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut))
    }
}

/// The bytes of lines of at most `max` bytes (the newline excluded), fed
/// by any source: [`LineReader`] reads a blocking stream into it, the
/// server's connections an async socket.
#[derive(Debug)]
pub struct LineBuffer {
    buf: Vec<u8>,
    scanned: usize,
    max: usize,
}

/// The most bytes one read asks for.
pub const CHUNK: usize = 8 * 1024;

impl LineBuffer {
    /// An empty buffer for lines up to `max` bytes.
    pub fn new(max: usize) -> Self {
        LineBuffer { buf: Vec::new(), scanned: 0, max }
    }

    /// The next complete line held, without its `\n` (and without a `\r`
    /// before it); `None` if more bytes are needed. An error is final for
    /// [`LineError::TooLong`] and affects only this line for
    /// [`LineError::NotUtf8`].
    pub fn next_line(&mut self) -> Option<Result<String, LineError>> {
        if let Some(at) = self.buf[self.scanned..].iter().position(|&b| b == b'\n') {
            let end = self.scanned + at;
            let mut line: Vec<u8> = self.buf.drain(..=end).collect();
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            self.scanned = 0;
            if self.buf.is_empty() {
                // An idle connection holds no buffer.
                self.buf = Vec::new();
            }
            if line.len() > self.max {
                return Some(Err(LineError::TooLong));
            }
            return Some(String::from_utf8(line).map_err(|_| LineError::NotUtf8));
        }
        self.scanned = self.buf.len();
        if self.buf.len() > self.max {
            return Some(Err(LineError::TooLong));
        }
        None
    }

    /// Appends what `read` puts into the space it is given (never more
    /// than enough to see the cap passed, at most [`CHUNK`]), and returns
    /// its result: `Ok(0)` means the source is closed.
    pub fn fill(&mut self, read: impl FnOnce(&mut [u8]) -> io::Result<usize>) -> io::Result<usize> {
        let room = self.max.saturating_add(1).saturating_sub(self.buf.len()).clamp(1, CHUNK);
        let old = self.buf.len();
        self.buf.resize(old + room, 0);
        let result = read(&mut self.buf[old..]);
        let n = *result.as_ref().unwrap_or(&0);
        self.buf.truncate(old + n.min(room));
        result
    }

    /// How many bytes wait in the buffer (a partial line).
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }
}

/// Reads lines of at most `max` bytes (the newline excluded) from `R`.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    lines: LineBuffer,
}

impl<R: Read> LineReader<R> {
    /// A reader of lines up to `max` bytes.
    pub fn new(inner: R, max: usize) -> Self {
        LineReader { inner, lines: LineBuffer::new(max) }
    }

    /// The next line, without its `\n` (and without a `\r` before it).
    pub fn read_line(&mut self) -> Result<String, LineError> {
        self.read_line_by(None)
    }

    /// Like [`LineReader::read_line`], but a line still incomplete at
    /// `deadline` is a timeout, however slowly its bytes keep trickling in.
    /// (The socket's read timeout bounds each single read.)
    pub fn read_line_by(&mut self, deadline: Option<Instant>) -> Result<String, LineError> {
        loop {
            if let Some(line) = self.lines.next_line() {
                return line;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(LineError::Io(io::Error::from(io::ErrorKind::TimedOut)));
            }
            let inner = &mut self.inner;
            match self.lines.fill(|space| inner.read(space)) {
                Ok(0) => return Err(LineError::Closed),
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(LineError::Io(e)),
            }
        }
    }

    /// How many bytes wait in the buffer (a partial line).
    pub fn buffered(&self) -> usize {
        self.lines.buffered()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out its bytes a few at a time.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn lines_split_across_reads() {
        let mut r = LineReader::new(Trickle(b"ab\r\ncd\n\nlast", 3), 16);
        assert_eq!(r.read_line().unwrap(), "ab");
        assert_eq!(r.read_line().unwrap(), "cd");
        assert_eq!(r.read_line().unwrap(), "");
        assert!(matches!(r.read_line(), Err(LineError::Closed)));
    }

    #[test]
    fn a_long_line_stops_at_the_cap() {
        let long = vec![b'x'; 1_000_000];
        let mut r = LineReader::new(Trickle(&long, 100_000), 64);
        assert!(matches!(r.read_line(), Err(LineError::TooLong)));
        assert!(r.buffered() <= 65, "held {} bytes", r.buffered());
        // Exactly the cap is fine; one more is not.
        let mut r = LineReader::new(Trickle(b"12345678\n123456789\n", 100), 8);
        assert_eq!(r.read_line().unwrap(), "12345678");
        assert!(matches!(r.read_line(), Err(LineError::TooLong)));
    }

    #[test]
    fn a_line_past_its_deadline_times_out() {
        let past = Some(Instant::now());
        let mut r = LineReader::new(Trickle(b"abc\ndef", 1), 16);
        // A complete line already buffered is still returned.
        assert_eq!(r.read_line_by(None).unwrap(), "abc");
        let err = r.read_line_by(past).unwrap_err();
        assert!(err.is_timeout());
    }

    #[test]
    fn invalid_utf8_is_reported() {
        let mut r = LineReader::new(Trickle(b"\xff\xfe\n", 10), 16);
        assert!(matches!(r.read_line(), Err(LineError::NotUtf8)));
    }
}
