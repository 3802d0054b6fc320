//! Not going round in circles: the computer's dislike of positions it has
//! already had.
//!
//! A search of a few plies sees no difference between moving a piece
//! `a5-b5` and back and anything else when nothing is within reach, so two
//! computers can shuffle for thousands of moves (the manager of the UCC
//! competition plays without a no-capture limit). [`repetition_bias`]
//! charges a move that recreates a position seen earlier with the same
//! player to move: [`REPEAT_COST`] for each time it was seen. The charge is
//! small, a fraction of a Scout, so it only decides between moves the
//! search finds about equal; a real threat still wins over it.
//!
//! A shuffle that goes on regardless, a position seen more than
//! [`LONG_SHUFFLE`] times since the last battle, costs [`ESCALATION`] more
//! for every further sighting, up to [`SHUFFLE_COST_CAP`]: a piece that
//! dodges a chaser to and fro for hundreds of plies (the UCC manager's
//! rules have no two-square rule) is in the end dearer than a risk that
//! ends the dance, such as leaving it to fetch a piece that can strike the
//! chaser.
//!
//! A position is the public arrangement: which squares hold Red pieces and
//! which hold Blue pieces. Battles remove pieces, so no position before
//! the last battle can come back; only the quiet moves since then are read.

use crate::moves::Move;
use crate::rank::Colour;
use crate::square::SQUARES;
use crate::view::{Seen, StrategyChessView};
use game_core::rng::zobrist_keys;

/// Quiet plies the searching side waits before a lead starts to fade.
pub const PATIENCE: u32 = 150;

/// Quiet plies over which a lead fades from whole to [`LEAD_FLOOR`].
pub const FADE_PLIES: u32 = 150;

/// The share of a lead, in percent, left after [`FADE_PLIES`].
pub const LEAD_FLOOR: i32 = 50;

/// `value` for the searching side after `quiet_plies` without a battle:
/// a lead (a positive value) fades after [`PATIENCE`] quiet plies towards
/// [`LEAD_FLOOR`] percent of itself; a deficit stays whole.
///
/// A battle starts the count again, so a side that is ahead and has shuffled
/// sees its lead back by striking: a probe with a cheap piece, a Miner on a
/// likely Bomb. The side behind is not rewarded for stalling (its value does
/// not move), unlike a symmetric fade, which made both sides stall.
pub fn impatience(value: i32, quiet_plies: u32) -> i32 {
    if value <= 0 || quiet_plies <= PATIENCE {
        return value;
    }
    let faded = (quiet_plies - PATIENCE).min(FADE_PLIES) as i64;
    let share = 100 * i64::from(FADE_PLIES) - (100 - i64::from(LEAD_FLOOR)) * faded;
    (i64::from(value) * share / (100 * i64::from(FADE_PLIES))) as i32
}

/// What a move that recreates an earlier position costs, per time seen.
pub const REPEAT_COST: i32 = 8;

/// The first this many earlier sightings are charged [`REPEAT_COST`]
/// each (a long shuffle costs more, see [`shuffle_cost`]).
pub const MAX_CHARGED: i32 = 4;

/// Sightings of one position beyond which a shuffle is a long one.
pub const LONG_SHUFFLE: i32 = 8;

/// What each sighting beyond [`LONG_SHUFFLE`] adds.
pub const ESCALATION: i32 = 16;

/// The most a repetition costs, about a Major.
pub const SHUFFLE_COST_CAP: i32 = 150;

/// How far back, in plies, earlier positions are looked for.
pub const MEMORY: usize = 200;

static OCCUPANT_KEYS: [u64; SQUARES * 2] = zobrist_keys(0x5245_5045_4154);

fn key_of(square: usize, colour: Colour) -> u64 {
    OCCUPANT_KEYS[square * 2 + colour.index()]
}

/// The cost (a value to subtract) of playing `mv` from `view`, by how
/// often the position it leads to has been seen with the opponent to move.
/// A strike costs nothing: it changes the army.
pub fn repetition_bias(view: &StrategyChessView, mv: Move) -> i32 {
    let me = view.colour_to_move();
    if view.piece(mv.to).is_some() {
        return 0;
    }
    let mut owner: [Option<Colour>; SQUARES] = [None; SQUARES];
    let mut key = 0u64;
    for (square, seen) in view.squares() {
        if let Seen::Piece(piece) = seen {
            owner[square.index()] = Some(piece.colour);
            key ^= key_of(square.index(), piece.colour);
        }
    }
    let target = key ^ key_of(mv.from.index(), me) ^ key_of(mv.to.index(), me);
    let mut seen = 0;
    // Walk back through the quiet moves, undoing each.
    for event in view.history().iter().rev().take(MEMORY) {
        if event.battle.is_some() {
            break;
        }
        // The position right after this move, with `event.colour`'s opponent to move.
        if event.colour == me && key == target {
            seen += 1;
        }
        let (from, to) = (event.from.index(), event.to.index());
        if owner[to] != Some(event.colour) || owner[from].is_some() {
            break;
        }
        owner[to] = None;
        owner[from] = Some(event.colour);
        key ^= key_of(to, event.colour) ^ key_of(from, event.colour);
    }
    shuffle_cost(seen)
}

/// The cost of recreating a position seen `seen` times: [`REPEAT_COST`]
/// for each of the first [`MAX_CHARGED`], and [`ESCALATION`] for each
/// beyond [`LONG_SHUFFLE`], at most [`SHUFFLE_COST_CAP`].
pub fn shuffle_cost(seen: i32) -> i32 {
    let escalation = ESCALATION * (seen - LONG_SHUFFLE).max(0);
    (REPEAT_COST * seen.min(MAX_CHARGED) + escalation).min(SHUFFLE_COST_CAP)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StrategyChess;
    use crate::rules::StrategyChessRules;
    use game_core::{Game, Observe, Seat};

    #[test]
    fn a_lead_fades_while_nothing_happens_and_a_deficit_does_not() {
        assert_eq!(impatience(300, PATIENCE), 300, "patient at first");
        assert_eq!(impatience(300, PATIENCE + FADE_PLIES / 2), 300 * (100 + LEAD_FLOOR) / 200);
        assert_eq!(impatience(300, PATIENCE + FADE_PLIES), 300 * LEAD_FLOOR / 100);
        assert_eq!(impatience(300, 10_000), 300 * LEAD_FLOOR / 100, "never below the floor");
        assert_eq!(impatience(-300, 10_000), -300);
        assert_eq!(impatience(0, 10_000), 0);
        let faded: Vec<i32> = (0..300).step_by(10).map(|q| impatience(1000, q)).collect();
        assert!(faded.windows(2).all(|w| w[1] <= w[0]), "{faded:?}");
    }

    #[test]
    fn going_back_and_forth_costs_and_grows() {
        let text = "\
. . . . bF . . . . .
. . . . . . . . . .
. . . . . . . . b5 .
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. r5 . . . . . . . .
. . . . . . . . . .
. . . . rF . . . . .
to_move: red
";
        let rules = StrategyChessRules { two_square_rule: false, ..StrategyChessRules::default() };
        let mut game = StrategyChess::parse_position(&rules, text).unwrap();
        let mv = |game: &StrategyChess, text: &str| game.parse_move(text).unwrap();
        let back = mv(&game, "b3-b4");
        assert_eq!(repetition_bias(&game.view(Seat::FIRST), back), 0, "nothing seen yet");
        for (i, text) in ["b3-b4", "i8-i7", "b4-b3", "i7-i8"].iter().cycle().take(8).enumerate() {
            let m = mv(&game, text);
            game.play(m);
            if i == 3 {
                // Red's b3-b4 now leads back to the position after its first move.
                assert_eq!(repetition_bias(&game.view(Seat::FIRST), back), REPEAT_COST);
                let other = mv(&game, "b3-c3");
                assert_eq!(repetition_bias(&game.view(Seat::FIRST), other), 0);
            }
        }
        assert_eq!(repetition_bias(&game.view(Seat::FIRST), back), 2 * REPEAT_COST);
        // Going on for a hundred plies, the same move grows dearer than a
        // Colonel put at some risk.
        for text in ["b3-b4", "i8-i7", "b4-b3", "i7-i8"].iter().cycle().take(100) {
            let m = mv(&game, text);
            game.play(m);
        }
        assert_eq!(repetition_bias(&game.view(Seat::FIRST), back), SHUFFLE_COST_CAP);
    }

    #[test]
    fn a_long_shuffle_escalates_up_to_its_cap() {
        let costs: Vec<i32> = (0..60).map(shuffle_cost).collect();
        assert_eq!(&costs[..=LONG_SHUFFLE as usize], &[0, 8, 16, 24, 32, 32, 32, 32, 32]);
        assert_eq!(costs[LONG_SHUFFLE as usize + 1], 32 + ESCALATION);
        assert!(costs.windows(2).all(|w| w[1] >= w[0]));
        assert_eq!(costs[59], SHUFFLE_COST_CAP);
    }
}
