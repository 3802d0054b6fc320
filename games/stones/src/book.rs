//! An opening book: for the positions of level 10's games that it does
//! not solve live, on the boards people play, a move of the best exact
//! value and that value, worked out by the exact solver before play (the
//! `stones_book` example of the `headless` crate writes it;
//! `assets/books/stones.txt` ships it).
//!
//! The future of a position depends only on its pile array turned to the
//! side to move and the rules (see `impl Solve for Stones`), not on the
//! score piles, the seat to move or how many stones each pile started
//! with. So an entry is a pile array, the mover's row first, and one board
//! of entries serves every position of its rules with those piles.
//!
//! # Text form
//!
//! ```text
//! # a comment
//! rules pits=6 sowing=kalah empty_capture=false end_sweep=owner-keeps
//! 3 3 3 3 3 3 / 3 3 3 3 3 3 : 2 +2
//! ```
//!
//! A `rules` line starts the entries of one set of rules (`key=value` as in
//! `--set`; `stones` is not needed). Each entry gives the mover's piles 1..=pits,
//! the other player's piles 1..=pits, the pile to sow and the future value
//! (the final margin for the mover, less what the score piles already
//! hold).

use crate::board::Stones;
use crate::moves::Sow;
use crate::rules::{EndSweep, SowingRule, StonesRules};
use game_core::{RuleSet, Seat};
use std::collections::HashMap;
use std::fmt::Write as _;
use thiserror::Error;

/// A line of a book that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("book line {line}: {reason}")]
pub struct BookError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// What decides the future of a pile array: the rules but the starting
/// stones, the end sweep resolved, the empty capture only under Kalah.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct BoardRules {
    pits: u8,
    sowing: SowingRule,
    empty_capture: bool,
    end_sweep: EndSweep,
}

impl BoardRules {
    fn of(rules: &StonesRules) -> Self {
        BoardRules {
            pits: rules.pits,
            sowing: rules.sowing,
            empty_capture: rules.sowing == SowingRule::Kalah && rules.empty_capture,
            end_sweep: rules.effective_end_sweep(),
        }
    }

    /// The rules as `key=value` settings.
    fn settings(&self) -> String {
        let sowing = match self.sowing {
            SowingRule::Relay => "relay",
            SowingRule::Kalah => "kalah",
        };
        let end_sweep = match self.end_sweep {
            EndSweep::Auto => "auto",
            EndSweep::EmptierCollects => "emptier-collects",
            EndSweep::OwnerKeeps => "owner-keeps",
        };
        format!(
            "pits={} sowing={sowing} empty_capture={} end_sweep={end_sweep}",
            self.pits, self.empty_capture
        )
    }
}

/// A book move: the pile to sow and the future value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// A move of the best exact value.
    pub mv: Sow,
    /// The final margin for the mover less what the score piles hold.
    pub future: i32,
}

/// An opening book of Stones, for any number of rule sets.
#[derive(Clone, Debug, Default)]
pub struct StonesBook {
    /// The entries of each rule set by pile array (the mover's row first),
    /// with the rules in the order they were first given.
    boards: Vec<(BoardRules, HashMap<u128, BookEntry>)>,
}

impl StonesBook {
    /// An empty book.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads a book from its text form.
    pub fn parse(text: &str) -> Result<Self, BookError> {
        let mut book = StonesBook::new();
        let mut current: Option<StonesRules> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let fail = |reason: String| BookError { line: i + 1, reason };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(settings) = line.strip_prefix("rules") {
                let settings: Vec<&str> = settings.split_whitespace().collect();
                let rules =
                    StonesRules::default().with_settings(&settings).map_err(|e| fail(e.to_string()))?;
                current = Some(rules);
                continue;
            }
            let rules = current.ok_or_else(|| fail("an entry before any `rules` line".into()))?;
            let (position, entry) = Self::parse_entry(&rules, line).map_err(fail)?;
            book.insert(&position, entry);
        }
        Ok(book)
    }

    /// One entry line under `rules`.
    fn parse_entry(rules: &StonesRules, line: &str) -> Result<(Stones, BookEntry), String> {
        let (piles, answer) = line.split_once(':').ok_or("no `:` before the move")?;
        let (mine, theirs) = piles.split_once('/').ok_or("no `/` between the rows")?;
        let row = |text: &str| -> Result<Vec<u8>, String> {
            let row: Vec<u8> = text
                .split_whitespace()
                .map(|n| n.parse::<u8>().map_err(|_| format!("`{n}` is not a pile")))
                .collect::<Result<_, _>>()?;
            if row.len() == usize::from(rules.pits) {
                Ok(row)
            } else {
                Err(format!("a row of {} piles, not {}", rules.pits, row.len()))
            }
        };
        let mut array = row(mine)?;
        array.extend(row(theirs)?);
        let mut words = answer.split_whitespace();
        let (Some(pile), Some(future), None) = (words.next(), words.next(), words.next()) else {
            return Err("the answer is `PILE VALUE`".into());
        };
        let pile = pile.parse::<u8>().map_err(|_| format!("`{pile}` is not a pile"))?;
        let future = future.parse::<i32>().map_err(|_| format!("`{future}` is not a value"))?;
        let position = Stones::from_turned_piles(rules, &array).ok_or("not a position in play")?;
        if !(1..=rules.pits).contains(&pile) || position.row(Seat::FIRST)[usize::from(pile - 1)] == 0 {
            return Err(format!("pile {pile} cannot be sown"));
        }
        Ok((position, BookEntry { mv: Sow::pile(pile), future }))
    }

    /// Adds (or replaces) the entry of `position`'s pile array.
    pub fn insert(&mut self, position: &Stones, entry: BookEntry) {
        let rules = BoardRules::of(&position.rules);
        let i = match self.boards.iter().position(|(r, _)| *r == rules) {
            Some(i) => i,
            None => {
                self.boards.push((rules, HashMap::new()));
                self.boards.len() - 1
            }
        };
        self.boards[i].1.insert(position.word(), entry);
    }

    /// Removes the entries of the rules that play like `rules` (the
    /// starting stones aside).
    pub fn remove(&mut self, rules: &StonesRules) {
        let rules = BoardRules::of(rules);
        self.boards.retain(|(r, _)| *r != rules);
    }

    /// The book's entry for `position`, if it has one.
    pub fn get(&self, position: &Stones) -> Option<BookEntry> {
        let rules = BoardRules::of(&position.rules);
        let (_, entries) = self.boards.iter().find(|(r, _)| *r == rules)?;
        entries.get(&position.word()).copied()
    }

    /// How many entries the book holds.
    pub fn len(&self) -> usize {
        self.boards.iter().map(|(_, entries)| entries.len()).sum()
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every entry under rules that play like `rules` (the starting
    /// stones aside), as a position with empty score piles and Player One
    /// to move, sorted by pile array.
    pub fn entries(&self, rules: &StonesRules) -> Vec<(Stones, BookEntry)> {
        let wanted = BoardRules::of(rules);
        let mut all: Vec<(Stones, BookEntry)> = self
            .boards
            .iter()
            .filter(|(r, _)| *r == wanted)
            .flat_map(|(_, entries)| entries.iter())
            .map(|(&word, &entry)| {
                let mut position = Stones::empty_board(rules);
                position.set_word(word);
                (position, entry)
            })
            .collect();
        all.sort_by_key(|(p, _)| p.word());
        all
    }

    /// The text form (see the module documentation), entries sorted by
    /// pile array.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (rules, entries) in &self.boards {
            let _ = writeln!(text, "rules {}", rules.settings());
            let mut sorted: Vec<(&u128, &BookEntry)> = entries.iter().collect();
            sorted.sort_by_key(|(word, _)| **word);
            for (word, entry) in sorted {
                let bytes = word.to_le_bytes();
                let pits = usize::from(rules.pits);
                let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
                let future =
                    if entry.future > 0 { format!("+{}", entry.future) } else { entry.future.to_string() };
                let _ = writeln!(
                    text,
                    "{} / {} : {} {future}",
                    row(&bytes[..pits]),
                    row(&bytes[pits..2 * pits]),
                    entry.mv.pile
                );
            }
        }
        text
    }
}

impl Stones {
    /// The position with these piles (the mover's row first, then the
    /// other's, each from pile 1), empty score piles and Player One to
    /// move; `None` unless it holds `2 * pits` piles, with stones on both
    /// sides.
    fn from_turned_piles(rules: &StonesRules, piles: &[u8]) -> Option<Stones> {
        let pits = usize::from(rules.pits);
        let mut position = Stones::empty_board(rules);
        let total: u32 = piles.iter().map(|&p| u32::from(p)).sum();
        if piles.len() != 2 * pits
            || total > crate::board::MAX_TOTAL_STONES
            || piles[..pits].iter().all(|&p| p == 0)
            || piles[pits..].iter().all(|&p| p == 0)
        {
            return None;
        }
        position.piles[..2 * pits].copy_from_slice(piles);
        Some(position)
    }

    /// Every pile and score pile empty, Player One to move (to be filled).
    fn empty_board(rules: &StonesRules) -> Stones {
        Stones { piles: [0; crate::board::PILE_BYTES], stores: [0, 0], rules: *rules, to_move: Seat::FIRST }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;

    #[test]
    fn a_book_reads_back_what_it_writes() {
        let rules = StonesRules::kalah(4, 3, false);
        let mut position = Stones::start(&rules, &[]).unwrap();
        let mut book = StonesBook::new();
        book.insert(&position, BookEntry { mv: Sow::pile(2), future: 4 });
        position.play_unchecked(Sow::pile(1));
        book.insert(&position, BookEntry { mv: Sow::pile(3), future: -2 });
        let text = book.to_text();
        let again = StonesBook::parse(&text).unwrap();
        assert_eq!(again.len(), 2);
        assert_eq!(again.get(&position), Some(BookEntry { mv: Sow::pile(3), future: -2 }));
        assert_eq!(again.to_text(), text);
        // The starting stones do not matter, the capture rule does.
        let other = Stones::start(&StonesRules::kalah(4, 3, true), &[]).unwrap();
        assert_eq!(again.get(&other), None);
        let mut fewer = again.clone();
        fewer.remove(&StonesRules::kalah(4, 5, false));
        assert!(fewer.is_empty(), "the starting stones do not matter");
    }

    #[test]
    fn bad_lines_are_named() {
        let err = StonesBook::parse("3 3 3 / 3 3 3 : 1 +0").unwrap_err();
        assert_eq!(err.line, 1);
        let err = StonesBook::parse("rules pits=3\n3 3 / 3 3 3 : 1 +0").unwrap_err();
        assert!(err.reason.contains("3 piles"), "{err}");
        let err = StonesBook::parse("rules pits=3\n0 3 3 / 3 3 3 : 1 +0").unwrap_err();
        assert!(err.reason.contains("cannot be sown"), "{err}");
        assert!(StonesBook::parse("rules pits=99\n").is_err());
    }
}
