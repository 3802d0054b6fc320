//! The endgame table the exact solver uses for Stones: the future value of
//! every position with at most `N` stones left in the piles, worked out
//! before the search.
//!
//! # Why it is possible
//!
//! The future value (the final margin for the side to move less what the
//! score piles already hold) depends only on the pile array, turned to the
//! side to move, and the rules (see `impl Solve for Stones`). Stones never
//! leave a score pile, so a move never adds stones to the piles: the
//! positions with at most `N` stones are closed under play, and their
//! values can be worked out fewest stones first.
//!
//! Among positions with the same number of stones, a move that keeps every
//! stone in the piles cannot pass the mover's score pile, so every stone
//! it moves goes to a pile nearer the mover's score pile, on the mover's
//! own row (relays too). Weighing each stone by its pile number (pile 1 is
//! next to its owner's score pile), such a move strictly lowers the total
//! *weight*, and turning the array to the other side changes nothing. So
//! working out the positions fewest stones first, and among as many stones
//! lightest first, every child is known before its parent.
//!
//! # Index
//!
//! A pile array of `P = 2 * pits` piles holding `n <= N` stones is a
//! composition of `n` into `P` parts; add a slack part of `N - n` and it
//! is a choice of `P` bar positions out of `N + P` (stars and bars). The
//! bars stand at `s_j + j`, where `s_j` is the sum of piles `0..=j` of the
//! array, and the combinatorial number system ranks the choice as
//!
//! ```text
//! index = sum over j < P of C(s_j + j, j + 1)
//! ```
//!
//! which is a bijection onto `0..C(N + P, P)`, does not depend on `N`, and
//! puts every position with fewer stones before every position with more.
//! One byte a position holds its value (at most `N` either way).
//!
//! # Speed
//!
//! About 60 ns a position on the 2-core test machine: Kalah(6,4)'s table
//! of the 30 million positions with at most 16 stones takes about 2 s.
//!
//! - Positions are visited by weight from lists of rows grouped by stones
//!   and weight, which also give half of each position's index for free.
//! - Under the Kalah rules with the owner-keeps end sweep (both capture
//!   rules) moves are played by a sowing written for this purpose on the
//!   two rows as two 64-bit words ([`kalah_sow`]), a few dozen
//!   instructions; the tests check it against the engine's own sowing
//!   ([`Stones::sow`]) on every position of small boards and on random
//!   positions of large ones. Any other rules play the engine's sowing.
//! - The children's values are requested from memory several positions
//!   before they are read (a software pipeline), as the reads are random
//!   in a table larger than the processor's caches.
//! - The solver's threads build it together: each takes the next run of
//!   positions in the order above, and waits for a child that another
//!   thread has taken but not yet worked out.
//!
//! The same sowing makes the solver's children ([`play_for_solver`]).

use crate::board::{PILE_BYTES, Stones};
use crate::rules::{EndSweep, MAX_PITS, SowingRule, StonesRules};
use game_core::Seat;
use game_core::solve::Endgame;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed};

/// A value not worked out yet: a stored byte is the value plus 128.
const UNKNOWN: u8 = 0;

/// A one in each byte.
const ONES: u128 = u128::MAX / 0xFF;

/// The most stones a table may cover: its values must fit a byte.
pub const MAX_COVER: u32 = 120;

/// `C(n, k)`, saturating (the tables never hold one that large).
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut result = 1u64;
    for i in 0..k {
        // Each partial product is itself a binomial coefficient, so the
        // division is exact.
        result = result.saturating_mul(n - i) / (i + 1);
    }
    result
}

/// The positions with at most `stones` stones on a board of `parts`
/// piles: `C(stones + P, P)`.
fn positions_up_to(parts: usize, stones: u32) -> u64 {
    binomial(u64::from(stones) + parts as u64, parts as u64)
}

/// How the table numbers positions (see the module documentation).
#[derive(Clone, Debug)]
struct Ranking {
    /// `weights[j][s]` is `C(s + j, j + 1)` for the piles `j` of the array
    /// and `s <= cover`; 0 elsewhere. Indexed by a byte: no bounds check.
    weights: Box<[[u32; 256]; PILE_BYTES]>,
}

impl Ranking {
    /// The numbering of the positions with at most `cover` stones on a
    /// board of `parts` piles, whose count must fit a `u32`.
    fn new(parts: usize, cover: u32) -> Self {
        let mut weights = Box::new([[0u32; 256]; PILE_BYTES]);
        for (j, row) in weights.iter_mut().enumerate().take(parts) {
            for (s, weight) in row.iter_mut().enumerate().take(cover as usize + 1) {
                *weight = u32::try_from(binomial(s as u64 + j as u64, j as u64 + 1)).expect("index fits");
            }
        }
        Ranking { weights }
    }

    /// The index of a pile array of `PARTS` piles holding at most `cover`
    /// stones.
    #[inline(always)]
    fn index<const PARTS: usize>(&self, word: u128) -> usize {
        // Byte j of the product is the sum of bytes 0..=j: at most 128, so
        // no byte carries into the next.
        let prefix = word.wrapping_mul(ONES);
        let (low, high) = (prefix as u64, (prefix >> 64) as u64);
        let mut index = 0usize;
        for j in 0..PARTS {
            let sum = if j < 8 { low >> (8 * j) } else { high >> (8 * (j - 8)) };
            index += self.weights[j][sum as u8 as usize] as usize;
        }
        index
    }

    /// [`Ranking::index`] of the pile array whose rows are `first` (bytes
    /// `0..PITS`) and `second`, each given as the bytes of a `u64`.
    #[inline(always)]
    fn index_rows<const PITS: usize>(&self, first: u64, second: u64) -> usize {
        const ONES64: u64 = u64::MAX / 0xFF;
        // Prefix sums as above; the second row's start from the first
        // row's total. No byte exceeds the stones in play.
        let low = first.wrapping_mul(ONES64);
        let total = (low >> (8 * (PITS - 1))) & 0xFF;
        let high = second.wrapping_mul(ONES64) + total * ONES64;
        let mut index = 0usize;
        for j in 0..PITS {
            index += self.weights[j][(low >> (8 * j)) as u8 as usize] as usize;
            index += self.weights[PITS + j][(high >> (8 * j)) as u8 as usize] as usize;
        }
        index
    }

    /// The part of [`Ranking::index`] that depends on the first row only
    /// (on a board of `pits` piles a side).
    fn index_first(&self, pits: u32, first: u64) -> usize {
        let low = first.wrapping_mul(u64::MAX / 0xFF);
        (0..pits as usize).map(|j| self.weights[j][(low >> (8 * j)) as u8 as usize] as usize).sum()
    }

    /// The rest of [`Ranking::index`]: the part that depends on the second
    /// row and the first row's stones.
    #[inline(always)]
    fn index_second<const PITS: u32>(&self, first_stones: u32, second: u64) -> usize {
        const ONES64: u64 = u64::MAX / 0xFF;
        let high = second.wrapping_mul(ONES64) + u64::from(first_stones) * ONES64;
        let mut index = 0usize;
        for j in 0..PITS as usize {
            index += self.weights[PITS as usize + j][(high >> (8 * j)) as u8 as usize] as usize;
        }
        index
    }

    /// [`Ranking::index`] for a board of `pits` piles a side.
    #[inline]
    fn index_on(&self, pits: u8, word: u128) -> usize {
        match pits {
            3 => self.index::<6>(word),
            4 => self.index::<8>(word),
            5 => self.index::<10>(word),
            6 => self.index::<12>(word),
            7 => self.index::<14>(word),
            _ => self.index::<16>(word),
        }
    }
}

/// Stones in a pile array.
#[inline]
fn stones_in(word: u128) -> u32 {
    let sum = |half: u64| (half.wrapping_mul(ONES as u64) >> 56) as u32;
    sum(word as u64) + sum((word >> 64) as u64)
}

/// `ROW[n]`: a one in each of the lowest `n` bytes of a row.
const ROW: [u64; 9] = {
    let mut runs = [0u64; 9];
    let mut n = 1;
    while n <= 8 {
        runs[n] = (u64::MAX / 0xFF) >> (8 * (8 - n));
        n += 1;
    }
    runs
};

/// Stones in a row.
#[inline(always)]
pub(crate) fn row_stones(row: u64) -> u32 {
    (row.wrapping_mul(u64::MAX / 0xFF) >> 56) as u32
}

/// The pile at `index` of a row.
#[inline(always)]
fn pile(row: u64, index: u32) -> u32 {
    (row >> (8 * index)) as u8 as u32
}

/// One move from a position of the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Successor {
    /// The child's rows, its side to move's first, as the bytes of two
    /// `u64` (both 0 when the game is over).
    rows: (u64, u64),
    /// What the move puts into the mover's score pile, and into the other
    /// player's (the end sweep only), in that order.
    banked: (u32, u32),
    /// Whether the mover moves again.
    same: bool,
}

impl Successor {
    /// What the move banks for the mover: the change of the margin.
    #[inline(always)]
    fn gain(&self) -> i32 {
        self.banked.0 as i32 - self.banked.1 as i32
    }
}

/// A Kalah sowing (no relay) from the mover's pile at index `at` of
/// their row `mine`, on a board of `PITS` piles a side, followed by the
/// owner-keeps end sweep: the same rules as [`Stones::sow`] for
/// `sowing = "kalah"` and `end_sweep = "owner-keeps"`, on the two rows
/// as two words (cheaper than the engine's one 128-bit word) and without
/// the bookkeeping a game needs.
///
/// Going the way stones are sown, the places are the mover's row from
/// `at - 1` down to index 0, their score pile, the other row from index
/// `PITS - 1` down to 0, the mover's row from `PITS - 1` down (the
/// opponent's score pile is skipped).
#[inline(always)]
fn kalah_sow<const PITS: u32>(mut mine: u64, mut theirs: u64, at: u32, empty_capture: bool) -> Successor {
    let full = ROW[PITS as usize];
    let lap = 2 * PITS + 1;
    let hand = pile(mine, at);
    mine -= u64::from(hand) << (8 * at);
    // Whole laps: a stone in every pile and in the score pile each. (Rare:
    // the branch spares the common case a division.)
    let (laps, rest) = if hand < lap { (0, hand) } else { (hand / lap, hand % lap) };
    mine += u64::from(laps) * full;
    theirs += u64::from(laps) * full;
    let mut banked = laps;
    // The rest, going down from `at` (the last stone of whole laps alone
    // falls into the start pile). `landing`: the index in the mover's row
    // where the last stone fell, if it fell there.
    let mut free_turn = false;
    let landing = if rest <= at {
        mine += ROW[at as usize] - ROW[(at - rest) as usize];
        Some(at - rest)
    } else {
        mine += ROW[at as usize];
        banked += 1;
        let from_top = rest - at - 1;
        if from_top == 0 {
            free_turn = true;
            None
        } else if from_top <= PITS {
            theirs += full - ROW[(PITS - from_top) as usize];
            None
        } else {
            // Round the other row and back into the mover's, above `at`.
            theirs += full;
            let again = from_top - PITS;
            mine += full - ROW[(PITS - again) as usize];
            Some(PITS - again)
        }
    };
    if let Some(end) = landing
        && pile(mine, end) == 1
    {
        // The last stone fell into one of the mover's own empty piles.
        let opposite = PITS - 1 - end;
        let facing = pile(theirs, opposite);
        if facing > 0 || empty_capture {
            mine &= !(0xFF << (8 * end));
            theirs &= !(0xFF << (8 * opposite));
            banked += 1 + facing;
        }
    }
    if mine == 0 || theirs == 0 {
        // A side is empty: each player banks the stones on their own side.
        return Successor {
            rows: (0, 0),
            banked: (banked + row_stones(mine), row_stones(theirs)),
            same: free_turn,
        };
    }
    let rows = if free_turn { (mine, theirs) } else { (theirs, mine) };
    Successor { rows, banked: (banked, 0), same: free_turn }
}

/// [`kalah_sow`] on a board of `pits` piles a side.
#[inline]
fn kalah_sow_on(pits: u8, rows: (u64, u64), at: u32, empty_capture: bool) -> Successor {
    let (mine, theirs) = rows;
    match pits {
        3 => kalah_sow::<3>(mine, theirs, at, empty_capture),
        4 => kalah_sow::<4>(mine, theirs, at, empty_capture),
        5 => kalah_sow::<5>(mine, theirs, at, empty_capture),
        6 => kalah_sow::<6>(mine, theirs, at, empty_capture),
        7 => kalah_sow::<7>(mine, theirs, at, empty_capture),
        _ => kalah_sow::<8>(mine, theirs, at, empty_capture),
    }
}

/// Whether [`kalah_sow`] plays `rules` (else only the engine does).
#[inline]
fn fast_rules(rules: &StonesRules) -> bool {
    rules.sowing == SowingRule::Kalah && rules.effective_end_sweep() == EndSweep::OwnerKeeps
}

/// The child of `position` after sowing the mover's pile `pile`, what it
/// banks for the mover and whether the mover moves again: the same as
/// playing the move with [`Stones::sow`], faster under the Kalah rules
/// with the owner-keeps end sweep ([`kalah_sow`]).
#[inline(always)]
pub(crate) fn play_for_solver(position: &Stones, pile: u8) -> (Stones, i32, bool) {
    if !fast_rules(&position.rules) || !(1..=position.rules.pits).contains(&pile) {
        return play_by_engine(position, pile);
    }
    let mover = position.to_move;
    let pits = position.rules.pits;
    let step = kalah_sow_on(
        pits,
        rows_of(position.word(), u32::from(pits)),
        u32::from(pile) - 1,
        position.rules.empty_capture,
    );
    let mut child = position.clone();
    let (rows, (mine, theirs)) = (step.rows, step.banked);
    child.set_word(u128::from(rows.0) | u128::from(rows.1) << (8 * u32::from(pits)));
    child.stores[mover.index() & 1] += mine as u8;
    child.stores[mover.opponent().index() & 1] += theirs as u8;
    if !step.same {
        child.to_move = mover.opponent();
    }
    (child, step.gain(), step.same)
}

/// [`play_for_solver`] by the engine's sowing, for the rules
/// [`kalah_sow`] does not play (kept out of line: the solver's hot loop
/// inlines the fast side only).
#[cold]
#[inline(never)]
fn play_by_engine(position: &Stones, pile: u8) -> (Stones, i32, bool) {
    let mover = position.to_move;
    let margin = |p: &Stones| i32::from(p.store(mover)) - i32::from(p.store(mover.opponent()));
    let mut child = position.clone();
    child.sow(pile, &mut ());
    let (gain, same) = (margin(&child) - margin(position), child.to_move == mover);
    (child, gain, same)
}

/// The rows of a pile word on a board of `pits` piles a side.
#[inline(always)]
fn rows_of(word: u128, pits: u32) -> (u64, u64) {
    (word as u64 & ROW[pits as usize].wrapping_mul(0xFF), (word >> (8 * pits)) as u64)
}

/// The same move played by the engine ([`Stones::sow`]), for any rules.
fn engine_sow(rules: &StonesRules, rows: (u64, u64), at: u32) -> Successor {
    let pits = u32::from(rules.pits);
    let word = u128::from(rows.0) | u128::from(rows.1) << (8 * pits);
    let mut child = Stones { piles: word.to_le_bytes(), stores: [0, 0], rules: *rules, to_move: Seat::FIRST };
    child.sow(at as u8 + 1, &mut ());
    Successor {
        rows: rows_of(child.word(), pits),
        // The mover started with empty score piles.
        banked: (u32::from(child.stores[0]), u32::from(child.stores[1])),
        same: child.to_move == Seat::FIRST,
    }
}

/// How many positions ahead [`StonesEndgame::fill`] makes children.
const AHEAD: usize = 8;

/// A position being worked out: its index and, for each child, what
/// [`Filling::combine`] needs.
#[derive(Clone, Copy, Default)]
struct Expansion {
    index: usize,
    children: [Edge; MAX_PITS as usize],
    /// Children made (0: the position is not in play).
    count: usize,
}

/// A child as [`Filling::combine`] needs it: small, as it is written and
/// read once per child of every position of the table.
#[derive(Clone, Copy, Default)]
struct Edge {
    /// The child's index.
    index: u32,
    /// What the move banks for the mover.
    gain: i16,
    /// Whether the mover moves again.
    same: bool,
}

/// Every row of a board (`pits` piles) holding at most `cover` stones,
/// grouped by stones and weight (the sum of each stone's pile number),
/// each with its part of the index as the first row
/// ([`Ranking::index_first`]).
struct RowsByWeight {
    /// `groups[stones][weight]`.
    groups: Vec<Vec<Vec<(u64, u32)>>>,
}

impl RowsByWeight {
    fn new(pits: u32, cover: u32, ranking: &Ranking) -> Self {
        let mut groups: Vec<Vec<Vec<(u64, u32)>>> =
            (0..=cover).map(|stones| vec![Vec::new(); (stones * pits + 1) as usize]).collect();
        let mut row = [0u8; 8];
        Self::each(&mut row, 0, pits as usize, cover, &mut |row| {
            let (stones, weight) = (row_stones(row), row_weight(row));
            groups[stones as usize][weight as usize].push((row, ranking.index_first(pits, row) as u32));
        });
        RowsByWeight { groups }
    }

    /// Calls `f` with every row of `parts` piles from `part` on holding at
    /// most `left` stones more.
    fn each(row: &mut [u8; 8], part: usize, parts: usize, left: u32, f: &mut impl FnMut(u64)) {
        if part == parts {
            f(u64::from_le_bytes(*row));
            return;
        }
        for here in 0..=left {
            row[part] = here as u8;
            Self::each(row, part + 1, parts, left - here, f);
        }
        row[part] = 0;
    }

    fn get(&self, stones: u32, weight: u32) -> &[(u64, u32)] {
        &self.groups[stones as usize][weight as usize]
    }
}

/// The weight of a row: each stone counts its pile number (1 next to the
/// owner's score pile).
#[inline]
fn row_weight(row: u64) -> u32 {
    (0..8).map(|i| pile(row, i) * (i + 1)).sum()
}

/// The Stones endgame table: the future value of every position with at
/// most [`StonesEndgame::cover`] stones in the piles, for one set of rules.
#[derive(Clone, Debug)]
pub struct StonesEndgame {
    ranking: Ranking,
    /// The future value of the position of each index.
    values: Vec<i8>,
    /// The rules the values hold for.
    rules: StonesRules,
    cover: u32,
}

/// The table while it is filled: one byte per index, the value plus 128,
/// or [`UNKNOWN`]. Bytes are atomic (plain loads and stores) so that
/// several threads can fill it.
struct Filling {
    ranking: Ranking,
    values: Box<[AtomicU8]>,
    rules: StonesRules,
    cover: u32,
}

impl StonesEndgame {
    /// The cover of the table the solver gets for a position with
    /// `stones` stones in the piles, under `rules`, in at most `max_bytes`
    /// of memory: `None` when no table is worth building.
    ///
    /// A table costs about 60 ns a position to build, and its size grows
    /// by half or more with every stone it covers, while the search it
    /// saves grows more slowly. On Kalah(6,4) 17 of the 48 stones was
    /// best: 10% less time than 16 under the standard capture, the same
    /// under the empty capture; 18 cost more to build than it saved. So
    /// up to 48 stones the cover is 17/48 of the stones, rounded. A larger
    /// board's search grows much faster than its table, so beyond 48 the
    /// cover grows by 3 for every 4 stones: Kalah(6,5) (60 stones) gets
    /// 26, which under the standard capture took 669 s in one thread
    /// (150 s of it building the table) where 24 took 1,133 s (64 s).
    /// Fewer than 4 stones are not worth a table.
    pub fn cover_for(rules: &StonesRules, stones: u32, max_bytes: usize) -> Option<u32> {
        let parts = 2 * rules.pits as usize;
        let by_stones = if stones <= 48 { (stones * 17 + 24) / 48 } else { 17 + (stones - 48) * 3 / 4 };
        let mut cover = by_stones.min(MAX_COVER);
        while cover > 0 && positions_up_to(parts, cover) > (max_bytes as u64).min(u64::from(u32::MAX)) {
            cover -= 1;
        }
        (cover >= 4).then_some(cover)
    }

    /// Works out the table of every position with at most `cover` stones
    /// (at most [`MAX_COVER`], and at most `u32::MAX` positions) under
    /// `rules`, in `threads` threads (0 counts as 1).
    pub fn build(rules: &StonesRules, cover: u32, threads: usize) -> Self {
        let cover = cover.min(MAX_COVER);
        let parts = 2 * rules.pits as usize;
        let size = positions_up_to(parts, cover);
        assert!(size <= u64::from(u32::MAX), "the table is too large");
        let values = game_core::memory::zeroed_bytes(size as usize);
        game_core::memory::advise_huge_pages(values.as_ptr(), values.len());
        let table = Filling { ranking: Ranking::new(parts, cover), values, rules: *rules, cover };
        let threads = threads.max(1);
        match rules.pits {
            3 => table.fill::<3>(threads),
            4 => table.fill::<4>(threads),
            5 => table.fill::<5>(threads),
            6 => table.fill::<6>(threads),
            7 => table.fill::<7>(threads),
            _ => table.fill::<8>(threads),
        }
        let Filling { ranking, values, rules, .. } = table;
        // In place (same layout): the memory and its huge pages stay.
        let values = values
            .into_vec()
            .into_iter()
            .map(|stored| (i32::from(stored.into_inner()) - 128) as i8)
            .collect();
        StonesEndgame { ranking, values, rules, cover }
    }

    /// The most stones a position of the table holds.
    pub fn cover(&self) -> u32 {
        self.cover
    }
}

impl Filling {
    /// Works out every value: level by level (fewest stones first), and
    /// within a level by weight (see the module documentation), lightest
    /// first. Then every child is known by the time its parent is worked
    /// out: a child has fewer stones, or as many and less weight.
    ///
    /// Software-pipelined: the children of a position are made, and their
    /// values requested from memory, [`AHEAD`] positions before the
    /// position is worked out, so that the reads (random, in a table of
    /// many megabytes) overlap instead of waiting one after the other.
    ///
    /// In `threads` threads, the threads take runs of positions (those
    /// sharing a second row) of that order one at a time, as they come to
    /// them. A child not worked out yet belongs to a run another thread
    /// took earlier in the order: the thread waits for it (waits only
    /// ever point back in the order, so no two threads wait for each
    /// other, and a thread that could not be started takes no run).
    fn fill<const PITS: u32>(&self, threads: usize) {
        let rows = RowsByWeight::new(PITS, self.cover, &self.ranking);
        // The end of the game: every pile empty, index 0.
        self.values[0].store(128, Relaxed);
        let runs = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 1..threads {
                let (rows, runs) = (&rows, &runs);
                // A thread that cannot be started leaves its runs to the
                // others.
                let _ = std::thread::Builder::new()
                    .name("endgame".into())
                    .spawn_scoped(scope, move || self.fill_runs::<PITS>(rows, runs, threads));
            }
            self.fill_runs::<PITS>(&rows, &runs, threads);
        });
    }

    /// The runs of [`Filling::fill`] this thread takes from `runs` (the
    /// next run no thread has taken).
    fn fill_runs<const PITS: u32>(&self, rows: &RowsByWeight, runs: &AtomicUsize, threads: usize) {
        if fast_rules(&self.rules) {
            self.fill_with::<PITS, true>(rows, runs, threads);
        } else {
            self.fill_with::<PITS, false>(rows, runs, threads);
        }
    }

    fn fill_with<const PITS: u32, const FAST: bool>(
        &self,
        rows: &RowsByWeight,
        runs: &AtomicUsize,
        threads: usize,
    ) {
        let mut ring = [Expansion::default(); AHEAD];
        let mut pending = 0usize;
        let mut run = 0usize;
        let mut taken = runs.fetch_add(1, Relaxed);
        for stones in 1..=self.cover {
            let heaviest = stones * PITS;
            for weight in stones..=heaviest {
                // The first row holds `mine` stones of weight `light`, the
                // second the rest; neither row is empty (else the game is
                // over).
                for mine in 1..stones {
                    let theirs = stones - mine;
                    for light in mine..=(mine * PITS).min(weight - theirs) {
                        let heavy = weight - light;
                        if heavy > theirs * PITS {
                            continue;
                        }
                        for &(second, _) in rows.get(theirs, heavy) {
                            run += 1;
                            if run - 1 != taken {
                                continue;
                            }
                            taken = runs.fetch_add(1, Relaxed);
                            // The second row's part of the index: its
                            // prefix sums start from the first row's total.
                            let base = self.ranking.index_second::<PITS>(mine, second);
                            for &(first, first_part) in rows.get(mine, light) {
                                let slot = pending % AHEAD;
                                if pending >= AHEAD {
                                    self.finish(&ring[slot], threads);
                                }
                                let expansion = &mut ring[slot];
                                expansion.index = base + first_part as usize;
                                debug_assert_eq!(self.index::<PITS>((first, second)), expansion.index);
                                self.expand::<PITS, FAST>((first, second), expansion);
                                pending += 1;
                            }
                        }
                    }
                }
                // Finish the weight before the next one reads it.
                for done in pending.saturating_sub(AHEAD)..pending {
                    self.finish(&ring[done % AHEAD], threads);
                }
                pending = 0;
            }
        }
    }

    /// Works out the value of an expanded position and stores it.
    #[inline(always)]
    fn finish(&self, expansion: &Expansion, threads: usize) {
        let value = self.combine(expansion, threads);
        self.values[expansion.index].store((value + 128) as u8, Relaxed);
    }

    /// Makes the children of the position with these rows and requests
    /// their values from memory. None for a position not in play (a side
    /// is empty: the end sweep would already have emptied the board) or
    /// the end itself: its value is 0.
    #[inline(always)]
    fn expand<const PITS: u32, const FAST: bool>(
        &self,
        (mine, theirs): (u64, u64),
        expansion: &mut Expansion,
    ) {
        expansion.count = 0;
        if mine == 0 || theirs == 0 {
            return;
        }
        // A high bit in each byte of a pile with stones.
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let mut nonempty = (((mine & LOW7) + LOW7) | mine) & !LOW7;
        while nonempty != 0 {
            let at = nonempty.trailing_zeros() / 8;
            nonempty &= nonempty - 1;
            let child = if FAST {
                kalah_sow::<PITS>(mine, theirs, at, self.rules.empty_capture)
            } else {
                engine_sow(&self.rules, (mine, theirs), at)
            };
            let index = self.index::<PITS>(child.rows);
            game_core::memory::prefetch(&self.values[index]);
            expansion.children[expansion.count] =
                Edge { index: index as u32, gain: child.gain() as i16, same: child.same };
            expansion.count += 1;
        }
    }

    /// The value of an expanded position from its children's, which the
    /// order of [`Filling::fill`] has all worked out already (or, with
    /// several threads, another thread is about to).
    fn combine(&self, expansion: &Expansion, threads: usize) -> i32 {
        if expansion.count == 0 {
            return 0;
        }
        let mut best = i32::MIN;
        for child in &expansion.children[..expansion.count] {
            let mut stored = self.values[child.index as usize].load(Relaxed);
            if stored == UNKNOWN {
                // The order's proof is in the module documentation; were
                // it wrong, this stops the program rather than let a
                // wrong value into the table (or, with several threads,
                // waits for ever).
                assert!(threads > 1, "a child is worked out before its parent");
                stored = self.wait_for(child.index as usize);
            }
            // A finished game (empty rows) has index 0 and value 0.
            let future = i32::from(stored) - 128;
            let gain = i32::from(child.gain);
            best = best.max(if child.same { gain + future } else { gain - future });
        }
        best
    }

    /// The value at `index` once another thread has stored it.
    #[cold]
    fn wait_for(&self, index: usize) -> u8 {
        let mut spins = 0u32;
        loop {
            let stored = self.values[index].load(Relaxed);
            if stored != UNKNOWN {
                return stored;
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                // On a busy machine the thread that owes the value may be
                // waiting for a processor: give it this one.
                std::thread::yield_now();
            }
        }
    }

    /// The index of the position with these rows.
    #[inline(always)]
    fn index<const PITS: u32>(&self, (first, second): (u64, u64)) -> usize {
        match PITS {
            3 => self.ranking.index_rows::<3>(first, second),
            4 => self.ranking.index_rows::<4>(first, second),
            5 => self.ranking.index_rows::<5>(first, second),
            6 => self.ranking.index_rows::<6>(first, second),
            7 => self.ranking.index_rows::<7>(first, second),
            _ => self.ranking.index_rows::<8>(first, second),
        }
    }
}

impl Endgame<Stones> for StonesEndgame {
    #[inline]
    fn locate(&self, position: &Stones) -> Option<usize> {
        debug_assert_eq!(position.rules, self.rules, "a table holds for one set of rules");
        let word = position.word();
        (stones_in(word) <= self.cover).then(|| self.ranking.index_on(self.rules.pits, word))
    }

    fn values(&self) -> &[i8] {
        &self.values
    }

    fn describe(&self) -> String {
        format!("every position with at most {} stones in the piles", self.cover)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;
    use rand::{Rng, SeedableRng};
    use std::collections::HashSet;

    #[test]
    fn the_cover_grows_with_the_board_and_fits_the_memory() {
        let rules = |stones| StonesRules::kalah(6, stones, false);
        let gb = |n: usize| n << 30;
        assert_eq!(StonesEndgame::cover_for(&rules(4), 48, gb(4)), Some(17));
        assert_eq!(StonesEndgame::cover_for(&rules(3), 36, gb(4)), Some(13));
        assert_eq!(StonesEndgame::cover_for(&rules(5), 60, gb(3)), Some(26));
        // 26 stones take 2.7 G positions, a byte each: 512 MB hold 21.
        assert_eq!(StonesEndgame::cover_for(&rules(5), 60, 512 << 20), Some(21));
        assert_eq!(StonesEndgame::cover_for(&rules(1), 8, gb(1)), None, "too few stones for a table");
    }

    /// Calls `f` with every pile word of `parts` piles holding exactly
    /// `stones` stones.
    fn for_each(parts: usize, stones: u32, f: &mut impl FnMut(u128)) {
        fn go(
            piles: &mut [u8; PILE_BYTES],
            part: usize,
            parts: usize,
            stones: u32,
            f: &mut impl FnMut(u128),
        ) {
            if part + 1 == parts {
                piles[part] = stones as u8;
                f(u128::from_le_bytes(*piles));
                return;
            }
            for here in 0..=stones {
                piles[part] = here as u8;
                go(piles, part + 1, parts, stones - here, f);
            }
        }
        go(&mut [0; PILE_BYTES], 0, parts, stones, f);
    }

    #[test]
    fn the_index_is_a_bijection_ordered_by_stones() {
        for pits in [3u8, 4] {
            let parts = 2 * pits as usize;
            let ranking = Ranking::new(parts, 5);
            let mut seen = HashSet::new();
            for stones in 0..=5u32 {
                let high = positions_up_to(parts, stones);
                let low = if stones == 0 { 0 } else { positions_up_to(parts, stones - 1) };
                for_each(parts, stones, &mut |word| {
                    let index = ranking.index_on(pits, word) as u64;
                    assert!((low..high).contains(&index), "{stones} stones: {index} outside {low}..{high}");
                    assert!(seen.insert(index), "index {index} twice");
                });
            }
            assert_eq!(seen.len() as u64, positions_up_to(parts, 5));
        }
        assert_eq!(positions_up_to(12, 16), 30_421_755);
    }

    /// The fast Kalah sowing against the engine's, from `word`.
    fn check_sowing(pits: u8, empty_capture: bool, word: u128) {
        let rules = StonesRules::kalah(pits, 1, empty_capture);
        let (mine, theirs) = rows_of(word, pits as u32);
        if mine == 0 || theirs == 0 {
            return;
        }
        for at in 0..pits as u32 {
            if pile(mine, at) == 0 {
                continue;
            }
            let fast = kalah_sow_on(pits, (mine, theirs), at, empty_capture);
            let engine = engine_sow(&rules, (mine, theirs), at);
            assert_eq!(fast, engine, "pits {pits}, empty capture {empty_capture}, {word:x} from {at}");
            // The same through the solver's entry point, from either seat
            // and with stones already banked.
            for to_move in [Seat::FIRST, Seat::SECOND] {
                let position = Stones { piles: word.to_le_bytes(), stores: [5, 9], rules, to_move };
                let mut played = position.clone();
                played.play_unchecked(crate::Sow { pile: at as u8 + 1 });
                let (child, gain, same) = play_for_solver(&position, at as u8 + 1);
                assert_eq!(child, played, "{position:?} from {at}");
                assert_eq!((gain, same), (fast.gain(), played.to_move == to_move));
            }
        }
    }

    #[test]
    fn the_fast_kalah_sowing_and_index_are_the_engine_s() {
        for empty_capture in [true, false] {
            for (pits, stones) in [(3u8, 12u32), (4, 10), (5, 7), (6, 6), (7, 5), (8, 5)] {
                for n in 1..=stones {
                    for_each(2 * pits as usize, n, &mut |word| check_sowing(pits, empty_capture, word));
                }
            }
            // Large piles (whole laps) on every board size.
            let mut rng = rand::rngs::StdRng::seed_from_u64(7);
            for pits in 3..=8u8 {
                let parts = 2 * pits as usize;
                let ranking = Ranking::new(parts, 20);
                for _ in 0..20_000 {
                    let mut piles = [0u8; PILE_BYTES];
                    let mut left: u32 = rng.random_range(1..=60);
                    while left > 0 {
                        let at = rng.random_range(0..2 * pits as usize);
                        let put = rng.random_range(1..=left.min(20));
                        piles[at] += put as u8;
                        left -= put;
                    }
                    let word = u128::from_le_bytes(piles);
                    check_sowing(pits, empty_capture, word);
                    let (first, second) = rows_of(word, pits as u32);
                    let by_rows = match pits {
                        3 => ranking.index_rows::<3>(first, second),
                        4 => ranking.index_rows::<4>(first, second),
                        5 => ranking.index_rows::<5>(first, second),
                        6 => ranking.index_rows::<6>(first, second),
                        7 => ranking.index_rows::<7>(first, second),
                        _ => ranking.index_rows::<8>(first, second),
                    };
                    if stones_in(word) <= 20 {
                        assert_eq!(by_rows, ranking.index_on(pits, word));
                    }
                }
            }
        }
    }

    #[test]
    fn threads_build_the_same_table() {
        for empty_capture in [true, false] {
            let rules = StonesRules::kalah(6, 4, empty_capture);
            let alone = StonesEndgame::build(&rules, 9, 1);
            assert_eq!(alone.values.len() as u64, positions_up_to(12, 9));
            for threads in [2, 3] {
                let shared = StonesEndgame::build(&rules, 9, threads);
                assert!(alone.values == shared.values, "{threads} threads, empty capture {empty_capture}");
            }
        }
    }

    /// Plain minimax over the future value, for comparison.
    fn plain(position: &Stones) -> i32 {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return 0;
        }
        let mover = position.to_move;
        let banked = |p: &Stones, seat: Seat| i32::from(p.store(seat)) - i32::from(p.store(seat.opponent()));
        let mut best = i32::MIN;
        for mv in moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let gain = banked(&child, mover) - banked(position, mover);
            let future = plain(&child);
            best = best.max(if child.to_move == mover { gain + future } else { gain - future });
        }
        best
    }

    #[test]
    fn every_value_matches_plain_search_on_small_boards() {
        for (rules, threads) in [
            (StonesRules::kalah(3, 2, true), 1),
            (StonesRules::kalah(3, 2, false), 1),
            (StonesRules { end_sweep: EndSweep::EmptierCollects, ..StonesRules::kalah(3, 2, true) }, 1),
            (StonesRules { pits: 3, stones: 2, ..StonesRules::default() }, 1),
            (StonesRules::kalah(3, 2, true), 3),
            (StonesRules::kalah(3, 2, false), 2),
            (StonesRules { pits: 3, stones: 2, ..StonesRules::default() }, 3),
        ] {
            let table = StonesEndgame::build(&rules, 7, threads);
            let mut checked = 0;
            for stones in 0..=7 {
                for_each(6, stones, &mut |word| {
                    let position =
                        Stones { piles: word.to_le_bytes(), stores: [3, 1], rules, to_move: Seat::SECOND };
                    let (mine, theirs) = (word & 0xFF_FFFF, word >> 24);
                    if (mine == 0) != (theirs == 0) {
                        return;
                    }
                    assert_eq!(table.future_value(&position), Some(plain(&position)), "{position:?}");
                    checked += 1;
                });
            }
            assert!(checked > 1000, "{checked}");
            let mut piles = [0u8; PILE_BYTES];
            piles[..6].fill(2);
            let full = Stones { piles, stores: [0, 0], rules, to_move: Seat::FIRST };
            assert_eq!(table.future_value(&full), None, "12 stones are not covered");
        }
    }
}
