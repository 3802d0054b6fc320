//! `more_square_rule` (ISF 11): a player may not chase an enemy piece
//! endlessly.
//!
//! # The rule in the sources
//! ISF Game Rules 11 (as published by Gravon and StrategoUSA): *it is not
//! allowed to continuously chase one or more pieces of the opponent
//! endlessly. The continuous chaser may not play a chasing move again which
//! would lead to a position on the board which has already taken place.
//! Exception: chasing moves back to the square where the chasing piece came
//! from in the directly preceding turn are always allowed as long as this
//! does not violate the Two-Squares Rule.* There, *to threaten* is to move a
//! piece next to (before, behind or beside) a piece of the opponent, and *to
//! evade* is to move a piece away promptly after it has been threatened.
//!
//! # The precise definitions used here (PRODUCT.md's reading)
//! - **Threat.** A move that is not a strike and ends next to (not
//!   diagonally) one or more enemy pieces threatens them.
//! - **Evasion.** The opponent's very next move is an evasion if it is not a
//!   strike and moves a threatened piece: after a first threat any of the
//!   threatened pieces, during a chase the chased piece. (It necessarily
//!   ends away from the chaser: no square next to the old one, or along a
//!   Scout's line, is next to the chaser again.)
//! - **Chase.** A chase is the alternation *threat, evasion, chasing move,
//!   evasion, chasing move, ...*: one chasing piece and one chased piece,
//!   and nothing else moves. It starts with the first threat that is evaded.
//! - **Chasing move.** During a chase, a move of the chasing piece, not a
//!   strike, that ends next to the chased piece.
//! - **End.** Any strike, any other move of either player (another piece,
//!   or the chasing piece moving anywhere not next to the chased piece), or a
//!   threatened piece not moving, ends the chase. The move that ended it may
//!   itself be the first threat of a new chase.
//! - **Positions of the chase.** Only the chasing and the chased piece move
//!   during a chase and nothing is struck, so a position after a chasing
//!   move is fully given by the squares of those two pieces. The position
//!   after the first threat counts as a position of the chase, and so does
//!   the position after every chasing move.
//! - **The rule.** A chasing move is forbidden if the position it makes
//!   already occurred during the current chase, unless the chasing piece
//!   moves back to the square it came from on its directly preceding move
//!   (which `two_square_rule`, checked separately, may still forbid).
//!
//! The state is a few squares and a 400-bit set of positions (chased square
//! times the side the chaser stands on), so it costs nothing to clone.

use crate::rank::Colour;
use crate::square::{Direction, Square, SquareSet, bit};
use serde::{Deserialize, Serialize};

/// Where a chase stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChasePhase {
    /// No threat and no chase.
    #[default]
    None,
    /// A piece has just threatened (the first threat, or a chasing move); the
    /// opponent may evade.
    Threat,
    /// The threatened piece has just evaded; the chaser may chase on.
    Evaded,
}

const SEEN_WORDS: usize = 7;

/// The state of `more_square_rule`: the current threat or chase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Chase {
    phase: ChasePhase,
    chaser_colour: Colour,
    chaser: Square,
    chaser_from: Square,
    target: Option<Square>,
    seen: [u64; SEEN_WORDS],
}

impl Default for Chase {
    fn default() -> Self {
        let a1 = Square::at(0, 0).expect("a1");
        Chase {
            phase: ChasePhase::None,
            chaser_colour: Colour::Red,
            chaser: a1,
            chaser_from: a1,
            target: None,
            seen: [0; SEEN_WORDS],
        }
    }
}

/// The position of a chase: the chased piece's square, and the side of it
/// the chaser stands on.
fn slot(chaser: Square, target: Square) -> Option<usize> {
    Direction::ALL.iter().position(|&d| target.step(d) == Some(chaser)).map(|d| target.index() * 4 + d)
}

/// The squares next to each square (lakes included; nothing stands there).
const NEXT_TO: [SquareSet; 100] = {
    let mut table = [0; 100];
    let mut i = 0;
    while i < 100 {
        let sq = match Square::new(i) {
            Some(s) => s,
            None => unreachable!(),
        };
        let mut d = 0;
        while d < 4 {
            if let Some(n) = sq.step(Direction::ALL[d]) {
                table[i] |= bit(n.index());
            }
            d += 1;
        }
        i += 1;
    }
    table
};

impl Chase {
    /// Where the chase stands.
    pub fn phase(&self) -> ChasePhase {
        self.phase
    }

    /// The colour of the (possible) chaser, when there is a threat or chase.
    pub fn chaser_colour(&self) -> Option<Colour> {
        (self.phase != ChasePhase::None).then_some(self.chaser_colour)
    }

    /// The chasing (or threatening) piece's square.
    pub fn chaser(&self) -> Option<Square> {
        (self.phase != ChasePhase::None).then_some(self.chaser)
    }

    /// The chased piece's square, once a threat has been evaded.
    pub fn target(&self) -> Option<Square> {
        if self.phase == ChasePhase::None { None } else { self.target }
    }

    /// How many positions the current chase has seen.
    pub fn positions_seen(&self) -> u32 {
        self.seen.iter().map(|w| w.count_ones()).sum()
    }

    fn has_seen(&self, chaser: Square, target: Square) -> bool {
        slot(chaser, target).is_some_and(|i| self.seen[i / 64] & (1u64 << (i % 64)) != 0)
    }

    fn see(&mut self, chaser: Square, target: Square) {
        if let Some(i) = slot(chaser, target) {
            self.seen[i / 64] |= 1u64 << (i % 64);
        }
    }

    /// Follows the chase through a move by `colour`. `enemies_after` are the
    /// squares of `colour`'s opponent's pieces after the move.
    #[inline]
    pub fn record(
        &mut self,
        colour: Colour,
        from: Square,
        to: Square,
        strike: bool,
        enemies_after: SquareSet,
    ) {
        if strike {
            *self = Chase::default();
            return;
        }
        match self.phase {
            ChasePhase::Threat if colour != self.chaser_colour => {
                let evades = match self.target {
                    None => from.is_next_to(self.chaser),
                    Some(target) => from == target,
                };
                if evades {
                    if self.target.is_none() {
                        // The position of the first threat counts.
                        self.seen = [0; SEEN_WORDS];
                        self.see(self.chaser, from);
                    }
                    self.target = Some(to);
                    self.phase = ChasePhase::Evaded;
                    return;
                }
            }
            ChasePhase::Evaded if colour == self.chaser_colour => {
                if let Some(target) = self.target
                    && from == self.chaser
                    && to.is_next_to(target)
                {
                    self.see(to, target);
                    self.chaser_from = from;
                    self.chaser = to;
                    self.phase = ChasePhase::Threat;
                    return;
                }
            }
            _ => {}
        }
        // The chase, if any, is over; this move may be a new first threat.
        *self = if NEXT_TO[to.index()] & enemies_after != 0 {
            Chase {
                phase: ChasePhase::Threat,
                chaser_colour: colour,
                chaser: to,
                chaser_from: from,
                target: None,
                seen: [0; SEEN_WORDS],
            }
        } else {
            Chase::default()
        };
    }

    /// What the rule forbids `colour` now, if anything.
    #[inline]
    pub fn ban(&self, colour: Colour) -> Option<ChaseBan<'_>> {
        if self.phase != ChasePhase::Evaded || colour != self.chaser_colour {
            return None;
        }
        self.target.map(|target| ChaseBan { chase: self, target })
    }

    /// A number that differs between different states, for the position's
    /// hash.
    pub(crate) fn fingerprint(&self) -> u64 {
        if self.phase == ChasePhase::None {
            return 0;
        }
        let mut h = (self.phase as u64) << 40
            | (self.chaser_colour as u64) << 32
            | (self.chaser.index() as u64) << 24
            | (self.chaser_from.index() as u64) << 16
            | self.target.map_or(0xFF, |t| t.index() as u64);
        for w in self.seen {
            h = h.wrapping_mul(0x1_0000_01B3) ^ w;
        }
        h
    }
}

/// What `more_square_rule` forbids now: some chasing moves of one piece.
/// It borrows the chase (whose set of positions is a few words) rather
/// than copying it, as move generation asks for it at every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaseBan<'a> {
    chase: &'a Chase,
    target: Square,
}

impl ChaseBan<'_> {
    /// The chasing piece's square.
    pub fn chaser(&self) -> Square {
        self.chase.chaser
    }

    /// The chased piece's square.
    pub fn target(&self) -> Square {
        self.target
    }

    /// Whether the move `from`-`to` (a strike if `strike`) breaks the rule.
    #[inline]
    pub fn forbids(&self, from: Square, to: Square, strike: bool) -> bool {
        !strike
            && from == self.chase.chaser
            && to != self.chase.chaser_from
            && to.is_next_to(self.target)
            && self.chase.has_seen(to, self.target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    /// Plays quiet moves alternately, Red first; `pieces` tracks where every
    /// piece stands so the "enemies after" sets are right.
    fn play(moves: &[(&str, &str)], red: &[&str], blue: &[&str]) -> Chase {
        let mut red: Vec<Square> = red.iter().map(|s| sq(s)).collect();
        let mut blue: Vec<Square> = blue.iter().map(|s| sq(s)).collect();
        let mut chase = Chase::default();
        for (i, (from, to)) in moves.iter().enumerate() {
            let (colour, own, enemies) =
                if i % 2 == 0 { (Colour::Red, &mut red, &blue) } else { (Colour::Blue, &mut blue, &red) };
            let k = own.iter().position(|&s| s == sq(from)).expect("a piece there");
            own[k] = sq(to);
            let set = enemies.iter().fold(0, |acc, s| acc | bit(s.index()));
            chase.record(colour, sq(from), sq(to), false, set);
        }
        chase
    }

    #[test]
    fn threat_evasion_and_chase() {
        // Red e3 threatens Blue e5 by moving to e4.
        let chase = play(&[("e3", "e4")], &["e3"], &["e5"]);
        assert_eq!(chase.phase(), ChasePhase::Threat);
        assert_eq!(chase.target(), None);
        let chase = play(&[("e3", "e4"), ("e5", "f5")], &["e3"], &["e5"]);
        assert_eq!(chase.phase(), ChasePhase::Evaded);
        assert_eq!(chase.target(), Some(sq("f5")));
        assert_eq!(chase.positions_seen(), 1, "the first threat's position counts");
        assert!(chase.ban(Colour::Blue).is_none(), "only the chaser is bound");
        let ban = chase.ban(Colour::Red).unwrap();
        assert!(!ban.forbids(sq("e4"), sq("e5"), false), "e5 next to f5 is a new position");
    }

    #[test]
    fn a_repeated_position_is_forbidden_but_going_back_is_not() {
        let chase = play(
            &[
                ("e5", "e6"), // threat: (Red e6, Blue e7) seen
                ("e7", "f7"), // evasion
                ("e6", "f6"), // chasing move: (f6, f7) seen
                ("f7", "e7"), // evasion
                ("f6", "f7"), // chasing move: (f7, e7) seen
                ("e7", "e6"), // evasion
                ("f7", "f6"), // chasing move: (f6, e6) seen
                ("e6", "e7"), // evasion
            ],
            &["e5"],
            &["e7"],
        );
        assert_eq!(chase.phase(), ChasePhase::Evaded);
        assert_eq!(chase.positions_seen(), 4);
        let ban = chase.ban(Colour::Red).unwrap();
        assert!(ban.forbids(sq("f6"), sq("e6"), false), "(e6, e7) occurred, and f6 did not come from e6");
        assert!(!ban.forbids(sq("f6"), sq("f7"), false), "(f7, e7) occurred, but f7 is where f6 came from");
        assert!(!ban.forbids(sq("f6"), sq("e6"), true), "strikes are never forbidden");
        assert!(!ban.forbids(sq("f6"), sq("g6"), false), "moving away is not a chasing move");
    }

    #[test]
    fn the_first_threat_may_be_undone() {
        let chase = play(&[("a4", "a5"), ("b5", "b6"), ("a5", "a6"), ("b6", "b5")], &["a4"], &["b5"]);
        let ban = chase.ban(Colour::Red).unwrap();
        assert!(!ban.forbids(sq("a6"), sq("a5"), false), "back to where it came from");
        assert!(!ban.forbids(sq("a6"), sq("b6"), false), "(b6, b5) is new");
    }

    #[test]
    fn other_moves_end_the_chase() {
        let chase = play(&[("a4", "a5"), ("b5", "b6"), ("a1", "a2")], &["a4", "a1"], &["b5"]);
        assert_eq!(chase.phase(), ChasePhase::None, "the chaser moved another piece");
        let chase = play(&[("a4", "a5"), ("j9", "j8")], &["a4"], &["b5", "j9"]);
        assert_eq!(chase.phase(), ChasePhase::None, "Blue did not evade");
        let chase = play(&[("a4", "a5"), ("b5", "b6"), ("a5", "a4")], &["a4"], &["b5"]);
        assert_eq!(chase.phase(), ChasePhase::None, "the chaser moved away");
        let mut chase = play(&[("a4", "a5"), ("b5", "b6")], &["a4"], &["b5"]);
        chase.record(Colour::Red, sq("a5"), sq("a6"), true, 0);
        assert_eq!(chase.phase(), ChasePhase::None, "a strike ends it");
        let chase = play(&[("a4", "a5")], &["a4"], &["j9"]);
        assert_eq!(chase.phase(), ChasePhase::None, "no enemy next to a5: no threat");
    }
}
