//! How the arena itself fails (as opposed to a program losing a game,
//! which is a game's result: see [`super::ending`]).

use crate::failure::Failure;
use game_core::RuleErrors;
use std::io;
use thiserror::Error;

/// A failure of the `arena` command.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// The game named is not Strategy Chess.
    #[error("arena is only for strategy-chess, not {0}: the UCC 2012 protocol is a Stratego protocol")]
    NotStrategyChess(&'static str),
    /// `--games 0`.
    #[error("--games: 0 is not allowed (allowed: 1 or more)")]
    NoGames,
    /// `--turn-limit 0`.
    #[error("--turn-limit: 0 is not allowed (allowed: 1 or more plies)")]
    NoTurns,
    /// A `--move-timeout` that is not a positive number of seconds.
    #[error("--move-timeout: {0} is not allowed (allowed: more than 0 and at most 3600 seconds)")]
    MoveTimeout(f64),
    /// `--first ""` or `--second "  "`.
    #[error("{flag}: the command is empty (give the program to run, e.g. \"./my-bot\")")]
    EmptyCommand {
        /// `--first` or `--second`.
        flag: &'static str,
    },
    /// Bad `--set` rule options.
    #[error("bad rule options for strategy-chess:\n{}", indented(.0))]
    Rules(#[from] RuleErrors),
    /// `sh` could not be started at all (a program that `sh` cannot find
    /// is not this: it exits at once and loses its game).
    #[error("cannot start `sh -c {command}`: {source}")]
    Spawn {
        /// The program's command.
        command: String,
        /// Why.
        source: io::Error,
    },
}

fn indented(errors: &RuleErrors) -> String {
    errors.0.iter().map(|e| format!("  {e}")).collect::<Vec<_>>().join("\n")
}

impl ArenaError {
    /// Whether the user can fix it by changing the command line (exit
    /// code 2), rather than the machine failing (exit code 1).
    pub fn is_usage(&self) -> bool {
        !matches!(self, ArenaError::Spawn { .. })
    }
}

impl From<ArenaError> for Failure {
    fn from(e: ArenaError) -> Failure {
        if e.is_usage() { Failure::usage(e.to_string()) } else { Failure::runtime(e.to_string()) }
    }
}
