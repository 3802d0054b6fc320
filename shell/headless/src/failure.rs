//! How a command fails, and the exit code each failure gives.

use std::process::ExitCode;
use thiserror::Error;

/// A failed command (or launcher).
#[derive(Debug, Error)]
pub enum Failure {
    /// Bad input from the user: a malformed position or move, an unknown
    /// rule option, an out-of-range value, a game without this command.
    /// Exit code 2.
    #[error("{0}")]
    Usage(String),
    /// Anything else (I/O, no display). Exit code 1.
    #[error("{0}")]
    Runtime(String),
}

impl Failure {
    /// Bad input, exit code 2.
    pub fn usage(message: impl Into<String>) -> Self {
        Failure::Usage(message.into())
    }

    /// Another failure, exit code 1.
    pub fn runtime(message: impl Into<String>) -> Self {
        Failure::Runtime(message.into())
    }

    /// The exit code for this failure.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Usage(_) => ExitCode::from(2),
            Failure::Runtime(_) => ExitCode::from(1),
        }
    }
}

/// The result of a command.
pub type CommandResult = Result<(), Failure>;
