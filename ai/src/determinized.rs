//! Search from a seat's view: draw full positions consistent with it,
//! search each, and combine the answers.
//!
//! [`search_view`] takes the view, never a position, so by type it cannot
//! know anything the seat does not: the hidden parts of each sample are
//! invented by [`Observe::sample`] from public information and a seed. A
//! perfect-information game's view samples back to the position itself, so
//! every game goes through this one entry point (with one sample).
//!
//! Root moves are those legal in every sample (a seat's own moves do not
//! depend on what it cannot see, so they normally all agree). The seam for
//! a later information-set MCTS is this function: it sees the view, the
//! sampler and the seed, and returns a [`SearchResult`] like any engine.

use crate::clock::Instant;
use crate::engine::Engine;
use crate::limits::SearchLimits;
use crate::score::Score;
use crate::search::{RootMove, SearchResult, Searcher};
use crate::seeds::{Stream, derive};
use crate::stats::SearchStats;
use game_core::rng::seeded;
use game_core::{EVAL_LIMIT, Evaluate, Game, Observe, SeatView};
use std::time::Duration;

/// How the samples' answers become one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// Each sample votes for its best move (MCTS: a vote split by visit
    /// shares); most votes wins, ties go to the better average value.
    Vote,
    /// The move with the best value averaged over the samples (needs
    /// exact root values: alpha-beta with `exact_root`, or MCTS).
    Average,
}

/// How many positions to sample and how to combine them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SamplePlan {
    /// Positions drawn from the view (at least 1).
    pub samples: u32,
    /// How their results are combined.
    pub combine: Combine,
    /// What a proven win counts for when values are averaged, in the
    /// game's evaluation units (a proven loss counts as its negation),
    /// whatever its distance; where a heuristic value of the same decision
    /// comes near it, a proven win counts [`WIN_MARGIN_PERCENT`] of it more
    /// than the highest such value ([`win_for`]).
    ///
    /// It is the price of a gamble: a move that wins in one sample of
    /// sixteen (striking an unknown piece that might be the Flag) averages
    /// a sixteenth of it. Far above the evaluation's scale, every such
    /// gamble looks good whatever it risks; so a hidden-information game
    /// sets it to about what a won game is worth in material.
    pub win_utility: Score,
    /// How much the draws read into the view beyond its hard facts (see
    /// [`game_core::Observe::sampler`]): 0 draws every consistent position
    /// alike.
    pub insight: u8,
    /// Up to this many more samples, drawn in further batches of
    /// `samples` while the search has spent less than
    /// [`SPARE_SHARE_PERCENT`] of its node limit and of its time (a limit
    /// it does not have counts as unspent). A search that finishes its
    /// depth early spends what is left on a better average instead of
    /// answering sooner. With node limits alone it stays reproducible.
    pub extra_samples: u32,
    /// With [`Combine::Average`], how much, in percent, of the standard
    /// error of a move's mean utility is taken off it (0: none). A move
    /// whose average rests on one lucky sample (a strike on a piece that
    /// is the Flag in one draw of sixteen) has a wide spread; a move that
    /// is good in every draw has a narrow one. Ranking by the mean less a
    /// share of its error prefers the sure move over an equal average
    /// carried by a single draw, and is less fooled by the noise of few
    /// samples: the best of many noisy means is too high, most of all
    /// where the noise is widest. The root values are then these, so that
    /// the game's [`game_core::Observe::move_preference`] is added to
    /// them.
    pub spread_penalty: u32,
}

/// The share of its limits, in percent, below which a search draws another
/// batch of [`SamplePlan::extra_samples`]: a batch about as costly as the
/// last still fits in what is left.
pub const SPARE_SHARE_PERCENT: u32 = 40;

impl SamplePlan {
    /// One sample: the plan for perfect-information games.
    pub const SINGLE: SamplePlan = SamplePlan {
        samples: 1,
        combine: Combine::Vote,
        win_utility: WIN_UTILITY,
        insight: 0,
        extra_samples: 0,
        spread_penalty: 0,
    };
}

/// The default [`SamplePlan::win_utility`]: twice the largest evaluation,
/// so that a proven result outweighs any heuristic value.
pub const WIN_UTILITY: Score = 2 * EVAL_LIMIT;

/// Searches the position(s) behind `view` and returns the move to play.
///
/// - Sample `i` is drawn with a seed derived from `seed` and `i`, and
///   searched with another, so the result depends only on the view, the
///   seed, the plan, the limits and the engines' memory, never on thread
///   scheduling.
/// - Samples are shared out over `engines` (one thread per engine; sample
///   `i` goes to engine `i % engines.len()`), each with an equal share of
///   the time and node limits.
/// - With one sample the engine's result is returned as it is.
/// - When every sample proves the side lost whatever it plays, every move
///   as soon as the others, and the search has spent less than
///   [`SPARE_SHARE_PERCENT`] of its limits, a batch drawn by
///   [`Observe::hopeful_sampler`] (if the game has one) is searched with
///   what is left, and its answer is taken if it finds a move that is not
///   lost: a drawn enemy sees what the real one cannot.
///
/// # Panics
/// If `engines` is empty.
pub fn search_view<G: Observe + Evaluate>(
    view: &G::View,
    engines: &mut [Engine<G>],
    plan: &SamplePlan,
    limits: &SearchLimits,
    seed: u64,
) -> SearchResult<G::Move> {
    assert!(!engines.is_empty(), "search_view needs at least one engine");
    let clock = Instant::now();
    if let Some(outcome) = view.outcome() {
        let seat = view.to_move();
        return SearchResult::game_over(crate::score::terminal(&outcome, seat, 0));
    }
    let count = plan.samples.max(1) as usize;
    let mut draw = G::sampler(view, plan.insight);
    let mut draw_batch = |from: usize| -> Vec<G> {
        (from..from + count).map(|i| draw(&mut seeded(derive(seed, Stream::Sample, i as u64)))).collect()
    };
    let mut samples = draw_batch(0);
    let common = common_moves(&samples);
    let per_sample = share_limits(limits, count, engines.len());
    // Each sample's time share ends no later than the whole search's time:
    // a sample that starts late (a thread not run for a while, a slow
    // first touch of a table) gets only what is left.
    let deadline = limits.time.map(|t| clock + t);
    let mut results = search_batch(&samples, 0, engines, &common, &per_sample, deadline, seed);
    let most = count + plan.extra_samples as usize;
    while results.len() + count <= most && has_spare(limits, &results, clock) {
        samples = draw_batch(results.len());
        let more = search_batch(&samples, results.len(), engines, &common, &per_sample, deadline, seed);
        results.extend(more);
    }
    // Lost in every draw whatever is played, every move as soon: search
    // draws in which the enemy cannot stumble on what it has not seen,
    // with what the first search left. (Where some move holds out longer,
    // holding out is the defence, which hopeful draws would not see.)
    let mut forsaken_nodes = 0;
    if lost_alike(&results)
        && has_spare(limits, &results, clock)
        && let Some(mut hopeful) = G::hopeful_sampler(view, plan.insight)
    {
        let first = results.len();
        let hoped: Vec<G> = (first..first + count)
            .map(|i| hopeful(&mut seeded(derive(seed, Stream::Sample, i as u64))))
            .collect();
        let spent: u64 = results.iter().map(|r| r.stats.nodes).sum();
        let left = SearchLimits {
            nodes: limits.nodes.map(|n| n.saturating_sub(spent).max(1)),
            time: limits.time.map(|t| t.saturating_sub(clock.elapsed())),
            ..limits.clone()
        };
        let per_sample = share_limits(&left, count, engines.len());
        let found = search_batch(&hoped, first, engines, &common, &per_sample, deadline, seed);
        if !found.is_empty() && !lost_everywhere(&found) {
            forsaken_nodes = spent;
            results = found;
        }
    }
    let searched = results.len();
    let mut combined = if searched == 1 {
        results.into_iter().next().unwrap_or_else(|| SearchResult::game_over(0))
    } else {
        combine(&common, &results, plan)
    };
    // A single search's root values are bounds unless it says they are
    // exact; averaged ones are all values.
    if searched > 1 || combined.root_moves.iter().all(|r| r.exact) {
        prefer::<G>(view, &mut combined);
    }
    combined.stats.nodes += forsaken_nodes;
    combined.stats.elapsed = clock.elapsed();
    combined
}

/// Whether every search of `results` proved its side lost whatever it
/// plays, and every move as soon as the others: no move holds out longer
/// (none searched counts as not lost).
fn lost_alike<M>(results: &[SearchResult<M>]) -> bool {
    lost_everywhere(results)
        && results.iter().all(|r| r.root_moves.iter().all(|m| m.value == r.root_moves[0].value))
}

/// Whether every search of `results` proved its side lost whatever it
/// plays (none searched counts as not lost).
fn lost_everywhere<M>(results: &[SearchResult<M>]) -> bool {
    !results.is_empty()
        && results.iter().all(|r| {
            !r.root_moves.is_empty()
                && r.root_moves.iter().all(|m| m.value < 0 && crate::score::is_decisive(m.value))
        })
}

/// Searches the samples of one batch, the first of which is sample number
/// `first` of the whole search (its search seed derives from that number),
/// each with `per_sample` limits ended by `deadline`; one thread per
/// engine. The results come back in sample order.
fn search_batch<G: Observe + Evaluate>(
    samples: &[G],
    first: usize,
    engines: &mut [Engine<G>],
    common: &[G::Move],
    per_sample: &SearchLimits,
    deadline: Option<Instant>,
    seed: u64,
) -> Vec<SearchResult<G::Move>> {
    let count = samples.len();
    let mut results: Vec<Option<SearchResult<G::Move>>> = vec![None; count];
    let search_one = |engine: &mut Engine<G>, i: usize| {
        let mut rng = seeded(derive(seed, Stream::Search, (first + i) as u64));
        let mut limits = per_sample.clone();
        if let (Some(share), Some(deadline)) = (limits.time, deadline) {
            let left = deadline.saturating_duration_since(Instant::now());
            limits.time = Some(share.min(left).max(Duration::from_millis(1)));
        }
        engine.search(&samples[i], Some(common), &limits, &mut rng)
    };
    if engines.len() == 1 || count == 1 {
        for (i, slot) in results.iter_mut().enumerate() {
            *slot = Some(search_one(&mut engines[0], i));
        }
    } else {
        let workers = engines.len();
        std::thread::scope(|scope| {
            let handles: Vec<_> = engines
                .iter_mut()
                .enumerate()
                .map(|(w, engine)| {
                    let search_one = &search_one;
                    scope.spawn(move || {
                        (w..count).step_by(workers).map(|i| (i, search_one(engine, i))).collect::<Vec<_>>()
                    })
                })
                .collect();
            for handle in handles {
                // A worker only panics if the game's own code does; pass it on.
                let done = handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                for (i, result) in done {
                    results[i] = Some(result);
                }
            }
        });
    }
    results.into_iter().flatten().collect()
}

/// Whether the search has spent less than [`SPARE_SHARE_PERCENT`] of its
/// node limit and of its time, and was not stopped.
fn has_spare<M>(limits: &SearchLimits, results: &[SearchResult<M>], clock: Instant) -> bool {
    if results.iter().any(|r| r.stats.stopped) || limits.stop.as_ref().is_some_and(|s| s.is_stopped()) {
        return false;
    }
    let share = u64::from(SPARE_SHARE_PERCENT);
    let nodes: u64 = results.iter().map(|r| r.stats.nodes).sum();
    let nodes_ok = limits.nodes.is_none_or(|cap| nodes * 100 < cap * share);
    let time_ok =
        limits.time.is_none_or(|t| clock.elapsed().as_micros() * 100 < t.as_micros() * u128::from(share));
    nodes_ok && time_ok
}

/// Adds the game's [`Observe::move_preference`] to every root value that is
/// not a proven result, and puts the best first again. Nothing changes when
/// the game prefers nothing.
fn prefer<G: Observe>(view: &G::View, result: &mut SearchResult<G::Move>) {
    let preferences: Vec<i32> = result.root_moves.iter().map(|r| G::move_preference(view, r.mv)).collect();
    if preferences.iter().all(|&p| p == 0) {
        return;
    }
    for (root, preference) in result.root_moves.iter_mut().zip(preferences) {
        if !crate::score::is_decisive(root.value) {
            root.value += preference;
        }
    }
    // Stable: equal values keep the search's order.
    result.root_moves.sort_by_key(|r| std::cmp::Reverse(r.value));
    if let Some(best) = result.root_moves.first() {
        if result.best_move != Some(best.mv) {
            result.pv = vec![best.mv];
        }
        result.best_move = Some(best.mv);
        result.value = best.value;
    }
}

/// The moves legal in every sample, in the first sample's order. If the
/// samples share none (a sampler that got the seat's own pieces wrong),
/// the first sample's moves, so that there is always a move.
fn common_moves<G: Game>(samples: &[G]) -> Vec<G::Move> {
    let mut first = Vec::new();
    samples[0].legal_moves(&mut first);
    let mut other = Vec::new();
    let mut common = first.clone();
    for sample in &samples[1..] {
        sample.legal_moves(&mut other);
        common.retain(|mv| other.contains(mv));
    }
    if common.is_empty() { first } else { common }
}

/// Each sample's share of the limits when `count` samples run on
/// `workers` threads.
fn share_limits(limits: &SearchLimits, count: usize, workers: usize) -> SearchLimits {
    let rounds = count.div_ceil(workers.max(1)).max(1) as u32;
    SearchLimits {
        depth: limits.depth,
        time: limits.time.map(|t| (t / rounds).max(Duration::from_millis(1))),
        nodes: limits.nodes.map(|n| (n / count as u64).max(1)),
        stop: limits.stop.clone(),
        from_depth: limits.from_depth,
    }
}

/// How much more than any heuristic value of the same decision a proven win
/// counts, in percent of [`SamplePlan::win_utility`].
pub const WIN_MARGIN_PERCENT: i64 = 20;

/// What a proven win counts for in one decision: `win`, or, where a
/// heuristic value of `results` comes within [`WIN_MARGIN_PERCENT`] of it
/// or beyond, that much more than the highest heuristic value.
///
/// With a fixed `win` and heuristic values capped at it, every move of a
/// side far enough ahead would be worth a proven win: the search could not
/// tell a move that takes the enemy's last movable piece from one that
/// walks about, nor a greater lead from a lesser one. Below the margin the
/// win is `win` as it is, so a gamble is priced the same.
fn win_for<M>(results: &[SearchResult<M>], win: Score) -> Score {
    let win = i64::from(win.max(1));
    let highest = results
        .iter()
        .flat_map(|r| &r.root_moves)
        .filter(|r| !crate::score::is_decisive(r.value))
        .map(|r| i64::from(r.value).abs())
        .max()
        .unwrap_or(0);
    let win = win.max(highest + win * WIN_MARGIN_PERCENT / 100);
    win.min(i64::from(crate::score::WIN_THRESHOLD) - 1) as Score
}

/// A root value as averaged: proven results count `win` less one for every
/// ply to the end (a quicker win, a slower loss, is worth a little more),
/// heuristic values are capped at it (with `win` from [`win_for`], none
/// reaches it).
fn utility(value: Score, win: Score) -> i64 {
    let win = win.max(1);
    let value = match crate::score::plies_to_end(value) {
        Some(plies) => value.signum() * (win - (plies as Score).min(win / 2)),
        None => value.clamp(-win, win),
    };
    i64::from(value)
}

/// Combines the results of several samples over the common moves.
fn combine<M: Copy + PartialEq>(
    common: &[M],
    results: &[SearchResult<M>],
    plan: &SamplePlan,
) -> SearchResult<M> {
    let (rule, win) = (plan.combine, win_for(results, plan.win_utility));
    struct Tally {
        votes: f64,
        utility: i64,
        squares: f64,
        seen: i64,
        visits: u64,
    }
    let mut tallies: Vec<Tally> =
        common.iter().map(|_| Tally { votes: 0.0, utility: 0, squares: 0.0, seen: 0, visits: 0 }).collect();
    let mut stats = SearchStats::default();
    for result in results {
        stats.absorb(&result.stats);
        let total_visits: u64 = result.root_moves.iter().map(|r| r.visits).sum();
        for root in &result.root_moves {
            let Some(i) = common.iter().position(|&m| m == root.mv) else { continue };
            let tally = &mut tallies[i];
            let u = utility(root.value, win);
            tally.utility += u;
            tally.squares += (u as f64) * (u as f64);
            tally.seen += 1;
            tally.visits += root.visits;
            if total_visits > 0 {
                tally.votes += root.visits as f64 / total_visits as f64;
            }
        }
        if total_visits == 0
            && let Some(i) = result.best_move.and_then(|b| common.iter().position(|&m| m == b))
        {
            tallies[i].votes += 1.0;
        }
    }
    let mean = |t: &Tally| if t.seen == 0 { -i64::from(win.max(1)) } else { t.utility / t.seen };
    // The mean less `spread_penalty` percent of its standard error.
    let cautious = |t: &Tally| {
        if t.seen < 2 || plan.spread_penalty == 0 {
            return mean(t);
        }
        let n = t.seen as f64;
        let average = t.utility as f64 / n;
        let variance = (t.squares / n - average * average).max(0.0) * n / (n - 1.0);
        let error = (variance / n).sqrt();
        (average - f64::from(plan.spread_penalty) / 100.0 * error).round() as i64
    };
    let mut order: Vec<usize> = (0..common.len()).collect();
    match rule {
        // Stable sorts: ties keep the first sample's move order.
        Combine::Vote => order.sort_by(|&a, &b| {
            let (ta, tb) = (&tallies[a], &tallies[b]);
            tb.votes.total_cmp(&ta.votes).then(mean(tb).cmp(&mean(ta)))
        }),
        Combine::Average => order.sort_by_key(|&i| std::cmp::Reverse(cautious(&tallies[i]))),
    }
    let root_moves: Vec<RootMove<M>> = order
        .iter()
        .map(|&i| RootMove {
            mv: common[i],
            value: match rule {
                Combine::Average => cautious(&tallies[i]) as Score,
                Combine::Vote => mean(&tallies[i]) as Score,
            },
            exact: false,
            visits: tallies[i].visits,
        })
        .collect();
    let best = root_moves.first().map(|r| r.mv);
    SearchResult {
        best_move: best,
        value: root_moves.first().map_or(0, |r| r.value),
        pv: best.into_iter().collect(),
        root_moves,
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
    use game_core::Seat;
    use game_core::nim::{Nim, NimMove, NimRules};

    fn nim(text: &str) -> Nim {
        Nim::parse_position(&NimRules::default(), text).unwrap()
    }

    #[test]
    fn root_moves_are_those_of_every_sample() {
        let mv = |heap, take| NimMove { heap, take };
        let common = common_moves(&[nim("2 3 : first"), nim("3 1 : first")]);
        assert_eq!(common, vec![mv(0, 1), mv(0, 2), mv(1, 1)]);
        // Nothing in common: the first sample's moves, so there is a move.
        let disjoint = common_moves(&[nim("0 1 : first"), nim("1 0 : first")]);
        assert_eq!(disjoint, vec![mv(1, 1)]);
    }

    #[test]
    fn limits_are_shared_by_the_samples() {
        let limits = SearchLimits::none().nodes(1000).time(Duration::from_millis(800)).depth(3);
        let shared = share_limits(&limits, 8, 2);
        assert_eq!(shared.nodes, Some(125));
        assert_eq!(shared.time, Some(Duration::from_millis(200)), "4 rounds of 2 parallel samples");
        assert_eq!(shared.depth, Some(3));
    }

    /// One sample's result whose best move is the first of `values`.
    fn result(values: &[(u8, Score)]) -> SearchResult<u8> {
        SearchResult {
            best_move: Some(values[0].0),
            value: values[0].1,
            pv: vec![values[0].0],
            root_moves: values
                .iter()
                .map(|&(mv, value)| RootMove { mv, value, exact: true, visits: 0 })
                .collect(),
            stats: SearchStats { samples: 1, ..SearchStats::default() },
        }
    }

    fn plan(combine: Combine, win_utility: Score) -> SamplePlan {
        SamplePlan { combine, win_utility, ..SamplePlan::SINGLE }
    }

    #[test]
    fn votes_and_averages_combine_over_common_moves() {
        let result = |best: u8, values: &[(u8, Score)]| SearchResult {
            best_move: Some(best),
            value: 0,
            pv: vec![best],
            root_moves: values
                .iter()
                .map(|&(mv, value)| RootMove { mv, value, exact: true, visits: 0 })
                .collect(),
            stats: SearchStats { samples: 1, ..SearchStats::default() },
        };
        let results = [
            result(1, &[(1, 10), (2, 5), (3, 0)]),
            result(1, &[(1, 8), (2, 9), (9, 50)]),
            result(2, &[(2, 30), (1, 0)]),
        ];
        let vote = combine(&[1, 2, 3], &results, &plan(Combine::Vote, WIN_UTILITY));
        assert_eq!(vote.best_move, Some(1), "two votes to one");
        assert_eq!(vote.stats.samples, 3);
        let average = combine(&[1, 2, 3], &results, &plan(Combine::Average, WIN_UTILITY));
        assert_eq!(average.best_move, Some(2), "mean 14.7 beats 6; move 9 is not common");
        assert_eq!(average.root_moves.iter().map(|r| r.mv).collect::<Vec<_>>(), vec![2, 1, 3]);
    }

    #[test]
    fn the_win_utility_prices_gambles() {
        let win = crate::score::WIN - 3 * crate::score::PLY_STEP;
        // Move 1 wins in one sample of four and loses 400 in the others;
        // move 2 is worth 50 everywhere.
        let mut results = vec![result(&[(1, win), (2, 50)])];
        results.extend((0..3).map(|_| result(&[(2, 50), (1, -400)])));
        let gamble = combine(&[1, 2], &results, &plan(Combine::Average, WIN_UTILITY));
        assert_eq!(gamble.best_move, Some(1), "a win worth millions pays for any risk");
        let priced = combine(&[1, 2], &results, &plan(Combine::Average, 1000));
        assert_eq!(priced.best_move, Some(2), "a win worth 1000 does not: (1000 - 1200) / 4 < 50");
        assert_eq!(priced.root_moves[1].value, -50);
        let worth_it = combine(&[1, 2], &results, &plan(Combine::Average, 2000));
        assert_eq!(worth_it.best_move, Some(1), "(2000 - 1200) / 4 = 200 > 50");
    }

    #[test]
    fn far_ahead_a_proven_win_and_a_greater_lead_still_count() {
        let win = crate::score::WIN - 3 * crate::score::PLY_STEP;
        // Move 1 wins in every sample; moves 2 and 3 lead by far more than
        // the win utility, move 3 by 4 more.
        let results: Vec<_> = (0..4).map(|_| result(&[(2, 5_000), (3, 5_004), (1, win)])).collect();
        let far = combine(&[1, 2, 3], &results, &plan(Combine::Average, 1500));
        let order: Vec<u8> = far.root_moves.iter().map(|r| r.mv).collect();
        assert_eq!(order, vec![1, 3, 2], "the win, then the greater lead");
        assert_eq!(
            far.root_moves[0].value,
            5_004 + 300 - 3,
            "a win in 3 counts 20% of 1500 more than any lead, less 3"
        );
        assert_eq!(far.root_moves[1].value - far.root_moves[2].value, 4, "leads count as they are");
        // Where no heuristic value comes within the margin, a win counts
        // the plan's utility.
        let near: Vec<_> = (0..4).map(|_| result(&[(2, 1_100), (1, win)])).collect();
        assert_eq!(win_for(&near, 1500), 1500);
        assert_eq!(win_for(&[result(&[(2, -1_250)])], 1500), 1550, "a deficit counts too");
    }

    #[test]
    fn a_quicker_win_and_a_slower_loss_count_more() {
        let win_in = |plies: i32| crate::score::WIN - plies * crate::score::PLY_STEP;
        // Moves 1 and 2 win in every sample, move 2 sooner; move 3 loses
        // in 2 and move 4 in 6.
        let results: Vec<_> = (0..4)
            .map(|_| result(&[(1, win_in(5)), (2, win_in(1)), (3, -win_in(2)), (4, -win_in(6))]))
            .collect();
        let combined = combine(&[1, 2, 3, 4], &results, &plan(Combine::Average, 1500));
        let order: Vec<(u8, Score)> = combined.root_moves.iter().map(|r| (r.mv, r.value)).collect();
        assert_eq!(order, vec![(2, 1499), (1, 1495), (4, -1494), (3, -1498)]);
    }

    #[test]
    fn the_spread_penalty_prefers_a_sure_move_to_one_lucky_sample() {
        // Move 1 wins in one sample of sixteen and is worth 0 in the
        // others (mean 1600 / 16 = 100); move 2 is worth 60 everywhere.
        let win = crate::score::WIN - crate::score::PLY_STEP;
        let mut results = vec![result(&[(1, win), (2, 60)])];
        results.extend((0..15).map(|_| result(&[(2, 60), (1, 0)])));
        let bold = combine(&[1, 2], &results, &plan(Combine::Average, 1600));
        assert_eq!(bold.best_move, Some(1), "100 > 60");
        let careful = SamplePlan { spread_penalty: 50, ..plan(Combine::Average, 1600) };
        let careful = combine(&[1, 2], &results, &careful);
        // Standard error 400 / 4 = 100; 100 - 50 < 60, and move 2 has none.
        assert_eq!(careful.best_move, Some(2));
        assert_eq!(careful.root_moves[1].value, 50, "the value is the one it is ranked by");
    }

    #[test]
    fn a_perfect_information_view_is_searched_as_the_position() {
        let position = nim("3 4 5 : first");
        let config = AlphaBetaConfig { tt_mb: 1, ..AlphaBetaConfig::default() };
        let limits = SearchLimits::none().depth(4);
        let mut engines = [Engine::AlphaBeta(AlphaBeta::new(config))];
        let via_view =
            search_view::<Nim>(&position.view(Seat::FIRST), &mut engines, &SamplePlan::SINGLE, &limits, 3);
        let direct = AlphaBeta::<Nim>::new(config).search(&position, None, &limits, &mut seeded(0));
        assert_eq!(via_view.best_move, direct.best_move);
        assert_eq!(via_view.value, direct.value);
        assert_eq!(via_view.pv, direct.pv);
    }
}
