//! `boardsuite ugi GAME [--set ...]`: the Universal Game Interface (UCI
//! generalised to any two-player game, as the cutegames runner speaks it)
//! over stdin and stdout, for Stones and Blockade.
//!
//! The search runs on a worker thread while stdin keeps being read, so
//! `stop` ends it at once. Every reply is one line, flushed as written.
//! The commands, the fen of each game and an example transcript are in
//! `docs/engine-protocols.md`.

pub mod clock;
pub mod command;
pub mod input;
pub mod options;
pub mod search;
pub mod session;

use super::RuleArgs;
use crate::failure::{CommandResult, Failure};
use crate::registry::{GameKind, Registered, rules_from_settings};
use clap::Args;
use input::InputLine;
use session::{Flow, Session};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Arguments of `ugi`.
#[derive(Debug, Args)]
pub struct UgiArgs {
    /// The game: stones or blockade (Strategy Chess hides its pieces:
    /// use `ucc-bot`).
    pub game: GameKind,
    /// Rule options (the runner may change them with `setoption`).
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Where replies go: stdout, or a buffer in tests. Clones share it, so the
/// worker thread and the reading loop write whole lines in turn.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Sink>>);

enum Sink {
    Stdout,
    Buffer(Vec<String>),
}

impl Out {
    /// Replies to standard output.
    pub fn stdout() -> Self {
        Out(Arc::new(Mutex::new(Sink::Stdout)))
    }

    /// Replies kept in memory (for tests).
    pub fn buffer() -> Self {
        Out(Arc::new(Mutex::new(Sink::Buffer(Vec::new()))))
    }

    /// Writes one line and flushes it. A closed stdout is ignored: the
    /// runner has gone, and `quit` or the end of input will follow.
    pub fn line(&self, text: &str) {
        let mut sink = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match &mut *sink {
            Sink::Stdout => {
                let mut stdout = std::io::stdout().lock();
                let _ = writeln!(stdout, "{text}");
                let _ = stdout.flush();
            }
            Sink::Buffer(lines) => lines.push(text.to_string()),
        }
    }

    /// The lines written so far to a buffer (empty for stdout).
    pub fn lines(&self) -> Vec<String> {
        match &*self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) {
            Sink::Stdout => Vec::new(),
            Sink::Buffer(lines) => lines.clone(),
        }
    }
}

/// Runs a UGI session on stdin and stdout until `quit` or the end of input.
pub fn run(args: &UgiArgs) -> CommandResult {
    match args.game {
        GameKind::Stones => serve::<stones::Stones>(args),
        GameKind::Blockade => serve::<blockade::Blockade>(args),
        GameKind::StrategyChess => Err(Failure::usage(
            "strategy-chess hides its pieces, which UGI cannot express (a UGI position shows the whole \
             board): use `boardsuite ucc-bot` for the UCC 2012 Stratego manager protocol",
        )),
        #[cfg(any(test, feature = "testing"))]
        GameKind::Nim => serve::<game_core::nim::Nim>(args),
    }
}

fn serve<G: Registered>(args: &UgiArgs) -> CommandResult {
    let rules = rules_from_settings::<G>(&args.rules.set)?;
    let mut session = Session::<G>::new(rules, Out::stdout())?;
    let stdin = std::io::stdin();
    loop {
        // A line that is not UTF-8 or far too long is garbage to report,
        // not a reason to stop.
        match input::read_line(&mut stdin.lock(), input::MAX_INPUT_LINE) {
            Ok(None) => break,
            Ok(Some(InputLine::Text(text))) => {
                if session.handle_line(&text) == Flow::Quit {
                    return Ok(());
                }
            }
            Ok(Some(InputLine::TooLong(bytes))) => session.handle_too_long(bytes),
            Err(e) => return Err(Failure::runtime(format!("reading stdin: {e}"))),
        }
    }
    session.finish();
    Ok(())
}
