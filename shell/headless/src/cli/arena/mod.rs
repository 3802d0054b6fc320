//! `boardsuite arena strategy-chess --first "COMMAND" --second "COMMAND"
//! --games N [--turn-limit T] [--move-timeout SECONDS] [--seed S] [--set ...]`
//!
//! A manager for the UCC 2012 Stratego bot protocol (the protocol
//! `boardsuite ucc-bot` speaks): it runs two outside programs, referees
//! games between them through [`game_core::Referee`], and prints one line
//! per game, then `result W-D-L score P%` for `--first`, as `match` does.
//!
//! - Each COMMAND runs through `sh -c`, a fresh process per game
//!   ([`program`]); game `k` (from 0) has `--first` as Red when `k` is
//!   even, so colours alternate.
//! - The exchange is the UCC manager's ([`game`]); the rules are the
//!   manager's by default, as `ucc-bot` assumes them
//!   ([`crate::cli::ucc::config::manager_rules`]), changed by `--set`.
//! - A program that is late (`--move-timeout`, 2 s by default, for a move;
//!   [`game::SETUP_TIME`] for the setup), sends an illegal or unreadable
//!   move or a bad setup, surrenders, or dies loses the game, with the
//!   reason on the game's line ([`ending`]); the arena goes on.
//! - `--turn-limit T` (5000 by default, as the manager's) counts plies:
//!   a game that reaches T plies is a draw.
//! - `--seed S` gives game `k` the seed `S + k`, handed to both programs as
//!   `BOARDSUITE_UCC_SEED` (which `ucc-bot` reads; a program's own
//!   `--seed` wins over it), so a game can be replayed with `--games 1
//!   --seed S+k` and the colours of game `k`.

pub mod ending;
pub mod error;
pub mod game;
pub mod program;

use super::RuleArgs;
use crate::cli::ucc::config::{SEED_VAR, manager_rules};
use crate::failure::CommandResult;
use crate::registry::GameKind;
use ai::arena::Tally;
use clap::Args;
use ending::Ending;
use error::ArenaError;
use game::{GameReport, Terms};
use game_core::RuleSet;
use std::io::Write;
use std::time::Duration;
use strategy_chess::Colour;

/// The most `--move-timeout` may be, in seconds.
pub const MAX_MOVE_TIMEOUT: f64 = 3600.0;

/// Arguments of `arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The game: strategy-chess (the only game of the UCC protocol).
    pub game: GameKind,
    /// The program whose score is reported, as a shell command (run with
    /// `sh -c`), e.g. "./my-bot" or "boardsuite ucc-bot --level 3".
    #[arg(long, value_name = "COMMAND")]
    pub first: String,
    /// Its opponent, as a shell command.
    #[arg(long, value_name = "COMMAND")]
    pub second: String,
    /// How many games; `--first` plays Red in the even ones (from 0).
    #[arg(long)]
    pub games: u32,
    /// A game that reaches this many plies (moves of either side) is a draw.
    #[arg(long, default_value_t = 5000)]
    pub turn_limit: u32,
    /// Seconds a program has for each move; a later answer loses the game.
    #[arg(long, default_value_t = 2.0, value_name = "SECONDS")]
    pub move_timeout: f64,
    /// Game k hands the seed S + k to both programs as BOARDSUITE_UCC_SEED.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Rule options, over the manager's rules.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Everything an arena needs, checked.
#[derive(Clone, Debug)]
pub struct Arena {
    /// The commands of `--first` and `--second`.
    pub commands: [String; 2],
    /// How many games.
    pub games: u32,
    /// The seed of game 0, if any.
    pub seed: Option<u64>,
    /// What every game shares.
    pub terms: Terms,
}

impl Arena {
    /// Checks the arguments.
    pub fn new(args: &ArenaArgs) -> Result<Arena, ArenaError> {
        if args.game != GameKind::StrategyChess {
            return Err(ArenaError::NotStrategyChess(args.game.key()));
        }
        for (flag, command) in [("--first", &args.first), ("--second", &args.second)] {
            if command.trim().is_empty() {
                return Err(ArenaError::EmptyCommand { flag });
            }
        }
        if args.games == 0 {
            return Err(ArenaError::NoGames);
        }
        if args.turn_limit == 0 {
            return Err(ArenaError::NoTurns);
        }
        let timeout = args.move_timeout;
        if !(timeout > 0.0 && timeout <= MAX_MOVE_TIMEOUT) {
            return Err(ArenaError::MoveTimeout(timeout));
        }
        let rules = manager_rules().with_settings(&args.rules.set)?;
        Ok(Arena {
            commands: [args.first.clone(), args.second.clone()],
            games: args.games,
            seed: args.seed,
            terms: Terms {
                rules,
                setup_time: game::SETUP_TIME,
                move_timeout: Duration::from_secs_f64(timeout),
                turn_limit: args.turn_limit,
            },
        })
    }

    /// The colour of `--first` in game `k`.
    pub fn first_colour(k: u32) -> Colour {
        if k % 2 == 0 { Colour::Red } else { Colour::Blue }
    }

    /// Plays game `k` (from 0).
    pub fn play(&self, k: u32) -> Result<GameReport, ArenaError> {
        let [first, second] = [self.commands[0].as_str(), self.commands[1].as_str()];
        let by_colour = match Arena::first_colour(k) {
            Colour::Red => [first, second],
            Colour::Blue => [second, first],
        };
        let env: Vec<(&str, String)> =
            self.seed.map(|s| (SEED_VAR, s.wrapping_add(u64::from(k)).to_string())).into_iter().collect();
        game::play(&self.terms, by_colour, &env)
    }

    /// The line of game `k`: `game K/N [seed S]: first program red: loss
    /// for --first after P plies: REASON`.
    pub fn line(&self, k: u32, report: &GameReport) -> String {
        let first = Arena::first_colour(k);
        let seed = self.seed.map(|s| format!(" seed {}", s.wrapping_add(u64::from(k)))).unwrap_or_default();
        let result = match report.ending.winner() {
            Some(winner) if winner == first => "win",
            Some(_) => "loss",
            None => "draw",
        };
        format!(
            "game {}/{}{seed}: first program {}: {result} for --first after {} plies: {}",
            k + 1,
            self.games,
            first.name().to_lowercase(),
            report.plies,
            report.ending.reason(first),
        )
    }
}

/// Counts a game for `--first`.
fn count(tally: &mut Tally, ending: &Ending, first: Colour) {
    match ending.winner() {
        Some(winner) if winner == first => tally.wins += 1,
        Some(_) => tally.losses += 1,
        None => tally.draws += 1,
    }
}

/// Plays the arena and prints a line per game, then the result.
pub fn run(args: &ArenaArgs) -> CommandResult {
    let arena = Arena::new(args)?;
    let mut tally = Tally::default();
    let mut out = std::io::stdout();
    for k in 0..arena.games {
        let report = arena.play(k)?;
        count(&mut tally, &report.ending, Arena::first_colour(k));
        let _ = writeln!(out, "{}", arena.line(k, &report));
        let _ = out.flush();
    }
    let _ =
        writeln!(out, "result {}-{}-{} score {:.1}%", tally.wins, tally.draws, tally.losses, tally.percent());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ending::Fault;

    fn args(extra: &[&str]) -> ArenaArgs {
        #[derive(clap::Parser)]
        struct Wrapper {
            #[command(flatten)]
            args: ArenaArgs,
        }
        let mut words = vec!["arena", "strategy-chess"];
        for (flag, value) in [("--first", "./a"), ("--second", "./b"), ("--games", "2")] {
            if !extra.contains(&flag) {
                words.extend([flag, value]);
            }
        }
        words.extend_from_slice(extra);
        <Wrapper as clap::Parser>::try_parse_from(words).unwrap().args
    }

    #[test]
    fn arguments_are_checked_with_the_flag_named() {
        let arena = Arena::new(&args(&[])).unwrap();
        assert_eq!(arena.terms.move_timeout, Duration::from_secs(2));
        assert_eq!(arena.terms.turn_limit, 5000);
        assert_eq!(arena.terms.rules, manager_rules());
        let message = |extra: &[&str]| Arena::new(&args(extra)).unwrap_err().to_string();
        assert!(message(&["--games", "0"]).starts_with("--games: 0 is not allowed"));
        assert!(message(&["--turn-limit", "0"]).starts_with("--turn-limit: 0"));
        assert!(message(&["--move-timeout", "0"]).starts_with("--move-timeout: 0 is not allowed"));
        assert!(message(&["--move-timeout", "NaN"]).starts_with("--move-timeout: NaN"));
        assert!(message(&["--first", " "]).starts_with("--first: the command is empty"));
        let rules = message(&["--set", "colour=red", "--set", "bombs=soft"]);
        assert!(rules.contains("colour: is not a rule option") && rules.contains("bombs:"), "{rules}");
        let mut stones = args(&[]);
        stones.game = GameKind::Stones;
        let err = Arena::new(&stones).unwrap_err();
        assert!(err.is_usage() && err.to_string().starts_with("arena is only for strategy-chess"), "{err}");
        let set = Arena::new(&args(&["--set", "army=barrage", "--move-timeout", "0.5"])).unwrap();
        assert_eq!(set.terms.rules.army, strategy_chess::Army::BARRAGE);
        assert_eq!(set.terms.move_timeout, Duration::from_millis(500));
    }

    #[test]
    fn colours_alternate_and_lines_count_for_first() {
        assert_eq!(
            [0, 1, 2, 3].map(Arena::first_colour),
            [Colour::Red, Colour::Blue, Colour::Red, Colour::Blue]
        );
        let mut arena = Arena::new(&args(&["--games", "10"])).unwrap();
        let flag = GameReport { plies: 214, ending: Ending::Flag { winner: Colour::Blue } };
        assert_eq!(
            arena.line(2, &flag),
            "game 3/10: first program red: loss for --first after 214 plies: second program wins by taking the flag"
        );
        assert_eq!(
            arena.line(3, &flag),
            "game 4/10: first program blue: win for --first after 214 plies: first program wins by taking the flag"
        );
        arena.seed = Some(40);
        let surrendered =
            GameReport { plies: 9, ending: Ending::Fault { loser: Colour::Red, fault: Fault::Surrendered } };
        assert_eq!(
            arena.line(1, &surrendered),
            "game 2/10 seed 41: first program blue: win for --first after 9 plies: second program surrendered"
        );
        let mut tally = Tally::default();
        count(&mut tally, &flag.ending, Colour::Red);
        count(&mut tally, &flag.ending, Colour::Blue);
        count(&mut tally, &Ending::TurnLimit { limit: 5 }, Colour::Blue);
        assert_eq!((tally.wins, tally.draws, tally.losses), (1, 1, 1));
    }
}
