//! Sowing: the one implementation of a move, from lifting the chosen pile
//! to the end sweep. The search plays it with a watcher that does nothing
//! (compiled away); the GUI's trace plays it with a watcher that records
//! every step.

use crate::board::{Stones, store_slot};
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

/// What the sowing engine reports as it goes, slot by slot (see the layout
/// in [`crate::board`]). Every method defaults to doing nothing.
pub(crate) trait SowingWatcher {
    /// The mover lifts all `stones` of the pile they chose.
    fn lift(&mut self, _slot: usize, _stones: u8) {}
    /// One stone is dropped into `slot`.
    fn drop_stone(&mut self, _slot: usize) {}
    /// Relay: the last stone fell into a pile that held stones, and all
    /// `stones` of it (the dropped one included) are lifted.
    fn relay(&mut self, _slot: usize, _stones: u8) {}
    /// Kalah: the stone in `slot` and the `opposite` pit's stones, `stones`
    /// in all, go to `store`.
    fn capture(&mut self, _slot: usize, _opposite: usize, _store: usize, _stones: u8) {}
    /// The sowing is over.
    fn landed(&mut self, _landing: Landing) {}
    /// End sweep: the `stones` of `slot` go to `store`.
    fn sweep(&mut self, _slot: usize, _store: usize, _stones: u8) {}
}

/// The watcher of the search: nothing to report.
impl SowingWatcher for () {}

impl Stones {
    /// Sows the mover's pile `pile` (1..=pits) and applies the end check.
    ///
    /// # The rules, in the order they apply
    ///
    /// 1. Lift every stone of the chosen pile and drop them one by one into
    ///    the following slots, clockwise (the next lower slot of the ring).
    ///    The mover's score pile receives a stone; the opponent's is
    ///    skipped. The emptied start pile is *not* skipped: a long sowing
    ///    drops into it on the next lap.
    /// 2. Where the last stone lands:
    ///    - the mover's score pile: a free turn, under both sowing rules;
    ///    - relay sowing, a pile (either side) that already held stones:
    ///      lift that whole pile, the dropped stone included, and go on
    ///      sowing from the next slot;
    ///    - relay sowing, a pile that was empty: the turn ends;
    ///    - Kalah sowing, the mover's own pit that was empty: capture that
    ///      stone and the opposite pit's stones into the mover's score pile,
    ///      provided the opposite pit holds stones or `empty_capture` is on;
    ///      either way the turn ends;
    ///    - Kalah sowing, anywhere else: the turn ends.
    /// 3. The end check, after every sowing (one that earned a free turn
    ///    too): see [`Stones::end_check`].
    ///
    /// # Relay sowing always ends
    ///
    /// *Claim:* a relay sowing drops at most
    /// `(S + 1) * (2 * pits + 1)` stones, where `S` is the number of stones
    /// on the piles (not in score piles) when it starts.
    ///
    /// *Proof.* Every drop moves one slot further round the ring, and the
    /// only slot skipped is the opponent's score pile, so any
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
    /// bound on every sowing of many random games.
    pub(crate) fn sow<W: SowingWatcher>(&mut self, pile: u8, watch: &mut W) -> Landing {
        let pits = self.rules.pits;
        let len = self.ring_len();
        let mover = self.to_move;
        let own_store = store_slot(pits, mover);
        let their_store = store_slot(pits, mover.opponent());
        // An illegal pile number from `play_unchecked` must not index out
        // of the ring: it sows some pile of the mover instead.
        let mut slot = own_store + pile.clamp(1, pits) as usize;
        let mut hand = std::mem::take(&mut self.ring[slot]);
        watch.lift(slot, hand);
        let landing = loop {
            while hand > 0 {
                slot = if slot == 0 { len - 1 } else { slot - 1 };
                if slot == their_store {
                    continue;
                }
                self.ring[slot] += 1;
                hand -= 1;
                watch.drop_stone(slot);
            }
            if slot == own_store {
                break Landing::FreeTurn;
            }
            match self.rules.sowing {
                SowingRule::Relay => {
                    if self.ring[slot] > 1 {
                        hand = std::mem::take(&mut self.ring[slot]);
                        watch.relay(slot, hand);
                        continue;
                    }
                    break Landing::TurnEnds;
                }
                SowingRule::Kalah => {
                    let own_pit = slot > own_store && slot <= own_store + pits as usize;
                    if own_pit && self.ring[slot] == 1 {
                        let opposite = len - slot;
                        if self.ring[opposite] > 0 || self.rules.empty_capture {
                            let stones = 1 + std::mem::take(&mut self.ring[opposite]);
                            self.ring[slot] = 0;
                            self.ring[own_store] += stones;
                            watch.capture(slot, opposite, own_store, stones);
                        }
                    }
                    break Landing::TurnEnds;
                }
            }
        };
        watch.landed(landing);
        if landing == Landing::TurnEnds {
            self.to_move = mover.opponent();
        }
        self.end_check(mover, watch);
        landing
    }

    /// The end of the game, checked after every sowing: if a side is empty,
    /// the game ends and the stones left on the board are banked.
    ///
    /// - `emptier-collects` (the Stones rule): checking the mover's side
    ///   first, the player whose side is empty banks every stone left on
    ///   the other side. If both sides are empty, the game just ends.
    /// - `owner-keeps` (the Kalah rule): each player banks the stones on
    ///   their own side.
    ///
    /// Afterwards every pile is empty, which is how a finished position is
    /// recognised.
    fn end_check<W: SowingWatcher>(&mut self, mover: Seat, watch: &mut W) {
        let mover_empty = self.row_word(mover) == 0;
        let other_empty = self.row_word(mover.opponent()) == 0;
        if !mover_empty && !other_empty {
            return;
        }
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
    fn sweep_side<W: SowingWatcher>(&mut self, side: Seat, banker: Seat, watch: &mut W) {
        let pits = self.rules.pits as usize;
        let store = store_slot(self.rules.pits, banker);
        let first = store_slot(self.rules.pits, side) + 1;
        for slot in first..first + pits {
            let stones = std::mem::take(&mut self.ring[slot]);
            if stones > 0 {
                self.ring[store] += stones;
                watch.sweep(slot, store, stones);
            }
        }
    }

    /// `seat`'s piles as the bytes of one word, pile 1 lowest: zero exactly
    /// when the side is empty, and the source of the legal-move mask.
    #[inline]
    pub(crate) fn row_word(&self, seat: Seat) -> u64 {
        let first = store_slot(self.rules.pits, seat) + 1;
        let mut bytes = [0u8; 8];
        // The ring has room for 8 bytes after any row start (see MAX_RING).
        bytes.copy_from_slice(&self.ring[first..first + 8]);
        let shift = 8 * (8 - self.rules.pits as u32);
        (u64::from_le_bytes(bytes) << shift) >> shift
    }

    /// Bit `k - 1` is set when `seat`'s pile `k` holds stones.
    #[inline]
    pub(crate) fn nonempty_piles(&self, seat: Seat) -> u32 {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        // Gathers bit 8i of a word into bit 56 + i (see the test).
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let word = self.row_word(seat);
        let nonzero_bytes = (((word & LOW7) + LOW7) | word) & HIGH;
        ((nonzero_bytes >> 7).wrapping_mul(GATHER) >> 56) as u32
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
