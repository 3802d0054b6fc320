//! The board: a mailbox of pieces with their public facts, mirrored in
//! square sets for fast move generation, and a Zobrist key kept up to date.

use crate::rank::{Colour, Piece, RANK_COUNT, Rank};
use crate::square::{LAKES, SQUARES, Square, SquareSet, bit};
use game_core::rng::zobrist_keys;
use serde::{Deserialize, Serialize};

/// What the other player has seen of a piece. Public: both players know
/// these facts about every piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PublicFacts {
    /// The piece has moved, so it is neither a Bomb nor the Flag.
    pub moved: bool,
    /// The piece has moved more than one square at once, so it is a Scout.
    pub moved_far: bool,
    /// The piece fought a battle and survived: its rank is known to both.
    pub revealed: bool,
}

impl PublicFacts {
    const MOVED: u8 = 1;
    const MOVED_FAR: u8 = 2;
    const REVEALED: u8 = 4;

    pub(crate) const fn from_bits(bits: u8) -> Self {
        PublicFacts {
            moved: bits & Self::MOVED != 0,
            moved_far: bits & Self::MOVED_FAR != 0,
            revealed: bits & Self::REVEALED != 0,
        }
    }

    pub(crate) const fn bits(self) -> u8 {
        ((self.moved as u8) * Self::MOVED)
            | ((self.moved_far as u8) * Self::MOVED_FAR)
            | ((self.revealed as u8) * Self::REVEALED)
    }

    /// The rank the facts alone give away (a far mover is a Scout), given
    /// the true rank for a revealed piece.
    pub fn known_rank(self, rank: Rank) -> Option<Rank> {
        if self.revealed {
            Some(rank)
        } else if self.moved_far {
            Some(Rank::Scout)
        } else {
            None
        }
    }
}

const EMPTY: u8 = 0;
const LAKE: u8 = 0xFF;

const fn code(piece: Piece) -> u8 {
    1 + (piece.colour as u8) * RANK_COUNT as u8 + piece.rank as u8
}

static PIECE_KEYS: [u64; SQUARES * 2 * RANK_COUNT] = zobrist_keys(0x5354_5241_5445_4759);

/// The pieces on the board. Always consistent: the square sets and the key
/// mirror the mailbox.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Board {
    cells: [u8; SQUARES],
    facts: [u8; SQUARES],
    occupied: [SquareSet; 2],
    mobile: [SquareSet; 2],
    scouts: [SquareSet; 2],
    miners: [SquareSet; 2],
    marshals: [SquareSet; 2],
    bombs: [SquareSet; 2],
    flags: [SquareSet; 2],
    /// The squares whose pieces (of either colour) have moved.
    moved: SquareSet,
    /// The squares whose pieces (of either colour) the opponent has
    /// identified: revealed in battle, or Scouts by a far move.
    known: SquareSet,
    /// How many pieces of each colour and rank stand on `known` squares.
    identified: [[u8; RANK_COUNT]; 2],
    key: u64,
}

impl Board {
    /// A board with its lakes and no pieces.
    pub fn empty() -> Board {
        let mut cells = [EMPTY; SQUARES];
        for sq in Square::all().filter(|s| s.is_lake()) {
            cells[sq.index()] = LAKE;
        }
        Board {
            cells,
            facts: [0; SQUARES],
            occupied: [0; 2],
            mobile: [0; 2],
            scouts: [0; 2],
            miners: [0; 2],
            marshals: [0; 2],
            bombs: [0; 2],
            flags: [0; 2],
            moved: 0,
            known: 0,
            identified: [[0; RANK_COUNT]; 2],
            key: 0,
        }
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        let c = self.cells[sq.index()];
        if c == EMPTY || c == LAKE {
            return None;
        }
        let i = (c - 1) as usize;
        let colour = if i < RANK_COUNT { Colour::Red } else { Colour::Blue };
        Rank::from_index(i % RANK_COUNT).map(|rank| Piece { colour, rank })
    }

    /// The rank of the piece on `sq`, which the caller knows is occupied.
    #[inline]
    pub fn rank_at(&self, sq: Square) -> Option<Rank> {
        self.piece(sq).map(|p| p.rank)
    }

    /// The public facts of the piece on `sq` (all false on an empty square).
    #[inline]
    pub fn facts(&self, sq: Square) -> PublicFacts {
        PublicFacts::from_bits(self.facts[sq.index()])
    }

    /// Whether `sq` holds nothing (and is not a lake).
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.cells[sq.index()] == EMPTY
    }

    /// The squares holding `colour`'s pieces.
    #[inline]
    pub fn occupied(&self, colour: Colour) -> SquareSet {
        self.occupied[colour.index()]
    }

    /// The squares holding `colour`'s pieces that can move (all but Bombs
    /// and the Flag).
    #[inline]
    pub fn mobile(&self, colour: Colour) -> SquareSet {
        self.mobile[colour.index()]
    }

    /// The squares holding `colour`'s Scouts.
    #[inline]
    pub fn scouts(&self, colour: Colour) -> SquareSet {
        self.scouts[colour.index()]
    }

    /// The squares holding `colour`'s Miners.
    #[inline]
    pub fn miners(&self, colour: Colour) -> SquareSet {
        self.miners[colour.index()]
    }

    /// The square holding `colour`'s Marshal, if any (as a set).
    #[inline]
    pub fn marshals(&self, colour: Colour) -> SquareSet {
        self.marshals[colour.index()]
    }

    /// The squares holding `colour`'s Bombs.
    #[inline]
    pub fn bombs(&self, colour: Colour) -> SquareSet {
        self.bombs[colour.index()]
    }

    /// The squares holding `colour`'s Flag (one in every army).
    #[inline]
    pub fn flags(&self, colour: Colour) -> SquareSet {
        self.flags[colour.index()]
    }

    /// The Zobrist key of the arrangement.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    fn sets_toggle(&mut self, sq: Square, piece: Piece) {
        let b = sq.bit();
        let c = piece.colour.index();
        self.occupied[c] ^= b;
        if piece.rank.can_move() {
            self.mobile[c] ^= b;
        }
        if piece.rank == Rank::Scout {
            self.scouts[c] ^= b;
        }
        match piece.rank {
            Rank::Flag => self.flags[c] ^= b,
            Rank::Miner => self.miners[c] ^= b,
            Rank::Marshal => self.marshals[c] ^= b,
            Rank::Bomb => self.bombs[c] ^= b,
            _ => {}
        }
        self.key ^= PIECE_KEYS[sq.index() * 2 * RANK_COUNT + (code(piece) - 1) as usize];
    }

    /// Puts `piece` on the empty square `sq`. Returns false (and changes
    /// nothing) if the square is a lake or occupied.
    pub fn put(&mut self, sq: Square, piece: Piece, facts: PublicFacts) -> bool {
        if self.cells[sq.index()] != EMPTY {
            return false;
        }
        self.cells[sq.index()] = code(piece);
        self.write_facts(sq, facts);
        self.sets_toggle(sq, piece);
        true
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove(&mut self, sq: Square) -> Option<(Piece, PublicFacts)> {
        let piece = self.piece(sq)?;
        let facts = self.facts(sq);
        // Facts first, while the piece is there to be counted out.
        self.write_facts(sq, PublicFacts::default());
        self.cells[sq.index()] = EMPTY;
        self.sets_toggle(sq, piece);
        Some((piece, facts))
    }

    /// Moves the piece on `from` to the empty square `to`, with new facts.
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square, facts: PublicFacts) {
        if let Some((piece, _)) = self.remove(from) {
            self.put(to, piece, facts);
        }
    }

    /// Replaces the public facts of the piece on `sq`.
    #[inline]
    pub fn set_facts(&mut self, sq: Square, facts: PublicFacts) {
        if self.piece(sq).is_some() {
            self.write_facts(sq, facts);
        }
    }

    /// Writes the facts of `sq` and its bits in the fact sets, and counts
    /// the piece there in or out of the identified ones.
    #[inline]
    fn write_facts(&mut self, sq: Square, facts: PublicFacts) {
        self.facts[sq.index()] = facts.bits();
        let b = sq.bit();
        self.moved = if facts.moved { self.moved | b } else { self.moved & !b };
        let was_known = self.known & b != 0;
        let known = facts.revealed || facts.moved_far;
        self.known = if known { self.known | b } else { self.known & !b };
        if known != was_known
            && let Some(piece) = self.piece(sq)
        {
            let count = &mut self.identified[piece.colour.index()][piece.rank.index()];
            if known {
                *count += 1;
            } else {
                *count -= 1;
            }
        }
    }

    /// The squares whose pieces have moved (either colour).
    #[inline]
    pub fn moved(&self) -> SquareSet {
        self.moved
    }

    /// The squares whose pieces the opponent has identified, revealed in
    /// battle or shown to be Scouts by a far move (either colour).
    #[inline]
    pub fn known(&self) -> SquareSet {
        self.known
    }

    /// How many of `colour`'s pieces of each rank stand on [`Board::known`]
    /// squares.
    #[inline]
    pub fn identified(&self, colour: Colour) -> [u8; RANK_COUNT] {
        self.identified[colour.index()]
    }

    /// How many pieces of each rank `colour` has on the board.
    pub fn counts(&self, colour: Colour) -> [u8; RANK_COUNT] {
        let mut counts = [0u8; RANK_COUNT];
        for sq in crate::square::squares_of(self.occupied(colour)) {
            if let Some(p) = self.piece(sq) {
                counts[p.rank.index()] = counts[p.rank.index()].saturating_add(1);
            }
        }
        counts
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in (0..10).rev() {
            let tokens: Vec<String> = (0..10)
                .map(|file| {
                    let sq = Square::at(file, row).expect("on the board");
                    match self.piece(sq) {
                        Some(p) => p.token(),
                        None if LAKES & bit(sq.index()) != 0 => "~".into(),
                        None => ".".into(),
                    }
                })
                .collect();
            writeln!(f, "{}", tokens.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_and_key_follow_the_pieces() {
        let mut board = Board::empty();
        let a1 = Square::parse("a1").unwrap();
        let a2 = Square::parse("a2").unwrap();
        let c5 = Square::parse("c5").unwrap();
        let scout = Piece::new(Colour::Red, Rank::Scout);
        assert!(!board.put(c5, scout, PublicFacts::default()), "no piece in a lake");
        assert!(board.put(a1, scout, PublicFacts::default()));
        assert!(!board.put(a1, scout, PublicFacts::default()), "occupied");
        assert_eq!(board.scouts(Colour::Red), bit(0));
        assert_eq!(board.mobile(Colour::Red), bit(0));
        let key = board.key();
        assert_ne!(key, 0);
        let moved = PublicFacts { moved: true, ..PublicFacts::default() };
        board.relocate(a1, a2, moved);
        assert_eq!(board.occupied(Colour::Red), bit(10));
        assert_eq!(board.facts(a2), moved);
        assert_ne!(board.key(), key);
        board.relocate(a2, a1, PublicFacts::default());
        assert_eq!(board.key(), key, "the key depends on the arrangement only");
        let bomb = Piece::new(Colour::Blue, Rank::Bomb);
        board.put(a2, bomb, PublicFacts::default());
        assert_eq!(board.mobile(Colour::Blue), 0);
        assert_eq!(board.rank_at(a2), Some(Rank::Bomb));
        assert_eq!(board.identified(Colour::Blue), [0; RANK_COUNT]);
        board.set_facts(a2, PublicFacts { revealed: true, ..PublicFacts::default() });
        assert_eq!(board.identified(Colour::Blue)[Rank::Bomb.index()], 1, "revealed: counted in");
        board.remove(a2);
        assert_eq!(board.identified(Colour::Blue), [0; RANK_COUNT], "removed: counted out");
        board.put(a2, bomb, PublicFacts::default());
        let flag = Piece::new(Colour::Blue, Rank::Flag);
        let b5 = Square::parse("b5").unwrap();
        board.put(b5, flag, PublicFacts::default());
        assert_eq!(board.flags(Colour::Blue), bit(41));
        assert_eq!(board.flags(Colour::Red), 0);
        board.remove(b5);
        assert_eq!(board.flags(Colour::Blue), 0);
        assert_eq!(board.counts(Colour::Blue)[Rank::Bomb.index()], 1);
        assert_eq!(board.remove(a2), Some((bomb, PublicFacts::default())));
        assert_eq!(board.occupied(Colour::Blue), 0);
    }
}
