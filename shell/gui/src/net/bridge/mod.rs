//! The bridge between the network client and a play screen's
//! [`RemoteLink`]: channels on both sides, so the frame loop never waits
//! on the network. On the desktop the bridge runs on its own thread; in a
//! web page, which has no threads, the frame loop steps it each frame
//! (`net::pump`). Both drive the same [`running::Running`].
//!
//! [`Bridge::open`] connects, creates or joins a game, sends this seat's
//! setup if the game wants one, and reports [`BridgeEvent::Seated`] (with
//! the game code to give to the opponent, and whether a setup is still
//! wanted: a player who joins learns the army only now, and sends the
//! setup later with [`NetCommand::Setup`]), then [`BridgeEvent::Ready`]
//! with the [`RemoteLink`] for
//! [`Session::remote`](crate::play::session::Session::remote). From
//! then on server messages become [`RemoteEvent`]s (each carrying this
//! seat's fresh view) and the screen's [`LocalEvent`]s become commands.
//!
//! Every event for the window is followed by a call of the bridge's
//! [`Wake`], so a sleeping window draws the opponent's move at once.
//!
//! A seat that loses its connection in the middle of a game comes back by
//! itself: the bridge reconnects with the seat's token for as long as the
//! server keeps the seat (its grace period), and the server resends the
//! view (the `reconnect` module).
//!
//! The bridge keeps a [`SeatLog`](headless::record::SeatLog) of what the seat was sent (its own
//! setup, the moves in public notation, the result): the screen saves it.

mod reconnect;
pub mod running;

use crate::play::remote::RemoteLink;
#[cfg(doc)]
use crate::play::remote::{LocalEvent, RemoteEvent};
use crate::wake::Wake;
use game_core::rng::seeded;
use game_core::{Observe, Seat};
use running::Running;
pub use running::finish_of;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// How a bridge takes its seat.
#[derive(Clone, Debug)]
pub enum SeatRequest {
    /// Opens a game with these rules (JSON; `null` for the defaults).
    Create {
        /// The rules.
        rules: serde_json::Value,
    },
    /// Joins the game with this code.
    Join {
        /// The game code.
        code: String,
    },
}

/// Commands for the bridge before the game starts (in the game, the play
/// screen's [`LocalEvent`]s carry chat and draw offers).
#[derive(Clone, Debug, PartialEq)]
pub enum NetCommand {
    /// This seat's setup, as the game's JSON (when it was not known at
    /// [`Bridge::open`]).
    Setup(serde_json::Value),
    /// A chat line for the opponent.
    Chat(String),
    /// Offer a draw.
    OfferDraw,
    /// Accept the opponent's offer.
    AcceptDraw,
}

/// What the bridge reports to the screen that opened it.
pub enum BridgeEvent<G: Observe> {
    /// Seated: the code to give the opponent, the seat, the rules of the
    /// game, and whether the server still waits for this seat's setup.
    Seated {
        /// The game code.
        code: String,
        /// This computer's seat.
        seat: Seat,
        /// The rules (the game's JSON).
        rules: serde_json::Value,
        /// Whether a setup must still be sent ([`NetCommand::Setup`]).
        setup_wanted: bool,
    },
    /// The opponent sat down.
    OpponentJoined,
    /// The game started: hand this to `Session::remote`.
    Ready(RemoteLink<G>),
    /// A chat line from the opponent.
    Chat {
        /// Who wrote it.
        from: Seat,
        /// The text.
        text: String,
    },
    /// The opponent offers a draw.
    DrawOffered,
    /// The server refused something before the game started (a setup);
    /// the bridge goes on.
    Refused(String),
    /// The connection failed or closed before the game started, or the
    /// server refused us.
    Failed(String),
}

impl<G: Observe> std::fmt::Debug for BridgeEvent<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BridgeEvent::Seated { code, seat, setup_wanted, .. } => {
                write!(f, "Seated({code}, {seat}, setup wanted: {setup_wanted})")
            }
            BridgeEvent::OpponentJoined => f.write_str("OpponentJoined"),
            BridgeEvent::Ready(link) => write!(f, "Ready({})", link.seat),
            BridgeEvent::Chat { from, text } => write!(f, "Chat({from}: {text})"),
            BridgeEvent::DrawOffered => f.write_str("DrawOffered"),
            BridgeEvent::Refused(reason) => write!(f, "Refused({reason})"),
            BridgeEvent::Failed(reason) => write!(f, "Failed({reason})"),
        }
    }
}

/// A running bridge. Dropping it before the game starts closes the
/// connection; once the game started, the play screen's link keeps it.
pub struct Bridge<G: Observe> {
    events: Receiver<BridgeEvent<G>>,
    commands: Sender<NetCommand>,
}

impl<G: Observe> std::fmt::Debug for Bridge<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Bridge")
    }
}

impl<G: Observe> Bridge<G> {
    /// Starts a bridge to the server at `addr` on its own thread and
    /// returns at once. `setup` is this seat's setup, for games with a
    /// setup phase, if already made; `seed` drives the samples used to
    /// write and read move notation (never the moves themselves); `wake`
    /// is called after every event.
    pub fn open(
        addr: &str,
        request: SeatRequest,
        setup: Option<G::Setup>,
        seed: u64,
        wake: Wake,
    ) -> Bridge<G> {
        Self::open_keeping(addr, request, setup, seed, wake, Box::new(()))
    }

    /// [`Bridge::open`], with `keep` held by the bridge thread until it
    /// ends (the host's server: it runs as long as this seat plays).
    pub fn open_keeping(
        addr: &str,
        request: SeatRequest,
        setup: Option<G::Setup>,
        seed: u64,
        wake: Wake,
        keep: Box<dyn Send>,
    ) -> Bridge<G> {
        let (event_tx, events) = channel();
        let (commands, command_rx) = channel();
        let setup = setup.and_then(|s| serde_json::to_value(s).ok());
        let running = Running::<G, _>::new(
            addr,
            connections(),
            request,
            setup,
            seeded(seed),
            event_tx,
            command_rx,
            wake,
        );
        run(running, keep);
        Bridge { events, commands }
    }

    /// The next event, if one is waiting. Never blocks.
    pub fn try_event(&self) -> Option<BridgeEvent<G>> {
        self.events.try_recv().ok()
    }

    /// Waits up to `timeout` for the next event (for tests).
    pub fn next_event(&self, timeout: Duration) -> Option<BridgeEvent<G>> {
        self.events.recv_timeout(timeout).ok()
    }

    /// Queues a command. Never blocks.
    pub fn send(&self, command: NetCommand) -> bool {
        self.commands.send(command).is_ok()
    }
}

/// How often the bridge thread looks at the screen's side when the
/// server is quiet.
#[cfg(not(target_arch = "wasm32"))]
const TICK: Duration = Duration::from_millis(15);

/// The desktop's connections: the threaded client over TCP.
#[cfg(not(target_arch = "wasm32"))]
fn connections() -> crate::net::connection::Dial<headless::net::client::Client> {
    crate::net::connection::dial_tcp()
}

/// A page's connections: the browser's WebSocket, polled.
#[cfg(target_arch = "wasm32")]
fn connections() -> crate::net::connection::Dial<crate::net::page_client::PageClient> {
    crate::net::page_client::dial_websocket()
}

/// Runs the bridge on its own thread until it ends, then drops `keep`.
#[cfg(not(target_arch = "wasm32"))]
fn run<G: Observe, C: crate::net::connection::Connection + Send + 'static>(
    mut running: Running<G, C>,
    keep: Box<dyn Send>,
) {
    let failed = running.events.clone();
    let failed_wake = std::sync::Arc::clone(&running.wake);
    let spawned = std::thread::Builder::new().name("gui-net-bridge".into()).spawn(move || {
        while running.step(crate::clock::Instant::now(), TICK) != running::Step::Ended {}
        drop(running);
        drop(keep);
    });
    if let Err(e) = spawned {
        let _ = failed.send(BridgeEvent::Failed(format!("cannot start the network thread: {e}")));
        failed_wake();
    }
}

/// Steps the bridge in every frame (see [`crate::net::pump`]) until it
/// ends, then drops `keep`.
#[cfg(target_arch = "wasm32")]
fn run<G: Observe, C: crate::net::connection::Connection + 'static>(
    mut running: Running<G, C>,
    keep: Box<dyn Send>,
) {
    /// The most steps in one frame: every message that arrived, and then some.
    const STEPS_A_FRAME: usize = 256;
    crate::net::pump::spawn(move || {
        let _keep = &keep;
        for _ in 0..STEPS_A_FRAME {
            match running.step(crate::clock::Instant::now(), Duration::ZERO) {
                running::Step::Busy => {}
                running::Step::Idle => return true,
                running::Step::Ended => return false,
            }
        }
        true
    });
}

#[cfg(test)]
mod stepped_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::remote::{LocalEvent, RemoteEvent};
    use crate::wake::no_wake;
    use game_core::{Finish, Game, SeatView};
    use headless::net::server::{ServerConfig, start};
    use headless::protocol::Ending;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use stones::Stones;

    const WAIT: Duration = Duration::from_secs(5);

    fn seated<G: Observe>(bridge: &Bridge<G>) -> (String, Seat) {
        match bridge.next_event(WAIT) {
            Some(BridgeEvent::Seated { code, seat, .. }) => (code, seat),
            other => panic!("expected seated, got {other:?}"),
        }
    }

    fn ready<G: Observe>(bridge: &Bridge<G>) -> RemoteLink<G> {
        loop {
            match bridge.next_event(WAIT) {
                Some(BridgeEvent::Ready(link)) => return link,
                Some(BridgeEvent::Failed(reason)) => panic!("not ready: {reason}"),
                None => panic!("no ready event"),
                Some(_) => {}
            }
        }
    }

    /// The next event on a link that is not a plain notice.
    fn next<G: Observe>(link: &RemoteLink<G>) -> RemoteEvent<G> {
        loop {
            match link.incoming.recv_timeout(WAIT).expect("an event") {
                RemoteEvent::Notice(_) => {}
                other => return other,
            }
        }
    }

    #[test]
    fn two_bridges_play_chat_and_finish_a_game() {
        let server = start(ServerConfig::loopback()).unwrap();
        let addr = server.addr().to_string();
        let wakes = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&wakes);
        let wake: Wake = Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let host = Bridge::<Stones>::open(
            &addr,
            SeatRequest::Create { rules: serde_json::Value::Null },
            None,
            1,
            wake,
        );
        let (code, seat) = seated(&host);
        assert_eq!(seat, Seat::FIRST);
        let guest =
            Bridge::<Stones>::open(&addr, SeatRequest::Join { code: code.clone() }, None, 2, no_wake());
        assert_eq!(seated(&guest), (code, Seat::SECOND));
        let host_link = ready(&host);
        let guest_link = ready(&guest);
        assert_eq!(host_link.view.to_move(), Seat::FIRST);

        // The host moves; both screens get the move and a fresh view.
        let mut rng = seeded(3);
        let mv = Stones::sample(&host_link.view, &mut rng).random_move(&mut rng, &mut Vec::new()).unwrap();
        host_link.outgoing.send(LocalEvent::Move { ply: 0, mv }).unwrap();
        for link in [&host_link, &guest_link] {
            match next(link) {
                RemoteEvent::Update { played: Some(played), view } => {
                    assert_eq!((played.seat, played.mv), (Seat::FIRST, Some(mv)));
                    assert_eq!(view.seat(), link.seat);
                }
                other => panic!("expected an update, got {other:?}"),
            }
        }
        // A stale move is refused, and the screen hears it was a move.
        host_link.outgoing.send(LocalEvent::Move { ply: 0, mv }).unwrap();
        assert!(matches!(next(&host_link), RemoteEvent::Refused { was_move: true, .. }));

        // Chat and a draw offer reach the other side.
        guest_link.outgoing.send(LocalEvent::Chat("good luck".into())).unwrap();
        match next(&host_link) {
            RemoteEvent::Chat { from, text } => {
                assert_eq!((from, text.as_str()), (Seat::SECOND, "good luck"))
            }
            other => panic!("expected chat, got {other:?}"),
        }
        host_link.outgoing.send(LocalEvent::OfferDraw).unwrap();
        assert!(matches!(next(&guest_link), RemoteEvent::DrawOffered { by: Seat::FIRST }));
        guest_link.outgoing.send(LocalEvent::AcceptDraw).unwrap();
        for link in [&host_link, &guest_link] {
            match next(link) {
                RemoteEvent::Finished { outcome, finish, .. } => {
                    assert_eq!((outcome, finish), (game_core::Outcome::draw(), Finish::DrawAgreed))
                }
                other => panic!("expected the end, got {other:?}"),
            }
        }
        // The guest's log holds what it saw: the move and the result.
        let record = guest_link.log.lock().unwrap().record().unwrap();
        assert_eq!(record.kind, headless::record::RecordKind::Seat(Seat::SECOND));
        assert_eq!(record.moves.len(), 1);
        assert_eq!(record.ending, Some(Ending::DrawAgreed));
        assert!(wakes.load(Ordering::SeqCst) >= 5, "each event wakes the window");
        // Leaving closes the connection.
        host_link.outgoing.send(LocalEvent::Leave).unwrap();
        drop(host);
        server.stop();
    }

    #[test]
    fn a_wrong_code_fails_without_blocking() {
        let server = start(ServerConfig::loopback()).unwrap();
        let addr = server.addr().to_string();
        let guest =
            Bridge::<Stones>::open(&addr, SeatRequest::Join { code: "NOSUCH".into() }, None, 1, no_wake());
        match guest.next_event(WAIT) {
            Some(BridgeEvent::Failed(reason)) => assert!(reason.contains("NOSUCH"), "{reason}"),
            other => panic!("expected a failure, got {other:?}"),
        }
        server.stop();
    }

    #[test]
    fn a_game_of_another_kind_is_refused_by_name() {
        let server = start(ServerConfig::loopback()).unwrap();
        let addr = server.addr().to_string();
        let host = Bridge::<Stones>::open(
            &addr,
            SeatRequest::Create { rules: serde_json::Value::Null },
            None,
            1,
            no_wake(),
        );
        let (code, _) = seated(&host);
        let wrong = Bridge::<blockade::Blockade>::open(&addr, SeatRequest::Join { code }, None, 2, no_wake());
        match wrong.next_event(WAIT) {
            Some(BridgeEvent::Failed(reason)) => assert!(reason.contains("stones"), "{reason}"),
            other => panic!("expected a failure, got {other:?}"),
        }
        server.stop();
    }
}
