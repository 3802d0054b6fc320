//! The twelve ranks of an army and the two colours.

use game_core::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A piece's rank, in classic numbering: 1 (the Marshal) is the strongest.
///
/// The order of the variants is the order of strength for the numbered
/// ranks (Marshal first); the Spy, the Bomb and the Flag follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    /// 1: the strongest piece; only a striking Spy beats it.
    Marshal,
    /// 2.
    General,
    /// 3.
    Colonel,
    /// 4.
    Major,
    /// 5.
    Captain,
    /// 6.
    Lieutenant,
    /// 7.
    Sergeant,
    /// 8: the only piece that survives striking a Bomb.
    Miner,
    /// 9: may move far in a straight line (see the `scouts` option).
    Scout,
    /// S: beats the Marshal when it strikes first; loses every other fight.
    Spy,
    /// B: never moves; kills every striker but a Miner.
    Bomb,
    /// F: never moves; striking it wins the game.
    Flag,
}

/// How many ranks there are.
pub const RANK_COUNT: usize = 12;

impl Rank {
    /// All ranks, strongest first, then Spy, Bomb, Flag.
    pub const ALL: [Rank; RANK_COUNT] = [
        Rank::Marshal,
        Rank::General,
        Rank::Colonel,
        Rank::Major,
        Rank::Captain,
        Rank::Lieutenant,
        Rank::Sergeant,
        Rank::Miner,
        Rank::Scout,
        Rank::Spy,
        Rank::Bomb,
        Rank::Flag,
    ];

    /// The rank's index in [`Rank::ALL`], for tables indexed by rank.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank at `index` in [`Rank::ALL`].
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < RANK_COUNT { Some(Rank::ALL[index]) } else { None }
    }

    /// Whether the piece may move at all (Bombs and the Flag never do).
    pub const fn can_move(self) -> bool {
        (self as u8) < (Rank::Bomb as u8)
    }

    /// The classic number 1..=9 of a numbered rank (1 = Marshal).
    pub const fn classic_number(self) -> Option<u8> {
        if (self as u8) <= (Rank::Scout as u8) { Some(self as u8 + 1) } else { None }
    }

    /// The modern number (10 = Marshal, 2 = Scout, 1 = Spy), for the
    /// `modern` rank display.
    pub const fn modern_number(self) -> Option<u8> {
        match self {
            Rank::Spy => Some(1),
            Rank::Bomb | Rank::Flag => None,
            _ => Some(10 - self as u8),
        }
    }

    /// The one-character token of the classic numbering: `1`..`9`, `S`, `B`,
    /// `F`, as in setups and position texts.
    pub const fn token(self) -> char {
        match self {
            Rank::Spy => 'S',
            Rank::Bomb => 'B',
            Rank::Flag => 'F',
            _ => (b'1' + self as u8) as char,
        }
    }

    /// The rank written as `token`; `s`, `b` and `f` are accepted too.
    pub fn from_token(token: char) -> Option<Rank> {
        match token {
            '1'..='9' => Rank::from_index(token as usize - '1' as usize),
            'S' | 's' => Some(Rank::Spy),
            'B' | 'b' => Some(Rank::Bomb),
            'F' | 'f' => Some(Rank::Flag),
            _ => None,
        }
    }

    /// The lower-case name, as used in the `army` rule option (`marshal`).
    pub const fn key(self) -> &'static str {
        match self {
            Rank::Marshal => "marshal",
            Rank::General => "general",
            Rank::Colonel => "colonel",
            Rank::Major => "major",
            Rank::Captain => "captain",
            Rank::Lieutenant => "lieutenant",
            Rank::Sergeant => "sergeant",
            Rank::Miner => "miner",
            Rank::Scout => "scout",
            Rank::Spy => "spy",
            Rank::Bomb => "bomb",
            Rank::Flag => "flag",
        }
    }

    /// The rank named `key` (see [`Rank::key`]).
    pub fn from_key(key: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.key() == key)
    }
}

impl fmt::Display for Rank {
    /// The capitalised name, e.g. `Marshal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rank::Marshal => "Marshal",
            Rank::General => "General",
            Rank::Colonel => "Colonel",
            Rank::Major => "Major",
            Rank::Captain => "Captain",
            Rank::Lieutenant => "Lieutenant",
            Rank::Sergeant => "Sergeant",
            Rank::Miner => "Miner",
            Rank::Scout => "Scout",
            Rank::Spy => "Spy",
            Rank::Bomb => "Bomb",
            Rank::Flag => "Flag",
        })
    }
}

/// A side of the board. Red always sits in [`Seat::FIRST`] and owns ranks
/// 1-4; Blue sits in [`Seat::SECOND`] and owns ranks 7-10. Who moves first
/// is the `first` rule option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The first seat, at the bottom (ranks 1-4).
    Red,
    /// The second seat, at the top (ranks 7-10).
    Blue,
}

impl Colour {
    /// Both colours, Red first.
    pub const BOTH: [Colour; 2] = [Colour::Red, Colour::Blue];

    /// 0 for Red, 1 for Blue.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    /// The seat this colour plays in.
    pub const fn seat(self) -> Seat {
        match self {
            Colour::Red => Seat::FIRST,
            Colour::Blue => Seat::SECOND,
        }
    }

    /// The colour of `seat` (any seat but the first is Blue).
    pub const fn of_seat(seat: Seat) -> Colour {
        if seat.0 == 0 { Colour::Red } else { Colour::Blue }
    }

    /// The colour's letter in position texts: `r` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Blue => 'b',
        }
    }

    /// The lower-case name: `red` or `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a colour and a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Whose piece.
    pub colour: Colour,
    /// What it is.
    pub rank: Rank,
}

impl Piece {
    /// A piece of `colour` and `rank`.
    pub const fn new(colour: Colour, rank: Rank) -> Self {
        Piece { colour, rank }
    }

    /// The position-text token, e.g. `r1`, `bF`.
    pub fn token(self) -> String {
        format!("{}{}", self.colour.letter(), self.rank.token())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_numbers_round_trip() {
        for rank in Rank::ALL {
            assert_eq!(Rank::from_token(rank.token()), Some(rank));
            assert_eq!(Rank::from_key(rank.key()), Some(rank));
            assert_eq!(Rank::from_index(rank.index()), Some(rank));
        }
        assert_eq!(Rank::Marshal.classic_number(), Some(1));
        assert_eq!(Rank::Scout.classic_number(), Some(9));
        assert_eq!(Rank::Marshal.modern_number(), Some(10));
        assert_eq!(Rank::Scout.modern_number(), Some(2));
        assert_eq!(Rank::Spy.modern_number(), Some(1));
        assert_eq!(Rank::Bomb.classic_number(), None);
        assert!(Rank::Spy.can_move() && !Rank::Bomb.can_move() && !Rank::Flag.can_move());
        assert_eq!(Rank::from_token('0'), None);
        assert_eq!(Piece::new(Colour::Blue, Rank::Flag).token(), "bF");
        assert_eq!(Colour::of_seat(Seat::SECOND), Colour::Blue);
        assert_eq!(Colour::Red.seat(), Seat::FIRST);
    }
}
