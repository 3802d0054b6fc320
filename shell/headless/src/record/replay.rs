//! Stepping forward and back through a game, for the replay viewer.

use game_core::{Finish, Observe, PlayedMove, Referee, Seat};

/// A cursor over the positions of a finished or unfinished game: position
/// 0 is the start, position `i` follows the first `i` moves. Pure data, no
/// drawing: the GUI's replay viewer shows [`ReplayCursor::view`].
#[derive(Clone, Debug)]
pub struct ReplayCursor<G: Observe> {
    positions: Vec<G>,
    moves: Vec<PlayedMove<G::Move>>,
    finish: Option<Finish>,
    at: usize,
}

impl<G: Observe> ReplayCursor<G> {
    /// A cursor at the start of the game the referee holds (for example
    /// from [`super::load`]).
    pub fn new(referee: &Referee<G>) -> Self {
        let mut position = referee.start_position().clone();
        let mut positions = Vec::with_capacity(referee.history().len() + 1);
        positions.push(position.clone());
        for played in referee.history() {
            position.play_unchecked(played.mv);
            positions.push(position.clone());
        }
        ReplayCursor { positions, moves: referee.history().to_vec(), finish: referee.finish(), at: 0 }
    }

    /// How many moves the game has.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the game has no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// How many moves have been played at the cursor.
    pub fn ply(&self) -> usize {
        self.at
    }

    /// Steps one move forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let moved = self.at < self.moves.len();
        self.at += moved as usize;
        moved
    }

    /// Steps one move back; false at the start.
    pub fn back(&mut self) -> bool {
        let moved = self.at > 0;
        self.at -= moved as usize;
        moved
    }

    /// Jumps to ply `ply`, clamped to the game.
    pub fn seek(&mut self, ply: usize) {
        self.at = ply.min(self.moves.len());
    }

    /// The position at the cursor. Full information: for the referee's own
    /// record; a seat's viewer shows [`ReplayCursor::view`].
    pub fn position(&self) -> &G {
        &self.positions[self.at]
    }

    /// What `seat` saw at the cursor.
    pub fn view(&self, seat: Seat) -> G::View {
        self.position().view(seat)
    }

    /// What `seat` sees with everything turned face up
    /// ([`Observe::revealed_view`]), once the cursor is at the end of a
    /// finished game; `None` before, as in the game itself.
    pub fn revealed_view(&self, seat: Seat) -> Option<G::View> {
        self.finish().map(|_| self.position().revealed_view(seat))
    }

    /// The move that led to the cursor's position, if any.
    pub fn last_move(&self) -> Option<&PlayedMove<G::Move>> {
        self.at.checked_sub(1).map(|i| &self.moves[i])
    }

    /// Move `i` of the game (0 is the first), if there is one.
    pub fn played(&self, i: usize) -> Option<&PlayedMove<G::Move>> {
        self.moves.get(i)
    }

    /// The move that would be played next, if any.
    pub fn next_move(&self) -> Option<&PlayedMove<G::Move>> {
        self.moves.get(self.at)
    }

    /// How the game ended, shown once the cursor is at the end.
    pub fn finish(&self) -> Option<Finish> {
        if self.at == self.moves.len() { self.finish } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::nim::{Nim, NimRules};
    use game_core::{Finish, Game};

    #[test]
    fn the_cursor_steps_seeks_and_shows_the_end_only_at_the_end() {
        let mut referee = Referee::new(Nim::start(&NimRules::default(), &[]).unwrap());
        for (ply, text) in ["1-3", "2-1", "3-2"].iter().enumerate() {
            let seat = referee.to_move();
            referee.submit_text(seat, ply, text).unwrap();
        }
        referee.resign(Seat::SECOND).unwrap();
        let mut cursor = ReplayCursor::new(&referee);
        assert_eq!((cursor.len(), cursor.ply()), (3, 0));
        assert!(!cursor.back());
        assert_eq!(cursor.next_move().unwrap().notation, "1-3");
        cursor.seek(2);
        assert_eq!(cursor.position().format_position(), "0 3 5 : second");
        assert_eq!(cursor.last_move().unwrap().notation, "2-1");
        assert_eq!(cursor.finish(), None);
        assert_eq!(cursor.revealed_view(Seat::FIRST), None, "nothing turned over before the end");
        cursor.seek(99);
        assert_eq!(cursor.ply(), 3);
        assert!(!cursor.forward());
        assert_eq!(cursor.finish(), Some(Finish::Resigned(Seat::SECOND)));
        assert_eq!(cursor.revealed_view(Seat::FIRST), Some(cursor.view(Seat::FIRST)));
        assert_eq!(cursor.view(Seat::FIRST).position, *referee.position());
        assert!(cursor.back());
        assert_eq!(cursor.ply(), 2);
    }
}
