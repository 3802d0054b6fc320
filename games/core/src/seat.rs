//! Seats: who sits at the board.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's place at the board, counted from 0.
///
/// Seat 0 is the first seat: Player One in Stones and Blockade, Red in
/// Strategy Chess. Two seats are used today, but nothing in the type limits
/// a game to two, so three- and four-player games stay possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The first seat (Player One, Red).
    pub const FIRST: Seat = Seat(0);
    /// The second seat (Player Two, Blue).
    pub const SECOND: Seat = Seat(1);

    /// The seat's index, for tables indexed by seat.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one, in a game of `seats` seats.
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// In a two-seat game, the other seat.
    pub const fn opponent(self) -> Seat {
        Seat(1 - (self.0 & 1))
    }

    /// All seats of a game with `seats` seats, in order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> {
        (0..seats as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("first"),
            1 => f.write_str("second"),
            n => write!(f, "seat {}", n + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_cycle() {
        assert_eq!(Seat::FIRST.next(2), Seat::SECOND);
        assert_eq!(Seat::SECOND.next(2), Seat::FIRST);
        assert_eq!(Seat(2).next(4), Seat(3));
        assert_eq!(Seat(3).next(4), Seat(0));
        assert_eq!(Seat::FIRST.opponent(), Seat::SECOND);
        assert_eq!(Seat::SECOND.opponent(), Seat::FIRST);
        assert_eq!(Seat::all(3).collect::<Vec<_>>(), vec![Seat(0), Seat(1), Seat(2)]);
        assert_eq!(Seat::SECOND.to_string(), "second");
    }
}
