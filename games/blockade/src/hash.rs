//! Zobrist hashing: one random key per (seat, square), one for Player Two
//! to move, XORed together.
//!
//! A move changes a handful of squares, so the hash is kept up to date
//! incrementally ([`after_move`]); [`from_scratch`] recomputes it, for
//! position texts and for tests.

use game_core::Seat;
use game_core::rng::zobrist_keys;

const SQUARES: usize = 121;

/// Key of a stone of seat `s` on square `i`: `STONE_KEYS[s * 121 + i]`.
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
const SECOND_TO_MOVE_KEY: u64 = zobrist_keys::<1>(0xB10C_4ADF)[0];

fn xor_keys(mut squares: u128, keys: &[u64]) -> u64 {
    let mut key = 0;
    while squares != 0 {
        key ^= keys[squares.trailing_zeros() as usize % keys.len()];
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

/// The hash after a move by seat `mover` (index 0 or 1) that `added` stones
/// of the mover's on empty squares, turned the stones `flipped` to the
/// other colour, and passed the turn.
#[inline]
pub(crate) fn after_move(hash: u64, mover: usize, added: u128, flipped: u128) -> u64 {
    hash ^ SECOND_TO_MOVE_KEY ^ xor_keys(added, stone_keys(mover)) ^ xor_keys(flipped, &FLIP_KEYS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_matches_scratch() {
        let before = [0b1001u128, 0b0110];
        let after = [0b1001u128 | 0b0100 | 1 << 40, 0b0010];
        let h = after_move(from_scratch(before, Seat::FIRST), 0, 1 << 40, 0b0100);
        assert_eq!(h, from_scratch(after, Seat::SECOND));
        assert_ne!(from_scratch(before, Seat::FIRST), from_scratch(before, Seat::SECOND));
        assert_ne!(from_scratch([1, 2], Seat::FIRST), from_scratch([2, 1], Seat::FIRST));
    }
}
