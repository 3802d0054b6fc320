//! How a command fails, and the exit code each failure gives.

use std::fmt;
use std::process::ExitCode;

/// A failed command.
#[derive(Debug)]
pub enum Failure {
    /// Bad input from the user: a malformed position or move, an unknown
    /// rule option, an out-of-range value, a game without this command.
    /// Exit code 2.
    Usage(String),
    /// Anything else (I/O, no display). Exit code 1.
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

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(m) | Failure::Runtime(m) => f.write_str(m),
        }
    }
}

/// The result of a command.
pub type CommandResult = Result<(), Failure>;
