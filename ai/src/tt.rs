//! The transposition table of alpha-beta: buckets of entries, sized in MB,
//! kept from one move to the next.
//!
//! Each bucket holds [`BUCKET`] entries. A position's bucket comes from the
//! low bits of its hash; the entry stores the whole 64-bit key, so a
//! collision needs two equal 64-bit hashes. Replacement, within the bucket:
//! the same position first, then an empty slot, then the entry worth least,
//! where an entry from an earlier search (an older generation) is worth
//! less than any entry of this search, and a shallower one less than a
//! deeper one.

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

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    hit: TtHit<M>,
    generation: u8,
    used: bool,
}

impl<M: Copy> Entry<M> {
    const EMPTY: Self = Entry {
        key: 0,
        hit: TtHit { mv: None, value: 0, depth: 0, bound: Bound::Exact },
        generation: 0,
        used: false,
    };
}

#[derive(Clone, Copy, Debug)]
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
        TranspositionTable { buckets: vec![Bucket { entries: [Entry::EMPTY; BUCKET] }; count], generation: 0 }
    }

    /// How many entries the table holds at most.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Marks the start of a new search: entries of earlier searches stay
    /// usable but are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
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
        bucket.entries.iter().find(|e| e.used && e.key == key).map(|e| e.hit)
    }

    /// Stores what a search found about the position with hash `key`.
    #[inline]
    pub fn store(&mut self, key: u64, hit: TtHit<M>) {
        let generation = self.generation;
        let index = self.bucket_index(key);
        let entries = &mut self.buckets[index].entries;
        let slot = match entries.iter().position(|e| e.used && e.key == key) {
            Some(same) => {
                // Keep a better move of an earlier store if this one has none.
                let mut hit = hit;
                if hit.mv.is_none() {
                    hit.mv = entries[same].hit.mv;
                }
                entries[same] = Entry { key, hit, generation, used: true };
                return;
            }
            None => entries.iter().position(|e| !e.used).unwrap_or_else(|| {
                // The least valuable: older generations first, then shallow.
                let worth = |e: &Entry<M>| (e.generation == generation, e.hit.depth);
                (0..BUCKET).min_by_key(|&i| worth(&entries[i])).unwrap_or(0)
            }),
        };
        entries[slot] = Entry { key, hit, generation, used: true };
    }

    /// How full the table is, in thousandths, from a sample of its buckets.
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(1000);
        let used: usize =
            self.buckets[..sample].iter().map(|b| b.entries.iter().filter(|e| e.used).count()).sum();
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
    fn stores_and_finds_by_full_key() {
        let mut tt = TranspositionTable::<u16>::new(1);
        assert!(tt.capacity() >= 1000 && tt.capacity().is_power_of_two());
        tt.store(42, hit(3, 17, Some(5)));
        assert_eq!(tt.probe(42), Some(hit(3, 17, Some(5))));
        // Same bucket, other key: not found.
        let other = 42 + tt.buckets.len() as u64;
        assert_eq!(tt.probe(other), None);
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
        for k in 0..BUCKET as u64 {
            tt.store(k, hit(10 + k as u8, 0, None));
        }
        // Full bucket, same search: the shallowest (key 0) goes.
        tt.store(100, hit(1, 0, None));
        assert_eq!(tt.probe(0), None);
        assert!(tt.probe(100).is_some());
        // A new search: any entry of the old generation goes before the
        // shallow entry of this one.
        tt.new_search();
        tt.store(200, hit(1, 0, None));
        tt.store(300, hit(0, 0, None));
        assert!(tt.probe(200).is_some() && tt.probe(300).is_some());
        assert_eq!(tt.permille_full(), 1000);
    }
}
