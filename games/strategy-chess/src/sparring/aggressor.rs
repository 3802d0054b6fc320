//! `aggressor`: strikes hard and early.
//!
//! - **Setup:** the Flag walled in by Bombs as the defender does, the other
//!   Bombs around that wall; the Marshal, the General and the Colonels on
//!   the two front rows, in the lanes, the Spy beside the General; Miners
//!   at the back.
//! - **Hunts with its best:** an identified enemy piece is struck by the
//!   strongest piece that beats it (the Marshal and the General lead the
//!   hunt), and strong pieces are drawn towards it.
//! - **Advances strong pieces** (Major and up) towards the enemy's rows.
//! - **High ranks strike moved unknown pieces** (they cannot be Bombs).
//! - **Never on a possible Bomb:** a Major or better does not strike an
//!   unmoved unknown piece while it may be a Bomb.
//! - **The Marshal minds the Spy:** once the enemy knows the Marshal and
//!   the enemy Spy lives, the Marshal never stands next to an unknown piece
//!   that may be the Spy.

use super::Style;
use super::placement::{BACK, Placement, find, in_lane, steps};
use super::reading::{Chances, Reading};
use super::tactics::{Candidate, Plan, Temper, choose};
use crate::army::Army;
use crate::combat::{Clash, battle};
use crate::moves::Move;
use crate::rank::Rank;
use crate::setup::Setup;
use crate::square::Square;
use crate::view::StrategyChessView;
use game_core::rng::GameRng;

/// The style.
pub(super) const STYLE: Style = Style {
    name: "aggressor",
    description: "hunts identified pieces with its strongest, advances its high ranks, keeps them off possible Bombs",
    setup,
    choose: choose_move,
};

/// The ranks that lead: Major and up.
fn is_high(rank: Rank) -> bool {
    rank <= Rank::Major
}

struct Aggressor;

impl Plan for Aggressor {
    fn temper(&self) -> Temper {
        Temper { curiosity: 0.8, caution: 0.35, drive: 1.4, watch: 50.0 }
    }

    fn may_strike(&self, reading: &Reading, piece: Rank, target: Square, chances: &Chances) -> bool {
        let unmoved = reading.foe(target).is_some_and(|p| !p.facts.moved);
        if is_high(piece) && unmoved && reading.could_be(target, Rank::Bomb) {
            return false;
        }
        match reading.certain(target) {
            // An identified piece: taken or traded, never struck in vain.
            Some(rank) => chances.sure_win() || battle(piece, rank, reading.bombs) == Some(Clash::BothDie),
            None => true,
        }
    }

    fn may_stand(&self, reading: &Reading, candidate: &Candidate) -> bool {
        let striking = candidate.strike.is_some();
        if candidate.piece != Rank::Marshal
            || !reading.foe_has(Rank::Spy)
            || !(candidate.seen.facts.revealed || striking)
        {
            return true;
        }
        let to = candidate.mv.to;
        !to.neighbours()
            .any(|n| (!striking || n != to) && reading.foe(n).is_some() && reading.could_be(n, Rank::Spy))
    }

    fn bonus(&self, reading: &Reading, candidate: &Candidate) -> f32 {
        let mut bonus = 0.0;
        let target = candidate.mv.to;
        if let Some(chances) = candidate.strike {
            if chances.sure_win() && reading.certain(target).is_some() {
                // The strongest sure striker: the hunt is led from the top.
                bonus += 0.3 * reading.my_value(candidate.piece);
            }
            let moved = reading.foe(target).is_some_and(|p| p.facts.moved);
            if is_high(candidate.piece) && moved && reading.certain(target).is_none() {
                bonus += 20.0;
            }
        }
        let depth = candidate.mv.to.depth_for(reading.me);
        let advance = candidate.advance(reading) as f32;
        if is_high(candidate.piece) && depth <= 8 {
            bonus += 8.0 * advance;
        } else if depth <= 5 {
            bonus += 2.0 * advance;
        }
        bonus
    }

    fn appetite(&self, _reading: &Reading, piece: Rank, _target: Square, worth: f32) -> f32 {
        if is_high(piece) { 1.3 * worth } else { worth }
    }
}

fn choose_move(view: &StrategyChessView, rng: &mut GameRng) -> Option<Move> {
    choose(&Aggressor, view, rng)
}

/// The aggressor's setup (see the module docs).
fn setup(army: &Army, rng: &mut GameRng) -> Setup {
    let mut placement = Placement::new(army);
    let flag_column = placement.fortress(rng);
    placement.post_guards(flag_column);
    let flag = (BACK, flag_column);
    placement.spread(Rank::Bomb, 1.0, rng, |_, row, column| -(steps((row, column), flag) as f32));
    let lane = |column: usize| if in_lane(column) { 2.0 } else { 0.0 };
    let row_liking =
        |want: usize| move |_: &Placement, row: usize, _: usize| -3.0 * row.abs_diff(want) as f32;
    placement.spread(Rank::Marshal, 2.0, rng, |_, row, column| -3.0 * row.abs_diff(1) as f32 + lane(column));
    placement.spread(Rank::General, 2.0, rng, |p, row, column| {
        let apart = find(p, Rank::Marshal).map_or(0.0, |m| steps(m, (row, column)).min(5) as f32);
        -3.0 * row.abs_diff(1) as f32 + lane(column) + apart
    });
    placement.spread(Rank::Spy, 0.5, rng, |p, row, column| {
        find(p, Rank::General).map_or(0.0, |g| -(steps(g, (row, column)) as f32)) - row.abs_diff(2) as f32
    });
    placement.spread(Rank::Colonel, 2.0, rng, |_, row, column| -3.0 * row.abs_diff(0) as f32 + lane(column));
    placement.spread(Rank::Major, 2.0, rng, row_liking(1));
    placement.spread(Rank::Miner, 2.0, rng, row_liking(3));
    placement.spread(Rank::Captain, 2.0, rng, row_liking(1));
    placement.spread(Rank::Scout, 3.0, rng, row_liking(0));
    placement.spread(Rank::Lieutenant, 2.0, rng, row_liking(2));
    placement.spread(Rank::Sergeant, 2.0, rng, row_liking(2));
    placement.finish()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{choices, position};
    use super::*;
    use game_core::rng::seeded;

    #[test]
    fn strong_pieces_stand_in_front() {
        for seed in 0..20 {
            let setup = setup(&Army::CLASSIC, &mut seeded(seed));
            assert_eq!(setup.check(&Army::CLASSIC), Ok(()));
            let row_of = |rank| (0..4).find(|&r| (0..10).any(|c| setup.get(r, c) == Some(rank)));
            assert!(row_of(Rank::Marshal) <= Some(1), "seed {seed}\n{setup}");
            assert!(row_of(Rank::General) <= Some(1), "seed {seed}\n{setup}");
            assert_eq!(row_of(Rank::Flag), Some(BACK), "seed {seed}\n{setup}");
        }
    }

    /// Red's General next to a Blue piece that never moved: it may be a
    /// Bomb, though Blue has nothing else that beats a General.
    const GENERAL_BY_AN_UNMOVED_PIECE: &str = "\
bF bB b9 b9 b9 b9 b8 b8 b7 b7
bB b9 b9 b7 b7 b6 b6 . . .
. . . . . . . . . .
. . . . b7 b6 . . . .
. . ~ ~ . r2 ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . r7
. . . . . . . . rB rF
to_move: red
";

    #[test]
    fn keeps_its_high_ranks_off_pieces_that_may_be_bombs() {
        let moves = choices(&STYLE, GENERAL_BY_AN_UNMOVED_PIECE, &[], 12);
        assert!(moves.iter().all(|m| m != "f6xf7"), "{moves:?}");
        // Once the piece has moved it is no Bomb, and the General strikes.
        let moved = ["j2-j3", "f7-g7", "j3-j4", "g7-f7"];
        let moves = choices(&STYLE, GENERAL_BY_AN_UNMOVED_PIECE, &moved, 12);
        assert!(moves.iter().all(|m| m == "f6xf7"), "{moves:?}");
    }

    /// Red's Marshal takes a Scout and is known; Blue's Spy lives, and two
    /// Blue pieces that may be it come near.
    const MARSHAL_TAKES_A_SCOUT: &str = "\
bF bB . . . . bS b7 b8 b6
bB . . . b5 . . . . .
. . . . . b4 . . . .
. . . . . . . . . .
. . ~ ~ b9 . ~ ~ . .
. . ~ ~ r1 . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . r7
. . . . . . . . rB rF
to_move: red
";

    #[test]
    fn a_known_marshal_keeps_away_from_pieces_that_may_be_the_spy() {
        let moves = choices(&STYLE, MARSHAL_TAKES_A_SCOUT, &["e5xe6", "e9-e8", "j2-j3", "f8-f7"], 12);
        assert!(moves.iter().all(|m| m != "e6-e7" && m != "e6-f6"), "{moves:?}");
        // The strike made the Marshal known, which is what the rule is about.
        let game = position(MARSHAL_TAKES_A_SCOUT, &["e5xe6", "e9-e8", "j2-j3", "f8-f7"]);
        assert!(game.facts(Square::parse("e6").unwrap()).revealed);
    }
}
