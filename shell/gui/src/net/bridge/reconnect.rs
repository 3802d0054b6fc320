//! Taking a seat back after its connection was lost: a new connection
//! asks for the seat with its token every [`RECONNECT_EVERY`] for
//! [`RECONNECT_FOR`], each attempt given [`ANSWER_WITHIN`] to hear the
//! welcome and as long again for the answer. Timed by the clock the
//! bridge is handed, so a web page reconnects by its frames' time.

use crate::clock::Instant;
use std::time::Duration;

/// How long a lost seat tries to reconnect.
pub const RECONNECT_FOR: Duration = Duration::from_secs(60);
/// How long after a failed attempt the next one starts.
pub const RECONNECT_EVERY: Duration = Duration::from_secs(2);
/// How long an attempt waits for the welcome, then for the answer.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);

/// A seat being taken back.
pub struct Reconnect<C> {
    /// The game code.
    pub code: String,
    /// The seat's token.
    pub token: String,
    /// Why the connection was lost (told if the seat cannot be taken back).
    pub reason: String,
    /// When to give up.
    pub until: Instant,
    /// When the next attempt may start.
    pub next_try: Instant,
    /// The attempt under way.
    pub attempt: Option<Attempt<C>>,
}

/// One new connection asking for the seat.
pub struct Attempt<C> {
    /// The connection.
    pub client: C,
    answer_by: Instant,
}

impl<C> Attempt<C> {
    /// An attempt started at `now`.
    pub fn new(client: C, now: Instant) -> Self {
        Attempt { client, answer_by: now + ANSWER_WITHIN }
    }

    /// The server welcomed it at `now`: its answer gets the time again.
    pub fn heard_welcome(&mut self, now: Instant) {
        self.answer_by = now + ANSWER_WITHIN;
    }

    /// Whether the answer is overdue at `now`.
    pub fn too_late(&self, now: Instant) -> bool {
        now >= self.answer_by
    }
}

impl<C> Reconnect<C> {
    /// Starts reconnecting at `now` (the first attempt at once).
    pub fn new(code: String, token: String, reason: String, now: Instant) -> Self {
        Reconnect { code, token, reason, until: now + RECONNECT_FOR, next_try: now, attempt: None }
    }

    /// `attempt` failed at `now`: the next one after [`RECONNECT_EVERY`].
    pub fn retry_later(&mut self, attempt: Attempt<C>, now: Instant) {
        drop(attempt);
        self.attempt = None;
        self.next_try = now + RECONNECT_EVERY;
    }
}
