//! A game on the server: its table and who sits at it.

use super::outbox::Outbox;
use crate::net::table::Table;
use crate::net::view_trail::TrailSender;
use crate::protocol::{ServerMessage, encode};
use game_core::Seat;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

/// One seat of a room.
#[derive(Debug, Default)]
pub struct SeatSlot {
    /// The seat's secret, once someone sat down.
    pub token: Option<String>,
    /// The connection holding the seat, while connected.
    pub conn: Option<Outbox>,
    /// When the holder's connection was lost.
    pub left_at: Option<Instant>,
    /// What of the view's history the connection already has.
    pub trail: TrailSender,
}

impl SeatSlot {
    /// Gives the seat to a new connection, which has seen nothing yet.
    pub fn connect(&mut self, conn: Outbox) {
        self.conn = Some(conn);
        self.left_at = None;
        self.trail = TrailSender::default();
    }
}

/// A game and its seats. Locked as a whole; every send under the lock is a
/// non-blocking queue push.
pub struct Room {
    /// The game code.
    pub code: String,
    /// The game.
    pub table: Box<dyn Table>,
    /// Its seats, by index.
    pub seats: Vec<SeatSlot>,
    /// When the room last had a connected seat (for forgetting it).
    pub last_seen: Instant,
    /// Whether the full record was written.
    pub record_saved: bool,
    /// The address of the connection that opened it, if known.
    pub creator: Option<IpAddr>,
}

/// Encodes a message once for many recipients.
pub fn line(message: &ServerMessage) -> Arc<str> {
    match encode(message) {
        Ok(text) => text.into(),
        // Cannot happen for our own message types; never send a broken line.
        Err(e) => {
            format!(r#"{{"type":"error","kind":"protocol","reason":"server could not encode: {e}"}}"#).into()
        }
    }
}

impl Room {
    /// A room for `table`, with every seat free.
    pub fn new(code: String, table: Box<dyn Table>) -> Self {
        let seats = (0..table.seat_count()).map(|_| SeatSlot::default()).collect();
        Room { code, table, seats, last_seen: Instant::now(), record_saved: false, creator: None }
    }

    /// Sends to `seat`, if connected.
    pub fn send_to(&self, seat: Seat, message: &ServerMessage) {
        if let Some(conn) = self.seats.get(seat.index()).and_then(|s| s.conn.as_ref()) {
            conn.send(line(message));
        }
    }

    /// Sends to every connected seat.
    pub fn broadcast(&self, message: &ServerMessage) {
        let text = line(message);
        for conn in self.seats.iter().filter_map(|s| s.conn.as_ref()) {
            conn.send(Arc::clone(&text));
        }
    }

    /// Sends to every connected seat but `seat`.
    pub fn send_to_others(&self, seat: Seat, message: &ServerMessage) {
        let text = line(message);
        let others = self.seats.iter().enumerate().filter(|(i, _)| *i != seat.index());
        for conn in others.filter_map(|(_, slot)| slot.conn.as_ref()) {
            conn.send(Arc::clone(&text));
        }
    }

    /// Whether every seat has been taken.
    pub fn full(&self) -> bool {
        self.seats.iter().all(|s| s.token.is_some())
    }

    /// Whether any seat is connected.
    pub fn anyone_here(&self) -> bool {
        self.seats.iter().any(|s| s.conn.is_some())
    }

    /// Sends `seat` its own view, if play has started. Each seat's view is
    /// built from that seat's view only.
    pub fn send_view(&mut self, seat: Seat) {
        let Some(to_move) = self.table.to_move() else { return };
        let Some(slot) = self.seats.get_mut(seat.index()).filter(|s| s.conn.is_some()) else { return };
        let Some((view, history_from)) = self.table.view_to_send(seat, &mut slot.trail) else { return };
        let outcome = self.table.finish().map(|finish| finish.outcome());
        self.send_to(
            seat,
            &ServerMessage::View { ply: self.table.ply(), to_move, view, history_from, outcome },
        );
    }

    /// Sends every connected seat its own view, once play has started and
    /// every seat is taken.
    pub fn send_views(&mut self) {
        if !self.full() {
            return;
        }
        for i in 0..self.seats.len() {
            self.send_view(Seat(i as u8));
        }
    }

    /// The game-over message, if the game has ended.
    pub fn game_over(&self) -> Option<ServerMessage> {
        let finish = self.table.finish()?;
        Some(ServerMessage::GameOver { ending: finish.into(), outcome: finish.outcome() })
    }
}
