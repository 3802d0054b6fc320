//! Move ordering for alpha-beta: the table's move, then killers, then the
//! history heuristic.
//!
//! The search tries the table's move before ordering anything else (it
//! often cuts off alone); this module orders the rest.
//!
//! Good ordering makes the first move at most nodes the best one, which is
//! what lets principal-variation search prune. Ordering never changes the
//! value a search returns, only how fast it gets there.

use crate::score::MAX_PLY;
use game_core::{Game, Seat};

/// The most a move's history grows to (ordering keys: higher is tried
/// first).
const HISTORY_CAP: i64 = 1 << 59;

/// Killer moves per ply and a history table per seat, reused across
/// searches (history is halved between moves so it adapts).
#[derive(Clone, Debug)]
pub(crate) struct MoveOrdering<G: Game> {
    killers: Vec<[Option<G::Move>; 2]>,
    /// Indexed by `seat * MOVE_SLOTS + move_slot`.
    history: Vec<i64>,
}

impl<G: Game> MoveOrdering<G> {
    pub(crate) fn new() -> Self {
        MoveOrdering { killers: vec![[None, None]; MAX_PLY + 1], history: vec![0; 2 * G::MOVE_SLOTS.max(1)] }
    }

    /// Prepares for a new search: killers are forgotten (they belong to
    /// the old plies), history fades.
    pub(crate) fn new_search(&mut self) {
        self.killers.fill([None, None]);
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Where `seat`'s history of `mv` is kept. A slot at or past
    /// `MOVE_SLOTS` (which the game promises never to give) lands past the
    /// table or in the other seat's half: never used, or merely ordering.
    #[inline]
    fn history_index(seat: Seat, mv: G::Move) -> usize {
        (seat.index() & 1) * G::MOVE_SLOTS.max(1) + G::move_slot(mv)
    }

    /// The history of `seat`'s move `mv`.
    #[inline]
    fn history_of(&self, seat: Seat, mv: G::Move) -> i64 {
        self.history.get(Self::history_index(seat, mv)).copied().unwrap_or(0)
    }

    /// Fills `keys` with one ordering key per move of `moves`, the history
    /// of `seat`'s moves, for the moves from index `from` on (those before
    /// are already placed, killers among them, and get a placeholder).
    pub(crate) fn score(&self, seat: Seat, moves: &[G::Move], from: usize, keys: &mut Vec<i64>) {
        keys.clear();
        keys.extend(
            moves.iter().enumerate().map(|(i, &mv)| if i < from { 0 } else { self.history_of(seat, mv) }),
        );
    }

    /// The killers of `ply`, latest first (the second is only ever set
    /// after the first).
    #[inline]
    pub(crate) fn killers(&self, ply: usize) -> [Option<G::Move>; 2] {
        match self.killers.get(ply) {
            Some(&killers) => killers,
            None => [None, None],
        }
    }

    /// Remembers a move that caused a beta cutoff at `ply`, searched to
    /// `depth`.
    #[inline]
    pub(crate) fn reward_cutoff(&mut self, seat: Seat, ply: usize, depth: u32, mv: G::Move) {
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != Some(mv)
        {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let depth = i64::from(depth.min(40));
        if let Some(entry) = self.history.get_mut(Self::history_index(seat, mv)) {
            *entry = (*entry + depth * depth).min(HISTORY_CAP);
        }
    }
}

/// Moves the best remaining move (by key) to position `i` and returns it:
/// a selection sort done lazily, since most nodes cut off after one or two
/// moves.
#[inline]
pub(crate) fn pick_next<M: Copy>(moves: &mut [M], keys: &mut [i64], i: usize) -> M {
    // One length for both, so the loop needs no bounds checks; the best key
    // stays in a register. The first of equal keys wins.
    let count = moves.len().min(keys.len());
    let (moves, keys) = (&mut moves[..count], &mut keys[..count]);
    let mut best = i;
    let mut best_key = keys[i];
    for (j, &key) in keys.iter().enumerate().skip(i + 1) {
        if key > best_key {
            best = j;
            best_key = key;
        }
    }
    moves.swap(i, best);
    keys.swap(i, best);
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::nim::{Nim, NimMove};

    #[test]
    fn killers_then_history() {
        let mut ordering = MoveOrdering::<Nim>::new();
        let mv = |heap, take| NimMove { heap, take };
        let mut moves = vec![mv(0, 1), mv(0, 2), mv(1, 1), mv(1, 2), mv(2, 1)];
        ordering.reward_cutoff(Seat::FIRST, 3, 2, mv(1, 1));
        ordering.reward_cutoff(Seat::FIRST, 3, 2, mv(1, 2));
        ordering.reward_cutoff(Seat::FIRST, 0, 5, mv(0, 2)); // history only at ply 3
        assert_eq!(ordering.killers(3), [Some(mv(1, 2)), Some(mv(1, 1))], "the latest killer first");
        assert_eq!(ordering.killers(4), [None, None]);
        // The killers are placed (the search moves them to the front).
        moves.swap(0, 3);
        moves.swap(1, 2);
        let placed = 2;
        let mut keys = Vec::new();
        ordering.score(Seat::FIRST, &moves, placed, &mut keys);
        assert_eq!(keys.len(), moves.len());
        let order: Vec<NimMove> =
            (placed..moves.len()).map(|i| pick_next(&mut moves, &mut keys, i)).collect();
        assert_eq!(order[0], mv(0, 2), "the move with history first");
        // The other seat has no history, and killers are forgotten.
        ordering.new_search();
        ordering.score(Seat::SECOND, &order, 0, &mut keys);
        assert!(keys.iter().all(|&k| k == 0));
        assert_eq!(ordering.killers(3), [None, None]);
    }
}
