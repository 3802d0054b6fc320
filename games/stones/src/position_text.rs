//! The compact one-line text form of a position, for tests, bug reports,
//! `boardsuite verify --position` and the engine protocols' `fen`.
//!
//! ```text
//! 4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : first
//! ```
//!
//! Player One's row, then Player Two's, each listed by its owner's pile
//! numbers 1..=pits (pile 1 next to the owner's score pile, as in the move
//! notation) and followed by that player's score pile in brackets; then
//! the seat to move, `first` or `second`. A finished game has every pile
//! empty; a position with exactly one empty side cannot occur (the end
//! sweep would have emptied the other) and is refused.

use crate::board::{MAX_TOTAL_STONES, PILE_BYTES, Stones, row_start};
use crate::rules::StonesRules;
use game_core::{PositionError, RuleSet, Seat};

const SHAPE: &str = "`PILES [STORE] / PILES [STORE] : first|second`";

impl Stones {
    pub(crate) fn write_text(&self) -> String {
        let row = |seat: Seat| {
            let piles: Vec<String> = self.row(seat).iter().map(|c| c.to_string()).collect();
            format!("{} [{}]", piles.join(" "), self.store(seat))
        };
        format!("{} / {} : {}", row(Seat::FIRST), row(Seat::SECOND), self.to_move)
    }

    pub(crate) fn read_text(rules: &StonesRules, text: &str) -> Result<Stones, PositionError> {
        rules.validate().map_err(|e| PositionError::invalid(format!("bad rules: {e}")))?;
        let line = text.trim();
        if line.lines().count() > 1 {
            return Err(PositionError::at_line(
                2,
                format!("one line {SHAPE}"),
                line.lines().nth(1).unwrap_or(""),
            ));
        }
        let (board, seat) = line.split_once(':').ok_or_else(|| PositionError::at_line(1, SHAPE, line))?;
        let to_move = match seat.trim() {
            "first" => Seat::FIRST,
            "second" => Seat::SECOND,
            other => return Err(PositionError::at_line(1, "the seat to move, first or second", other)),
        };
        let rows: Vec<&str> = board.split('/').collect();
        let [one, two] = rows.as_slice() else {
            return Err(PositionError::at_line(
                1,
                format!("two rows separated by `/`, as in {SHAPE}"),
                board.trim(),
            ));
        };
        let mut piles = [0u8; PILE_BYTES];
        let mut stores = [0u8; 2];
        for (seat, row) in [(Seat::FIRST, one), (Seat::SECOND, two)] {
            let (row, store) = read_row(rules.pits, seat, row)?;
            let first = row_start(rules.pits, seat, to_move);
            piles[first..first + row.len()].copy_from_slice(&row);
            stores[seat.index()] = store;
        }
        let total: u32 = piles.iter().chain(&stores).map(|&c| c as u32).sum();
        if total > MAX_TOTAL_STONES {
            return Err(PositionError::invalid(format!(
                "{total} stones: a position holds at most {MAX_TOTAL_STONES}"
            )));
        }
        let stones = Stones { piles, stores, rules: *rules, to_move };
        let empty = |seat| stones.row(seat).iter().all(|&c| c == 0);
        if empty(Seat::FIRST) != empty(Seat::SECOND) {
            let (emptied, other) =
                if empty(Seat::FIRST) { (Seat::FIRST, Seat::SECOND) } else { (Seat::SECOND, Seat::FIRST) };
            return Err(PositionError::invalid(format!(
                "the {emptied} player's side is empty but the {other} player's still holds {} stones: \
                 the end sweep would have banked them (a finished game has every pile empty)",
                stones.side_total(other)
            )));
        }
        Ok(stones)
    }
}

/// One row: `pits` pile counts then `[store]`.
fn read_row(pits: u8, seat: Seat, row: &str) -> Result<(Vec<u8>, u8), PositionError> {
    let who = if seat == Seat::FIRST { "Player One" } else { "Player Two" };
    let expected =
        || format!("{who}'s row: {pits} pile counts then the score pile in brackets, e.g. `4 4 4 [0]`");
    let row = row.trim();
    let (piles, rest) = row.split_once('[').ok_or_else(|| PositionError::at_line(1, expected(), row))?;
    let (store, after) = rest.split_once(']').ok_or_else(|| PositionError::at_line(1, expected(), row))?;
    if !after.trim().is_empty() {
        return Err(PositionError::at_line(1, expected(), row));
    }
    let count =
        |token: &str| -> Result<u8, PositionError> {
            token.parse::<u8>().ok().filter(|&c| c as u32 <= MAX_TOTAL_STONES).ok_or_else(|| {
                PositionError::at_line(1, format!("a stone count 0..={MAX_TOTAL_STONES}"), token)
            })
        };
    let piles = piles.split_whitespace().map(count).collect::<Result<Vec<u8>, _>>()?;
    if piles.len() != pits as usize {
        return Err(PositionError::invalid(format!(
            "{who}'s row has {} piles but the rules say pits = {pits}",
            piles.len()
        )));
    }
    Ok((piles, count(store.trim())?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;

    fn read(text: &str) -> Result<Stones, PositionError> {
        Stones::parse_position(&StonesRules::default(), text)
    }

    #[test]
    fn the_start_reads_and_writes() {
        let start = Stones::start(&StonesRules::default(), &[]).unwrap();
        assert_eq!(start.format_position(), "4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : first");
        assert_eq!(read("  4 4 4 4 4 4 [0]/4 4 4 4 4 4[0]:first \n").unwrap(), start);
        let other = read("1 2 3 4 5 6 [7] / 0 0 0 0 0 9 [11] : second").unwrap();
        assert_eq!(other.row(Seat::FIRST), &[1, 2, 3, 4, 5, 6]);
        assert_eq!(other.store(Seat::SECOND), 11);
        assert_eq!(other.to_move(), Seat::SECOND);
    }

    #[test]
    fn bad_text_says_what_was_expected() {
        let cases = [
            ("", "PILES [STORE]"),
            ("4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : third", "first or second"),
            ("4 4 4 4 4 4 [0] : first", "two rows"),
            ("4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] / 1 [0] : first", "two rows"),
            ("4 4 4 4 4 4 0 / 4 4 4 4 4 4 [0] : first", "Player One's row"),
            ("4 4 4 4 4 4 [0 / 4 4 4 4 4 4 [0] : first", "Player One's row"),
            ("4 4 4 4 4 4 [0] x / 4 4 4 4 4 4 [0] : first", "Player One's row"),
            ("4 4 4 4 4 four [0] / 4 4 4 4 4 4 [0] : first", "a stone count"),
            ("4 4 4 4 4 -4 [0] / 4 4 4 4 4 4 [0] : first", "a stone count"),
            ("4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [999] : first", "a stone count"),
            ("4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : first", "has 5 piles but the rules say pits = 6"),
            ("99 99 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : first", "at most 128"),
            ("0 0 0 0 0 0 [20] / 4 4 4 4 4 4 [4] : first", "the first player's side is empty"),
            ("1 0 0 0 0 0 [20] / 0 0 0 0 0 0 [4] : second", "the second player's side is empty"),
            ("4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : first\nmore", "one line"),
        ];
        for (text, needle) in cases {
            let err = read(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?} gave {err:?}, wanted {needle:?}");
        }
    }

    #[test]
    fn a_finished_game_reads() {
        let over = read("0 0 0 0 0 0 [30] / 0 0 0 0 0 0 [18] : second").unwrap();
        assert!(over.is_over());
        assert_eq!(over.outcome(), Some(game_core::Outcome::win(Seat::FIRST, 12)));
    }

    #[test]
    fn bad_rules_are_refused_not_obeyed() {
        let rules = StonesRules { pits: 40, ..StonesRules::default() };
        let err = Stones::parse_position(&rules, "1 [0] / 1 [0] : first").unwrap_err();
        assert!(err.to_string().contains("pits"), "{err}");
    }
}
