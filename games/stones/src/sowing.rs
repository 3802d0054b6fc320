//! Sowing: the one implementation of a move, from lifting the chosen pile
//! to the end sweep. The search plays it with a watcher that does nothing
//! (compiled away); the GUI's trace plays it with a watcher that records
//! every step.
//!
//! # How a run of drops is added at once
//!
//! The pile array is kept turned to the side to move ([`crate::board`]):
//! the mover's piles 1..=pits in bytes `0..pits`, the opponent's in bytes
//! `pits..2 * pits`. The sowing sees the mover's score pile at position
//! `2 * pits`, just below byte 0, and the opponent's score pile nowhere (it
//! is skipped); see [`Ring`]. Sowing goes down one position a stone,
//! wrapping from the score pile to the top byte. So the drops of a sowing
//! are at most two runs of consecutive bytes (below the start, and from
//! the top down) and perhaps the score pile, plus one stone everywhere for
//! every whole lap.
//! Each run is added to the array as a single 128-bit addition of a mask
//! of one-bytes. No byte can carry into the next: a byte never holds more
//! than the 128 stones a position may have.

use crate::board::{Pit, Place, Stones};
use crate::rules::{EndSweep, SowingRule};
use game_core::Seat;

/// How a sowing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// The last stone fell into the mover's own score pile: the same player
    /// moves again (unless the game just ended).
    FreeTurn,
    /// The last stone fell into an empty pile (or, in Kalah, anywhere but
    /// the mover's score pile): the other player moves next.
    TurnEnds,
}

/// The board seen from the mover: positions `0..2 * pits` are bytes of the
/// pile array, position `2 * pits` is the mover's score pile.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ring {
    pits: u32,
    mover: Seat,
}

impl Ring {
    fn new(pits: u8, mover: Seat) -> Self {
        Ring { pits: pits as u32, mover }
    }

    /// The position of the mover's score pile.
    fn store(self) -> u32 {
        2 * self.pits
    }

    /// The mover.
    pub(crate) fn mover(self) -> Seat {
        self.mover
    }

    /// The pile at a byte position (not the score pile).
    pub(crate) fn pit(self, position: u32) -> Pit {
        if position < self.pits {
            Pit { owner: self.mover, pile: position as u8 + 1 }
        } else {
            Pit { owner: self.mover.opponent(), pile: (position - self.pits) as u8 + 1 }
        }
    }

    /// What a position stands for on the board.
    pub(crate) fn place(self, position: u32) -> Place {
        if position == self.store() { Place::Store(self.mover) } else { Place::Pit(self.pit(position)) }
    }

    /// The next position down: where the next stone is dropped.
    pub(crate) fn below(self, position: u32) -> u32 {
        if position == 0 { self.store() } else { position - 1 }
    }
}

/// What the sowing engine reports as it goes, in [`Ring`] positions (so the
/// search's watcher, which does nothing, costs nothing). Every method
/// defaults to doing nothing.
pub(crate) trait SowingWatcher {
    /// Whether the watcher records anything: the search's does not, and
    /// the code that only gathers what to report is then left out.
    const REPORTS: bool = true;
    /// The mover lifts all `stones` of the pile they chose, at `at`.
    fn lift(&mut self, _ring: Ring, _at: u32, _stones: u32) {}
    /// `count` stones are dropped one by one going down from `from`: at
    /// `ring.below(from)`, then below that, and so on.
    fn drops(&mut self, _ring: Ring, _from: u32, _count: u32) {}
    /// Relay: the last stone fell at `at`, into a pile that held stones,
    /// and all `stones` of it (the dropped one included) are lifted.
    fn relay(&mut self, _ring: Ring, _at: u32, _stones: u32) {}
    /// Kalah: the last stone's pile at `at` and the `opposite` pile,
    /// `stones` in all, go to the mover's score pile.
    fn capture(&mut self, _ring: Ring, _at: u32, _opposite: u32, _stones: u32) {}
    /// The sowing is over.
    fn landed(&mut self, _landing: Landing) {}
    /// End sweep: the `stones` of `pit` go to `store`'s score pile.
    fn sweep(&mut self, _pit: Pit, _store: Seat, _stones: u8) {}
}

/// The watcher of the search: nothing to report.
impl SowingWatcher for () {
    const REPORTS: bool = false;
}

/// Swaps the two rows of the pile array (each stays in pile order): the
/// array turned to the other side.
#[inline]
fn swap_rows(word: u128, pits: u32) -> u128 {
    let shift = 8 * pits;
    (word >> shift) | ((word & low_row(pits)) << shift)
}

/// Every bit of the bytes of the mover's row.
#[inline]
fn low_row(pits: u32) -> u128 {
    (1u128 << (8 * pits)) - 1
}

/// A one in each byte.
const ONES: u128 = u128::MAX / 0xFF;

/// `RUN[n]`: a one in each of the lowest `n` bytes. The run of bytes
/// `low..high` is `RUN[high] - RUN[low]`.
const RUN: [u128; 17] = {
    let mut runs = [0u128; 17];
    let mut n = 1;
    while n <= 16 {
        runs[n] = ONES >> (8 * (16 - n));
        n += 1;
    }
    runs
};

/// The byte at `position` (below 16): a 64-bit shift of the half that
/// holds it, cheaper than a 128-bit shift.
#[inline]
fn byte(word: u128, position: u32) -> u8 {
    let half = if position & 8 == 0 { word as u64 } else { (word >> 64) as u64 };
    (half >> (8 * (position & 7))) as u8
}

#[inline]
fn clear(word: u128, position: u32) -> u128 {
    word & !(0xFFu128 << (8 * position))
}

/// For each position of a Kalah board of `PITS` piles a side, both bytes a
/// capture empties when the last stone lands there: the mover's pit and
/// the opposite one; nothing for a position outside the mover's row.
struct CapturePairs<const PITS: u32>;

impl<const PITS: u32> CapturePairs<PITS> {
    const TABLE: [u128; 16] = {
        let mut pairs = [0u128; 16];
        let mut pit = 0;
        while pit < PITS {
            pairs[pit as usize] = 0xFF << (8 * pit) | 0xFF << (8 * (2 * PITS - 1 - pit));
            pit += 1;
        }
        pairs
    };
}

impl Stones {
    /// Sows the mover's pile `pile` (1..=pits) and applies the end check.
    ///
    /// # The rules, in the order they apply
    ///
    /// 1. Lift every stone of the chosen pile and drop them one by one into
    ///    the following places, clockwise (going down the [`Ring`]).
    ///    The mover's score pile receives a stone; the opponent's is
    ///    skipped. The emptied start pile is *not* skipped: a long sowing
    ///    drops into it on the next lap.
    /// 2. Where the last stone lands:
    ///    - the mover's score pile: a free turn, under both sowing rules;
    ///    - relay sowing, a pile (either side) that already held stones:
    ///      lift that whole pile, the dropped stone included, and go on
    ///      sowing from the next place;
    ///    - relay sowing, a pile that was empty: the turn ends;
    ///    - Kalah sowing, the mover's own pit that was empty: capture that
    ///      stone and the opposite pit's stones into the mover's score pile,
    ///      provided the opposite pit holds stones or `empty_capture` is on;
    ///      either way the turn ends;
    ///    - Kalah sowing, anywhere else: the turn ends.
    /// 3. The end check, after every sowing (one that earned a free turn
    ///    too): if a side is empty, [`Stones::end_sweep`].
    ///
    /// # Relay sowing always ends
    ///
    /// *Claim:* a relay sowing drops at most
    /// `(S + 1) * (2 * pits + 1)` stones, where `S` is the number of stones
    /// on the piles (not in score piles) when it starts.
    ///
    /// *Proof.* Every drop moves one place further round the board, and
    /// the only place skipped is the opponent's score pile, so any
    /// `2 * pits + 1` consecutive drops include one into the mover's score
    /// pile. A drop into the mover's score pile either is the last stone
    /// (the sowing ends with a free turn) or takes one stone off the piles
    /// for good, because nothing ever leaves a score pile. A relay lifts
    /// stones that are on the piles, so the stones on the piles (in the hand
    /// or in pits) never increase; after `S` such drops none is left to
    /// lift or hold, so the `S + 1`-th drop into the score pile, if the
    /// sowing gets that far, is the last stone. Hence at most `S + 1` score
    /// pile drops, each after at most `2 * pits` other drops. ∎
    ///
    /// The test `relay_sowing_ends_within_the_proven_bound` checks the
    /// bound on every sowing of many random games. (The code below drops a
    /// run of stones at once, but it is the same sequence of drops: the
    /// trace lists them one by one.)
    #[inline]
    pub(crate) fn sow<W: SowingWatcher>(&mut self, pile: u8, watch: &mut W) -> Landing {
        // One copy of the code per board size and sowing rule, so that the
        // shifts and masks that depend on the size are constants; Kalah
        // sowing, which never relays, has its own code without a loop.
        match (self.rules.pits, self.rules.sowing == SowingRule::Relay) {
            (3, true) => self.sow_on::<W, 3>(pile, watch),
            (4, true) => self.sow_on::<W, 4>(pile, watch),
            (5, true) => self.sow_on::<W, 5>(pile, watch),
            (6, true) => self.sow_on::<W, 6>(pile, watch),
            (7, true) => self.sow_on::<W, 7>(pile, watch),
            (_, true) => self.sow_on::<W, 8>(pile, watch),
            (3, false) => self.sow_kalah::<W, 3>(pile, watch),
            (4, false) => self.sow_kalah::<W, 4>(pile, watch),
            (5, false) => self.sow_kalah::<W, 5>(pile, watch),
            (6, false) => self.sow_kalah::<W, 6>(pile, watch),
            (7, false) => self.sow_kalah::<W, 7>(pile, watch),
            (_, false) => self.sow_kalah::<W, 8>(pile, watch),
        }
    }

    /// [`Stones::sow`] with relay sowing on a board of `PITS` piles a side.
    #[inline]
    fn sow_on<W: SowingWatcher, const PITS: u32>(&mut self, pile: u8, watch: &mut W) -> Landing {
        let pits = PITS;
        let mover = self.to_move;
        let ring = Ring::new(self.rules.pits, mover);
        let lap = 2 * pits + 1;
        let mut board = self.word();
        // Stones the mover banks in this sowing.
        let mut banked = 0u32;
        // An illegal pile number from `play_unchecked` must not reach
        // outside the array: it sows some pile of the mover instead (0
        // wraps round to the last).
        let mut at = (pile as u32).wrapping_sub(1).min(pits - 1);
        // The chosen pile is in the mover's row, the low 64 bits: lift it
        // with 64-bit shifts, cheaper than 128-bit ones (XOR-ing a byte's
        // own value clears it).
        let mut hand = (board as u64 >> (8 * at)) as u8 as u32;
        board ^= ((hand as u64) << (8 * at)) as u128;
        watch.lift(ring, at, hand);
        let landing = loop {
            watch.drops(ring, at, hand);
            if hand >= lap {
                // Whole laps: a stone in every pile and the score pile each.
                let laps = hand / lap;
                board = board.wrapping_add(laps as u128 * RUN[2 * pits as usize]);
                banked += laps;
                hand -= laps * lap;
            }
            // The rest goes down from `at`: the run of bytes below it,
            // and if it passes byte 0, the score pile and the run from the
            // top down. Written without branches, as the sowings of a
            // random game wrap or not at random.
            let wraps = hand > at;
            let from_top = hand.saturating_sub(at + 1);
            let top = 2 * pits;
            board = board
                .wrapping_add(RUN[at as usize] - RUN[at.saturating_sub(hand) as usize])
                .wrapping_add(RUN[top as usize] - RUN[(top - from_top) as usize]);
            banked += wraps as u32;
            // Past byte 0 the last stone lands at `top - from_top`, which is
            // the score pile itself when nothing is left for the top.
            at = if wraps { top - from_top } else { at - hand };
            if at == ring.store() {
                break Landing::FreeTurn;
            }
            let stones = byte(board, at);
            if stones > 1 {
                board = clear(board, at);
                hand = stones as u32;
                watch.relay(ring, at, stones as u32);
                continue;
            }
            break Landing::TurnEnds;
        };
        self.bank(mover, banked as u8);
        watch.landed(landing);
        // The end check, after every sowing: is either side empty?
        let mover_empty = board & low_row(pits) == 0;
        let other_empty = board >> (8 * pits) == 0;
        if landing == Landing::TurnEnds {
            board = swap_rows(board, pits);
            self.to_move = mover.opponent();
        }
        self.set_word(board);
        if mover_empty || other_empty {
            self.end_sweep(mover, mover_empty, watch);
        }
        landing
    }

    /// [`Stones::sow`] with Kalah sowing on a board of `PITS` piles a side:
    /// the same drops as relay sowing, but the turn ends wherever the last
    /// stone lands, except in the mover's score pile (a free turn); in the
    /// mover's own pit that was empty it captures that pit and the opposite
    /// one (see `empty_capture`).
    ///
    /// Whether the sowing captures and whether the turn passes are worked
    /// out with masks and selections, not branches: in a random game each
    /// goes either way at random (the last stone lands in the mover's own
    /// row about half the time), and the processor's wrong guesses cost
    /// more than doing both sides of each choice. Only whole laps (rare)
    /// and the end of the game (once a game) are branches.
    #[inline]
    fn sow_kalah<W: SowingWatcher, const PITS: u32>(&mut self, pile: u8, watch: &mut W) -> Landing {
        let pits = PITS;
        let mover = self.to_move;
        let ring = Ring::new(self.rules.pits, mover);
        let lap = 2 * pits + 1;
        let top = 2 * pits;
        let mut board = self.word();
        // An illegal pile number from `play_unchecked` sows some pile of the
        // mover instead, as in `sow_on`.
        let at = (pile as u32).wrapping_sub(1).min(pits - 1);
        let mut hand = (board as u64 >> (8 * at)) as u8 as u32;
        board ^= ((hand as u64) << (8 * at)) as u128;
        watch.lift(ring, at, hand);
        watch.drops(ring, at, hand);
        let mut banked = 0;
        // Whole laps are rare, and a division is slow: a branch.
        if hand >= lap {
            let laps = hand / lap;
            board = board.wrapping_add(laps as u128 * RUN[2 * pits as usize]);
            banked += laps;
            hand -= laps * lap;
        }
        let wraps = hand > at;
        let from_top = hand.saturating_sub(at + 1);
        board = board
            .wrapping_add(RUN[at as usize] - RUN[at.saturating_sub(hand) as usize])
            .wrapping_add(RUN[top as usize] - RUN[(top - from_top) as usize]);
        banked += wraps as u32;
        let last = if wraps { top - from_top } else { at - hand };
        let free_turn = last == top;
        // A last stone in the mover's own pit that was empty captures. The
        // mover's row is in the low 64 bits; the bytes read for a last
        // stone elsewhere are meaningless, and `own_pit` masks them out.
        let own_pit = last < pits;
        let landed = (board as u64 >> (8 * (last & 7))) as u8;
        let opposite = (top - 1).wrapping_sub(last) & 15;
        let facing = byte(board, opposite);
        let captures = own_pit & (landed == 1) & (facing > 0 || self.rules.empty_capture);
        if captures {
            // Only a watcher that records reports here; for the search's
            // watcher the branch is empty and compiled away.
            watch.capture(ring, last, opposite, 1 + facing as u32);
        }
        board &= !(CapturePairs::<PITS>::TABLE[last as usize & 15] & (captures as u128).wrapping_neg());
        banked += captures as u32 * (1 + facing as u32);
        self.bank(mover, banked as u8);
        let landing = if free_turn { Landing::FreeTurn } else { Landing::TurnEnds };
        watch.landed(landing);
        let mover_empty = board & low_row(pits) == 0;
        let other_empty = board >> (8 * pits) == 0;
        // The turn passes unless the last stone fell into the score pile:
        // the rows swap, selected by a mask.
        let passes = (!free_turn as u128).wrapping_neg();
        board ^= (board ^ swap_rows(board, pits)) & passes;
        self.to_move = Seat(mover.0 ^ !free_turn as u8);
        self.set_word(board);
        if mover_empty || other_empty {
            self.end_sweep(mover, mover_empty, watch);
        }
        landing
    }

    /// The end of the game, once a sowing left a side empty: the stones
    /// left on the board are banked.
    ///
    /// - `emptier-collects` (the Stones rule): checking the mover's side
    ///   first, the player whose side is empty banks every stone left on
    ///   the other side. If both sides are empty, the game just ends.
    /// - `owner-keeps` (the Kalah rule): each player banks the stones on
    ///   their own side.
    ///
    /// Afterwards every pile is empty, which is how a finished position is
    /// recognised.
    ///
    /// Inlined, though it runs once a game: a call that takes the
    /// position's address would keep the position of a playout loop in
    /// memory for the whole game, each ply waiting for the last one's
    /// stores.
    #[inline(always)]
    fn end_sweep<W: SowingWatcher>(&mut self, mover: Seat, mover_empty: bool, watch: &mut W) {
        match self.rules.effective_end_sweep() {
            EndSweep::OwnerKeeps => {
                self.sweep_side(mover, mover, watch);
                self.sweep_side(mover.opponent(), mover.opponent(), watch);
            }
            // `Auto` never comes out of `effective_end_sweep`.
            EndSweep::EmptierCollects | EndSweep::Auto => {
                let emptier = if mover_empty { mover } else { mover.opponent() };
                self.sweep_side(emptier.opponent(), emptier, watch);
            }
        }
    }

    /// Moves every stone on `side` into `banker`'s score pile.
    #[inline(always)]
    fn sweep_side<W: SowingWatcher>(&mut self, side: Seat, banker: Seat, watch: &mut W) {
        if W::REPORTS {
            for (pile, &stones) in (1..).zip(self.row(side)) {
                if stones > 0 {
                    watch.sweep(Pit { owner: side, pile }, banker, stones);
                }
            }
        }
        // The row's bytes summed at once (the sum fits a byte: at most 128),
        // and cleared with a mask: word operations only, no indexing into
        // the array, so that a position in a loop can stay in registers.
        let row = self.row_word(side);
        let total = (row.wrapping_mul(ONES as u64) >> 56) as u8;
        let first = self.row_start(side) as u32;
        self.set_word(self.word() & !(low_row(self.rules.pits as u32) << (8 * first)));
        self.bank(banker, total);
    }

    /// Adds `stones` to `seat`'s score pile. Both piles are written, each
    /// at a fixed index: a variable index into the position would keep a
    /// position that a loop plays on in memory, where it could otherwise
    /// stay in registers.
    #[inline(always)]
    fn bank(&mut self, seat: Seat, stones: u8) {
        let second = (seat.index() & 1) as u8;
        self.stores[0] += stones * (1 - second);
        self.stores[1] += stones * second;
    }

    /// `seat`'s piles as the bytes of one word, pile 1 lowest: zero exactly
    /// when the side is empty, and the source of the legal-move mask.
    #[inline]
    pub(crate) fn row_word(&self, seat: Seat) -> u64 {
        let pits = self.rules.pits as u32;
        if seat == self.to_move {
            let mut low = [0u8; 8];
            low.copy_from_slice(&self.piles[..8]);
            u64::from_le_bytes(low) & (u64::MAX >> (8 * (8 - pits)))
        } else {
            (self.word() >> (8 * pits)) as u64
        }
    }

    /// Bit `k - 1` is set when `seat`'s pile `k` holds stones.
    #[inline]
    pub(crate) fn nonempty_piles(&self, seat: Seat) -> u32 {
        self.nonempty_piles_and_count(seat).0
    }

    /// The mask of [`Stones::nonempty_piles`] and how many bits it has,
    /// both worked out side by side from the same word (no popcount
    /// instruction on the baseline x86-64 target, and a table lookup would
    /// have to wait for the mask).
    #[inline]
    pub(crate) fn nonempty_piles_and_count(&self, seat: Seat) -> (u32, u32) {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        // Gathers bit 8i of a word into bit 56 + i (see the test).
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let word = self.row_word(seat);
        // A one in each byte of a pile with stones.
        let flags = ((((word & LOW7) + LOW7) | word) & HIGH) >> 7;
        let mask = (flags.wrapping_mul(GATHER) >> 56) as u32;
        // Summing the bytes: at most 8, so no byte overflows.
        let count = (flags.wrapping_mul(ONES as u64) >> 56) as u32;
        (mask, count)
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::StonesRules;
    use game_core::Game;

    fn position(rules: StonesRules, text: &str) -> Stones {
        Stones::parse_position(&rules, text).unwrap()
    }

    #[test]
    fn the_nonempty_mask_matches_the_piles() {
        let rules = StonesRules { pits: 8, ..StonesRules::default() };
        let stones = position(rules, "0 3 0 116 1 0 0 7 [0] / 1 0 0 0 0 0 0 0 [0] : first");
        assert_eq!(stones.nonempty_piles(Seat::FIRST), 0b1001_1010);
        assert_eq!(stones.nonempty_piles(Seat::SECOND), 0b1);
        let rules = StonesRules { pits: 3, ..StonesRules::default() };
        let stones = position(rules, "0 0 2 [5] / 9 0 0 [1] : first");
        assert_eq!(stones.nonempty_piles(Seat::FIRST), 0b100);
        assert_eq!(stones.row_word(Seat::SECOND), 9);
    }
}
