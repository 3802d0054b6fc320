//! The public record of a game: every move, and every battle with both
//! ranks.
//!
//! Pieces are named by the squares they stood on, which are public, so the
//! record says nothing a player could not see for themselves.

use crate::combat::Clash;
use crate::rank::{Colour, Rank};
use crate::square::Square;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// A battle as both players saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Battle {
    /// The striking piece's rank.
    pub attacker: Rank,
    /// The struck piece's rank.
    pub defender: Rank,
    /// What became of them.
    pub clash: Clash,
}

/// One move as both players saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PublicEvent {
    /// Who moved.
    pub colour: Colour,
    /// Where the piece came from.
    pub from: Square,
    /// Where it went (or which square it struck).
    pub to: Square,
    /// The battle, if the move struck a piece.
    pub battle: Option<Battle>,
}

impl PublicEvent {
    /// The move in notation: `b4-b5`, or `b4xb5` for a strike.
    pub fn notation(&self) -> String {
        let sep = if self.battle.is_some() { 'x' } else { '-' };
        format!("{}{sep}{}", self.from, self.to)
    }
}

/// The list of public events, shared cheaply between a position, its views
/// and the positions sampled from them.
///
/// Only a position that logs ([`crate::StrategyChess::logs_history`]) adds
/// to it; positions made for search by [`game_core::Observe::sample`] keep
/// the history they were made with, so that search never allocates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PublicHistory(Arc<Vec<PublicEvent>>);

impl PublicHistory {
    /// The events, oldest first.
    pub fn events(&self) -> &[PublicEvent] {
        &self.0
    }

    /// How many events there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nothing happened yet.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The last battle on record.
    pub fn last_battle(&self) -> Option<&PublicEvent> {
        self.0.iter().rev().find(|e| e.battle.is_some())
    }

    pub(crate) fn push(&mut self, event: PublicEvent) {
        Arc::make_mut(&mut self.0).push(event);
    }
}

impl From<Vec<PublicEvent>> for PublicHistory {
    fn from(events: Vec<PublicEvent>) -> Self {
        PublicHistory(Arc::new(events))
    }
}

impl Serialize for PublicHistory {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for PublicHistory {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<PublicEvent>::deserialize(deserializer).map(PublicHistory::from)
    }
}
