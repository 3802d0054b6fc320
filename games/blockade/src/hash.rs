//! The position's hash for transposition tables, computed when asked.
//!
//! The stones of both seats (one word each on boards up to 8x8, two on
//! larger ones) are folded into 64 bits by multiplications with random
//! keys, and a key for the side to move is XORed in.
//!
//! Why not a Zobrist hash kept up to date by every move: a move changes
//! three or four squares on average, and XORing in their keys cost every
//! move more than hashing the whole board costs the positions whose hash
//! is asked for. A search asks at its inner nodes only (most nodes are
//! leaves), and perft and random playouts never ask.

use game_core::Seat;
use game_core::rng::zobrist_keys;

/// The keys mixed with each word of the stones, then the side-to-move key.
const KEYS: [u64; 5] = zobrist_keys(0xB10C_4ADE);

/// XORed in when Player Two is to move.
const SECOND_TO_MOVE_KEY: u64 = KEYS[4];

/// The 128-bit product of `a` and `b`, its two halves XORed: every bit of
/// both inputs reaches most bits of the result.
#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    product as u64 ^ (product >> 64) as u64
}

/// The hash of these stones (as a position stores them, by seat index)
/// with `to_move` to move.
#[inline]
pub(crate) fn hash(stones: [u128; 2], to_move: Seat) -> u64 {
    let [first, second] = stones;
    let words = |bits: u128| (bits as u64, (bits >> 64) as u64);
    let (first_low, first_high) = words(first);
    let (second_low, second_high) = words(second);
    let h = fold(first_low ^ KEYS[0], first_high ^ KEYS[1]);
    let h = fold(h ^ second_low ^ KEYS[2], second_high ^ KEYS[3]);
    if to_move == Seat::SECOND { h ^ SECOND_TO_MOVE_KEY } else { h }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn positions_a_stone_apart_hash_differently() {
        // Every position one stone away from a few boards, on every bit
        // either layout uses, with either side to move: no two distinct
        // positions share a hash.
        let mut hashes = HashMap::new();
        for base in [[0u128, 0], [0b1001 << 27, 0b0110 << 27], [u64::MAX as u128, 0], [1 << 100, 1 << 70]] {
            for to_move in [Seat::FIRST, Seat::SECOND] {
                for (seat, bit) in (0..2).flat_map(|seat| (0..121).map(move |bit| (seat, bit))) {
                    let mut stones = base;
                    stones[seat] ^= 1u128 << bit;
                    if stones[0] & stones[1] == 0 {
                        hashes.insert((stones, to_move), hash(stones, to_move));
                    }
                }
            }
        }
        let mut distinct: Vec<u64> = hashes.values().copied().collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), hashes.len());
        assert!(hashes.len() > 1500, "{}", hashes.len());
    }
}
