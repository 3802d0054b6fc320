//! A saved record in words: when, how it ended, how long, whose record.
//! Shared by the saved-games list and the move list.

use crate::play::panel::outcome_text;
use game_core::Seat;
use headless::protocol::Ending;
use headless::record::saved::civil_time;
use headless::record::{RecordKind, SavedGame, Summary};
use headless::registry::GameKind;
use std::time::{SystemTime, UNIX_EPOCH};

/// When a file was saved, as players read it: how long ago, up to a week
/// ([`ago_text`]).
pub fn when_text(game: &SavedGame) -> String {
    ago_text(game.modified, crate::clock::wall_now())
}

/// How long before `now` the moment `then` was, in words: "just now",
/// "5 minutes ago", "3 hours ago", "2 days ago"; from a week on, the date
/// ("on 2026-11-20"). Saying how long ago needs no time zone, where a
/// clock time would be read as local time and be off by the zone.
pub fn ago_text(then: SystemTime, now: SystemTime) -> String {
    const MINUTE: u64 = 60;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    let ago = |n: u64, one: &str, many: &str| format!("{} ago", crate::text::counted(n as usize, one, many));
    match now.duration_since(then).map_or(0, |d| d.as_secs()) {
        s if s < MINUTE => "just now".into(),
        s if s < HOUR => ago(s / MINUTE, "minute", "minutes"),
        s if s < DAY => ago(s / HOUR, "hour", "hours"),
        s if s < 7 * DAY => ago(s / DAY, "day", "days"),
        _ => {
            let secs = then.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
            let (y, mo, d, _, _, _) = civil_time(secs);
            format!("on {y:04}-{mo:02}-{d:02}")
        }
    }
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
    let scored = id.is_none_or(|id| id.entry().scored);
    format!("{}{how}", outcome_text(outcome, names, scored))
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_save_is_told_as_how_long_ago() {
        let now = UNIX_EPOCH + Duration::from_secs(1_795_000_000);
        let ago = |secs: u64| ago_text(now - Duration::from_secs(secs), now);
        assert_eq!(ago(5), "just now");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(59 * 60 + 59), "59 minutes ago");
        assert_eq!(ago(3 * 3600 + 10), "3 hours ago");
        assert_eq!(ago(86_400), "1 day ago");
        assert_eq!(ago(6 * 86_400), "6 days ago");
        assert_eq!(ago(30 * 86_400), "on 2026-10-19");
        assert_eq!(ago_text(now + Duration::from_secs(90), now), "just now", "a clock set back");
    }
}
