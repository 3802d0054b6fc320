//! Computer against computer: one game through the referee, and matches of
//! many games in parallel.
//!
//! A match is between two **contenders** ([`Contender`]): anything that
//! chooses a setup and then moves from a seat's view. The computer player
//! of a level is one ([`ComputerPlayer`]; a [`Budget`] makes one for each
//! game); a game's sparring opponents are others, wrapped by the shell, so
//! this module never names a game. Each side of a match is a factory
//! ([`ContenderFactory`]) that makes a fresh contender for every game, so
//! nothing a contender learnt in one game leaks into the next, and games
//! can run on any worker thread.
//!
//! `boardsuite match` prints what [`play_match`] reports, and the level
//! tuning example (`shell/headless/examples/tune_levels.rs`) runs the same code with
//! budgets that are not in any table yet, so a measured table is measured
//! exactly as the command plays.
//!
//! - Game `k` (counted from 0) draws all its randomness from seed
//!   `seed + k`: the setups (seat `i` from `derive(seed, Setup, i)`), the
//!   random opening and every decision (ply `p` from `derive(seed, Move,
//!   p)`).
//! - **Where the games differ:** in setups and samples (Strategy Chess) and
//!   in the noise of the levels that have it (all but the top two of Stones
//!   and Blockade). Two noiseless players of a perfect-information game
//!   play the same two games over and over; a random opening
//!   ([`MatchSettings::random_plies`]) varies them, at the price of
//!   positions a random move may already have decided (in Stones one
//!   random sowing often does), so `boardsuite match` plays none.
//! - The first contender takes the first seat in even games and the second
//!   in odd ones, so the first move alternates.
//! - Computer players search with node caps only ([`Budget::reproducible`]:
//!   no time caps, one thread each), so a game depends only on its
//!   contenders and its seed, never on the machine's load or on
//!   scheduling. A contender made by another factory must keep the same
//!   promise: the same view and seed give the same decision.

use crate::levels::Budget;
use crate::player::ComputerPlayer;
use crate::search::SearchResult;
use crate::seeds::{Stream, derive};
use game_core::rng::seeded;
use game_core::{Evaluate, Observe, Outcome, Referee, Seat};
use rand::Rng;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;
use thiserror::Error;

/// A game still running after this many plies is stopped and scored as a
/// draw (a guard: the rules of every game end it long before).
pub const MAX_PLIES: usize = 100_000;

/// What a contender decided on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision<M> {
    /// The move to play; `None` only when the contender finds none (the
    /// arena then stops with [`ArenaError::NoMove`]).
    pub mv: Option<M>,
    /// Search nodes spent on it (0 for a contender that does not search).
    pub nodes: u64,
}

impl<M: Copy> From<&SearchResult<M>> for Decision<M> {
    fn from(result: &SearchResult<M>) -> Self {
        Decision { mv: result.best_move, nodes: result.stats.nodes }
    }
}

/// One side of a game: it chooses a setup (games with a setup phase), then
/// a move each turn, from its seat's **view** only, so it cannot cheat.
///
/// A contender lives for one game; everything random derives from the
/// seeds it is given, so the same view and seed give the same decision.
pub trait Contender<G: Observe>: Send {
    /// The setup for `seat` (asked once, before play, and only in games
    /// with a setup phase).
    fn choose_setup(&mut self, rules: &G::Rules, seat: Seat, seed: u64) -> G::Setup;

    /// The move for the seat whose `view` this is, on that seat's turn.
    fn choose_move(&mut self, view: &G::View, seed: u64) -> Decision<G::Move>;
}

/// The computer player of a budget, as a contender: the setup and move it
/// would choose anywhere else.
impl<G: Observe + Evaluate> Contender<G> for ComputerPlayer<G> {
    fn choose_setup(&mut self, rules: &G::Rules, seat: Seat, seed: u64) -> G::Setup {
        ComputerPlayer::choose_setup(self, rules, seat, seed)
    }

    fn choose_move(&mut self, view: &G::View, seed: u64) -> Decision<G::Move> {
        Decision::from(&ComputerPlayer::choose_move(self, view, seed, None))
    }
}

/// Makes a fresh contender for each game of a match, on whichever worker
/// thread plays it.
pub trait ContenderFactory<G: Observe>: Sync {
    /// A contender for one new game.
    fn make(&self) -> Box<dyn Contender<G>>;
}

/// Any closure that makes contenders is a factory.
impl<G: Observe, F: Fn() -> Box<dyn Contender<G>> + Sync> ContenderFactory<G> for F {
    fn make(&self) -> Box<dyn Contender<G>> {
        self()
    }
}

/// A budget makes the computer player of that budget, made reproducible
/// ([`Budget::reproducible`]): a match must not depend on the machine.
impl<G: Observe + Evaluate> ContenderFactory<G> for Budget {
    fn make(&self) -> Box<dyn Contender<G>> {
        Box::new(ComputerPlayer::<G>::with_budget(self.reproducible()))
    }
}

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ArenaError {
    /// The computers' setups (or the rules) give no start position.
    #[error("cannot start {game}: {problem}")]
    Start {
        /// The game's name.
        game: &'static str,
        /// What the game said.
        problem: String,
    },
    /// A contender found no move in a game that is not over.
    #[error("game seed {seed}: the player found no move at ply {ply}")]
    NoMove {
        /// The game's seed.
        seed: u64,
        /// The ply.
        ply: usize,
    },
    /// The referee refused a contender's move.
    #[error("game seed {seed}: the player's move {mv} at ply {ply} was refused: {reason}")]
    Refused {
        /// The game's seed.
        seed: u64,
        /// The ply.
        ply: usize,
        /// The move, as the contender returned it.
        mv: String,
        /// The referee's reason.
        reason: String,
    },
}

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The seed the game drew everything from.
    pub seed: u64,
    /// Whether the first contender sat in the first seat.
    pub first_contender_first: bool,
    /// The result (a draw if the ply guard stopped the game).
    pub outcome: Outcome,
    /// Plies played.
    pub plies: usize,
    /// Whether the ply guard ([`MAX_PLIES`]) ended the game.
    pub cut_short: bool,
    /// The random opening, in the game's notation.
    pub opening: Vec<String>,
    /// What each seat's contender spent, first seat first.
    pub work: [SeatWork; 2],
}

/// What one seat's contender spent over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatWork {
    /// Moves it chose.
    pub decisions: u64,
    /// Nodes it searched, over all its decisions.
    pub nodes: u64,
    /// Thinking time over all its decisions, in microseconds (the only
    /// part of a record that depends on the machine).
    pub micros: u64,
}

impl GameRecord {
    /// +1, 0 or -1 for the first contender.
    pub fn score_for_first_contender(&self) -> i32 {
        let seat = if self.first_contender_first { Seat::FIRST } else { Seat::SECOND };
        self.outcome.sign_for(seat)
    }
}

/// Plays one game between a contender made by `seats[0]` (first seat) and
/// one made by `seats[1]`, from `seed`, with `random_plies` random moves
/// first; `first_contender_first` is only recorded.
///
/// The start position is the game's start without setups if it has no
/// setup phase; otherwise each seat's contender chooses its setup
/// ([`Contender::choose_setup`]).
pub fn play_game<G: Observe>(
    rules: &G::Rules,
    seats: [&dyn ContenderFactory<G>; 2],
    seed: u64,
    random_plies: usize,
    first_contender_first: bool,
) -> Result<GameRecord, ArenaError> {
    let mut players = seats.map(|factory| factory.make());
    let start = match G::start(rules, &[]) {
        Ok(start) => start,
        Err(_) => {
            let setups: Vec<G::Setup> = players
                .iter_mut()
                .enumerate()
                .map(|(i, player)| {
                    player.choose_setup(rules, Seat(i as u8), derive(seed, Stream::Setup, i as u64))
                })
                .collect();
            G::start(rules, &setups)
                .map_err(|e| ArenaError::Start { game: G::NAME, problem: e.to_string() })?
        }
    };
    let mut referee = Referee::new(start);
    let mut work = [SeatWork::default(); 2];
    let mut opening = Vec::new();
    let mut rng = seeded(derive(seed, Stream::Opening, 0));
    while referee.finish().is_none() && referee.ply() < random_plies {
        let (seat, ply) = (referee.to_move(), referee.ply());
        let moves = referee.legal_moves();
        let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else { break };
        opening.push(referee.position().format_move(mv));
        referee.submit(seat, ply, mv).map_err(|e| ArenaError::Refused {
            seed,
            ply,
            mv: format!("{mv:?}"),
            reason: e.to_string(),
        })?;
    }
    while referee.finish().is_none() && referee.ply() < MAX_PLIES {
        let (seat, ply) = (referee.to_move(), referee.ply());
        let player = &mut players[seat.index() & 1];
        let clock = Instant::now();
        let decision = player.choose_move(&referee.view(seat), derive(seed, Stream::Move, ply as u64));
        let spent = &mut work[seat.index() & 1];
        spent.decisions += 1;
        spent.nodes += decision.nodes;
        spent.micros += clock.elapsed().as_micros() as u64;
        let mv = decision.mv.ok_or(ArenaError::NoMove { seed, ply })?;
        referee.submit(seat, ply, mv).map_err(|e| ArenaError::Refused {
            seed,
            ply,
            mv: format!("{mv:?}"),
            reason: e.to_string(),
        })?;
    }
    let cut_short = referee.finish().is_none();
    Ok(GameRecord {
        seed,
        first_contender_first,
        outcome: referee.outcome().unwrap_or(Outcome::draw()),
        plies: referee.ply(),
        cut_short,
        opening,
        work,
    })
}

/// Wins, draws and losses of the first contender.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first contender won.
    pub wins: usize,
    /// Drawn games.
    pub draws: usize,
    /// Games the first contender lost.
    pub losses: usize,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, record: &GameRecord) {
        match record.score_for_first_contender() {
            1 => self.wins += 1,
            -1 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The first contender's score in percent: (W + D/2) / N * 100.
    pub fn percent(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64 * 100.0
    }
}

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// Games to play.
    pub games: usize,
    /// Game `k` draws everything from seed `seed + k`.
    pub seed: u64,
    /// Random legal moves that open every game (see the module docs;
    /// `boardsuite match` plays none).
    pub random_plies: usize,
    /// Games played at once, one thread each.
    pub workers: usize,
}

/// Plays a match between the contenders `first` and `second` make (a
/// fresh pair for every game; game `k` from seed `seed + k`, `first` in the
/// first seat when `k` is even, games in parallel) and calls
/// `report(k, record)` for each game **in game order** as they finish.
/// Stops at the first failure and returns it.
pub fn play_match<G: Observe>(
    rules: &G::Rules,
    [first, second]: [&dyn ContenderFactory<G>; 2],
    settings: &MatchSettings,
    mut report: impl FnMut(usize, &GameRecord),
) -> Result<Tally, ArenaError> {
    let MatchSettings { games, seed, random_plies, workers } = *settings;
    let workers = workers.clamp(1, games.max(1));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Result<GameRecord, ArenaError>)>();
    let mut tally = Tally::default();
    let mut first_failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, failed) = (&next, &failed);
            scope.spawn(move || {
                while !failed.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= games {
                        break;
                    }
                    let first_contender_first = k % 2 == 0;
                    let seats = if first_contender_first { [first, second] } else { [second, first] };
                    let seed = seed.wrapping_add(k as u64);
                    let record = play_game::<G>(rules, seats, seed, random_plies, first_contender_first);
                    if record.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if sender.send((k, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut done: Vec<Option<GameRecord>> = vec![None; games];
        let mut reported = 0;
        for (k, record) in receiver {
            match record {
                Ok(record) => done[k] = Some(record),
                Err(failure) => {
                    first_failure.get_or_insert(failure);
                }
            }
            while let Some(Some(record)) = done.get(reported) {
                report(reported, record);
                tally.add(record);
                reported += 1;
            }
        }
    });
    match first_failure {
        Some(failure) => Err(failure),
        None => Ok(tally),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::{DEFAULT_TABLE, Level, at};
    use game_core::Game;
    use game_core::nim::{Nim, NimRules};

    #[test]
    fn a_match_alternates_seats_and_reports_in_order() {
        let rules = NimRules { heaps: vec![5, 6, 7], max_take: 3, free_turn: true };
        let [strong, weak] = [Level::MAX, Level::MIN].map(|l| at(&DEFAULT_TABLE, l));
        let mut seen = Vec::new();
        let settings = MatchSettings { games: 6, seed: 40, random_plies: 0, workers: 2 };
        let tally = play_match::<Nim>(&rules, [&strong, &weak], &settings, |k, record| {
            assert_eq!(record.seed, 40 + k as u64);
            assert_eq!(record.first_contender_first, k % 2 == 0);
            seen.push(k);
        })
        .unwrap();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
        assert_eq!(tally.games(), 6);
        assert!(tally.wins >= 5, "{tally:?}");
        // One worker plays the same games.
        let alone =
            play_match::<Nim>(&rules, [&strong, &weak], &MatchSettings { workers: 1, ..settings }, |_, _| {})
                .unwrap();
        assert_eq!(alone, tally);
        let game = play_game::<Nim>(&rules, [&weak, &strong], 41, 0, false).unwrap();
        assert!(!game.cut_short && game.plies > 0 && game.opening.is_empty());
        assert!(game.work[0].decisions > 0 && game.work[1].nodes > 0);
        assert_eq!(Tally { wins: 3, draws: 1, losses: 0 }.percent(), 87.5);
    }

    #[test]
    fn random_openings_differ_by_seed_and_replay_alike() {
        let rules = NimRules { heaps: vec![5, 6, 7], max_take: 3, free_turn: false };
        let strong = at(&DEFAULT_TABLE, Level::MAX);
        let openings: Vec<Vec<String>> = (0..6)
            .map(|seed| play_game::<Nim>(&rules, [&strong, &strong], seed, 3, true).unwrap().opening)
            .collect();
        assert!(openings.iter().all(|o| o.len() == 3));
        assert!(openings.windows(2).any(|w| w[0] != w[1]), "{openings:?}");
        let again = play_game::<Nim>(&rules, [&strong, &strong], 2, 3, true).unwrap();
        assert_eq!(again.opening, openings[2]);
    }

    /// Takes one stone from the first heap that has any, and counts the
    /// contenders made so far.
    struct OneStone;

    impl Contender<Nim> for OneStone {
        fn choose_setup(&mut self, _: &NimRules, _: Seat, _: u64) {}

        fn choose_move(&mut self, view: &<Nim as Observe>::View, _: u64) -> Decision<<Nim as Game>::Move> {
            let mut moves = Vec::new();
            view.position.legal_moves(&mut moves);
            Decision { mv: moves.first().copied(), nodes: 0 }
        }
    }

    #[test]
    fn any_contender_plays_and_each_game_gets_a_fresh_one() {
        let rules = NimRules { heaps: vec![5, 6, 7], max_take: 3, free_turn: false };
        let strong = at(&DEFAULT_TABLE, Level::MAX);
        let made = AtomicUsize::new(0);
        let one_stone = || -> Box<dyn Contender<Nim>> {
            made.fetch_add(1, Ordering::Relaxed);
            Box::new(OneStone)
        };
        let settings = MatchSettings { games: 4, seed: 3, random_plies: 0, workers: 2 };
        let tally = play_match::<Nim>(&rules, [&strong, &one_stone], &settings, |k, record| {
            // The fixed contender spends no nodes; the search does.
            let one_stone_seat = usize::from(record.first_contender_first);
            assert_eq!(record.work[one_stone_seat].nodes, 0, "game {k}");
            assert!(record.work[1 - one_stone_seat].nodes > 0, "game {k}");
        })
        .unwrap();
        assert_eq!(made.load(Ordering::Relaxed), 4, "one contender per game");
        assert_eq!(tally.wins, 4, "the search beats a one-stone taker: {tally:?}");
    }

    #[test]
    fn a_contender_without_a_move_stops_the_match() {
        struct Silent;
        impl Contender<Nim> for Silent {
            fn choose_setup(&mut self, _: &NimRules, _: Seat, _: u64) {}
            fn choose_move(&mut self, _: &<Nim as Observe>::View, _: u64) -> Decision<<Nim as Game>::Move> {
                Decision { mv: None, nodes: 0 }
            }
        }
        let rules = NimRules::default();
        let silent = || -> Box<dyn Contender<Nim>> { Box::new(Silent) };
        let strong = at(&DEFAULT_TABLE, Level::MAX);
        let err = play_game::<Nim>(&rules, [&silent, &strong], 9, 0, true).unwrap_err();
        assert_eq!(err, ArenaError::NoMove { seed: 9, ply: 0 });
    }
}
