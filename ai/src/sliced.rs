//! Thinking a slice at a time, for a host with no threads (a web page):
//! the host calls [`ComputerPlayer::think_slice`] once a frame, and each
//! call returns within about the slice it is given.
//!
//! # How a move is thought out in slices
//!
//! The search deepens one depth at a time. A slice searches to the depth
//! after the deepest one completed so far; when that completes within the
//! slice, the next depth starts in the time left. A depth the slice's end
//! cuts short is searched again from the top in the next slice: the
//! player's transposition tables keep every subtree it completed, so the
//! search goes on where it stopped instead of starting over.
//!
//! # What a level means here
//!
//! A level is its depth and its node cap, as in `boardsuite match`
//! ([`Budget::reproducible`](crate::Budget::reproducible)); the level's
//! time cap, which on a desktop ends the search at the same wall-clock
//! time on any machine, becomes a safety net of [`TIME_CAP_FACTOR`] times
//! the thinking time. So a level is as strong as it is on the desktop and
//! takes longer on a slower host. The search runs on one engine (no
//! thread). Perfect play (a level with a solver) tries the solve in slices
//! for the share of the time cap it has on the desktop, then searches.

use crate::clock::Instant;
use crate::limits::SearchLimits;
use crate::player::ComputerPlayer;
use crate::score::MAX_PLY;
use crate::search::SearchResult;
use game_core::{Evaluate, Observe};
use std::time::Duration;

/// How many times its time cap a level may think, in slices, before it
/// plays the deepest search it completed.
pub const TIME_CAP_FACTOR: u32 = 3;

/// The least a level may think before the safety net ends it: levels with
/// short time caps still reach their depth on a slow host.
pub const LEAST_THINKING: Duration = Duration::from_secs(1);

/// One move being thought out a slice at a time (see the module notes).
#[derive(Debug)]
pub struct SlicedSearch<G: Observe + Evaluate> {
    view: G::View,
    seed: u64,
    /// The depth the next search goes to.
    depth: u32,
    /// The deepest depth the level searches.
    max_depth: u32,
    /// The result of the deepest search that completed.
    completed: Option<SearchResult<G::Move>>,
    /// The last search cut short, for a move when none completed.
    cut_short: Option<SearchResult<G::Move>>,
    /// Time spent thinking, over all slices.
    spent: Duration,
    /// Time spent trying to solve, over all slices.
    solving: Duration,
}

impl<G: Observe + Evaluate> SlicedSearch<G> {
    /// The time spent thinking so far, over all slices.
    pub fn spent(&self) -> Duration {
        self.spent
    }

    /// The depth of the deepest search completed so far (0: none yet).
    pub fn completed_depth(&self) -> u32 {
        self.completed.as_ref().map_or(0, |r| r.stats.depth)
    }
}

impl<G: Observe + Evaluate> ComputerPlayer<G> {
    /// Starts thinking about the move for the seat whose `view` this is,
    /// with `seed` (as [`ComputerPlayer::choose_move`]); nothing is
    /// searched until [`ComputerPlayer::think_slice`].
    pub fn start_sliced(&self, view: G::View, seed: u64) -> SlicedSearch<G> {
        SlicedSearch {
            view,
            seed,
            depth: 1,
            max_depth: self.budget().depth.unwrap_or(u32::MAX).clamp(1, MAX_PLY as u32 - 1),
            completed: None,
            cut_short: None,
            spent: Duration::ZERO,
            solving: Duration::ZERO,
        }
    }

    /// Thinks about `search` for about `slice`, and returns the result
    /// once the move is decided (`best_move` is `None` only when the game
    /// is over). Call it again, with the same search, until it answers.
    pub fn think_slice(
        &mut self,
        search: &mut SlicedSearch<G>,
        slice: Duration,
    ) -> Option<SearchResult<G::Move>> {
        let slice_start = Instant::now();
        let budget = *self.budget();
        let time_cap = budget.time.unwrap_or(LEAST_THINKING);
        let safety = (time_cap * TIME_CAP_FACTOR).max(LEAST_THINKING);
        let solve_share = budget.exact.map(|play| play.limits(Some(time_cap), None));
        loop {
            let left = slice.saturating_sub(slice_start.elapsed());
            if left.is_zero() {
                return None;
            }
            if search.spent >= safety {
                return search.completed.take().or_else(|| search.cut_short.take());
            }
            let started = Instant::now();
            // The solve is tried for its share of the time cap, a slice at
            // a time; its table keeps what each try learnt.
            if let Some(share) = solve_share.as_ref().filter(|s| s.time.is_none_or(|t| search.solving < t)) {
                let limits = SearchLimits { time: Some(left), ..share.clone() };
                let found = self.try_exact(&search.view, search.seed, &limits);
                let took = started.elapsed();
                search.spent += took;
                search.solving += took;
                match found {
                    Ok(found) => return Some(found),
                    Err(_) if share.time.is_some() => continue,
                    // A solve without a time share is tried once.
                    Err(_) => search.solving = Duration::MAX,
                }
            }
            let limits =
                SearchLimits { depth: Some(search.depth), time: Some(left), nodes: budget.nodes, stop: None };
            let result = self.search_within(&search.view, search.seed, &limits, 1);
            search.spent += started.elapsed();
            let at_node_cap = budget.nodes.is_some_and(|cap| result.stats.nodes >= cap);
            if result.stats.stopped && !at_node_cap {
                // The slice ended this depth: search it again next slice.
                search.cut_short = Some(result);
                continue;
            }
            // The depth completed (or the search hit the level's node cap,
            // or found the game decided before the depth, as the search in
            // one piece would).
            let finished = at_node_cap
                || result.best_move.is_none()
                || result.stats.depth < search.depth
                || search.depth >= search.max_depth;
            search.completed = Some(result);
            if finished {
                return search.completed.take();
            }
            search.depth += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::levels::{DEFAULT_TABLE, at};
    use crate::{ComputerPlayer, Level};
    use game_core::nim::{Nim, NimMove, NimRules};
    use game_core::{Game, Observe, Seat};
    use std::time::Duration;

    /// Thinks in slices until the move comes; returns it and the slices.
    fn think(
        player: &mut ComputerPlayer<Nim>,
        position: &Nim,
        seed: u64,
        slice: Duration,
    ) -> (Option<NimMove>, usize) {
        let mut search = player.start_sliced(position.view(Seat::FIRST), seed);
        for slices in 1..100_000 {
            if let Some(result) = player.think_slice(&mut search, slice) {
                return (result.best_move, slices);
            }
        }
        panic!("no move after 100,000 slices");
    }

    #[test]
    fn a_move_in_slices_is_the_move_of_the_search_in_one_piece() {
        let position = Nim::start(&NimRules::default(), &[]).unwrap();
        for level in [1, 5, 10] {
            let level = Level::new(level).unwrap();
            let budget = at(&DEFAULT_TABLE, level).reproducible();
            let whole =
                ComputerPlayer::<Nim>::with_budget(budget).choose_move(&position.view(Seat::FIRST), 9, None);
            let mut player = ComputerPlayer::<Nim>::with_budget(budget);
            let (sliced, _) = think(&mut player, &position, 9, Duration::from_millis(5));
            assert_eq!(sliced, whole.best_move, "level {level:?}");
            assert!(position.check_move(whole.best_move.unwrap()).is_ok());
        }
    }
}
