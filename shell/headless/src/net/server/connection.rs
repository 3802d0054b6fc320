//! One client connection: the handshake, then every command checked and
//! run against the client's room.

use super::outbox::{self, Outbox};
use super::room::{Room, line};
use super::transport::{self, LinesIn};
use super::websocket;
use super::{Shared, lock};
use crate::net::line::LineError;
use crate::net::secrets::same_secret;
use crate::net::table::Refusal;
use crate::protocol::{
    ClientMessage, ErrorKind, MAX_CHAT_CHARS, PROTOCOL_VERSION, ServerMessage, decode_client, program_version,
};
use crate::record::save_file;
use game_core::Seat;
use serde_json::Value;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::{Instant, sleep, timeout, timeout_at};

/// Unreadable lines tolerated before the client is dropped.
const GARBAGE_LIMIT: u32 = 16;

/// How long a reader naps while a queue its client feeds is backed up.
const BACKPRESSURE_NAP: Duration = Duration::from_millis(2);

/// `wait` from now; a wait too long to represent is a year.
fn deadline_after(wait: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(wait).unwrap_or_else(|| now + Duration::from_secs(365 * 86_400))
}

/// Answers a connection over a limit with `reason` and closes it (a
/// WebSocket client hears it as a message, after its handshake).
pub(super) async fn refuse(mut stream: TcpStream, reason: &str, max_line: usize) {
    let refused = ServerMessage::Refused { reason: reason.into() };
    let wait = Duration::from_millis(200);
    if websocket::is_http(&stream, wait).await {
        if let Some((_, mut out)) = transport::open(stream, max_line, wait).await {
            let _ = out.send(&[line(&refused)], wait).await;
            out.finish(wait).await;
        }
        return;
    }
    let text = format!("{}\n", line(&refused));
    let _ = timeout(wait, stream.write_all(text.as_bytes())).await;
    let _ = stream.shutdown().await;
}

/// Serves one connection from `address` until it closes, the server stops
/// or the connection is killed.
pub(super) async fn run(shared: Arc<Shared>, stream: TcpStream, id: u64, address: IpAddr) {
    let _ = stream.set_nodelay(true);
    let config = &shared.config;
    // A WebSocket's handshake counts towards the time to say hello.
    let started = Instant::now();
    let Some((mut reader, write_half)) =
        transport::open(stream, config.max_line, config.handshake_timeout).await
    else {
        return;
    };
    let kill = Arc::new(watch::channel(false).0);
    let (outbox, writer) = outbox::open(
        id,
        config.outbox_capacity,
        config.write_timeout,
        Arc::clone(&kill),
        Arc::clone(&shared.counters.dropped),
    );
    let writer = tokio::spawn(writer.run(write_half));
    let mut conn = Connection {
        shared: Arc::clone(&shared),
        address,
        outbox,
        binding: None,
        garbage: 0,
        killed: kill.subscribe(),
        stop: shared.stop.subscribe(),
    };
    let linger = conn.serve(&mut reader, started).await;
    conn.leave();
    drop(conn);
    // The writer sends what is queued (an error reply, say), then ends.
    let out = writer.await.ok();
    if linger {
        // Our last words must not be lost to a reset when we close on
        // unread data: a client still sending its 10 MB line is read to
        // the end of it.
        reader.drain(out, Duration::from_millis(250), Duration::from_secs(2), 16 << 20).await;
    }
}

/// The seat a connection holds.
#[derive(Clone)]
struct Binding {
    room: Arc<Mutex<Room>>,
    seat: Seat,
}

struct Connection {
    shared: Arc<Shared>,
    /// The client's address.
    address: IpAddr,
    outbox: Outbox,
    binding: Option<Binding>,
    garbage: u32,
    /// Set when the connection is killed (see [`Outbox::kill`]).
    killed: watch::Receiver<bool>,
    /// Set when the server stops.
    stop: watch::Receiver<bool>,
}

/// Why no line came.
enum Silence {
    /// The line did not arrive in time.
    Timeout,
    /// The connection was killed or the server stops.
    Ended,
}

/// What to do after a command.
type Reply = Result<(), Refusal>;

fn refusal(kind: ErrorKind, reason: impl Into<String>) -> Refusal {
    Refusal::new(kind, reason)
}

impl Connection {
    fn send(&self, message: &ServerMessage) {
        self.outbox.send(line(message));
    }

    fn refuse(&self, refusal: Refusal) {
        self.shared.counters.refusals.fetch_add(1, Ordering::Relaxed);
        self.send(&ServerMessage::Error { kind: refusal.kind, reason: refusal.reason });
    }

    fn drop_client(&self, kind: ErrorKind, reason: String) {
        self.shared.counters.dropped.fetch_add(1, Ordering::Relaxed);
        self.refuse(refusal(kind, reason));
    }

    /// The next line, by `deadline`, unless the connection is killed or the
    /// server stops first.
    async fn next_line(
        &mut self,
        reader: &mut LinesIn,
        deadline: Instant,
    ) -> Result<Result<String, LineError>, Silence> {
        let (killed, stop) = (&mut self.killed, &mut self.stop);
        tokio::select! {
            line = timeout_at(deadline, reader.read_line()) => line.map_err(|_| Silence::Timeout),
            _ = killed.wait_for(|k| *k) => Err(Silence::Ended),
            _ = stop.wait_for(|s| *s) => Err(Silence::Ended),
        }
    }

    /// Runs the session; returns whether to linger before closing.
    async fn serve(&mut self, reader: &mut LinesIn, started: Instant) -> bool {
        let config = &self.shared.config;
        let (handshake, idle, max_line) = (config.handshake_timeout, config.idle_timeout, config.max_line);
        let hello_by = started.checked_add(handshake).unwrap_or_else(|| deadline_after(handshake));
        let hello = match self.next_line(reader, hello_by).await {
            Ok(Ok(text)) => decode_client(&text).ok(),
            _ => return false,
        };
        match hello {
            Some(ClientMessage::Hello { protocol, .. }) if protocol == PROTOCOL_VERSION => {
                self.send(&ServerMessage::Welcome { protocol: PROTOCOL_VERSION, server: program_version() });
            }
            Some(ClientMessage::Hello { protocol, .. }) => {
                self.send(&ServerMessage::Refused {
                    reason: format!(
                        "protocol version {protocol} is not supported: this server speaks {PROTOCOL_VERSION}"
                    ),
                });
                return true;
            }
            _ => {
                self.send(&ServerMessage::Refused { reason: "the first line must be a hello".into() });
                return true;
            }
        }
        loop {
            self.wait_for_readers().await;
            // Each line must be complete within the idle time, so a client
            // trickling bytes cannot hold a connection forever.
            match self.next_line(reader, deadline_after(idle)).await {
                Err(Silence::Ended) => return false,
                Err(Silence::Timeout) => {
                    self.drop_client(
                        ErrorKind::Timeout,
                        format!("silent for {} s; closing", idle.as_secs_f32()),
                    );
                    return false;
                }
                Ok(Ok(text)) if text.trim().is_empty() => {}
                Ok(Ok(text)) => match decode_client(&text) {
                    Ok(message) => {
                        if let Err(r) = self.handle(message) {
                            self.refuse(r);
                        }
                    }
                    Err(e) => {
                        if self.unreadable(e.to_string()) {
                            return true;
                        }
                    }
                },
                Ok(Err(LineError::TooLong)) => {
                    self.drop_client(
                        ErrorKind::LineTooLong,
                        format!("a line is longer than {max_line} bytes; closing"),
                    );
                    return true;
                }
                Ok(Err(LineError::NotUtf8)) => {
                    if self.unreadable("a line is not UTF-8".into()) {
                        return true;
                    }
                }
                Ok(Err(_)) => return false,
            }
        }
    }

    /// Counts an unreadable line (not UTF-8, not a message) towards
    /// [`GARBAGE_LIMIT`]: refuses it, or past the limit drops the client
    /// and returns true.
    fn unreadable(&mut self, problem: String) -> bool {
        self.garbage += 1;
        if self.garbage > GARBAGE_LIMIT {
            self.drop_client(ErrorKind::Protocol, format!("{problem}; too many unreadable lines, closing"));
            return true;
        }
        self.refuse(refusal(ErrorKind::Protocol, problem));
        false
    }

    /// Backpressure: while a queue this client's commands feed is backed
    /// up (its own, for the replies; its room's seats', for what it sends
    /// them), this client is not read, and its commands wait in its socket.
    /// So a client flooding chat lines or pings slows to the pace its
    /// recipients read, instead of filling their queues and getting them
    /// dropped however well they read. The wait is at most the write
    /// timeout: by then a recipient that reads nothing has been dropped by
    /// its writer.
    async fn wait_for_readers(&self) {
        let deadline = deadline_after(self.shared.config.write_timeout);
        while self.feeds_a_backed_up_queue()
            && Instant::now() < deadline
            && !*self.stop.borrow()
            && !*self.killed.borrow()
        {
            sleep(BACKPRESSURE_NAP).await;
        }
    }

    fn feeds_a_backed_up_queue(&self) -> bool {
        if self.outbox.is_backed_up() {
            return true;
        }
        let Some(binding) = &self.binding else { return false };
        lock(&binding.room).seats.iter().filter_map(|s| s.conn.as_ref()).any(Outbox::is_backed_up)
    }

    fn handle(&mut self, message: ClientMessage) -> Reply {
        match message {
            ClientMessage::Hello { .. } => Err(refusal(ErrorKind::Protocol, "hello was already said")),
            ClientMessage::Ping { nonce } => {
                self.send(&ServerMessage::Pong { nonce });
                Ok(())
            }
            ClientMessage::Create { game, rules, seat } => self.create(&game, &rules, seat),
            ClientMessage::Join { code } => self.join(&code),
            ClientMessage::Reconnect { code, token } => self.reconnect(&code, &token),
            other => {
                let binding = self.binding.clone().ok_or_else(|| {
                    refusal(ErrorKind::NotSeated, "create, join or reconnect to a game first")
                })?;
                let mut room = lock(&binding.room);
                let owns = room.seats[binding.seat.index()]
                    .conn
                    .as_ref()
                    .is_some_and(|c| c.conn == self.outbox.conn);
                if !owns {
                    drop(room);
                    self.binding = None;
                    return Err(refusal(ErrorKind::NotSeated, "another connection took over this seat"));
                }
                self.in_room(&mut room, binding.seat, other)
            }
        }
    }

    fn not_seated_yet(&self) -> Reply {
        match self.binding {
            Some(_) => Err(refusal(ErrorKind::AlreadySeated, "this connection already holds a seat")),
            None => Ok(()),
        }
    }

    fn create(&mut self, game: &str, rules: &Value, seat: Option<Seat>) -> Reply {
        self.not_seated_yet()?;
        let table = self.shared.config.games.open(game, rules)?;
        let seat = seat.unwrap_or(Seat::FIRST);
        if seat.index() >= table.seat_count() {
            return Err(refusal(
                ErrorKind::Protocol,
                format!("{game} has no seat {} (it has {})", seat.index() + 1, table.seat_count()),
            ));
        }
        let token = self.shared.secrets.token();
        let mut rooms = lock(&self.shared.rooms);
        let config = &self.shared.config;
        if rooms.len() >= config.max_rooms {
            return Err(refusal(
                ErrorKind::Busy,
                "the server holds as many games as it can; try again later",
            ));
        }
        // (A cap per address at or above the total never binds first.)
        if config.max_rooms_per_address < config.max_rooms {
            let mine = rooms.values().filter(|room| lock(room).creator == Some(self.address)).count();
            if mine >= config.max_rooms_per_address {
                return Err(refusal(
                    ErrorKind::Busy,
                    format!(
                        "{mine} games opened from your address are still open; finish or leave some first"
                    ),
                ));
            }
        }
        let Some(code) = (0..64).map(|_| self.shared.secrets.game_code()).find(|c| !rooms.contains_key(c))
        else {
            return Err(refusal(ErrorKind::Busy, "no free game code"));
        };
        let mut room = Room::new(code.clone(), table);
        room.creator = Some(self.address);
        room.seats[seat.index()].token = Some(token.clone());
        room.seats[seat.index()].connect(self.outbox.clone());
        self.send(&ServerMessage::Seated {
            game: room.table.game().to_string(),
            code: code.clone(),
            seat,
            token,
            rules: room.table.rules(),
            setup_required: room.table.needs_setup(seat),
        });
        let room = Arc::new(Mutex::new(room));
        rooms.insert(code, Arc::clone(&room));
        self.shared.counters.games_opened.fetch_add(1, Ordering::Relaxed);
        self.binding = Some(Binding { room, seat });
        Ok(())
    }

    fn find_room(&self, code: &str) -> Result<Arc<Mutex<Room>>, Refusal> {
        let code = code.trim().to_ascii_uppercase();
        lock(&self.shared.rooms)
            .get(&code)
            .cloned()
            .ok_or_else(|| refusal(ErrorKind::NoSuchGame, format!("no game has the code `{code}`")))
    }

    fn seated(&self, room: &Room, seat: Seat, token: String) -> ServerMessage {
        ServerMessage::Seated {
            game: room.table.game().to_string(),
            code: room.code.clone(),
            seat,
            token,
            rules: room.table.rules(),
            setup_required: room.table.needs_setup(seat),
        }
    }

    fn join(&mut self, code: &str) -> Reply {
        self.not_seated_yet()?;
        let room_arc = self.find_room(code)?;
        let mut room = lock(&room_arc);
        let seat = room
            .seats
            .iter()
            .position(|s| s.token.is_none())
            .map(|i| Seat(i as u8))
            .ok_or_else(|| refusal(ErrorKind::GameFull, "every seat of this game is taken"))?;
        let token = self.shared.secrets.token();
        let slot = &mut room.seats[seat.index()];
        slot.token = Some(token.clone());
        slot.connect(self.outbox.clone());
        self.send(&self.seated(&room, seat, token));
        let grace = self.shared.config.grace;
        for (i, other) in room.seats.iter().enumerate() {
            if i != seat.index() && other.token.is_some() {
                let other_seat = Seat(i as u8);
                self.send(&ServerMessage::OpponentJoined { seat: other_seat });
                // A seat whose holder has already gone: the newcomer hears
                // so, with the time it has left to come back.
                if let (None, Some(left_at)) = (&other.conn, other.left_at) {
                    let grace_ms = grace.saturating_sub(left_at.elapsed()).as_millis() as u64;
                    self.send(&ServerMessage::OpponentDisconnected { seat: other_seat, grace_ms });
                }
            }
        }
        room.send_to_others(seat, &ServerMessage::OpponentJoined { seat });
        room.send_views();
        drop(room);
        self.binding = Some(Binding { room: room_arc, seat });
        Ok(())
    }

    fn reconnect(&mut self, code: &str, token: &str) -> Reply {
        self.not_seated_yet()?;
        let room_arc = self.find_room(code)?;
        let mut room = lock(&room_arc);
        let seat = room
            .seats
            .iter()
            .position(|s| s.token.as_deref().is_some_and(|t| same_secret(t, token)))
            .map(|i| Seat(i as u8))
            .ok_or_else(|| refusal(ErrorKind::BadToken, "that token holds no seat in this game"))?;
        let slot = &mut room.seats[seat.index()];
        if let Some(old) = slot.conn.take() {
            old.kill();
        }
        slot.connect(self.outbox.clone());
        self.send(&self.seated(&room, seat, token.to_string()));
        if room.table.started() {
            self.send(&ServerMessage::History { moves: room.table.moves() });
        }
        room.send_view(seat);
        match room.game_over() {
            Some(over) => self.send(&over),
            None => {
                if let Some(by) = room.table.draw_offer().filter(|&by| by != seat) {
                    self.send(&ServerMessage::DrawOffered { by });
                }
            }
        }
        room.send_to_others(seat, &ServerMessage::OpponentReconnected { seat });
        drop(room);
        self.binding = Some(Binding { room: room_arc, seat });
        Ok(())
    }

    /// A command of a seated connection, with its room locked.
    fn in_room(&self, room: &mut Room, seat: Seat, message: ClientMessage) -> Reply {
        let needs_everyone = !matches!(message, ClientMessage::Setup { .. } | ClientMessage::Chat { .. });
        if needs_everyone && !room.full() {
            return Err(refusal(ErrorKind::NotStarted, "waiting for an opponent to join"));
        }
        match message {
            ClientMessage::Setup { setup } => {
                room.table.submit_setup(seat, &setup)?;
                self.send(&ServerMessage::SetupAccepted);
                room.send_views();
            }
            ClientMessage::Move { ply, notation } => {
                let played = room.table.submit_move(seat, ply, &notation)?;
                self.shared.counters.moves.fetch_add(1, Ordering::Relaxed);
                room.broadcast(&ServerMessage::MovePlayed { seat, ply, notation: played.notation });
                room.send_views();
                self.after_ending(room);
            }
            ClientMessage::Resign => {
                room.table.resign(seat)?;
                self.after_ending(room);
            }
            ClientMessage::OfferDraw => {
                let standing = room.table.draw_offer() == Some(seat);
                room.table.offer_draw(seat)?;
                // The same offer again is news to no one.
                if !standing {
                    room.send_to_others(seat, &ServerMessage::DrawOffered { by: seat });
                }
            }
            ClientMessage::AcceptDraw => {
                room.table.accept_draw(seat)?;
                self.after_ending(room);
            }
            ClientMessage::Chat { text } => {
                let text: String = text.chars().filter(|c| !c.is_control()).collect();
                let text = text.trim();
                if text.is_empty() || text.chars().count() > MAX_CHAT_CHARS {
                    return Err(refusal(
                        ErrorKind::BadChat,
                        format!("a chat line has 1 to {MAX_CHAT_CHARS} characters"),
                    ));
                }
                room.send_to_others(seat, &ServerMessage::Chat { from: seat, text: text.to_string() });
            }
            ClientMessage::ClaimAbandoned => {
                let grace = self.shared.config.grace;
                let gone = room
                    .seats
                    .iter()
                    .enumerate()
                    .find(|(i, s)| *i != seat.index() && s.conn.is_none())
                    .map(|(i, s)| (Seat(i as u8), s.left_at));
                let Some((gone, left_at)) = gone else {
                    return Err(refusal(ErrorKind::NotAbandoned, "your opponent is connected"));
                };
                let away = left_at.map_or(Duration::ZERO, |t| t.elapsed());
                if away < grace {
                    let left = (grace - away).as_millis();
                    return Err(refusal(
                        ErrorKind::TooEarly,
                        format!("{gone} may still come back: {left} ms left"),
                    ));
                }
                room.table.abandon(gone)?;
                self.after_ending(room);
            }
            ClientMessage::Hello { .. }
            | ClientMessage::Ping { .. }
            | ClientMessage::Create { .. }
            | ClientMessage::Join { .. }
            | ClientMessage::Reconnect { .. } => {
                return Err(refusal(ErrorKind::Protocol, "not a command inside a game"));
            }
        }
        Ok(())
    }

    /// Announces the end, if the game just ended, and writes its record.
    fn after_ending(&self, room: &mut Room) {
        let Some(over) = room.game_over() else { return };
        // The record is on disk before anyone hears the game is over.
        if let (Some(dir), false) = (&self.shared.config.record_dir, room.record_saved) {
            room.record_saved = true;
            if let Some(Ok(record)) = room.table.full_record() {
                let _ = save_file(&record, &dir.join(format!("{}.toml", room.code)));
            }
        }
        self.shared.counters.games_finished.fetch_add(1, Ordering::Relaxed);
        room.broadcast(&over);
    }

    /// Gives up the seat's connection; the others learn of it.
    fn leave(&mut self) {
        let Some(binding) = self.binding.take() else { return };
        let mut room = lock(&binding.room);
        let grace_ms = self.shared.config.grace.as_millis() as u64;
        let slot = &mut room.seats[binding.seat.index()];
        if slot.conn.as_ref().is_some_and(|c| c.conn == self.outbox.conn) {
            slot.conn = None;
            slot.left_at = Some(std::time::Instant::now());
            room.last_seen = std::time::Instant::now();
            if room.table.finish().is_none() {
                room.send_to_others(
                    binding.seat,
                    &ServerMessage::OpponentDisconnected { seat: binding.seat, grace_ms },
                );
            }
        }
    }
}
