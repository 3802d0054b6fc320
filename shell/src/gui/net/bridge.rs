//! The bridge between the network client and a play screen's
//! [`RemoteLink`]: its own thread, channels on both sides, so the frame
//! loop never waits on the network.
//!
//! [`Bridge::open`] connects, creates or joins a game, sends this seat's
//! setup if the game wants one, and reports [`BridgeEvent::Seated`] (with
//! the game code to give to the opponent) and then
//! [`BridgeEvent::Ready`] with the [`RemoteLink`] for
//! [`Session::remote`](crate::gui::play::session::Session::remote). From
//! then on server messages become [`RemoteEvent`]s (each carrying this
//! seat's fresh view) and the screen's [`LocalEvent`]s become commands.
//! Chat and draw offers go through [`Bridge::send`]; chat lines and offers
//! from the opponent arrive as [`BridgeEvent::Chat`] and
//! [`BridgeEvent::DrawOffered`] (and as a notice on the play screen).

use crate::gui::play::remote::{LocalEvent, RemoteEvent, RemoteLink, RemoteMove};
use crate::net::client::{Client, ClientConfig, ClientEvent};
use crate::net::protocol::{ClientMessage, ServerMessage};
use game_core::rng::{GameRng, seeded};
use game_core::{Observe, Seat};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
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

/// Commands of the network pane beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetCommand {
    /// A chat line for the opponent.
    Chat(String),
    /// Offer a draw.
    OfferDraw,
    /// Accept the opponent's offer.
    AcceptDraw,
}

/// What the bridge reports to the screen that opened it.
pub enum BridgeEvent<G: Observe> {
    /// Seated: the code to give the opponent, and the seat.
    Seated {
        /// The game code.
        code: String,
        /// This computer's seat.
        seat: Seat,
    },
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
    /// The connection failed or closed before the game started, or the
    /// server refused us.
    Failed(String),
}

impl<G: Observe> std::fmt::Debug for BridgeEvent<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BridgeEvent::Seated { code, seat } => write!(f, "Seated({code}, {seat})"),
            BridgeEvent::Ready(link) => write!(f, "Ready({})", link.seat),
            BridgeEvent::Chat { from, text } => write!(f, "Chat({from}: {text})"),
            BridgeEvent::DrawOffered => f.write_str("DrawOffered"),
            BridgeEvent::Failed(reason) => write!(f, "Failed({reason})"),
        }
    }
}

/// A running bridge. Dropping it closes the connection.
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
    /// setup phase; `seed` drives the samples used to write and read move
    /// notation (never the moves themselves).
    pub fn open(addr: &str, request: SeatRequest, setup: Option<G::Setup>, seed: u64) -> Bridge<G> {
        Self::open_keeping(addr, request, setup, seed, Box::new(()))
    }

    /// [`Bridge::open`], with `keep` held by the bridge thread until it
    /// ends (the host's server: it runs as long as this seat plays).
    pub fn open_keeping(
        addr: &str,
        request: SeatRequest,
        setup: Option<G::Setup>,
        seed: u64,
        keep: Box<dyn Send>,
    ) -> Bridge<G> {
        let (event_tx, events) = channel();
        let (commands, command_rx) = channel();
        let client = Client::connect(addr, ClientConfig::default());
        let failed = event_tx.clone();
        let spawned = std::thread::Builder::new().name("gui-net-bridge".into()).spawn(move || {
            let mut bridge = Running::<G> {
                client,
                events: event_tx,
                commands: command_rx,
                rng: seeded(seed),
                seat: None,
                setup,
                link: None,
                history: Vec::new(),
                view: None,
                pending: None,
            };
            bridge.run(request);
            drop(bridge);
            drop(keep);
        });
        if let Err(e) = spawned {
            let _ = failed.send(BridgeEvent::Failed(format!("cannot start the network thread: {e}")));
        }
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

    /// Queues a chat line or a draw command. Never blocks.
    pub fn send(&self, command: NetCommand) -> bool {
        self.commands.send(command).is_ok()
    }
}

/// The bridge's ends of a play screen's link.
type ScreenEnds<G> = (Sender<RemoteEvent<G>>, Receiver<LocalEvent<<G as game_core::Game>::Move>>);

/// The bridge thread's state.
struct Running<G: Observe> {
    client: Client,
    events: Sender<BridgeEvent<G>>,
    commands: Receiver<NetCommand>,
    rng: GameRng,
    seat: Option<Seat>,
    setup: Option<G::Setup>,
    /// The screen's side of the link, while it is open.
    link: Option<ScreenEnds<G>>,
    /// Moves seen before the game started (after a rejoin).
    history: Vec<RemoteMove<G::Move>>,
    view: Option<G::View>,
    /// A move announced, waiting for the view that follows it.
    pending: Option<RemoteMove<G::Move>>,
}

/// How often the bridge looks at the screen's side when the server is
/// quiet.
const TICK: Duration = Duration::from_millis(15);

impl<G: Observe> Running<G> {
    fn run(&mut self, request: SeatRequest) {
        let message = match request {
            SeatRequest::Create { rules } => {
                ClientMessage::Create { game: G::NAME.to_string(), rules, seat: None }
            }
            SeatRequest::Join { code } => ClientMessage::Join { code },
        };
        self.client.send(message);
        loop {
            match self.client.next_event(TICK) {
                Some(ClientEvent::Message(message)) => self.on_message(message),
                Some(ClientEvent::Connected { .. }) => {}
                Some(ClientEvent::Closed { reason }) => {
                    self.to_screen(RemoteEvent::Closed { reason: reason.clone() });
                    let _ = self.events.send(BridgeEvent::Failed(reason));
                    return;
                }
                None => {}
            }
            if !self.forward_commands() {
                self.client.close();
                return;
            }
        }
    }

    fn to_screen(&self, event: RemoteEvent<G>) {
        if let Some((tx, _)) = &self.link {
            let _ = tx.send(event);
        }
    }

    /// Forwards the screen's and the pane's commands; false once the
    /// screen has gone.
    fn forward_commands(&mut self) -> bool {
        loop {
            match self.commands.try_recv() {
                Ok(command) => {
                    self.client.send(match command {
                        NetCommand::Chat(text) => ClientMessage::Chat { text },
                        NetCommand::OfferDraw => ClientMessage::OfferDraw,
                        NetCommand::AcceptDraw => ClientMessage::AcceptDraw,
                    });
                }
                // Dropped before the game started: nobody waits for it.
                Err(TryRecvError::Disconnected) if self.link.is_none() => return false,
                Err(_) => break,
            }
        }
        let Some((_, rx)) = &self.link else { return true };
        loop {
            match rx.try_recv() {
                Ok(LocalEvent::Move { ply, mv }) => {
                    let Some(view) = &self.view else { continue };
                    // Notation is public: any position consistent with the
                    // view writes the move the same way.
                    let notation = G::sample(view, &mut self.rng).format_move(mv);
                    self.client.send(ClientMessage::Move { ply, notation });
                }
                Ok(LocalEvent::Resign) => {
                    self.client.send(ClientMessage::Resign);
                }
                Ok(LocalEvent::Leave) | Err(TryRecvError::Disconnected) => return false,
                Err(TryRecvError::Empty) => return true,
            }
        }
    }

    fn on_message(&mut self, message: ServerMessage) {
        match message {
            ServerMessage::Seated { code, seat, setup_required, .. } => {
                self.seat = Some(seat);
                if setup_required && let Some(setup) = self.setup.take() {
                    match serde_json::to_value(setup) {
                        Ok(setup) => {
                            self.client.send(ClientMessage::Setup { setup });
                        }
                        Err(e) => {
                            let _ = self
                                .events
                                .send(BridgeEvent::Failed(format!("the setup cannot be sent: {e}")));
                        }
                    }
                }
                let _ = self.events.send(BridgeEvent::Seated { code, seat });
            }
            ServerMessage::History { moves } => {
                self.history = moves
                    .into_iter()
                    .map(|m| RemoteMove { seat: m.seat, mv: None, notation: m.notation })
                    .collect();
            }
            ServerMessage::MovePlayed { seat, notation, .. } => {
                let mv =
                    self.view.as_ref().and_then(|v| G::sample(v, &mut self.rng).parse_move(&notation).ok());
                self.pending = Some(RemoteMove { seat, mv, notation });
            }
            ServerMessage::View { view, .. } => {
                let view: G::View = match serde_json::from_value(view) {
                    Ok(view) => view,
                    Err(e) => {
                        self.to_screen(RemoteEvent::Notice(format!(
                            "the server sent a view we cannot read: {e}"
                        )));
                        return;
                    }
                };
                self.view = Some(view.clone());
                match (&self.link, self.seat) {
                    (Some(_), _) => {
                        let played = self.pending.take();
                        self.to_screen(RemoteEvent::Update { view, played });
                    }
                    (None, Some(seat)) => {
                        let (to_screen, incoming) = channel();
                        let (outgoing, from_screen) = channel();
                        let history = std::mem::take(&mut self.history);
                        let link = RemoteLink { seat, view, history, incoming, outgoing };
                        self.link = Some((to_screen, from_screen));
                        let _ = self.events.send(BridgeEvent::Ready(link));
                    }
                    (None, None) => {}
                }
            }
            ServerMessage::GameOver { ending, outcome } => {
                if let Some(view) = self.view.clone() {
                    self.to_screen(RemoteEvent::Finished { view, outcome, reason: ending.to_string() });
                }
            }
            ServerMessage::Error { reason, .. } => {
                if self.link.is_some() {
                    self.to_screen(RemoteEvent::Refused { reason });
                } else {
                    let _ = self.events.send(BridgeEvent::Failed(reason));
                }
            }
            ServerMessage::Refused { reason } => {
                let _ = self.events.send(BridgeEvent::Failed(reason));
            }
            ServerMessage::Chat { from, text } => {
                self.to_screen(RemoteEvent::Notice(format!("{from}: {text}")));
                let _ = self.events.send(BridgeEvent::Chat { from, text });
            }
            ServerMessage::DrawOffered { by } => {
                self.to_screen(RemoteEvent::Notice(format!("{by} offers a draw")));
                let _ = self.events.send(BridgeEvent::DrawOffered);
            }
            ServerMessage::OpponentDisconnected { seat, grace_ms } => {
                let secs = grace_ms / 1000;
                self.to_screen(RemoteEvent::Notice(format!(
                    "{seat} lost the connection ({secs} s to come back)"
                )));
            }
            ServerMessage::OpponentReconnected { seat } => {
                self.to_screen(RemoteEvent::Notice(format!("{seat} is back")));
            }
            ServerMessage::OpponentJoined { .. }
            | ServerMessage::SetupAccepted
            | ServerMessage::Welcome { .. }
            | ServerMessage::Pong { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::server::{ServerConfig, start};
    use game_core::{Game, SeatView};
    use stones::Stones;

    const WAIT: Duration = Duration::from_secs(5);

    fn seated<G: Observe>(bridge: &Bridge<G>) -> (String, Seat) {
        match bridge.next_event(WAIT) {
            Some(BridgeEvent::Seated { code, seat }) => (code, seat),
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

    #[test]
    fn two_bridges_play_chat_and_finish_a_game() {
        let server = start(ServerConfig::loopback()).unwrap();
        let addr = server.addr().to_string();
        let host =
            Bridge::<Stones>::open(&addr, SeatRequest::Create { rules: serde_json::Value::Null }, None, 1);
        let (code, seat) = seated(&host);
        assert_eq!(seat, Seat::FIRST);
        let guest = Bridge::<Stones>::open(&addr, SeatRequest::Join { code: code.clone() }, None, 2);
        assert_eq!(seated(&guest), (code, Seat::SECOND));
        let host_link = ready(&host);
        let guest_link = ready(&guest);
        assert_eq!(host_link.view.to_move(), Seat::FIRST);

        // The host moves; both screens get the move and a fresh view.
        let mut rng = seeded(3);
        let mv = Stones::sample(&host_link.view, &mut rng).random_move(&mut rng, &mut Vec::new()).unwrap();
        host_link.outgoing.send(LocalEvent::Move { ply: 0, mv }).unwrap();
        for link in [&host_link, &guest_link] {
            match link.incoming.recv_timeout(WAIT).unwrap() {
                RemoteEvent::Update { played: Some(played), view } => {
                    assert_eq!((played.seat, played.mv), (Seat::FIRST, Some(mv)));
                    assert_eq!(view.seat(), link.seat);
                }
                other => panic!("expected an update, got {other:?}"),
            }
        }
        // A stale move is refused, and the screen hears why.
        host_link.outgoing.send(LocalEvent::Move { ply: 0, mv }).unwrap();
        assert!(matches!(host_link.incoming.recv_timeout(WAIT).unwrap(), RemoteEvent::Refused { .. }));

        // Chat and a draw offer reach the other side.
        guest.send(NetCommand::Chat("good luck".into()));
        match host.next_event(WAIT) {
            Some(BridgeEvent::Chat { from, text }) => {
                assert_eq!((from, text.as_str()), (Seat::SECOND, "good luck"))
            }
            other => panic!("expected chat, got {other:?}"),
        }
        assert!(
            matches!(host_link.incoming.recv_timeout(WAIT).unwrap(), RemoteEvent::Notice(n) if n.contains("good luck"))
        );
        host.send(NetCommand::OfferDraw);
        assert!(matches!(guest.next_event(WAIT), Some(BridgeEvent::DrawOffered)));
        guest.send(NetCommand::AcceptDraw);
        for link in [&host_link, &guest_link] {
            let finished = loop {
                if let RemoteEvent::Finished { outcome, reason, .. } =
                    link.incoming.recv_timeout(WAIT).unwrap()
                {
                    break (outcome, reason);
                }
            };
            assert_eq!(finished, (game_core::Outcome::draw(), "draw agreed".to_string()));
        }
        // Leaving closes the connection; the server notices.
        host_link.outgoing.send(LocalEvent::Leave).unwrap();
        drop(host);
        server.stop();
    }

    #[test]
    fn a_wrong_code_fails_without_blocking() {
        let server = start(ServerConfig::loopback()).unwrap();
        let guest = Bridge::<Stones>::open(
            &server.addr().to_string(),
            SeatRequest::Join { code: "NOSUCH".into() },
            None,
            1,
        );
        match guest.next_event(WAIT) {
            Some(BridgeEvent::Failed(reason)) => assert!(reason.contains("NOSUCH"), "{reason}"),
            other => panic!("expected a failure, got {other:?}"),
        }
        server.stop();
    }
}
