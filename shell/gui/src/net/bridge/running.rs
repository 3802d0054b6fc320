//! The bridge's state, one step at a time: a bridge thread steps it in a
//! loop on the desktop, a web page's frame loop steps it each frame.
//! Server messages become events for the lobby and the play screen, their
//! commands become messages, and a seat whose connection is lost in the
//! middle of a game is taken back (`reconnect`), timed by the clock it is
//! handed (only the desktop's bridge thread sleeps between its steps).

use super::reconnect::{Attempt, Reconnect};
use super::{BridgeEvent, NetCommand, SeatRequest};
use crate::clock::Instant;
use crate::net::connection::{Connection, Dial};
use crate::play::remote::{LocalEvent, RemoteEvent, RemoteLink, RemoteMove, SharedLog};
use crate::wake::Wake;
use game_core::rng::GameRng;
use game_core::{Finish, Observe, Outcome, Seat};
use headless::net::client::ClientEvent;
use headless::protocol::{ClientMessage, Ending, ErrorKind, ServerMessage};
use headless::record::SeatLog;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The bridge's ends of a play screen's link.
type ScreenEnds<G> = (Sender<RemoteEvent<G>>, Receiver<LocalEvent<<G as game_core::Game>::Move>>);

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Something happened: there may be more to do at once.
    Busy,
    /// Nothing to do until something arrives or time passes.
    Idle,
    /// The bridge has ended.
    Ended,
}

/// Where the connection is.
enum Phase<C> {
    /// Connected (or connecting for the first time).
    Live,
    /// Taking the seat back after a lost connection.
    Reconnecting(Reconnect<C>),
}

/// The bridge's state.
pub struct Running<G: Observe, C: Connection> {
    pub(super) addr: String,
    pub(super) client: C,
    pub(super) dial: Dial<C>,
    phase: Phase<C>,
    pub(super) events: Sender<BridgeEvent<G>>,
    pub(super) commands: Receiver<NetCommand>,
    pub(super) wake: Wake,
    pub(super) rng: GameRng,
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

/// Sleeps on the desktop's bridge thread; a web page never sleeps (its
/// frame loop calls again next frame).
fn pause(wait: Duration) {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::sleep(wait);
    #[cfg(target_arch = "wasm32")]
    let _ = wait;
}

impl<G: Observe, C: Connection> Running<G, C> {
    /// A bridge to `addr` that dials with `dial`, asks for its seat with
    /// `request` and reports on `events`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        addr: &str,
        mut dial: Dial<C>,
        request: SeatRequest,
        setup: Option<serde_json::Value>,
        rng: GameRng,
        events: Sender<BridgeEvent<G>>,
        commands: Receiver<NetCommand>,
        wake: Wake,
    ) -> Self {
        let mut client = dial(addr);
        client.send(match request {
            SeatRequest::Create { rules } => {
                ClientMessage::Create { game: G::NAME.to_string(), rules, seat: None }
            }
            SeatRequest::Join { code } => ClientMessage::Join { code },
        });
        Running {
            addr: addr.to_string(),
            client,
            dial,
            phase: Phase::Live,
            events,
            commands,
            wake,
            rng,
            seat: None,
            token: None,
            setup,
            link: None,
            history: Vec::new(),
            view: None,
            pending: None,
            log: Arc::new(Mutex::new(SeatLog::new())),
            over: false,
        }
    }

    /// One step at `now`, waiting up to `wait` for the network where the
    /// connection can wait.
    pub fn step(&mut self, now: Instant, wait: Duration) -> Step {
        match std::mem::replace(&mut self.phase, Phase::Live) {
            Phase::Live => self.live_step(now, wait),
            Phase::Reconnecting(again) => self.reconnect_step(again, now, wait),
        }
    }

    fn live_step(&mut self, now: Instant, wait: Duration) -> Step {
        let event = self.client.next_event(wait);
        let busy = event.is_some();
        match event {
            Some(ClientEvent::Message(message)) => self.on_message(message),
            Some(ClientEvent::Connected { .. }) | None => {}
            Some(ClientEvent::Closed { reason }) => {
                if self.link.is_some()
                    && !self.over
                    && let Some((code, token)) = self.token.clone()
                {
                    self.to_screen(RemoteEvent::Notice(format!("Connection lost ({reason}); reconnecting…")));
                    self.phase = Phase::Reconnecting(Reconnect::new(code, token, reason, now));
                    return Step::Busy;
                }
                return self.end(reason);
            }
        }
        if !self.forward_commands() {
            self.client.close();
            return Step::Ended;
        }
        if busy { Step::Busy } else { Step::Idle }
    }

    /// Tells the screen and the lobby the connection is gone for good.
    fn end(&mut self, reason: String) -> Step {
        self.to_screen(RemoteEvent::Closed { reason: reason.clone() });
        self.to_lobby(BridgeEvent::Failed(reason));
        Step::Ended
    }

    fn reconnect_step(&mut self, mut again: Reconnect<C>, now: Instant, wait: Duration) -> Step {
        let Some(mut attempt) = again.attempt.take() else {
            if !self.screen_still_there() {
                return self.end(again.reason);
            }
            if now < again.next_try {
                pause(wait.min(again.next_try.saturating_duration_since(now)));
                self.phase = Phase::Reconnecting(again);
                return Step::Idle;
            }
            if now >= again.until {
                return self.end(again.reason);
            }
            let mut client = (self.dial)(&self.addr);
            client.send(ClientMessage::Reconnect { code: again.code.clone(), token: again.token.clone() });
            again.attempt = Some(Attempt::new(client, now));
            self.phase = Phase::Reconnecting(again);
            return Step::Busy;
        };
        match attempt.client.next_event(wait) {
            Some(ClientEvent::Connected { .. }) => {
                // The first answer after the welcome tells whether the seat
                // is ours again.
                attempt.heard_welcome(now);
                again.attempt = Some(attempt);
            }
            Some(ClientEvent::Message(message @ ServerMessage::Seated { .. })) => {
                self.client = attempt.client;
                self.pending = None;
                self.to_screen(RemoteEvent::Notice("Reconnected".into()));
                self.on_message(message);
                return Step::Busy;
            }
            Some(ClientEvent::Message(ServerMessage::Error { reason, .. })) => {
                self.to_screen(RemoteEvent::Notice(format!("Cannot take the seat back: {reason}")));
                return self.end(again.reason);
            }
            Some(_) => again.retry_later(attempt, now),
            None if attempt.too_late(now) => again.retry_later(attempt, now),
            None => {
                again.attempt = Some(attempt);
                self.phase = Phase::Reconnecting(again);
                return Step::Idle;
            }
        }
        self.phase = Phase::Reconnecting(again);
        Step::Busy
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
