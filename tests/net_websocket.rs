//! WebSocket clients of the server (as a web page is): the same protocol,
//! one text message a line, on the server's own port. Whole games with
//! seats on WebSockets, and the server's hardening for them: the line
//! length, the count of unreadable lines and the cap per address.
//! (The wire proof for a WebSocket seat of Strategy Chess is in
//! `net_hidden_wire.rs`.)

mod net_support;

use futures_util::{SinkExt, StreamExt};
use game_core::Seat;
use headless::net::bot::{Bot, BotConfig, BotTable, chooser_for_level};
use headless::net::server::{ServerConfig, start};
use headless::net::wire_tap::WireTap;
use headless::protocol::{
    ClientMessage, ErrorKind, MAX_LINE, PROTOCOL_VERSION, ServerMessage, decode_server, encode,
};
use net_support::{test_config, test_server};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::{Bytes, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Runs `body` on a small runtime of its own.
fn run<F: std::future::Future>(body: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(body)
}

async fn connect(addr: SocketAddr) -> Ws {
    tokio_tungstenite::connect_async(format!("ws://{addr}/")).await.expect("the WebSocket opens").0
}

async fn send(ws: &mut Ws, message: &ClientMessage) {
    ws.send(Message::text(encode(message).unwrap())).await.expect("send");
}

/// The next protocol message, or `None` once the server closed.
async fn recv(ws: &mut Ws) -> Option<ServerMessage> {
    loop {
        let next = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a reply in time");
        match next {
            Some(Ok(Message::Text(text))) => return Some(decode_server(text.as_str()).expect("a message")),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
            Some(Ok(_)) => {}
        }
    }
}

async fn hello(addr: SocketAddr) -> Ws {
    let mut ws = connect(addr).await;
    send(&mut ws, &ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "test".into() }).await;
    assert!(matches!(recv(&mut ws).await, Some(ServerMessage::Welcome { protocol: PROTOCOL_VERSION, .. })));
    ws
}

#[test]
fn a_stones_game_plays_to_its_end_with_both_seats_on_websockets() {
    let server = test_server();
    let (first_tap, second_tap) =
        (WireTap::start_websocket(server.addr()).unwrap(), WireTap::start_websocket(server.addr()).unwrap());
    let config = |seed| BotConfig { seed, timeout: Duration::from_secs(60), ..BotConfig::default() };
    let rules = stones::StonesRules::default();
    let creator = Bot::<stones::Stones>::connect(
        &first_tap.addr().to_string(),
        BotTable::Create { rules, seat: None },
        config(1),
    )
    .expect("the creator is seated over a WebSocket");
    let code = creator.code().to_string();
    let joiner_addr = second_tap.addr().to_string();
    let joiner = std::thread::spawn(move || {
        let joiner = Bot::<stones::Stones>::connect(&joiner_addr, BotTable::Join { code }, config(2))?;
        joiner.play(chooser_for_level::<stones::Stones>(2).as_mut())
    });
    let created =
        creator.play(chooser_for_level::<stones::Stones>(2).as_mut()).expect("the creator's game ends");
    let joined = joiner.join().unwrap().expect("the joiner's game ends");
    assert_eq!((created.seat, joined.seat), (Seat::FIRST, Seat::SECOND));
    assert_eq!(created.outcome, joined.outcome, "both seats saw the same result");
    assert_eq!(created.plies, joined.plies);
    assert!(created.plies > 10, "a whole game: {} plies", created.plies);
    assert_eq!(created.moves_played + joined.moves_played, created.plies, "every move confirmed");
    assert!(created.refusals.is_empty() && joined.refusals.is_empty());
    let sent = String::from_utf8(first_tap.finish()).unwrap();
    assert!(sent.lines().all(|line| decode_server(line).is_ok()), "every message is one protocol line");
    assert!(sent.lines().any(|line| line.contains("\"game_over\"")), "the end reached the WebSocket");
    assert_eq!(server.stats().games_finished, 1);
    server.stop();
}

#[test]
fn a_line_client_and_a_websocket_client_meet_at_one_game() {
    let server = test_server();
    run(async {
        let mut page = hello(server.addr()).await;
        send(&mut page, &ClientMessage::Ping { nonce: 7 }).await;
        assert_eq!(recv(&mut page).await, Some(ServerMessage::Pong { nonce: 7 }));
        let create =
            ClientMessage::Create { game: "stones".into(), rules: serde_json::json!({}), seat: None };
        send(&mut page, &create).await;
        let Some(ServerMessage::Seated { code, seat: Seat::FIRST, .. }) = recv(&mut page).await else {
            panic!("the page is seated")
        };
        let addr = server.addr();
        let program = tokio::task::spawn_blocking(move || {
            let mut raw = net_support::Raw::hello(addr);
            raw.send(&ClientMessage::Join { code });
            raw
        })
        .await
        .unwrap();
        // The page hears of its opponent and gets its first view.
        let mut heard = Vec::new();
        while let Some(message) = recv(&mut page).await {
            let view = matches!(message, ServerMessage::View { .. });
            heard.push(message);
            if view {
                break;
            }
        }
        assert!(heard.contains(&ServerMessage::OpponentJoined { seat: Seat::SECOND }), "{heard:?}");
        drop(program);
    });
    server.stop();
}

#[test]
fn a_too_long_message_gets_its_error_and_the_close() {
    let server = test_server();
    run(async {
        let mut ws = hello(server.addr()).await;
        ws.send(Message::text("x".repeat(MAX_LINE + 1))).await.expect("send");
        match recv(&mut ws).await {
            Some(ServerMessage::Error { kind: ErrorKind::LineTooLong, .. }) => {}
            other => panic!("expected line_too_long, got {other:?}"),
        }
        assert_eq!(recv(&mut ws).await, None, "then the server closes");
    });
    // The server is still up for others.
    run(async { drop(hello(server.addr()).await) });
    server.stop();
}

#[test]
fn unreadable_messages_are_counted_and_too_many_drop_the_client() {
    let server = test_server();
    run(async {
        let mut ws = hello(server.addr()).await;
        for i in 0..17 {
            // Text that is no message, and binary that is not UTF-8, in turn.
            let garbage = if i % 2 == 0 {
                Message::text("{\"type\":\"sideways\"}")
            } else {
                Message::Binary(Bytes::from_static(&[0xff, 0xfe, 0x00]))
            };
            ws.send(garbage).await.expect("send");
            match recv(&mut ws).await {
                Some(ServerMessage::Error { kind: ErrorKind::Protocol, reason }) => {
                    assert_eq!(reason.contains("too many unreadable lines"), i == 16, "{i}: {reason}");
                }
                other => panic!("{i}: expected a protocol error, got {other:?}"),
            }
        }
        assert_eq!(recv(&mut ws).await, None, "dropped after 16 unreadable lines");
    });
    server.stop();
}

#[test]
fn the_cap_per_address_holds_for_websockets() {
    let server = start(ServerConfig { max_per_address: 2, ..test_config() }).unwrap();
    run(async {
        let first = hello(server.addr()).await;
        let second = hello(server.addr()).await;
        let mut third = connect(server.addr()).await;
        match recv(&mut third).await {
            Some(ServerMessage::Refused { reason }) => assert!(reason.contains("address"), "{reason}"),
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert_eq!(recv(&mut third).await, None, "and the close");
        drop((first, second));
    });
    server.stop();
}

#[test]
fn a_plain_http_request_is_told_what_the_port_serves() {
    use std::io::{Read, Write};
    let server = test_server();
    let mut browser = std::net::TcpStream::connect(server.addr()).unwrap();
    browser.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    browser.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n\r\n").unwrap();
    let mut answer = String::new();
    browser.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 426 Upgrade Required\r\n"), "{answer}");
    assert!(answer.ends_with("play from the boardsuite program or from its web page.\n"), "{answer}");
    // A line client is served as ever.
    let mut raw = net_support::Raw::hello(server.addr());
    raw.send(&ClientMessage::Ping { nonce: 3 });
    assert_eq!(raw.recv(), ServerMessage::Pong { nonce: 3 });
    server.stop();
}

#[test]
fn a_websocket_that_stops_reading_is_dropped() {
    let server = test_server();
    run(async {
        let mut ws = hello(server.addr()).await;
        // Pings, and never a look at the pongs: the server's writes stall
        // and test_config's write timeout (2 s) drops the client.
        let flood = async {
            for nonce in 0u64.. {
                let ping = encode(&ClientMessage::Ping { nonce }).unwrap();
                if ws.feed(Message::text(ping)).await.is_err()
                    || (nonce % 1000 == 0 && ws.flush().await.is_err())
                {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(20), flood).await;
    });
    assert!(server.stats().dropped >= 1, "{:?}", server.stats());
    // The server is still up for others.
    run(async { drop(hello(server.addr()).await) });
    server.stop();
}

#[test]
fn a_websocket_that_never_says_hello_is_closed() {
    let server = test_server();
    run(async {
        let mut ws = connect(server.addr()).await;
        // test_config gives a second to say hello.
        assert_eq!(recv(&mut ws).await, None);
    });
    server.stop();
}
