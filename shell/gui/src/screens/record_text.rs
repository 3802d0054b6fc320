//! A saved record in words: when, how it ended, how long, whose record.
//! Shared by the saved-games list and the move list.

use crate::play::panel::outcome_text;
use game_core::Seat;
use headless::protocol::Ending;
use headless::record::saved::civil_time;
use headless::record::{RecordKind, SavedGame, Summary};
use headless::registry::GameKind;
use std::time::UNIX_EPOCH;

/// When a file was saved, as players read it (UTC).
pub fn when_text(game: &SavedGame) -> String {
    let secs = game.modified.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (y, mo, d, h, mi, _) = civil_time(secs);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
}

/// A record's result in words, with the game's seat names, and how it
/// ended when not by the rules.
pub fn result_text(summary: &Summary, id: Option<GameKind>) -> String {
    let names = id.map_or(["First", "Second"], |id| id.entry().seats);
    let Some(outcome) = summary.outcome else { return "unfinished".into() };
    let name = |seat: Seat| names[seat.index() & 1];
    let how = match summary.ending {
        Some(Ending::Resigned { seat }) => format!(" ({} resigned)", name(seat)),
        Some(Ending::Abandoned { seat }) => format!(" ({} left)", name(seat)),
        Some(Ending::DrawAgreed) => " (agreed)".into(),
        _ => String::new(),
    };
    format!("{}{how}", outcome_text(outcome, names))
}

/// "1 move", "12 moves".
pub fn moves_text(n: usize) -> String {
    crate::text::counted(n, "move", "moves")
}

/// Whose record, in words.
pub fn kind_text(summary: &Summary, id: Option<GameKind>) -> String {
    let names = id.map_or(["First", "Second"], |id| id.entry().seats);
    match summary.kind {
        RecordKind::Full => "the whole game".into(),
        RecordKind::Seat(seat) => format!("what {} saw (network)", names[seat.index() & 1]),
    }
}
