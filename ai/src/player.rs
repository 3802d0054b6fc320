//! The computer player: a level's budget, its engines, and the one call
//! the shell makes for every game.

use crate::clock::Instant;
use crate::determinized::search_view;
use crate::engine::Engine;
use crate::exact::{ExactMove, PerfectPlay};
use crate::levels::Budget;
use crate::limits::StopSignal;
use crate::score::{self, Score};
use crate::search::{RootMove, SearchResult, Searcher};
use crate::seeds::{Stream, derive};
use crate::stats::SearchStats;
use game_core::rng::seeded;
use game_core::{Evaluate, Observe, Outcome, Seat};
use rand::Rng;
use std::fmt;
use std::time::Duration;

/// A computer player for one seat of one game.
///
/// Keep one per seat for the whole game: its engines remember what they
/// learnt (transposition tables, history) from one move to the next.
///
/// ```
/// use ai::levels::{DEFAULT_TABLE, at};
/// use ai::{ComputerPlayer, Level};
/// use game_core::nim::{Nim, NimRules};
/// use game_core::{Game, Observe, Seat};
///
/// let position = Nim::start(&NimRules::default(), &[]).unwrap();
/// let mut player = ComputerPlayer::<Nim>::with_budget(at(&DEFAULT_TABLE, Level::MAX));
/// let view = position.view(Seat::FIRST);
/// let result = player.choose_move(&view, 42, None);
/// assert!(position.check_move(result.best_move.unwrap()).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct ComputerPlayer<G: Observe + Evaluate> {
    budget: Budget,
    engines: Vec<Engine<G>>,
    /// Perfect play, when the budget asks for it and its hook serves `G`
    /// (its settings are the budget's `exact`).
    perfect: Option<Box<dyn PerfectPlay<G>>>,
}

/// A clone starts with fresh tables (a solver's table is not copied).
impl<G: Observe> Clone for Box<dyn PerfectPlay<G>> {
    fn clone(&self) -> Self {
        self.fresh()
    }
}

impl<G: Observe> fmt::Debug for dyn PerfectPlay<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PerfectPlay")
    }
}

impl<G: Observe + Evaluate> ComputerPlayer<G> {
    /// A player with this budget (a level's, from its game's
    /// [`LevelTable`](crate::levels::LevelTable)).
    pub fn with_budget(budget: Budget) -> Self {
        let engines = (0..budget.threads.max(1)).map(|_| Engine::new(budget.engine)).collect();
        let perfect = budget.exact.and_then(|play| play.hook.make::<G>(&play));
        ComputerPlayer { budget, engines, perfect }
    }

    /// Whether this player plays a move of the best exact value wherever
    /// its book or a solve within its budget gives one (its budget asks
    /// for it, and the budget's hook serves this game).
    pub fn plays_exactly(&self) -> bool {
        self.perfect.is_some()
    }

    /// The budget this player searches with.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Chooses the move for the seat whose `view` this is (call it on that
    /// seat's turn).
    ///
    /// Everything random derives from `seed`; with the same view, seed and
    /// budget, a fresh player always chooses the same move (given a time
    /// cap, only as far as the clock allows: see
    /// [`Budget::reproducible`]). `stop` ends the search early; the best
    /// move found so far is returned. `best_move` is `None` only when the
    /// game is over.
    pub fn choose_move(
        &mut self,
        view: &G::View,
        seed: u64,
        stop: Option<&StopSignal>,
    ) -> SearchResult<G::Move> {
        let mut limits = self.budget.limits(stop);
        let mut exact_nodes = 0;
        if let Some(solve_limits) = self.budget.exact.map(|play| play.limits(self.budget.time, stop)) {
            let clock = Instant::now();
            match self.try_exact(view, seed, &solve_limits) {
                Ok(found) => return found,
                Err(nodes) => exact_nodes = nodes,
            }
            // The search gets the time the solve left.
            limits.time = limits.time.map(|t| t.saturating_sub(clock.elapsed()));
        }
        let engines = self.engines.len();
        let mut result = self.search_within(view, seed, &limits, engines);
        result.stats.nodes += exact_nodes;
        result
    }

    /// Perfect play within `limits`: a move of the best exact value from
    /// the book or a solve, or the solver nodes spent in vain (none when
    /// this player does not play exactly).
    pub(crate) fn try_exact(
        &mut self,
        view: &G::View,
        seed: u64,
        limits: &crate::limits::SearchLimits,
    ) -> Result<SearchResult<G::Move>, u64> {
        let Some(perfect) = &mut self.perfect else { return Err(0) };
        let clock = Instant::now();
        // A game with a solver shows everything: the "sample" is the
        // position itself.
        let position = G::sample(view, &mut seeded(derive(seed, Stream::Sample, 0)));
        let mut nodes = 0;
        match perfect.best_move(&position, limits, &mut nodes) {
            Some(found) => Ok(exact_result(found, clock.elapsed())),
            None => Err(nodes),
        }
    }

    /// The search of [`ComputerPlayer::choose_move`] within `limits`, on
    /// the first `engines` of this player's engines (one: no thread is
    /// started), with the level's noise.
    pub(crate) fn search_within(
        &mut self,
        view: &G::View,
        seed: u64,
        limits: &crate::limits::SearchLimits,
        engines: usize,
    ) -> SearchResult<G::Move> {
        let used = engines.clamp(1, self.engines.len());
        let engines = &mut self.engines[..used];
        let mut result = search_view::<G>(view, engines, &self.budget.plan, limits, seed);
        if self.budget.noise > 0.0 {
            let mut rng = seeded(derive(seed, Stream::Noise, 0));
            if let Some(i) = noisy_choice(&result, self.budget.noise, &mut rng) {
                result.root_moves.swap(0, i);
                result.best_move = Some(result.root_moves[0].mv);
                result.value = result.root_moves[0].value;
                result.pv = vec![result.root_moves[0].mv];
            }
        }
        result
    }

    /// The computer's setup for `seat` (library setups from the level in
    /// the table that says so, generated ones below).
    pub fn choose_setup(&self, rules: &G::Rules, seat: Seat, seed: u64) -> G::Setup {
        G::random_setup(rules, seat, self.budget.library_setup, &mut seeded(derive(seed, Stream::Setup, 0)))
    }

    /// Forgets what earlier searches learnt (for a new game).
    pub fn new_game(&mut self) {
        for engine in &mut self.engines {
            engine.forget();
        }
        if let Some(perfect) = &mut self.perfect {
            perfect.forget();
        }
    }
}

/// The search result of a move of the best exact value: a proven score when
/// the value is known (its margin kept, its distance unknown), 0 for a
/// book move.
fn exact_result<M: Copy>(found: ExactMove<M>, elapsed: Duration) -> SearchResult<M> {
    let value = found.value.map_or(0, |margin| {
        let outcome = match margin {
            0 => Outcome::draw(),
            m if m > 0 => Outcome::win(Seat::FIRST, m.unsigned_abs().min(u64::from(u32::MAX)) as u32),
            m => Outcome::win(Seat::SECOND, m.unsigned_abs().min(u64::from(u32::MAX)) as u32),
        };
        score::terminal(&outcome, Seat::FIRST, score::MAX_PLY)
    });
    SearchResult {
        best_move: Some(found.mv),
        value,
        pv: vec![found.mv],
        root_moves: vec![RootMove { mv: found.mv, value, exact: found.value.is_some(), visits: 0 }],
        stats: SearchStats { nodes: found.nodes, samples: 1, elapsed, ..SearchStats::default() },
    }
}

/// The root move a noisy level plays: the best after jittering every
/// heuristic value by up to `noise` times the spread of those values.
/// Proven wins stay on top and proven losses at the bottom. `None` keeps
/// the engine's choice.
fn noisy_choice<M>(result: &SearchResult<M>, noise: f64, rng: &mut game_core::GameRng) -> Option<usize> {
    let roots = &result.root_moves;
    if roots.len() < 2 || (score::is_decisive(roots[0].value) && roots[0].value > 0) {
        return None;
    }
    let heuristic = roots.iter().map(|r| r.value).filter(|&v| !score::is_decisive(v));
    let (low, high) = heuristic.fold((Score::MAX, Score::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    // With one distinct value the spread is zero; jitter by one unit so
    // equal moves are still chosen at random.
    let spread = if low <= high { f64::from(high - low).max(1.0) } else { return None };
    let jitter = noise * spread;
    let mut best = None;
    let mut best_value = f64::NEG_INFINITY;
    for (i, root) in roots.iter().enumerate() {
        let value = if score::is_decisive(root.value) {
            f64::from(root.value)
        } else {
            f64::from(root.value) + rng.random_range(-jitter..=jitter)
        };
        if value > best_value {
            best_value = value;
            best = Some(i);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;
    use crate::search::RootMove;
    use game_core::Game;
    use game_core::nim::{Nim, NimRules};

    fn roots(values: &[Score]) -> SearchResult<u8> {
        SearchResult {
            best_move: Some(0),
            value: values[0],
            pv: vec![0],
            root_moves: values
                .iter()
                .enumerate()
                .map(|(i, &value)| RootMove { mv: i as u8, value, exact: true, visits: 0 })
                .collect(),
            stats: Default::default(),
        }
    }

    #[test]
    fn noise_spreads_choices_but_keeps_proven_results() {
        let mut rng = seeded(5);
        let mut seen = [0; 3];
        for _ in 0..300 {
            let i = noisy_choice(&roots(&[10, 8, -10]), 1.0, &mut rng).unwrap();
            seen[i] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "full noise tries every move: {seen:?}");
        assert!(seen[0] > seen[2], "but better moves more often: {seen:?}");
        let mut small = [0; 3];
        for _ in 0..300 {
            small[noisy_choice(&roots(&[10, 8, -10]), 0.05, &mut rng).unwrap()] += 1;
        }
        assert_eq!(small[2], 0, "little noise never plays the bad move: {small:?}");

        let win = score::WIN - 3 * score::PLY_STEP;
        assert_eq!(noisy_choice(&roots(&[win, 8, 5]), 1.0, &mut rng), None, "a proven win is kept");
        for _ in 0..50 {
            let i = noisy_choice(&roots(&[8, 5, -win]), 1.0, &mut rng).unwrap();
            assert_ne!(i, 2, "a proven loss is never chosen over a playable move");
        }
    }

    #[test]
    fn same_view_same_seed_same_move() {
        let position = Nim::start(&NimRules { heaps: vec![5, 6, 7, 8], ..NimRules::default() }, &[]).unwrap();
        let view = position.view(Seat::FIRST);
        for level in Level::all() {
            let budget = crate::levels::at(&crate::levels::DEFAULT_TABLE, level).reproducible();
            let a = ComputerPlayer::<Nim>::with_budget(budget).choose_move(&view, 99, None);
            let b = ComputerPlayer::<Nim>::with_budget(budget).choose_move(&view, 99, None);
            assert_eq!(a.best_move, b.best_move, "level {level}");
            assert!(position.check_move(a.best_move.unwrap()).is_ok());
        }
    }
}
