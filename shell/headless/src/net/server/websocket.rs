//! WebSocket clients on the server's own port (a web page cannot open a
//! TCP socket): a connection whose first bytes are an HTTP `GET` is taken
//! through the WebSocket handshake, and from then on one text message is
//! one protocol line, each way. Everything else about the connection (the
//! caps per address, the line length, the garbage count, the seat's view)
//! is the same code as for a line client.
//!
//! A message is capped at the line length ([`ServerConfig::max_line`]): a
//! longer one is refused as soon as its frame header announces it. A
//! binary message counts as a line of its bytes, so one that is not UTF-8
//! is an unreadable line. Pings are answered by the WebSocket layer.
//!
//! [`ServerConfig::max_line`]: super::ServerConfig::max_line

use crate::net::line::LineError;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::io;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout, timeout_at};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Bytes, Message};

/// A WebSocket over a client's socket.
pub type Socket = WebSocketStream<TcpStream>;

/// Whether the client's first bytes, once `wait` has let them come, are
/// an HTTP request (`GET `): a WebSocket client's handshake. A line
/// client's first line is a JSON hello.
pub async fn is_http(stream: &TcpStream, wait: Duration) -> bool {
    let mut first = [0u8; 4];
    let deadline = Instant::now() + wait;
    // `peek` answers as soon as any byte is there; wait for four.
    loop {
        match timeout_at(deadline, stream.peek(&mut first)).await {
            Ok(Ok(n)) if n >= first.len() => return &first == b"GET ",
            Ok(Ok(n)) if n > 0 && !b"GET ".starts_with(&first[..n]) => return false,
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => return false,
            Ok(Ok(_)) => tokio::time::sleep(Duration::from_millis(5)).await,
        }
    }
}

/// The most bytes of an HTTP request's head looked at before the
/// handshake.
const MAX_REQUEST_HEAD: usize = 8 * 1024;

/// What a plain HTTP request (no WebSocket upgrade) is answered.
const NOT_A_WEBSOCKET: &str = "HTTP/1.1 426 Upgrade Required\r\nUpgrade: websocket\r\nConnection: close\r\n\
    Content-Type: text/plain; charset=utf-8\r\nContent-Length: 89\r\n\r\n\
    This is a boardsuite game server: play from the boardsuite program or from its web page.\n";

/// Whether the HTTP request at the head of `stream` (not yet read) asks
/// for a WebSocket, once its head has come within `wait`. A plain HTTP
/// request is answered `426 Upgrade Required` in words; a head that does
/// not come in time, or is too long, gets nothing.
async fn asks_for_websocket(stream: &mut TcpStream, wait: Duration) -> bool {
    use tokio::io::AsyncWriteExt;
    let deadline = Instant::now() + wait;
    let mut head = vec![0u8; MAX_REQUEST_HEAD];
    loop {
        let n = match timeout_at(deadline, stream.peek(&mut head)).await {
            Ok(Ok(n)) if n > 0 => n,
            _ => return false,
        };
        if let Some(end) = head[..n].windows(4).position(|w| w == b"\r\n\r\n") {
            if is_upgrade(&head[..end]) {
                return true;
            }
            let _ = timeout_at(deadline, stream.write_all(NOT_A_WEBSOCKET.as_bytes())).await;
            let _ = stream.shutdown().await;
            return false;
        }
        if n == head.len() {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Whether a request head has the header `Upgrade: websocket`.
fn is_upgrade(head: &[u8]) -> bool {
    String::from_utf8_lossy(head).lines().any(|line| {
        line.split_once(':').is_some_and(|(name, value)| {
            name.trim().eq_ignore_ascii_case("upgrade")
                && value.split(',').any(|v| v.trim().eq_ignore_ascii_case("websocket"))
        })
    })
}

/// The WebSocket settings for messages of at most `max_line` bytes: small
/// buffers, so an idle WebSocket costs about what an idle line client
/// does, and each write sent at once (the writer batches and flushes).
pub fn config(max_line: usize) -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(Some(max_line))
        .max_frame_size(Some(max_line))
}

/// Takes the client through the WebSocket handshake within `wait`. A
/// plain HTTP request gets `426 Upgrade Required` (see [`NOT_A_WEBSOCKET`]).
pub async fn accept(mut stream: TcpStream, max_line: usize, wait: Duration) -> Option<Socket> {
    let deadline = Instant::now() + wait;
    if !asks_for_websocket(&mut stream, wait).await {
        return None;
    }
    let wait = deadline.saturating_duration_since(Instant::now());
    let handshake = tokio_tungstenite::accept_async_with_config(stream, Some(config(max_line)));
    timeout(wait, handshake).await.ok()?.ok()
}

/// The messages a WebSocket client sends, as lines.
pub struct WsLines {
    messages: SplitStream<Socket>,
}

/// The sending half of a WebSocket client.
pub type WsSink = SplitSink<Socket, Message>;

/// Splits a WebSocket into its lines in and its sink out.
pub fn split(socket: Socket) -> (WsLines, WsSink) {
    let (sink, messages) = socket.split();
    (WsLines { messages }, sink)
}

impl WsLines {
    /// The next line: a text message (a final newline dropped), or a
    /// binary one's bytes. Cancel-safe: a message cut short by a timeout
    /// stays buffered in the WebSocket.
    pub async fn read_line(&mut self) -> Result<String, LineError> {
        loop {
            match self.messages.next().await {
                Some(Ok(Message::Text(text))) => return Ok(one_line(text.as_str()).to_string()),
                Some(Ok(Message::Binary(bytes))) => return binary_line(&bytes),
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
                Some(Ok(Message::Close(_))) | None => return Err(LineError::Closed),
                Some(Err(WsError::Capacity(CapacityError::MessageTooLong { .. }))) => {
                    return Err(LineError::TooLong);
                }
                Some(Err(WsError::ConnectionClosed | WsError::AlreadyClosed)) => {
                    return Err(LineError::Closed);
                }
                Some(Err(WsError::Io(e))) => return Err(LineError::Io(e)),
                Some(Err(e)) => return Err(LineError::Io(io::Error::new(io::ErrorKind::InvalidData, e))),
            }
        }
    }

    /// Reads and discards what the client still sends on the socket until
    /// it closes or is quiet for `quiet`, for at most `most` bytes and
    /// `longest` in all (see `SocketLines::drain`). The raw socket is read,
    /// since a message refused for its length is still arriving.
    pub async fn drain(self, sink: WsSink, quiet: Duration, longest: Duration, most: usize) {
        let Ok(mut socket) = self.messages.reunite(sink) else { return };
        let stream = socket.get_mut();
        let end = Instant::now() + longest;
        let mut buf = vec![0u8; 8192];
        let mut total = 0usize;
        while total < most {
            let deadline = end.min(Instant::now() + quiet);
            match timeout_at(deadline, stream.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => total += n,
                _ => break,
            }
        }
    }
}

/// A text message as a line: one final newline (`\n` or `\r\n`) dropped.
fn one_line(text: &str) -> &str {
    let text = text.strip_suffix('\n').unwrap_or(text);
    text.strip_suffix('\r').unwrap_or(text)
}

/// A binary message as a line of its bytes.
fn binary_line(bytes: &Bytes) -> Result<String, LineError> {
    std::str::from_utf8(bytes).map(|text| one_line(text).to_string()).map_err(|_| LineError::NotUtf8)
}

/// Sends `lines` as one text message each, then flushes, each step within
/// `wait`; false if the client is not reading or the socket failed.
pub async fn send_lines(sink: &mut WsSink, lines: &[Arc<str>], wait: Duration) -> Result<(), Stall> {
    for line in lines {
        match timeout(wait, sink.feed(Message::text(line.as_ref()))).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) => return Err(Stall::Failed),
            Err(_) => return Err(Stall::Stalled),
        }
    }
    match timeout(wait, sink.flush()).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err(Stall::Failed),
        Err(_) => Err(Stall::Stalled),
    }
}

/// Why lines could not be sent.
#[derive(Debug, PartialEq, Eq)]
pub enum Stall {
    /// No progress within the wait: the client is not reading.
    Stalled,
    /// The socket failed or closed.
    Failed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_upgrade_header_is_found_in_any_case() {
        assert!(is_upgrade(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade"));
        assert!(is_upgrade(b"GET / HTTP/1.1\r\nupgrade: WebSocket"));
        assert!(!is_upgrade(b"GET / HTTP/1.1\r\nHost: x\r\nAccept: */*"));
        assert!(!is_upgrade(b"GET /upgrade:websocket HTTP/1.1"), "the request line is no header");
        let body = NOT_A_WEBSOCKET.split_once("\r\n\r\n").unwrap().1;
        let length = format!("Content-Length: {}\r\n", body.len());
        assert!(NOT_A_WEBSOCKET.contains(&length), "Content-Length matches the words");
    }

    #[test]
    fn a_message_is_one_line() {
        assert_eq!(one_line("{\"type\":\"ping\"}"), "{\"type\":\"ping\"}");
        assert_eq!(one_line("{}\n"), "{}");
        assert_eq!(one_line("{}\r\n"), "{}");
        assert_eq!(one_line("{}\n\n"), "{}\n", "only one newline is dropped");
        assert_eq!(binary_line(&Bytes::from_static(b"{}\n")).unwrap(), "{}");
        assert!(matches!(binary_line(&Bytes::from_static(&[0xff, 0xfe])), Err(LineError::NotUtf8)));
    }
}
