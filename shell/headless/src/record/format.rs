//! The record file: a TOML text any game's record shares.
//!
//! ```toml
//! format = 1
//! game = "nim"
//! kind = "full"            # or "seat", with seat = "first" | "second"
//! seed = 7                 # optional: the seed of the game's randomness
//! result = "first +1"      # "first +M", "second +M", "draw" or "none"
//! ending = "rules"         # rules | resigned | draw-agreed | abandoned; absent while unfinished
//! final_hash = "5f0c2a9e13b7d4a1"   # the final position's hash_key, hex
//! moves = ["1-3", "2-2"]   # in the game's notation
//!
//! [rules]                  # the game's rules table
//! heaps = [3, 4, 5]
//!
//! [setups]                 # games with a setup phase only, one per seat
//! ```
//!
//! This module reads and writes the text without knowing the game; replay
//! against the rules is [`super::load`]'s job. Every field keeps the line it
//! came from, so errors found later can still name it.

use super::error::{LineIndex, RecordError};
use crate::protocol::Ending;
use game_core::{Game, Outcome, Seat};
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// Whether games of `G` start with a setup phase: a zero-sized setup (`()`)
/// carries no decision, so there is nothing to set up.
pub fn has_setup_phase<G: Game>() -> bool {
    std::mem::size_of::<G::Setup>() != 0
}

/// The version of the record format this program writes and reads.
pub const RECORD_FORMAT: u32 = 1;

/// Whose record it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// The referee's record: every setup, so the full position can be
    /// replayed and its hash checked.
    Full,
    /// What one seat saw: its own setup only, the moves as public
    /// notation. In a game with a setup phase it cannot be replayed to the
    /// full position.
    Seat(Seat),
}

/// A saved game, independent of which game it is.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's name (`nim`, `stones`, ...).
    pub game: String,
    /// Whose record.
    pub kind: RecordKind,
    /// The game's rules table.
    pub rules: toml::Table,
    /// The seed of the game's randomness, if it had one.
    pub seed: Option<u64>,
    /// Each seat's setup, by seat index; empty for games without a setup
    /// phase. A seat record holds only its own.
    pub setups: Vec<Option<toml::Value>>,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// How the game ended; `None` while unfinished.
    pub ending: Option<Ending>,
    /// The result; `None` while unfinished.
    pub outcome: Option<Outcome>,
    /// The final position's `hash_key`. Required in a full record.
    pub final_hash: Option<u64>,
}

/// The lines each part of a record came from, for later errors.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordLines {
    /// `game = ...`.
    pub game: Option<usize>,
    /// `[rules]`.
    pub rules: Option<usize>,
    /// `[setups]`.
    pub setups: Option<usize>,
    /// Each move.
    pub moves: Vec<usize>,
    /// `result = ...`.
    pub result: Option<usize>,
    /// `ending = ...`.
    pub ending: Option<usize>,
    /// `final_hash = ...`.
    pub final_hash: Option<usize>,
}

/// A record read from text, with the lines of its parts.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedRecord {
    /// The record.
    pub record: GameRecord,
    /// Where its parts are.
    pub lines: RecordLines,
}

/// The text form, as serde reads it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordIn {
    format: Spanned<i64>,
    game: Spanned<String>,
    kind: Spanned<String>,
    seat: Option<Spanned<String>>,
    seed: Option<i64>,
    result: Spanned<String>,
    ending: Option<Spanned<String>>,
    ending_seat: Option<Spanned<String>>,
    final_hash: Option<Spanned<String>>,
    #[serde(default)]
    moves: Vec<Spanned<String>>,
    rules: Option<Spanned<toml::Table>>,
    setups: Option<Spanned<toml::Table>>,
}

/// The text form, as serde writes it (values before tables).
#[derive(Serialize)]
struct RecordOut<'a> {
    format: u32,
    game: &'a str,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<i64>,
    result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    ending: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ending_seat: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    final_hash: Option<String>,
    moves: &'a [String],
    rules: &'a toml::Table,
    #[serde(skip_serializing_if = "toml::Table::is_empty")]
    setups: toml::Table,
}

/// A seat's name in records: `first`, `second`, `seat 3`, ...
pub fn seat_name(seat: Seat) -> String {
    seat.to_string()
}

/// Reads a seat's name as [`seat_name`] writes it.
pub fn parse_seat(text: &str) -> Option<Seat> {
    match text {
        "first" => Some(Seat::FIRST),
        "second" => Some(Seat::SECOND),
        other => {
            let n: u8 = other.strip_prefix("seat ")?.parse().ok()?;
            (n >= 3).then(|| Seat(n - 1))
        }
    }
}

/// Reads `first +M`, `second +M`, `draw` or `none`.
pub fn parse_result(text: &str) -> Result<Option<Outcome>, RecordError> {
    let bad = || {
        RecordError::whole(format!(
            "`{text}` is not a result: expected `first +M`, `second +M`, `draw` or `none`"
        ))
    };
    match text {
        "none" => Ok(None),
        "draw" => Ok(Some(Outcome::draw())),
        _ => {
            let (seat, margin) = text.rsplit_once(" +").ok_or_else(bad)?;
            let seat = parse_seat(seat).ok_or_else(bad)?;
            let margin: u32 = margin.parse().map_err(|_| bad())?;
            Ok(Some(Outcome::win(seat, margin)))
        }
    }
}

fn ending_name(ending: Ending) -> (&'static str, Option<Seat>) {
    match ending {
        Ending::Rules => ("rules", None),
        Ending::Resigned { seat } => ("resigned", Some(seat)),
        Ending::DrawAgreed => ("draw-agreed", None),
        Ending::Abandoned { seat } => ("abandoned", Some(seat)),
    }
}

impl GameRecord {
    /// The record as TOML text.
    pub fn to_toml(&self) -> Result<String, RecordError> {
        let mut setups = toml::Table::new();
        for (i, setup) in self.setups.iter().enumerate() {
            if let Some(setup) = setup {
                setups.insert(seat_name(Seat(i as u8)), setup.clone());
            }
        }
        let (ending, ending_seat) = match self.ending.map(ending_name) {
            Some((name, seat)) => (Some(name), seat.map(seat_name)),
            None => (None, None),
        };
        let (kind, seat) = match self.kind {
            RecordKind::Full => ("full", None),
            RecordKind::Seat(seat) => ("seat", Some(seat_name(seat))),
        };
        let out = RecordOut {
            format: RECORD_FORMAT,
            game: &self.game,
            kind,
            seat,
            // TOML integers are signed: seeds above i64::MAX keep their bits.
            seed: self.seed.map(|s| s as i64),
            result: self.outcome.map_or_else(|| "none".to_string(), |o| o.to_string()),
            ending,
            ending_seat,
            final_hash: self.final_hash.map(|h| format!("{h:016x}")),
            moves: &self.moves,
            rules: &self.rules,
            setups,
        };
        toml::to_string_pretty(&out).map_err(|e| RecordError::whole(format!("cannot write the record: {e}")))
    }

    /// Reads a record from TOML text, checking its form (not its moves).
    pub fn from_toml(text: &str) -> Result<ParsedRecord, RecordError> {
        let index = LineIndex::new(text);
        let raw: RecordIn = toml::from_str(text).map_err(|e| {
            // The parser sometimes has no words for it (a cut-off value).
            let problem = match e.message().trim() {
                "" => "not valid TOML here: a value is missing or the text is cut short".to_string(),
                words => words.to_string(),
            };
            RecordError::at(e.span().map(|s| index.line(s.start)), problem)
        })?;
        let line = |span: std::ops::Range<usize>| Some(index.line(span.start));

        if *raw.format.get_ref() != RECORD_FORMAT as i64 {
            return Err(RecordError::at(
                line(raw.format.span()),
                format!(
                    "format {} is not one this program reads (it reads {RECORD_FORMAT})",
                    raw.format.get_ref()
                ),
            ));
        }
        let seat_of = |field: &Option<Spanned<String>>, what: &str| -> Result<Option<Seat>, RecordError> {
            match field {
                None => Ok(None),
                Some(s) => parse_seat(s.get_ref()).map(Some).ok_or_else(|| {
                    RecordError::at(
                        line(s.span()),
                        format!("{what} `{}` is not a seat: expected first or second", s.get_ref()),
                    )
                }),
            }
        };
        let kind = match (raw.kind.get_ref().as_str(), seat_of(&raw.seat, "seat")?) {
            ("full", None) => RecordKind::Full,
            ("full", Some(_)) => {
                return Err(RecordError::at(
                    line(raw.kind.span()),
                    "a full record names no seat: drop `seat`",
                ));
            }
            ("seat", Some(seat)) => RecordKind::Seat(seat),
            ("seat", None) => {
                return Err(RecordError::at(
                    line(raw.kind.span()),
                    "a seat record must say whose: add `seat = \"first\"`",
                ));
            }
            (other, _) => {
                return Err(RecordError::at(
                    line(raw.kind.span()),
                    format!("kind `{other}` is not a record kind: expected full or seat"),
                ));
            }
        };
        let outcome = parse_result(raw.result.get_ref())
            .map_err(|e| RecordError { line: line(raw.result.span()), ..e })?;
        let ending_seat = seat_of(&raw.ending_seat, "ending_seat")?;
        let ending = match &raw.ending {
            None => None,
            Some(e) => {
                let at = line(e.span());
                let needs_seat = || {
                    ending_seat.ok_or_else(|| {
                        RecordError::at(at, format!("ending `{}` needs `ending_seat`", e.get_ref()))
                    })
                };
                Some(match e.get_ref().as_str() {
                    "rules" => Ending::Rules,
                    "resigned" => Ending::Resigned { seat: needs_seat()? },
                    "draw-agreed" => Ending::DrawAgreed,
                    "abandoned" => Ending::Abandoned { seat: needs_seat()? },
                    other => {
                        return Err(RecordError::at(
                            at,
                            format!("ending `{other}` is not one of rules, resigned, draw-agreed, abandoned"),
                        ));
                    }
                })
            }
        };
        if ending.is_some() != outcome.is_some() {
            return Err(RecordError::at(
                line(raw.result.span()),
                "result and ending disagree: a finished game has both, an unfinished one neither",
            ));
        }
        let final_hash = match &raw.final_hash {
            None => None,
            Some(h) => Some(
                u64::from_str_radix(h.get_ref(), 16).ok().filter(|_| h.get_ref().len() == 16).ok_or_else(
                    || {
                        RecordError::at(
                            line(h.span()),
                            format!("final_hash `{}` is not 16 hex digits", h.get_ref()),
                        )
                    },
                )?,
            ),
        };
        let mut setups: Vec<Option<toml::Value>> = Vec::new();
        if let Some(table) = &raw.setups {
            for (name, setup) in table.get_ref() {
                let seat = parse_seat(name).ok_or_else(|| {
                    RecordError::at(
                        line(table.span()),
                        format!("setups: `{name}` is not a seat: expected first or second"),
                    )
                })?;
                if seat.index() >= 16 {
                    return Err(RecordError::at(
                        line(table.span()),
                        format!("setups: no game has a seat `{name}`"),
                    ));
                }
                if setups.len() <= seat.index() {
                    setups.resize(seat.index() + 1, None);
                }
                setups[seat.index()] = Some(setup.clone());
            }
        }
        let lines = RecordLines {
            game: line(raw.game.span()),
            rules: raw.rules.as_ref().and_then(|r| line(r.span())),
            setups: raw.setups.as_ref().and_then(|s| line(s.span())),
            moves: raw.moves.iter().map(|m| index.line(m.span().start)).collect(),
            result: line(raw.result.span()),
            ending: raw.ending.as_ref().and_then(|e| line(e.span())),
            final_hash: raw.final_hash.as_ref().and_then(|h| line(h.span())),
        };
        let record = GameRecord {
            game: raw.game.into_inner(),
            kind,
            rules: raw.rules.map(Spanned::into_inner).unwrap_or_default(),
            seed: raw.seed.map(|s| s as u64),
            setups,
            moves: raw.moves.into_iter().map(Spanned::into_inner).collect(),
            ending,
            outcome,
            final_hash,
        };
        Ok(ParsedRecord { record, lines })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        let mut rules = toml::Table::new();
        rules.insert("max_take".into(), toml::Value::Integer(3));
        GameRecord {
            game: "nim".into(),
            kind: RecordKind::Full,
            rules,
            seed: Some(u64::MAX - 4),
            setups: vec![None, Some(toml::Value::String("a".into()))],
            moves: vec!["1-3".into(), "2-2".into()],
            ending: Some(Ending::Resigned { seat: Seat::SECOND }),
            outcome: Some(Outcome::win(Seat::FIRST, 0)),
            final_hash: Some(0x0123_4567_89ab_cdef),
        }
    }

    #[test]
    fn records_round_trip_through_text() {
        let record = sample();
        let text = record.to_toml().unwrap();
        assert!(text.contains("final_hash = \"0123456789abcdef\""), "{text}");
        assert!(text.contains("ending_seat = \"second\""), "{text}");
        let parsed = GameRecord::from_toml(&text).unwrap();
        assert_eq!(parsed.record, record);
        assert_eq!(parsed.lines.moves.len(), 2);
        let seat = GameRecord { kind: RecordKind::Seat(Seat::SECOND), ending: None, outcome: None, ..record };
        assert_eq!(GameRecord::from_toml(&seat.to_toml().unwrap()).unwrap().record, seat);
    }

    #[test]
    fn errors_name_the_line() {
        let text = sample().to_toml().unwrap();
        let bad = text.replace("result = \"first +0\"", "result = \"first by a mile\"");
        let err = GameRecord::from_toml(&bad).unwrap_err();
        let line = text.lines().position(|l| l.starts_with("result")).unwrap() + 1;
        assert_eq!(err.line, Some(line), "{err}");
        assert!(err.problem.contains("not a result"), "{err}");
        assert_eq!(
            err.to_string(),
            format!(
                "line {line}: `first by a mile` is not a result: expected `first +M`, `second +M`, `draw` or `none`"
            )
        );

        let err = GameRecord::from_toml(
            "format = 1\ngame = \"nim\"\nkind = \"full\"\nresult = \"none\"\ncolour = 2\n",
        )
        .unwrap_err();
        assert_eq!(err.line, Some(5), "{err}");
        let err = GameRecord::from_toml("format = 9\n").unwrap_err();
        assert!(err.problem.contains("missing") || err.problem.contains("format"), "{err}");
        let err = GameRecord::from_toml("this is not toml").unwrap_err();
        assert_eq!(err.line, Some(1), "{err}");
        let err = GameRecord::from_toml("format = 1\ngame = \"nim\"\nending = ").unwrap_err();
        assert_eq!(err.line, Some(3), "{err}");
        assert!(err.problem.contains("cut short"), "{err}");
    }

    #[test]
    fn results_read_back() {
        assert_eq!(parse_result("second +12").unwrap(), Some(Outcome::win(Seat::SECOND, 12)));
        assert_eq!(parse_result("draw").unwrap(), Some(Outcome::draw()));
        assert_eq!(parse_result("none").unwrap(), None);
        assert!(parse_result("second +x").is_err());
        assert_eq!(
            parse_result("second +x").unwrap_err().to_string(),
            "`second +x` is not a result: expected `first +M`, `second +M`, `draw` or `none`"
        );
        assert_eq!(parse_seat("seat 3"), Some(Seat(2)));
        assert_eq!(parse_seat("seat 2"), None);
    }
}
