//! What is wrong with a record, and where.

use thiserror::Error;

/// A record that could not be read, replayed or written. It names the line
/// of the file (counted from 1) when the problem has one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct RecordError {
    /// The 1-based line of the record text, if the problem sits on one.
    pub line: Option<usize>,
    /// What is wrong, in words.
    pub problem: String,
}

impl RecordError {
    /// A problem on `line` (1-based), if known.
    pub fn at(line: Option<usize>, problem: impl Into<String>) -> Self {
        RecordError { line, problem: problem.into() }
    }

    /// A problem of the whole record.
    pub fn whole(problem: impl Into<String>) -> Self {
        RecordError { line: None, problem: problem.into() }
    }
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.problem),
            None => f.write_str(&self.problem),
        }
    }
}

/// The 1-based line of byte `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
}
