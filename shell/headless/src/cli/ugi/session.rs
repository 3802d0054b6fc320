//! One UGI session: the runner's commands applied to the rules, the
//! position and the search worker.

use super::Out;
use super::clock::limits_for;
use super::command::{self, Command, GoLimits, Query, Start};
use super::options::{DEFAULT_LEVEL, LEVEL, option_lines};
use super::search::{Engines, Plan, search};
use crate::failure::Failure;
use crate::registry::Registered;
use ai::{AlphaBeta, AlphaBetaConfig, ComputerPlayer, Level, Searcher, StopSignal};
use game_core::{RuleSet, Seat};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The size of the transposition table of `go` with explicit limits.
const TABLE_MB: usize = 64;

/// What the session does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `quit` was read.
    Quit,
}

/// A running search: its thread, its stop signal, and whether it runs
/// until `stop`.
struct Worker {
    handle: JoinHandle<()>,
    stop: StopSignal,
    infinite: bool,
    /// Raised just before `bestmove` is written: from then on the search
    /// is over for the runner, and joining the thread takes no time.
    done: Arc<AtomicBool>,
}

/// The state of a UGI session for game `G`.
pub struct Session<G: Registered> {
    rules: G::Rules,
    level: u8,
    position: G,
    engines: Arc<Mutex<Option<Engines<G>>>>,
    worker: Option<Worker>,
    searches: u64,
    out: Out,
}

impl<G: Registered> Session<G> {
    /// A session under `rules`, at the start position, writing to `out`;
    /// fails as [`Registered::start_position`] does (a usage error).
    pub fn new(rules: G::Rules, out: Out) -> Result<Self, Failure> {
        let position = G::start_position(&rules, None)?;
        Ok(Session {
            rules,
            level: DEFAULT_LEVEL,
            position,
            engines: Arc::new(Mutex::new(None)),
            worker: None,
            searches: 0,
            out,
        })
    }

    /// Handles one input line; errors are reported as `info string error`
    /// and never end the session.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        self.reap_finished_worker();
        let command = match command::parse(line) {
            Ok(Some(command)) => command,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                self.error(&e.to_string());
                return Flow::Continue;
            }
        };
        let searching = self.worker.is_some();
        match command {
            Command::Ugi => self.handshake(),
            Command::IsReady => self.out.line("readyok"),
            Command::Stop => self.stop(),
            Command::Quit => {
                self.stop();
                return Flow::Quit;
            }
            Command::Query(query) => self.query(query),
            _ if searching => self.error("a search is running: send stop first"),
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::NewGame => self.new_game(),
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(go) => self.go(go),
        }
        Flow::Continue
    }

    /// Reports an input line that was too long to read (and was skipped).
    pub fn handle_too_long(&mut self, bytes: usize) {
        self.error(&format!(
            "a line of {bytes} bytes is longer than {} and was skipped",
            super::input::MAX_INPUT_LINE
        ));
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn stop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.stop.stop();
            let _ = worker.handle.join();
        }
    }

    /// At the end of input: lets a search with limits finish (so that a
    /// piped script gets its `bestmove`) and stops an infinite one.
    pub fn finish(&mut self) {
        if let Some(worker) = self.worker.take() {
            if worker.infinite {
                worker.stop.stop();
            }
            let _ = worker.handle.join();
        }
    }

    fn error(&self, text: &str) {
        self.out.line(&format!("info string error {text}"));
    }

    fn reap_finished_worker(&mut self) {
        if self.worker.as_ref().is_some_and(|w| w.done.load(Ordering::SeqCst) || w.handle.is_finished())
            && let Some(worker) = self.worker.take()
        {
            let _ = worker.handle.join();
        }
    }

    fn handshake(&self) {
        self.out.line(&format!("id name boardsuite {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the boardsuite authors");
        for line in option_lines(&self.rules, self.level) {
            self.out.line(&line);
        }
        self.out.line("ugiok");
    }

    fn set_option(&mut self, name: &str, value: &str) {
        if name == LEVEL {
            match value.trim().parse::<u8>().ok().and_then(Level::new) {
                Some(level) => {
                    self.level = level.get();
                    self.with_engines(|engines| {
                        engines.player = ComputerPlayer::with_budget(G::budget(level))
                    });
                }
                None => self.error(&format!("level: `{value}` is not a level 1..10")),
            }
            return;
        }
        let assignment = format!("{name}={value}");
        let rules = match self.rules.with_settings(&[assignment.as_str()]) {
            Ok(rules) => rules,
            Err(errors) => return self.error(&errors.to_string()),
        };
        match G::start_position(&rules, None) {
            Ok(start) => {
                self.rules = rules;
                self.position = start;
                self.with_engines(|engines| {
                    engines.alpha_beta.forget();
                    engines.player.new_game();
                });
            }
            Err(e) => self.error(&e.to_string()),
        }
    }

    fn new_game(&mut self) {
        match G::start_position(&self.rules, None) {
            Ok(start) => self.position = start,
            Err(e) => return self.error(&e.to_string()),
        }
        self.with_engines(|engines| {
            engines.alpha_beta.forget();
            engines.player.new_game();
        });
    }

    fn set_position(&mut self, start: Start, moves: &[String]) {
        let from = match start {
            Start::StartPos => G::start_position(&self.rules, None).map_err(|e| e.to_string()),
            Start::Fen(fen) => {
                G::parse_position(&self.rules, &fen).map_err(|e| format!("bad fen `{fen}`: {e}"))
            }
        };
        let mut position = match from {
            Ok(position) => position,
            Err(e) => return self.error(&e),
        };
        for (i, text) in moves.iter().enumerate() {
            let played = position
                .parse_move(text)
                .map_err(|e| e.to_string())
                .and_then(|mv| position.try_play(mv).map_err(|e| e.to_string()));
            if let Err(reason) = played {
                return self.error(&format!("move {} `{text}`: {reason}; the position is unchanged", i + 1));
            }
        }
        self.position = position;
    }

    fn go(&mut self, go: GoLimits) {
        if self.position.outcome().is_some() {
            self.error("the game is over");
            self.out.line("bestmove (none)");
            return;
        }
        self.searches += 1;
        let infinite = go.infinite;
        let plan = if go.is_empty() {
            Plan::Level { seed: self.position.hash_key() ^ self.searches }
        } else {
            Plan::Limits { limits: limits_for(&go, self.position.to_move()), infinite: go.infinite }
        };
        self.ensure_engines();
        let stop = StopSignal::new();
        let (engines, position, out, signal) =
            (Arc::clone(&self.engines), self.position.clone(), self.out.clone(), stop.clone());
        let done = Arc::new(AtomicBool::new(false));
        let finished = Arc::clone(&done);
        let spawned = std::thread::Builder::new().name("ugi-search".into()).spawn(move || {
            let mut guard = engines.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let best = match guard.as_mut() {
                Some(engines) => search(engines, &position, &plan, &signal, &out),
                None => "bestmove (none)".into(),
            };
            drop(guard);
            finished.store(true, Ordering::SeqCst);
            out.line(&best);
        });
        match spawned {
            Ok(handle) => self.worker = Some(Worker { handle, stop, infinite, done }),
            Err(e) => self.error(&format!("cannot start the search: {e}")),
        }
    }

    fn query(&self, query: Query) {
        let answer = match query {
            Query::GameOver => self.position.outcome().is_some().to_string(),
            Query::P1Turn => (self.position.to_move() == Seat::FIRST).to_string(),
            Query::Result => match self.position.outcome() {
                None => "none".into(),
                Some(outcome) => match outcome.winner {
                    None => "draw".into(),
                    Some(Seat::FIRST) => "p1win".into(),
                    Some(_) => "p2win".into(),
                },
            },
        };
        self.out.line(&format!("response {answer}"));
    }

    fn ensure_engines(&self) {
        let mut guard = self.engines.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if guard.is_none() {
            let level = Level::new(self.level).unwrap_or(Level::MAX);
            *guard = Some(Engines {
                alpha_beta: AlphaBeta::new(AlphaBetaConfig { tt_mb: TABLE_MB, ..AlphaBetaConfig::default() }),
                player: ComputerPlayer::with_budget(G::budget(level)),
            });
        }
    }

    fn with_engines(&self, change: impl FnOnce(&mut Engines<G>)) {
        let mut guard = self.engines.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(engines) = guard.as_mut() {
            change(engines);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stones::Stones;

    fn session() -> (Session<Stones>, Out) {
        let out = Out::buffer();
        (Session::new(Default::default(), out.clone()).unwrap(), out)
    }

    #[test]
    fn a_free_turn_keeps_player_one_to_move() {
        let (mut s, out) = session();
        // From pile 4 of six with four stones, the last stone lands in the
        // store: a free turn.
        s.handle_line("position startpos moves 4");
        s.handle_line("query p1turn");
        s.handle_line("query gameover");
        s.handle_line("query result");
        assert_eq!(out.lines(), vec!["response true", "response false", "response none"]);
    }

    #[test]
    fn garbage_is_reported_and_the_session_goes_on() {
        let (mut s, out) = session();
        for line in [
            "hello",
            "position fen nonsense",
            "position startpos moves 9",
            "setoption name pits value 99",
            "setoption name level value 11",
            "go depth zero",
        ] {
            assert_eq!(s.handle_line(line), Flow::Continue);
        }
        s.handle_line("isready");
        let lines = out.lines();
        assert_eq!(lines.len(), 7, "{lines:?}");
        assert!(lines[..6].iter().all(|l| l.starts_with("info string error ")), "{lines:?}");
        assert_eq!(lines[6], "readyok");
        assert_eq!(s.handle_line("quit"), Flow::Quit);
    }
}
