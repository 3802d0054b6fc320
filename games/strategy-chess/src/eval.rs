//! The heuristic value of a full position, for the search's horizon.
//!
//! The AI evaluates *sampled* positions, so reading every rank here is
//! fair: the ranks are the sampler's guesses, not the truth.
//!
//! The value, from one side's point of view, is its score minus the
//! opponent's, where a side's score is:
//! - **material:** each piece's value by rank, with extra weight for the
//!   Marshal, for Miners while enemy Bombs remain (more when Miners are
//!   few), and for the Spy while the enemy Marshal lives;
//! - **unknown pieces, from the counts:** for each rank, how many of the
//!   side's pieces of that rank the opponent has not identified (the
//!   remaining count less the pieces revealed in battle or shown to be
//!   Scouts by a long move), each worth a bonus that grows with what its
//!   secrecy protects ([`HIDDEN_VALUE`]: a hidden Marshal cannot be hunted
//!   by the Spy, a hidden Spy can still strike, unknown Bombs make every
//!   unmoved piece a risk); and a small bonus for every piece that has not
//!   moved (it may still be a Bomb);
//! - **threats:** the side to move gains part of the value of the best
//!   revealed enemy piece it can strike and beat right now;
//! - **the hunt for the Flag:** the closer its nearest hunter stands to
//!   the enemy Flag, the better, walking round lakes and the Flag owner's
//!   Bombs (a Miner walks through them). In a sampled position the Flag
//!   stands where the sampler guessed, so over many samples the pull is
//!   towards where the Flag probably is. Without it a shallow search has no
//!   reason to advance. The last four steps weigh much more
//!   ([`FLAG_CLOSE`]): a search of four plies sees a Flag taken only from
//!   two steps away. A seat knows its own Flag and only guesses the
//!   enemy's, so averaged over samples this term mostly defends: a Miner
//!   at the Bomb wall round our Flag is an alarm, a Captain there is not.
//!   The Marshal hunts only when nothing else can (sent into the enemy's
//!   camp, it meets the Spy);
//! - **a guard by the Flag:** a piece that beats a Miner two steps from
//!   one's Flag, beside the Bombs of its wall, while the enemy has Miners
//!   ([`FLAG_GUARD`]);
//! - **a Flag about to fall:** an enemy piece beside the searching side's
//!   Flag that nothing of the side can strike first costs it
//!   [`FLAG_EN_PRISE`], so a search that stops there sees the loss one
//!   move early (only the searcher's own Flag: the other is a guess);
//! - **luck taken out:** in search positions, what strikes on unknown
//!   pieces won or lost beyond their odds ([`crate::odds`]).
//!
//! Towards `no_capture_limit` the value shrinks to what a draw is worth,
//! which for the searching side is less than nothing ([`CONTEMPT`]): the
//! side ahead, or even, fights before the limit.
//!
//! It is zero-sum and stays far inside ±[`game_core::EVAL_LIMIT`].

use crate::combat::{Clash, battle};
use crate::game::StrategyChess;
use crate::hunt::{RINGS, steps_to_flag};
use crate::progress::impatience;
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::square::{LAND, NEIGHBOUR, bit, next_to, squares_of};
use game_core::{EVAL_LIMIT, Evaluate, Seat};

/// The value of each rank, strongest first (Marshal .. Flag).
pub const RANK_VALUE: [i32; RANK_COUNT] = [400, 300, 200, 140, 90, 60, 40, 50, 25, 30, 30, 0];
/// Extra weight of the Marshal.
pub const MARSHAL_BONUS: i32 = 100;
/// Extra weight of each Miner while the enemy has Bombs.
pub const MINER_BONUS: i32 = 30;
/// Extra weight of each Miner while the enemy has Bombs and we have two
/// Miners or fewer.
pub const LAST_MINERS_BONUS: i32 = 40;
/// Extra weight of the Spy while the enemy Marshal lives.
pub const SPY_BONUS: i32 = 120;
/// Bonus, by rank (Marshal .. Flag), for a piece the opponent has not
/// identified. The Flag is never identified before the game ends, so its
/// entry cancels out between the sides.
pub const HIDDEN_VALUE: [i32; RANK_COUNT] = [40, 25, 16, 12, 9, 7, 6, 10, 4, 30, 12, 0];
/// Bonus for a piece that has not moved.
pub const UNMOVED_BONUS: i32 = 3;
/// The share (in percent) of a revealed enemy piece's value the side to
/// move gains when it can take it now.
pub const THREAT_SHARE: i32 = 50;
/// Value of each step the nearest movable piece is closer to the enemy
/// Flag than [`HUNT_RANGE`] steps.
pub const FLAG_HUNT: i32 = 4;
/// How far from the enemy Flag the hunt starts to count, in steps (the
/// farthest two squares of the board are 18 apart).
pub const HUNT_RANGE: i32 = RINGS as i32;
/// On top of [`FLAG_HUNT`], for the nearest movable piece 1 to 4 steps
/// from the enemy Flag: the last steps are what a search of a few plies
/// must see coming. Both sides count it, but a seat knows where its own
/// Flag is and only guesses the other (in each sample), so averaged over
/// samples it weighs mostly on defence.
pub const FLAG_CLOSE: [i32; 5] = [0, 200, 120, 60, 25];

/// Bonus for keeping a piece that beats a Miner two steps from one's Flag
/// while the enemy has Miners: a Miner that takes a Bomb of the wall then
/// stands next to it. A piece right beside the Flag is not counted:
/// counting it too kept more pieces home and cost games against
/// `sparring:defender` (docs/strategy-chess-ai.md).
pub const FLAG_GUARD: i32 = 30;

/// What it costs a side, where the search stops, that its Flag falls next
/// move: an enemy piece stands beside it and it is the enemy's move, or
/// the side's own move but nothing of the side beside that piece beats it
/// (or two enemy pieces stand beside the Flag). About two and a half
/// Marshals: below any trade of pieces, above nothing but a proven loss.
/// Without it a search of four plies sees an enemy piece reach the Flag's
/// side as the same [`FLAG_CLOSE`] alarm whether or not a defender stands
/// ready to strike it there, and does not bring one up in time.
pub const FLAG_EN_PRISE: i32 = 1_000;

/// What a draw at `no_capture_limit` costs the searching side, in the
/// evaluation's units (about three Scouts): towards the limit its value
/// shrinks to this rather than to 0, so a computer that sits while nothing
/// happens probes before the count runs out, even from an even position.
/// The other side's view is the negation (the evaluation stays zero-sum).
pub const CONTEMPT: i32 = 100;

impl StrategyChess {
    fn material(&self, colour: Colour) -> i32 {
        let own = self.remaining[colour.index()];
        let enemy = self.remaining[colour.opponent().index()];
        let mut score: i32 = Rank::ALL.iter().map(|r| RANK_VALUE[r.index()] * own[r.index()] as i32).sum();
        if own[Rank::Marshal.index()] > 0 {
            score += MARSHAL_BONUS;
        }
        let miners = own[Rank::Miner.index()] as i32;
        if enemy[Rank::Bomb.index()] > 0 {
            score += miners * MINER_BONUS;
            if miners <= 2 {
                score += miners * LAST_MINERS_BONUS;
            }
        }
        if enemy[Rank::Marshal.index()] > 0 {
            score += own[Rank::Spy.index()] as i32 * SPY_BONUS;
        }
        score
    }

    /// The unknown-pieces term: for each rank, the pieces of `colour` the
    /// opponent has not identified (remaining count less identified pieces)
    /// times [`HIDDEN_VALUE`], plus [`UNMOVED_BONUS`] per unmoved piece.
    ///
    /// Counted by rank, as the remaining pieces less the identified ones
    /// the board keeps count of ([`crate::board::Board::identified`]): the
    /// identified pieces of a rank are among its remaining pieces (both
    /// count pieces on the board).
    fn secrecy(&self, colour: Colour) -> i32 {
        let own = self.board.occupied(colour);
        let remaining = self.remaining[colour.index()];
        let identified = self.board.identified(colour);
        let hidden: i32 = (0..RANK_COUNT)
            .map(|r| (i32::from(remaining[r]) - i32::from(identified[r])) * HIDDEN_VALUE[r])
            .sum();
        let unmoved = (own & !self.board.moved()).count_ones() as i32;
        hidden + unmoved * UNMOVED_BONUS
    }

    /// [`FLAG_HUNT`] times how many steps closer than [`HUNT_RANGE`]
    /// `colour`'s nearest piece that can get there stands to the enemy
    /// Flag, plus [`FLAG_CLOSE`] for the last steps; 0 without a Flag or a
    /// hunter in range. The Marshal hunts only when no other piece can.
    /// Steps go round the lakes and the enemy's Bombs, but a Miner goes
    /// through Bombs (a strike is a step); other pieces are left aside
    /// (they move, or can be struck).
    fn flag_hunt(&self, colour: Colour) -> i32 {
        let enemy = colour.opponent();
        let Some(flag) = squares_of(self.board.flags(enemy)).next() else {
            return 0;
        };
        let miners = self.board.miners(colour);
        // The Marshal only hunts when nothing else can: walking it into the
        // enemy's camp, where the Spy waits, loses it.
        let marshal = self.board.marshals(colour);
        let mut others = self.board.mobile(colour) & !miners & !marshal;
        if others | miners == 0 {
            others = marshal;
        }
        match steps_to_flag(flag.index(), self.board.bombs(enemy), others, miners) {
            Some(steps) => {
                FLAG_HUNT * (HUNT_RANGE - steps as i32) + FLAG_CLOSE.get(steps).copied().unwrap_or(0)
            }
            None => 0,
        }
    }

    /// [`FLAG_GUARD`] if `colour` keeps a movable piece other than a Scout
    /// or a Miner two steps from its Flag while the enemy has Miners.
    /// (The Spy counts too, though a Miner beats it.)
    fn flag_guard(&self, colour: Colour) -> i32 {
        if self.remaining[colour.opponent().index()][Rank::Miner.index()] == 0 {
            return 0;
        }
        let Some(flag) = squares_of(self.board.flags(colour)).next() else {
            return 0;
        };
        let near = next_to(next_to(flag.bit()) & LAND) & LAND;
        let guards = self.board.mobile(colour) & !self.board.scouts(colour) & !self.board.miners(colour);
        if near & guards != 0 { FLAG_GUARD } else { 0 }
    }

    /// Whether `colour`'s Flag falls next move as the position stands (see
    /// [`FLAG_EN_PRISE`]). Ranks are the position's; the two-square rules
    /// are not looked at.
    fn flag_en_prise(&self, colour: Colour) -> bool {
        let Some(flag) = squares_of(self.board.flags(colour)).next() else {
            return false;
        };
        let attackers = self.board.mobile(colour.opponent()) & next_to(flag.bit());
        if attackers == 0 {
            return false;
        }
        if self.to_move != colour || attackers.count_ones() > 1 {
            return true;
        }
        let Some(attacker) = squares_of(attackers).next().and_then(|sq| self.board.rank_at(sq)) else {
            return true;
        };
        let defended = squares_of(self.board.mobile(colour) & next_to(attackers)).any(|from| {
            self.board.rank_at(from).is_some_and(|defender| {
                matches!(
                    battle(defender, attacker, self.flags.bombs),
                    Some(Clash::AttackerWins | Clash::BothDie)
                )
            })
        });
        !defended
    }

    /// The best revealed enemy piece the side to move can strike and beat.
    ///
    /// Only the side's pieces next to an identified enemy piece are looked
    /// at (revealed pieces are among the identified ones): in most
    /// positions there are none or few.
    fn best_threat(&self) -> i32 {
        let colour = self.to_move;
        let targets = self.board.occupied(colour.opponent()) & self.board.known();
        if targets == 0 {
            return 0;
        }
        let mut best = 0;
        for from in squares_of(self.board.mobile(colour) & next_to(targets)) {
            let Some(attacker) = self.board.rank_at(from) else { continue };
            for next in NEIGHBOUR[from.index()].into_iter().flatten() {
                if targets & bit(next.index()) == 0 || !self.board.facts(next).revealed {
                    continue;
                }
                let Some(target) = self.board.piece(next) else { continue };
                if matches!(
                    battle(attacker, target.rank, self.flags.bombs),
                    Some(Clash::AttackerWins | Clash::FlagCaptured)
                ) {
                    best = best.max(RANK_VALUE[target.rank.index()] * THREAT_SHARE / 100);
                }
            }
        }
        best
    }

    /// `value` shrunk towards `draw`, what a draw is worth to the side it
    /// is counted for, as the quiet plies run out: from half of
    /// `no_capture_limit` on, linearly to `draw` at the limit, where the
    /// game is drawn. A draw is worth [`CONTEMPT`] less than nothing to the
    /// searching side (and as much more to the other): a battle starts the
    /// count again, so the searcher sees its value back by fighting, from
    /// an even position too, and the side behind gains by stalling only up
    /// to the draw. (The search itself scores the drawn
    /// end as 0, so within its last few plies before the limit, where it
    /// sees the end, the contempt gives way.)
    fn towards_the_limit(&self, value: i32, draw: i32) -> i32 {
        let limit = self.flags.no_capture_limit;
        let half = limit / 2;
        if limit == 0 || self.quiet_plies <= half {
            return value;
        }
        let left = limit.saturating_sub(self.quiet_plies);
        draw + (i64::from(value - draw) * i64::from(left) / i64::from(half.max(1))) as i32
    }
}

impl Evaluate for StrategyChess {
    fn evaluate(&self, seat: Seat) -> i32 {
        let me = Colour::of_seat(seat);
        let them = me.opponent();
        let mut value = self.material(me) - self.material(them) + self.secrecy(me) - self.secrecy(them)
            + self.flag_hunt(me)
            - self.flag_hunt(them)
            + self.flag_guard(me)
            - self.flag_guard(them);
        if let Some(odds) = &self.odds {
            value -= odds.luck(me) - odds.luck(them);
        }
        // A seat searching knows where its own Flag is and only guesses the
        // other's: only its own Flag counts (both, for a search of a full
        // position).
        for (colour, sign) in [(me, -1), (them, 1)] {
            if self.searcher.is_none_or(|searcher| searcher == colour) && self.flag_en_prise(colour) {
                value += sign * FLAG_EN_PRISE;
            }
        }
        let threat = self.best_threat();
        value += if self.to_move == me { threat } else { -threat };
        // The searcher's lead fades, and a draw costs it its contempt.
        let (value, draw) = match self.searcher {
            Some(colour) if colour == me => (impatience(value, self.quiet_plies), -CONTEMPT),
            Some(_) => (-impatience(-value, self.quiet_plies), CONTEMPT),
            None => (value, 0),
        };
        self.towards_the_limit(value, draw).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// A step onto an empty square: not a strike.
    fn reducible(&self, mv: crate::Move) -> bool {
        self.piece(mv.to).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PublicFacts;
    use crate::rules::StrategyChessRules;
    use game_core::{Game, Seat};

    /// Red: a Marshal on e4 and the Flag; Blue: a Sergeant on e9, the Flag.
    fn position(extra: &str) -> StrategyChess {
        let mut rows: Vec<String> =
            (1..=10)
                .rev()
                .map(|rank| {
                    (0..10)
                        .map(|file| {
                            if (rank == 5 || rank == 6) && matches!(file, 2 | 3 | 6 | 7) { "~" } else { "." }
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
        rows[6] = ". . . . r1 . . . . .".into();
        rows[9] = "rF . . . . . . . . .".into();
        rows[1] = format!(". . . . b7 . . . . {extra}");
        rows[0] = "bF . . . . . . . . .".into();
        let text = format!("{}\nto_move: blue\n", rows.join("\n"));
        StrategyChess::parse_position(&StrategyChessRules::default(), &text).unwrap()
    }

    fn read(red_miner_row: &str, blue_miner_row: &str) -> StrategyChess {
        let text = format!(
            ". . . . bF . . . . .\n. . . . . . . . . .\n{blue_miner_row}\n. . . . . . . . . .\n. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . .\n{red_miner_row}\n. . . . . . . . . .\n. . . . rF . . . . .\nto_move: red\n"
        );
        StrategyChess::parse_position(&StrategyChessRules::default(), &text).unwrap()
    }

    #[test]
    fn an_unknown_piece_is_worth_more_than_a_known_one_by_its_rank() {
        let hidden = position(".");
        let mut known = hidden.clone();
        let e4 = crate::Square::parse("e4").unwrap();
        known.board.set_facts(e4, PublicFacts { revealed: true, ..known.board.facts(e4) });
        let (h, k) = (hidden.evaluate(Seat::FIRST), known.evaluate(Seat::FIRST));
        assert_eq!(h - k, HIDDEN_VALUE[Rank::Marshal.index()], "a revealed Marshal loses its secrecy");
        assert_eq!(h, -hidden.evaluate(Seat::SECOND));
        // A piece that moved far is known to be a Scout.
        let scout = position("b9");
        let mut shown = scout.clone();
        let j9 = crate::Square::parse("j9").unwrap();
        shown.board.set_facts(j9, PublicFacts { moved: true, moved_far: true, revealed: false });
        let lost = scout.evaluate(Seat::SECOND) - shown.evaluate(Seat::SECOND);
        assert_eq!(lost, HIDDEN_VALUE[Rank::Scout.index()] + UNMOVED_BONUS);
        assert!(HIDDEN_VALUE[Rank::Marshal.index()] > HIDDEN_VALUE[Rank::Scout.index()]);
    }

    #[test]
    fn towards_the_limit_a_draw_costs_the_searcher_its_contempt() {
        let plain = position(".");
        let limit = plain.flags.no_capture_limit;
        let at = |quiet: u32, searcher: Option<Colour>, seat: Seat| {
            let mut game = plain.clone();
            game.quiet_plies = quiet;
            game.searcher = searcher;
            game.evaluate(seat)
        };
        let whole = at(0, None, Seat::FIRST);
        assert_eq!(at(limit / 2, Some(Colour::Red), Seat::FIRST), whole, "whole until half the limit");
        // Without a searcher (a plain evaluation) the value goes to 0.
        assert_eq!(at(limit, None, Seat::FIRST), 0);
        // For the searcher, to minus the contempt; for the other side, plus.
        assert!(at(limit, Some(Colour::Red), Seat::FIRST) < 0, "a draw costs the searcher");
        assert_eq!(at(limit, Some(Colour::Red), Seat::FIRST), -CONTEMPT);
        assert_eq!(at(limit, Some(Colour::Blue), Seat::FIRST), CONTEMPT);
        let mid = limit * 3 / 4;
        assert_eq!(at(mid, Some(Colour::Red), Seat::FIRST), -CONTEMPT + (whole + CONTEMPT) / 2);
        for quiet in [0, mid, limit - 1, limit] {
            for searcher in [Colour::Red, Colour::Blue] {
                assert_eq!(
                    at(quiet, Some(searcher), Seat::FIRST),
                    -at(quiet, Some(searcher), Seat::SECOND),
                    "zero-sum at {quiet} quiet plies"
                );
            }
        }
    }

    #[test]
    fn a_piece_nearer_the_enemy_flag_is_worth_more() {
        let (near, far) = (". . . . r8 . . . . .", "r8 . . . . . . . . .");
        let blue = ". . . . . . . . . b8";
        // The Red Miner on e3 is 7 steps from the Blue Flag on e10; on a3, 11.
        let value = |red: &str| read(red, blue).evaluate(Seat::FIRST);
        assert_eq!(value(near) - value(far), 4 * FLAG_HUNT);
        let frozen = read(". . . . . . . . . .", blue);
        assert_eq!(frozen.flag_hunt(Colour::Red), 0, "no Red piece can move");
        // Round the lakes: from c4 to a Flag on c10 is 6 steps as the crow
        // flies, 8 round the lake on c5 and c6.
        let text = "\
. . bF . . . . . . .
. . . . . . . . . .
. . . . . . . . . b8
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . r8 . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . rF . . . . .
to_move: red
";
        let walled = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        assert_eq!(walled.flag_hunt(Colour::Red), FLAG_HUNT * (HUNT_RANGE - 8));
        assert_eq!(value(near), -read(near, blue).evaluate(Seat::SECOND));
    }

    /// A Bomb wall round the Flag stops every hunter but a Miner.
    #[test]
    fn only_a_miner_walks_through_the_bomb_wall() {
        let text = |red: &str, back: &str| {
            format!(
                "{back}\n. . . . bB . . . . .\n. . . . . . . . . b8\n{red}\n. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . rF . . . . .\nto_move: red\n"
            )
        };
        let hunt = |red: &str, back: &str| {
            let game =
                StrategyChess::parse_position(&StrategyChessRules::default(), &text(red, back)).unwrap();
            game.flag_hunt(Colour::Red)
        };
        let (walled, open_right) = (". . . bB bF bB . . . .", ". . . bB bF . . . . .");
        // From e7 the Flag on e10 is 3 steps through the Bomb on e9.
        assert_eq!(hunt(". . . . r8 . . . . .", walled), FLAG_HUNT * (HUNT_RANGE - 3) + FLAG_CLOSE[3]);
        assert_eq!(hunt(". . . . r5 . . . . .", walled), 0, "no way in but through a Bomb");
        // With f10 open, round the wall: e7 f7 f8 f9 f10 e10.
        assert_eq!(hunt(". . . . r5 . . . . .", open_right), FLAG_HUNT * (HUNT_RANGE - 5));
    }

    /// A guard two steps from the Flag counts while the enemy has Miners;
    /// one right beside it does not.
    #[test]
    fn a_guard_by_the_flag_counts_while_miners_live() {
        let game = |red_second_rank: &str, blue_miner: &str| {
            let text = format!(
                ". . . . bF . . . . .\n. . . . . . . . . {blue_miner}\n. . . . . . . . . .\n. . . . . . . . . .\n. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . .\n. . . . . . . . . .\n{red_second_rank}\n. . . . rF . . . . .\nto_move: red\n"
            );
            StrategyChess::parse_position(&StrategyChessRules::default(), &text).unwrap()
        };
        let near = ". . . r7 . . . . . .";
        let far = "r7 . . . . . . . . .";
        assert_eq!(game(near, "b8").flag_guard(Colour::Red), FLAG_GUARD, "d2 is two steps from e1");
        assert_eq!(game(far, "b8").flag_guard(Colour::Red), 0, "a2 is four");
        let beside = ". . . . r7 . . . . .";
        assert_eq!(game(beside, "b8").flag_guard(Colour::Red), 0, "e2 is right beside the Flag");
        assert_eq!(game(near, "b9").flag_guard(Colour::Red), 0, "no enemy Miner left");
        assert_eq!(game(". . . r9 . . . . . .", "b8").flag_guard(Colour::Red), 0, "a Scout loses to a Miner");
    }

    /// A Miner beside the Flag falls next move unless a piece of the
    /// Flag's side that beats it stands next to it, the side to move.
    #[test]
    fn a_flag_falls_next_move_unless_the_piece_beside_it_can_be_struck() {
        let game = |second_rank: &str, to_move: &str| {
            let text = format!(
                ". . . . bF . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . .\n. . . . . . . . . .\n{second_rank}\n. . . . rB rF rB . . .\nto_move: {to_move}\n"
            );
            StrategyChess::parse_position(&StrategyChessRules::default(), &text).unwrap()
        };
        let guarded = ". . . . r6 b8 . . . .";
        assert!(
            !game(guarded, "red").flag_en_prise(Colour::Red),
            "the Lieutenant on e2 strikes the Miner on f2"
        );
        assert!(game(guarded, "blue").flag_en_prise(Colour::Red), "the Miner moves first");
        assert!(game(". . . . r9 b8 . . . .", "red").flag_en_prise(Colour::Red), "a Scout loses to a Miner");
        assert!(!game(". . . . . b8 r6 . . .", "red").flag_en_prise(Colour::Red), "the Lieutenant on g2");
        assert!(game(". . . . . b8 . . . .", "red").flag_en_prise(Colour::Red), "nothing beside the Miner");
        assert!(!game(". . . . . . b8 . . .", "blue").flag_en_prise(Colour::Red), "g2 is not beside f1");
        assert!(!game(guarded, "red").flag_en_prise(Colour::Blue), "nothing beside Blue's Flag");
        // Searched for Red, the alarm counts the whole Flag's worth.
        let red = game(". . . . . b8 . . . .", "blue").searched_for(Colour::Red);
        let safe = game(". . . . . . b8 . . .", "blue").searched_for(Colour::Red);
        assert!(safe.evaluate(Seat::FIRST) - red.evaluate(Seat::FIRST) >= FLAG_EN_PRISE);
    }

    /// The best threat by its definition: every mobile piece of the side to
    /// move against every revealed enemy neighbour.
    fn threat_square_by_square(game: &StrategyChess) -> i32 {
        let colour = game.to_move;
        let mut best = 0;
        for from in squares_of(game.board.mobile(colour)) {
            let attacker = game.board.rank_at(from).unwrap();
            for next in NEIGHBOUR[from.index()].into_iter().flatten() {
                let Some(target) = game.board.piece(next) else { continue };
                if target.colour != colour
                    && game.board.facts(next).revealed
                    && matches!(
                        battle(attacker, target.rank, game.flags.bombs),
                        Some(Clash::AttackerWins | Clash::FlagCaptured)
                    )
                {
                    best = best.max(RANK_VALUE[target.rank.index()] * THREAT_SHARE / 100);
                }
            }
        }
        best
    }

    /// The secrecy term counted square by square, by its definition.
    fn secrecy_square_by_square(game: &StrategyChess, colour: Colour) -> i32 {
        use crate::square::Square;
        let (mut identified, mut unmoved) = ([0u8; RANK_COUNT], 0);
        for sq in Square::all().filter(|&sq| game.board.occupied(colour) & sq.bit() != 0) {
            let facts = game.board.facts(sq);
            if facts.revealed || facts.moved_far {
                identified[game.board.rank_at(sq).unwrap().index()] += 1;
            }
            unmoved += !facts.moved as i32;
        }
        let remaining = game.remaining[colour.index()];
        let hidden: i32 = (0..RANK_COUNT)
            .map(|r| remaining[r].saturating_sub(identified[r]) as i32 * HIDDEN_VALUE[r])
            .sum();
        hidden + unmoved * UNMOVED_BONUS
    }

    /// The fact and Flag sets the terms read agree with every square, and
    /// the secrecy and threat terms with counting square by square, all
    /// through random games and in positions sampled from their views.
    #[test]
    fn terms_from_the_sets_agree_with_every_square() {
        use crate::square::Square;
        use game_core::Observe;
        let library = crate::Library::builtin();
        let setups = [library.entry(3).unwrap().setup, library.entry(4).unwrap().setup];
        let mut scratch = Vec::new();
        let mut threats = 0;
        let check = |game: &StrategyChess| {
            for colour in [Colour::Red, Colour::Blue] {
                for sq in Square::all().filter(|&sq| game.board.occupied(colour) & sq.bit() != 0) {
                    let facts = game.board.facts(sq);
                    assert_eq!(game.board.moved() & sq.bit() != 0, facts.moved);
                    assert_eq!(game.board.known() & sq.bit() != 0, facts.revealed || facts.moved_far);
                    let flag = game.board.rank_at(sq) == Some(Rank::Flag);
                    assert_eq!(game.board.flags(colour) & sq.bit() != 0, flag);
                }
                assert_eq!(game.secrecy(colour), secrecy_square_by_square(game, colour));
            }
            let threat = threat_square_by_square(game);
            assert_eq!(game.best_threat(), threat, "{}", game.format_position());
            threat
        };
        for seed in 0..6 {
            let mut game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
            let mut rng = game_core::rng::seeded(seed);
            for ply in 0..400 {
                threats += usize::from(check(&game) > 0);
                if ply % 10 == 0 {
                    let view = game.view(game.to_move());
                    check(&StrategyChess::sample(&view, &mut rng));
                }
                let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
                game.play_unchecked(mv);
            }
        }
        assert!(threats > 50, "threats are common enough to test: {threats}");
    }
}
