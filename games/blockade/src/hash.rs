//! Zobrist hashing: one random key per (seat, square), one for Player Two
//! to move, XORed together.
//!
//! A move changes a handful of squares, so the hash is kept up to date
//! incrementally (each move XORs [`SECOND_TO_MOVE_KEY`], a [`stone_key`]
//! for each stone added and a [`flip_key`] for each stone that changes
//! colour, both by layout index); [`from_scratch`] recomputes it from the
//! stones in the public numbering, for position texts and tests.

use crate::bitboard::{STRIDE, TABLE_SIZE, Word};
use game_core::Seat;
use game_core::rng::zobrist_keys;

/// Square indexes are below 121; tables have 128 entries so that `& 127`
/// keeps every index in bounds without a check.
const SQUARES: usize = TABLE_SIZE;

/// Key of a stone of seat `s` on the square of public index `i`:
/// `STONE_KEYS[s * 128 + i]`.
static STONE_KEYS: [u64; 2 * SQUARES] = zobrist_keys(0xB10C_4ADE);

/// The keys by layout index, for each layout (see [`Word::LAYOUT`]): the
/// same key for the same square whatever the layout, so a hash does not
/// depend on how the position keeps its stones.
struct LayoutKeys {
    /// A stone of seat `s` on layout index `i`: `stone[s * 128 + i]`.
    stone: [u64; 2 * SQUARES],
    /// A stone changing colour on layout index `i`: both seats' keys.
    flip: [u64; SQUARES],
}

const fn layout_keys(stride: u32) -> LayoutKeys {
    let mut keys = LayoutKeys { stone: [0; 2 * SQUARES], flip: [0; SQUARES] };
    let mut index = 0;
    while index < SQUARES {
        let (file, rank) = (index as u32 % stride, index as u32 / stride);
        if rank < STRIDE {
            let public = (rank * STRIDE + file) as usize;
            keys.stone[index] = STONE_KEYS[public];
            keys.stone[SQUARES + index] = STONE_KEYS[SQUARES + public];
            keys.flip[index] = keys.stone[index] ^ keys.stone[SQUARES + index];
        }
        index += 1;
    }
    keys
}

static KEYS: [LayoutKeys; 2] = [layout_keys(<u64 as Word>::STRIDE), layout_keys(<u128 as Word>::STRIDE)];

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

/// The key of a stone of seat index `seat` on layout index `index`.
#[inline(always)]
pub(crate) fn stone_key<W: Word>(seat: usize, index: usize) -> u64 {
    KEYS[W::LAYOUT].stone[(seat & 1) * SQUARES + (index & (SQUARES - 1))]
}

/// The key of a stone on layout index `index` changing colour.
#[inline(always)]
pub(crate) fn flip_key<W: Word>(index: usize) -> u64 {
    KEYS[W::LAYOUT].flip[index & (SQUARES - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_matches_scratch() {
        let before = [0b1001u128, 0b0110];
        let after = [0b1001u128 | 0b0100 | 1 << 40, 0b0010];
        let h = from_scratch(before, Seat::FIRST)
            ^ SECOND_TO_MOVE_KEY
            ^ stone_key::<u128>(0, 40)
            ^ flip_key::<u128>(2);
        assert_eq!(h, from_scratch(after, Seat::SECOND));
        // The compact layout's index 40 (file a, rank 6) is public square 55.
        let h = from_scratch(before, Seat::FIRST)
            ^ SECOND_TO_MOVE_KEY
            ^ stone_key::<u64>(0, 40)
            ^ flip_key::<u64>(2);
        let after = [0b1001u128 | 0b0100 | 1 << 55, 0b0010];
        assert_eq!(h, from_scratch(after, Seat::SECOND));
        assert_ne!(from_scratch(before, Seat::FIRST), from_scratch(before, Seat::SECOND));
        assert_ne!(from_scratch([1, 2], Seat::FIRST), from_scratch([2, 1], Seat::FIRST));
    }
}
