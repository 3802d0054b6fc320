//! A hint (F7): the computer's choice for the person to move, shown on the
//! board and never played.
//!
//! The search is the one "Play for me" (F2) runs, at the same level, on a
//! worker thread with the seat's view only, so a hint in Strategy Chess
//! knows no more than the person does. The person may move while it
//! thinks; a hint for a position that has moved on is dropped.
//!
//! Neither a hint nor "Play for me" is offered in a network game: against
//! another person, the computer's help would be a third player at the
//! table.

use game_core::Seat;

/// The computer's suggestion for one seat at one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint<M> {
    /// The seat it is for.
    pub seat: Seat,
    /// The ply it is for: it shows only while the game is still there.
    pub ply: usize,
    /// The suggested move.
    pub mv: M,
    /// The move in the game's notation.
    pub notation: String,
}

impl<M: Copy> Hint<M> {
    /// The suggested move, if the hint is still for `seat` at `ply`.
    pub fn current(&self, seat: Seat, ply: usize) -> Option<M> {
        (self.seat == seat && self.ply == ply).then_some(self.mv)
    }
}

/// The line a hint shows: "Hint: 4 (captures 5)", with the board's reason
/// when it has one.
pub fn hint_text(notation: &str, reason: Option<&str>) -> String {
    match reason {
        Some(reason) if !reason.is_empty() => format!("Hint: {notation} ({reason})"),
        _ => format!("Hint: {notation}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_holds_only_for_its_seat_and_ply() {
        let hint = Hint { seat: Seat::FIRST, ply: 4, mv: 7u8, notation: "7".into() };
        assert_eq!(hint.current(Seat::FIRST, 4), Some(7));
        assert_eq!(hint.current(Seat::FIRST, 5), None, "a move was played since");
        assert_eq!(hint.current(Seat::SECOND, 4), None);
    }

    #[test]
    fn the_reason_follows_the_move() {
        assert_eq!(hint_text("a4-a6", Some("the Scout advances")), "Hint: a4-a6 (the Scout advances)");
        assert_eq!(hint_text("3", None), "Hint: 3");
        assert_eq!(hint_text("3", Some("")), "Hint: 3");
    }
}
