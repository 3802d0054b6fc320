//! Zobrist hashing of positions.
//!
//! A key per (ring slot, stone count) and one for the side to move, fixed
//! at compile time. The hash is computed from scratch when asked: a sowing
//! changes many slots, so keeping it up to date move by move would cost
//! the playouts more than it saves the search.

use crate::board::{MAX_RING, MAX_TOTAL_STONES, Stones, store_slot};
use game_core::Seat;
use game_core::rng::zobrist_keys;

const COUNTS: usize = MAX_TOTAL_STONES as usize + 1;
static SLOT_KEYS: [u64; MAX_RING * COUNTS] = zobrist_keys(0x5354_4f4e_4553);
const SECOND_TO_MOVE: u64 = zobrist_keys::<1>(0x5354_4f4e_4532)[0];

impl Stones {
    /// The hash of the piles and the side to move, leaving out the score
    /// piles: what decides the rest of the game.
    pub(crate) fn pits_key(&self) -> u64 {
        let mut key = if self.to_move == Seat::SECOND { SECOND_TO_MOVE } else { 0 };
        for seat in [Seat::FIRST, Seat::SECOND] {
            let first = store_slot(self.rules.pits, seat) + 1;
            for (slot, &count) in (first..).zip(self.row(seat)) {
                key ^= slot_key(slot, count);
            }
        }
        key
    }

    /// The hash of the whole position, score piles included.
    pub(crate) fn full_key(&self) -> u64 {
        let mut key = self.pits_key();
        for seat in [Seat::FIRST, Seat::SECOND] {
            let slot = store_slot(self.rules.pits, seat);
            key ^= slot_key(slot, self.ring[slot]);
        }
        key
    }
}

fn slot_key(slot: usize, count: u8) -> u64 {
    // Counts never exceed MAX_TOTAL_STONES in a valid position; the modulo
    // only keeps a nonsense one from indexing out of the table.
    SLOT_KEYS[(slot * COUNTS + count as usize) % SLOT_KEYS.len()]
}
