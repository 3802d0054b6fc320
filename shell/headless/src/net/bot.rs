//! A computer player with no window: joins or creates a game on a referee
//! server and plays it to the end.
//!
//! The move choice is a seam, [`MoveChooser`]: [`ComputerMover`] is the
//! computer player of an AI level (the same as in the GUI and in `match`),
//! which [`chooser_for_level`] gives; [`RandomMover`] (sample a full
//! position from the seat's view, play a uniformly random legal move) is
//! the cheapest legal mover, for tests and the load benchmark.

use super::client::{Client, ClientConfig, ClientEvent};
use crate::protocol::{ClientMessage, Ending, ErrorKind, ServerMessage};
use crate::record::{GameRecord, SeatLog, has_setup_phase};
use crate::registry::Registered;
use ai::{Budget, ComputerPlayer, Level};
use game_core::rng::{GameRng, seeded};
use game_core::{Evaluate, Observe, Outcome, Seat, SeatView};
use rand::Rng;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Chooses the bot's moves from what its seat sees, and nothing more.
pub trait MoveChooser<G: Observe>: Send {
    /// A move for `view.seat()`, who is to move; `None` if there is none.
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> Option<G::Move>;
}

impl<G: Observe, F: FnMut(&G::View, &mut GameRng) -> Option<G::Move> + Send> MoveChooser<G> for F {
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> Option<G::Move> {
        self(view, rng)
    }
}

/// Samples a full position consistent with the view and plays a uniformly
/// random legal move in it. The seat's legal moves are the same in every
/// sample, so this never peeks.
#[derive(Clone, Debug, Default)]
pub struct RandomMover;

impl<G: Observe> MoveChooser<G> for RandomMover {
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> Option<G::Move> {
        let position = G::sample(view, rng);
        position.random_move(rng, &mut Vec::new())
    }
}

/// The computer player of one AI level, choosing from the seat's view
/// only. It keeps its engines from move to move, as the GUI's does; each
/// decision's seed is drawn from the bot's seeded generator, so a bot's
/// game is replayable (up to the level's time cap, see
/// [`ai::Budget::reproducible`]).
pub struct ComputerMover<G: Observe + Evaluate> {
    player: ComputerPlayer<G>,
}

impl<G: Observe + Evaluate> ComputerMover<G> {
    /// The computer player of this budget (a level's, see
    /// [`Registered::budget`]).
    pub fn new(budget: Budget) -> Self {
        ComputerMover { player: ComputerPlayer::with_budget(budget) }
    }
}

impl<G: Observe + Evaluate> MoveChooser<G> for ComputerMover<G> {
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> Option<G::Move> {
        self.player.choose_move(view, rng.random(), None).best_move
    }
}

/// The move chooser for AI level `level` (1..=10; out of range is taken
/// as the nearest level): the computer player of that level.
pub fn chooser_for_level<G: Registered>(level: u8) -> Box<dyn MoveChooser<G>> {
    let level = Level::new(level.clamp(Level::MIN.get(), Level::MAX.get())).unwrap_or(Level::MIN);
    Box::new(ComputerMover::<G>::new(G::budget(level)))
}

/// Whether the computer's setup at `level` comes from the game's library
/// (as [`ComputerPlayer::choose_setup`] decides) rather than generated.
pub fn library_setup_at<G: Registered>(level: u8) -> bool {
    let level = Level::new(level.clamp(Level::MIN.get(), Level::MAX.get())).unwrap_or(Level::MIN);
    G::budget(level).library_setup
}

/// Whether the bot opens a game or joins one.
#[derive(Clone, Debug)]
pub enum BotTable<R> {
    /// Opens a game with these rules, in this seat (the first if `None`).
    Create {
        /// The rules.
        rules: R,
        /// The seat wanted.
        seat: Option<Seat>,
    },
    /// Joins the game with this code.
    Join {
        /// The game code.
        code: String,
    },
}

/// How a bot plays.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// The seed of every random choice (setup and moves).
    pub seed: u64,
    /// Whether the setup comes from the game's library of proven setups
    /// (as the computer player's level decides, [`library_setup_at`])
    /// rather than generated.
    pub library_setup: bool,
    /// The bot gives up after this long.
    pub timeout: Duration,
    /// Whether to claim the game when the opponent's grace period ends.
    pub claim_abandoned: bool,
    /// The connection's settings.
    pub client: ClientConfig,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            seed: 1,
            library_setup: false,
            timeout: Duration::from_secs(600),
            claim_abandoned: true,
            client: ClientConfig::default(),
        }
    }
}

/// Why a bot could not finish its game.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum BotError {
    /// The connection closed.
    #[error("connection closed: {0}")]
    Closed(String),
    /// The server refused something the bot cannot do without.
    #[error("refused: {0}")]
    Refused(String),
    /// The game did not end in time.
    #[error("no result after {0:?}")]
    Timeout(Duration),
    /// The server sent something this bot cannot read.
    #[error("bad message from the server: {0}")]
    BadMessage(String),
}

/// How a bot's game went.
#[derive(Clone, Debug, PartialEq)]
pub struct BotReport {
    /// The game code.
    pub code: String,
    /// The bot's seat.
    pub seat: Seat,
    /// How the game ended.
    pub ending: Ending,
    /// The result.
    pub outcome: Outcome,
    /// Plies in the game.
    pub plies: usize,
    /// Moves this bot played (each confirmed by the server).
    pub moves_played: usize,
    /// Every error the server sent, with its reason.
    pub refusals: Vec<(ErrorKind, String)>,
    /// What this seat saw, as a record.
    pub record: Option<GameRecord>,
}

/// A bot seated in a game.
pub struct Bot<G: Observe> {
    client: Client,
    code: String,
    seat: Seat,
    rules: G::Rules,
    setup_required: bool,
    config: BotConfig,
    rng: GameRng,
    log: SeatLog,
    started: Instant,
    early: Vec<ServerMessage>,
}

impl<G: Observe> std::fmt::Debug for Bot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bot").field("code", &self.code).field("seat", &self.seat).finish()
    }
}

impl<G: Observe> Bot<G> {
    /// Connects to `addr`, creates or joins a game and returns once seated.
    pub fn connect(addr: &str, table: BotTable<G::Rules>, config: BotConfig) -> Result<Self, BotError> {
        let started = Instant::now();
        let client = Client::connect(addr, config.client.clone());
        let request = match table {
            BotTable::Create { rules, seat } => ClientMessage::Create {
                game: G::NAME.to_string(),
                rules: serde_json::to_value(&rules).map_err(|e| BotError::BadMessage(e.to_string()))?,
                seat,
            },
            BotTable::Join { code } => ClientMessage::Join { code },
        };
        client.send(request);
        let mut log = SeatLog::new();
        let mut early = Vec::new();
        loop {
            let message = next_message(&client, started, config.timeout)?;
            log.observe(&message);
            match message {
                ServerMessage::Seated { game, code, seat, rules, setup_required, .. } => {
                    if game != G::NAME {
                        return Err(BotError::BadMessage(format!("seated at {game}, not {}", G::NAME)));
                    }
                    let rules: G::Rules = serde_json::from_value(rules)
                        .map_err(|e| BotError::BadMessage(format!("rules: {e}")))?;
                    let rng = seeded(config.seed);
                    return Ok(Bot {
                        client,
                        code,
                        seat,
                        rules,
                        setup_required,
                        config,
                        rng,
                        log,
                        started,
                        early,
                    });
                }
                ServerMessage::Error { reason, .. } | ServerMessage::Refused { reason } => {
                    return Err(BotError::Refused(reason));
                }
                other => early.push(other),
            }
        }
    }

    /// The game code (to pass to the opponent).
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The bot's seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Sends a chat line to the opponent.
    pub fn chat(&self, text: &str) {
        self.client.send(ClientMessage::Chat { text: text.to_string() });
    }

    /// Plays until the game ends.
    pub fn play(mut self, chooser: &mut dyn MoveChooser<G>) -> Result<BotReport, BotError> {
        if self.setup_required && has_setup_phase::<G>() {
            let strong = self.config.library_setup;
            let setup = G::random_setup(&self.rules, self.seat, strong, &mut self.rng);
            let setup = serde_json::to_value(&setup).map_err(|e| BotError::BadMessage(e.to_string()))?;
            self.log.own_setup(&setup);
            self.client.send(ClientMessage::Setup { setup });
        }
        let mut refusals = Vec::new();
        let mut moves_played = 0;
        let mut claim_at: Option<Instant> = None;
        let mut last_view: Option<(usize, G::View)> = None;
        let mut pending = std::mem::take(&mut self.early).into_iter();
        loop {
            let message = match pending.next() {
                Some(m) => m,
                None => {
                    let wait = claim_at.map(|t| t.saturating_duration_since(Instant::now()));
                    match self.wait(wait)? {
                        Some(m) => m,
                        None => {
                            // The opponent's grace ran out: claim the game.
                            claim_at = None;
                            self.client.send(ClientMessage::ClaimAbandoned);
                            continue;
                        }
                    }
                }
            };
            self.log.observe(&message);
            match message {
                ServerMessage::View { ply, to_move, view, outcome, .. } => {
                    let view: G::View = serde_json::from_value(view)
                        .map_err(|e| BotError::BadMessage(format!("view: {e}")))?;
                    if to_move == self.seat && outcome.is_none() && view.outcome().is_none() {
                        self.move_from(&view, ply, chooser)?;
                    }
                    last_view = Some((ply, view));
                }
                ServerMessage::MovePlayed { seat, .. } if seat == self.seat => moves_played += 1,
                ServerMessage::GameOver { ending, outcome } => {
                    let plies = self.log.moves().len();
                    return Ok(BotReport {
                        code: self.code.clone(),
                        seat: self.seat,
                        ending,
                        outcome,
                        plies,
                        moves_played,
                        refusals,
                        record: self.log.record(),
                    });
                }
                ServerMessage::Error { kind, reason } => {
                    refusals.push((kind, reason.clone()));
                    match kind {
                        // A refused move: choose again from the same view.
                        ErrorKind::Illegal | ErrorKind::Notation if refusals.len() < 32 => {
                            if let Some((ply, view)) = &last_view {
                                self.move_from(&view.clone(), *ply, chooser)?;
                            }
                        }
                        ErrorKind::TooEarly => claim_at = Some(Instant::now() + Duration::from_millis(20)),
                        ErrorKind::BadSetup => return Err(BotError::Refused(reason)),
                        _ => {}
                    }
                }
                ServerMessage::OpponentDisconnected { grace_ms, .. } if self.config.claim_abandoned => {
                    claim_at = Instant::now().checked_add(Duration::from_millis(grace_ms.saturating_add(5)));
                }
                ServerMessage::OpponentReconnected { .. } => claim_at = None,
                _ => {}
            }
        }
    }

    fn move_from(
        &mut self,
        view: &G::View,
        ply: usize,
        chooser: &mut dyn MoveChooser<G>,
    ) -> Result<(), BotError> {
        let Some(mv) = chooser.choose(view, &mut self.rng) else {
            return Err(BotError::BadMessage("no legal move although the game goes on".into()));
        };
        // Notation is public: any position consistent with the view writes
        // the move the same way.
        let notation = G::sample(view, &mut self.rng).format_move(mv);
        self.client.send(ClientMessage::Move { ply, notation });
        Ok(())
    }

    /// The next message, or `None` when `until` (a wait) runs out first.
    fn wait(&self, until: Option<Duration>) -> Result<Option<ServerMessage>, BotError> {
        let left = self.config.timeout.saturating_sub(self.started.elapsed());
        if left.is_zero() {
            return Err(BotError::Timeout(self.config.timeout));
        }
        let wait = until.map_or(left, |u| u.min(left));
        match self.client.next_event(wait) {
            Some(ClientEvent::Message(m)) => Ok(Some(m)),
            Some(ClientEvent::Connected { .. }) => self.wait(until),
            Some(ClientEvent::Closed { reason }) => Err(BotError::Closed(reason)),
            None if until.is_some_and(|u| u <= left) => Ok(None),
            None if self.started.elapsed() >= self.config.timeout => {
                Err(BotError::Timeout(self.config.timeout))
            }
            None => Err(BotError::Closed("the network thread ended".into())),
        }
    }
}

fn next_message(client: &Client, started: Instant, timeout: Duration) -> Result<ServerMessage, BotError> {
    loop {
        let left = timeout.saturating_sub(started.elapsed());
        match client.next_event(left) {
            Some(ClientEvent::Message(m)) => return Ok(m),
            Some(ClientEvent::Connected { .. }) => {}
            Some(ClientEvent::Closed { reason }) => return Err(BotError::Closed(reason)),
            None => return Err(BotError::Timeout(timeout)),
        }
    }
}
