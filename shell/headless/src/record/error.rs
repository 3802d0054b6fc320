//! What is wrong with a record, and where.

use thiserror::Error;

/// A record (or the folder of saved records) that could not be read,
/// replayed or written. It names the line of the file (counted from 1)
/// when the problem has one.
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

/// Where each line of a text starts, so that a byte offset turns into its
/// line in logarithmic time: a record of many moves names each move's line
/// without reading the text again for every one.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// The byte offset of the start of each line; the first is 0.
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the lines of `text`.
    pub fn new(text: &str) -> Self {
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect();
        LineIndex { starts }
    }

    /// The 1-based line of byte `offset` (an offset past the end counts as
    /// on the last line).
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line of `offset`, counted the slow way.
    fn counted(text: &str, offset: usize) -> usize {
        text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
    }

    #[test]
    fn the_index_agrees_with_counting_newlines() {
        for text in ["", "a", "\n", "ab\ncd\n", "\n\nx\n\ny", "moves = [\n  \"1\",\n  \"2\",\n]\n"] {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(index.line(offset), counted(text, offset), "{text:?} at {offset}");
            }
        }
    }
}
