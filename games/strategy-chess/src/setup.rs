//! A side's setup: what stands on each of its 40 squares before play.
//!
//! # Text form
//! Four lines (or four groups separated by `/`) of ten tokens, **front row
//! first** (the row next to the lakes), each row **left to right as its
//! owner sees it**. Tokens are `1`..`9`, `S`, `B`, `F` and `.` for a square
//! left empty (armies smaller than 40). This is the form of the setup
//! library file:
//!
//! ```text
//! 9 7 4 2 9 9 1 3 5 9
//! 7 B 3 S 5 6 9 7 B 7
//! B 6 9 8 5 B 4 9 4 8
//! 8 5 8 6 B F B 6 9 8
//! ```
//!
//! On the board, Red's rows go to ranks 4, 3, 2, 1 on files a..j; Blue's rows
//! go to ranks 7, 8, 9, 10 on files j..a (Blue sits opposite, so its left is
//! Red's right). A setup serialises as one line with ` / ` between rows.

use crate::army::Army;
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::square::Square;
use game_core::NotationError;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Rows in a setup.
pub const SETUP_ROWS: usize = 4;
/// Squares in a setup row.
pub const SETUP_COLUMNS: usize = 10;

/// A placement of one side's army on its four rows, as its owner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// `rows[0]` is the front row; each row runs left to right as the
    /// owner sees it.
    rows: [[Option<Rank>; SETUP_COLUMNS]; SETUP_ROWS],
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

impl Setup {
    /// A setup with every square empty (to fill with [`Setup::set`]).
    pub const fn empty() -> Setup {
        Setup { rows: [[None; SETUP_COLUMNS]; SETUP_ROWS] }
    }

    /// What stands on `row` (0 = front) and `column` (0 = the owner's
    /// left); `None` off the setup or on an empty square.
    pub fn get(&self, row: usize, column: usize) -> Option<Rank> {
        *self.rows.get(row)?.get(column)?
    }

    /// Puts `rank` (or nothing) on `row`, `column`. Out-of-range places are
    /// ignored.
    pub fn set(&mut self, row: usize, column: usize, rank: Option<Rank>) {
        if let Some(slot) = self.rows.get_mut(row).and_then(|r| r.get_mut(column)) {
            *slot = rank;
        }
    }

    /// The board square of `row` and `column` for a setup of `colour`.
    pub fn square(colour: Colour, row: usize, column: usize) -> Option<Square> {
        if row >= SETUP_ROWS || column >= SETUP_COLUMNS {
            return None;
        }
        match colour {
            Colour::Red => Square::at(column, SETUP_ROWS - 1 - row),
            Colour::Blue => Square::at(SETUP_COLUMNS - 1 - column, 6 + row),
        }
    }

    /// The setup row and column of `square` for `colour`, if it lies in
    /// `colour`'s four rows.
    pub fn place_of(colour: Colour, square: Square) -> Option<(usize, usize)> {
        let depth = square.depth_for(colour);
        if depth >= SETUP_ROWS {
            return None;
        }
        let column = match colour {
            Colour::Red => square.file(),
            Colour::Blue => SETUP_COLUMNS - 1 - square.file(),
        };
        Some((SETUP_ROWS - 1 - depth, column))
    }

    /// Every occupied place as `colour` would put it on the board.
    pub fn placements(&self, colour: Colour) -> impl Iterator<Item = (Square, Rank)> + '_ {
        (0..SETUP_ROWS).flat_map(move |row| {
            (0..SETUP_COLUMNS).filter_map(move |column| {
                let rank = self.rows[row][column]?;
                Setup::square(colour, row, column).map(|sq| (sq, rank))
            })
        })
    }

    /// The setup mirrored left to right (as good as the original).
    pub fn mirrored(&self) -> Setup {
        let mut rows = self.rows;
        for row in &mut rows {
            row.reverse();
        }
        Setup { rows }
    }

    /// How many pieces of each rank the setup holds.
    pub fn army(&self) -> Army {
        let mut counts = [0u8; RANK_COUNT];
        for rank in self.rows.iter().flatten().flatten() {
            counts[rank.index()] += 1;
        }
        Army::from_counts(counts)
    }

    /// Checks the setup holds exactly `army`; the error says which ranks
    /// are off and by how much.
    pub fn check(&self, army: &Army) -> Result<(), String> {
        let have = self.army();
        let wrong: Vec<String> = Rank::ALL
            .iter()
            .filter(|&&r| have.count(r) != army.count(r))
            .map(|&r| format!("{} {} instead of {}", have.count(r), r.key(), army.count(r)))
            .collect();
        if wrong.is_empty() {
            Ok(())
        } else {
            Err(format!("the setup does not hold the army ({}): {}", army, wrong.join(", ")))
        }
    }

    /// Reads the text form (see the module docs): four rows of ten tokens,
    /// separated by line breaks or `/`.
    pub fn parse(text: &str) -> Result<Setup, NotationError> {
        let rows: Vec<&str> =
            text.split(['\n', '/']).map(str::trim).filter(|line| !line.is_empty()).collect();
        if rows.len() != SETUP_ROWS {
            return Err(NotationError::new(
                "4 rows of 10 tokens (1..9, S, B, F or .), front row first",
                format!("{} rows", rows.len()),
            ));
        }
        let mut setup = Setup::empty();
        for (r, line) in rows.iter().enumerate() {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.len() != SETUP_COLUMNS {
                return Err(NotationError::new(format!("10 tokens on setup row {}", r + 1), *line));
            }
            for (c, token) in tokens.iter().enumerate() {
                setup.rows[r][c] = match *token {
                    "." => None,
                    t => {
                        let mut chars = t.chars();
                        match (chars.next().and_then(Rank::from_token), chars.next()) {
                            (Some(rank), None) => Some(rank),
                            _ => return Err(NotationError::new("a rank 1..9, S, B, F or . for empty", t)),
                        }
                    }
                };
            }
        }
        Ok(setup)
    }

    /// The four rows, front row first, one per line.
    pub fn to_text(&self) -> String {
        self.rows.iter().map(row_text).collect::<Vec<_>>().join("\n")
    }

    /// The four rows on one line, separated by ` / `.
    pub fn to_line(&self) -> String {
        self.rows.iter().map(row_text).collect::<Vec<_>>().join(" / ")
    }
}

fn row_text(row: &[Option<Rank>; SETUP_COLUMNS]) -> String {
    row.iter().map(|r| r.map_or('.', Rank::token).to_string()).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Setup {
    /// The library form: four lines, front row first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_line())
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Setup::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: &str = "9 7 4 2 9 9 1 3 5 9\n7 B 3 S 5 6 9 7 B 7\nB 6 9 8 5 B 4 9 4 8\n8 5 8 6 B F B 6 9 8";

    #[test]
    fn text_forms_round_trip() {
        let setup = Setup::parse(FIRST).unwrap();
        assert_eq!(setup.to_text(), FIRST);
        assert_eq!(Setup::parse(&setup.to_line()).unwrap(), setup);
        let json = serde_json::to_string(&setup).unwrap();
        assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
        assert_eq!(setup.army(), Army::CLASSIC);
        assert!(setup.check(&Army::CLASSIC).is_ok());
        let err = setup.check(&Army::BARRAGE).unwrap_err();
        assert!(err.contains("5 miner instead of 1"), "{err}");
        assert!(err.contains("8 scout instead of 2"), "{err}");
    }

    #[test]
    fn bad_text_says_what_was_expected() {
        assert!(Setup::parse("9 7").unwrap_err().expected.contains("4 rows"));
        let five = "1 2 3 4 5 6 7 8 9 S\n1 2 3\n1 2 3 4 5 6 7 8 9 S\n1 2 3 4 5 6 7 8 9 S";
        assert!(Setup::parse(five).unwrap_err().expected.contains("row 2"));
        let bad = FIRST.replace("F", "X");
        assert_eq!(Setup::parse(&bad).unwrap_err().found, "X");
        let bad = FIRST.replace("F", "FF");
        assert!(Setup::parse(&bad).is_err());
    }

    #[test]
    fn orientation_follows_product() {
        let setup = Setup::parse(FIRST).unwrap();
        let red: Vec<(Square, Rank)> = setup.placements(Colour::Red).collect();
        // Front row (first listed) goes to rank 4, files a..j.
        assert_eq!(red[0], (Square::parse("a4").unwrap(), Rank::Scout));
        assert_eq!(red[9], (Square::parse("j4").unwrap(), Rank::Scout));
        // Back row (last listed) goes to rank 1; the Flag is its 6th token.
        assert!(red.contains(&(Square::parse("f1").unwrap(), Rank::Flag)));
        let blue: Vec<(Square, Rank)> = setup.placements(Colour::Blue).collect();
        // Blue's front row goes to rank 7, files j..a.
        assert_eq!(blue[0], (Square::parse("j7").unwrap(), Rank::Scout));
        assert_eq!(blue[6], (Square::parse("d7").unwrap(), Rank::Marshal));
        assert!(blue.contains(&(Square::parse("e10").unwrap(), Rank::Flag)));
        for colour in Colour::BOTH {
            for (sq, _) in setup.placements(colour) {
                let (row, column) = Setup::place_of(colour, sq).unwrap();
                assert_eq!(Setup::square(colour, row, column), Some(sq));
            }
        }
        assert_eq!(Setup::place_of(Colour::Red, Square::parse("a5").unwrap()), None);
        assert_eq!(setup.mirrored().get(0, 0), Some(Rank::Scout));
        assert_eq!(setup.mirrored().get(3, 4), Some(Rank::Flag));
    }
}
