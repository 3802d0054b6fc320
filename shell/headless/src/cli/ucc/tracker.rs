//! The bot's own record of the game: where each enemy piece went and what
//! each fight revealed.
//!
//! It is kept as a full position whose enemy ranks are stand-ins: they
//! start as a made-up army and are swapped among the hidden enemy pieces
//! whenever a move or a battle says more (a piece that moves cannot be a
//! Bomb, one that moves far is a Scout, a battle names both ranks). The
//! stand-ins never leave this module: the AI gets the seat's view, which
//! shows enemy ranks only once revealed. The bot learns nothing the
//! protocol did not tell it.
//!
//! Only the manager ends a game. Whether the enemy can move depends on its
//! ranks (a Bomb never moves), so stand-ins could leave it without a legal
//! move on its turn and the rules would call the game over; the record
//! then trades stand-in ranks until the enemy can move (see
//! [`give_the_enemy_a_move`]). So the outcome the record holds, and the
//! view shows, follows from public facts: a Flag taken, the bot's own
//! lack of moves, the ply limits.

pub mod error;

pub use error::TrackerError;

use super::wire::{self, Confirmation, Outcome, SIZE, WireMove};
use game_core::{Game, Observe};
use strategy_chess::{
    Clash, Colour, Move, PublicFacts, Rank, Setup, Square, StrategyChess, StrategyChessRules,
    StrategyChessView,
};

/// What a move says about the piece that made it or was struck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Exactly this rank (a battle showed it).
    Exactly(Rank),
    /// Something that moves.
    Movable,
    /// A Scout (it moved far).
    Scout,
}

impl Need {
    /// What a piece's public facts demand of its rank, if anything.
    fn of(facts: PublicFacts) -> Option<Need> {
        if facts.moved_far {
            Some(Need::Scout)
        } else if facts.moved {
            Some(Need::Movable)
        } else {
            None
        }
    }

    fn admits(self, rank: Rank) -> bool {
        match self {
            Need::Exactly(r) => r == rank,
            Need::Movable => rank.can_move(),
            Need::Scout => rank == Rank::Scout,
        }
    }
}

/// The tracked game of one bot.
#[derive(Clone, Debug)]
pub struct Tracker {
    position: StrategyChess,
    me: Colour,
}

impl Tracker {
    /// A game with `mine` for the bot's colour `me` and stand-ins for the
    /// enemy drawn as `stand_in`.
    pub fn new(
        rules: &StrategyChessRules,
        me: Colour,
        mine: Setup,
        stand_in: Setup,
    ) -> Result<Tracker, TrackerError> {
        let setups = match me {
            Colour::Red => [mine, stand_in],
            Colour::Blue => [stand_in, mine],
        };
        let mut position = StrategyChess::start(rules, &setups)?;
        give_the_enemy_a_move(&mut position, me.opponent());
        Ok(Tracker { position, me })
    }

    /// The bot's view: all it may know.
    pub fn view(&self) -> StrategyChessView {
        self.position.view(self.me.seat())
    }

    /// Whose turn the record says it is.
    pub fn colour_to_move(&self) -> Colour {
        self.position.colour_to_move()
    }

    /// Records a confirmed move by `mover`. On an error the record is left
    /// as it was.
    pub fn record(&mut self, mover: Colour, confirmation: Confirmation) -> Result<(), TrackerError> {
        let Confirmation::Move(wire_move, outcome) = confirmation else {
            return Ok(());
        };
        if outcome == Outcome::Illegal {
            return Ok(());
        }
        if self.position.colour_to_move() != mover {
            return Err(TrackerError::OutOfTurn { mover, to_move: self.colour_to_move() });
        }
        let mv = wire_move.to_move().ok_or(TrackerError::OffBoard(wire_move))?;
        let mut next = self.position.clone();
        let ranks = match outcome {
            Outcome::Kills(a, d) | Outcome::Dies(a, d) | Outcome::BothDie(a, d) => Some((a, d)),
            Outcome::VictoryFlag(ranks) | Outcome::VictoryAttrition(ranks) => ranks,
            Outcome::Ok | Outcome::Illegal => None,
        };
        if mover == self.me {
            let defender = match (ranks, outcome) {
                (Some((_, defender)), _) => Some(defender),
                (None, Outcome::VictoryFlag(None)) => Some(Rank::Flag),
                _ => None,
            };
            if let Some(defender) = defender {
                settle(&mut next, mv.to, Need::Exactly(defender))?;
            }
        } else {
            let need = match ranks {
                Some((attacker, _)) => Need::Exactly(attacker),
                None if wire_move.distance > 1 => Need::Scout,
                None => Need::Movable,
            };
            settle(&mut next, mv.from, need)?;
        }
        next.try_play(mv).map_err(|violation| TrackerError::Refused { wire_move, violation })?;
        check_clash(&next, mv, outcome)?;
        give_the_enemy_a_move(&mut next, self.me.opponent());
        self.position = next;
        Ok(())
    }

    /// The ten board lines as the manager should send them to this bot.
    pub fn board_lines(&self) -> Vec<String> {
        wire::board_lines(&self.view(), self.me)
    }

    /// The opponent's move, when the board lines differ from the record by
    /// exactly one enemy piece stepping or sliding onto an empty square
    /// (for a turn whose move line was lost).
    pub fn quiet_move_to(&self, lines: &[String]) -> Option<Confirmation> {
        let ours = self.board_lines();
        let mut left = None;
        let mut arrived = None;
        for (y, (a, b)) in ours.iter().zip(lines).enumerate() {
            for (x, (was, is)) in a.chars().zip(b.chars()).enumerate() {
                match (was, is) {
                    _ if was == is => {}
                    ('#', '.') if left.is_none() => left = wire::square(x, y),
                    ('.', '#') if arrived.is_none() => arrived = wire::square(x, y),
                    _ => return None,
                }
            }
        }
        let wire_move = WireMove::from_move(Move::new(left?, arrived?))?;
        Some(Confirmation::Move(wire_move, Outcome::Ok))
    }

    /// Compares the record with the board lines the manager sent; the
    /// first difference, if any.
    pub fn compare(&self, lines: &[String]) -> Result<(), TrackerError> {
        let mine = self.board_lines();
        if lines.len() != SIZE {
            return Err(TrackerError::BoardLines { found: lines.len() });
        }
        for (y, (ours, theirs)) in mine.iter().zip(lines).enumerate() {
            let theirs = theirs.trim_end();
            if theirs.chars().count() != SIZE {
                return Err(TrackerError::BoardLineWidth { y, text: theirs.to_string() });
            }
            for (x, (a, b)) in ours.chars().zip(theirs.chars()).enumerate() {
                let same =
                    a == b || (a.eq_ignore_ascii_case(&b) && matches!(a, 's' | 'S' | 'B' | 'b' | 'F' | 'f'));
                if !same {
                    return Err(TrackerError::Differs { x, y, ours: a, theirs: b });
                }
            }
        }
        Ok(())
    }
}

/// The enemy's stand-in setup: its pieces where the first board lines show
/// them (with the enemy's first move, if it made one, taken back), and the
/// ranks of `stand_in` dealt onto those squares in board order. Only the
/// squares are facts; the ranks are settled as the game tells more.
pub fn enemy_setup(
    me: Colour,
    board: &[String],
    first_enemy_move: Option<Confirmation>,
    stand_in: &Setup,
) -> Result<Setup, TrackerError> {
    let enemy = me.opponent();
    let mut squares = Vec::new();
    for (y, line) in board.iter().enumerate() {
        for (x, c) in line.chars().enumerate() {
            if c == '#' {
                squares.push(wire::square(x, y).ok_or(TrackerError::EnemyOffBoard { x, y })?);
            }
        }
    }
    if let Some(Confirmation::Move(wire_move, outcome)) = first_enemy_move {
        let mv = wire_move.to_move().ok_or(TrackerError::OffBoard(wire_move))?;
        match outcome {
            Outcome::Illegal => {}
            Outcome::Dies(..) | Outcome::BothDie(..) => squares.push(mv.from),
            _ => {
                squares.retain(|&sq| sq != mv.to);
                squares.push(mv.from);
            }
        }
    }
    squares.sort_by_key(|sq| sq.index());
    let ranks: Vec<Rank> = stand_in.placements(enemy).map(|(_, rank)| rank).collect();
    if ranks.len() != squares.len() {
        return Err(TrackerError::EnemyCount { shown: squares.len(), army: ranks.len() });
    }
    let mut setup = Setup::empty();
    for (sq, rank) in squares.into_iter().zip(ranks) {
        let (row, column) = Setup::place_of(enemy, sq).ok_or(TrackerError::OutsideRows { square: sq })?;
        setup.set(row, column, Some(rank));
    }
    Ok(setup)
}

/// Makes the stand-in rank of the hidden enemy piece on `square` fit
/// `need`. The ranks of all hidden enemy pieces are dealt again, keeping
/// as many as possible, so that every public fact still holds: a piece
/// that moved far is a Scout, one that moved is neither a Bomb nor the
/// Flag, and the ranks add up to what the enemy has left. A revealed piece
/// must already fit.
fn settle(position: &mut StrategyChess, square: Square, need: Need) -> Result<(), TrackerError> {
    let piece = position.piece(square).ok_or(TrackerError::NoPiece { square })?;
    if need.admits(piece.rank) {
        return Ok(());
    }
    if position.facts(square).revealed {
        return Err(TrackerError::Revealed { square, rank: piece.rank, need });
    }
    let hidden = hidden_pieces(position, piece.colour);
    let current: Vec<Rank> =
        hidden.iter().map(|&sq| position.piece(sq).map_or(Rank::Flag, |p| p.rank)).collect();
    let mut pool = [0u32; strategy_chess::rank::RANK_COUNT];
    for rank in &current {
        pool[rank.index()] += 1;
    }
    let mut target: Vec<Option<Rank>> = vec![None; hidden.len()];
    let take = |rank: Rank, pool: &mut [u32]| {
        if pool[rank.index()] == 0 {
            return Err(TrackerError::NoHiddenRank { rank, square });
        }
        pool[rank.index()] -= 1;
        Ok(rank)
    };
    // Fixed by the facts: the piece in question, and every far mover.
    for (i, &sq) in hidden.iter().enumerate() {
        let fixed = if sq == square {
            match need {
                Need::Exactly(rank) => Some(rank),
                Need::Scout => Some(Rank::Scout),
                Need::Movable => None,
            }
        } else {
            position.facts(sq).moved_far.then_some(Rank::Scout)
        };
        if let Some(rank) = fixed {
            target[i] = Some(take(rank, &mut pool)?);
        }
    }
    let may_stand_still = |i: usize| hidden[i] != square && !position.facts(hidden[i]).moved;
    // Bombs and the Flag only on pieces that never moved, keeping them
    // where they are when they may stay.
    for keep in [true, false] {
        for i in 0..hidden.len() {
            if target[i].is_some() || !may_stand_still(i) {
                continue;
            }
            let wanted = if keep {
                Some(current[i]).filter(|r| !r.can_move() && pool[r.index()] > 0)
            } else {
                Rank::ALL.iter().copied().find(|r| !r.can_move() && pool[r.index()] > 0)
            };
            if let Some(rank) = wanted {
                target[i] = Some(take(rank, &mut pool)?);
            }
        }
    }
    if Rank::ALL.iter().any(|r| !r.can_move() && pool[r.index()] > 0) {
        return Err(TrackerError::NoStillPiece { square });
    }
    // The movable ranks, keeping each where it is when it may stay.
    for keep in [true, false] {
        for i in 0..hidden.len() {
            if target[i].is_some() {
                continue;
            }
            let wanted = if keep {
                Some(current[i]).filter(|r| pool[r.index()] > 0)
            } else {
                Rank::ALL.iter().copied().find(|r| pool[r.index()] > 0)
            };
            if let Some(rank) = wanted {
                target[i] = Some(take(rank, &mut pool)?);
            }
        }
    }
    // Realise the deal by swaps.
    for i in 0..hidden.len() {
        let Some(wanted) = target[i] else { continue };
        if position.piece(hidden[i]).is_some_and(|p| p.rank == wanted) {
            continue;
        }
        let donor = (i + 1..hidden.len()).find(|&j| {
            position.piece(hidden[j]).is_some_and(|p| p.rank == wanted) && target[j] != Some(wanted)
        });
        match donor {
            Some(j) if position.swap_ranks(hidden[i], hidden[j]) => {}
            _ => return Err(TrackerError::CannotDeal { rank: wanted, square: hidden[i] }),
        }
    }
    Ok(())
}

/// The squares of `colour`'s pieces whose ranks no battle revealed, a1
/// first.
fn hidden_pieces(position: &StrategyChess, colour: Colour) -> Vec<Square> {
    Square::all()
        .filter(|&sq| position.piece(sq).is_some_and(|p| p.colour == colour) && !position.facts(sq).revealed)
        .collect()
}

/// When `enemy` is to move and the record says the game is over, trades
/// the stand-in ranks of two hidden enemy pieces, each rank fitting the
/// other piece's public facts, so that the enemy can move: the game goes
/// on until the manager ends it, and the stand-ins must agree with that.
///
/// One trade is enough whenever some army the facts allow lets the enemy
/// move (the repetition rules aside): a piece with room then holds a
/// stand-in Bomb or Flag, and some unmoved piece holds a movable rank that
/// it can take in trade. If no trade helps, the game is over by public
/// facts (a Flag taken, a ply limit, nothing of the enemy's left that
/// could move), and the record keeps the rules' outcome.
fn give_the_enemy_a_move(position: &mut StrategyChess, enemy: Colour) {
    if position.colour_to_move() != enemy || position.outcome().is_none() {
        return;
    }
    let fits = |position: &StrategyChess, square: Square, rank: Rank| {
        Need::of(position.facts(square)).is_none_or(|need| need.admits(rank))
    };
    let hidden = hidden_pieces(position, enemy);
    for (i, &a) in hidden.iter().enumerate() {
        for &b in &hidden[i + 1..] {
            let (Some(first), Some(second)) = (position.piece(a), position.piece(b)) else { continue };
            if first.rank == second.rank || !fits(position, a, second.rank) || !fits(position, b, first.rank)
            {
                continue;
            }
            position.swap_ranks(a, b);
            if position.outcome().is_none() {
                return;
            }
            position.swap_ranks(a, b);
        }
    }
}

/// Whether the recorded battle ended as the manager said.
fn check_clash(after: &StrategyChess, mv: Move, outcome: Outcome) -> Result<(), TrackerError> {
    let at_to = after.piece(mv.to).map(|p| p.colour);
    let mover = after.colour_to_move().opponent();
    let from_empty = after.piece(mv.from).is_none();
    let expected = match outcome {
        Outcome::Ok | Outcome::Kills(..) | Outcome::VictoryFlag(_) => Some(Clash::AttackerWins),
        Outcome::Dies(..) => Some(Clash::DefenderWins),
        Outcome::BothDie(..) => Some(Clash::BothDie),
        Outcome::VictoryAttrition(_) | Outcome::Illegal => None,
    };
    let fine = match expected {
        Some(Clash::AttackerWins) => from_empty && at_to == Some(mover),
        Some(Clash::DefenderWins) => from_empty && at_to == Some(mover.opponent()),
        Some(Clash::BothDie) => from_empty && at_to.is_none(),
        _ => true,
    };
    if fine { Ok(()) } else { Err(TrackerError::Clash { mv, outcome }) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ucc::config::manager_rules;
    use game_core::rng::seeded;
    use game_core::{Game, RuleSet, Seat};

    /// The manager's confirmation of `mv`, played on the referee's game.
    fn confirm(game: &mut StrategyChess, mv: Move) -> Confirmation {
        let attacker = game.piece(mv.from).unwrap();
        let defender = game.piece(mv.to);
        game.try_play(mv).unwrap();
        let outcome = match defender {
            None => Outcome::Ok,
            Some(d) if d.rank == Rank::Flag => Outcome::VictoryFlag(None),
            Some(d) => match game.piece(mv.to) {
                Some(p) if p.colour == attacker.colour => Outcome::Kills(attacker.rank, d.rank),
                Some(_) => Outcome::Dies(attacker.rank, d.rank),
                None => Outcome::BothDie(attacker.rank, d.rank),
            },
        };
        Confirmation::Move(WireMove::from_move(mv).unwrap(), outcome)
    }

    fn manager_board(game: &StrategyChess, viewer: Colour) -> Vec<String> {
        (0..SIZE)
            .map(|y| {
                (0..SIZE)
                    .map(|x| {
                        let sq = Square::at(x, y).unwrap();
                        match game.piece(sq) {
                            Some(p) if p.colour == viewer => wire::rank_char(p.rank),
                            Some(_) => '#',
                            None if sq.is_lake() => '+',
                            None => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Random games, both colours, two armies: the record follows every
    /// move and battle and always shows the board the manager would send.
    #[test]
    fn the_record_matches_the_referee_through_random_games() {
        let mut recorded = 0;
        for (army, plies) in [("classic", 600), ("barrage", 400)] {
            let rules = manager_rules().with_settings(&[format!("army={army}")]).unwrap();
            for (seed, me) in [(1, Colour::Red), (2, Colour::Blue), (3, Colour::Red), (4, Colour::Blue)] {
                let mut rng = seeded(seed);
                let setups = [
                    StrategyChess::random_setup(&rules, Seat::FIRST, true, &mut rng),
                    StrategyChess::random_setup(&rules, Seat::SECOND, false, &mut rng),
                ];
                let mut game = StrategyChess::start(&rules, &setups).unwrap();
                let stand_in = StrategyChess::random_setup(&rules, me.opponent().seat(), false, &mut rng);
                let mine = setups[me.index()];
                let mut record: Option<Tracker> = None;
                let mut pending = None;
                let mut scratch = Vec::new();
                while game.outcome().is_none() && game.plies() < plies {
                    let mover = game.colour_to_move();
                    if mover == me {
                        let board = manager_board(&game, me);
                        let tracker = record.get_or_insert_with(|| {
                            let theirs = enemy_setup(me, &board, pending, &stand_in).unwrap();
                            Tracker::new(&rules, me, mine, theirs).unwrap()
                        });
                        if let Some(confirmation) = pending.take() {
                            tracker.record(me.opponent(), confirmation).unwrap();
                        }
                        assert_eq!(tracker.compare(&board), Ok(()), "seed {seed} ply {}", game.plies());
                        let mv = game.random_move(&mut rng, &mut scratch).unwrap();
                        // The bot only ever sees its view, which agrees on its own moves.
                        assert!(tracker.view().check_move(mv).is_ok());
                        let confirmation = confirm(&mut game, mv);
                        tracker.record(me, confirmation).unwrap();
                        recorded += 1;
                    } else {
                        let mv = game.random_move(&mut rng, &mut scratch).unwrap();
                        let confirmation = confirm(&mut game, mv);
                        match record.as_mut() {
                            Some(tracker) => tracker.record(mover, confirmation).unwrap(),
                            None => pending = Some(confirmation),
                        }
                    }
                }
            }
        }
        assert!(recorded > 1_000, "long games: {recorded} of the bot's moves recorded");
    }

    fn setup(text: &str) -> Setup {
        let setup = Setup::parse(text).unwrap();
        setup.check(&manager_rules().army).unwrap();
        setup
    }

    fn confirmation(from: &str, to: &str, outcome: Outcome) -> Confirmation {
        let mv = Move::new(Square::parse(from).unwrap(), Square::parse(to).unwrap());
        Confirmation::Move(WireMove::from_move(mv).unwrap(), outcome)
    }

    /// Every stand-in fits its piece's public facts, and the enemy's ranks
    /// add up to what it has left.
    fn assert_consistent(tracker: &Tracker) {
        let enemy = tracker.me.opponent();
        let mut counts = [0u8; strategy_chess::rank::RANK_COUNT];
        for sq in Square::all() {
            let Some(piece) = tracker.position.piece(sq).filter(|p| p.colour == enemy) else { continue };
            counts[piece.rank.index()] += 1;
            let need = Need::of(tracker.position.facts(sq));
            assert!(need.is_none_or(|need| need.admits(piece.rank)), "{sq}: a {:?}, {need:?}", piece.rank);
        }
        assert_eq!(counts, tracker.position.remaining(enemy));
    }

    /// A Red army whose Scouts and Bombs fill the front row: with these
    /// stand-ins Red could not move at all.
    const WALLED_IN: &str =
        "B B 9 9 B B 9 9 B B / 1 2 3 3 4 4 4 5 5 5 / 5 6 6 6 6 7 7 7 7 8 / 8 8 8 8 9 9 9 9 S F";

    #[test]
    fn stand_ins_that_cannot_move_do_not_end_the_game() {
        let rules = manager_rules();
        let blue = StrategyChess::random_setup(&rules, Seat::SECOND, true, &mut seeded(5));
        let mut tracker = Tracker::new(&rules, Colour::Blue, blue, setup(WALLED_IN)).unwrap();
        assert_eq!(tracker.view().game_outcome(), None, "only the manager ends a game");
        assert_consistent(&tracker);
        // Red's real front row moves; its Scout on a4 steps forward.
        tracker.record(Colour::Red, confirmation("a4", "a5", Outcome::Ok)).unwrap();
        assert_eq!(tracker.view().game_outcome(), None);
        assert!(tracker.view().is_my_turn());
        let mut moves = Vec::new();
        tracker.view().legal_moves(&mut moves);
        let mv = *moves.iter().find(|mv| tracker.position.piece(mv.to).is_none()).unwrap();
        tracker
            .record(Colour::Blue, Confirmation::Move(WireMove::from_move(mv).unwrap(), Outcome::Ok))
            .unwrap();
        tracker.record(Colour::Red, confirmation("b4", "b5", Outcome::Ok)).unwrap();
        assert_eq!(tracker.view().game_outcome(), None);
        assert_consistent(&tracker);
    }

    #[test]
    fn a_battle_that_walls_the_stand_ins_in_does_not_end_the_game() {
        let rules = manager_rules();
        let red =
            setup("9 9 9 9 9 9 9 9 1 2 / 3 3 4 4 4 5 5 5 5 6 / 6 6 6 7 7 7 7 8 8 8 / 8 8 S B B B B B B F");
        // Blue's stand-ins: Bombs on its front row but for a Marshal on a7.
        let blue =
            setup("B B 9 9 B B 9 9 B 1 / 2 3 3 4 4 4 5 5 5 5 / 6 6 6 6 7 7 7 7 8 8 / 8 8 8 9 9 9 9 S F B");
        let mut tracker = Tracker::new(&rules, Colour::Red, red, blue).unwrap();
        // The real a7 is a Bomb: once the record has it so, every stand-in
        // on Blue's front row is a Bomb, and Blue could not move.
        tracker
            .record(Colour::Red, confirmation("a4", "a7", Outcome::Dies(Rank::Scout, Rank::Bomb)))
            .unwrap();
        let a7 = Square::parse("a7").unwrap();
        assert_eq!(tracker.view().piece(a7).and_then(|p| p.rank), Some(Rank::Bomb));
        assert_eq!(tracker.view().game_outcome(), None, "only the manager ends a game");
        assert_consistent(&tracker);
        // Blue's real j7 moves; then Red plays on.
        tracker.record(Colour::Blue, confirmation("j7", "j6", Outcome::Ok)).unwrap();
        assert_eq!(tracker.view().game_outcome(), None);
        tracker.record(Colour::Red, confirmation("b4", "b5", Outcome::Ok)).unwrap();
        assert_eq!(tracker.view().game_outcome(), None);
        assert_consistent(&tracker);
    }

    #[test]
    fn moves_out_of_turn_are_refused_and_no_move_changes_nothing() {
        let rules = manager_rules();
        let mut rng = seeded(9);
        let red = StrategyChess::random_setup(&rules, Seat::FIRST, true, &mut rng);
        let blue = StrategyChess::random_setup(&rules, Seat::SECOND, true, &mut rng);
        let mut tracker = Tracker::new(&rules, Colour::Red, red, blue).unwrap();
        let bogus = Confirmation::Move(
            WireMove::from_move(Move::new(Square::parse("a7").unwrap(), Square::parse("a6").unwrap()))
                .unwrap(),
            Outcome::Ok,
        );
        assert!(tracker.record(Colour::Blue, bogus).is_err(), "not Blue's turn in the record");
        let before = tracker.board_lines();
        assert!(tracker.record(Colour::Red, Confirmation::NoMove).is_ok());
        assert_eq!(tracker.board_lines(), before);
    }

    #[test]
    fn what_does_not_fit_the_record_is_said_in_these_words() {
        let rules = manager_rules();
        let mut rng = seeded(9);
        let red = StrategyChess::random_setup(&rules, Seat::FIRST, true, &mut rng);
        let blue = StrategyChess::random_setup(&rules, Seat::SECOND, true, &mut rng);
        let mut tracker = Tracker::new(&rules, Colour::Red, red, blue).unwrap();
        let out_of_turn = tracker.record(Colour::Blue, confirmation("a7", "a6", Outcome::Ok));
        assert_eq!(out_of_turn.unwrap_err().to_string(), "a move by blue, but the record has red to move");
        let off = WireMove { x: 0, y: 0, direction: wire::Direction::Up, distance: 1 };
        let off_board = tracker.record(Colour::Red, Confirmation::Move(off, Outcome::Ok));
        assert_eq!(off_board.unwrap_err().to_string(), "`0 0 UP` leaves the board");
        let into_lake = WireMove { x: 2, y: 3, direction: wire::Direction::Down, distance: 1 };
        let refused = tracker.record(Colour::Red, Confirmation::Move(into_lake, Outcome::Ok));
        let refused = refused.unwrap_err().to_string();
        assert!(refused.starts_with("`2 3 DOWN` is refused by the rules: "), "{refused}");
        let board = tracker.board_lines();
        assert_eq!(tracker.compare(&board[..9]).unwrap_err().to_string(), "9 board lines, expected 10");
        let mut short = board.clone();
        short[2] = "..".into();
        assert_eq!(
            tracker.compare(&short).unwrap_err().to_string(),
            "board line 2 `..` is not 10 characters"
        );
        let mut differs = board.clone();
        differs[4] = "#.++..++..".into();
        assert_eq!(
            tracker.compare(&differs).unwrap_err().to_string(),
            "at 0 4 the record has `.` but the manager sent `#`"
        );
        let empty = vec![".".repeat(10); 10];
        assert_eq!(
            enemy_setup(Colour::Red, &empty, None, &blue).unwrap_err().to_string(),
            "the board shows 0 enemy pieces at the start, the army has 40"
        );
    }
}
