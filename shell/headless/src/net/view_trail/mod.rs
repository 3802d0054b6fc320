//! Views without their whole past: the `history` of a view travels once.
//!
//! A game's view may carry the public history of the game (Strategy Chess
//! does: every move and battle). Sent whole after every move, that is
//! quadratic traffic and, after a thousand plies, a line longer than a
//! client accepts. So the server sends each connection only the events of
//! a view's top-level `history` array that it has not sent it yet, and
//! says where they start ([`ServerMessage::View`]'s `history_from`); the
//! client splices them onto what it kept and hands on the whole view.
//!
//! This holds for any game whose view has a `history` array that only
//! grows at its end. If it ever changes otherwise (checked by its last sent
//! event), the whole view goes out again, so the client never rebuilds a
//! wrong view.
//!
//! ```
//! use serde_json::json;
//! use headless::net::view_trail::{TrailKeeper, TrailSender};
//! let (mut sender, mut keeper) = (TrailSender::default(), TrailKeeper::default());
//! let mut first = json!({"seat": 0, "history": ["a4-a5"]});
//! assert_eq!(sender.shorten(&mut first), None);
//! keeper.restore(&mut first, None).unwrap();
//! let mut second = json!({"seat": 0, "history": ["a4-a5", "a7-a6"]});
//! let from = sender.shorten(&mut second);
//! assert_eq!((from, &second["history"]), (Some(1), &json!(["a7-a6"])));
//! keeper.restore(&mut second, from).unwrap();
//! assert_eq!(second["history"], json!(["a4-a5", "a7-a6"]));
//! ```
//!
//! The server does not even turn the events a connection has into JSON:
//! [`TrailSender::skippable`] says how many it may pass over, and
//! [`skip::to_value_skipping_history`] writes the view without them.
//!
//! [`ServerMessage::View`]: crate::protocol::ServerMessage::View

pub mod skip;

use crate::protocol::ProtocolError;
use serde::Serialize;
use serde_json::Value;

/// The field of a view that travels as a trail.
pub const HISTORY_FIELD: &str = "history";

fn history_mut(view: &mut Value) -> Option<&mut Vec<Value>> {
    view.as_object_mut()?.get_mut(HISTORY_FIELD)?.as_array_mut()
}

/// The server's side, one per connection and seat: what of the history
/// this connection already has.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrailSender {
    sent: usize,
    last: Option<Value>,
}

impl TrailSender {
    /// Drops from `view` the history events this connection already has,
    /// and returns how many were dropped (where the rest start), or `None`
    /// when the view goes out whole.
    pub fn shorten(&mut self, view: &mut Value) -> Option<usize> {
        self.shorten_after(view, 0).unwrap_or(None)
    }

    /// How many history events at the front of the next view this
    /// connection has and need not be turned into JSON at all: every one
    /// sent but the last, which is kept to check that the history only
    /// grew.
    pub fn skippable(&self) -> usize {
        self.sent.saturating_sub(1)
    }

    /// The view as JSON to send this connection, with the history cut as
    /// [`TrailSender::shorten`] cuts it, and where that history continues.
    /// Only the events that go out are turned into JSON, unless the
    /// history changed other than by growing: then the view is written
    /// again, whole.
    pub fn view_to_send<V: Serialize + ?Sized>(
        &mut self,
        view: &V,
    ) -> Result<(Value, Option<usize>), serde_json::Error> {
        let skipped = self.skippable();
        let mut json = skip::to_value_skipping_history(view, skipped)?;
        if let Ok(from) = self.shorten_after(&mut json, skipped) {
            return Ok((json, from));
        }
        let mut whole = serde_json::to_value(view)?;
        let from = self.shorten(&mut whole);
        Ok((whole, from))
    }

    /// [`TrailSender::shorten`] for a view whose history already lacks its
    /// first `skipped` events. `Err(())` when those were not events this
    /// connection has (the history changed), and nothing is changed.
    fn shorten_after(&mut self, view: &mut Value, skipped: usize) -> Result<Option<usize>, ()> {
        let Some(history) = history_mut(view) else {
            if skipped > 0 {
                return Err(());
            }
            *self = TrailSender::default();
            return Ok(None);
        };
        let len = skipped + history.len();
        // The last event sent must stand where it stood.
        let last_sent =
            self.sent.checked_sub(1).and_then(|i| i.checked_sub(skipped)).and_then(|i| history.get(i));
        let continues = self.sent <= len && last_sent.is_some() && last_sent == self.last.as_ref();
        if skipped > 0 && !continues {
            return Err(());
        }
        let from = continues.then_some(self.sent);
        self.last = history.last().cloned();
        self.sent = len;
        if let Some(from) = from {
            history.drain(..from - skipped);
        }
        Ok(from)
    }
}

/// The client's side: the history received so far, to splice new events
/// onto.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrailKeeper {
    kept: Vec<Value>,
}

impl TrailKeeper {
    /// Makes `view` whole again: with `from`, its `history` holds only the
    /// events from index `from` on, and the kept ones go before them.
    pub fn restore(&mut self, view: &mut Value, from: Option<usize>) -> Result<(), ProtocolError> {
        let Some(history) = history_mut(view) else {
            return match from {
                None => {
                    self.kept.clear();
                    Ok(())
                }
                Some(_) => Err(ProtocolError("a view continues a history it does not have".into())),
            };
        };
        match from {
            None => self.kept.clone_from(history),
            Some(from) if from <= self.kept.len() => {
                self.kept.truncate(from);
                self.kept.append(history);
                history.clone_from(&self.kept);
            }
            Some(from) => {
                return Err(ProtocolError(format!(
                    "a view continues its history at event {from}, but only {} were received",
                    self.kept.len()
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `view_to_send` gives what `shorten` gives on the whole view, for
    /// histories that grow, change, shrink and vanish.
    #[test]
    fn views_sent_without_serializing_the_known_history_are_the_same() {
        let histories: Vec<Option<Vec<u32>>> = vec![
            Some(vec![]),
            Some(vec![1]),
            Some(vec![1, 2]),
            Some(vec![1, 2, 3, 4]),
            Some(vec![1, 2, 3, 4]),
            Some(vec![1, 2, 3, 9, 5]),
            Some(vec![1, 2, 3, 9, 5, 6]),
            Some(vec![1, 2]),
            Some(vec![1, 2, 7]),
            None,
            Some(vec![1]),
            Some(vec![1, 3]),
        ];
        let (mut old, mut new) = (TrailSender::default(), TrailSender::default());
        let mut keeper = TrailKeeper::default();
        for history in histories {
            let view = match &history {
                Some(events) => json!({"seat": 1, "history": events}),
                None => json!({"seat": 1}),
            };
            let mut expected = view.clone();
            let expected_from = old.shorten(&mut expected);
            let (sent, from) = new.view_to_send(&view).unwrap();
            assert_eq!((&sent, from), (&expected, expected_from), "{history:?}");
            assert_eq!(new, old);
            let mut whole = sent;
            keeper.restore(&mut whole, from).unwrap();
            assert_eq!(whole, view);
        }
    }

    #[test]
    fn a_changed_history_goes_out_whole_and_views_without_one_pass_untouched() {
        let mut sender = TrailSender::default();
        let mut keeper = TrailKeeper::default();
        let mut a = json!({"history": [1, 2]});
        assert_eq!(sender.shorten(&mut a), None);
        keeper.restore(&mut a, None).unwrap();
        // Rewritten, not appended: whole again.
        let mut b = json!({"history": [1, 5, 6]});
        assert_eq!(sender.shorten(&mut b), None);
        assert_eq!(b["history"], json!([1, 5, 6]));
        keeper.restore(&mut b, None).unwrap();
        let mut c = json!({"history": [1, 5, 6, 7]});
        assert_eq!(sender.shorten(&mut c), Some(3));
        keeper.restore(&mut c, Some(3)).unwrap();
        assert_eq!(c["history"], json!([1, 5, 6, 7]));
        // A gap or a tail without a history is refused, never guessed.
        assert!(keeper.restore(&mut json!({"history": [9]}), Some(9)).is_err());
        assert!(keeper.restore(&mut json!({"seat": 1}), Some(0)).is_err());
        let mut plain = json!({"seat": 1});
        assert_eq!(sender.shorten(&mut plain), None);
        assert_eq!(plain, json!({"seat": 1}));
        // An empty history is sent whole (nothing to save).
        let mut fresh = TrailSender::default();
        assert_eq!(fresh.shorten(&mut json!({"history": []})), None);
        assert_eq!(fresh.shorten(&mut json!({"history": [1]})), None);
    }
}
