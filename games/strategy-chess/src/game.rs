//! The full position of a game, and the [`Game`] trait.
//!
//! # How a game ends
//! - **Flag:** striking the enemy Flag wins at once.
//! - **No legal move:** a player to move with no legal move (the repetition
//!   rules applied) loses; but if the other player could not move either
//!   (no piece of theirs that could step anywhere, the repetition rules
//!   aside) the game is a draw. This covers the last two movable pieces
//!   dying in one battle.
//! - **`no_capture_limit`:** that many plies in a row without a battle draw
//!   the game; with the limit off (0) a game still ends as a draw after
//!   10,000 plies.
//!
//! A win has **margin 1** and a draw margin 0: Strategy Chess has no score,
//! only the flag.

use crate::board::{Board, PublicFacts};
use crate::combat::{Clash, battle};
use crate::history::{Battle, PublicEvent, PublicHistory};
use crate::moves::Move;
use crate::odds::StrikeOdds;
use crate::rank::{Colour, Piece, RANK_COUNT, Rank};
use crate::repetition::{Chase, TwoSquare};
use crate::rules::{BombRule, MAX_PLIES, ScoutRule, StrategyChessRules};
use crate::square::Square;
use game_core::Outcome;
use game_core::rng::zobrist_keys;
use std::sync::Arc;

/// The rule options the hot paths read, copied out of the shared rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Flags {
    pub scouts: ScoutRule,
    pub bombs: BombRule,
    pub two_square_rule: bool,
    pub more_square_rule: bool,
    pub no_capture_limit: u32,
}

impl Flags {
    pub(crate) fn of(rules: &StrategyChessRules) -> Flags {
        Flags {
            scouts: rules.scouts,
            bombs: rules.bombs,
            two_square_rule: rules.two_square_rule,
            more_square_rule: rules.more_square_rule,
            no_capture_limit: rules.no_capture_limit,
        }
    }
}

/// A full Strategy Chess position: every piece with its rank. **Only the
/// referee holds one**; players get a [`crate::StrategyChessView`].
///
/// Cloning copies a few hundred bytes and bumps two reference counts; play
/// never allocates unless the position logs its history (see
/// [`StrategyChess::logs_history`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyChess {
    pub(crate) rules: Arc<StrategyChessRules>,
    pub(crate) flags: Flags,
    pub(crate) board: Board,
    pub(crate) to_move: Colour,
    pub(crate) plies: u32,
    pub(crate) quiet_plies: u32,
    pub(crate) initial: [[u8; RANK_COUNT]; 2],
    pub(crate) remaining: [[u8; RANK_COUNT]; 2],
    pub(crate) two_square: TwoSquare,
    pub(crate) chase: Chase,
    pub(crate) last_move: Option<PublicEvent>,
    pub(crate) history: PublicHistory,
    pub(crate) logs_history: bool,
    pub(crate) outcome: Option<Outcome>,
    /// Positions made for search may carry the odds of strikes on unknown
    /// pieces ([`crate::odds`]); the referee's never do.
    pub(crate) odds: Option<StrikeOdds>,
    /// The side a search is for, in positions made for search: it grows
    /// impatient when ahead ([`crate::progress::impatience`]).
    pub(crate) searcher: Option<Colour>,
    /// In positions made for a search that every draw showed lost: an
    /// enemy strike on the searcher's Flag fails as if on a Bomb
    /// ([`StrategyChess::hoping`]).
    pub(crate) hope: bool,
}

pub(crate) const BLUE_TO_MOVE_KEY: u64 = zobrist_keys::<1>(0x424c_5545)[0];

impl StrategyChess {
    /// A position with these pieces, `to_move` to move, nothing moved or
    /// revealed, an empty history; its army is what the board holds.
    pub(crate) fn from_board(rules: &StrategyChessRules, board: Board, to_move: Colour) -> StrategyChess {
        let counts = [board.counts(Colour::Red), board.counts(Colour::Blue)];
        let mut position = StrategyChess {
            rules: Arc::new(rules.clone()),
            flags: Flags::of(rules),
            board,
            to_move,
            plies: 0,
            quiet_plies: 0,
            initial: counts,
            remaining: counts,
            two_square: TwoSquare::default(),
            chase: Chase::default(),
            last_move: None,
            history: PublicHistory::default(),
            logs_history: true,
            outcome: None,
            odds: None,
            searcher: None,
            hope: false,
        };
        position.outcome = position.ending(None);
        position
    }

    /// The piece on `square`. **Referee side only**: players see a view.
    pub fn piece(&self, square: Square) -> Option<Piece> {
        self.board.piece(square)
    }

    /// The public facts of the piece on `square`.
    pub fn facts(&self, square: Square) -> PublicFacts {
        self.board.facts(square)
    }

    /// Who is to move.
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// Plies played since the game started (or since the position was read).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Plies in a row without a battle.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// How many pieces of each rank `colour` has left (indexed like
    /// [`crate::Rank::ALL`]).
    pub fn remaining(&self, colour: Colour) -> [u8; RANK_COUNT] {
        self.remaining[colour.index()]
    }

    /// How many pieces of each rank `colour` started with.
    pub fn initial(&self, colour: Colour) -> [u8; RANK_COUNT] {
        self.initial[colour.index()]
    }

    /// The last move and its battle, if any.
    pub fn last_move(&self) -> Option<PublicEvent> {
        self.last_move
    }

    /// This position with `odds` for strikes on unknown pieces (search
    /// positions only; see [`crate::odds`]).
    pub fn with_odds(mut self, odds: StrikeOdds) -> StrategyChess {
        self.odds = Some(odds);
        self
    }

    /// This position searched for `colour` (search positions only), which
    /// grows impatient when it is ahead and nothing happens
    /// ([`crate::progress::impatience`]).
    pub fn searched_for(mut self, colour: Colour) -> StrategyChess {
        self.searcher = Some(colour);
        self
    }

    /// This position searched for its searcher ([`Self::searched_for`])
    /// as if the enemy could not find the searcher's Flag by luck: an
    /// enemy strike on it fails as if on a Bomb (search positions only,
    /// for a side lost against an enemy that sees everything; see
    /// [`game_core::Observe::hopeful_sampler`]).
    pub fn hoping(mut self) -> StrategyChess {
        self.hope = true;
        self
    }

    /// The public history (complete while the position logs it).
    pub fn history(&self) -> &PublicHistory {
        &self.history
    }

    /// The state of `two_square_rule`.
    pub fn two_square(&self) -> &TwoSquare {
        &self.two_square
    }

    /// The state of `more_square_rule`.
    pub fn chase(&self) -> &Chase {
        &self.chase
    }

    /// Whether moves played on this position are added to its public
    /// history. True for positions made by `start` and `parse_position`
    /// (the referee's); false for positions made by `sample`, which are for
    /// search: they keep the history they were sampled with and play without
    /// allocating.
    pub fn logs_history(&self) -> bool {
        self.logs_history
    }

    /// This position, logging its history or not from now on (see
    /// [`StrategyChess::logs_history`]). Perft and benchmarks turn it off.
    pub fn with_history_log(mut self, on: bool) -> StrategyChess {
        self.logs_history = on;
        self
    }

    /// Swaps the ranks of the pieces on `a` and `b`, which must be two
    /// pieces of the same colour; each keeps its square and public facts,
    /// and the army's counts do not change. Returns false (changing
    /// nothing) otherwise.
    ///
    /// The outcome is worked out again for the new ranks, as the last move
    /// would have left it: whether the side to move has a legal move
    /// depends on them (a Bomb never moves), so a swap may end the game or
    /// undo that end. A Flag taken by the last move stays taken.
    ///
    /// For a player's own record of a game it only partly sees (the UCC
    /// bot): its stand-in ranks for hidden enemy pieces must follow what
    /// each move and battle reveals. A referee never needs it.
    pub fn swap_ranks(&mut self, a: Square, b: Square) -> bool {
        let (Some(first), Some(second)) = (self.board.piece(a), self.board.piece(b)) else {
            return false;
        };
        if a == b || first.colour != second.colour {
            return false;
        }
        let (facts_a, facts_b) = (self.board.facts(a), self.board.facts(b));
        self.board.remove(a);
        self.board.remove(b);
        self.board.put(a, second, facts_a);
        self.board.put(b, first, facts_b);
        let flag_taker = self
            .last_move
            .filter(|event| event.battle.is_some_and(|b| b.clash == Clash::FlagCaptured))
            .map(|event| event.colour);
        self.outcome = self.ending(flag_taker);
        true
    }

    /// How the game stands after a move by the other side (`flag_taker` if
    /// it took the Flag), or at the start.
    pub(crate) fn ending(&self, flag_taker: Option<Colour>) -> Option<Outcome> {
        if let Some(colour) = flag_taker {
            return Some(Outcome::win(colour.seat(), 1));
        }
        if !self.has_legal_move() {
            let other = self.to_move.opponent();
            return Some(if self.can_move(other) { Outcome::win(other.seat(), 1) } else { Outcome::draw() });
        }
        let limit = self.flags.no_capture_limit;
        if (limit > 0 && self.quiet_plies >= limit) || self.plies >= MAX_PLIES {
            return Some(Outcome::draw());
        }
        None
    }

    pub(crate) fn play_move(&mut self, mv: Move) {
        let colour = self.to_move;
        let enemy = colour.opponent();
        let Move { from, to } = mv;
        let Some(attacker) = self.board.piece(from) else {
            // Not a move of this position: keep the position sane and pass.
            self.to_move = enemy;
            self.plies += 1;
            return;
        };
        let far = from.line_to(to).is_some_and(|(_, d)| d > 1);
        let mut facts = self.board.facts(from);
        facts.moved = true;
        facts.moved_far |= far;
        let mut fight = None;
        let mut flag_taker = None;
        let unknown = self.board.known() & to.bit() == 0;
        match self.board.piece(to) {
            None => self.board.relocate(from, to, facts),
            Some(defender) => {
                let mut clash =
                    battle(attacker.rank, defender.rank, self.flags.bombs).unwrap_or(Clash::DefenderWins);
                if clash == Clash::FlagCaptured && self.flag_out_of_reach(colour, attacker.rank, to, unknown)
                {
                    clash = Clash::DefenderWins;
                }
                facts.revealed = true;
                match clash {
                    Clash::AttackerWins | Clash::FlagCaptured => {
                        self.board.remove(to);
                        self.board.relocate(from, to, facts);
                        self.lose(defender);
                        if clash == Clash::FlagCaptured {
                            flag_taker = Some(colour);
                        }
                    }
                    Clash::DefenderWins => {
                        self.board.remove(from);
                        self.lose(attacker);
                        let mut kept = self.board.facts(to);
                        kept.revealed = true;
                        self.board.set_facts(to, kept);
                    }
                    Clash::BothDie => {
                        self.board.remove(from);
                        self.board.remove(to);
                        self.lose(attacker);
                        self.lose(defender);
                    }
                }
                fight = Some(Battle { attacker: attacker.rank, defender: defender.rank, clash });
            }
        }
        if let Some(odds) = &mut self.odds {
            let battle = fight.map(|b: Battle| (b.attacker, b.defender, b.clash));
            odds.record(colour, from, to, battle, unknown, self.flags.bombs);
        }
        self.two_square.record(colour, from, to);
        if fight.is_some_and(|b| !b.clash.attacker_survives()) {
            self.two_square.break_row(colour);
        }
        self.chase.record(colour, from, to, fight.is_some(), self.board.occupied(enemy));
        self.plies += 1;
        self.quiet_plies = if fight.is_some() { 0 } else { self.quiet_plies + 1 };
        let event = PublicEvent { colour, from, to, battle: fight };
        self.last_move = Some(event);
        if self.logs_history {
            self.history.push(event);
        }
        self.to_move = enemy;
        self.outcome = self.ending(flag_taker);
    }

    /// Whether, in a position made for search, a strike by `attacker` of
    /// `colour` on the Flag on `to` (`unknown` to the striker) fails as if
    /// on a Bomb: the enemy's strike on the searcher's Flag while it hopes
    /// ([`Self::hoping`]), or the searcher's guess at a Flag beyond the
    /// root ([`StrikeOdds::finds_flag`]).
    fn flag_out_of_reach(&self, colour: Colour, attacker: Rank, to: Square, unknown: bool) -> bool {
        if self.searcher == Some(colour.opponent()) {
            return self.hope;
        }
        unknown
            && self.searcher == Some(colour)
            && self.odds.as_ref().is_some_and(|odds| !odds.finds_flag(attacker, to, self.plies))
    }

    fn lose(&mut self, piece: Piece) {
        let count = &mut self.remaining[piece.colour.index()][piece.rank.index()];
        *count = count.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::Library;
    use crate::setup::Setup;
    use game_core::rng::seeded;
    use game_core::{Evaluate, Game, Observe, Seat};

    fn library_setups(a: u32, b: u32) -> [Setup; 2] {
        let library = Library::builtin();
        [library.entry(a).unwrap().setup, library.entry(b).unwrap().setup]
    }

    #[test]
    fn start_checks_both_setups_against_the_army() {
        let rules = StrategyChessRules::default();
        let game = StrategyChess::start(&rules, &library_setups(1, 2)).unwrap();
        assert_eq!(game.to_move(), Seat::FIRST);
        assert_eq!(game.outcome(), None);
        assert_eq!(game.remaining(Colour::Blue), crate::Army::CLASSIC.counts());
        let err = StrategyChess::start(&rules, &library_setups(1, 2)[..1]).unwrap_err();
        assert!(err.problem.contains("two setups"), "{err}");
        let mut short = library_setups(1, 2);
        short[1].set(0, 0, None);
        let err = StrategyChess::start(&rules, &short).unwrap_err();
        assert_eq!(err.seat, Seat::SECOND);
        assert!(err.problem.contains("4 miner instead of 5"), "{err}");
        let barrage = StrategyChessRules { army: crate::Army::BARRAGE, ..rules.clone() };
        assert!(StrategyChess::start(&barrage, &library_setups(1, 2)).is_err());
        let blue_first = StrategyChessRules { first: Colour::Blue, ..rules };
        let game = StrategyChess::start(&blue_first, &library_setups(1, 2)).unwrap();
        assert_eq!(game.to_move(), Seat::SECOND);
    }

    #[test]
    fn swapping_ranks_keeps_squares_facts_and_counts() {
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        let mut game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
        let (a, b) = (Square::parse("a1").unwrap(), Square::parse("j4").unwrap());
        let (rank_a, rank_b) = (game.piece(a).unwrap().rank, game.piece(b).unwrap().rank);
        let counts = game.remaining(Colour::Red);
        let key = game.hash_key();
        assert!(game.swap_ranks(a, b));
        assert_ne!(game.hash_key(), key, "the key follows the ranks");
        assert_eq!((game.piece(a).unwrap().rank, game.piece(b).unwrap().rank), (rank_b, rank_a));
        assert_eq!(game.remaining(Colour::Red), counts);
        let mut back = game.clone();
        assert!(back.swap_ranks(a, b));
        assert_eq!(back.hash_key(), key);
        let blue = Square::parse("a10").unwrap();
        assert!(!game.swap_ranks(a, blue), "colours differ");
        assert!(!game.swap_ranks(a, Square::parse("a5").unwrap()), "no piece");
        assert!(!game.swap_ranks(a, a));
    }

    #[test]
    fn swapping_ranks_works_the_outcome_out_again() {
        // Red to move: its Miner on a1 is walled in by its Bombs, and its
        // Bomb on e3 cannot move, so Red has no legal move and loses.
        let text = "\
. . . . bF . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . b5 . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . rB . . . . .
rB . . . . . . . . .
r8 rB . . . . . . . .
to_move: red
";
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::win(Seat::SECOND, 1)));
        let (a1, e3) = (Square::parse("a1").unwrap(), Square::parse("e3").unwrap());
        assert!(game.swap_ranks(a1, e3));
        assert_eq!(game.outcome(), None, "the Miner on e3 can move");
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert!(!moves.is_empty());
        assert!(game.swap_ranks(a1, e3));
        assert_eq!(game.outcome(), Some(Outcome::win(Seat::SECOND, 1)), "walled in again");

        // A Flag taken stays taken whatever Red's other ranks are.
        let text = "\
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . bF b5 . . . .
. . ~ ~ r8 . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
rB . . . . . . . . .
r4 rB . . . . . . . .
to_move: red
";
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        game.play(game.parse_move("e6xe7").unwrap());
        assert_eq!(game.outcome(), Some(Outcome::win(Seat::FIRST, 1)));
        assert!(game.swap_ranks(a1, Square::parse("a2").unwrap()));
        assert_eq!(game.outcome(), Some(Outcome::win(Seat::FIRST, 1)), "Blue could move, but lost its Flag");
    }

    #[test]
    fn random_setups_start_games_for_every_army() {
        let custom = crate::Army::EMPTY.with(crate::Rank::Flag, 1).with(crate::Rank::Miner, 3);
        for army in [crate::Army::CLASSIC, crate::Army::BARRAGE, custom] {
            let rules = StrategyChessRules { army, ..StrategyChessRules::default() };
            for (seed, strong) in [(1, true), (2, false)] {
                let mut rng = seeded(seed);
                let setups = [
                    StrategyChess::random_setup(&rules, Seat::FIRST, strong, &mut rng),
                    StrategyChess::random_setup(&rules, Seat::SECOND, strong, &mut rng),
                ];
                assert!(StrategyChess::start(&rules, &setups).is_ok());
            }
        }
    }

    #[test]
    fn the_game_ends_at_10000_plies_with_the_limit_off() {
        let rules = StrategyChessRules { no_capture_limit: 0, ..StrategyChessRules::default() };
        let mut game = StrategyChess::start(&rules, &library_setups(1, 2)).unwrap();
        game.plies = MAX_PLIES - 1;
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        game.play(moves[0]);
        assert_eq!(game.outcome(), Some(Outcome::draw()));
    }

    #[test]
    fn the_history_logs_only_when_asked() {
        let mut game = StrategyChess::start(&StrategyChessRules::default(), &library_setups(1, 2)).unwrap();
        let mv = game.parse_move("a4-a6").unwrap();
        game.play(mv);
        assert_eq!(game.history().len(), 1);
        assert_eq!(game.history().events()[0].notation(), "a4-a6");
        let sampled = StrategyChess::sample(&game.view(Seat::SECOND), &mut seeded(1));
        assert!(!sampled.logs_history());
        let mut quiet = sampled.clone();
        let mut moves = Vec::new();
        quiet.legal_moves(&mut moves);
        quiet.play(moves[0]);
        assert_eq!(quiet.history().len(), 1, "search positions do not log");
        assert_eq!(quiet.last_move().map(|e| e.from), Some(moves[0].from));
        let a6 = Square::parse("a6").unwrap();
        assert!(game.facts(a6).moved_far, "a long move shows a Scout");
    }

    #[test]
    fn evaluation_is_zero_sum_and_counts_material() {
        // The same setup on both sides: the board is the same seen from either.
        let game = StrategyChess::start(&StrategyChessRules::default(), &library_setups(1, 1)).unwrap();
        assert_eq!(game.evaluate(Seat::FIRST), -game.evaluate(Seat::SECOND));
        assert_eq!(game.evaluate(Seat::FIRST), 0, "equal armies, nothing known");
        let text = "\
. . . . bF . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . b5 . . . . .
. . ~ ~ r1 . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . r8 . . . . .
. . . . . . . . . .
. . . . rF . . . . .
to_move: red
";
        let game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        let value = game.evaluate(Seat::FIRST);
        assert!(value > 400, "a Marshal and a Miner against a Captain: {value}");
        assert_eq!(value, -game.evaluate(Seat::SECOND));
        assert!(value.abs() < game_core::EVAL_LIMIT);
    }

    /// A search position that hopes: the enemy's strike on the searcher's
    /// Flag fails as if on a Bomb; the searcher's own strike on the enemy
    /// Flag still wins, and a plain search position loses its Flag.
    #[test]
    fn hoping_the_enemy_strikes_the_searchers_flag_in_vain() {
        let text = "\
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . bF .
. . b2 . r1 . . . r5 .
. . rF . . . . . . .
to_move: blue
";
        let position = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        let strike = |game: &mut StrategyChess, mv: &str| {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        };
        let mut plain = position.clone().searched_for(Colour::Red);
        strike(&mut plain, "c2xc1");
        assert_eq!(plain.outcome(), Some(Outcome::win(Seat::SECOND, 1)));
        let mut hoping = position.clone().searched_for(Colour::Red).hoping();
        strike(&mut hoping, "c2xc1");
        assert_eq!(hoping.outcome(), None);
        assert_eq!(hoping.piece(Square::parse("c2").unwrap()), None, "the General died on the Flag");
        assert_eq!(hoping.remaining[Colour::Blue.index()][crate::Rank::General.index()], 0);
        assert_eq!(hoping.remaining[Colour::Red.index()][crate::Rank::Flag.index()], 1);
        strike(&mut hoping, "i2xi3");
        assert_eq!(hoping.outcome(), Some(Outcome::win(Seat::FIRST, 1)), "Red still takes Blue's Flag");
        let mut unsearched = position.hoping();
        strike(&mut unsearched, "c2xc1");
        assert_eq!(unsearched.outcome(), Some(Outcome::win(Seat::SECOND, 1)), "hope is the searcher's");
    }
}
