//! The exact solver's table: compact entries holding a lower and an upper
//! bound of a position's future value, keyed by
//! [`game_core::Solve::future_key`].
//!
//! An entry is two 64-bit words, whatever the game:
//!
//! ```text
//! word 0: the full 64-bit key, exclusive-or word 1
//! word 1: bits  0..16 lower bound (i16)     bits 32..48 best move slot + 1 (0: none)
//!         bits 16..32 upper bound (i16)     bits 48..56 work (0: empty slot)
//! ```
//!
//! Four entries make a bucket of one 64-byte cache line (the table aligns
//! it), so a probe costs one memory access. The memory is zeroed, which
//! the system hands out lazily: a large table costs only what the search
//! touches. Replacement keeps the entries that cost the most work to
//! compute (the log of the subtree size), which pays off over the repeated
//! passes of MTD(f).
//!
//! The solver's threads share the table without locks. Each word is read
//! and written whole (atomically, with no ordering: plain loads and
//! stores), but two threads may write the two words of one entry at the
//! same time, and an entry may then hold one thread's key word with the
//! other's data word. Word 0 holds the key mixed with word 1, so such an
//! entry matches no key (but with the chance of a 64-bit key collision):
//! a torn entry reads as a miss, never as wrong bounds. Two threads adding
//! to one entry at once may lose one's addition, which costs work, not
//! correctness.
//!
//! The move is stored as its [`game_core::Game::move_slot`]; the solver
//! uses it to order moves first, so a slot shared by two moves could only
//! cost speed, never correctness.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Entries per bucket.
const WAYS: usize = 4;
/// Words per entry.
const WORDS: usize = 2;
/// Words per bucket (one cache line).
const BUCKET_WORDS: usize = WAYS * WORDS;

/// A stored lower bound this low means "no lower bound".
const NO_LOWER: i16 = i16::MIN;
/// A stored upper bound this high means "no upper bound".
const NO_UPPER: i16 = i16::MAX;

/// What the table knows about a position's future value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The true value is at least this.
    pub lower: i32,
    /// The true value is at most this.
    pub upper: i32,
    /// The slot of the best move found, if any.
    pub slot: Option<usize>,
}

/// The solver's table.
#[derive(Debug)]
pub(crate) struct SolverTable {
    words: Box<[AtomicU64]>,
    /// Index of the first word of bucket 0 (aligned to 64 bytes).
    base: usize,
    mask: usize,
    infinity: i32,
}

fn encode_lower(value: i32) -> i16 {
    // Rounding a lower bound down (or dropping it) keeps it true.
    if value <= i32::from(NO_LOWER) + 1 { NO_LOWER } else { value.min(i32::from(NO_UPPER) - 1) as i16 }
}

fn encode_upper(value: i32) -> i16 {
    if value >= i32::from(NO_UPPER) - 1 { NO_UPPER } else { value.max(i32::from(NO_LOWER) + 1) as i16 }
}

#[derive(Clone, Copy)]
struct Data {
    lower: i16,
    upper: i16,
    slot: u16,
    work: u8,
}

impl Data {
    fn unpack(word: u64) -> Data {
        Data {
            lower: word as u16 as i16,
            upper: (word >> 16) as u16 as i16,
            slot: (word >> 32) as u16,
            work: (word >> 48) as u8,
        }
    }

    fn pack(self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.slot) << 32
            | u64::from(self.work) << 48
    }
}

impl SolverTable {
    /// A table of about `megabytes` MB; `infinity` is what a missing
    /// bound reads as.
    pub(crate) fn new(megabytes: usize, infinity: i32) -> Self {
        let bytes = megabytes.saturating_mul(1 << 20);
        let fit = (bytes / (BUCKET_WORDS * 8)).max(1);
        let buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        // Zeroed memory is mapped lazily; one spare bucket allows aligning.
        let words = game_core::memory::zeroed_words((buckets + 1) * BUCKET_WORDS);
        game_core::memory::advise_huge_pages(words.as_ptr(), std::mem::size_of_val(&*words));
        let misalignment = (words.as_ptr() as usize % 64) / 8;
        let base = (BUCKET_WORDS - misalignment) % BUCKET_WORDS;
        SolverTable { words, base, mask: buckets - 1, infinity }
    }

    /// Touches every page of the table without changing it, so that the
    /// system maps (and zeroes) them now rather than when the search
    /// first reaches each one. Safe while other threads use the table:
    /// each touch is an atomic no-op on one word.
    pub(crate) fn map_pages(&self) {
        const WORDS_PER_PAGE: usize = 4096 / 8;
        for word in self.words.iter().step_by(WORDS_PER_PAGE) {
            word.fetch_or(0, Relaxed);
        }
    }

    /// Empties every entry (the pages stay mapped).
    pub(crate) fn clear(&self) {
        for word in self.words.iter() {
            word.store(0, Relaxed);
        }
    }

    /// How many entries fit.
    pub(crate) fn capacity(&self) -> usize {
        (self.mask + 1) * WAYS
    }

    /// The size of one entry in bytes.
    pub(crate) const ENTRY_BYTES: usize = WORDS * 8;

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.base + ((key as usize) & self.mask) * BUCKET_WORDS
    }

    /// Asks the processor to start loading `key`'s bucket into the cache,
    /// so that a probe soon after does not wait for memory. Only a hint:
    /// it changes nothing the program can observe.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        let start = self.bucket(key);
        game_core::memory::prefetch(&self.words[start]);
    }

    /// The bounds known for `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Bounds> {
        let start = self.bucket(key);
        let bucket = &self.words[start..start + BUCKET_WORDS];
        for entry in bucket.chunks_exact(WORDS) {
            let word = entry[1].load(Relaxed);
            let data = Data::unpack(word);
            if entry[0].load(Relaxed) ^ word == key && data.work != 0 {
                let lower = if data.lower == NO_LOWER { -self.infinity } else { i32::from(data.lower) };
                let upper = if data.upper == NO_UPPER { self.infinity } else { i32::from(data.upper) };
                let slot = data.slot.checked_sub(1).map(usize::from);
                return Some(Bounds { lower, upper, slot });
            }
        }
        None
    }

    /// Adds what a search proved about `key` to what is known: the bounds
    /// are intersected with those already stored for the same position.
    /// `slot` is the best move's slot, if the search found one. Says
    /// whether the entry went into an empty slot.
    #[inline]
    pub(crate) fn store(&self, key: u64, lower: i32, upper: i32, slot: Option<usize>, nodes: u64) -> bool {
        let work = (65 - nodes.max(1).leading_zeros()).min(255) as u8;
        let lower = encode_lower(lower);
        let upper = encode_upper(upper);
        let slot = slot.map_or(0, |s| (s as u16).saturating_add(1));
        let start = self.bucket(key);
        let bucket = &self.words[start..start + BUCKET_WORDS];
        let mut victim = 0;
        let mut victim_work = u8::MAX;
        for (i, entry) in bucket.chunks_exact(WORDS).enumerate() {
            let word = entry[1].load(Relaxed);
            let mut data = Data::unpack(word);
            if entry[0].load(Relaxed) ^ word == key && data.work != 0 {
                // Keep the move that proved the highest lower bound: it is
                // the best move known.
                if slot != 0 && (data.slot == 0 || lower >= data.lower) {
                    data.slot = slot;
                }
                data.lower = data.lower.max(lower);
                data.upper = data.upper.min(upper);
                data.work = data.work.max(work);
                let word = data.pack();
                entry[0].store(key ^ word, Relaxed);
                entry[1].store(word, Relaxed);
                return false;
            }
            if data.work < victim_work {
                victim = i;
                victim_work = data.work;
            }
        }
        let entry = &bucket[victim * WORDS..victim * WORDS + WORDS];
        let word = Data { lower, upper, slot, work }.pack();
        entry[0].store(key ^ word, Relaxed);
        entry[1].store(word, Relaxed);
        victim_work == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_intersect_and_survive_clamping() {
        let table = SolverTable::new(1, 1 << 20);
        assert_eq!(SolverTable::ENTRY_BYTES, 16, "four entries to a cache line");
        assert_eq!(table.words[table.base..].as_ptr() as usize % 64, 0, "buckets are aligned");
        assert_eq!(table.probe(9), None);
        assert!(table.store(9, 3, 1 << 20, Some(2), 100), "a new entry");
        assert_eq!(table.probe(9), Some(Bounds { lower: 3, upper: 1 << 20, slot: Some(2) }));
        assert!(!table.store(9, -1 << 20, 5, None, 10), "the same entry");
        assert_eq!(table.probe(9), Some(Bounds { lower: 3, upper: 5, slot: Some(2) }));
        // A move that proves less does not replace the best one.
        table.store(9, 1, 1 << 20, Some(7), 10);
        assert_eq!(table.probe(9).and_then(|b| b.slot), Some(2));
        table.store(9, 4, 1 << 20, Some(7), 10);
        assert_eq!(table.probe(9), Some(Bounds { lower: 4, upper: 5, slot: Some(7) }));
        // Values beyond 16 bits are weakened, never overstated.
        table.store(10, 70_000, 80_000, None, 1);
        let b = table.probe(10).unwrap();
        assert!(b.lower <= 70_000 && b.lower > 30_000 && b.upper == 1 << 20);
        table.store(11, -80_000, -70_000, None, 1);
        let b = table.probe(11).unwrap();
        assert!(b.lower == -(1 << 20) && b.upper >= -70_000 && b.upper < -30_000);
        // Key 0 is a key like any other.
        assert_eq!(table.probe(0), None);
        table.store(0, -2, 2, Some(0), 1);
        assert_eq!(table.probe(0), Some(Bounds { lower: -2, upper: 2, slot: Some(0) }));
        assert!(table.capacity() >= 60_000);
        table.map_pages();
        assert_eq!(
            table.probe(9),
            Some(Bounds { lower: 4, upper: 5, slot: Some(7) }),
            "mapping changes nothing"
        );
    }

    #[test]
    fn replaces_the_least_work() {
        let table = SolverTable::new(0, 1000);
        assert_eq!(table.capacity(), WAYS);
        for k in 1..=4u64 {
            table.store(k, 0, 0, None, 1 << (10 * k));
        }
        table.store(99, 1, 1, None, 1 << 15);
        assert_eq!(table.probe(1), None, "the cheapest entry went");
        assert!(table.probe(99).is_some() && table.probe(4).is_some());
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let table = SolverTable::new(0, 1000);
        table.store(5, 1, 2, None, 1);
        table.store(6, 3, 4, None, 1);
        // Another thread's data word under key 5's key word.
        let start = table.bucket(5);
        let other = table.words[start + 3].load(Relaxed);
        table.words[start + 1].store(other, Relaxed);
        assert_eq!(table.probe(5), None);
        assert_eq!(table.probe(6), Some(Bounds { lower: 3, upper: 4, slot: None }));
    }
}
