//! Seat tokens and game codes.
//!
//! These are secrets a stranger must not guess, so unlike game randomness
//! they are not drawn from a seeded generator: each is a keyed SipHash
//! (std's `RandomState`, whose 128-bit keys come from the operating
//! system) of a counter.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

/// Letters of game codes: no 0/O, 1/I/L, so a code reads aloud well.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// How many characters a game code has.
pub const CODE_LEN: usize = 6;

/// A source of unguessable tokens and codes.
#[derive(Debug, Default)]
pub struct Secrets {
    keys: RandomState,
    counter: AtomicU64,
}

impl Secrets {
    /// A source with fresh random keys.
    pub fn new() -> Self {
        Secrets::default()
    }

    fn next(&self, tag: u64) -> u64 {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let mut h = self.keys.build_hasher();
        h.write_u64(n);
        h.write_u64(tag);
        h.finish()
    }

    /// A seat token: 128 bits as 32 hex digits.
    pub fn token(&self) -> String {
        format!("{:016x}{:016x}", self.next(1), self.next(2))
    }

    /// A short game code of [`CODE_LEN`] letters and digits.
    pub fn game_code(&self) -> String {
        let mut bits = self.next(3);
        (0..CODE_LEN)
            .map(|_| {
                let c = CODE_ALPHABET[(bits % CODE_ALPHABET.len() as u64) as usize];
                bits /= CODE_ALPHABET.len() as u64;
                c as char
            })
            .collect()
    }
}

/// Compares two secrets in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_codes_differ_and_have_their_shape() {
        let s = Secrets::new();
        let (a, b) = (s.token(), s.token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
        let code = s.game_code();
        assert_eq!(code.len(), CODE_LEN);
        assert!(code.bytes().all(|c| CODE_ALPHABET.contains(&c)));
        assert_ne!(Secrets::new().token(), Secrets::new().token());
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a, &b));
        assert!(!same_secret("ab", "abc"));
    }
}
