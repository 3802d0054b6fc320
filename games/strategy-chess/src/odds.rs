//! Strikes on unknown pieces, scored at their odds.
//!
//! The AI searches positions sampled from its view, and in each sample
//! every rank is known. Left alone, the search there plays as if it could
//! see: after a first strike it walks its Marshal from piece to piece,
//! stepping round exactly those that are Bombs *in that sample*, and the
//! rampage looks safe in every sample although in the real game each
//! further strike risks the Marshal. (The "strategy fusion" of sampling
//! searches.) The real player would strike at the odds it believes.
//!
//! [`StrikeOdds`] gives every unknown piece of a sampled position its
//! *expected* material swing for each rank that might strike it, worked
//! out from the striking side's beliefs: the searching side's
//! ([`crate::beliefs`]) for enemy pieces, and for its own pieces what the
//! enemy can know (the hard facts: counts, moved or not). When a piece
//! strikes an unknown piece during the search, the battle is fought out as
//! the sample has it, and the difference between the swing it really made
//! and the expected swing is booked as the striker's *luck*. The evaluation
//! takes luck back out ([`crate::eval`]), so a strike counts what it was
//! worth on the odds, while its consequences on the board still follow the
//! sample. A struck Flag ends the game and is priced by the averaging over
//! samples, so the expectation leaves the Flag out; beyond the root the
//! Marshal and the General take a Flag only where it is believed likely
//! ([`StrikeOdds::finds_flag`]).
//!
//! Only positions made for search carry odds; the referee's never do.
//! This module holds the odds and their booking, which every position of
//! a search carries; [`crate::odds_draw`] works them out from a view.

use crate::combat::{Clash, battle};
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::rules::BombRule;
use crate::square::{SQUARES, Square};
use std::sync::Arc;

/// No odds for this square.
pub(crate) const NONE: u8 = u8::MAX;

/// The expected swing of striking each unknown piece, and the luck booked
/// so far. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrikeOdds {
    table: Arc<OddsTable>,
    /// The entry of the piece on each square (`NONE`: no odds).
    slot: [u8; SQUARES],
    /// Luck booked per colour: real swing less expected swing, summed.
    luck: [i32; 2],
}

/// What does not change during a search: shared by every position.
#[derive(Debug, PartialEq, Eq)]
struct OddsTable {
    /// Per entry, per striking rank: the striker's expected material swing.
    expected: Vec<[i32; RANK_COUNT]>,
    /// Per entry: the believed chance, in thousandths, that the piece is
    /// the Flag.
    flag: Vec<u16>,
    /// Piece values by colour and rank, for the swing a battle really made.
    values: [[i32; RANK_COUNT]; 2],
    /// The plies played before the search's root.
    root_plies: u32,
}

/// The believed chance, in thousandths, from which a strike beyond the
/// root that meets the Flag takes it ([`StrikeOdds::finds_flag`]).
pub const FLAG_SURE: u16 = 500;

/// The material swing for the striker when `attacker` (of `colour`)
/// strikes `defender`, with `values` by colour.
pub(crate) fn swing(
    values: &[[i32; RANK_COUNT]; 2],
    colour: Colour,
    attacker: Rank,
    defender: Rank,
    bombs: BombRule,
) -> i32 {
    let own = values[colour.index()][attacker.index()];
    let theirs = values[colour.opponent().index()][defender.index()];
    match battle(attacker, defender, bombs) {
        Some(Clash::AttackerWins | Clash::FlagCaptured) => theirs,
        Some(Clash::DefenderWins) => -own,
        Some(Clash::BothDie) => theirs - own,
        None => 0,
    }
}

impl StrikeOdds {
    /// Odds from their table: per entry and striking rank, the expected
    /// swing; piece values by colour; each square's entry.
    pub(crate) fn from_table(
        expected: Vec<([i32; RANK_COUNT], u16)>,
        values: [[i32; RANK_COUNT]; 2],
        slot: [u8; SQUARES],
        root_plies: u32,
    ) -> StrikeOdds {
        let (expected, flag) = expected.into_iter().unzip();
        StrikeOdds { table: Arc::new(OddsTable { expected, flag, values, root_plies }), slot, luck: [0; 2] }
    }

    /// Whether a strike by `attacker` at `plies` on the unknown piece on
    /// `to`, the Flag in this sample, takes it. A rank below the General
    /// always does (its walks to likely Flags are how a lead is turned
    /// into a win). The Marshal and the General do at the root: the move
    /// is the same in every sample, and the samples count how often it
    /// finds the Flag. Beyond the root a search that
    /// knows where the sample's Flag stands would strike just that piece,
    /// where the real player must guess (strategy fusion), and the
    /// lottery walks the two strongest pieces into the enemy's camp: there
    /// only a piece believed the Flag at [`FLAG_SURE`] or more (or with no
    /// odds: the Flag in every draw) is taken, and any other fails as if
    /// it were a Bomb.
    #[inline]
    pub(crate) fn finds_flag(&self, attacker: Rank, to: Square, plies: u32) -> bool {
        let entry = self.slot[to.index()];
        attacker > Rank::General
            || plies == self.table.root_plies
            || entry == NONE
            || self.table.flag[entry as usize] >= FLAG_SURE
    }

    /// The luck `colour` has had in strikes so far.
    pub fn luck(&self, colour: Colour) -> i32 {
        self.luck[colour.index()]
    }

    /// Books a battle in which `attacker` of `colour` struck `defender` on
    /// `to`, coming from `from`, if the defender was unknown to it
    /// (`unknown`); then moves the odds along with the pieces.
    #[inline]
    pub(crate) fn record(
        &mut self,
        colour: Colour,
        from: Square,
        to: Square,
        fight: Option<(Rank, Rank, Clash)>,
        unknown: bool,
        bombs: BombRule,
    ) {
        if let Some((attacker, defender, clash)) = fight {
            let entry = self.slot[to.index()];
            if unknown && entry != NONE && defender != Rank::Flag {
                let real = swing(&self.table.values, colour, attacker, defender, bombs);
                self.luck[colour.index()] += real - self.table.expected[entry as usize][attacker.index()];
            }
            if !clash.attacker_survives() {
                self.slot[from.index()] = NONE;
                if !clash.defender_survives() {
                    self.slot[to.index()] = NONE;
                }
                return;
            }
        }
        self.slot[to.index()] = self.slot[from.index()];
        self.slot[from.index()] = NONE;
    }

    /// A number that differs between different luck, for the hash.
    pub(crate) fn fingerprint(&self) -> u64 {
        (self.luck[0] as u32 as u64) << 32 | self.luck[1] as u32 as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::beliefs::{BeliefModel, Beliefs};
    use crate::game::StrategyChess;
    use crate::rules::StrategyChessRules;
    use game_core::{Game, Observe, Outcome, Seat};

    /// Red's General on e9 beside Blue's Flag on e10; Blue's other pieces
    /// are Bombs on a10 and j10 and a Sergeant on b7. Red's Sergeant on d10
    /// stands beside the Flag too.
    const TEXT: &str = "\
bB . . r7 bF . . . . bB
. . . . r2 . . . . .
. . . . . . . . . .
. b7 . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
rF . . . . . . . . r9
to_move: red
";

    fn play(game: &mut StrategyChess, moves: &[&str]) {
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.play(mv);
        }
    }

    /// Red's search position from `game` as it stands: the odds from Red's
    /// beliefs, searched for Red.
    fn searched(game: &StrategyChess) -> StrategyChess {
        let view = game.view(Seat::FIRST);
        let beliefs = Beliefs::of(&view, &BeliefModel::for_insight(2));
        let odds = StrikeOdds::of(&view, &beliefs, &mut game_core::rng::seeded(7));
        game.clone().with_odds(odds).searched_for(Colour::Red)
    }

    fn flag_chance(game: &StrategyChess, square: &str) -> u16 {
        let odds = game.odds.as_ref().unwrap();
        odds.table.flag[odds.slot[Square::parse(square).unwrap().index()] as usize]
    }

    #[test]
    fn beyond_the_root_the_general_strikes_a_guessed_flag_as_if_it_were_a_bomb() {
        let game = StrategyChess::parse_position(&StrategyChessRules::default(), TEXT).unwrap();
        let root = searched(&game);
        assert!(flag_chance(&root, "e10") < FLAG_SURE, "four unmoved pieces may be the Flag");

        let mut at_root = root.clone();
        play(&mut at_root, &["e9xe10"]);
        assert_eq!(at_root.outcome(), Some(Outcome::win(Seat::FIRST, 1)), "the root's strike takes it");

        let mut beyond = root.clone();
        play(&mut beyond, &["j1-j2", "b7-b6", "e9xe10"]);
        assert_eq!(beyond.outcome(), None);
        assert_eq!(beyond.piece(Square::parse("e9").unwrap()), None, "the General died on it");
        assert_eq!(beyond.remaining(Colour::Blue)[Rank::Flag.index()], 1);

        let mut sergeant = root.clone();
        play(&mut sergeant, &["j1-j2", "b7-b6", "d10xe10"]);
        assert_eq!(sergeant.outcome(), Some(Outcome::win(Seat::FIRST, 1)), "only the two strongest guess");

        let mut unsearched = game.clone();
        play(&mut unsearched, &["j1-j2", "b7-b6", "e9xe10"]);
        assert_eq!(unsearched.outcome(), Some(Outcome::win(Seat::FIRST, 1)), "only a search guesses");
    }

    #[test]
    fn beyond_the_root_a_flag_that_can_be_nothing_else_is_taken() {
        // Without the Bombs, once the Sergeant has moved only e10 is left.
        let text = TEXT.replacen("bB", ".", 2);
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), &text).unwrap();
        play(&mut game, &["j1-j2", "b7-b6"]);
        let mut beyond = searched(&game);
        play(&mut beyond, &["j2-j1", "b6-b7", "e9xe10"]);
        assert_eq!(beyond.outcome(), Some(Outcome::win(Seat::FIRST, 1)));
    }
}
