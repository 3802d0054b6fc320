//! The exact solver for perfect-information games: the final margin under
//! perfect play.
//!
//! # What it searches
//!
//! Not the final margin itself but the **future value** of a position: the
//! final margin for the side to move minus what is already banked for it
//! ([`Solve::banked_margin`]). A move's own gain (what it banks) is an edge
//! weight, so the value of a node is
//!
//! ```text
//! f(p) = max over moves of  gain + f(child)   if the same side moves again
//!                           gain - f(child)   if the turn passes
//! f(p) = final margin - banked               at the end of the game
//! ```
//!
//! and the table is keyed by [`Solve::future_key`], which leaves the banked
//! part out: mancala positions that differ only in the stores share one
//! entry.
//!
//! # How
//!
//! MTD(f): a series of null-window alpha-beta searches (fail-soft, with the
//! table storing a lower and an upper bound per position) that close in on
//! the value from a first guess. The guess comes from a shallow search that
//! scores its horizon with the game's [`Solve::future_estimate`] (0 unless
//! the game knows better).
//!
//! Move ordering: the table's move first, searched before the other
//! children are even made (it often cuts off alone); then moves that keep
//! the turn (free turns), then the biggest immediate gain (and, if
//! configured, the history of beta cutoffs per move slot). Enhanced
//! transposition cutoffs look the children up in the table before
//! searching them ([`Cutoffs`]).
//!
//! # Endgame tables
//!
//! A game may give the solver a table of exact future values for the
//! positions near the end ([`Solve::endgame_table`]; Stones has every
//! position with at most about a third of the stones in play). The solver never
//! searches a position the table holds: when it makes the children of a
//! node, it first reads the values of those the table holds (one of them
//! may already cut off), and only then looks the others up in its own
//! table and searches them. Children are made by
//! [`Solve::play_for_solver`], which a game may make faster than playing
//! the move.
//!
//! # Memory
//!
//! The search is bound by memory latency more than by computation: every
//! node reads a random bucket of a large table. So everything the
//! children of a node need from memory (their buckets, their endgame
//! values) is requested in one tight loop before any of it is read, and
//! the waits overlap.
//!
//! # Threads
//!
//! With [`SolverConfig::threads`] above 1, every null-window search runs
//! in that many threads at once, from the same root, sharing the table;
//! the first to finish gives the bound and the others stop. Each stored
//! bound is true whichever thread proved it, so the value is exact
//! whatever the threads (only the nodes and the time change). The threads
//! part ways where it pays: near the root, a thread leaves a child that
//! another is searching now until it has searched its other children
//! (simplified ABDADA, [`BusyMarks`]), and finds it done or half done by
//! then. With more than one thread, a thread of its own also maps the
//! table's memory while the endgame table is built.
//!
//! The game must end on every line (no cycles), as all our games do.

use crate::limits::{SearchLimits, StopSignal, Watch};
use crate::solver_table::SolverTable;
use game_core::memory::prefetch;
use game_core::solve::Endgame;
use game_core::{Seat, Solve};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;
use thiserror::Error;

/// The nodes the first guess may spend before it stops deepening.
const GUESS_NODES: u64 = 200_000;

/// Beyond every future value.
const INFINITY: i32 = 1 << 24;

/// Nodes nearer the root than this mark the child they search for the
/// other threads ([`BusyMarks`]).
const BUSY_PLY: usize = 16;

/// The history count that saturates an ordering key.
const HISTORY_CAP: u32 = (1 << 24) - 1;

/// The deepest line the solver follows before giving up (a guard against
/// games that do not end, and against running out of stack).
pub const MAX_SOLVE_PLY: usize = 2000;

/// When the solver tries enhanced transposition cutoffs: a look-up of
/// every child in the table, in case one already proves a cutoff. Each
/// look-up may be a cache miss, so it pays only where big subtrees are
/// likely to be known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cutoffs {
    /// Never.
    Never,
    /// At positions the table already knew (searched in an earlier pass
    /// or reached by another path).
    SeenBefore,
    /// At every position.
    Always,
}

/// Settings of the [`Solver`].
pub struct SolverConfig<G> {
    /// Size of the table in MB.
    pub table_mb: usize,
    /// When to look the children up in the table before searching them
    /// (enhanced transposition cutoffs).
    pub enhanced_cutoffs: Cutoffs,
    /// Depth of the shallow search that gives MTD(f) its first guess
    /// (0: guess 0).
    pub guess_depth: u32,
    /// A bound on the magnitude of the future value that replaces the
    /// game's own [`Solve::future_bound`] (`None`: use the game's).
    pub future_bound: Option<fn(&G) -> i32>,
    /// The most memory, in MB, the game's endgame table may take
    /// ([`Solve::endgame_table`]; 0: no table).
    pub endgame_mb: usize,
    /// Whether moves that cut off often so far are tried first among
    /// moves equal in turn and gain (the history heuristic). Off by
    /// default: with enhanced transposition cutoffs and the endgame table
    /// it cost Kalah(6,4) 13% more nodes (empty capture) or nothing
    /// (standard capture).
    pub history: bool,
    /// Threads searching at once (0 counts as 1). The value is the same
    /// whatever the threads; nodes and time are not, so a search that
    /// must be repeatable (a node limit decides whether it finishes) takes
    /// one.
    pub threads: usize,
}

impl<G> Clone for SolverConfig<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for SolverConfig<G> {}

impl<G> fmt::Debug for SolverConfig<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolverConfig")
            .field("table_mb", &self.table_mb)
            .field("enhanced_cutoffs", &self.enhanced_cutoffs)
            .field("guess_depth", &self.guess_depth)
            .field("future_bound", &self.future_bound.is_some())
            .field("endgame_mb", &self.endgame_mb)
            .field("history", &self.history)
            .field("threads", &self.threads)
            .finish()
    }
}

impl<G> Default for SolverConfig<G> {
    fn default() -> Self {
        SolverConfig {
            table_mb: 64,
            enhanced_cutoffs: Cutoffs::Always,
            guess_depth: 12,
            future_bound: None,
            endgame_mb: 512,
            history: false,
            threads: 1,
        }
    }
}

/// Why the solver gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// A time or node limit, or the stop signal, ended the search.
    #[error("the search was stopped before the position was solved")]
    Stopped,
    /// A line went deeper than [`MAX_SOLVE_PLY`] plies.
    #[error("a line is longer than {MAX_SOLVE_PLY} plies: the game may not end")]
    TooDeep,
}

/// What the solver did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolveStats {
    /// Positions visited.
    pub nodes: u64,
    /// Table probes that found their position.
    pub table_hits: u64,
    /// Table probes.
    pub table_probes: u64,
    /// Null-window searches of MTD(f).
    pub passes: u32,
    /// The first guess of the future value.
    pub first_guess: i32,
    /// Table slots in use at the end.
    pub table_used: usize,
    /// Table slots.
    pub table_capacity: usize,
    /// Positions answered by the endgame table.
    pub endgame_hits: u64,
    /// Positions the endgame table holds (0: no table).
    pub endgame_positions: u64,
    /// What the endgame table covers (empty: no table).
    pub endgame: String,
    /// Wall-clock time spent building the endgame table (included in
    /// `elapsed`).
    pub endgame_time: Duration,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl SolveStats {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// The final margin for the side to move under perfect play.
    pub value: i64,
    /// The same margin for the first seat.
    pub first_seat_margin: i64,
    /// A best move (`None` when the game is over).
    pub best_move: Option<M>,
    /// What the solver did.
    pub stats: SolveStats,
}

/// One child of a node, made once and reused for ordering, table lookups
/// and the search.
#[derive(Clone, Debug)]
struct Child<G: Solve> {
    position: G,
    mv: G::Move,
    /// Whether the side to move keeps the turn.
    same: bool,
    /// What the move banks for the mover.
    gain: i32,
    /// Ordering key; higher first.
    order: i64,
    /// The child's [`Solve::future_key`].
    key: u64,
    /// Where the endgame table keeps the child's future value, if it
    /// holds the child ([`Endgame::locate`]).
    slot: Option<usize>,
    /// The child's future value, once read from the endgame table.
    exact: Option<i32>,
}

/// The stack of each helper thread: the search recurses once a ply.
const HELPER_STACK: usize = 256 << 20;

/// A table at least this large is mapped by a thread of its own while the
/// endgame table is built, when the solver has more than one thread.
const MAP_AHEAD_MB: usize = 64;

/// The exact solver. Its table survives between calls (positions of one
/// game and rules share it).
pub struct Solver<G: Solve> {
    config: SolverConfig<G>,
    table: Arc<SolverTable>,
    /// The game's endgame table, once built (`None` also when the game
    /// has none).
    endgame: Option<Arc<dyn Endgame<G>>>,
    /// Whether the endgame table was asked for (once per solver).
    endgame_asked: bool,
    endgame_time: Duration,
    /// One per thread; the first runs in the caller's thread and does all
    /// the work that is not shared (first guess, best move).
    workers: Vec<Worker<G>>,
    /// Table slots filled by earlier solves.
    table_used: usize,
}

impl<G: Solve> fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver").field("config", &self.config).field("threads", &self.workers.len()).finish()
    }
}

impl<G: Solve> Solver<G> {
    /// A solver with these settings.
    pub fn new(config: SolverConfig<G>) -> Self {
        let table = Arc::new(SolverTable::new(config.table_mb, INFINITY));
        let threads = config.threads.max(1);
        let busy = (threads > 1).then(|| Arc::new(BusyMarks::new()));
        if threads > 1 && config.table_mb >= MAP_AHEAD_MB {
            // The system zeroes each page of the table when the search
            // first writes to it: seconds, for a table of hundreds of MB.
            // Another thread does it now, while this one builds the
            // endgame table. (It cannot fail the solve: without it the
            // pages are mapped as the search reaches them.)
            let table = Arc::clone(&table);
            let _ = std::thread::Builder::new().name("solver-map".into()).spawn(move || table.map_pages());
        }
        let workers = (0..threads).map(|_| Worker::new(config, Arc::clone(&table), busy.clone())).collect();
        Solver {
            config,
            table,
            endgame: None,
            endgame_asked: false,
            endgame_time: Duration::ZERO,
            workers,
            table_used: 0,
        }
    }

    /// Forgets what earlier solves proved: the next solve starts from an
    /// empty table, as a new solver's would, but the endgame table (built
    /// at the first solve) is kept, which saves building it again.
    pub fn forget(&mut self) {
        self.table.clear();
        self.table_used = 0;
        for worker in &mut self.workers {
            worker.history.iter_mut().for_each(|cutoffs| *cutoffs = 0);
        }
    }

    /// With `endgame` as the game's endgame table, in place of the one the
    /// first solve would build: one table, built once, can serve many
    /// solvers (of the same rules).
    pub fn with_endgame(mut self, endgame: Arc<dyn Endgame<G>>) -> Self {
        self.endgame_asked = true;
        for worker in &mut self.workers {
            worker.endgame = Some(Arc::clone(&endgame));
        }
        self.endgame = Some(endgame);
        self
    }

    /// The endgame table, once the first solve built it (or
    /// [`Solver::with_endgame`] gave it).
    pub fn endgame(&self) -> Option<Arc<dyn Endgame<G>>> {
        self.endgame.clone()
    }

    /// The bytes of one table entry (for sizing reports).
    pub const ENTRY_BYTES: usize = SolverTable::ENTRY_BYTES;

    /// The exact value of every legal move of `position`, in generation
    /// order, for the seat to move before the move (what `solve --each`
    /// prints); each child is solved within `limits`, and one table serves
    /// them all. A finished position has none.
    pub fn move_values(
        &mut self,
        position: &G,
        limits: &SearchLimits,
    ) -> Result<Vec<(G::Move, i64)>, SolveError> {
        let mover = position.to_move();
        let mut moves = Vec::new();
        if position.outcome().is_none() {
            position.legal_moves(&mut moves);
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                let value = self.solve(&child, limits)?.value;
                Ok((mv, if child.to_move() == mover { value } else { -value }))
            })
            .collect()
    }

    /// Solves `position`: its final margin under perfect play, within
    /// `limits` (time, nodes, stop signal; depth is ignored). With more
    /// than one thread the limits hold for the first thread's nodes and
    /// time; the value is the same whatever the threads, the nodes are
    /// not.
    pub fn solve(&mut self, position: &G, limits: &SearchLimits) -> Result<Solution<G::Move>, SolveError> {
        // The limits hold for the first thread; the others stop with it.
        let unlimited = SearchLimits::none();
        for (i, worker) in self.workers.iter_mut().enumerate() {
            worker.reset(if i == 0 { limits } else { &unlimited });
        }
        if !self.endgame_asked {
            // Positions of one game and rules share the solver, so one
            // table serves every later solve.
            self.endgame_asked = true;
            if self.config.endgame_mb > 0 {
                self.endgame =
                    position.endgame_table(self.config.endgame_mb << 20, self.workers.len()).map(Arc::from);
                self.endgame_time = self.workers[0].watch.elapsed();
                for worker in &mut self.workers {
                    worker.endgame = self.endgame.clone();
                }
            }
        }
        let result = self.solve_here(position);
        self.table_used += self.workers.iter_mut().map(|w| std::mem::take(&mut w.used)).sum::<usize>();
        result
    }

    fn solve_here(&mut self, position: &G) -> Result<Solution<G::Move>, SolveError> {
        let mover = position.to_move();
        let banked = position.banked_margin(mover);

        // What the table already knows (a position solved before, or a
        // transposition of one) beats any estimate.
        let root_key = position.future_key();
        let known = self.table.probe(root_key);
        let main = &mut self.workers[0];
        let guess = match known {
            Some(b) if b.lower == b.upper => b.lower,
            _ => main.first_guess(position),
        };
        if let Some(failure) = main.failure.take() {
            return Err(failure);
        }
        let guess = known.map_or(guess, |b| guess.clamp(b.lower, b.upper));
        let (mut lower, mut upper) = match self.endgame.as_ref().and_then(|e| e.future_value(position)) {
            // The endgame table knows it: nothing to search.
            Some(value) => (value, value),
            None => (-INFINITY, INFINITY),
        };
        let mut g = if lower == upper { lower } else { guess };
        let mut passes = 0;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.pass(position, root_key, beta)?;
            passes += 1;
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        let value = banked + i64::from(g);
        let main = &mut self.workers[0];
        let best_move = main.best_root_move(position, g);
        if let Some(failure) = main.failure.take() {
            return Err(failure);
        }
        let sum = |count: fn(&Worker<G>) -> u64| self.workers.iter().map(count).sum::<u64>();
        Ok(Solution {
            value,
            first_seat_margin: if mover == Seat::FIRST { value } else { -value },
            best_move,
            stats: SolveStats {
                nodes: sum(|w| w.nodes),
                table_hits: sum(|w| w.hits),
                table_probes: sum(|w| w.probes),
                passes,
                first_guess: guess,
                table_used: (self.table_used + self.workers.iter().map(|w| w.used).sum::<usize>())
                    .min(self.table.capacity()),
                table_capacity: self.table.capacity(),
                endgame_hits: sum(|w| w.endgame_hits),
                endgame_positions: self.endgame.as_ref().map_or(0, |e| e.values().len() as u64),
                endgame: self.endgame.as_ref().map_or_else(String::new, |e| e.describe()),
                endgame_time: self.endgame_time,
                elapsed: self.workers[0].watch.elapsed(),
            },
        })
    }

    /// One null-window search of MTD(f) at `beta`: a bound on the future
    /// value, at least `beta` or below it. Every thread searches the same
    /// root and the first to finish gives the bound (each is true, as
    /// every thread's table entries are); the others then stop.
    fn pass(&mut self, position: &G, root_key: u64, beta: i32) -> Result<i32, SolveError> {
        let (main, helpers) = self.workers.split_at_mut(1);
        let main = &mut main[0];
        if helpers.is_empty() {
            let g = main.search(position, root_key, 0, beta - 1, beta);
            return main.failure.take().map_or(Ok(g), Err);
        }
        let over = StopSignal::new();
        let mut helper_bounds = vec![Err(SolveError::Stopped); helpers.len()];
        let bound = std::thread::scope(|scope| {
            for (helper, bound) in helpers.iter_mut().zip(&mut helper_bounds) {
                helper.start_pass(&over);
                let over = over.clone();
                // A helper that cannot be started leaves the work to the
                // others.
                let _ = std::thread::Builder::new().stack_size(HELPER_STACK).spawn_scoped(scope, move || {
                    *bound = helper.finish_pass(position, root_key, beta, &over);
                });
            }
            main.start_pass(&over);
            main.finish_pass(position, root_key, beta, &over)
        });
        // The first thread may have been stopped by another's finish: it
        // runs on under its own limits.
        main.end_pass();
        let mut bounds = std::iter::once(bound).chain(helper_bounds);
        let mut failure = SolveError::Stopped;
        for bound in &mut bounds {
            match bound {
                Ok(g) => return Ok(g),
                // A line too deep for one thread is too deep for all.
                Err(SolveError::TooDeep) => failure = SolveError::TooDeep,
                Err(SolveError::Stopped) => {}
            }
        }
        // No thread finished: a limit stopped the first, which stopped
        // the others.
        Err(failure)
    }
}

/// Marks of the positions some thread is searching now, for the others
/// to leave until later (ABDADA, simplified): threads that meet the same
/// node search its children in different orders instead of all the same
/// one. Only a hint: a mark may be overwritten or outlive its search.
#[derive(Debug)]
struct BusyMarks {
    keys: Box<[AtomicU64]>,
}

impl BusyMarks {
    const SLOTS: usize = 1 << 14;

    fn new() -> Self {
        BusyMarks { keys: (0..Self::SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.keys[(key >> 32) as usize & (Self::SLOTS - 1)]
    }

    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    #[inline]
    fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    #[inline]
    fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

/// The search state of one thread of the [`Solver`].
struct Worker<G: Solve> {
    config: SolverConfig<G>,
    table: Arc<SolverTable>,
    endgame: Option<Arc<dyn Endgame<G>>>,
    /// Shared between the threads when there are several.
    busy: Option<Arc<BusyMarks>>,
    /// One children buffer per ply of the exact search, reused.
    children: Vec<Vec<Child<G>>>,
    /// The same for the first guess's shallow search, by remaining depth.
    guess_children: Vec<Vec<Child<G>>>,
    /// One move buffer per ply of the exact search, reused.
    move_lists: Vec<Vec<G::Move>>,
    /// A scratch move buffer for the other searches.
    moves: Vec<G::Move>,
    /// Beta cutoffs per seat and move slot, for move ordering.
    history: Vec<u32>,
    nodes: u64,
    hits: u64,
    probes: u64,
    endgame_hits: u64,
    /// Table slots this thread filled since the solve began.
    used: usize,
    watch: Watch,
    failure: Option<SolveError>,
}

impl<G: Solve> Worker<G> {
    fn new(config: SolverConfig<G>, table: Arc<SolverTable>, busy: Option<Arc<BusyMarks>>) -> Self {
        Worker {
            config,
            table,
            endgame: None,
            busy,
            children: Vec::new(),
            guess_children: Vec::new(),
            move_lists: Vec::new(),
            moves: Vec::new(),
            history: vec![0; 2 * G::MOVE_SLOTS.max(1)],
            nodes: 0,
            hits: 0,
            probes: 0,
            endgame_hits: 0,
            used: 0,
            watch: Watch::new(&SearchLimits::none()),
            failure: None,
        }
    }

    /// Ready for a new solve within `limits`.
    fn reset(&mut self, limits: &SearchLimits) {
        self.watch = Watch::new(limits);
        self.nodes = 0;
        self.hits = 0;
        self.probes = 0;
        self.endgame_hits = 0;
        self.used = 0;
        self.failure = None;
        // History from earlier solves still helps, but fades.
        for cutoffs in &mut self.history {
            *cutoffs /= 2;
        }
    }

    /// Ready for a pass that ends for all threads when `over` is given.
    fn start_pass(&mut self, over: &StopSignal) {
        self.watch.also_stop_on(Some(over.clone()));
        self.watch.resume();
        self.failure = None;
    }

    /// Back to its own limits after a pass (which may have stopped it).
    fn end_pass(&mut self) {
        self.watch.also_stop_on(None);
        self.watch.resume();
        self.failure = None;
    }

    /// A pass of [`Solver::pass`] in this thread: the bound it proves, or
    /// why it stopped (a limit, or another thread finished first). Tells
    /// the others to stop either way: the pass is over.
    fn finish_pass(
        &mut self,
        position: &G,
        root_key: u64,
        beta: i32,
        over: &StopSignal,
    ) -> Result<i32, SolveError> {
        let g = self.search(position, root_key, 0, beta - 1, beta);
        over.stop();
        self.failure.take().map_or(Ok(g), Err)
    }

    /// A move of `position` that keeps its future value `value`: the
    /// first child (in search order, the table's move first) that a
    /// null-window search proves to reach it. Cheap once the table holds
    /// the solution.
    fn best_root_move(&mut self, position: &G, value: i32) -> Option<G::Move> {
        let mut children = Vec::new();
        Self::make_children(position, &mut children, &mut self.moves);
        if let Some(slot) = self.table.probe(position.future_key()).and_then(|b| b.slot) {
            Self::table_move_first(&mut children, slot);
        }
        for child in &mut children {
            self.look_up_endgame(child);
            let reaches = self.child_value(child, 0, value - 1, value) >= value;
            if self.failure.is_some() {
                return None;
            }
            if reaches {
                return Some(child.mv);
            }
        }
        children.first().map(|c| c.mv)
    }

    /// The child of `position` after `mv` ([`Solve::play_for_solver`]).
    #[inline]
    fn make_child(position: &G, mv: G::Move) -> Child<G> {
        let mut child = Self::make_child_unkeyed(position, mv);
        child.key = child.position.future_key();
        child
    }

    /// [`Solver::make_child`] without the table key (0), which a child the
    /// endgame table holds never needs.
    #[inline]
    fn make_child_unkeyed(position: &G, mv: G::Move) -> Child<G> {
        let (child, gain, same) = position.play_for_solver(mv);
        // Free turns first, then the biggest gain, then (added by the
        // search) the history of the move.
        let order = (i64::from(same) << 48) + (i64::from(gain) << 24);
        Child { position: child, mv, same, gain, order, key: 0, slot: None, exact: None }
    }

    /// Sorts children best first (insertion sort: few children, stable
    /// for equal keys).
    fn sort_children(children: &mut [Child<G>]) {
        for i in 1..children.len() {
            let mut j = i;
            while j > 0 && children[j - 1].order < children[j].order {
                children.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Fills `children` with the children of `position`, ordered (the
    /// caller moves the table's move to the front). Empty when the game is
    /// over.
    fn make_children(position: &G, children: &mut Vec<Child<G>>, moves: &mut Vec<G::Move>) {
        position.legal_moves(moves);
        children.clear();
        children.extend(moves.iter().map(|&mv| Self::make_child(position, mv)));
        Self::sort_children(children);
    }

    /// The value of `child` for the side that moved into it, searched with
    /// the window (`alpha`, `beta`) of that side.
    #[inline]
    fn child_value(&mut self, child: &Child<G>, ply: usize, alpha: i32, beta: i32) -> i32 {
        if let Some(exact) = child.exact {
            return if child.same { child.gain + exact } else { child.gain - exact };
        }
        if child.same {
            child.gain
                + self.search(&child.position, child.key, ply + 1, alpha - child.gain, beta - child.gain)
        } else {
            child.gain
                - self.search(&child.position, child.key, ply + 1, child.gain - beta, child.gain - alpha)
        }
    }

    /// Moves the child whose move has the table's `slot` to the front.
    fn table_move_first(children: &mut [Child<G>], slot: usize) {
        if let Some(i) = children.iter().position(|c| G::move_slot(c.mv) == slot) {
            children[..=i].rotate_right(1);
        }
    }

    /// Adds the history of each child's move to its ordering key: among
    /// moves equal in turn and gain, those that cut off most often so far
    /// come first.
    fn apply_history(&self, children: &mut [Child<G>], mover: Seat) {
        for child in children.iter_mut() {
            let cutoffs = self.history[Self::history_index(mover, child.mv)];
            child.order += i64::from(cutoffs.min(HISTORY_CAP));
        }
    }

    fn history_index(mover: Seat, mv: G::Move) -> usize {
        let slots = G::MOVE_SLOTS.max(1);
        (mover.index() & 1) * slots + G::move_slot(mv) % slots
    }

    /// The reusable move buffer of `ply` in `stack`.
    fn take_moves(stack: &mut Vec<Vec<G::Move>>, ply: usize) -> Vec<G::Move> {
        if stack.len() <= ply {
            stack.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut stack[ply])
    }

    /// The reusable children buffer of `ply` in `stack`.
    fn take_buffer(stack: &mut Vec<Vec<Child<G>>>, ply: usize) -> Vec<Child<G>> {
        if stack.len() <= ply {
            stack.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut stack[ply])
    }

    /// The game's bound on the future value of `position`, or the
    /// configured one.
    #[inline]
    fn future_bound(&self, position: &G) -> Option<i32> {
        match self.config.future_bound {
            Some(bound) => Some(bound(position)),
            None => position.future_bound(),
        }
    }

    /// The future value of a finished game for the side to move.
    fn terminal(position: &G) -> i32 {
        let mover = position.to_move();
        let outcome = position.outcome().map_or(0, |o| o.margin_for(mover));
        (outcome - position.banked_margin(mover)) as i32
    }

    /// Fail-soft alpha-beta on the future value, with the table. The
    /// endgame table must not hold `position` (its parent asks first).
    fn search(&mut self, position: &G, key: u64, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.watch.should_stop(self.nodes) {
            self.failure.get_or_insert(SolveError::Stopped);
            return 0;
        }
        if ply >= MAX_SOLVE_PLY {
            self.failure.get_or_insert(SolveError::TooDeep);
            return 0;
        }
        if let Some(bound) = self.future_bound(position) {
            if bound <= alpha {
                return bound;
            }
            if -bound >= beta {
                return -bound;
            }
        }
        self.probes += 1;
        let mut table_slot = None;
        let mut seen_before = false;
        if let Some(known) = self.table.probe(key) {
            seen_before = true;
            self.hits += 1;
            if known.lower >= beta {
                return known.lower;
            }
            if known.upper <= alpha {
                return known.upper;
            }
            if known.lower == known.upper {
                return known.lower;
            }
            alpha = alpha.max(known.lower);
            beta = beta.min(known.upper);
            table_slot = known.slot;
        }

        let mut moves = Self::take_moves(&mut self.move_lists, ply);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return Self::terminal(position);
        }
        let mover = position.to_move();
        let nodes_before = self.nodes;
        let alpha_at_start = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;

        // The table's move alone first: it often cuts off, and then the
        // other children need not even be made.
        let first = table_slot.and_then(|slot| moves.iter().copied().find(|&mv| G::move_slot(mv) == slot));
        if let Some(mv) = first {
            let mut child = Self::make_child(position, mv);
            self.look_up_endgame(&mut child);
            let value = self.child_value(&child, ply, alpha, beta);
            if self.failure.is_some() {
                self.move_lists[ply] = moves;
                return 0;
            }
            best = value;
            best_move = Some(mv);
            alpha = alpha.max(value);
        }

        if best < beta {
            let mut children = Self::take_buffer(&mut self.children, ply);
            children.clear();
            let mut held = 0;
            for &mv in moves.iter().filter(|&&mv| Some(mv) != first) {
                let mut child = Self::make_child_unkeyed(position, mv);
                child.slot = self.endgame.as_ref().and_then(|e| e.locate(&child.position));
                if child.slot.is_some() {
                    held += 1;
                } else {
                    child.key = child.position.future_key();
                }
                children.push(child);
            }
            // Everything the children need from memory is requested at
            // once, in a tight loop, so that the waits overlap: the endgame
            // table's value for those it holds, a table bucket for the
            // others. (Spread among other work, each request was found to
            // hold the processor up nearly as long as a read.)
            let values = self.endgame.as_ref().map_or(&[][..], |e| e.values());
            for child in &children {
                match child.slot {
                    Some(slot) => prefetch(&values[slot]),
                    None => self.table.prefetch(child.key),
                }
            }
            if self.config.history {
                self.apply_history(&mut children, mover);
            }
            Self::sort_children(&mut children);
            if held > 0 {
                // Children the endgame table holds cost a lookup, not a
                // search: all of them first. Then they are done with (a
                // null window has no room for them to raise alpha: either
                // one cuts off or they only set `best`).
                let mut searched = 0;
                for i in 0..children.len() {
                    let Some(slot) = children[i].slot else {
                        children.swap(searched, i);
                        searched += 1;
                        continue;
                    };
                    let child = &children[i];
                    let exact = i32::from(values[slot]);
                    let value = if child.same { child.gain + exact } else { child.gain - exact };
                    if value > best {
                        best = value;
                        best_move = Some(child.mv);
                        alpha = alpha.max(value);
                    }
                }
                self.endgame_hits += held as u64;
                children.truncate(searched);
                if best >= beta {
                    self.children[ply] = children;
                    self.move_lists[ply] = moves;
                    self.store(key, best, INFINITY, best_move.map(G::move_slot), 1);
                    return best;
                }
            }
            let try_cutoffs = match self.config.enhanced_cutoffs {
                Cutoffs::Never => false,
                Cutoffs::SeenBefore => seen_before,
                Cutoffs::Always => true,
            };
            if try_cutoffs && let Some((value, mv)) = self.transposition_cutoff(&children, beta) {
                self.children[ply] = children;
                self.move_lists[ply] = moves;
                self.store(key, value, INFINITY, Some(G::move_slot(mv)), 1);
                return value;
            }
            // With other threads, children another thread is searching
            // now wait for a second round (see [`BusyMarks`]).
            let marking = ply < BUSY_PLY && self.busy.is_some() && children.len() <= 64;
            let mut waiting = 0u64;
            'rounds: for round in 0..2 {
                for (i, child) in children.iter().enumerate() {
                    let value = if round == 0 && marking {
                        if self.is_busy(child.key) {
                            waiting |= 1 << i;
                            continue;
                        }
                        self.mark_busy(child.key, true);
                        let value = self.child_value(child, ply, alpha, beta);
                        self.mark_busy(child.key, false);
                        value
                    } else if round == 0 || waiting & (1 << i) != 0 {
                        self.child_value(child, ply, alpha, beta)
                    } else {
                        continue;
                    };
                    if self.failure.is_some() {
                        break 'rounds;
                    }
                    if value > best {
                        best = value;
                        best_move = Some(child.mv);
                        if value > alpha {
                            alpha = value;
                            if value >= beta {
                                if self.config.history {
                                    let cutoffs = &mut self.history[Self::history_index(mover, child.mv)];
                                    *cutoffs = cutoffs.saturating_add(1);
                                }
                                break 'rounds;
                            }
                        }
                    }
                }
                if waiting == 0 {
                    break;
                }
            }
            self.children[ply] = children;
            if self.failure.is_some() {
                self.move_lists[ply] = moves;
                return 0;
            }
        }
        self.move_lists[ply] = moves;

        let work = self.nodes - nodes_before;
        let best_slot = best_move.map(G::move_slot);
        if best >= beta {
            self.store(key, best, INFINITY, best_slot, work);
        } else if best <= alpha_at_start {
            self.store(key, -INFINITY, best, None, work);
        } else {
            self.store(key, best, best, best_slot, work);
        }
        best
    }

    /// Stores bounds in the shared table, counting the slots filled.
    #[inline]
    fn store(&mut self, key: u64, lower: i32, upper: i32, slot: Option<usize>, work: u64) {
        self.used += usize::from(self.table.store(key, lower, upper, slot, work));
    }

    /// Sets `child.exact` from the endgame table, if it holds the child.
    #[inline]
    fn look_up_endgame(&mut self, child: &mut Child<G>) {
        if let Some(endgame) = &self.endgame {
            child.exact = endgame.future_value(&child.position);
            self.endgame_hits += u64::from(child.exact.is_some());
        }
    }

    /// Whether another thread marked `key` as being searched.
    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        self.busy.as_ref().is_some_and(|busy| busy.is_busy(key))
    }

    /// Marks `key` as being searched by this thread, or no longer.
    #[inline]
    fn mark_busy(&self, key: u64, searching: bool) {
        if let Some(busy) = &self.busy {
            if searching { busy.enter(key) } else { busy.leave(key) }
        }
    }

    /// A child whose stored bound already proves a cutoff at `beta`.
    fn transposition_cutoff(&mut self, children: &[Child<G>], beta: i32) -> Option<(i32, G::Move)> {
        for child in children {
            self.probes += 1;
            let Some(known) = self.table.probe(child.key) else { continue };
            self.hits += 1;
            let at_least = if child.same {
                child.gain.saturating_add(known.lower)
            } else {
                child.gain.saturating_sub(known.upper)
            };
            if at_least >= beta {
                return Some((at_least, child.mv));
            }
        }
        None
    }

    /// The first guess of MTD(f): shallow searches ([`Solver::estimate`])
    /// one ply deeper at a time up to the configured depth, stopping early
    /// once they have cost [`GUESS_NODES`] nodes (games with many moves).
    fn first_guess(&mut self, position: &G) -> i32 {
        let start = self.nodes;
        let mut guess = 0;
        for depth in 1..=self.config.guess_depth {
            let value = self.estimate(position, depth, -INFINITY, INFINITY);
            if self.failure.is_some() {
                break;
            }
            guess = value;
            if self.nodes - start > GUESS_NODES {
                break;
            }
        }
        guess
    }

    /// A shallow estimate of the future value: alpha-beta to `depth` plies
    /// that scores its horizon by the game's [`Solve::future_estimate`].
    /// No table.
    fn estimate(&mut self, position: &G, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.watch.should_stop(self.nodes) {
            self.failure.get_or_insert(SolveError::Stopped);
            return 0;
        }
        if let Some(value) = self.endgame.as_ref().and_then(|e| e.future_value(position)) {
            return value;
        }
        if depth == 0 {
            return if position.outcome().is_some() {
                Self::terminal(position)
            } else {
                position.future_estimate()
            };
        }
        let slot = depth as usize;
        let mut children = Self::take_buffer(&mut self.guess_children, slot);
        Self::make_children(position, &mut children, &mut self.moves);
        if children.is_empty() {
            self.guess_children[slot] = children;
            return Self::terminal(position);
        }
        let mut best = -INFINITY;
        for child in &children {
            let value = if child.same {
                child.gain + self.estimate(&child.position, depth - 1, alpha - child.gain, beta - child.gain)
            } else {
                child.gain - self.estimate(&child.position, depth - 1, child.gain - beta, child.gain - alpha)
            };
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.guess_children[slot] = children;
        best
    }
}
