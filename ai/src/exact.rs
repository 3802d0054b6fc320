//! Perfect play where it fits: a level that plays a move of the best exact
//! value whenever an opening book knows the position or a solve of it fits
//! the move's budget, and searches as usual otherwise.
//!
//! A [`Budget`](crate::Budget) names no game, yet the solver needs the
//! game's [`Solve`] impl. So a budget carries an [`ExactPlay`]: its
//! settings and a [`SolverHook`], a plain function the game's registry
//! entry supplies ([`SolverHook::of`]) that makes the game's
//! [`PerfectPlay`] behind `dyn Any`. [`crate::ComputerPlayer::with_budget`]
//! turns it back into a `Box<dyn PerfectPlay<G>>` for its own game; a hook
//! made for another game gives nothing, and the player searches as usual.
//! Every place that builds a player from a level's budget gets perfect play
//! this way, without knowing of it.
//!
//! # When a solve is tried
//!
//! - Only when [`Solve::future_bound`] (for a mancala, the stones still in
//!   the piles) is at most [`ExactPlay::max_future`] (a game without a
//!   bound is always tried).
//! - With a node cap ([`ExactPlay::nodes`]) and a share of the move's time
//!   ([`ExactPlay::time_percent`]). A solve that does not finish gives up
//!   cleanly (the solver's table keeps only proven bounds), and the move is
//!   searched as usual in the time left.
//! - After a solve gave up, the next is tried only once the bound has
//!   fallen below the one that failed, so a position too large to solve
//!   does not cost every move its share.
//!
//! The node cap makes it reproducible: a match ([`crate::Budget::reproducible`]
//! drops the time caps) decides by nodes alone. The solver, its table and
//! the game's endgame table are made once, at the first solve, and kept
//! for the rest of the game.
//!
//! # The wide endgame table
//!
//! The endgame table built at the first solve is small, as it is built in
//! a move's time. A game may also give a *wide* one ([`WideEndgame`]):
//! built once for the process, in the background, and shared by every
//! game of the same rules. It reaches much further (on Stones' 48-stone
//! boards it holds every position of up to 17 stones, and the default
//! board then solves from the start within the node cap), so once it is
//! there the solves are tried from a higher bound down
//! ([`Solving::with_wide_endgame`]).
//! Without a time cap (a match) the first solve waits for it, so a match
//! still depends only on its seed; with one, the moves before it is built
//! solve with the small table.

use crate::limits::SearchLimits;
use crate::solver::{Solver, SolverConfig};
use game_core::solve::Endgame;
use game_core::{Game, Solve};
use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// Makes a game's [`PerfectPlay`] behind `dyn Any` (see the module
/// documentation): the one place a level budget touches a game's type.
#[derive(Clone, Copy)]
pub struct SolverHook(fn(&ExactPlay) -> Box<dyn Any + Send>);

impl SolverHook {
    /// The hook of the plain solver for `G`, without a book.
    pub const fn of<G: Solve>() -> Self {
        SolverHook(erased::<G>)
    }

    /// The hook of the function `make`, which should return
    /// [`erase`]`(`[`Solving::new`]`(play)...)` for one game (with its
    /// book, say).
    pub const fn from_fn(make: fn(&ExactPlay) -> Box<dyn Any + Send>) -> Self {
        SolverHook(make)
    }

    /// The perfect play of `G` this hook makes, if it makes one for `G`.
    pub fn make<G: Game>(&self, play: &ExactPlay) -> Option<Box<dyn PerfectPlay<G>>> {
        (self.0)(play).downcast::<Box<dyn PerfectPlay<G>>>().ok().map(|b| *b)
    }
}

impl PartialEq for SolverHook {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl fmt::Debug for SolverHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SolverHook")
    }
}

/// The plain solver of `G`, erased.
fn erased<G: Solve>(play: &ExactPlay) -> Box<dyn Any + Send> {
    erase(Solving::<G>::new(*play))
}

/// A game's perfect play, erased for a [`SolverHook`].
pub fn erase<G: Solve>(solving: Solving<G>) -> Box<dyn Any + Send> {
    let play: Box<dyn PerfectPlay<G>> = Box::new(solving);
    Box::new(play)
}

/// How a level plays perfectly where it can (part of its
/// [`Budget`](crate::Budget)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactPlay {
    /// Makes the game's solver.
    pub hook: SolverHook,
    /// A solve is tried only when [`Solve::future_bound`] is at most this.
    pub max_future: i32,
    /// The node cap of one solve.
    pub nodes: u64,
    /// The share of the move's time cap one solve may take, in percent.
    pub time_percent: u32,
    /// The solver's table, in MB.
    pub table_mb: usize,
    /// The most memory the game's endgame table may take, in MB (it is
    /// built at the first solve, in that move's time, and kept).
    pub endgame_mb: usize,
}

impl ExactPlay {
    /// Perfect play through `hook`, with the settings level 10 uses on a
    /// 2-core machine: solves of at most 1.5 M nodes (about 1 s), tried
    /// from 40 in play down (until a wide endgame table is there, see
    /// [`Solving::with_wide_endgame`]), with up to 60% of the move's time,
    /// a 16 MB table and a 1 MB endgame table (built at the first solve,
    /// and not interruptible: at most 0.65 M positions keeps it well inside
    /// the move's time even on a loaded machine).
    pub const fn new(hook: SolverHook) -> Self {
        ExactPlay { hook, max_future: 40, nodes: 1_500_000, time_percent: 60, table_mb: 16, endgame_mb: 1 }
    }

    /// With solves tried from `max_future` down.
    pub const fn with_max_future(mut self, max_future: i32) -> Self {
        self.max_future = max_future;
        self
    }

    /// With solves of at most `nodes` nodes.
    pub const fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }

    /// The limits of one solve, for a move of time cap `time`.
    pub fn limits(&self, time: Option<Duration>, stop: Option<&crate::StopSignal>) -> SearchLimits {
        SearchLimits {
            depth: None,
            time: time.map(|t| t * self.time_percent / 100),
            nodes: Some(self.nodes),
            stop: stop.cloned(),
            from_depth: None,
        }
    }
}

/// A move of the best exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactMove<M> {
    /// The move.
    pub mv: M,
    /// The final margin for the side to move, what is banked included,
    /// when the move is played and both sides then play perfectly; `None`
    /// when the book gives the move without it.
    pub value: Option<i64>,
    /// Solver nodes spent on it (0 from the book).
    pub nodes: u64,
    /// Whether the book gave it.
    pub from_book: bool,
}

/// Perfect play for one game: a move of the best exact value, from a book
/// or a solve within limits, or nothing.
pub trait PerfectPlay<G: Game>: Send {
    /// A move of the best exact value for `position`, if the book knows it
    /// or a solve within `limits` finds it; `nodes_spent` gets the solver
    /// nodes spent either way.
    fn best_move(
        &mut self,
        position: &G,
        limits: &SearchLimits,
        nodes_spent: &mut u64,
    ) -> Option<ExactMove<G::Move>>;

    /// A fresh copy with the same settings and book (tables are not
    /// copied).
    fn fresh(&self) -> Box<dyn PerfectPlay<G>>;

    /// Forgets what earlier solves learnt (for a new game).
    fn forget(&mut self);
}

/// The book of a game: a move of the best exact value for the positions
/// it knows.
pub type BookMove<G> = fn(&G) -> Option<<G as Game>::Move>;

/// A game's wide endgame table for the rules of a position (see the
/// module documentation), shared by the whole process: the first call for
/// some rules starts building it. With `wait` false it answers at once
/// (`None` while the table is being built); with `wait` true it waits for
/// it. `None` also where the game has no such table.
pub type WideEndgame<G> = fn(&G, bool) -> Option<Arc<dyn Endgame<G>>>;

/// [`PerfectPlay`] by the exact [`Solver`], with an optional book.
pub struct Solving<G: Solve> {
    play: ExactPlay,
    book: Option<BookMove<G>>,
    wide: Option<WideEndgame<G>>,
    /// With the wide table, solves are tried from this bound down.
    wide_max_future: i32,
    /// Made at the first solve (again when the wide endgame table comes).
    solver: Option<Solver<G>>,
    /// Whether `solver` has the wide endgame table.
    on_wide: bool,
    /// The future bound of the last solve that gave up.
    failed_at: Option<i32>,
}

impl<G: Solve> Solving<G> {
    /// Solving with these settings, no book.
    pub fn new(play: ExactPlay) -> Self {
        Solving {
            play,
            book: None,
            wide: None,
            wide_max_future: 0,
            solver: None,
            on_wide: false,
            failed_at: None,
        }
    }

    /// With `book` asked first.
    pub fn with_book(mut self, book: BookMove<G>) -> Self {
        self.book = Some(book);
        self
    }

    /// With the game's wide endgame table, once `wide` gives it; from
    /// then on solves are tried from `max_future` down.
    pub fn with_wide_endgame(mut self, wide: WideEndgame<G>, max_future: i32) -> Self {
        self.wide = Some(wide);
        self.wide_max_future = max_future;
        self
    }

    /// Whether a solve of `position` is worth trying now (always, for a
    /// game without a bound: the node cap alone decides).
    fn worth_trying(&self, position: &G) -> bool {
        let Some(bound) = position.future_bound() else { return true };
        let max = if self.on_wide { self.wide_max_future } else { self.play.max_future };
        bound <= max && self.failed_at.is_none_or(|failed| bound < failed)
    }

    /// Takes the wide endgame table once it is there: a solver with it
    /// replaces the one with the small table, and a solve that gave up
    /// with the small one may be tried again. Waits for it when `wait`.
    fn look_for_wide(&mut self, position: &G, wait: bool) {
        if self.on_wide {
            return;
        }
        let Some(table) = self.wide.and_then(|wide| wide(position, wait)) else { return };
        self.solver = Some(Solver::new(self.config()).with_endgame(table));
        self.on_wide = true;
        self.failed_at = None;
    }

    fn config(&self) -> SolverConfig<G> {
        SolverConfig {
            table_mb: self.play.table_mb,
            endgame_mb: self.play.endgame_mb,
            ..SolverConfig::default()
        }
    }
}

impl<G: Solve> PerfectPlay<G> for Solving<G> {
    fn best_move(
        &mut self,
        position: &G,
        limits: &SearchLimits,
        nodes_spent: &mut u64,
    ) -> Option<ExactMove<G::Move>> {
        *nodes_spent = 0;
        if position.outcome().is_some() {
            return None;
        }
        // The wide table starts building at the first move, book or not.
        self.look_for_wide(position, false);
        if let Some(mv) = self.book.and_then(|book| book(position)) {
            return Some(ExactMove { mv, value: None, nodes: 0, from_book: true });
        }
        // Without a time cap (a match) waiting costs nothing and keeps
        // the game independent of how fast the table was built.
        if limits.time.is_none() {
            self.look_for_wide(position, true);
        }
        if !self.worth_trying(position) {
            return None;
        }
        let config = self.config();
        let solver = self.solver.get_or_insert_with(|| Solver::new(config));
        match solver.solve(position, limits) {
            Ok(solution) => {
                *nodes_spent = solution.stats.nodes;
                let mv = solution.best_move?;
                Some(ExactMove {
                    mv,
                    value: Some(solution.value),
                    nodes: solution.stats.nodes,
                    from_book: false,
                })
            }
            Err(_) => {
                *nodes_spent = limits.nodes.unwrap_or(0);
                self.failed_at = position.future_bound();
                None
            }
        }
    }

    fn fresh(&self) -> Box<dyn PerfectPlay<G>> {
        Box::new(Solving {
            book: self.book,
            wide: self.wide,
            wide_max_future: self.wide_max_future,
            ..Solving::new(self.play)
        })
    }

    fn forget(&mut self) {
        self.solver = None;
        self.on_wide = false;
        self.failed_at = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::alpha_beta;
    use crate::player::ComputerPlayer;
    use game_core::nim::{Nim, NimRules};
    use game_core::{Observe, Seat};

    #[test]
    fn a_hook_serves_its_own_game_only() {
        let play = ExactPlay::new(SolverHook::of::<Nim>());
        assert!(play.hook.make::<Nim>(&play).is_some());
        assert!(play.hook.make::<stones::Stones>(&play).is_none());
        let budget = alpha_beta(1, 1, 100).with_exact(play);
        assert!(ComputerPlayer::<Nim>::with_budget(budget).plays_exactly());
        assert!(!ComputerPlayer::<stones::Stones>::with_budget(budget).plays_exactly());
        assert!(!ComputerPlayer::<Nim>::with_budget(alpha_beta(1, 1, 100)).plays_exactly());
    }

    /// The exact value of each move of `position` for its mover.
    fn move_values(position: &Nim) -> Vec<(<Nim as Game>::Move, i64)> {
        let mut solver = Solver::<Nim>::new(SolverConfig { table_mb: 1, ..SolverConfig::default() });
        solver.move_values(position, &SearchLimits::none()).unwrap()
    }

    #[test]
    fn a_level_that_solves_plays_a_best_move_where_a_one_ply_search_errs() {
        let exact =
            alpha_beta(1, 1, 1_000).with_exact(ExactPlay::new(SolverHook::of::<Nim>())).reproducible();
        let plain = alpha_beta(1, 1, 1_000).reproducible();
        let mut plain_erred = false;
        for heaps in [vec![3, 4, 5], vec![1, 2, 6, 7], vec![5, 5, 2], vec![2, 3, 7]] {
            let position = Nim::start(&NimRules { heaps, ..NimRules::default() }, &[]).unwrap();
            let values = move_values(&position);
            let best = values.iter().map(|&(_, v)| v).max().unwrap();
            let value_of = |budget| {
                let chosen = ComputerPlayer::<Nim>::with_budget(budget)
                    .choose_move(&position.view(Seat::FIRST), 1, None)
                    .best_move
                    .unwrap();
                values.iter().find(|&&(mv, _)| mv == chosen).unwrap().1
            };
            assert_eq!(value_of(exact), best);
            plain_erred |= value_of(plain) < best;
        }
        assert!(plain_erred, "the positions must tell a solve from a one-ply search");
    }

    #[test]
    fn a_solve_that_gives_up_leaves_the_move_to_the_search() {
        let play = ExactPlay::new(SolverHook::of::<Nim>()).with_nodes(10);
        let position =
            Nim::start(&NimRules { heaps: vec![9, 9, 9, 9, 9, 9], ..NimRules::default() }, &[]).unwrap();
        let mut player =
            ComputerPlayer::<Nim>::with_budget(alpha_beta(2, 5, 1_000).with_exact(play).reproducible());
        let result = player.choose_move(&position.view(Seat::FIRST), 1, None);
        assert!(result.best_move.is_some());
        assert!(result.stats.depth > 0, "the search chose it");
    }
}
