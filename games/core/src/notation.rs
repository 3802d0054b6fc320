//! Errors from reading moves, positions and setups.

use thiserror::Error;

/// A move, position or setup text that could not be read.
///
/// It names what was expected and what was found, so the player (or the
/// author of a bug report) can fix the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected {expected}, found `{found}`")]
pub struct NotationError {
    /// What the reader was looking for, e.g. "a pile number 1..=6".
    pub expected: String,
    /// The text it found instead.
    pub found: String,
}

impl NotationError {
    /// An error expecting `expected` where `found` stood.
    pub fn new(expected: impl Into<String>, found: impl Into<String>) -> Self {
        NotationError { expected: expected.into(), found: found.into() }
    }
}

/// A position or setup text that does not describe a valid position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A line could not be read.
    #[error("line {line}: {error}")]
    Notation {
        /// The 1-based line number.
        line: usize,
        /// What was wrong on it.
        error: NotationError,
    },
    /// The text reads, but the position breaks a rule.
    #[error("invalid position: {0}")]
    Invalid(String),
}

impl PositionError {
    /// An unreadable `line` (1-based).
    pub fn at_line(line: usize, expected: impl Into<String>, found: impl Into<String>) -> Self {
        PositionError::Notation { line, error: NotationError::new(expected, found) }
    }

    /// A position that reads but cannot exist.
    pub fn invalid(why: impl Into<String>) -> Self {
        PositionError::Invalid(why.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_was_expected() {
        let e = NotationError::new("a pile number 1..=6", "9");
        assert_eq!(e.to_string(), "expected a pile number 1..=6, found `9`");
        let p = PositionError::at_line(3, "10 squares", "r1 r2");
        assert_eq!(p.to_string(), "line 3: expected 10 squares, found `r1 r2`");
    }
}
