//! The computer thinking on a worker thread, so the window keeps its frame
//! rate, with cancellation and a minimum display delay. A web page has no
//! threads: there [`Thinking`] is [`super::sliced::Thinking`], which
//! thinks a slice per poll.
//!
//! The player (with its learnt tables) is lent to the thread for one
//! search and comes back with the move, so each seat keeps one
//! [`ComputerPlayer`] for the whole game.

#[cfg(not(target_arch = "wasm32"))]
use ai::StopSignal;
use ai::levels::{DEFAULT_TABLE, LevelTable};
use ai::{ComputerPlayer, Level};
#[cfg(not(target_arch = "wasm32"))]
use game_core::Seat;
use game_core::{Evaluate, Observe};
use headless::registry::GameKind;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc::{Receiver, TryRecvError, channel};
#[cfg(not(target_arch = "wasm32"))]
use {crate::clock::Instant, std::time::Duration};

pub use super::sliced::Poll;
#[cfg(target_arch = "wasm32")]
pub use super::sliced::Thinking;

/// A search running on a worker thread for one seat at one ply.
#[cfg(not(target_arch = "wasm32"))]
pub struct Thinking<G: Observe + Evaluate> {
    /// The seat the computer moves for.
    pub seat: Seat,
    /// The ply the move is for; a result for another ply is dropped.
    pub ply: usize,
    started: Instant,
    min_delay: Duration,
    stop: StopSignal,
    answer: Receiver<(ComputerPlayer<G>, Option<G::Move>)>,
    ready: Option<(ComputerPlayer<G>, Option<G::Move>)>,
}

#[cfg(not(target_arch = "wasm32"))]
impl<G: Observe + Evaluate> Thinking<G> {
    /// Starts `player` searching `view` (the seat's view only) with `seed`
    /// on a new thread. Its move is held back until `min_delay` has passed
    /// since the start, so people can follow the computer.
    pub fn start(
        mut player: ComputerPlayer<G>,
        view: G::View,
        seat: Seat,
        ply: usize,
        seed: u64,
        min_delay: Duration,
    ) -> Self {
        let stop = StopSignal::new();
        let (tx, answer) = channel();
        let thread_stop = stop.clone();
        let spawned = std::thread::Builder::new().name(format!("computer {seat}")).spawn(move || {
            let result = player.choose_move(&view, seed, Some(&thread_stop));
            // The screen may be gone; then nobody wants the answer.
            let _ = tx.send((player, result.best_move));
        });
        if let Err(e) = spawned {
            eprintln!("boardsuite: the computer could not start thinking: {e}");
        }
        Thinking { seat, ply, started: Instant::now(), min_delay, stop, answer, ready: None }
    }

    /// Checks for the answer without blocking.
    pub fn poll(&mut self) -> Poll<G> {
        if self.ready.is_none() {
            match self.answer.try_recv() {
                Ok(answer) => self.ready = Some(answer),
                Err(TryRecvError::Empty) => return Poll::Pending,
                Err(TryRecvError::Disconnected) => return Poll::Lost,
            }
        }
        if self.started.elapsed() < self.min_delay {
            return Poll::Pending;
        }
        match self.ready.take() {
            Some((player, mv)) => Poll::Done(player, mv),
            None => Poll::Pending,
        }
    }

    /// Seconds since the search started.
    pub fn elapsed(&self) -> f32 {
        self.started.elapsed().as_secs_f32()
    }

    /// Asks the search to stop now; its answer will be ignored. The thread
    /// ends on its own at the search's next check.
    pub fn cancel(self) {
        self.stop.stop();
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl<G: Observe + Evaluate> Drop for Thinking<G> {
    fn drop(&mut self) {
        // A search nobody waits for (the screen closed) stops at once.
        self.stop.stop();
    }
}

/// The most transposition table the window's computer player uses, in
/// megabytes, all its search threads together. The top levels' tables ask
/// for up to 64 MB, which would take the window past its memory target (150
/// MB while the computer thinks): under Mesa's software GL the window alone
/// holds about 125 MB, 56 MB of it the pages of the LLVM library llvmpipe
/// compiles with. The games use the table from remaining depth 3 (Stones,
/// Blockade) or on few nodes (Strategy Chess samples), and a smaller table
/// loses little: six Stones middle games at depth 18 and four Blockade ones
/// at depth 14 took within 1% of the nodes with a 2 MB table as with a
/// 64 MB one. Headless play (`boardsuite match`, the bots) keeps the full
/// tables.
pub const WINDOW_TT_MB: usize = 8;

/// A fresh computer player for `level` (1..=10; out-of-range levels are
/// brought within it), with the level's budget but its transposition tables
/// capped at [`WINDOW_TT_MB`] in all.
pub fn player_at<G: Observe + Evaluate>(level: u8) -> ComputerPlayer<G> {
    player_with_table::<G>(level, WINDOW_TT_MB)
}

/// The level table of `G`, from its registry entry (the default table for
/// a game the registry does not list).
fn level_table<G: Observe>() -> &'static LevelTable {
    GameKind::from_key(G::NAME).map_or(&DEFAULT_TABLE, |kind| kind.entry().levels)
}

/// The table of the player that plays a person's move for them (F2) or
/// looks for a hint (F7): it searches beside the computer's own player, so
/// it gets a small table.
pub const HINT_TT_MB: usize = 4;

/// A player for `level` with its transposition tables capped at `tt_mb`
/// in all: a search on two threads has two tables, each of half that.
pub fn player_with_table<G: Observe + Evaluate>(level: u8, tt_mb: usize) -> ComputerPlayer<G> {
    let level = Level::new(level.clamp(Level::MIN.get(), Level::MAX.get())).unwrap_or(Level::MIN);
    let mut budget = ai::levels::at(level_table::<G>(), level);
    if cfg!(target_arch = "wasm32") {
        // One engine: the page thinks in slices, without threads.
        budget.threads = 1;
    }
    let threads = budget.threads.max(1);
    if let ai::EngineKind::AlphaBeta(config) = &mut budget.engine {
        config.tt_mb = config.tt_mb.min((tt_mb / threads).max(1));
    }
    ComputerPlayer::with_budget(budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;
    use game_core::nim::{Nim, NimRules};

    fn wait<G: Observe + Evaluate>(t: &mut Thinking<G>) -> Poll<G> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            match t.poll() {
                Poll::Pending if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
                other => return other,
            }
        }
    }

    #[test]
    fn the_worker_answers_with_a_legal_move_after_the_delay() {
        let position = Nim::start(&NimRules::default(), &[]).unwrap();
        let delay = Duration::from_millis(80);
        let mut thinking =
            Thinking::start(player_at::<Nim>(4), position.view(Seat::FIRST), Seat::FIRST, 0, 7, delay);
        match wait(&mut thinking) {
            Poll::Done(_, Some(mv)) => assert!(position.check_move(mv).is_ok()),
            _ => panic!("no move"),
        }
        assert!(thinking.elapsed() >= 0.08, "the move was held for the display delay");
    }

    #[test]
    fn levels_are_clamped() {
        assert_eq!(player_at::<Nim>(0).budget(), player_at::<Nim>(1).budget());
        assert_eq!(player_at::<Nim>(99).budget(), player_at::<Nim>(10).budget());
        let top = player_at::<Nim>(10);
        if let ai::EngineKind::AlphaBeta(config) = top.budget().engine {
            assert!(config.tt_mb <= WINDOW_TT_MB);
        }
    }

    #[test]
    fn the_tables_of_all_threads_share_the_cap() {
        let budget = <strategy_chess::StrategyChess as headless::registry::Registered>::budget(Level::MAX);
        assert_eq!(budget.threads, 2, "the test wants a search on two threads");
        let player = player_with_table::<strategy_chess::StrategyChess>(10, WINDOW_TT_MB);
        let ai::EngineKind::AlphaBeta(config) = player.budget().engine else { panic!("alpha-beta") };
        assert_eq!(config.tt_mb * 2, WINDOW_TT_MB);
        let hint = player_with_table::<strategy_chess::StrategyChess>(10, HINT_TT_MB);
        let ai::EngineKind::AlphaBeta(config) = hint.budget().engine else { panic!("alpha-beta") };
        assert_eq!(config.tt_mb * 2, HINT_TT_MB);
    }
}
