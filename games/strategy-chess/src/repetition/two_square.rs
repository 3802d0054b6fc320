//! `two_square_rule` (ISF 10.1): a piece may not move back and forth
//! between the same two squares more than three times in a row, whatever
//! the opponent does; with Scouts, a long move counts over every square
//! border it crosses.
//!
//! # The rule in the sources
//! - ISF Game Rules 10.1 (as quoted by StrategoUSA's tournament rules): *it
//!   is not allowed to move a piece more than 5 times non-stop between the
//!   same two squares, regardless of what the opponent is doing. It does not
//!   matter whether a piece is moving and thereby attacking an opponent's
//!   piece, or just moving to an empty square.* The current tournament
//!   practice, and PRODUCT.md, use three times instead of five.
//! - For Scouts, the rules of Strategus generalise it to square borders: a
//!   piece may not cross the same square border more than three times in a
//!   row; the squares a Scout passes over count as squares it moved between
//!   (so `a1-a4` also moves "between" a2 and a3).
//!
//! # The precise definition used here
//! - A move from square `p` to square `q` on one file (or rank) *crosses*
//!   the borders between consecutive squares from `p` to `q`: one border for
//!   a one-square move, `n` borders for a Scout's move of `n` squares.
//! - A player's moves *in a row* are that player's consecutive moves; the
//!   opponent's moves in between do not matter. Moves by another piece, or
//!   a strike in which the piece died, break the row.
//! - **A move is forbidden when the same player's three previous moves were
//!   all made by the piece now moving (each starting where the one before
//!   ended), and one square border is crossed by all three of them and by
//!   this move.** A strike counts like any move.
//!
//! For one-square moves this is exactly the plain rule: four moves in a row
//! that all cross one border go `a-b`, `b-a`, `a-b`, `b-a`, and the fourth is
//! the one refused. For Scouts: after `a1-a4`, `a4-a1`, `a1-a4`, the Scout
//! may not play `a4-a3` (it crosses the a3|a4 border a fourth time) but may
//! leave the file, or stay put while another piece moves.

use crate::rank::Colour;
use crate::square::{Direction, Square};
use serde::{Deserialize, Serialize};

/// One move of a piece, as the rule remembers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    /// Where the piece came from.
    pub from: Square,
    /// Where it went.
    pub to: Square,
}

/// A run of square borders on one file or rank: borders `low..=high`,
/// border `k` lying between squares `k` and `k + 1` along the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Borders {
    vertical: bool,
    line: usize,
    low: usize,
    high: usize,
}

impl Borders {
    /// The borders a move crosses, or `None` if it is not along a line.
    fn crossed(from: Square, to: Square) -> Option<Borders> {
        let (dir, _) = from.line_to(to)?;
        let vertical = dir.is_vertical();
        let (line, a, b) =
            if vertical { (from.file(), from.row(), to.row()) } else { (from.row(), from.file(), to.file()) };
        Some(Borders { vertical, line, low: a.min(b), high: a.max(b) - 1 })
    }

    fn meet(self, other: Borders) -> Option<Borders> {
        if self.vertical != other.vertical || self.line != other.line {
            return None;
        }
        let (low, high) = (self.low.max(other.low), self.high.min(other.high));
        (low <= high).then_some(Borders { low, high, ..self })
    }
}

/// What `two_square_rule` forbids now: moves of one piece that cross any of
/// a run of borders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoSquareBan {
    /// The square of the piece the ban applies to.
    pub piece: Square,
    borders: Borders,
}

impl TwoSquareBan {
    /// Whether the move `from`-`to` breaks the rule.
    #[inline]
    pub fn forbids(&self, from: Square, to: Square) -> bool {
        from == self.piece && Borders::crossed(from, to).and_then(|b| b.meet(self.borders)).is_some()
    }

    /// The two squares at the ends of the banned run of borders (for a plain
    /// back-and-forth, the two squares themselves), to explain the rule on
    /// screen.
    pub fn squares(&self) -> (Square, Square) {
        let (low, high) = (self.borders.low, self.borders.high + 1);
        let at = |k: usize| {
            if self.borders.vertical {
                Square::at(self.borders.line, k)
            } else {
                Square::at(k, self.borders.line)
            }
        };
        (at(low).unwrap_or(self.piece), at(high).unwrap_or(self.piece))
    }

    /// Whether a one-square move from the piece in `dir` is forbidden.
    pub fn forbids_direction(&self, dir: Direction) -> bool {
        self.piece.step(dir).is_some_and(|to| self.forbids(self.piece, to))
    }
}

/// The state of `two_square_rule`: each player's last three moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TwoSquare {
    /// Per colour (Red first), the last three moves, oldest first.
    recent: [[Option<Step>; 3]; 2],
}

impl TwoSquare {
    /// Remembers a move by `colour` (strikes included).
    #[inline]
    pub fn record(&mut self, colour: Colour, from: Square, to: Square) {
        let r = &mut self.recent[colour.index()];
        r[0] = r[1];
        r[1] = r[2];
        r[2] = Some(Step { from, to });
    }

    /// Forgets `colour`'s row when its moving piece died in a strike.
    #[inline]
    pub fn break_row(&mut self, colour: Colour) {
        self.recent[colour.index()] = [None; 3];
    }

    /// `colour`'s last three moves, oldest first.
    pub fn recent(&self, colour: Colour) -> [Option<Step>; 3] {
        self.recent[colour.index()]
    }

    /// What the rule forbids `colour` now, if anything.
    #[inline]
    pub fn ban(&self, colour: Colour) -> Option<TwoSquareBan> {
        let [Some(a), Some(b), Some(c)] = self.recent[colour.index()] else {
            return None;
        };
        if a.to != b.from || b.to != c.from {
            return None;
        }
        let borders = Borders::crossed(a.from, a.to)?
            .meet(Borders::crossed(b.from, b.to)?)?
            .meet(Borders::crossed(c.from, c.to)?)?;
        Some(TwoSquareBan { piece: c.to, borders })
    }

    /// A number that differs between different states, for the position's
    /// hash.
    pub(crate) fn fingerprint(&self) -> u64 {
        let mut h = 0u64;
        for side in &self.recent {
            for step in side {
                let v = step.map_or(0xFFFF, |s| (s.from.index() as u64) << 8 | s.to.index() as u64);
                h = h.wrapping_mul(0x1_0000_01B3).wrapping_add(v);
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn after(moves: &[(&str, &str)]) -> TwoSquare {
        let mut state = TwoSquare::default();
        for (from, to) in moves {
            state.record(Colour::Red, sq(from), sq(to));
        }
        state
    }

    #[test]
    fn the_fourth_crossing_is_forbidden() {
        let state = after(&[("a1", "a2"), ("a2", "a1"), ("a1", "a2")]);
        let ban = state.ban(Colour::Red).unwrap();
        assert!(ban.forbids(sq("a2"), sq("a1")));
        assert!(!ban.forbids(sq("a2"), sq("b2")), "leaving the line is fine");
        assert!(!ban.forbids(sq("a2"), sq("a3")), "moving on is fine");
        assert!(state.ban(Colour::Blue).is_none(), "the rule is per player");
        assert!(after(&[("a2", "a1"), ("a1", "a2")]).ban(Colour::Red).is_none(), "two moves are fine");
    }

    #[test]
    fn another_piece_breaks_the_row() {
        let state = after(&[("a1", "a2"), ("j1", "j2"), ("a2", "a1")]);
        assert!(state.ban(Colour::Red).is_none());
        let walk = after(&[("a1", "a2"), ("a2", "a3"), ("a3", "a2")]);
        assert!(walk.ban(Colour::Red).is_none(), "a1|a2 and a2|a3 are different borders");
    }

    #[test]
    fn scouts_count_every_border_they_cross() {
        let state = after(&[("a1", "a4"), ("a4", "a1"), ("a1", "a4")]);
        let ban = state.ban(Colour::Red).unwrap();
        assert!(ban.forbids(sq("a4"), sq("a3")));
        assert!(ban.forbids(sq("a4"), sq("a1")));
        assert!(!ban.forbids(sq("a4"), sq("a5")));
        assert_eq!(ban.squares(), (sq("a1"), sq("a4")));
        let state = after(&[("a1", "a4"), ("a4", "a2"), ("a2", "a3")]);
        let ban = state.ban(Colour::Red).unwrap();
        assert!(ban.forbids(sq("a3"), sq("a1")), "a2|a3 crossed a fourth time");
        assert!(!ban.forbids(sq("a3"), sq("a4")), "a3|a4 was not crossed by a2-a3");
        assert!(ban.forbids_direction(Direction::South));
    }
}
