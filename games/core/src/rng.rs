//! The one random number generator of boardsuite, always seeded.
//!
//! Every game, sampler, search and test draws from a [`GameRng`] built from
//! an explicit seed, so any match or bug report can be replayed exactly.
//! Xoshiro256++ is fast and its output is fixed by its specification, so a
//! seed gives the same stream on every platform and version.

use rand::SeedableRng;

/// The seeded generator used everywhere.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator from a 64-bit seed.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// One step of SplitMix64: a good 64-bit mixer, usable in `const` context
/// to fill Zobrist tables at compile time.
pub const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A table of `N` Zobrist keys derived from `seed`, computed at compile time.
///
/// ```
/// const KEYS: [u64; 4] = game_core::rng::zobrist_keys(7);
/// assert!(KEYS.iter().all(|&k| k != 0));
/// assert_ne!(KEYS[0], KEYS[1]);
/// ```
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = splitmix64(seed.wrapping_mul(0x1000_0000_01B3).wrapping_add(i as u64));
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_same_stream() {
        let mut a = seeded(42);
        let mut b = seeded(42);
        let xs: Vec<u32> = (0..8).map(|_| a.random_range(0..1000)).collect();
        let ys: Vec<u32> = (0..8).map(|_| b.random_range(0..1000)).collect();
        assert_eq!(xs, ys);
        let mut c = seeded(43);
        let zs: Vec<u32> = (0..8).map(|_| c.random_range(0..1000)).collect();
        assert_ne!(xs, zs);
    }

    #[test]
    fn zobrist_keys_are_distinct() {
        let keys: [u64; 256] = zobrist_keys(1);
        let mut sorted = keys.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
    }
}
