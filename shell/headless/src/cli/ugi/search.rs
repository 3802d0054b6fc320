//! The search behind `go`: run on a worker thread, report `info` lines
//! after each completed depth, then `bestmove`.

use super::Out;
use ai::score::{MAX_PLY, is_decisive};
use ai::{AlphaBeta, ComputerPlayer, SearchLimits, SearchResult, Searcher, StopSignal};
use game_core::rng::seeded;
use game_core::{Evaluate, Game, Observe};
use std::time::{Duration, Instant};

/// How the move is chosen.
#[derive(Clone, Debug)]
pub enum Plan {
    /// Iterative deepening with alpha-beta within the `go` limits; one
    /// `info` line per completed depth.
    Limits {
        /// The limits; the stop signal is added by the worker.
        limits: SearchLimits,
        /// Whether `go infinite`: `bestmove` waits for `stop` even when
        /// the search ends by itself.
        infinite: bool,
    },
    /// `go` without limits: the computer player of the `level` option.
    Level {
        /// The seed of the level's random choices.
        seed: u64,
    },
}

/// The engines of one session, kept from search to search.
pub struct Engines<G: Observe + Evaluate> {
    /// For searches within explicit limits.
    pub alpha_beta: AlphaBeta<G>,
    /// For `go` without limits, at the current level.
    pub player: ComputerPlayer<G>,
}

/// Searches `position` by `plan`, writing `info` lines to `out`, and
/// returns the `bestmove` line for the caller to write once the engines
/// are free again. Returns early with the best move so far when `stop` is
/// raised.
pub fn search<G: Observe + Evaluate>(
    engines: &mut Engines<G>,
    position: &G,
    plan: &Plan,
    stop: &StopSignal,
    out: &Out,
) -> String {
    let started = Instant::now();
    let result = match plan {
        Plan::Limits { limits, infinite } => {
            let result = deepen(&mut engines.alpha_beta, position, limits, stop, out, started);
            if *infinite {
                while !stop.is_stopped() {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            result
        }
        Plan::Level { seed } => {
            let view = position.view(position.to_move());
            let result = engines.player.choose_move(&view, *seed, Some(stop));
            out.line(&info_line(position, &result, result.stats.depth.max(1), result.stats.nodes, started));
            Some(result)
        }
    };
    match result.and_then(|r| r.best_move) {
        Some(mv) => format!("bestmove {}", position.format_move(mv)),
        None => "bestmove (none)".into(),
    }
}

/// Iterative deepening driven from here, so that each completed depth is
/// reported; the engine's table carries what each depth learnt to the next.
fn deepen<G: Evaluate>(
    engine: &mut AlphaBeta<G>,
    position: &G,
    limits: &SearchLimits,
    stop: &StopSignal,
    out: &Out,
    started: Instant,
) -> Option<SearchResult<G::Move>> {
    let deadline = limits.time.map(|t| started + t);
    let node_limit = limits.nodes.unwrap_or(u64::MAX);
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).min(MAX_PLY as u32 - 1);
    let mut rng = seeded(position.hash_key());
    let mut nodes = 0u64;
    let mut best: Option<SearchResult<G::Move>> = None;
    for depth in 1..=max_depth {
        let time = match deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => Some(left),
                _ if best.is_some() => break,
                _ => Some(Duration::ZERO),
            },
            None => None,
        };
        if nodes >= node_limit && best.is_some() {
            break;
        }
        let step = SearchLimits {
            depth: Some(depth),
            time,
            nodes: Some(node_limit.saturating_sub(nodes).max(1)),
            stop: Some(stop.clone()),
            from_depth: None,
        };
        let result = engine.search(position, None, &step, &mut rng);
        nodes += result.stats.nodes;
        if result.best_move.is_none() {
            return Some(result);
        }
        let completed = !result.stats.stopped && result.stats.depth >= depth;
        if completed {
            out.line(&info_line(position, &result, depth, nodes, started));
        }
        let solved = is_decisive(result.value) && completed;
        // A cut-short search still holds the previous depth's answer,
        // improved by the moves it finished.
        if completed || best.is_none() || result.stats.depth + 1 >= depth {
            best = Some(result);
        }
        if !completed || solved {
            break;
        }
    }
    best
}

/// `info depth D score S nodes N nps R pv M...`; the score is the engine's
/// value for the side to move.
fn info_line<G: Game>(
    position: &G,
    result: &SearchResult<G::Move>,
    depth: u32,
    nodes: u64,
    started: Instant,
) -> String {
    let seconds = started.elapsed().as_secs_f64().max(1e-6);
    let nps = (nodes as f64 / seconds) as u64;
    let mut line = format!("info depth {depth} score {} nodes {nodes} nps {nps} pv", result.value);
    let mut walk = position.clone();
    for &mv in &result.pv {
        if walk.check_move(mv).is_err() {
            break;
        }
        line.push(' ');
        line.push_str(&walk.format_move(mv));
        walk.play_unchecked(mv);
    }
    line
}
