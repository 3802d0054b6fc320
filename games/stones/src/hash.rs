//! Zobrist hashing of positions.
//!
//! A key per (pile byte, stone count), per (score pile, stone count) and
//! one for the side to move, fixed at compile time. The hash is computed from scratch when asked: a sowing
//! changes many piles, so keeping it up to date move by move would cost
//! the playouts more than it saves the search.

use crate::board::{MAX_TOTAL_STONES, PILE_BYTES, Stones};
use game_core::Seat;
use game_core::rng::zobrist_keys;

const COUNTS: usize = MAX_TOTAL_STONES as usize + 1;
static PILE_KEYS: [u64; PILE_BYTES * COUNTS] = zobrist_keys(0x5354_4f4e_4553);
static STORE_KEYS: [u64; 2 * COUNTS] = zobrist_keys(0x5354_4f52_4553);
const SECOND_TO_MOVE: u64 = zobrist_keys::<1>(0x5354_4f4e_4532)[0];

impl Stones {
    /// The hash of the piles and the side to move, leaving out the score
    /// piles: what decides the rest of the game.
    pub(crate) fn pits_key(&self) -> u64 {
        let mut key = if self.to_move == Seat::SECOND { SECOND_TO_MOVE } else { 0 };
        let used = 2 * self.rules.pits as usize;
        // Counts never exceed MAX_TOTAL_STONES, so the modulo never wraps;
        // it only spares the table a bounds check.
        for (byte, &count) in self.piles[..used].iter().enumerate() {
            key ^= PILE_KEYS[(byte * COUNTS + count as usize) % PILE_KEYS.len()];
        }
        key
    }

    /// The hash of the whole position, score piles included.
    pub(crate) fn full_key(&self) -> u64 {
        let mut key = self.pits_key();
        for (seat, &count) in self.stores.iter().enumerate() {
            key ^= STORE_KEYS[(seat * COUNTS + count as usize) % STORE_KEYS.len()];
        }
        key
    }
}
