//! The computer thinking without a thread (in a web page): its search
//! runs a slice at a time in the frames that poll it, so the page keeps
//! drawing (see `ai::sliced`). The same calls as the worker thread of
//! [`super::computer`], which uses this type in a web page.

use crate::clock::Instant;
use ai::ComputerPlayer;
use ai::sliced::SlicedSearch;
use game_core::{Evaluate, Observe, Seat};
use std::time::Duration;

/// The search time of one poll: with the drawing, a frame stays near the
/// page's 60 frames a second.
pub const SLICE: Duration = Duration::from_millis(12);

/// What a poll of a search found (of this [`Thinking`] or of the worker
/// thread's, `super::computer::Thinking`).
pub enum Poll<G: Observe + Evaluate> {
    /// Still searching, or holding its move until the display delay passes.
    Pending,
    /// The move (None: the game was over), and the player back.
    Done(ComputerPlayer<G>, Option<G::Move>),
    /// The thread died without answering (a bug in a search).
    Lost,
}

/// A search for one seat at one ply, thought out a slice per poll.
pub struct Thinking<G: Observe + Evaluate> {
    /// The seat the computer moves for.
    pub seat: Seat,
    /// The ply the move is for; a result for another ply is dropped.
    pub ply: usize,
    started: Instant,
    min_delay: Duration,
    player: Option<ComputerPlayer<G>>,
    search: SlicedSearch<G>,
    ready: Option<Option<G::Move>>,
}

impl<G: Observe + Evaluate> Thinking<G> {
    /// Starts `player` thinking about `view` (the seat's view only) with
    /// `seed`; each [`Thinking::poll`] thinks for a [`SLICE`]. Its move is
    /// held back until `min_delay` has passed since the start.
    pub fn start(
        player: ComputerPlayer<G>,
        view: G::View,
        seat: Seat,
        ply: usize,
        seed: u64,
        min_delay: Duration,
    ) -> Self {
        let search = player.start_sliced(view, seed);
        Thinking { seat, ply, started: Instant::now(), min_delay, player: Some(player), search, ready: None }
    }

    /// Thinks for a slice, unless the move is found; then hands it over
    /// once the display delay has passed.
    pub fn poll(&mut self) -> Poll<G> {
        if self.ready.is_none() {
            let Some(player) = self.player.as_mut() else { return Poll::Lost };
            match player.think_slice(&mut self.search, SLICE) {
                Some(result) => self.ready = Some(result.best_move),
                None => return Poll::Pending,
            }
        }
        if self.started.elapsed() < self.min_delay {
            return Poll::Pending;
        }
        match (self.player.take(), self.ready.take()) {
            (Some(player), Some(mv)) => Poll::Done(player, mv),
            _ => Poll::Lost,
        }
    }

    /// Seconds since the search started.
    pub fn elapsed(&self) -> f32 {
        self.started.elapsed().as_secs_f32()
    }

    /// Drops the search: nothing runs between polls, so nothing is left
    /// to stop.
    pub fn cancel(self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::computer::player_at;
    use game_core::Game;
    use stones::{Stones, StonesRules};

    #[test]
    fn a_sliced_search_answers_with_a_legal_move_after_the_delay() {
        let position = Stones::start(&StonesRules::default(), &[]).unwrap();
        let delay = Duration::from_millis(50);
        for level in [1, 6] {
            let mut thinking = Thinking::start(
                player_at::<Stones>(level),
                position.view(Seat::FIRST),
                Seat::FIRST,
                0,
                3,
                delay,
            );
            let deadline = Instant::now() + Duration::from_secs(30);
            let mv = loop {
                let started = Instant::now();
                let poll = thinking.poll();
                assert!(started.elapsed() < Duration::from_millis(200), "a poll keeps to about its slice");
                match poll {
                    // A frame's worth between polls, as in the page.
                    Poll::Pending if Instant::now() < deadline => {
                        std::thread::sleep(Duration::from_millis(2))
                    }
                    Poll::Pending => panic!("no answer in 30 s"),
                    Poll::Done(_, mv) => break mv,
                    Poll::Lost => panic!("lost"),
                }
            };
            assert!(position.check_move(mv.expect("a move")).is_ok(), "level {level}");
            assert!(thinking.elapsed() >= 0.05, "the move was held for the display delay");
        }
    }
}
