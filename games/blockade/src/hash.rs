//! Zobrist hashing: one random key per (seat, square), one for Player Two
//! to move, XORed together; computed from the stones when asked.
//!
//! The values are part of saved games (a record's `final_hash`), so they
//! stay what they have always been: the XOR of [`STONE_KEYS`] over the
//! stones by their public square index, and [`SECOND_TO_MOVE_KEY`].
//!
//! Why computed when asked rather than kept up to date by every move: a
//! move changes three or four squares on average, and XORing in their keys
//! one by one cost every move a loop whose end the processor could not
//! predict. A search asks for the hash at its inner nodes only (most nodes
//! are leaves), and perft and random playouts never ask. Asked, the hash is
//! one table look-up per byte of each seat's stones: the tables hold, for
//! every byte position of a layout's word and every value of that byte,
//! the XOR of the keys of the squares its bits stand for.

use crate::bitboard::{COMPACT_MAX_SIZE, stride_for};
use crate::square::STRIDE;
use game_core::Seat;
use game_core::rng::zobrist_keys;

/// Square indexes are below 121; the key table has 128 entries a seat.
const SQUARES: usize = 128;

/// Key of a stone of seat `s` on the square of public index `i`:
/// `STONE_KEYS[s * 128 + i]`.
const STONE_KEYS: [u64; 2 * SQUARES] = zobrist_keys(0xB10C_4ADE);

/// XORed in when Player Two is to move.
const SECOND_TO_MOVE_KEY: u64 = zobrist_keys::<1>(0xB10C_4ADF)[0];

/// The per-byte keys of a layout whose words have `BYTES` bytes and whose
/// ranks are `stride` bits apart: `[seat][byte][value]`.
type ByteKeys<const BYTES: usize> = [[[u64; 256]; BYTES]; 2];

const fn byte_keys<const BYTES: usize>(stride: u32) -> ByteKeys<BYTES> {
    let mut keys = [[[0u64; 256]; BYTES]; 2];
    let mut seat = 0;
    while seat < 2 {
        let mut byte = 0;
        while byte < BYTES {
            // Each value is a smaller value plus its highest bit.
            let mut value = 1;
            while value < 256 {
                let high = 7 - (value as u8).leading_zeros() as usize;
                let index = (8 * byte + high) as u32;
                let (file, rank) = (index % stride, index / stride);
                let key = if rank < STRIDE {
                    STONE_KEYS[seat * SQUARES + (rank * STRIDE + file) as usize]
                } else {
                    0
                };
                keys[seat][byte][value] = keys[seat][byte][value & !(1 << high)] ^ key;
                value += 1;
            }
            byte += 1;
        }
        seat += 1;
    }
    keys
}

/// The compact layout's tables (a `u64` of 8 bytes, stride 8).
static COMPACT_KEYS: ByteKeys<8> = byte_keys(stride_for(COMPACT_MAX_SIZE));
/// The wide layout's tables (a `u128` of 16 bytes, stride 11).
static WIDE_KEYS: ByteKeys<16> = byte_keys(stride_for(COMPACT_MAX_SIZE + 1));

/// The XOR of the keys of `seat`'s stones `bits`, byte by byte.
#[inline(always)]
fn stone_keys<const BYTES: usize>(keys: &ByteKeys<BYTES>, seat: usize, bits: u128) -> u64 {
    (0..BYTES).fold(0, |key, byte| key ^ keys[seat][byte][(bits >> (8 * byte)) as u8 as usize])
}

/// The hash of these stones (as a position stores them, by seat index, in
/// the compact layout when `compact`) with `to_move` to move.
#[inline]
pub(crate) fn hash(stones: [u128; 2], compact: bool, to_move: Seat) -> u64 {
    let side = if to_move == Seat::SECOND { SECOND_TO_MOVE_KEY } else { 0 };
    let [first, second] = stones;
    if compact {
        // One word of 8 bytes a seat.
        let (first, second) = (first as u64 as u128, second as u64 as u128);
        side ^ stone_keys(&COMPACT_KEYS, 0, first) ^ stone_keys(&COMPACT_KEYS, 1, second)
    } else {
        side ^ stone_keys(&WIDE_KEYS, 0, first) ^ stone_keys(&WIDE_KEYS, 1, second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Geometry;

    /// The definition: the keys of the stones by public square index.
    fn from_scratch(squares: [u128; 2], to_move: Seat) -> u64 {
        let mut key = if to_move == Seat::SECOND { SECOND_TO_MOVE_KEY } else { 0 };
        for (seat, &bits) in squares.iter().enumerate() {
            key ^= (0..121).filter(|i| bits >> i & 1 == 1).fold(0, |k, i| k ^ STONE_KEYS[seat * SQUARES + i]);
        }
        key
    }

    #[test]
    fn byte_tables_give_the_zobrist_hash_on_every_size() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for size in crate::MIN_SIZE..=crate::MAX_SIZE {
            let g = Geometry::of(size).unwrap();
            for _ in 0..20 {
                // A cheap xorshift: varied boards, not quality.
                let mut random = || {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state as u128) << 64 | state.rotate_left(17) as u128
                };
                let first = random() & g.squares;
                let second = random() & g.squares & !first;
                for to_move in [Seat::FIRST, Seat::SECOND] {
                    let stored = [g.to_layout(first), g.to_layout(second)];
                    let expected = from_scratch([first, second], to_move);
                    assert_eq!(hash(stored, size <= COMPACT_MAX_SIZE, to_move), expected, "size {size}");
                }
            }
        }
    }

    #[test]
    fn saved_games_keep_their_hashes() {
        use crate::{Blockade, BlockadeRules};
        use game_core::{Game, RuleSet};
        // Computed by the engine before the hash was made lazy (commit
        // 525a634), when records with these `final_hash` values could be
        // saved: they must still load.
        let start = |settings: &[&str]| {
            Blockade::start(&BlockadeRules::default().with_settings(settings).unwrap(), &[]).unwrap()
        };
        let mut game = start(&[]);
        assert_eq!(game.hash_key(), 0x37b4_0e4f_6cb2_1694);
        for (mv, expected) in
            [("c5", 0x442a_53de_ca66_18ac), ("f4", 0xea68_1c50_fe05_97c3), ("e3", 0x9860_51e8_09f5_2c9b)]
        {
            game.play(game.parse_move(mv).unwrap());
            assert_eq!(game.hash_key(), expected, "after {mv}");
        }
        assert_eq!(start(&["size=11"]).hash_key(), 0xf6be_dbfa_8a18_8498);
        assert_eq!(start(&["size=5", "start=grid"]).hash_key(), 0x3ced_fad3_f092_8755);
    }
}
