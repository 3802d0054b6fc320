//! The heuristic the search uses at its horizon.

use crate::board::{MAX_TOTAL_STONES, Stones};
use crate::rules::{EndSweep, SowingRule};
use crate::solve::row_stones;
use game_core::{Evaluate, Seat};

/// One banked stone, in evaluation units.
pub const STONE: i32 = 100;
/// A pile that sows its last stone into its owner's score pile (a free
/// turn), for the side to move.
const FREE_TURN_TO_MOVE: i32 = 40;
/// The same for the side that waits: the mover may spoil it first.
const FREE_TURN_WAITING: i32 = 15;
/// A stone on its owner's side under `owner-keeps`: likely, not sure, to be
/// banked by that owner.
const OWN_SIDE_STONE: i32 = 25;
/// A Kalah capture ready to take, per stone captured, in hundredths of a
/// stone: for the side to move, and for the side that waits (who may see it
/// spoiled first).
const CAPTURE_TO_MOVE: i32 = 60;
const CAPTURE_WAITING: i32 = 25;
/// Under `emptier-collects`, per stone and at the very end of the game:
/// the side with fewer stones is closer to emptying and collecting the
/// rest.
const EMPTIER_EDGE: i32 = 40;

/// Calls `$self.$method::<PITS>(args)` with `PITS` the board's piles a side
/// (3 to 8): one copy of the code per board size, so that every shift and
/// mask that depends on the size is a constant in it.
macro_rules! for_board_size {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match $self.rules.pits {
            ..=3 => $self.$method::<3>($($arg),*),
            4 => $self.$method::<4>($($arg),*),
            5 => $self.$method::<5>($($arg),*),
            6 => $self.$method::<6>($($arg),*),
            7 => $self.$method::<7>($($arg),*),
            _ => $self.$method::<8>($($arg),*),
        }
    };
}

impl Evaluate for Stones {
    /// The store difference in hundredths of a stone, plus:
    ///
    /// - free turns ready to take: piles whose last stone falls exactly into
    ///   their owner's score pile (worth more to the side to move);
    /// - in Kalah, the best capture each side has ready (again worth more
    ///   to the side to move);
    /// - with `owner-keeps`, a share of the stones on each side, which its
    ///   owner banks if the game ends now;
    /// - with `emptier-collects`, a lead for the side holding fewer stones,
    ///   growing as the game nears its end: that side is closer to
    ///   emptying first and collecting what is left (the manual's guard
    ///   stones are the defence against it).
    ///
    /// A finished game is worth exactly its margin. The value is zero-sum
    /// and bounded by 128 stones' worth plus small terms, far inside
    /// ±`EVAL_LIMIT`.
    #[inline(always)]
    fn evaluate(&self, seat: Seat) -> i32 {
        let for_mover = self.value_for_mover();
        if seat == self.to_move { for_mover } else { -for_mover }
    }
}

impl Stones {
    /// The value for the side to move. Every term is the mover's share
    /// less the waiting side's, so the other side's value is exactly its
    /// negation. The board keeps the mover's row in its low bytes (see
    /// `Stones::row_word`), so the rows need no choosing.
    #[inline]
    fn value_for_mover(&self) -> i32 {
        for_board_size!(self.value_for_mover_on())
    }

    /// [`Stones::value_for_mover`] on a board of `PITS` piles a side.
    #[inline(never)]
    fn value_for_mover_on<const PITS: u32>(&self) -> i32 {
        let word = self.word();
        let mover = self.to_move.index() & 1;
        let banked = self.stores[mover] as i32 - self.stores[1 - mover] as i32;
        if word == 0 {
            return STONE * banked;
        }
        let own = word as u64 & (u64::MAX >> (8 * (8 - PITS)));
        let other = (word >> (8 * PITS)) as u64;
        let mut value = STONE * banked + FREE_TURN_TO_MOVE * self.free_turn_piles_on::<PITS>(own)
            - FREE_TURN_WAITING * self.free_turn_piles_on::<PITS>(other);
        if self.rules.sowing == SowingRule::Kalah {
            value += CAPTURE_TO_MOVE * self.best_capture_on::<PITS>(own, other)
                - CAPTURE_WAITING * self.best_capture_on::<PITS>(other, own);
        }
        let own_side = row_stones(own) as i32;
        let other_side = row_stones(other) as i32;
        match self.rules.effective_end_sweep() {
            EndSweep::OwnerKeeps => value += OWN_SIDE_STONE * (own_side - other_side),
            EndSweep::EmptierCollects | EndSweep::Auto => {
                let stored = self.stores[0] as i32 + self.stores[1] as i32;
                let total = (own_side + other_side + stored).max(1);
                // 0 at the start (nothing banked), EMPTIER_EDGE at the end.
                value += divide(EMPTIER_EDGE * (other_side - own_side) * stored, total);
            }
        }
        value
    }

    /// [`Stones::free_turn_piles_on`] for this board's size (for tests).
    #[cfg(test)]
    fn free_turn_piles(&self, row: u64) -> i32 {
        for_board_size!(self.free_turn_piles_on(row))
    }

    /// How many piles of a row (see `Stones::row_word`) of a board of
    /// `PITS` piles a side sow their last stone exactly into their owner's
    /// score pile, counting whole laps (a lap is `2 * PITS + 1` drops): pile
    /// `k` with `k` stones, or `k` plus whole laps.
    ///
    /// Compares all the piles with their distances at once; only a row
    /// holding a pile of a lap or more counts pile by pile.
    #[inline]
    fn free_turn_piles_on<const PITS: u32>(&self, row: u64) -> i32 {
        let lap = 2 * PITS + 1;
        let in_row = u64::MAX >> (8 * (8 - PITS));
        if has_byte_above(row, lap - 1) {
            return (0..PITS)
                .filter(|&index| {
                    let stones = (row >> (8 * index)) as u8 as u32;
                    stones > 0 && stones % lap == index + 1
                })
                .count() as i32;
        }
        (zero_bytes(row ^ DISTANCES) & in_row).count_ones() as i32
    }
}

/// `ceil(2^32 / d)` for each divisor `d` up to the most stones a board
/// holds (0 for 0, never used).
static RECIPROCALS: [u64; MAX_TOTAL_STONES as usize + 1] = {
    let mut table = [0u64; MAX_TOTAL_STONES as usize + 1];
    let mut d = 1;
    while d < table.len() {
        table[d] = (1u64 << 32).div_ceil(d as u64);
        d += 1;
    }
    table
};

/// `numerator / divisor`, rounded toward zero as `/` does, for a divisor in
/// `1..=MAX_TOTAL_STONES` and `|numerator| < 2^24`, by a multiplication
/// (a division takes far longer, and this one is in every evaluation).
///
/// Exact: with `m = ceil(2^32 / d) = (2^32 + e) / d`, `0 <= e < d`,
/// `n * m / 2^32 = n / d + n * e / (d * 2^32)`, and the extra term is below
/// `1 / d` (as `n * e < 2^24 * 2^7 < 2^32`), too little to reach the next
/// multiple of `1 / d`. The test `divide_is_exact` checks every case the
/// evaluation meets.
#[inline]
fn divide(numerator: i32, divisor: i32) -> i32 {
    let reciprocal = RECIPROCALS[(divisor as usize).min(MAX_TOTAL_STONES as usize)];
    let quotient = ((u64::from(numerator.unsigned_abs()) * reciprocal) >> 32) as i32;
    if numerator < 0 { -quotient } else { quotient }
}

/// Byte `k` is `k + 1`: each pile's distance to its owner's score pile.
const DISTANCES: u64 = 0x0807_0605_0403_0201;
/// The high bit of every byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// Every byte 0x01.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of each byte of `x` that is zero, and no other bit.
#[inline]
fn zero_bytes(x: u64) -> u64 {
    !(((x & !HIGH_BITS) + !HIGH_BITS) | x | !HIGH_BITS)
}

/// The largest byte of `x`, whose bytes are all below 128: the word folded
/// onto itself three times, each byte kept the larger of two.
#[inline]
fn largest_byte(x: u64) -> i32 {
    let larger = |a: u64, b: u64| {
        // Byte by byte `a + 128 - b` never borrows (`b` < 128), and its
        // high bit says `a >= b`.
        let a_at_least_b = ((((a | HIGH_BITS) - b) & HIGH_BITS) >> 7) * 0xFF;
        (a & a_at_least_b) | (b & !a_at_least_b)
    };
    let x = larger(x, x >> 32);
    let x = larger(x, x >> 16);
    (larger(x, x >> 8) & 0xFF) as i32
}

/// Whether any byte of `x` is above `limit` (`limit` < 128).
#[inline]
fn has_byte_above(x: u64, limit: u32) -> bool {
    ((x & !HIGH_BITS).wrapping_add(ONES * (127 - u64::from(limit))) | x) & HIGH_BITS != 0
}

impl Stones {
    /// [`Stones::best_capture_on`] for this board's size (for tests).
    #[cfg(test)]
    fn best_capture(&self, row: u64, facing: u64) -> i32 {
        for_board_size!(self.best_capture_on(row, facing))
    }

    /// The most stones one Kalah sowing from `row` captures at once, facing
    /// `facing` (rows as in `Stones::row_word`), among the sowings that stay
    /// on the sower's side (the common case; a sowing that goes round the
    /// board is left out).
    ///
    /// Pile `i + 1` with `d` stones (`1 <= d <= i`) ends in pile `i + 1 -
    /// d`; it captures if that pile is empty and the pile facing it holds
    /// stones (or the empty capture is on). All landings are found at once:
    /// for each distance `d`, the bytes of the row shifted down by `d` that
    /// equal `d`. `PITS` is the board's piles a side.
    #[inline]
    fn best_capture_on<const PITS: u32>(&self, row: u64, facing: u64) -> i32 {
        let in_row = u64::MAX >> (8 * (8 - PITS));
        // Byte `k`: the stones in the pile facing pile `k + 1`.
        let opposite = facing.swap_bytes() >> (8 * (8 - PITS));
        // A sowing of `d` stones stays in the row only from pile `d + 1`
        // on, so the distances go up to `PITS - 1`.
        let mut reached = 0;
        for d in 1..u64::from(PITS) {
            reached |= zero_bytes((row >> (8 * d)) ^ (ONES * d));
        }
        let mut landings = reached & zero_bytes(row) & in_row;
        if !self.rules.empty_capture {
            landings &= !zero_bytes(opposite);
        }
        // A landing captures the pile it faces and the sowing's last stone.
        // The facing piles of all landings at once (every other byte
        // cleared), and the largest of them. A landing needs a stone in the
        // row, so a facing pile holds at most 127 of the board's 128.
        let facing_landings = opposite & ((landings >> 7) * 0xFF);
        largest_byte(facing_landings) + i32::from(landings != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::StonesRules;
    use game_core::{EVAL_LIMIT, Game, RuleSet};

    fn read(rules: StonesRules, text: &str) -> Stones {
        Stones::parse_position(&rules, text).unwrap()
    }

    #[test]
    fn the_start_is_even_but_for_the_mover_s_free_turn() {
        let start = Stones::start(&StonesRules::default(), &[]).unwrap();
        // Pile 4 of 4 stones is a free turn for both; the mover's counts more.
        assert_eq!(start.evaluate(Seat::FIRST), FREE_TURN_TO_MOVE - FREE_TURN_WAITING);
        assert_eq!(start.evaluate(Seat::SECOND), -start.evaluate(Seat::FIRST));
    }

    #[test]
    fn banked_stones_dominate() {
        let rules = StonesRules::default();
        let ahead = read(rules, "1 0 0 0 0 0 [30] / 0 0 0 0 0 1 [10] : first");
        assert!(ahead.evaluate(Seat::FIRST) > 15 * STONE);
        let over = read(rules, "0 0 0 0 0 0 [30] / 0 0 0 0 0 0 [18] : second");
        assert_eq!(over.evaluate(Seat::SECOND), -12 * STONE);
        assert!(over.evaluate(Seat::FIRST).abs() < EVAL_LIMIT);
    }

    /// The best capture of Player One.
    fn capture(position: &Stones) -> i32 {
        position.best_capture(position.row_word(Seat::FIRST), position.row_word(Seat::SECOND))
    }

    /// The best capture by the definition, pile by pile.
    fn capture_pile_by_pile(position: &Stones, seat: Seat) -> i32 {
        let row = position.row(seat);
        let facing = position.row(seat.opponent());
        let pits = row.len();
        let mut best = 0;
        for (index, &stones) in row.iter().enumerate() {
            let stones = stones as usize;
            if stones == 0 || stones > index {
                continue;
            }
            let landing = index - stones;
            let opposite = facing[pits - 1 - landing] as i32;
            if row[landing] == 0 && (opposite > 0 || position.rules.empty_capture) {
                best = best.max(opposite + 1);
            }
        }
        best
    }

    #[test]
    fn a_ready_kalah_capture_counts() {
        let kalah = StonesRules::kalah(3, 4, false);
        // Pile 2 (1 stone) sows into the empty pile 1, facing 5 stones.
        let threat = read(kalah, "0 1 2 [0] / 2 1 5 [0] : first");
        assert_eq!(capture(&threat), 6);
        let smaller = read(kalah, "0 1 2 [0] / 5 1 2 [0] : first");
        assert_eq!(capture(&smaller), 3);
        assert_eq!(threat.evaluate(Seat::FIRST) - smaller.evaluate(Seat::FIRST), 3 * CAPTURE_TO_MOVE);
        // Facing an empty pit only the empty capture takes anything.
        let text = "0 1 2 [0] / 5 1 0 [0] : first";
        assert_eq!(capture(&read(kalah, text)), 0);
        assert_eq!(capture(&read(StonesRules::kalah(3, 4, true), text)), 1);
        // The largest pile a capture can face: every stone but the sowing one.
        let most = read(StonesRules::kalah(6, 4, false), "0 1 0 0 0 0 [0] / 0 0 0 0 0 127 [0] : first");
        assert_eq!(capture(&most), 128);
        // Relay sowing has no captures to count.
        let relay = StonesRules { pits: 3, ..StonesRules::default() };
        let (threat, smaller) =
            (read(relay, "0 1 2 [0] / 2 1 5 [0] : first"), read(relay, "0 1 2 [0] / 5 1 2 [0] : first"));
        assert_eq!(threat.evaluate(Seat::FIRST), smaller.evaluate(Seat::FIRST));
    }

    #[test]
    fn the_end_sweep_decides_who_likes_stones_on_their_side() {
        let text = "5 5 5 5 5 5 [10] / 1 0 0 0 0 0 [8] : second";
        let keeps = read(StonesRules::kalah(6, 4, false), text);
        let collects = read(StonesRules::default(), text);
        // Owner-keeps: Player One's 30 stones are nearly banked. Emptier-
        // collects: Player Two is about to empty and collect them.
        assert!(keeps.evaluate(Seat::FIRST) > collects.evaluate(Seat::FIRST));
        assert!(collects.evaluate(Seat::SECOND) > keeps.evaluate(Seat::SECOND));
    }

    /// The word-at-once terms agree with their plain definitions, piles of
    /// a lap or more included.
    #[test]
    fn word_terms_agree_with_pile_by_pile_counts() {
        use ::rand::{Rng, SeedableRng};
        let mut rng = ::rand::rngs::StdRng::seed_from_u64(7);
        let mut captures = 0;
        for _ in 0..20_000 {
            let pits = rng.random_range(3..=8u8);
            let rules = StonesRules { pits, empty_capture: rng.random_bool(0.5), ..StonesRules::default() };
            let lap = 2 * pits as usize + 1;
            let mut piles = [0u8; 16];
            let mut left = MAX_STONES_IN_TEST;
            for pile in piles.iter_mut().take(2 * pits as usize) {
                // Small piles too, so that empty piles and captures are common.
                let most = match rng.random_range(0..10) {
                    0..=1 => 40,
                    2..=5 => 3,
                    _ => 2 * lap as u32,
                };
                let stones = rng.random_range(0..=most.min(left));
                *pile = stones as u8;
                left -= stones;
            }
            if piles.iter().all(|&p| p == 0) {
                piles[0] = 1;
            }
            let to_move = if rng.random_bool(0.5) { Seat::FIRST } else { Seat::SECOND };
            let position = Stones { piles, stores: [3, 5], rules, to_move };
            for seat in [Seat::FIRST, Seat::SECOND] {
                let row = position.row(seat);
                let plain =
                    row.iter().enumerate().filter(|&(i, &c)| c > 0 && c as usize % lap == i + 1).count();
                let word = position.row_word(seat);
                assert_eq!(position.free_turn_piles(word), plain as i32, "{position:?} {seat:?}");
                assert_eq!(row_stones(word), position.side_total(seat), "{position:?}");
                let facing = position.row_word(seat.opponent());
                let capture = capture_pile_by_pile(&position, seat);
                assert_eq!(position.best_capture(word, facing), capture, "{position:?} {seat:?}");
                captures += usize::from(capture > 0);
            }
        }
        assert!(captures > 5_000, "captures are common enough to test: {captures}");
    }

    /// The evaluation as first written: each seat's terms from its own
    /// row, signed for Player One.
    fn value_for_first_by_seats(position: &Stones) -> i32 {
        let banked = position.store(Seat::FIRST) as i32 - position.store(Seat::SECOND) as i32;
        if position.is_over() {
            return STONE * banked;
        }
        let mut value = STONE * banked;
        let rows = [position.row_word(Seat::FIRST), position.row_word(Seat::SECOND)];
        for (i, seat) in [Seat::FIRST, Seat::SECOND].into_iter().enumerate() {
            let sign = if seat == Seat::FIRST { 1 } else { -1 };
            let to_move = seat == position.to_move;
            let bonus = if to_move { FREE_TURN_TO_MOVE } else { FREE_TURN_WAITING };
            value += sign * bonus * position.free_turn_piles(rows[i]);
            if position.rules.sowing == SowingRule::Kalah {
                let weight = if to_move { CAPTURE_TO_MOVE } else { CAPTURE_WAITING };
                value += sign * weight * position.best_capture(rows[i], rows[1 - i]);
            }
        }
        let (side_one, side_two) = (row_stones(rows[0]) as i32, row_stones(rows[1]) as i32);
        match position.rules.effective_end_sweep() {
            EndSweep::OwnerKeeps => value += OWN_SIDE_STONE * (side_one - side_two),
            EndSweep::EmptierCollects | EndSweep::Auto => {
                let stored = position.stores[0] as i32 + position.stores[1] as i32;
                let total = (side_one + side_two + stored).max(1);
                value += EMPTIER_EDGE * (side_two - side_one) * stored / total;
            }
        }
        value
    }

    /// The mover's evaluation, negated for the other seat, is the
    /// per-seat definition, through random games under every sowing and
    /// end-sweep rule.
    #[test]
    fn the_mover_s_value_is_the_per_seat_definition() {
        use ::rand::{Rng, SeedableRng};
        let mut rng = ::rand::rngs::StdRng::seed_from_u64(11);
        let settings: [&[&str]; 4] = [
            &[],
            &["sowing=kalah"],
            &["sowing=kalah", "empty_capture=true", "pits=4"],
            &["end_sweep=owner-keeps", "pits=5", "stones=5"],
        ];
        let mut positions = 0;
        for settings in settings {
            let rules = StonesRules::default().with_settings(settings).unwrap();
            for _ in 0..200 {
                let mut position = Stones::start(&rules, &[]).unwrap();
                let mut moves = Vec::new();
                while position.outcome().is_none() {
                    let expected = value_for_first_by_seats(&position);
                    assert_eq!(position.evaluate(Seat::FIRST), expected, "{position:?}");
                    assert_eq!(position.evaluate(Seat::SECOND), -expected, "{position:?}");
                    positions += 1;
                    position.legal_moves(&mut moves);
                    position.play(moves[rng.random_range(0..moves.len())]);
                }
                assert_eq!(position.evaluate(Seat::FIRST), value_for_first_by_seats(&position));
            }
        }
        assert!(positions > 10_000, "{positions}");
    }

    /// Every numerator the emptier-collects term can form, over every
    /// divisor a board can give.
    #[test]
    fn divide_is_exact() {
        let most = MAX_TOTAL_STONES as i32;
        for divisor in 1..=most {
            for difference in -most..=most {
                for stored in 0..=most {
                    let numerator = EMPTIER_EDGE * difference * stored;
                    assert_eq!(divide(numerator, divisor), numerator / divisor, "{numerator} / {divisor}");
                }
            }
            for numerator in [(1 << 24) - 1, -(1 << 24) + 1, 0, 1, -1, divisor, -divisor] {
                assert_eq!(divide(numerator, divisor), numerator / divisor, "{numerator} / {divisor}");
            }
        }
    }

    const MAX_STONES_IN_TEST: u32 = crate::MAX_TOTAL_STONES - 8;
}
