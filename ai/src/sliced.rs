//! Thinking a slice at a time, for a host with no threads (a web page):
//! the host calls [`ComputerPlayer::think_slice`] once a frame, and each
//! call returns within about the slice it is given.
//!
//! # How a move is thought out in slices
//!
//! The search deepens one depth at a time. A slice searches the depth
//! after the deepest one completed so far, and only that depth
//! ([`SearchLimits::from_depth`]): the shallower ones are in the player's
//! transposition table, which orders the moves as iterative deepening
//! would. When the depth completes within the slice, the next starts in
//! the time left. A depth the slice's end cuts short is searched again in
//! the next slice: the table keeps every subtree it completed, so the
//! search goes on near where it stopped. The level's node cap counts the
//! nodes of all slices.
//!
//! # What a level means here
//!
//! A level is its depth and its node cap, as in `boardsuite match`
//! ([`Budget::reproducible`](crate::Budget::reproducible)); the level's
//! time cap, which on a desktop ends the search at the same wall-clock
//! time on any machine, becomes a safety net of [`TIME_CAP_FACTOR`] times
//! the thinking time. So a level whose node cap ends its search on the
//! desktop is as strong as there and takes longer on a slower host; the
//! top level, which searches as deep as its time allows, gets twice its
//! time. The search runs on one engine (no thread). Perfect play (a level
//! with a solver) asks its book, then tries the solve a slice at a time
//! for the share of the time cap it has on the desktop, until the solver
//! gives up by itself (it does once a try is cut short, so in slices it
//! solves what fits in one slice), then searches.

use crate::clock::Instant;
use crate::limits::SearchLimits;
use crate::player::ComputerPlayer;
use crate::score::MAX_PLY;
use crate::search::SearchResult;
use game_core::{Evaluate, Observe};
use std::time::Duration;

/// How many times its time cap a level may think, in slices, before it
/// plays the deepest search it completed.
pub const TIME_CAP_FACTOR: u32 = 2;

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
    /// Nodes searched, over all slices (the level's node cap counts them).
    nodes: u64,
    /// Time spent trying to solve, over all slices.
    solving: Duration,
    /// The solve gave up, or its share of the time is spent.
    solve_done: bool,
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
            nodes: 0,
            solving: Duration::ZERO,
            solve_done: false,
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
            // The solve is tried a slice at a time for its share of the
            // time cap (its table keeps what each try learnt), until it
            // gives up by itself.
            if let Some(share) = solve_share.as_ref().filter(|_| !search.solve_done) {
                let limits = SearchLimits { time: Some(left), ..share.clone() };
                let found = self.try_exact(&search.view, search.seed, &limits);
                let took = started.elapsed();
                search.spent += took;
                search.solving += took;
                let cut_by_slice = took + Duration::from_millis(1) >= left;
                let share_left = share.time.is_some_and(|t| search.solving < t);
                match found {
                    Ok(found) => return Some(found),
                    Err(_) if cut_by_slice && share_left => return None,
                    Err(_) => search.solve_done = true,
                }
                continue;
            }
            // Only the depth not yet completed: the shallower ones are in
            // the table.
            let limits = SearchLimits {
                depth: Some(search.depth),
                time: Some(left),
                nodes: budget.nodes.map(|cap| cap.saturating_sub(search.nodes).max(1)),
                stop: None,
                from_depth: Some(search.depth),
            };
            let result = self.search_within(&search.view, search.seed, &limits, 1);
            search.spent += started.elapsed();
            search.nodes += result.stats.nodes;
            let at_node_cap = budget.nodes.is_some_and(|cap| search.nodes >= cap);
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

    #[test]
    fn a_search_of_one_depth_has_the_value_of_iterative_deepening_to_it() {
        use crate::{AlphaBeta, AlphaBetaConfig, SearchLimits, Searcher};
        use game_core::rng::seeded;
        use stones::{Stones, StonesRules};
        let mut position = Stones::start(&StonesRules::default(), &[]).unwrap();
        for mv in [3, 5, 2] {
            position.try_play(stones::Sow::pile(mv)).unwrap();
        }
        // A table that has seen the shallower depths (as in slices) and a
        // fresh one: the value at a depth is exact either way.
        let mut warm = AlphaBeta::<Stones>::new(AlphaBetaConfig::default());
        for depth in 1..=7 {
            let plain = AlphaBeta::<Stones>::new(AlphaBetaConfig::default()).search(
                &position,
                None,
                &SearchLimits::none().depth(depth),
                &mut seeded(1),
            );
            let limits = SearchLimits { from_depth: Some(depth), ..SearchLimits::none().depth(depth) };
            let alone = AlphaBeta::<Stones>::new(AlphaBetaConfig::default()).search(
                &position,
                None,
                &limits,
                &mut seeded(1),
            );
            let resumed = warm.search(&position, None, &limits, &mut seeded(1));
            assert_eq!((alone.value, alone.stats.depth), (plain.value, depth), "depth {depth}");
            assert_eq!((resumed.value, resumed.stats.depth), (plain.value, depth), "depth {depth}");
            assert!(
                resumed.stats.nodes < plain.stats.nodes || depth == 1,
                "the table spares the shallower depths"
            );
        }
    }
}
