//! How a connection's lines travel: newline-terminated on the TCP socket
//! (a program's client), or one text message each on a WebSocket (a web
//! page; see [`websocket`](super::websocket)). The connection's commands
//! and its outbox are the same for both.

use super::socket_lines::SocketLines;
use super::websocket::{self, Stall, WsLines, WsSink};
use crate::net::line::LineError;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::net::tcp::OwnedWriteHalf;

/// A connection's incoming lines.
pub enum LinesIn {
    /// Newline-terminated lines on the socket.
    Socket(SocketLines),
    /// WebSocket messages.
    WebSocket(WsLines),
}

/// A connection's outgoing lines.
pub enum LinesOut {
    /// Newline-terminated lines on the socket.
    Socket(OwnedWriteHalf),
    /// WebSocket text messages.
    WebSocket(WsSink),
}

/// Opens a connection's lines both ways: a client whose first bytes are
/// an HTTP request is taken through the WebSocket handshake (within
/// `wait`); `None` if that fails.
pub async fn open(stream: TcpStream, max_line: usize, wait: Duration) -> Option<(LinesIn, LinesOut)> {
    if websocket::is_http(&stream, wait).await {
        let socket = websocket::accept(stream, max_line, wait).await?;
        let (lines, sink) = websocket::split(socket);
        return Some((LinesIn::WebSocket(lines), LinesOut::WebSocket(sink)));
    }
    let (read_half, write_half) = stream.into_split();
    Some((LinesIn::Socket(SocketLines::new(read_half, max_line)), LinesOut::Socket(write_half)))
}

impl LinesIn {
    /// The next line (see [`SocketLines::read_line`] and
    /// [`WsLines::read_line`]); cancel-safe.
    pub async fn read_line(&mut self) -> Result<String, LineError> {
        match self {
            LinesIn::Socket(lines) => lines.read_line().await,
            LinesIn::WebSocket(lines) => lines.read_line().await,
        }
    }

    /// Reads and discards what the client still sends, so that closing
    /// finds nothing unread (see [`SocketLines::drain`]). `out` is the
    /// connection's sending half, once its writer has ended.
    pub async fn drain(self, out: Option<LinesOut>, quiet: Duration, longest: Duration, most: usize) {
        match (self, out) {
            (LinesIn::Socket(mut lines), _) => lines.drain(quiet, longest, most).await,
            (LinesIn::WebSocket(lines), Some(LinesOut::WebSocket(sink))) => {
                lines.drain(sink, quiet, longest, most).await;
            }
            (LinesIn::WebSocket(_), _) => {}
        }
    }
}

impl LinesOut {
    /// Sends `lines`, each write allowed `wait` to make progress.
    pub async fn send(&mut self, lines: &[Arc<str>], wait: Duration) -> Result<(), Stall> {
        match self {
            LinesOut::Socket(out) => {
                let mut batch = Vec::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
                for line in lines {
                    batch.extend_from_slice(line.as_bytes());
                    batch.push(b'\n');
                }
                write_patiently(out, &batch, wait).await
            }
            LinesOut::WebSocket(sink) => websocket::send_lines(sink, lines, wait).await,
        }
    }

    /// Tells the client nothing more is coming: the socket's write side is
    /// shut, or a WebSocket sends its close.
    pub async fn finish(&mut self, wait: Duration) {
        match self {
            LinesOut::Socket(out) => {
                let _ = out.shutdown().await;
            }
            LinesOut::WebSocket(sink) => {
                use futures_util::SinkExt;
                let _ = tokio::time::timeout(wait, sink.close()).await;
            }
        }
    }
}

/// Writes all of `bytes`, each write allowed `wait` to make progress.
async fn write_patiently(out: &mut OwnedWriteHalf, mut bytes: &[u8], wait: Duration) -> Result<(), Stall> {
    while !bytes.is_empty() {
        match tokio::time::timeout(wait, out.write(bytes)).await {
            Ok(Ok(n)) if n > 0 => bytes = &bytes[n..],
            Ok(_) => return Err(Stall::Failed),
            Err(_) => return Err(Stall::Stalled),
        }
    }
    Ok(())
}
