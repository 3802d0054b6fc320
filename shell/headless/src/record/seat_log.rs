//! A network client's record: only what its seat saw.

use super::format::{GameRecord, RecordKind};
use crate::protocol::{Ending, ServerMessage};
use game_core::{Outcome, Seat};
use serde_json::Value;

/// Collects a seat's record from the messages its client receives. It never
/// holds more than the seat was sent: its own setup, the public notation of
/// the moves, the result.
#[derive(Clone, Debug, Default)]
pub struct SeatLog {
    game: String,
    seat: Option<Seat>,
    rules: Value,
    own_setup: Option<Value>,
    moves: Vec<String>,
    ending: Option<Ending>,
    outcome: Option<Outcome>,
}

impl SeatLog {
    /// An empty log.
    pub fn new() -> Self {
        SeatLog::default()
    }

    /// Notes the setup this seat sent.
    pub fn own_setup(&mut self, setup: &Value) {
        self.own_setup = Some(setup.clone());
    }

    /// Takes in one message from the server.
    pub fn observe(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Seated { game, seat, rules, .. } => {
                self.game = game.clone();
                self.seat = Some(*seat);
                self.rules = rules.clone();
            }
            ServerMessage::MovePlayed { ply, notation, .. } if *ply == self.moves.len() => {
                self.moves.push(notation.clone());
            }
            ServerMessage::History { moves } => {
                self.moves = moves.iter().map(|m| m.notation.clone()).collect();
            }
            ServerMessage::GameOver { ending, outcome } => {
                self.ending = Some(*ending);
                self.outcome = Some(*outcome);
            }
            _ => {}
        }
    }

    /// The moves seen so far, in public notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The seat's record, once it has been seated.
    pub fn record(&self) -> Option<GameRecord> {
        let seat = self.seat?;
        let rules = match toml::Value::try_from(&self.rules) {
            Ok(toml::Value::Table(t)) => t,
            _ => toml::Table::new(),
        };
        let mut setups = Vec::new();
        if let Some(setup) = self.own_setup.as_ref().and_then(|s| toml::Value::try_from(s).ok()) {
            setups.resize(seat.index() + 1, None);
            setups[seat.index()] = Some(setup);
        }
        Some(GameRecord {
            game: self.game.clone(),
            kind: RecordKind::Seat(seat),
            rules,
            seed: None,
            setups,
            moves: self.moves.clone(),
            ending: self.ending,
            outcome: self.outcome,
            final_hash: None,
        })
    }
}
