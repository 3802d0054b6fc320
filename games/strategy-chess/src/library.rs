//! The setup library: setups people actually play, and the player's own.
//!
//! The built-in library is `assets/strategy-chess/setups.txt`: the 30 setups
//! used most often by human players in the Gravon online archive, collected
//! by the Ataraxos project (MIT licence). Its attribution header is kept,
//! and any library file keeps its `#` comment lines through a read and
//! write.
//!
//! # File form
//! ```text
//! # comment lines (kept)
//! setup 1 370
//! 9 7 4 2 9 9 1 3 5 9
//! 7 B 3 S 5 6 9 7 B 7
//! B 6 9 8 5 B 4 9 4 8
//! 8 5 8 6 B F B 6 9 8
//! setup 31 "my fortress"
//! ...
//! ```
//! A record is a line `setup N [TIMES] ["NAME"]` (N the setup's number,
//! TIMES how many archived games used it, NAME a player's name for it),
//! then the setup's four rows, front row first, each left to right as its
//! owner sees it ([`Setup`]'s text form).
//!
//! The shell keeps the player's own library file; this module only reads,
//! writes and extends the text.

use crate::army::Army;
use crate::setup::{SETUP_ROWS, Setup};
use game_core::PositionError;
use std::sync::OnceLock;

/// The built-in library file, embedded.
pub const BUILTIN_TEXT: &str = include_str!("../../../assets/strategy-chess/setups.txt");

/// One setup of a library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryEntry {
    /// The setup's number in its library (1-based, as `--setups` uses it).
    pub number: u32,
    /// How many archived games used it, if known.
    pub times: Option<u32>,
    /// A player's name for it.
    pub name: Option<String>,
    /// The setup.
    pub setup: Setup,
}

/// A list of setups with the comment lines of its file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Library {
    header: Vec<String>,
    entries: Vec<LibraryEntry>,
}

impl Library {
    /// The 30 built-in human setups (parsed once).
    pub fn builtin() -> &'static Library {
        static BUILTIN: OnceLock<Library> = OnceLock::new();
        BUILTIN.get_or_init(|| Library::parse(BUILTIN_TEXT).unwrap_or_default())
    }

    /// Reads a library file.
    pub fn parse(text: &str) -> Result<Library, PositionError> {
        let mut library = Library::default();
        let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].trim();
            if line.is_empty() {
                i += 1;
                continue;
            }
            if line.starts_with('#') {
                if library.entries.is_empty() {
                    library.header.push(lines[i].to_string());
                }
                i += 1;
                continue;
            }
            let (number, times, name) = parse_record_line(line).ok_or_else(|| {
                PositionError::at_line(
                    i + 1,
                    "a record line `setup N [TIMES] [\"NAME\"]` or a # comment",
                    line,
                )
            })?;
            if library.entries.iter().any(|e| e.number == number) {
                return Err(PositionError::at_line(
                    i + 1,
                    format!("a setup number other than {number}"),
                    line,
                ));
            }
            if i + SETUP_ROWS >= lines.len() {
                return Err(PositionError::at_line(
                    i + 1,
                    "4 setup rows after the record line",
                    "end of file",
                ));
            }
            let rows = lines[i + 1..i + 1 + SETUP_ROWS].join("\n");
            let setup =
                Setup::parse(&rows).map_err(|error| PositionError::Notation { line: i + 2, error })?;
            library.entries.push(LibraryEntry { number, times, name, setup });
            i += 1 + SETUP_ROWS;
        }
        Ok(library)
    }

    /// The library as file text, comments first.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for line in &self.header {
            text.push_str(line);
            text.push('\n');
        }
        for entry in &self.entries {
            text.push_str(&format!("setup {}", entry.number));
            if let Some(times) = entry.times {
                text.push_str(&format!(" {times}"));
            }
            if let Some(name) = &entry.name {
                text.push_str(&format!(" \"{}\"", name.replace('"', "'")));
            }
            text.push('\n');
            text.push_str(&entry.setup.to_text());
            text.push('\n');
        }
        text
    }

    /// The `#` comment lines at the top of the file.
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// Every setup, in file order.
    pub fn entries(&self) -> &[LibraryEntry] {
        &self.entries
    }

    /// The setup numbered `number`.
    pub fn entry(&self, number: u32) -> Option<&LibraryEntry> {
        self.entries.iter().find(|e| e.number == number)
    }

    /// The setups that hold exactly `army`.
    pub fn fitting(&self, army: &Army) -> impl Iterator<Item = &LibraryEntry> + '_ {
        let army = *army;
        self.entries.iter().filter(move |e| e.setup.check(&army).is_ok())
    }

    /// Adds a player's setup under the next free number, and returns that
    /// number. The name is kept on one line; `"` becomes `'`.
    pub fn add(&mut self, setup: Setup, name: Option<&str>) -> u32 {
        let number = self.entries.iter().map(|e| e.number).max().unwrap_or(0) + 1;
        let name =
            name.map(|n| n.replace(['\n', '\r'], " ").replace('"', "'")).filter(|n| !n.trim().is_empty());
        self.entries.push(LibraryEntry { number, times: None, name, setup });
        number
    }

    /// Removes the setup numbered `number`; false if there is none.
    pub fn remove(&mut self, number: u32) -> bool {
        let before = self.entries.len();
        self.entries.retain(|e| e.number != number);
        self.entries.len() != before
    }
}

fn parse_record_line(line: &str) -> Option<(u32, Option<u32>, Option<String>)> {
    let rest = line.strip_prefix("setup")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let (head, name) = match rest.find('"') {
        Some(q) => {
            let quoted = rest[q + 1..].strip_suffix('"')?;
            if quoted.contains('"') {
                return None;
            }
            (&rest[..q], Some(quoted.to_string()))
        }
        None => (rest, None),
    };
    let mut words = head.split_whitespace();
    let number: u32 = words.next()?.parse().ok()?;
    let times = match words.next() {
        Some(w) => Some(w.parse().ok()?),
        None => None,
    };
    if words.next().is_some() || number == 0 {
        return None;
    }
    Some((number, times, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_library_holds_30_classic_setups_and_its_attribution() {
        let library = Library::builtin();
        assert_eq!(library.entries().len(), 30);
        assert_eq!(library.fitting(&Army::CLASSIC).count(), 30);
        assert_eq!(library.entry(1).and_then(|e| e.times), Some(370));
        assert!(library.header().iter().any(|l| l.contains("Gravon")), "attribution kept");
        assert!(library.header().iter().any(|l| l.contains("MIT")));
        assert_eq!(library.to_text(), BUILTIN_TEXT, "a read and write changes nothing");
    }

    #[test]
    fn a_players_setup_is_added_and_read_back() {
        let mut library = Library::builtin().clone();
        let mine = library.entry(3).unwrap().setup.mirrored();
        let number = library.add(mine, Some("my \"fortress\""));
        assert_eq!(number, 31);
        let again = Library::parse(&library.to_text()).unwrap();
        assert_eq!(again, library);
        assert_eq!(again.entry(31).unwrap().name.as_deref(), Some("my 'fortress'"));
        assert!(library.remove(31));
        assert!(!library.remove(31));
    }

    #[test]
    fn bad_files_name_the_line() {
        let err = Library::parse("# ok\nsetup x\n").unwrap_err();
        assert!(err.to_string().starts_with("line 2"), "{err}");
        let err = Library::parse("setup 1\n1 2 3\n").unwrap_err();
        assert!(err.to_string().contains("4 setup rows"), "{err}");
        let text = format!("setup 1\n{}\nsetup 1\n{}\n", Setup::empty().to_text(), Setup::empty().to_text());
        assert!(Library::parse(&text).unwrap_err().to_string().contains("other than 1"));
        let bad_row =
            "setup 1\n1 2 3 4 5 6 7 8 9 Q\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n";
        let err = Library::parse(bad_row).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        assert_eq!(Library::parse("").unwrap().entries().len(), 0);
    }
}
