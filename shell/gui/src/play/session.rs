//! A match in progress, without a window: who sits where, whose turn it
//! is, the computer's searches, undo, new game, and the moves played.
//!
//! A local match keeps the only full position inside a
//! [`Referee`]; a network match keeps only this seat's view (the server
//! holds the referee). Either way the screen is handed views only.

use super::computer::{Poll, Thinking, player_at};
use super::hint::Hint;
use super::refusal::Refusal;
use super::remote::{LocalEvent, RemoteEvent, RemoteLink, RemoteMove};
use super::talk::{DrawOffer, Talk};
use crate::clock::Instant;
use ai::ComputerPlayer;
use game_core::rng::{seeded, splitmix64};
use game_core::{Evaluate, Finish, Observe, Outcome, Referee, Seat, SeatView, SetupError};
use headless::protocol::MAX_CHAT_CHARS;
use headless::record::{GameRecord, RecordError, full_record};
use std::sync::mpsc::TryRecvError;
use std::time::Duration;

/// Who plays a seat.
pub enum SeatDriver<G: Observe + Evaluate> {
    /// A person at this computer (mouse and keyboard).
    Human,
    /// The computer. The player is kept between moves (it remembers what
    /// it learnt); `None` until first needed and while it is thinking.
    Computer(Option<ComputerPlayer<G>>),
    /// A person on another computer; moves arrive over a [`RemoteLink`].
    Remote,
}

/// The kind of a [`SeatDriver`], for questions and toggles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person here.
    Human,
    /// The computer.
    Computer,
    /// A person elsewhere.
    Remote,
}

impl<G: Observe + Evaluate> SeatDriver<G> {
    /// Its kind.
    pub fn kind(&self) -> SeatKind {
        match self {
            SeatDriver::Human => SeatKind::Human,
            SeatDriver::Computer(_) => SeatKind::Computer,
            SeatDriver::Remote => SeatKind::Remote,
        }
    }

    fn of_kind(kind: SeatKind) -> Self {
        match kind {
            SeatKind::Human => SeatDriver::Human,
            SeatKind::Computer => SeatDriver::Computer(None),
            SeatKind::Remote => SeatDriver::Remote,
        }
    }
}

/// Each seat's last move, by seat index, from moves played oldest first.
pub fn last_of_each_seat<M: Copy>(moves: impl DoubleEndedIterator<Item = (Seat, M)>) -> [Option<M>; 2] {
    let mut last = [None, None];
    for (seat, mv) in moves.rev() {
        let slot = &mut last[seat.index() & 1];
        if slot.is_none() {
            *slot = Some(mv);
        }
        if last.iter().all(Option::is_some) {
            break;
        }
    }
    last
}

/// One line of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Who played it.
    pub seat: Seat,
    /// The move in the game's notation.
    pub notation: String,
}

/// Something the screen must show: a move to animate, or a jump.
pub enum Happening<G: Observe> {
    /// A move was played. `before` and `after` are the viewer's views.
    /// `mv` is `None` when a remote move is known only by its notation.
    Played {
        /// The viewer's view before the move.
        before: G::View,
        /// The move.
        mv: Option<G::Move>,
        /// The viewer's view after it.
        after: G::View,
    },
    /// The position jumped (undo, new game, a view resent): no animation.
    Reset,
}

/// A game's start: the position and the setups it was made from (empty
/// for games without a setup phase), kept for saving the game.
pub type Start<G> = (G, Vec<<G as game_core::Game>::Setup>);

/// Makes the start of a new game from a seed (setups are drawn from it
/// where a game has them).
pub type StartMaker<G> = Box<dyn Fn(u64) -> Result<Start<G>, SetupError>>;

/// The start of a game with no setup phase (or with `setups` fixed), the
/// same every time.
pub fn fixed_start<G: Observe>(rules: G::Rules, setups: Vec<G::Setup>) -> StartMaker<G>
where
    G::Rules: 'static,
    G::Setup: 'static,
{
    Box::new(move |_seed| G::start(&rules, &setups).map(|g| (g, setups.clone())))
}

enum Arbiter<G: Observe> {
    Local {
        referee: Referee<G>,
        setups: Vec<G::Setup>,
        start: StartMaker<G>,
    },
    Remote {
        link: RemoteLink<G>,
        view: G::View,
        history: Vec<MoveRecord>,
        finish: Option<(Outcome, Finish)>,
        /// A move was sent and its answer has not come back.
        awaiting: bool,
        closed: bool,
        talk: Talk,
        /// An event was taken last frame: there may be more waiting.
        more: bool,
        /// Each seat's last move, by seat index, when known as a value.
        last: [Option<G::Move>; 2],
    },
}

/// A match in progress.
pub struct Session<G: Observe + Evaluate> {
    arbiter: Arbiter<G>,
    seats: [SeatDriver<G>; 2],
    /// The seats as they were before the demo (F3) took them over.
    before_demo: Option<[SeatKind; 2]>,
    /// The person at this computer sits here (the board is drawn for them).
    home: Seat,
    level: u8,
    thinking: Option<Thinking<G>>,
    /// The level the running search's player was made for.
    thinking_level: u8,
    /// The search for a hint (F7), beside any other: the person may move
    /// while it runs.
    hinting: Option<Thinking<G>>,
    /// The last hint found, shown while its position stands.
    hint: Option<Hint<G::Move>>,
    seed: u64,
    game_index: u64,
    legal: Vec<G::Move>,
    last_move: Option<G::Move>,
    notice: Option<String>,
    min_delay: Duration,
}

impl<G: Observe + Evaluate> Session<G> {
    /// A match at this computer from `start(seed)`, with these seats.
    /// `home` is the seat the board is drawn for when one person plays.
    pub fn local(
        start: StartMaker<G>,
        seats: [SeatKind; 2],
        home: Seat,
        level: u8,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let (position, setups) = start(seed)?;
        let arbiter = Arbiter::Local { referee: Referee::new(position), setups, start };
        Ok(Self::with(arbiter, seats, home, level, seed))
    }

    /// A match at this computer going on from a game already under way (a
    /// loaded record): `referee` holds its moves, so undo works; `setups`
    /// are the setups it started from; "New game" uses `start`.
    pub fn resumed(
        referee: Referee<G>,
        setups: Vec<G::Setup>,
        start: StartMaker<G>,
        seats: [SeatKind; 2],
        home: Seat,
        level: u8,
        seed: u64,
    ) -> Self {
        let mut session = Self::with(Arbiter::Local { referee, setups, start }, seats, home, level, seed);
        session.last_move = session.local_history().and_then(|h| h.last().map(|p| p.mv));
        session
    }

    fn local_history(&self) -> Option<&[game_core::PlayedMove<G::Move>]> {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => Some(referee.history()),
            Arbiter::Remote { .. } => None,
        }
    }

    /// A network match: this computer plays `link.seat`, the other seat's
    /// moves come over the link. The computer may still play the local
    /// seat (F2, F3).
    pub fn remote(link: RemoteLink<G>, level: u8, seed: u64) -> Self {
        let home = link.seat;
        let mut seats = [SeatKind::Remote; 2];
        seats[home.index() & 1] = SeatKind::Human;
        let history =
            link.history.iter().map(|m| MoveRecord { seat: m.seat, notation: m.notation.clone() }).collect();
        let view = link.view.clone();
        let arbiter = Arbiter::Remote {
            link,
            view,
            history,
            finish: None,
            awaiting: false,
            closed: false,
            talk: Talk::new(),
            more: true,
            last: [None, None],
        };
        Self::with(arbiter, seats, home, level, seed)
    }

    fn with(arbiter: Arbiter<G>, seats: [SeatKind; 2], home: Seat, level: u8, seed: u64) -> Self {
        let mut session = Session {
            arbiter,
            seats: seats.map(SeatDriver::of_kind),
            before_demo: None,
            home,
            level: level.clamp(1, 10),
            thinking: None,
            thinking_level: 0,
            hinting: None,
            hint: None,
            seed,
            game_index: 0,
            legal: Vec::new(),
            last_move: None,
            notice: None,
            min_delay: Duration::from_millis(500),
        };
        session.refresh_legal();
        session
    }

    /// Sets how long the computer's move is held back at least, so people
    /// can follow it.
    pub fn set_min_delay(&mut self, delay: Duration) {
        self.min_delay = delay;
    }

    /// The kind of player at `seat`.
    pub fn seat_kind(&self, seat: Seat) -> SeatKind {
        self.seats[seat.index() & 1].kind()
    }

    /// Whether this is a network match.
    pub fn is_remote(&self) -> bool {
        matches!(self.arbiter, Arbiter::Remote { .. })
    }

    /// The AI level, 1..=10.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The seat whose eyes the board is drawn for: the one person at this
    /// computer, or with two, the seat to move.
    pub fn viewer(&self) -> Seat {
        let humans: Vec<Seat> = Seat::all(2).filter(|s| self.seat_kind(*s) == SeatKind::Human).collect();
        match humans.as_slice() {
            [one] => *one,
            [_, _] if self.outcome().is_none() => self.to_move(),
            _ => self.home,
        }
    }

    /// The seat the person at this computer started in.
    pub fn home(&self) -> Seat {
        self.home
    }

    /// The viewer's view: all the screen may show.
    pub fn view(&self) -> G::View {
        self.view_of(self.viewer())
    }

    /// The viewer's view with everything turned face up, once the game is
    /// over: the referee's [`Referee::revealed_view`]. `None` while the
    /// game goes on, and in a network match, where the server sends this
    /// seat its own view and nothing more (the protocol's game-over
    /// message carries the result only).
    pub fn revealed_view(&self) -> Option<G::View> {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => referee.revealed_view(self.viewer()),
            Arbiter::Remote { .. } => None,
        }
    }

    /// What `seat` may see now. In a network match there is only this
    /// seat's own view, whatever seat is asked for.
    pub fn view_of(&self, seat: Seat) -> G::View {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => referee.view(seat),
            Arbiter::Remote { view, .. } => view.clone(),
        }
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => referee.to_move(),
            Arbiter::Remote { view, .. } => view.to_move(),
        }
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        self.history_len()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => referee.outcome(),
            Arbiter::Remote { view, finish, .. } => finish.map(|(o, _)| o).or_else(|| view.outcome()),
        }
    }

    /// How the game ended, in words, when not by the rules ("Player Two
    /// resigned" needs seat names, so it is left to the caller: this says
    /// which kind of ending).
    pub fn finish(&self) -> Option<Finish> {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => referee.finish(),
            Arbiter::Remote { finish, view, .. } => {
                finish.map(|(_, f)| f).or_else(|| view.outcome().map(Finish::Rules))
            }
        }
    }

    /// How many moves the move list holds.
    pub fn history_len(&self) -> usize {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => referee.history().len(),
            Arbiter::Remote { history, .. } => history.len(),
        }
    }

    /// Move `i` of the move list (0 is the first move).
    pub fn history_item(&self, i: usize) -> Option<(Seat, &str)> {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => referee.history().get(i).map(|p| (p.seat, p.notation.as_str())),
            Arbiter::Remote { history, .. } => history.get(i).map(|m| (m.seat, m.notation.as_str())),
        }
    }

    /// The last move played, if known as a value.
    pub fn last_move(&self) -> Option<G::Move> {
        self.last_move
    }

    /// Each seat's last move, by seat index, if known as a value.
    pub fn last_moves(&self) -> [Option<G::Move>; 2] {
        match &self.arbiter {
            Arbiter::Local { referee, .. } => {
                last_of_each_seat(referee.history().iter().map(|p| (p.seat, p.mv)))
            }
            Arbiter::Remote { last, .. } => *last,
        }
    }

    /// The moves the person at this computer may make now; empty when it
    /// is not their turn, or the computer is playing for them.
    pub fn legal(&self) -> &[G::Move] {
        &self.legal
    }

    /// Whether a person at this computer is to move (and may act now).
    pub fn human_to_move(&self) -> bool {
        !self.legal.is_empty()
    }

    /// The seat the computer is thinking for and for how long, if it is.
    pub fn thinking(&self) -> Option<(Seat, f32)> {
        self.thinking.as_ref().map(|t| (t.seat, t.elapsed()))
    }

    /// Whether the match needs frames to go on without input: the
    /// computer is thinking or about to, or a network match waits for the
    /// other side (its events are polled once a frame).
    pub fn wants_frames(&self) -> bool {
        if self.thinking.is_some() || self.hinting.is_some() {
            return true;
        }
        if self.outcome().is_some() {
            return false;
        }
        match &self.arbiter {
            // The network wakes the window when something arrives; after an
            // event one more frame looks for the next.
            Arbiter::Remote { closed, more, .. } => !closed && *more,
            Arbiter::Local { .. } => self.seat_kind(self.to_move()) == SeatKind::Computer,
        }
    }

    /// Whether the chat is open: a network game still connected (players
    /// may talk after the end too).
    pub fn can_chat(&self) -> bool {
        matches!(&self.arbiter, Arbiter::Remote { closed: false, .. })
    }

    /// Whether this is a network game still connected and going on, so
    /// the screen should look at the network now and then even if no
    /// wake-up comes.
    pub fn is_live_remote(&self) -> bool {
        matches!(&self.arbiter, Arbiter::Remote { closed: false, finish: None, .. })
    }

    /// A message for the player (a refused move, a lost connection), once.
    pub fn take_notice(&mut self) -> Option<String> {
        self.notice.take()
    }

    /// The message for the player, if any, without taking it.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    fn refresh_legal(&mut self) {
        self.legal.clear();
        if self.outcome().is_some() || self.thinking.is_some() {
            return;
        }
        let seat = self.to_move();
        if self.seat_kind(seat) != SeatKind::Human {
            return;
        }
        match &self.arbiter {
            Arbiter::Local { referee, .. } => self.legal = referee.legal_moves(),
            Arbiter::Remote { view, awaiting, closed, .. } => {
                if *awaiting || *closed {
                    return;
                }
                // A seat's legal moves depend only on what it knows, so any
                // position consistent with its view gives them.
                let mut rng = seeded(self.search_seed(0x5eed));
                G::sample(view, &mut rng).legal_moves(&mut self.legal);
            }
        }
    }

    fn search_seed(&self, salt: u64) -> u64 {
        splitmix64(self.seed ^ splitmix64(self.game_index) ^ splitmix64(self.ply() as u64 ^ salt << 20))
    }

    /// The person at this computer plays `mv`. Refused (with the reason)
    /// if it is not their turn or the move is illegal.
    pub fn play(&mut self, mv: G::Move) -> Result<Happening<G>, Refusal<G::RuleViolation>> {
        if !self.legal.contains(&mv) {
            return Err(Refusal::NotAllowedNow);
        }
        let seat = self.to_move();
        self.submit(seat, mv)
    }

    /// Submits a move for `seat` to the referee (or the server).
    fn submit(&mut self, seat: Seat, mv: G::Move) -> Result<Happening<G>, Refusal<G::RuleViolation>> {
        self.stop_hinting();
        let viewer_before = self.viewer();
        let before = self.view_of(viewer_before);
        let ply = self.ply();
        match &mut self.arbiter {
            Arbiter::Local { referee, .. } => {
                referee.submit(seat, ply, mv)?;
            }
            Arbiter::Remote { link, awaiting, .. } => {
                link.outgoing.send(LocalEvent::Move { ply, mv }).map_err(|_| Refusal::Disconnected)?;
                *awaiting = true;
                self.refresh_legal();
                return Ok(Happening::Reset);
            }
        }
        self.last_move = Some(mv);
        self.refresh_legal();
        let after = self.view_of(viewer_before);
        Ok(Happening::Played { before, mv: Some(mv), after })
    }

    /// Lets the match go on: takes the computer's finished move, events
    /// from the network, and starts the computer thinking when it is its
    /// turn. `board_busy`: the board is still animating, so nothing new
    /// starts (the computer's answer waits).
    pub fn tick(&mut self, board_busy: bool) -> Vec<Happening<G>> {
        let mut out = Vec::new();
        if board_busy {
            return out;
        }
        self.poll_remote(&mut out);
        if !out.is_empty() {
            return out;
        }
        self.poll_hint();
        if let Some(thinking) = self.thinking.as_mut() {
            match thinking.poll() {
                Poll::Pending => {}
                Poll::Lost => {
                    self.thinking = None;
                    self.notice = Some("The computer stopped thinking without a move.".into());
                    self.refresh_legal();
                }
                Poll::Done(player, mv) => {
                    let Some(thinking) = self.thinking.take() else { return out };
                    let (seat, ply) = (thinking.seat, thinking.ply);
                    // Two computers (a demo) never think at once: the one
                    // that just moved lets its player and its table (many
                    // megabytes) go, so the window holds one table at a
                    // time. A computer playing a person keeps its table
                    // from move to move.
                    let demo = self.seat_kind(seat.opponent()) == SeatKind::Computer;
                    if let SeatDriver::Computer(slot) = &mut self.seats[seat.index() & 1]
                        && self.thinking_level == self.level
                        && !demo
                    {
                        *slot = Some(player);
                    }
                    self.refresh_legal();
                    if let Some(mv) = mv
                        && ply == self.ply()
                        && self.to_move() == seat
                        && self.outcome().is_none()
                    {
                        match self.submit(seat, mv) {
                            Ok(h) => out.push(h),
                            Err(e) => self.notice = Some(format!("The computer's move was refused: {e}")),
                        }
                    }
                }
            }
            return out;
        }
        self.maybe_start_computer();
        out
    }

    /// Takes the hint search's answer, if it has come.
    fn poll_hint(&mut self) {
        let Some(hinting) = self.hinting.as_mut() else { return };
        match hinting.poll() {
            Poll::Pending => {}
            Poll::Lost => {
                self.hinting = None;
                self.notice = Some("The computer found no hint.".into());
            }
            Poll::Done(_, mv) => {
                let Some(hinting) = self.hinting.take() else { return };
                let (seat, ply) = (hinting.seat, hinting.ply);
                match mv.filter(|_| ply == self.ply() && self.to_move() == seat) {
                    Some(mv) => {
                        let view = self.view_of(seat);
                        let mut rng = seeded(self.search_seed(0x417));
                        let notation = G::sample(&view, &mut rng).format_move(mv);
                        self.hint = Some(Hint { seat, ply, mv, notation });
                    }
                    None if ply == self.ply() => self.notice = Some("The computer found no hint.".into()),
                    None => {}
                }
            }
        }
    }

    fn maybe_start_computer(&mut self) {
        if self.thinking.is_some() || self.outcome().is_some() {
            return;
        }
        if let Arbiter::Remote { awaiting: true, .. } | Arbiter::Remote { closed: true, .. } = self.arbiter {
            return;
        }
        let seat = self.to_move();
        if self.seat_kind(seat) == SeatKind::Computer {
            self.start_thinking(seat);
        }
    }

    fn start_thinking(&mut self, seat: Seat) {
        let player = match &mut self.seats[seat.index() & 1] {
            SeatDriver::Computer(slot) => slot.take(),
            _ => None,
        }
        .unwrap_or_else(|| player_at::<G>(self.level));
        let view = self.view_of(seat);
        let seed = self.search_seed(seat.index() as u64 + 1);
        self.thinking_level = self.level;
        self.thinking = Some(Thinking::start(player, view, seat, self.ply(), seed, self.min_delay));
        self.legal.clear();
    }

    fn poll_remote(&mut self, out: &mut Vec<Happening<G>>) {
        let Arbiter::Remote { link, view, history, finish, awaiting, closed, talk, more, last } =
            &mut self.arbiter
        else {
            return;
        };
        if *closed {
            return;
        }
        // Everything waiting, up to the next move: each move gets its
        // animation before the next is taken.
        *more = false;
        loop {
            let event = match link.incoming.try_recv() {
                Ok(event) => event,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    RemoteEvent::Closed { reason: "the connection closed".into() }
                }
            };
            *more = true;
            match event {
                RemoteEvent::Update { view: new, played } => {
                    let before = std::mem::replace(view, new.clone());
                    *awaiting = false;
                    match played {
                        Some(RemoteMove { seat, mv, notation }) => {
                            history.push(MoveRecord { seat, notation });
                            talk.move_played();
                            self.last_move = mv;
                            last[seat.index() & 1] = mv;
                            out.push(Happening::Played { before, mv, after: new });
                        }
                        None => out.push(Happening::Reset),
                    }
                    break;
                }
                RemoteEvent::Finished { view: new, outcome, finish: how } => {
                    *view = new;
                    *finish = Some((outcome, how));
                    *awaiting = false;
                    talk.move_played();
                    talk.opponent_back();
                    out.push(Happening::Reset);
                    break;
                }
                RemoteEvent::Refused { reason, was_move } => {
                    if was_move {
                        *awaiting = false;
                        self.notice = Some(format!("The server refused the move: {reason}"));
                    } else {
                        self.notice = Some(format!("Refused: {reason}"));
                    }
                }
                RemoteEvent::Chat { from, text } => talk.said(from, text),
                RemoteEvent::DrawOffered { by } => {
                    talk.set_offer(if by == link.seat { DrawOffer::Mine } else { DrawOffer::Theirs });
                }
                RemoteEvent::OpponentLeft { seat, grace } => talk.opponent_left(seat, grace, Instant::now()),
                RemoteEvent::OpponentBack { .. } => talk.opponent_back(),
                RemoteEvent::Notice(text) => self.notice = Some(text),
                RemoteEvent::Closed { reason } => {
                    *closed = true;
                    *more = false;
                    if finish.is_none() {
                        self.notice = Some(format!("The connection is gone: {reason}"));
                    }
                    break;
                }
            }
        }
        self.refresh_legal();
    }

    /// The chat and draw offers of a network game.
    pub fn talk(&self) -> Option<&Talk> {
        match &self.arbiter {
            Arbiter::Remote { talk, .. } => Some(talk),
            Arbiter::Local { .. } => None,
        }
    }

    fn send_remote(&mut self, event: LocalEvent<G::Move>) -> Result<(), Refusal<G::RuleViolation>> {
        match &mut self.arbiter {
            Arbiter::Remote { link, closed: false, .. } => {
                link.outgoing.send(event).map_err(|_| Refusal::Disconnected)
            }
            Arbiter::Remote { .. } => Err(Refusal::Disconnected),
            Arbiter::Local { .. } => Err(Refusal::OnlyOnline),
        }
    }

    /// Sends a chat line to the opponent (and shows it in the chat).
    pub fn say(&mut self, text: &str) -> Result<(), Refusal<G::RuleViolation>> {
        let text: String = text.chars().filter(|c| !c.is_control()).collect();
        let text = text.trim();
        if text.is_empty() {
            return Err(Refusal::NothingToSend);
        }
        if text.chars().count() > MAX_CHAT_CHARS {
            return Err(Refusal::ChatTooLong(MAX_CHAT_CHARS));
        }
        self.send_remote(LocalEvent::Chat(text.to_string()))?;
        let me = self.home;
        if let Arbiter::Remote { talk, .. } = &mut self.arbiter {
            talk.said(me, text);
        }
        Ok(())
    }

    /// Offers the opponent a draw.
    pub fn offer_draw(&mut self) -> Result<(), Refusal<G::RuleViolation>> {
        if self.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        if self.talk().is_some_and(|t| t.offer() == DrawOffer::Mine) {
            return Err(Refusal::DrawAlreadyOffered);
        }
        self.send_remote(LocalEvent::OfferDraw)?;
        if let Arbiter::Remote { talk, .. } = &mut self.arbiter {
            talk.set_offer(DrawOffer::Mine);
            talk.note("You offered a draw.");
        }
        Ok(())
    }

    /// Accepts the opponent's draw offer.
    pub fn accept_draw(&mut self) -> Result<(), Refusal<G::RuleViolation>> {
        if self.talk().is_none_or(|t| t.offer() != DrawOffer::Theirs) {
            return Err(Refusal::NoDrawOffer);
        }
        self.send_remote(LocalEvent::AcceptDraw)
    }

    /// Claims the game once the opponent's grace period has run out.
    pub fn claim(&mut self) -> Result<(), Refusal<G::RuleViolation>> {
        if !self.talk().is_some_and(|t| t.can_claim(Instant::now())) {
            return Err(Refusal::OpponentMayReturn);
        }
        self.send_remote(LocalEvent::Claim)
    }

    /// The record of this game for saving: the full record of a game played
    /// here, or what this seat saw of a network game.
    pub fn record(&self) -> Result<GameRecord, RecordError> {
        match &self.arbiter {
            Arbiter::Local { referee, setups, .. } => full_record(referee, setups, Some(self.seed)),
            Arbiter::Remote { link, .. } => {
                let log = link.log.lock().map_err(|_| RecordError::whole("the game's log is unreadable"))?;
                log.record().ok_or_else(|| RecordError::whole("the game has not started yet"))
            }
        }
    }

    fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.cancel();
        }
        self.stop_hinting();
    }

    fn stop_hinting(&mut self) {
        if let Some(hinting) = self.hinting.take() {
            hinting.cancel();
        }
    }

    /// Takes back the person's last move and the computer's reply (against
    /// the computer), or the last move (two players). Local matches only.
    pub fn undo(&mut self) -> Result<Happening<G>, Refusal<G::RuleViolation>> {
        if matches!(self.finish(), Some(Finish::Resigned(_) | Finish::Abandoned(_) | Finish::DrawAgreed)) {
            return Err(Refusal::GameOver);
        }
        let humans: Vec<Seat> = Seat::all(2).filter(|s| self.seat_kind(*s) == SeatKind::Human).collect();
        let Arbiter::Local { referee, .. } = &mut self.arbiter else {
            return Err(Refusal::NoUndoOnline);
        };
        if humans.is_empty() {
            return Err(Refusal::NoUndoInDemo);
        }
        let history = referee.history();
        // Back past the computer's replies, then past one move of a person.
        let mut plies = 0;
        while plies < history.len() && !humans.contains(&history[history.len() - 1 - plies].seat) {
            plies += 1;
        }
        if plies == history.len() {
            return Err(Refusal::NothingToTakeBack);
        }
        plies += 1;
        // Field by field: the referee is borrowed.
        for search in [self.thinking.take(), self.hinting.take()].into_iter().flatten() {
            search.cancel();
        }
        referee.take_back(plies)?;
        // Play may come back to the hint's ply by other moves.
        self.hint = None;
        self.last_move = referee.history().last().map(|p| p.mv);
        self.refresh_legal();
        Ok(Happening::Reset)
    }

    /// Whether [`Session::undo`] would do anything now.
    pub fn can_undo(&self) -> bool {
        let Arbiter::Local { referee, .. } = &self.arbiter else { return false };
        referee.history().iter().any(|p| self.seat_kind(p.seat) == SeatKind::Human)
            && !matches!(referee.finish(), Some(Finish::Resigned(_) | Finish::Abandoned(_)))
    }

    /// Starts a new game at this computer (a new seed for its setups).
    pub fn new_game(&mut self) -> Result<Happening<G>, Refusal<G::RuleViolation>> {
        self.stop_thinking();
        self.hint = None;
        self.game_index += 1;
        let seed = splitmix64(self.seed ^ self.game_index);
        let Arbiter::Local { referee, setups, start } = &mut self.arbiter else {
            return Err(Refusal::NewGameFromHost);
        };
        let (position, used) = start(seed).map_err(Refusal::Start)?;
        *referee = Referee::new(position);
        *setups = used;
        for seat in &mut self.seats {
            if let SeatDriver::Computer(slot) = seat {
                *slot = None;
            }
        }
        self.last_move = None;
        self.refresh_legal();
        Ok(Happening::Reset)
    }

    /// F2: the computer plays the move of the person to move. Not in a
    /// network game (see [`super::hint`]).
    pub fn play_for_me(&mut self) -> Result<(), Refusal<G::RuleViolation>> {
        if self.is_remote() {
            return Err(Refusal::NoHelpOnline);
        }
        if !self.human_to_move() {
            return Err(Refusal::NotYourTurn);
        }
        self.stop_hinting();
        let seat = self.to_move();
        let player = super::computer::player_with_table::<G>(self.level, super::computer::HINT_TT_MB);
        let view = self.view_of(seat);
        let seed = self.search_seed(0xf2);
        self.thinking_level = 0;
        self.thinking = Some(Thinking::start(player, view, seat, self.ply(), seed, self.min_delay));
        self.legal.clear();
        Ok(())
    }

    /// F7: the computer looks for the move it would play for the person to
    /// move, at the same level as [`Session::play_for_me`], in the
    /// background; [`Session::hint`] gives it once found. Asking again
    /// looks again. Not in a network game (see [`super::hint`]).
    pub fn ask_hint(&mut self) -> Result<(), Refusal<G::RuleViolation>> {
        if self.is_remote() {
            return Err(Refusal::NoHelpOnline);
        }
        if !self.human_to_move() {
            return Err(Refusal::NotYourTurn);
        }
        self.stop_hinting();
        self.hint = None;
        let seat = self.to_move();
        let player = super::computer::player_with_table::<G>(self.level, super::computer::HINT_TT_MB);
        let view = self.view_of(seat);
        let seed = self.search_seed(0xf7);
        self.hinting = Some(Thinking::start(player, view, seat, self.ply(), seed, Duration::ZERO));
        Ok(())
    }

    /// Whether a hint is being looked for.
    pub fn hinting(&self) -> bool {
        self.hinting.is_some()
    }

    /// The hint for the person to move, while the position it was found
    /// for stands and that person may move.
    pub fn hint(&self) -> Option<&Hint<G::Move>> {
        let hint = self.hint.as_ref()?;
        let current = hint.current(self.to_move(), self.ply()).is_some() && self.human_to_move();
        current.then_some(hint)
    }

    /// F3: the computer takes over every seat at this computer, or gives
    /// them back.
    pub fn toggle_demo(&mut self) -> bool {
        match self.before_demo.take() {
            Some(kinds) => {
                self.set_seats(kinds);
                false
            }
            None => {
                let kinds = [self.seats[0].kind(), self.seats[1].kind()];
                self.before_demo = Some(kinds);
                self.set_seats(kinds.map(|k| if k == SeatKind::Human { SeatKind::Computer } else { k }));
                true
            }
        }
    }

    /// Whether the demo (F3) has taken over.
    pub fn in_demo(&self) -> bool {
        self.before_demo.is_some()
    }

    /// F5: two people at this computer, or back to playing the computer
    /// (which takes the seat not the person's). Local matches only.
    pub fn toggle_two_players(&mut self) -> Result<(), Refusal<G::RuleViolation>> {
        if self.is_remote() {
            return Err(Refusal::NotOnline);
        }
        self.before_demo = None;
        let kinds = [self.seats[0].kind(), self.seats[1].kind()];
        let next = if kinds == [SeatKind::Human; 2] {
            let mut k = [SeatKind::Computer; 2];
            k[self.home.index() & 1] = SeatKind::Human;
            k
        } else {
            [SeatKind::Human; 2]
        };
        self.set_seats(next);
        Ok(())
    }

    fn set_seats(&mut self, kinds: [SeatKind; 2]) {
        for (seat, kind) in self.seats.iter_mut().zip(kinds) {
            if seat.kind() != kind {
                *seat = SeatDriver::of_kind(kind);
            }
        }
        // A search for a seat now played by a person stops.
        if let Some(t) = &self.thinking
            && self.seat_kind(t.seat) != SeatKind::Computer
        {
            self.stop_thinking();
        }
        self.refresh_legal();
    }

    /// F4: the next AI level (10 wraps to 1). The computer's players start
    /// afresh at it.
    pub fn cycle_level(&mut self) -> u8 {
        self.set_level(self.level % 10 + 1);
        self.level
    }

    /// Sets the AI level (brought within 1..=10).
    pub fn set_level(&mut self, level: u8) {
        self.level = level.clamp(1, 10);
        for seat in &mut self.seats {
            if let SeatDriver::Computer(slot) = seat {
                *slot = None;
            }
        }
    }

    /// The viewer gives up (Strategy Chess's forfeit): the other seat wins.
    pub fn resign(&mut self) -> Result<Happening<G>, Refusal<G::RuleViolation>> {
        let seat = self.viewer();
        self.stop_thinking();
        if self.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        if let Arbiter::Local { referee, .. } = &mut self.arbiter {
            referee.resign(seat)?;
        } else {
            self.send_remote(LocalEvent::Resign)?;
        }
        self.refresh_legal();
        Ok(Happening::Reset)
    }

    /// Leaving the screen: stop the computer, tell the network.
    pub fn leave(&mut self) {
        self.stop_thinking();
        if let Arbiter::Remote { link, .. } = &self.arbiter {
            let _ = link.outgoing.send(LocalEvent::Leave);
        }
    }
}

impl<G: Observe + Evaluate> Drop for Session<G> {
    fn drop(&mut self) {
        self.stop_thinking();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;
    use game_core::nim::{Nim, NimRules};
    use std::sync::mpsc::channel;
    use std::time::Instant;

    fn nim_start() -> StartMaker<Nim> {
        Box::new(|_| Nim::start(&NimRules::default(), &[]).map(|g| (g, Vec::new())))
    }

    /// Ticks until `done` holds (the computer thinks on a thread).
    fn run_until(session: &mut Session<Nim>, done: impl Fn(&Session<Nim>) -> bool) -> usize {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut played = 0;
        while !done(session) {
            assert!(Instant::now() < deadline, "timed out");
            played += session.tick(false).iter().filter(|h| matches!(h, Happening::Played { .. })).count();
            std::thread::sleep(Duration::from_millis(1));
        }
        played
    }

    fn versus_computer() -> Session<Nim> {
        let mut s =
            Session::local(nim_start(), [SeatKind::Human, SeatKind::Computer], Seat::FIRST, 3, 11).unwrap();
        s.set_min_delay(Duration::ZERO);
        s
    }

    #[test]
    fn each_seat_keeps_its_own_last_move() {
        let (one, two) = (Seat::FIRST, Seat::SECOND);
        // A free turn: the first seat moved twice running.
        let moves = [(one, 1), (two, 2), (one, 3), (one, 4)];
        assert_eq!(last_of_each_seat(moves.into_iter()), [Some(4), Some(2)]);
        assert_eq!(last_of_each_seat([(one, 1)].into_iter()), [Some(1), None]);
        assert_eq!(last_of_each_seat(std::iter::empty::<(Seat, u8)>()), [None, None]);
    }

    #[test]
    fn the_computer_replies_and_undo_takes_back_both_moves() {
        let mut s = versus_computer();
        assert_eq!(s.viewer(), Seat::FIRST);
        assert!(s.human_to_move());
        let mv = s
            .legal()
            .iter()
            .copied()
            .find(|m| Nim::start(&NimRules::default(), &[]).unwrap().format_move(*m) == "2-1")
            .unwrap();
        assert!(matches!(s.play(mv), Ok(Happening::Played { .. })));
        assert!(!s.human_to_move());
        assert!(s.play(mv).is_err(), "not the person's turn now");
        run_until(&mut s, |s| s.human_to_move() || s.outcome().is_some());
        assert!(s.ply() >= 2);
        assert_eq!(s.history_item(0).map(|(seat, _)| seat), Some(Seat::FIRST));
        s.undo().unwrap();
        assert_eq!(s.ply(), 0, "the person's move and the reply are gone");
        assert!(s.human_to_move());
        assert!(s.undo().is_err());
    }

    #[test]
    fn a_demo_plays_to_the_end_and_toggles_back() {
        let mut s = versus_computer();
        assert!(s.toggle_demo());
        assert!(!s.human_to_move());
        run_until(&mut s, |s| s.outcome().is_some());
        assert!(s.history_len() > 0);
        assert!(!s.toggle_demo());
        assert_eq!(s.seat_kind(Seat::FIRST), SeatKind::Human);
        s.new_game().unwrap();
        assert_eq!(s.ply(), 0);
        assert!(s.human_to_move());
    }

    #[test]
    fn only_a_computer_playing_a_person_keeps_its_player() {
        let held =
            |s: &Session<Nim>| s.seats.iter().filter(|d| matches!(d, SeatDriver::Computer(Some(_)))).count();
        let mut s = versus_computer();
        let mv = s.legal()[0];
        s.play(mv).unwrap();
        run_until(&mut s, |s| s.human_to_move() || s.outcome().is_some());
        if s.outcome().is_none() {
            assert_eq!(held(&s), 1, "kept (with its table) for its next move");
        }
        // Two computers: neither holds a player (and a table) between moves.
        let mut demo =
            Session::local(nim_start(), [SeatKind::Computer, SeatKind::Computer], Seat::FIRST, 3, 11)
                .unwrap();
        demo.set_min_delay(Duration::ZERO);
        run_until(&mut demo, |s| {
            assert_eq!(held(s), 0);
            s.outcome().is_some()
        });
        assert!(demo.history_len() > 1);
    }

    #[test]
    fn two_players_take_turns_and_the_viewer_follows_the_turn() {
        let mut s = versus_computer();
        s.toggle_two_players().unwrap();
        assert_eq!(s.seat_kind(Seat::SECOND), SeatKind::Human);
        let mv = s.legal()[0];
        s.play(mv).unwrap();
        assert_eq!(s.viewer(), s.to_move());
        assert!(s.human_to_move(), "the other person moves now");
        s.undo().unwrap();
        assert_eq!(s.ply(), 0, "one move back with two players");
        s.toggle_two_players().unwrap();
        assert_eq!(s.seat_kind(Seat::SECOND), SeatKind::Computer);
        assert_eq!(s.cycle_level(), 4);
    }

    #[test]
    fn play_for_me_moves_for_the_person() {
        let mut s = versus_computer();
        s.play_for_me().unwrap();
        run_until(&mut s, |s| s.ply() >= 1);
        assert_eq!(s.history_item(0).map(|(seat, _)| seat), Some(Seat::FIRST));
    }

    #[test]
    fn a_hint_is_shown_not_played_and_goes_with_the_next_move() {
        let mut s = versus_computer();
        s.ask_hint().unwrap();
        assert!(s.hinting() && s.human_to_move(), "the person may move while it thinks");
        run_until(&mut s, |s| s.hint().is_some());
        assert_eq!(s.ply(), 0, "a hint plays nothing");
        let hint = s.hint().unwrap().clone();
        assert!(s.legal().contains(&hint.mv));
        let start = Nim::start(&NimRules::default(), &[]).unwrap();
        assert_eq!(hint.notation, start.format_move(hint.mv));
        s.play(hint.mv).unwrap();
        assert!(s.hint().is_none(), "the hint went with the move");
        // Asked, then a move before the answer: the answer is dropped.
        run_until(&mut s, |s| s.human_to_move() || s.outcome().is_some());
        if s.outcome().is_none() {
            s.ask_hint().unwrap();
            let mv = s.legal()[0];
            s.play(mv).unwrap();
            assert!(!s.hinting(), "the search stopped");
            run_until(&mut s, |s| s.human_to_move() || s.outcome().is_some());
            assert!(s.hint().is_none());
        }
        s.new_game().unwrap();
        assert!(s.hint().is_none());
        // A hint goes with an undo too: the same ply may come back with
        // other moves.
        s.ask_hint().unwrap();
        run_until(&mut s, |s| s.hint().is_some());
        let mv = s.legal()[0];
        s.play(mv).unwrap();
        run_until(&mut s, |s| s.human_to_move() || s.outcome().is_some());
        s.undo().unwrap();
        assert_eq!(s.ply(), 0);
        assert!(s.hint().is_none(), "the hint went with the undo");
    }

    #[test]
    fn no_hint_before_the_persons_turn() {
        let mut s =
            Session::local(nim_start(), [SeatKind::Computer, SeatKind::Human], Seat::SECOND, 3, 11).unwrap();
        assert!(matches!(s.ask_hint(), Err(Refusal::NotYourTurn)));
        assert!(matches!(s.play_for_me(), Err(Refusal::NotYourTurn)));
    }

    #[test]
    fn a_remote_seat_moves_through_the_link() {
        let (to_screen, incoming) = channel();
        let (outgoing, from_screen) = channel();
        let start = Nim::start(&NimRules::default(), &[]).unwrap();
        let link: RemoteLink<Nim> = RemoteLink {
            seat: Seat::SECOND,
            view: start.view(Seat::SECOND),
            history: vec![],
            incoming,
            outgoing,
            log: Default::default(),
        };
        let mut s = Session::remote(link, 3, 5);
        assert!(!s.human_to_move(), "the first seat is on the other computer");
        let mut after = start.clone();
        let mv = after.parse_move("1-1").unwrap();
        after.play(mv);
        to_screen
            .send(RemoteEvent::Update {
                view: after.view(Seat::SECOND),
                played: Some(RemoteMove { seat: Seat::FIRST, mv: Some(mv), notation: "1-1".into() }),
            })
            .unwrap();
        assert!(matches!(s.tick(false).as_slice(), [Happening::Played { .. }]));
        assert_eq!(s.history_item(0), Some((Seat::FIRST, "1-1")));
        assert!(s.human_to_move());
        let reply = s.legal()[0];
        s.play(reply).unwrap();
        assert_eq!(from_screen.try_recv().unwrap(), LocalEvent::Move { ply: 1, mv: reply });
        assert!(!s.human_to_move(), "waiting for the server");
        assert!(s.undo().is_err() && s.new_game().is_err() && s.toggle_two_players().is_err());
        assert!(matches!(s.play_for_me(), Err(Refusal::NoHelpOnline)), "no help against a person");
        assert!(matches!(s.ask_hint(), Err(Refusal::NoHelpOnline)));
        drop(to_screen);
        s.tick(false);
        assert!(s.notice().is_some_and(|n| n.contains("connection")));
    }
}
