//! What a network game has besides moves: the chat, draw offers, and an
//! opponent who lost the connection (and may be claimed against once the
//! server's grace period is over). Pure state; the session feeds it
//! events with the time, so tests set the clock.

use crate::clock::Instant;
use game_core::Seat;
use std::time::Duration;

/// Chat lines kept (the oldest go first).
pub const MAX_LINES: usize = 200;

/// One line of the chat pane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// Who wrote it; `None` for the game's own notes ("Blue offers a
    /// draw").
    pub from: Option<Seat>,
    /// The text.
    pub text: String,
}

/// Where a draw offer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// Nobody offers one.
    None,
    /// This seat offered; it lapses with the next move.
    Mine,
    /// The opponent offers; this seat may accept until the next move.
    Theirs,
}

/// The chat and the state around the moves of a network game.
#[derive(Clone, Debug)]
pub struct Talk {
    lines: Vec<ChatLine>,
    offer: DrawOffer,
    /// The opponent who lost the connection, and when their grace ends.
    away: Option<(Seat, Instant)>,
}

impl Default for Talk {
    fn default() -> Self {
        Talk::new()
    }
}

impl Talk {
    /// An empty chat.
    pub fn new() -> Self {
        Talk { lines: Vec::new(), offer: DrawOffer::None, away: None }
    }

    fn push(&mut self, line: ChatLine) {
        if self.lines.len() == MAX_LINES {
            self.lines.remove(0);
        }
        self.lines.push(line);
    }

    /// A line from `from` (either seat: the opponent's, or this seat's own
    /// as sent).
    pub fn said(&mut self, from: Seat, text: impl Into<String>) {
        self.push(ChatLine { from: Some(from), text: text.into() });
    }

    /// A note from the game itself.
    pub fn note(&mut self, text: impl Into<String>) {
        self.push(ChatLine { from: None, text: text.into() });
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> &[ChatLine] {
        &self.lines
    }

    /// Where a draw offer stands.
    pub fn offer(&self) -> DrawOffer {
        self.offer
    }

    /// Notes an offer made or received.
    pub fn set_offer(&mut self, offer: DrawOffer) {
        self.offer = offer;
    }

    /// A move was played: a standing offer lapses.
    pub fn move_played(&mut self) {
        self.offer = DrawOffer::None;
    }

    /// `seat` lost the connection at `now`; it has `grace` to come back.
    pub fn opponent_left(&mut self, seat: Seat, grace: Duration, now: Instant) {
        self.away = Some((seat, now + grace));
    }

    /// The opponent came back.
    pub fn opponent_back(&mut self) {
        self.away = None;
    }

    /// The opponent who is away and how long until the game may be
    /// claimed (zero once it may).
    pub fn away(&self, now: Instant) -> Option<(Seat, Duration)> {
        self.away.map(|(seat, until)| (seat, until.saturating_duration_since(now)))
    }

    /// Whether the game may be claimed now.
    pub fn can_claim(&self, now: Instant) -> bool {
        self.away(now).is_some_and(|(_, left)| left.is_zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_lapse_with_a_move_and_the_claim_waits_for_the_grace() {
        let mut talk = Talk::new();
        talk.set_offer(DrawOffer::Theirs);
        talk.move_played();
        assert_eq!(talk.offer(), DrawOffer::None);
        let t0 = Instant::now();
        talk.opponent_left(Seat::SECOND, Duration::from_secs(60), t0);
        assert_eq!(talk.away(t0 + Duration::from_secs(20)), Some((Seat::SECOND, Duration::from_secs(40))));
        assert!(!talk.can_claim(t0 + Duration::from_secs(59)));
        assert!(talk.can_claim(t0 + Duration::from_secs(60)));
        talk.opponent_back();
        assert!(talk.away(t0).is_none() && !talk.can_claim(t0 + Duration::from_secs(99)));
    }

    #[test]
    fn the_chat_keeps_its_latest_lines() {
        let mut talk = Talk::new();
        for i in 0..MAX_LINES + 5 {
            talk.said(Seat::FIRST, format!("line {i}"));
        }
        talk.note("Blue offers a draw");
        assert_eq!(talk.lines().len(), MAX_LINES);
        assert_eq!(talk.lines()[0].text, "line 6");
        assert_eq!(talk.lines().last().unwrap().from, None);
    }
}
