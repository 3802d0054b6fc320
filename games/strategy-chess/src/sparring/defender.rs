//! `defender`: a cautious defender.
//!
//! - **Setup:** the Flag on the back row, in a corner or on the edge, every
//!   neighbour a Bomb; the other Bombs close the lanes (one on the front
//!   row of each lane, the Flag's lane first). The Marshal, the General,
//!   the Spy (beside the General) and the Colonels stand on the second row
//!   from the back; Miners at the back; Scouts, Sergeants and Lieutenants
//!   in front, as probes.
//! - **Probes only with low ranks:** an unknown enemy piece is struck only
//!   by a Scout, a Sergeant or a Lieutenant, or by a Miner if it never
//!   moved (it may be a Bomb).
//! - **Sure strikes only:** an identified enemy piece is struck only by a
//!   piece sure to win, the cheapest such piece.
//! - **Strong pieces stay home** (the Marshal, the General, the Colonels)
//!   until every enemy piece that could beat or trade with them is dead or
//!   identified, or the game stalls towards a draw by `no_capture_limit`.
//! - A piece threatened by an identified stronger enemy steps away or is
//!   covered (the shared safety term), an enemy piece near the Flag draws
//!   the probes and the sure strikers, and no piece steps next to an
//!   identified enemy that beats it.
//!
//! The probes' and the rusher's rules for the rest of its army are the
//! ones here ([`careful_strike`], [`stay_home`]).

use super::Style;
use super::placement::{BACK, LANES, Placement, find, steps};
use super::reading::{Chances, Reading};
use super::tactics::{Candidate, Plan, Temper, choose, urgency};
use crate::army::Army;
use crate::moves::Move;
use crate::rank::Rank;
use crate::setup::Setup;
use crate::square::Square;
use crate::view::StrategyChessView;
use game_core::rng::GameRng;
use rand::Rng;

/// The style.
pub(super) const STYLE: Style = Style {
    name: "defender",
    description: "cautious: Flag walled in by Bombs, probes with low ranks, strikes only when sure to win",
    setup,
    choose: choose_move,
};

/// The ranks that probe unknown pieces: cheap, and their loss teaches
/// what beat them.
pub(super) fn is_probe(rank: Rank) -> bool {
    matches!(rank, Rank::Scout | Rank::Sergeant | Rank::Lieutenant)
}

/// The defender's rule for strikes: sure wins with any piece; on an
/// unknown piece, probes, or a Miner on a piece that never moved.
pub(super) fn careful_strike(reading: &Reading, piece: Rank, target: Square, chances: &Chances) -> bool {
    if chances.sure_win() {
        return true;
    }
    if reading.certain(target).is_some() {
        return false;
    }
    let unmoved = reading.foe(target).is_some_and(|p| !p.facts.moved);
    is_probe(piece) || (piece == Rank::Miner && unmoved)
}

/// What keeping strong pieces at home is worth for `candidate`: a strong
/// piece (Colonel or better) that an unidentified enemy piece could still
/// beat or trade with pays for every row it stands beyond the setup rows.
/// The rule gives way as the game stalls ([`urgency`]): a draw by
/// `no_capture_limit` is no better than a risk taken.
pub(super) fn stay_home(reading: &Reading, candidate: &Candidate) -> f32 {
    let piece = candidate.piece;
    if piece > Rank::Colonel || reading.unmatched(piece) {
        return 0.0;
    }
    let beyond = |sq: Square| sq.depth_for(reading.me).saturating_sub(3) as f32;
    -30.0 * (1.0 - urgency(reading)) * (beyond(candidate.mv.to) - beyond(candidate.mv.from))
}

/// The cheapest sure striker: a sure strike pays a twentieth of the
/// striker's worth, so of the pieces sure to win the least valuable one
/// strikes (the strong ones stay unknown and where they are).
pub(super) fn cheapest_striker(reading: &Reading, candidate: &Candidate) -> f32 {
    match candidate.strike {
        Some(chances) if chances.sure_win() => -0.05 * reading.my_value(candidate.piece),
        _ => 0.0,
    }
}

struct Defender;

impl Plan for Defender {
    fn temper(&self) -> Temper {
        Temper { curiosity: 1.6, caution: 0.7, drive: 1.0, watch: 80.0 }
    }

    fn may_strike(&self, reading: &Reading, piece: Rank, target: Square, chances: &Chances) -> bool {
        careful_strike(reading, piece, target, chances)
    }

    fn bonus(&self, reading: &Reading, candidate: &Candidate) -> f32 {
        let mut bonus = cheapest_striker(reading, candidate) + stay_home(reading, candidate);
        // Probes take the middle rows, where the enemy comes to them.
        if is_probe(candidate.piece) && candidate.mv.to.depth_for(reading.me) <= 5 {
            bonus += 3.0 * candidate.advance(reading) as f32;
        }
        bonus
    }
}

fn choose_move(view: &StrategyChessView, rng: &mut GameRng) -> Option<Move> {
    choose(&Defender, view, rng)
}

/// The defender's setup (see the module docs).
fn setup(army: &Army, rng: &mut GameRng) -> Setup {
    let mut placement = Placement::new(army);
    let flag_column = placement.fortress(rng);
    placement.post_guards(flag_column);
    // The other Bombs close the lanes, the Flag's own lane first.
    let mut lanes = LANES;
    lanes.sort_by_key(|lane| lane[0].abs_diff(flag_column).min(lane[1].abs_diff(flag_column)));
    for lane in lanes {
        let column = if rng.random_bool(0.5) { lane[0] } else { lane[1] };
        placement.put(Rank::Bomb, 0, column);
    }
    let flag = (BACK, flag_column);
    placement.spread(Rank::Bomb, 1.0, rng, |_, row, column| -(steps((row, column), flag) as f32));
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
    placement.spread(Rank::Scout, 2.0, rng, row_liking(0));
    placement.finish()
}

#[cfg(test)]
mod tests {
    use super::super::tests::choices;
    use super::*;
    use crate::setup::SETUP_COLUMNS;
    use game_core::rng::seeded;

    #[test]
    fn the_flag_is_walled_in_and_the_lanes_closed() {
        for seed in 0..20 {
            let setup = setup(&Army::CLASSIC, &mut seeded(seed));
            assert_eq!(setup.check(&Army::CLASSIC), Ok(()));
            let column = (0..SETUP_COLUMNS).find(|&c| setup.get(BACK, c) == Some(Rank::Flag));
            let column = column.unwrap_or_else(|| panic!("the Flag on the back row: seed {seed}\n{setup}"));
            let neighbours =
                [(BACK - 1, Some(column)), (BACK, column.checked_sub(1)), (BACK, Some(column + 1))];
            for (row, c) in neighbours {
                if let Some(c) = c.filter(|&c| c < SETUP_COLUMNS) {
                    assert_eq!(setup.get(row, c), Some(Rank::Bomb), "seed {seed}: {row},{c}\n{setup}");
                }
            }
            for lane in LANES {
                assert!(lane.iter().any(|&c| setup.get(0, c) == Some(Rank::Bomb)), "seed {seed}\n{setup}");
            }
            let marshal = find_rank(&setup, Rank::Marshal);
            assert!(marshal.0 >= 1, "the Marshal stays back: seed {seed}\n{setup}");
        }
    }

    fn find_rank(setup: &Setup, rank: Rank) -> (usize, usize) {
        (0..4)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .find(|&(r, c)| setup.get(r, c) == Some(rank))
            .unwrap()
    }

    /// Red's General next to a Blue piece that moved: unknown, so only a
    /// probe may find out what it is.
    const GENERAL_NEXT_TO_AN_UNKNOWN: &str = "\
bF bB . . . b9 b9 b8 b2 b7
bB . . . . . . . . b7
. . . . . . . . . .
. . . . b6 . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . r2 . . . .
. . . . . . . . . .
. . . . . . . . . r7
. . . . . . . . rB rF
to_move: blue
";

    #[test]
    fn does_not_strike_an_unknown_piece_with_its_general() {
        // Blue's Lieutenant steps next to the General: it moved, so it is
        // no Bomb, and the General would win, but the defender does not
        // know that.
        let moves = choices(&STYLE, GENERAL_NEXT_TO_AN_UNKNOWN, &["e7-e6", "f4-f5", "e6-e5"], 12);
        assert!(moves.iter().all(|m| m != "f5xe5"), "{moves:?}");
    }

    /// Red's Captain next to Blue's revealed Major, which beats it; the
    /// Captain can step away to g4 or f3.
    const CAPTAIN_UNDER_THREAT: &str = "\
bF bB . . . . . . . .
bB . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . b4 ~ ~ . .
. . ~ ~ . r9 ~ ~ . .
. . . . . r5 . . . .
. . . . . . . . . .
. . . . . . . . . r7
. . . . . . . . rB rF
to_move: blue
";

    #[test]
    fn a_threatened_piece_steps_away_from_a_stronger_revealed_enemy() {
        // Blue's Major takes the Scout on f5 and stands revealed next to
        // the Captain on f4.
        let moves = choices(&STYLE, CAPTAIN_UNDER_THREAT, &["f6xf5"], 12);
        for mv in &moves {
            assert!(mv == "f4-e4" || mv == "f4-g4" || mv == "f4-f3", "{moves:?}");
        }
    }
}
