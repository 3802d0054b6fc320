//! `rusher`: a Scout rusher.
//!
//! - **Setup:** the Flag walled in by Bombs, the other Bombs beside that
//!   wall (the lanes stay open); Scouts on the front rows of the lanes,
//!   where their lines run free; the rest as the defender sets up.
//! - **Scouts run:** they take long moves down open lines to strike unknown
//!   pieces, above all unmoved pieces on the enemy's two back rows, where
//!   the Flag stands; a failed strike still shows what the piece is (a
//!   strong piece found is one the rest of the army can avoid or hunt).
//! - **The rest plays safe,** by the defender's rules: probes only with low
//!   ranks, sure strikes only, strong pieces at home while an unknown
//!   enemy piece could beat them.

use super::Style;
use super::defender::{careful_strike, cheapest_striker, stay_home};
use super::placement::{BACK, Placement, find, in_lane, steps};
use super::reading::{Chances, Reading};
use super::tactics::{Candidate, Plan, Temper, choose};
use crate::army::Army;
use crate::moves::Move;
use crate::rank::Rank;
use crate::setup::Setup;
use crate::square::Square;
use crate::view::StrategyChessView;
use game_core::rng::GameRng;

/// The style.
pub(super) const STYLE: Style = Style {
    name: "rusher",
    description: "runs Scouts down open lanes at unmoved back-row pieces; the rest of its army plays safe",
    setup,
    choose: choose_move,
};

/// What a Scout's strike on the unknown piece on `target` is worth beyond
/// its material: most of all an unmoved piece on the enemy's two back
/// rows, where the Flag hides; then a piece that moved (it may be a strong
/// one, better found by a Scout than by anything dearer). Unmoved pieces
/// further up are often Bombs that close lanes: not worth a Scout.
fn scouting(reading: &Reading, target: Square) -> f32 {
    let Some(piece) = reading.foe(target) else { return 0.0 };
    if reading.certain(target).is_some() {
        return 0.0;
    }
    if piece.facts.moved {
        15.0
    } else if target.depth_for(reading.foe) <= 1 {
        60.0
    } else {
        0.0
    }
}

struct Rusher;

impl Plan for Rusher {
    fn temper(&self) -> Temper {
        Temper { curiosity: 1.4, caution: 0.7, drive: 1.2, watch: 50.0 }
    }

    fn may_strike(&self, reading: &Reading, piece: Rank, target: Square, chances: &Chances) -> bool {
        if piece == Rank::Scout {
            return chances.sure_win() || reading.certain(target).is_none();
        }
        careful_strike(reading, piece, target, chances)
    }

    fn bonus(&self, reading: &Reading, candidate: &Candidate) -> f32 {
        if candidate.piece != Rank::Scout {
            return cheapest_striker(reading, candidate) + stay_home(reading, candidate);
        }
        match candidate.strike {
            Some(_) => scouting(reading, candidate.mv.to),
            None if candidate.far() => 4.0,
            None => 0.0,
        }
    }

    fn appetite(&self, reading: &Reading, piece: Rank, target: Square, worth: f32) -> f32 {
        if piece == Rank::Scout { worth + scouting(reading, target) } else { worth }
    }
}

fn choose_move(view: &StrategyChessView, rng: &mut GameRng) -> Option<Move> {
    choose(&Rusher, view, rng)
}

/// The rusher's setup (see the module docs).
fn setup(army: &Army, rng: &mut GameRng) -> Setup {
    let mut placement = Placement::new(army);
    let flag_column = placement.fortress(rng);
    placement.post_guards(flag_column);
    let flag = (BACK, flag_column);
    placement.spread(Rank::Bomb, 1.0, rng, |_, row, column| {
        -(steps((row, column), flag) as f32) - if in_lane(column) && row < 2 { 6.0 } else { 0.0 }
    });
    // Scouts on the lanes' front squares first, then behind them.
    placement.spread(Rank::Scout, 0.5, rng, |_, row, column| {
        (if in_lane(column) { 6.0 } else { 0.0 }) - 2.0 * row as f32
    });
    let row_liking =
        |want: usize| move |_: &Placement, row: usize, _: usize| -3.0 * row.abs_diff(want) as f32;
    placement.spread(Rank::Marshal, 2.0, rng, row_liking(2));
    placement.spread(Rank::General, 2.0, rng, |p, row, column| {
        let apart = find(p, Rank::Marshal).map_or(0.0, |m| steps(m, (row, column)).min(4) as f32);
        -3.0 * row.abs_diff(2) as f32 + apart
    });
    placement.spread(Rank::Spy, 0.5, rng, |p, row, column| {
        find(p, Rank::General).map_or(0.0, |g| -(steps(g, (row, column)) as f32)) - row.abs_diff(2) as f32
    });
    placement.spread(Rank::Colonel, 2.0, rng, row_liking(2));
    placement.spread(Rank::Miner, 2.0, rng, row_liking(3));
    placement.spread(Rank::Major, 2.0, rng, row_liking(1));
    placement.spread(Rank::Captain, 2.0, rng, row_liking(1));
    placement.spread(Rank::Lieutenant, 2.0, rng, row_liking(0));
    placement.spread(Rank::Sergeant, 2.0, rng, row_liking(0));
    placement.finish()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{choices, choices_under};
    use super::*;
    use crate::rules::{ScoutRule, StrategyChessRules};
    use game_core::rng::seeded;

    #[test]
    fn scouts_stand_in_the_lanes() {
        for seed in 0..20 {
            let setup = setup(&Army::CLASSIC, &mut seeded(seed));
            assert_eq!(setup.check(&Army::CLASSIC), Ok(()));
            let lane_scouts = (0..10).filter(|&c| in_lane(c) && setup.get(0, c) == Some(Rank::Scout)).count();
            assert_eq!(lane_scouts, 6, "seed {seed}\n{setup}");
        }
    }

    /// Two Scouts with open lines: e2 up the e-file to an unmoved piece on
    /// Blue's back row, j2 up the j-file to one on Blue's front row.
    const TWO_OPEN_FILES: &str = "\
bF bB . . b5 . . . . .
bB . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . b6
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . r9 . . . . r9
. . . . . . . . rB rF
to_move: red
";

    #[test]
    fn runs_a_scout_down_an_open_file_to_an_unmoved_back_row_piece() {
        let moves = choices(&STYLE, TWO_OPEN_FILES, &[], 12);
        assert!(moves.iter().all(|m| m == "e2xe10"), "{moves:?}");
        // Without strikes from afar, the Scout runs up to the piece first.
        let rules = StrategyChessRules { scouts: ScoutRule::LongNoStrike, ..StrategyChessRules::default() };
        let moves = choices_under(&rules, &STYLE, TWO_OPEN_FILES, &[], 12);
        assert!(moves.iter().all(|m| m == "e2-e9"), "{moves:?}");
    }
}
