//! The bridge between the network client and a play screen's
//! [`RemoteLink`]: its own thread, channels on both sides, so the frame
//! loop never waits on the network.
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
//! view.
//!
//! The bridge keeps a [`SeatLog`] of what the seat was sent (its own
//! setup, the moves in public notation, the result): the screen saves it.

use crate::play::remote::{LocalEvent, RemoteEvent, RemoteLink, RemoteMove, SharedLog};
use crate::wake::Wake;
use game_core::rng::{GameRng, seeded};
use game_core::{Finish, Observe, Outcome, Seat};
use headless::net::client::{Client, ClientConfig, ClientEvent};
use headless::protocol::{ClientMessage, Ending, ErrorKind, ServerMessage};
use headless::record::SeatLog;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
        let client = Client::connect(addr, ClientConfig::default());
        let failed = event_tx.clone();
        let addr = addr.to_string();
        let failed_wake = Arc::clone(&wake);
        let spawned = std::thread::Builder::new().name("gui-net-bridge".into()).spawn(move || {
            let mut bridge = Running::<G> {
                addr,
                client,
                events: event_tx,
                commands: command_rx,
                wake,
                rng: seeded(seed),
                seat: None,
                token: None,
                setup: setup.and_then(|s| serde_json::to_value(s).ok()),
                link: None,
                history: Vec::new(),
                view: None,
                pending: None,
                log: Arc::new(Mutex::new(SeatLog::new())),
                over: false,
            };
            bridge.run(request);
            drop(bridge);
            drop(keep);
        });
        if let Err(e) = spawned {
            let _ = failed.send(BridgeEvent::Failed(format!("cannot start the network thread: {e}")));
            failed_wake();
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

    /// Queues a command. Never blocks.
    pub fn send(&self, command: NetCommand) -> bool {
        self.commands.send(command).is_ok()
    }
}

/// The bridge's ends of a play screen's link.
type ScreenEnds<G> = (Sender<RemoteEvent<G>>, Receiver<LocalEvent<<G as game_core::Game>::Move>>);

/// The bridge thread's state.
struct Running<G: Observe> {
    addr: String,
    client: Client,
    events: Sender<BridgeEvent<G>>,
    commands: Receiver<NetCommand>,
    wake: Wake,
    rng: GameRng,
    seat: Option<Seat>,
    /// The game code and this seat's token, for reconnecting.
    token: Option<(String, String)>,
    /// This seat's setup as JSON, until sent.
    setup: Option<serde_json::Value>,
    /// The screen's side of the link, while it is open.
    link: Option<ScreenEnds<G>>,
    /// Moves seen before the game started (after a rejoin).
    history: Vec<RemoteMove<G::Move>>,
    view: Option<G::View>,
    /// A move announced, waiting for the view that follows it.
    pending: Option<RemoteMove<G::Move>>,
    log: SharedLog,
    /// The game is over (a lost connection then needs no reconnecting).
    over: bool,
}

/// How often the bridge looks at the screen's side when the server is
/// quiet.
const TICK: Duration = Duration::from_millis(15);

/// How long a lost seat tries to reconnect, and how often.
const RECONNECT_FOR: Duration = Duration::from_secs(60);
const RECONNECT_EVERY: Duration = Duration::from_secs(2);

/// The game's ending as game-core names it.
pub fn finish_of(ending: Ending, outcome: Outcome) -> Finish {
    match ending {
        Ending::Rules => Finish::Rules(outcome),
        Ending::Resigned { seat } => Finish::Resigned(seat),
        Ending::DrawAgreed => Finish::DrawAgreed,
        Ending::Abandoned { seat } => Finish::Abandoned(seat),
    }
}

/// Whether a refusal answers a move (rather than a chat line or an offer).
fn refuses_a_move(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::WrongPly
            | ErrorKind::Illegal
            | ErrorKind::NotYourTurn
            | ErrorKind::Notation
            | ErrorKind::GameOver
    )
}

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
                    if self.link.is_some() && !self.over && self.reconnect(&reason) {
                        continue;
                    }
                    self.to_screen(RemoteEvent::Closed { reason: reason.clone() });
                    self.to_lobby(BridgeEvent::Failed(reason));
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

    /// Tries to take the seat back after a lost connection; true once the
    /// new connection is open and asked for the seat.
    fn reconnect(&mut self, reason: &str) -> bool {
        let Some((code, token)) = self.token.clone() else { return false };
        self.to_screen(RemoteEvent::Notice(format!("Connection lost ({reason}); reconnecting…")));
        let until = Instant::now() + RECONNECT_FOR;
        while Instant::now() < until {
            let client = Client::connect(self.addr.clone(), ClientConfig::default());
            client.send(ClientMessage::Reconnect { code: code.clone(), token: token.clone() });
            // The first answer tells whether the seat is ours again.
            let answer = client.next_event(Duration::from_secs(5));
            let answer = match answer {
                Some(ClientEvent::Connected { .. }) => client.next_event(Duration::from_secs(5)),
                other => other,
            };
            match answer {
                Some(ClientEvent::Message(message @ ServerMessage::Seated { .. })) => {
                    self.client = client;
                    self.pending = None;
                    self.to_screen(RemoteEvent::Notice("Reconnected".into()));
                    self.on_message(message);
                    return true;
                }
                Some(ClientEvent::Message(ServerMessage::Error { reason, .. })) => {
                    self.to_screen(RemoteEvent::Notice(format!("Cannot take the seat back: {reason}")));
                    return false;
                }
                _ => {}
            }
            if !self.screen_still_there() {
                return false;
            }
            std::thread::sleep(RECONNECT_EVERY);
        }
        false
    }

    /// Whether the play screen is still there. What it sends meanwhile is
    /// dropped: a move sent while the connection is down is answered by
    /// the view the server resends, and the player moves again.
    fn screen_still_there(&self) -> bool {
        let Some((_, rx)) = &self.link else { return false };
        loop {
            match rx.try_recv() {
                Ok(LocalEvent::Leave) | Err(TryRecvError::Disconnected) => return false,
                Ok(_) => {}
                Err(TryRecvError::Empty) => return true,
            }
        }
    }

    fn to_screen(&self, event: RemoteEvent<G>) {
        if let Some((tx, _)) = &self.link
            && tx.send(event).is_ok()
        {
            (self.wake)();
        }
    }

    fn to_lobby(&self, event: BridgeEvent<G>) {
        if self.events.send(event).is_ok() {
            (self.wake)();
        }
    }

    /// Forwards the lobby's and the screen's commands; false once the
    /// screen has gone.
    fn forward_commands(&mut self) -> bool {
        loop {
            match self.commands.try_recv() {
                Ok(NetCommand::Setup(setup)) => {
                    self.log_lock().own_setup(&setup);
                    self.client.send(ClientMessage::Setup { setup });
                }
                Ok(NetCommand::Chat(text)) => {
                    self.client.send(ClientMessage::Chat { text });
                }
                Ok(NetCommand::OfferDraw) => {
                    self.client.send(ClientMessage::OfferDraw);
                }
                Ok(NetCommand::AcceptDraw) => {
                    self.client.send(ClientMessage::AcceptDraw);
                }
                // Dropped before the game started: nobody waits for it.
                Err(TryRecvError::Disconnected) if self.link.is_none() => return false,
                Err(_) => break,
            }
        }
        let Some((_, rx)) = &self.link else { return true };
        loop {
            let message = match rx.try_recv() {
                Ok(LocalEvent::Move { ply, mv }) => {
                    let Some(view) = &self.view else { continue };
                    // Notation is public: any position consistent with the
                    // view writes the move the same way.
                    let notation = G::sample(view, &mut self.rng).format_move(mv);
                    ClientMessage::Move { ply, notation }
                }
                Ok(LocalEvent::Resign) => ClientMessage::Resign,
                Ok(LocalEvent::Chat(text)) => ClientMessage::Chat { text },
                Ok(LocalEvent::OfferDraw) => ClientMessage::OfferDraw,
                Ok(LocalEvent::AcceptDraw) => ClientMessage::AcceptDraw,
                Ok(LocalEvent::Claim) => ClientMessage::ClaimAbandoned,
                Ok(LocalEvent::Leave) | Err(TryRecvError::Disconnected) => return false,
                Err(TryRecvError::Empty) => return true,
            };
            self.client.send(message);
        }
    }

    fn log_lock(&self) -> std::sync::MutexGuard<'_, SeatLog> {
        self.log.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn on_message(&mut self, message: ServerMessage) {
        self.log_lock().observe(&message);
        match message {
            ServerMessage::Seated { game, code, seat, token, rules, setup_required } => {
                if game != G::NAME {
                    let reason = format!("game {code} is a game of {game}, not {}", G::NAME);
                    self.to_lobby(BridgeEvent::Failed(reason));
                    self.client.close();
                    return;
                }
                self.seat = Some(seat);
                self.token = Some((code.clone(), token));
                let mut setup_wanted = setup_required;
                if setup_required && let Some(setup) = self.setup.take() {
                    self.log_lock().own_setup(&setup);
                    self.client.send(ClientMessage::Setup { setup });
                    setup_wanted = false;
                }
                self.to_lobby(BridgeEvent::Seated { code, seat, rules, setup_wanted });
            }
            ServerMessage::OpponentJoined { .. } => self.to_lobby(BridgeEvent::OpponentJoined),
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
                        let log = Arc::clone(&self.log);
                        let link = RemoteLink { seat, view, history, incoming, outgoing, log };
                        self.link = Some((to_screen, from_screen));
                        self.to_lobby(BridgeEvent::Ready(link));
                    }
                    (None, None) => {}
                }
            }
            ServerMessage::GameOver { ending, outcome } => {
                self.over = true;
                if let Some(view) = self.view.clone() {
                    let finish = finish_of(ending, outcome);
                    self.to_screen(RemoteEvent::Finished { view, outcome, finish });
                }
            }
            ServerMessage::Error { kind, reason } => {
                if self.link.is_some() {
                    self.to_screen(RemoteEvent::Refused { reason, was_move: refuses_a_move(kind) });
                } else if matches!(kind, ErrorKind::BadSetup | ErrorKind::BadChat | ErrorKind::NotStarted) {
                    self.to_lobby(BridgeEvent::Refused(reason));
                } else {
                    self.to_lobby(BridgeEvent::Failed(reason));
                }
            }
            ServerMessage::Refused { reason } => self.to_lobby(BridgeEvent::Failed(reason)),
            ServerMessage::Chat { from, text } => {
                self.to_screen(RemoteEvent::Chat { from, text: text.clone() });
                self.to_lobby(BridgeEvent::Chat { from, text });
            }
            ServerMessage::DrawOffered { by } => {
                self.to_screen(RemoteEvent::DrawOffered { by });
                self.to_lobby(BridgeEvent::DrawOffered);
            }
            ServerMessage::OpponentDisconnected { seat, grace_ms } => {
                self.to_screen(RemoteEvent::OpponentLeft { seat, grace: Duration::from_millis(grace_ms) });
            }
            ServerMessage::OpponentReconnected { seat } => {
                self.to_screen(RemoteEvent::OpponentBack { seat });
            }
            ServerMessage::SetupAccepted | ServerMessage::Welcome { .. } | ServerMessage::Pong { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wake::no_wake;
    use game_core::{Game, SeatView};
    use headless::net::server::{ServerConfig, start};
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
