//! The heuristic the search uses at its horizon.

use crate::board::Stones;
use crate::rules::{EndSweep, SowingRule};
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
    fn evaluate(&self, seat: Seat) -> i32 {
        let for_first = self.value_for_first();
        if seat == Seat::FIRST { for_first } else { -for_first }
    }
}

impl Stones {
    fn value_for_first(&self) -> i32 {
        let banked = self.store(Seat::FIRST) as i32 - self.store(Seat::SECOND) as i32;
        if self.is_over() {
            return STONE * banked;
        }
        let mut value = STONE * banked;
        for seat in [Seat::FIRST, Seat::SECOND] {
            let sign = if seat == Seat::FIRST { 1 } else { -1 };
            let bonus = if seat == self.to_move { FREE_TURN_TO_MOVE } else { FREE_TURN_WAITING };
            value += sign * bonus * self.free_turn_piles(seat);
            if self.rules.sowing == SowingRule::Kalah {
                let weight = if seat == self.to_move { CAPTURE_TO_MOVE } else { CAPTURE_WAITING };
                value += sign * weight * self.best_capture(seat);
            }
        }
        let side_one = self.side_total(Seat::FIRST) as i32;
        let side_two = self.side_total(Seat::SECOND) as i32;
        match self.rules.effective_end_sweep() {
            EndSweep::OwnerKeeps => value += OWN_SIDE_STONE * (side_one - side_two),
            EndSweep::EmptierCollects | EndSweep::Auto => {
                let total = self.total_stones().max(1) as i32;
                let in_play = side_one + side_two;
                // 0 at the start (nothing banked), EMPTIER_EDGE at the end.
                value += EMPTIER_EDGE * (side_two - side_one) * (total - in_play) / total;
            }
        }
        value
    }

    /// How many of `seat`'s piles sow their last stone exactly into its
    /// score pile, counting whole laps (a lap is `2 * pits + 1` drops).
    fn free_turn_piles(&self, seat: Seat) -> i32 {
        let lap = 2 * self.rules.pits as usize + 1;
        let count = self
            .row(seat)
            .iter()
            .enumerate()
            .filter(|&(index, &stones)| stones > 0 && stones as usize % lap == index + 1)
            .count();
        count as i32
    }
}

impl Stones {
    /// The most stones one Kalah sowing of `seat` captures at once, among
    /// the sowings that stay on `seat`'s side (the common case; a sowing
    /// that goes round the board is left out).
    fn best_capture(&self, seat: Seat) -> i32 {
        let row = self.row(seat);
        let facing = self.row(seat.opponent());
        let pits = row.len();
        let mut best = 0;
        for (index, &stones) in row.iter().enumerate() {
            let stones = stones as usize;
            // Pile index + 1 sows down to pile index + 1 - stones.
            if stones == 0 || stones > index {
                continue;
            }
            let landing = index - stones;
            let opposite = facing[pits - 1 - landing] as i32;
            if row[landing] == 0 && (opposite > 0 || self.rules.empty_capture) {
                best = best.max(opposite + 1);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::StonesRules;
    use game_core::{EVAL_LIMIT, Game};

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

    #[test]
    fn a_ready_kalah_capture_counts() {
        let kalah = StonesRules::kalah(3, 4, false);
        // Pile 2 (1 stone) sows into the empty pile 1, facing 5 stones.
        let threat = read(kalah, "0 1 2 [0] / 2 1 5 [0] : first");
        assert_eq!(threat.best_capture(Seat::FIRST), 6);
        let smaller = read(kalah, "0 1 2 [0] / 5 1 2 [0] : first");
        assert_eq!(smaller.best_capture(Seat::FIRST), 3);
        assert_eq!(threat.evaluate(Seat::FIRST) - smaller.evaluate(Seat::FIRST), 3 * CAPTURE_TO_MOVE);
        // Facing an empty pit only the empty capture takes anything.
        let text = "0 1 2 [0] / 5 1 0 [0] : first";
        assert_eq!(read(kalah, text).best_capture(Seat::FIRST), 0);
        assert_eq!(read(StonesRules::kalah(3, 4, true), text).best_capture(Seat::FIRST), 1);
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
}
