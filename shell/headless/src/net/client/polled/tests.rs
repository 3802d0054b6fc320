//! The polled client against a fake socket: the hello, commands after the
//! welcome, views made whole, pings, the server's close, silence and a
//! socket that never opens.

use super::*;
use crate::protocol::{PROTOCOL_VERSION, ServerMessage};
use game_core::Seat;
use serde_json::json;
use std::cell::RefCell;
use std::rc::Rc;

/// The two ends of a fake socket: what the client sent, what it will
/// receive, and where the socket is.
#[derive(Debug)]
struct Wire {
    state: SocketState,
    sent: Vec<String>,
    incoming: VecDeque<String>,
    closed_by_client: bool,
}

#[derive(Clone, Debug)]
struct FakeSocket(Rc<RefCell<Wire>>);

impl MessageSocket for FakeSocket {
    fn state(&self) -> SocketState {
        self.0.borrow().state.clone()
    }
    fn send(&mut self, text: &str) -> bool {
        let mut wire = self.0.borrow_mut();
        wire.sent.push(text.to_string());
        wire.state == SocketState::Open
    }
    fn receive(&mut self) -> Option<String> {
        self.0.borrow_mut().incoming.pop_front()
    }
    fn close(&mut self) {
        let mut wire = self.0.borrow_mut();
        wire.closed_by_client = true;
        wire.state = SocketState::Closed("closed here".into());
    }
}

impl FakeSocket {
    fn new() -> Self {
        FakeSocket(Rc::new(RefCell::new(Wire {
            state: SocketState::Connecting,
            sent: Vec::new(),
            incoming: VecDeque::new(),
            closed_by_client: false,
        })))
    }
    fn open(&self) {
        self.0.borrow_mut().state = SocketState::Open;
    }
    fn server_says(&self, message: &ServerMessage) {
        self.0.borrow_mut().incoming.push_back(encode(message).unwrap());
    }
    fn take_sent(&self) -> Vec<String> {
        std::mem::take(&mut self.0.borrow_mut().sent)
    }
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn config() -> ClientConfig {
    ClientConfig { program: "page 1".into(), connect_timeout: secs(10), ping_interval: secs(20) }
}

fn welcome() -> ServerMessage {
    ServerMessage::Welcome { protocol: PROTOCOL_VERSION, server: "serve 1".into() }
}

/// A client on an open socket, welcomed at second 1.
fn welcomed() -> (PolledClient<FakeSocket>, FakeSocket) {
    let socket = FakeSocket::new();
    let mut client = PolledClient::new(socket.clone(), "ws://h:1", config(), Duration::ZERO);
    socket.open();
    assert_eq!(client.poll(Duration::ZERO), None);
    socket.server_says(&welcome());
    assert_eq!(client.poll(secs(1)), Some(ClientEvent::Connected { server: "serve 1".into() }));
    socket.take_sent();
    (client, socket)
}

#[test]
fn the_hello_goes_first_and_commands_wait_for_the_welcome() {
    let socket = FakeSocket::new();
    let mut client = PolledClient::new(socket.clone(), "ws://h:1", config(), Duration::ZERO);
    assert!(client.send(ClientMessage::Join { code: "ABC234".into() }));
    assert_eq!(client.poll(Duration::ZERO), None);
    assert!(socket.take_sent().is_empty(), "nothing is sent while the socket opens");
    socket.open();
    assert_eq!(client.poll(Duration::from_millis(100)), None);
    let sent = socket.take_sent();
    assert_eq!(sent.len(), 1, "only the hello before the welcome: {sent:?}");
    assert!(sent[0].contains(r#""type":"hello""#) && sent[0].contains("page 1"), "{}", sent[0]);
    socket.server_says(&welcome());
    assert_eq!(client.poll(secs(1)), Some(ClientEvent::Connected { server: "serve 1".into() }));
    assert_eq!(socket.take_sent(), [r#"{"type":"join","code":"ABC234"}"#]);
}

#[test]
fn views_are_made_whole_from_the_history_already_sent() {
    let (mut client, socket) = welcomed();
    let view = |history: serde_json::Value, from| ServerMessage::View {
        ply: 2,
        to_move: Seat::FIRST,
        view: json!({"seat": 0, "history": history}),
        history_from: from,
        outcome: None,
    };
    socket.server_says(&view(json!(["a", "b"]), None));
    socket.server_says(&view(json!(["c"]), Some(2)));
    let mut histories = Vec::new();
    while let Some(event) = client.poll(secs(2)) {
        match event {
            ClientEvent::Message(ServerMessage::View { view, history_from, .. }) => {
                assert_eq!(history_from, None, "handed on whole");
                histories.push(view["history"].clone());
            }
            other => panic!("expected a view, got {other:?}"),
        }
    }
    assert_eq!(histories, [json!(["a", "b"]), json!(["a", "b", "c"])]);
    // A view that continues a history never received ends the connection.
    socket.server_says(&view(json!(["z"]), Some(9)));
    assert!(
        matches!(client.poll(secs(3)), Some(ClientEvent::Closed { reason }) if reason.contains("event 9"))
    );
    assert!(socket.0.borrow().closed_by_client);
}

#[test]
fn a_quiet_client_pings_and_a_silent_server_is_left() {
    let (mut client, socket) = welcomed();
    assert_eq!(client.poll(secs(20)), None);
    assert!(socket.take_sent().is_empty(), "19 s after the welcome: no ping yet");
    assert_eq!(client.poll(secs(21)), None);
    assert_eq!(socket.take_sent(), [r#"{"type":"ping","nonce":1}"#]);
    // A command puts the next ping off.
    client.send(ClientMessage::Resign);
    assert_eq!(client.poll(secs(30)), None);
    assert_eq!(socket.take_sent(), [r#"{"type":"resign"}"#]);
    assert_eq!(client.poll(secs(49)), None);
    assert!(socket.take_sent().is_empty());
    socket.server_says(&ServerMessage::Pong { nonce: 1 });
    assert_eq!(client.poll(secs(50)), Some(ClientEvent::Message(ServerMessage::Pong { nonce: 1 })));
    assert_eq!(socket.take_sent(), [r#"{"type":"ping","nonce":2}"#]);
    // Nothing heard for three ping intervals after the pong: gone.
    assert_eq!(client.poll(secs(109)), None);
    match client.poll(secs(110)) {
        Some(ClientEvent::Closed { reason }) => assert_eq!(reason, "the server stopped answering"),
        other => panic!("expected the end, got {other:?}"),
    }
    assert!(!client.send(ClientMessage::Resign), "nothing is taken once closed");
    assert_eq!(client.poll(secs(200)), None);
}

#[test]
fn the_servers_close_comes_after_its_last_messages() {
    let (mut client, socket) = welcomed();
    socket.server_says(&ServerMessage::Pong { nonce: 7 });
    socket.0.borrow_mut().state = SocketState::Closed("code 1000".into());
    assert_eq!(client.poll(secs(2)), Some(ClientEvent::Message(ServerMessage::Pong { nonce: 7 })));
    assert_eq!(
        client.poll(secs(2)),
        Some(ClientEvent::Closed { reason: "the server closed the connection".into() })
    );
    assert!(client.ended());
}

#[test]
fn a_socket_that_never_opens_or_is_refused_says_why() {
    let socket = FakeSocket::new();
    let mut client = PolledClient::new(socket.clone(), "ws://h:1", config(), Duration::ZERO);
    assert_eq!(client.poll(secs(9)), None);
    match client.poll(secs(10)) {
        Some(ClientEvent::Closed { reason }) => {
            assert!(reason.starts_with("cannot connect to ws://h:1"), "{reason}")
        }
        other => panic!("expected the end, got {other:?}"),
    }

    let socket = FakeSocket::new();
    let mut client = PolledClient::new(socket.clone(), "ws://h:1", config(), Duration::ZERO);
    socket.0.borrow_mut().state = SocketState::Closed("the browser could not connect".into());
    match client.poll(secs(1)) {
        Some(ClientEvent::Closed { reason }) => {
            assert_eq!(reason, "cannot connect to ws://h:1: the browser could not connect")
        }
        other => panic!("expected the end, got {other:?}"),
    }

    let socket = FakeSocket::new();
    let mut client = PolledClient::new(socket.clone(), "ws://h:1", config(), Duration::ZERO);
    socket.open();
    socket.server_says(&ServerMessage::Refused { reason: "too many connections".into() });
    match client.poll(secs(1)) {
        Some(ClientEvent::Closed { reason }) => {
            assert_eq!(reason, "the server refused: too many connections")
        }
        other => panic!("expected the end, got {other:?}"),
    }
}
