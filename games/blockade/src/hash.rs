//! Zobrist hashing: one random key per (seat, square), one for Player Two
//! to move, XORed together.
//!
//! A move changes a handful of squares, so the hash is kept up to date
//! incrementally (each move XORs [`SECOND_TO_MOVE_KEY`], a [`stone_key`]
//! for each stone added and a [`flip_key`] for each stone that changes
//! colour); [`from_scratch`] recomputes it, for position texts and tests.

use game_core::Seat;
use game_core::rng::zobrist_keys;

/// Square indexes are below 121; tables have 128 entries so that `& 127`
/// keeps every index in bounds without a check.
const SQUARES: usize = 128;

/// Key of a stone of seat `s` on square `i`: `STONE_KEYS[s * 128 + i]`.
static STONE_KEYS: [u64; 2 * SQUARES] = zobrist_keys(0xB10C_4ADE);
/// Key of a stone changing colour on square `i`: both seats' keys at once.
static FLIP_KEYS: [u64; SQUARES] = {
    let mut keys = [0; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        keys[i] = STONE_KEYS[i] ^ STONE_KEYS[SQUARES + i];
        i += 1;
    }
    keys
};
/// XORed in when Player Two is to move.
pub(crate) const SECOND_TO_MOVE_KEY: u64 = zobrist_keys::<1>(0xB10C_4ADF)[0];

fn xor_keys(mut squares: u128, keys: &[u64]) -> u64 {
    let mut key = 0;
    while squares != 0 {
        key ^= keys[squares.trailing_zeros() as usize & (SQUARES - 1)];
        squares &= squares - 1;
    }
    key
}

fn stone_keys(seat_index: usize) -> &'static [u64] {
    &STONE_KEYS[(seat_index & 1) * SQUARES..][..SQUARES]
}

/// The hash of these stones with `to_move` to move.
pub(crate) fn from_scratch(stones: [u128; 2], to_move: Seat) -> u64 {
    let side = if to_move == Seat::SECOND { SECOND_TO_MOVE_KEY } else { 0 };
    side ^ xor_keys(stones[0], stone_keys(0)) ^ xor_keys(stones[1], stone_keys(1))
}

/// The key of a stone of seat index `seat` on square `index`.
#[inline(always)]
pub(crate) fn stone_key(seat: usize, index: usize) -> u64 {
    STONE_KEYS[(seat & 1) * SQUARES + (index & (SQUARES - 1))]
}

/// The key of a stone on square `index` changing colour.
#[inline(always)]
pub(crate) fn flip_key(index: usize) -> u64 {
    FLIP_KEYS[index & (SQUARES - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_matches_scratch() {
        let before = [0b1001u128, 0b0110];
        let after = [0b1001u128 | 0b0100 | 1 << 40, 0b0010];
        let h = from_scratch(before, Seat::FIRST) ^ SECOND_TO_MOVE_KEY ^ stone_key(0, 40) ^ flip_key(2);
        assert_eq!(h, from_scratch(after, Seat::SECOND));
        assert_ne!(from_scratch(before, Seat::FIRST), from_scratch(before, Seat::SECOND));
        assert_ne!(from_scratch([1, 2], Seat::FIRST), from_scratch([2, 1], Seat::FIRST));
    }
}
