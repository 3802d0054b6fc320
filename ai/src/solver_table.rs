//! The exact solver's table: compact entries holding a lower and an upper
//! bound of a position's future value, keyed by
//! [`game_core::Solve::future_key`].
//!
//! An entry is 16 bytes for a one- or two-byte move (64-bit key, two
//! 16-bit bounds, the best move, a work counter), so a bucket of four fills
//! one 64-byte cache line: a probe costs one memory access. Replacement
//! keeps the entries that cost the most work to compute (the log of the
//! subtree size), which pays off over the repeated passes of MTD(f).

/// Entries per bucket.
const WAYS: usize = 4;

/// A stored lower bound this low means "no lower bound".
const NO_LOWER: i16 = i16::MIN;
/// A stored upper bound this high means "no upper bound".
const NO_UPPER: i16 = i16::MAX;

/// What the table knows about a position's future value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds<M> {
    /// The true value is at least this.
    pub lower: i32,
    /// The true value is at most this.
    pub upper: i32,
    /// The best move found, if any.
    pub mv: Option<M>,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    lower: i16,
    upper: i16,
    mv: Option<M>,
    /// 0 for an empty slot; otherwise 1 + log2 of the nodes searched.
    work: u8,
}

/// Solver table for moves of type `M`.
#[derive(Clone, Debug)]
pub(crate) struct SolverTable<M> {
    entries: Vec<Entry<M>>,
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

impl<M: Copy> SolverTable<M> {
    /// A table of about `megabytes` MB; `infinity` is what a missing
    /// bound reads as.
    pub(crate) fn new(megabytes: usize, infinity: i32) -> Self {
        let bytes = megabytes.saturating_mul(1 << 20);
        let fit = (bytes / (WAYS * std::mem::size_of::<Entry<M>>())).max(1);
        let buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let empty = Entry { key: 0, lower: NO_LOWER, upper: NO_UPPER, mv: None, work: 0 };
        SolverTable { entries: vec![empty; buckets * WAYS], mask: buckets - 1, infinity }
    }

    /// How many entries fit.
    pub(crate) fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// The size of one entry in bytes.
    pub(crate) fn entry_bytes() -> usize {
        std::mem::size_of::<Entry<M>>()
    }

    #[inline]
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = ((key as usize) & self.mask) * WAYS;
        start..start + WAYS
    }

    fn decode(&self, e: &Entry<M>) -> Bounds<M> {
        let lower = if e.lower == NO_LOWER { -self.infinity } else { i32::from(e.lower) };
        let upper = if e.upper == NO_UPPER { self.infinity } else { i32::from(e.upper) };
        Bounds { lower, upper, mv: e.mv }
    }

    /// The bounds known for `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Bounds<M>> {
        self.entries[self.bucket(key)].iter().find(|e| e.work != 0 && e.key == key).map(|e| self.decode(e))
    }

    /// Adds what a search proved about `key` to what is known: the bounds
    /// are intersected with those already stored for the same position.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, lower: i32, upper: i32, mv: Option<M>, nodes: u64) {
        let work = (65 - nodes.max(1).leading_zeros()).min(255) as u8;
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        if let Some(e) = bucket.iter_mut().find(|e| e.work != 0 && e.key == key) {
            // Keep the move that proved the highest lower bound: it is the
            // best move known.
            let lower = encode_lower(lower);
            if mv.is_some() && (e.mv.is_none() || lower >= e.lower) {
                e.mv = mv;
            }
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(encode_upper(upper));
            e.work = e.work.max(work);
            return;
        }
        let slot = (0..WAYS).min_by_key(|&i| bucket[i].work).unwrap_or(0);
        bucket[slot] = Entry { key, lower: encode_lower(lower), upper: encode_upper(upper), mv, work };
    }

    /// How many slots hold an entry.
    pub(crate) fn used(&self) -> usize {
        self.entries.iter().filter(|e| e.work != 0).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_intersect_and_survive_clamping() {
        let mut table = SolverTable::<u8>::new(1, 1 << 20);
        assert_eq!(SolverTable::<u8>::entry_bytes(), 16, "four entries to a cache line");
        assert_eq!(table.probe(9), None);
        table.store(9, 3, 1 << 20, Some(2), 100);
        assert_eq!(table.probe(9), Some(Bounds { lower: 3, upper: 1 << 20, mv: Some(2) }));
        table.store(9, -1 << 20, 5, None, 10);
        assert_eq!(table.probe(9), Some(Bounds { lower: 3, upper: 5, mv: Some(2) }));
        // A move that proves less does not replace the best one.
        table.store(9, 1, 1 << 20, Some(7), 10);
        assert_eq!(table.probe(9).and_then(|b| b.mv), Some(2));
        table.store(9, 4, 1 << 20, Some(7), 10);
        assert_eq!(table.probe(9), Some(Bounds { lower: 4, upper: 5, mv: Some(7) }));
        // Values beyond 16 bits are weakened, never overstated.
        table.store(10, 70_000, 80_000, None, 1);
        let b = table.probe(10).unwrap();
        assert!(b.lower <= 70_000 && b.lower > 30_000 && b.upper == 1 << 20);
        table.store(11, -80_000, -70_000, None, 1);
        let b = table.probe(11).unwrap();
        assert!(b.lower == -(1 << 20) && b.upper >= -70_000 && b.upper < -30_000);
        assert_eq!(table.used(), 3);
        assert!(table.capacity() >= 60_000);
    }

    #[test]
    fn replaces_the_least_work() {
        let mut table = SolverTable::<u8>::new(0, 1000);
        assert_eq!(table.capacity(), WAYS);
        for k in 1..=4u64 {
            table.store(k, 0, 0, None, 1 << (10 * k));
        }
        table.store(99, 1, 1, None, 1 << 15);
        assert_eq!(table.probe(1), None, "the cheapest entry went");
        assert!(table.probe(99).is_some() && table.probe(4).is_some());
    }
}
