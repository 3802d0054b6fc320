//! The `boardsuite` command line.
//!
//! With no subcommand it opens the launcher window. The headless
//! subcommands (`perft`, `solve`, `match`, `arena`, `verify`, `serve`,
//! `bot`, `ugi`, `ucc-bot`, `replay`) never need a display,
//! and their output formats are a contract (see PRODUCT.md).

pub mod arena;
pub mod bot;
pub mod matches;
pub mod perft;
pub mod player;
pub mod position_file;
pub mod replay;
pub mod serve;
pub mod solve;
pub mod ucc;
pub mod ugi;
pub mod verify;

use crate::failure::{CommandResult, Failure};
use crate::registry::GameKind;
use clap::{Args, Parser, Subcommand};
use player::{PlayerChoice, PlayerChoiceError};
use std::path::PathBuf;
use std::process::ExitCode;

/// boardsuite: Strategy Chess, Stones and Blockade, with a computer
/// opponent that never cheats.
#[derive(Debug, Parser)]
#[command(
    name = "boardsuite",
    version,
    about = "boardsuite: Strategy Chess, Stones and Blockade, with a computer opponent that never cheats.",
    long_about = "boardsuite: Strategy Chess, Stones and Blockade, with a computer opponent that never cheats.\n\nWithout a command, the launcher window opens (it needs X11 and OpenGL). The commands below run without a display; GAME is one of stones, blockade, strategy-chess."
)]
pub struct Cli {
    /// A headless command; without one, the launcher window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The headless subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the move sequences of each length from the start position.
    Perft(PerftArgs),
    /// Solve a perfect-information game exactly: the first player's margin.
    Solve(SolveArgs),
    /// Play computer against computer, without a window.
    #[command(after_help = matches::sparring_help())]
    Match(MatchArgs),
    /// Referee Strategy Chess games between two outside programs that speak
    /// the UCC 2012 bot protocol (as `ucc-bot` does).
    Arena(arena::ArenaArgs),
    /// Play moves through the checked rules and report the first refused one.
    Verify(VerifyArgs),
    /// Run a headless referee server for network games.
    Serve(ServeArgs),
    /// Play one network game as a computer player, without a window.
    Bot(BotArgs),
    /// Speak UGI (the Universal Game Interface) on stdin/stdout.
    Ugi(ugi::UgiArgs),
    /// Play Strategy Chess as a bot of the UCC 2012 programming-competition manager.
    UccBot(ucc::UccArgs),
    /// Check a saved game by replaying every move, and print its moves.
    Replay(ReplayArgs),
}

/// `--set key=value` rule options, shared by every subcommand.
#[derive(Debug, Args, Clone, Default)]
pub struct RuleArgs {
    /// A rule option, with the same key as the game's rules TOML (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game.
    pub game: GameKind,
    /// Count sequences of 1 to this many plies (at most 10000; a depth
    /// that could not finish in hours is refused).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(perft::MAX_DEPTH)))]
    pub depth: u32,
    /// Strategy Chess: library setups A (Red) and B (Blue), e.g. `1,2`.
    #[arg(long, value_name = "A,B")]
    pub setups: Option<String>,
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game (perfect-information games only).
    pub game: GameKind,
    /// Solve this position (the game's text form) instead of the start:
    /// the final margin, banked part included, for the seat to move.
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// First print the exact value of every legal move, in generation order
    /// (`move M value V`, V for the seat to move before the move).
    #[arg(long)]
    pub each: bool,
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Arguments of `match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The game.
    pub game: GameKind,
    /// The player whose score is reported: a level 1..=10, or
    /// sparring:NAME for one of the game's sparring opponents (listed
    /// below).
    #[arg(long, value_name = "PLAYER", value_parser = clap::builder::ValueParser::new(parse_player))]
    pub first: PlayerChoice,
    /// Its opponent: a level 1..=10, or sparring:NAME.
    #[arg(long, value_name = "PLAYER", value_parser = clap::builder::ValueParser::new(parse_player))]
    pub second: PlayerChoice,
    /// How many games; who moves first alternates.
    #[arg(long)]
    pub games: u32,
    /// The seed every game's randomness derives from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Arguments of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The game.
    pub game: GameKind,
    /// A file holding the start position in the game's text form.
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// Strategy Chess: library setups A (Red) and B (Blue), e.g. `1,2`.
    #[arg(long, value_name = "A,B")]
    pub setups: Option<String>,
    /// The moves, in the game's notation, separated by spaces.
    #[arg(long, allow_hyphen_values = true)]
    pub moves: String,
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Arguments of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one (printed on the first line).
    #[arg(long, default_value_t = crate::protocol::DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: String,
    /// Seconds a disconnected player has to come back before the opponent
    /// may claim the game.
    #[arg(long, default_value_t = 60.0)]
    pub grace: f64,
    /// Seconds a client may leave the server's lines unread (a write that
    /// takes longer drops it).
    #[arg(long, default_value_t = 10.0)]
    pub write_timeout: f64,
    /// A folder to write each finished game's full record to.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

/// Arguments of `bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The server, e.g. `127.0.0.1:7878`.
    pub addr: String,
    /// The game.
    #[arg(long)]
    pub game: GameKind,
    /// The AI level, 1..=10.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,
    /// Join the game with this code; without it, open a game and print its code.
    #[arg(long)]
    pub code: Option<String>,
    /// The seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 3600)]
    pub timeout: u64,
    /// Save what this seat saw as a record file at the end.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Rule options of a game this bot opens.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file (TOML), as saved by the game, `serve --records` or
    /// `bot --record`.
    pub file: PathBuf,
}

/// The launcher of a build without the window (`--no-default-features`):
/// says so, as a usage error.
pub fn no_launcher() -> CommandResult {
    Err(Failure::usage(
        "this boardsuite was built without the launcher window; run one of its commands (see --help)",
    ))
}

/// Reads a PLAYER argument (see [`player`]).
fn parse_player(text: &str) -> Result<PlayerChoice, PlayerChoiceError> {
    text.parse()
}

/// Parses the command line and runs it; see [`crate::run`].
pub fn main(open_launcher: fn() -> CommandResult) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with exit 0, and usage
            // errors to stderr with exit 2.
            let _ = e.print();
            return ExitCode::from(e.exit_code() as u8);
        }
    };
    match execute(cli, open_launcher) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {failure}");
            failure.exit_code()
        }
    }
}

/// Runs a parsed command line; with no subcommand, `open_launcher`.
pub fn execute(cli: Cli, open_launcher: fn() -> CommandResult) -> CommandResult {
    match cli.command {
        None => open_launcher(),
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Bot(args)) => bot::run(&args),
        Some(Command::Ugi(args)) => ugi::run(&args),
        Some(Command::UccBot(args)) => ucc::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
    }
}
