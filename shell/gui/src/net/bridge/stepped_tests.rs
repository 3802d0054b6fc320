//! The bridge stepped by a clock, as a web page steps it, over fake
//! connections: seated and ready, then a lost connection taken back on
//! the reconnect timetable, or given up after [`RECONNECT_FOR`].

use super::reconnect::{ANSWER_WITHIN, RECONNECT_EVERY, RECONNECT_FOR};
use super::running::{Running, Step};
use super::{BridgeEvent, NetCommand, SeatRequest};
use crate::clock::Instant;
use crate::net::connection::Connection;
use crate::play::remote::{RemoteEvent, RemoteLink};
use crate::wake::no_wake;
use game_core::rng::seeded;
use game_core::{Game, Observe, Seat};
use headless::net::client::ClientEvent;
use headless::protocol::{ClientMessage, ServerMessage};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use stones::{Stones, StonesRules};

/// The fake network: every connection dialled, what each was sent and
/// what each will hand out.
#[derive(Default)]
struct Net {
    dialled: Vec<Instant>,
    sent: Vec<Vec<ClientMessage>>,
    events: Vec<VecDeque<ClientEvent>>,
}

type Shared = Arc<Mutex<Net>>;

struct FakeConnection {
    net: Shared,
    index: usize,
}

impl Connection for FakeConnection {
    fn send(&mut self, message: ClientMessage) -> bool {
        self.net.lock().unwrap().sent[self.index].push(message);
        true
    }
    fn next_event(&mut self, _wait: Duration) -> Option<ClientEvent> {
        self.net.lock().unwrap().events[self.index].pop_front()
    }
    fn close(&mut self) {}
}

struct Rig {
    net: Shared,
    running: Running<Stones, FakeConnection>,
    lobby: Receiver<BridgeEvent<Stones>>,
    /// The lobby's commands (none; kept so the bridge knows the lobby is there).
    _commands: Sender<NetCommand>,
    /// The clock the bridge is handed, which the dialler reads too.
    start: Instant,
    clock: Arc<Mutex<Instant>>,
}

impl Rig {
    fn new() -> Self {
        let net = Shared::default();
        let (events, lobby) = channel();
        let (commands, command_rx) = channel();
        let start = Instant::now();
        let dialler = Arc::clone(&net);
        let clock = Arc::new(Mutex::new(start));
        let dial_clock = Arc::clone(&clock);
        let dial = Box::new(move |_addr: &str| {
            let mut net = dialler.lock().unwrap();
            let at = *dial_clock.lock().unwrap();
            net.dialled.push(at);
            net.sent.push(Vec::new());
            net.events.push(VecDeque::new());
            FakeConnection { net: Arc::clone(&dialler), index: net.dialled.len() - 1 }
        });
        let running = Running::new(
            "fake:1",
            dial,
            SeatRequest::Join { code: "ABC234".into() },
            None,
            seeded(1),
            events,
            command_rx,
            no_wake(),
        );
        Rig { net, running, lobby, _commands: commands, start, clock }
    }

    /// Queues `event` on connection `index`.
    fn server(&self, index: usize, event: ClientEvent) {
        self.net.lock().unwrap().events[index].push_back(event);
    }

    /// Steps until the bridge is idle, at `seconds`.
    fn at(&mut self, seconds: f64) -> Step {
        let now = self.start + Duration::from_secs_f64(seconds);
        *self.clock.lock().unwrap() = now;
        loop {
            match self.running.step(now, Duration::ZERO) {
                Step::Busy => {}
                other => return other,
            }
        }
    }

    /// When each connection was dialled, in seconds after the start.
    fn dialled(&self) -> Vec<f64> {
        self.net.lock().unwrap().dialled.iter().map(|d| (*d - self.start).as_secs_f64()).collect()
    }

    /// Seats the bridge on connection 0 and returns the play screen's link.
    fn ready(&mut self) -> RemoteLink<Stones> {
        let view = Stones::start(&StonesRules::default(), &[]).unwrap().view(Seat::SECOND);
        self.server(0, ClientEvent::Connected { server: "serve".into() });
        self.server(0, seated());
        self.server(0, view_message(&view));
        assert_eq!(self.at(0.0), Step::Idle);
        loop {
            match self.lobby.try_recv().expect("the lobby hears the seat and the start") {
                BridgeEvent::Ready(link) => return link,
                BridgeEvent::Seated { seat, .. } => assert_eq!(seat, Seat::SECOND),
                other => panic!("unexpected {other:?}"),
            }
        }
    }
}

fn seated() -> ClientEvent {
    ClientEvent::Message(ServerMessage::Seated {
        game: "stones".into(),
        code: "ABC234".into(),
        seat: Seat::SECOND,
        token: "secret".into(),
        rules: serde_json::Value::Null,
        setup_required: false,
    })
}

fn view_message(view: &<Stones as Observe>::View) -> ClientEvent {
    ClientEvent::Message(ServerMessage::View {
        ply: 0,
        to_move: Seat::FIRST,
        view: serde_json::to_value(view).unwrap(),
        history_from: None,
        outcome: None,
    })
}

/// The events the play screen got, notices in words.
fn screen_heard(link: &RemoteLink<Stones>) -> Vec<String> {
    link.incoming
        .try_iter()
        .map(|event| match event {
            RemoteEvent::Notice(text) => text,
            RemoteEvent::Update { played: None, .. } => "update".into(),
            RemoteEvent::Closed { reason } => format!("closed: {reason}"),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn a_lost_seat_is_taken_back_on_the_reconnect_timetable() {
    let mut rig = Rig::new();
    let link = rig.ready();
    assert_eq!(rig.net.lock().unwrap().sent[0], [ClientMessage::Join { code: "ABC234".into() }]);
    rig.server(0, ClientEvent::Closed { reason: "the server closed the connection".into() });
    assert_eq!(rig.at(10.0), Step::Idle);
    assert_eq!(rig.dialled(), [0.0, 10.0], "the first attempt at once");
    assert_eq!(
        rig.net.lock().unwrap().sent[1],
        [ClientMessage::Reconnect { code: "ABC234".into(), token: "secret".into() }]
    );
    // No answer within ANSWER_WITHIN: the next attempt RECONNECT_EVERY later.
    let gave_up_at = 10.0 + ANSWER_WITHIN.as_secs_f64();
    assert_eq!(rig.at(gave_up_at - 0.1), Step::Idle);
    assert_eq!(rig.at(gave_up_at), Step::Idle);
    assert_eq!(rig.at(gave_up_at + RECONNECT_EVERY.as_secs_f64() - 0.1), Step::Idle);
    assert_eq!(rig.dialled().len(), 2, "no attempt before its time");
    let second = gave_up_at + RECONNECT_EVERY.as_secs_f64();
    assert_eq!(rig.at(second), Step::Idle);
    assert_eq!(rig.dialled(), [0.0, 10.0, second]);
    // The welcome, then the seat and the view again.
    rig.server(2, ClientEvent::Connected { server: "serve".into() });
    rig.server(2, seated());
    let view = Stones::start(&StonesRules::default(), &[]).unwrap().view(Seat::SECOND);
    rig.server(2, view_message(&view));
    assert_eq!(rig.at(second + 1.0), Step::Idle);
    assert_eq!(
        screen_heard(&link),
        ["Connection lost (the server closed the connection); reconnecting…", "Reconnected", "update"]
    );
}

#[test]
fn a_seat_not_back_within_its_time_is_given_up() {
    let mut rig = Rig::new();
    let link = rig.ready();
    rig.server(0, ClientEvent::Closed { reason: "connection lost: reset".into() });
    let mut t = 1.0;
    let mut ended_at = None;
    while t < 100.0 && ended_at.is_none() {
        // Every attempt finds nobody.
        let dialled = rig.dialled().len();
        if let Some(last) = dialled.checked_sub(1).filter(|&i| i > 0) {
            rig.server(last, ClientEvent::Closed { reason: "cannot connect".into() });
        }
        if rig.at(t) == Step::Ended {
            ended_at = Some(t);
        }
        t += 0.25;
    }
    let ended_at = ended_at.expect("the bridge gives up");
    let limit = 1.0 + RECONNECT_FOR.as_secs_f64();
    assert!((limit..limit + 3.0).contains(&ended_at), "gave up at {ended_at} s");
    let dialled = rig.dialled();
    assert!(dialled.len() > 20, "an attempt every few seconds: {dialled:?}");
    for pair in dialled[1..].windows(2) {
        assert!(pair[1] - pair[0] >= RECONNECT_EVERY.as_secs_f64(), "{dialled:?}");
    }
    let heard = screen_heard(&link);
    assert_eq!(heard.last().map(String::as_str), Some("closed: connection lost: reset"), "{heard:?}");
    assert!(
        matches!(rig.lobby.try_recv(), Ok(BridgeEvent::Failed(reason)) if reason == "connection lost: reset")
    );
}
