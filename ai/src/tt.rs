//! The transposition table of alpha-beta: buckets of entries, sized in MB,
//! kept from one move to the next.
//!
//! Each bucket holds [`BUCKET`] entries and is aligned to a 64-byte cache
//! line; with a move of up to three bytes an entry takes 16 bytes, so a
//! bucket is one line and a probe one memory access. A position's bucket
//! comes from the low bits of its hash and the entry keeps the high 32
//! bits, so a false match needs two hashes equal in well over 40 bits (and
//! a false table move is harmless: it is only used if it is among the
//! generated moves).
//!
//! Replacement, within the bucket: the same position first, then an empty
//! slot, then the entry worth least, where an entry from an earlier search
//! (an older generation) is worth less than any entry of this search, and
//! a shallower one less than a deeper one.

use crate::score::Score;

/// Entries per bucket.
pub const BUCKET: usize = 4;

/// What a stored value says about the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit<M> {
    /// The best (or refuting) move found, if any.
    pub mv: Option<M>,
    /// The value, node-relative (see [`crate::score::to_table`]).
    pub value: Score,
    /// The remaining depth the value was searched to.
    pub depth: u8,
    /// How the value bounds the true value.
    pub bound: Bound,
}

/// Generations wrap within the bits left in `meta`.
const GENERATIONS: u8 = 64;

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    /// The high 32 bits of the key (the low bits chose the bucket).
    check: u32,
    value: Score,
    depth: u8,
    /// 0 for an empty slot; otherwise the bound (1..=3) in the low two
    /// bits and the generation above them.
    meta: u8,
    mv: Option<M>,
}

impl<M: Copy> Entry<M> {
    const EMPTY: Self = Entry { check: 0, value: 0, depth: 0, meta: 0, mv: None };

    fn used(&self) -> bool {
        self.meta != 0
    }

    fn generation(&self) -> u8 {
        self.meta >> 2
    }

    fn bound(&self) -> Bound {
        match self.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    fn hit(&self) -> TtHit<M> {
        TtHit { mv: self.mv, value: self.value, depth: self.depth, bound: self.bound() }
    }
}

fn meta(bound: Bound, generation: u8) -> u8 {
    let bound = match bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    generation << 2 | bound
}

fn check(key: u64) -> u32 {
    (key >> 32) as u32
}

#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Bucket<M> {
    entries: [Entry<M>; BUCKET],
}

/// A transposition table for moves of type `M`.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    buckets: Vec<Bucket<M>>,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of about `megabytes` MB (rounded down to a power of two
    /// buckets; at least one bucket).
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.saturating_mul(1 << 20);
        let fit = (bytes / std::mem::size_of::<Bucket<M>>()).max(1);
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let mut buckets = Vec::with_capacity(count);
        // Before the first touch: pages are backed as they are first written.
        game_core::memory::advise_huge_pages(buckets.as_ptr(), count * std::mem::size_of::<Bucket<M>>());
        buckets.resize(count, Bucket { entries: [Entry::EMPTY; BUCKET] });
        TranspositionTable { buckets, generation: 0 }
    }

    /// How many entries the table holds at most.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Marks the start of a new search: entries of earlier searches stay
    /// usable but are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            bucket.entries = [Entry::EMPTY; BUCKET];
        }
    }

    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        // The length is a power of two.
        (key as usize) & (self.buckets.len() - 1)
    }

    /// What the table holds for the position with hash `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtHit<M>> {
        let bucket = &self.buckets[self.bucket_index(key)];
        let check = check(key);
        bucket.entries.iter().find(|e| e.check == check && e.used()).map(Entry::hit)
    }

    /// Stores what a search found about the position with hash `key`.
    #[inline]
    pub fn store(&mut self, key: u64, hit: TtHit<M>) {
        let generation = self.generation;
        let index = self.bucket_index(key);
        let check = check(key);
        let entries = &mut self.buckets[index].entries;
        let mut mv = hit.mv;
        let slot = match entries.iter().position(|e| e.check == check && e.used()) {
            Some(same) => {
                // Keep the move of an earlier store if this one has none.
                if mv.is_none() {
                    mv = entries[same].mv;
                }
                same
            }
            None => entries.iter().position(|e| !e.used()).unwrap_or_else(|| {
                // The least valuable: older generations first, then shallow.
                let worth = |e: &Entry<M>| (e.generation() == generation, e.depth);
                (0..BUCKET).min_by_key(|&i| worth(&entries[i])).unwrap_or(0)
            }),
        };
        entries[slot] =
            Entry { check, value: hit.value, depth: hit.depth, meta: meta(hit.bound, generation), mv };
    }

    /// How full the table is, in thousandths, from a sample of its buckets.
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(1000);
        let used: usize =
            self.buckets[..sample].iter().map(|b| b.entries.iter().filter(|e| e.used()).count()).sum();
        (used * 1000 / (sample * BUCKET)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(depth: u8, value: Score, mv: Option<u16>) -> TtHit<u16> {
        TtHit { mv, value, depth, bound: Bound::Exact }
    }

    #[test]
    fn stores_and_finds_by_key() {
        let mut tt = TranspositionTable::<u16>::new(1);
        assert!(tt.capacity() >= 1000 && tt.capacity().is_power_of_two());
        tt.store(42, hit(3, 17, Some(5)));
        assert_eq!(tt.probe(42), Some(hit(3, 17, Some(5))));
        // Same bucket, other key: not found.
        let other = 42 + (1 << 40);
        assert_eq!(tt.probe(other), None);
        assert_eq!(std::mem::size_of::<Bucket<u16>>(), 64, "a bucket is one cache line");
        // A store without a move keeps the known move.
        tt.store(42, hit(4, 9, None));
        assert_eq!(tt.probe(42), Some(hit(4, 9, Some(5))));
        tt.clear();
        assert_eq!(tt.probe(42), None);
        assert_eq!(tt.permille_full(), 0);
    }

    #[test]
    fn replaces_old_then_shallow_entries() {
        let mut tt = TranspositionTable::<u16>::new(0);
        assert_eq!(tt.capacity(), BUCKET, "a tiny table is one bucket");
        let key = |k: u64| k << 32;
        for k in 0..BUCKET as u64 {
            tt.store(key(k), hit(10 + k as u8, 0, None));
        }
        // Full bucket, same search: the shallowest (key 0) goes.
        tt.store(key(100), hit(1, 0, None));
        assert_eq!(tt.probe(key(0)), None);
        assert!(tt.probe(key(100)).is_some());
        // A new search: any entry of the old generation goes before the
        // shallow entry of this one.
        tt.new_search();
        tt.store(key(200), hit(1, 0, None));
        tt.store(key(300), hit(0, 0, None));
        assert!(tt.probe(key(200)).is_some() && tt.probe(key(300)).is_some());
        assert_eq!(tt.permille_full(), 1000);
    }
}
