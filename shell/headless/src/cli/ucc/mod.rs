//! `boardsuite ucc-bot [--level L] [--set ...]`: a Strategy Chess bot for
//! the UCC 2012 programming-competition manager (`stratego`), over stdin
//! and stdout.
//!
//! The manager sends `RED|BLUE <opponent> 10 10`; the bot answers its
//! setup as four lines; then, each turn, the manager sends `START` or the
//! opponent's confirmed move and ten board lines, the bot answers
//! `x y DIR [n]` (or `SURRENDER`), and reads its own move confirmed. A line
//! starting `QUIT` ends the game; so does the end of input. Lines the bot
//! cannot read are reported on stderr and skipped: it never crashes on
//! input. See [`wire`] for the lines, [`tracker`] for the bot's record of
//! the game, [`config`] for where the rules and level come from, and the
//! `docs/engine-protocols.md` for a transcript.

pub mod config;
pub mod tracker;
pub mod wire;

use super::RuleArgs;
use crate::cli::player::{PlayerChoice, PlayerChoiceError};
use crate::cli::ugi::input::InputLine;
use crate::failure::{CommandResult, Failure};
use ai::seeds::{Stream, derive};
use ai::{Budget, ComputerPlayer, SearchResult, StopSignal};
use clap::Args;
use config::{BotConfig, Layer};
use game_core::Game;
use game_core::rng::seeded;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};
use strategy_chess::sparring::Style;
use strategy_chess::{Move, Setup, StrategyChess, StrategyChessView};
use tracker::Tracker;
use wire::{WireMove, parse_confirmation, parse_start, setup_lines};

/// The most a move's search may take: the manager allows 2 s, and a move
/// must never take more than 1.8 s even on a busy machine; reading and
/// writing need a little.
pub const MOVE_TIME: Duration = Duration::from_millis(1_500);

/// When the search is stopped at the latest, counted from the last board
/// line of the turn. The level's time cap is shared out over the samples
/// of the view, each with its own clock, so on a busy machine their sum can
/// overrun it; this stop cannot be overrun by more than the time to finish
/// the step in hand and combine the samples.
pub const MOVE_DEADLINE: Duration = Duration::from_millis(1_600);

/// Arguments of `ucc-bot`.
#[derive(Debug, Args)]
pub struct UccArgs {
    /// The AI level, 1..=10, or sparring:NAME for a sparring opponent
    /// (default: BOARDSUITE_UCC_LEVEL, the config file, or 5).
    #[arg(long, value_name = "LEVEL", value_parser = clap::builder::ValueParser::new(parse_level))]
    pub level: Option<PlayerChoice>,
    /// The seed of the bot's random choices.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A TOML config file (default: BOARDSUITE_UCC_CONFIG, or
    /// ./boardsuite-ucc.toml if present).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Rule options, over the manager's rules.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Reads `--level` (see [`crate::cli::player`]).
fn parse_level(text: &str) -> Result<PlayerChoice, PlayerChoiceError> {
    text.parse()
}

/// Plays one game with the manager on stdin and stdout.
pub fn run(args: &UccArgs) -> CommandResult {
    let config = resolve(args)?;
    let mut player = Player::new(&config.level)?;
    on_stdio(&mut player, None, &config)
}

/// [`run`] with the computer searching on `budget` instead of
/// `config.level`'s (the study examples' node-capped players, whose games
/// against outside bots are quick), each move shown to `inspect`. The
/// move deadline still holds.
pub fn run_with_budget(budget: Budget, inspect: Inspect<'_>, config: &BotConfig) -> CommandResult {
    let mut player = Player::Computer(Box::new(ComputerPlayer::with_budget(budget)));
    on_stdio(&mut player, Some(inspect), config)
}

/// One game on stdin and stdout.
fn on_stdio(player: &mut Player, inspect: Option<Inspect<'_>>, config: &BotConfig) -> CommandResult {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout();
    play_as(
        player,
        inspect,
        config,
        &mut || read_line(&mut input),
        &mut |line: &str| {
            let _ = writeln!(output, "{line}");
            let _ = output.flush();
        },
        &mut |text: &str| eprintln!("ucc-bot: {text}"),
    )
}

fn resolve(args: &UccArgs) -> Result<BotConfig, Failure> {
    let env = |key: &str| std::env::var(key).ok();
    let mut layers = Vec::new();
    if let Some(path) = args.config.clone().or_else(|| config::config_path(env)) {
        let text = crate::files::read_text_capped(&path, crate::files::MAX_FILE_BYTES)
            .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
        layers.push(config::parse_file(&text, &path)?);
    }
    layers.push(config::parse_env(env)?);
    layers.push(Layer { level: args.level.clone(), seed: args.seed, set: args.rules.set.clone() });
    config::combine(&layers)
}

/// One line without its line end; `None` at the end of input. Bytes that
/// are not UTF-8 are replaced, not fatal; a line far too long to be a
/// manager's line is skipped without being held, and comes out empty (a
/// line the bot cannot read, reported as such).
fn read_line(input: &mut impl BufRead) -> Option<String> {
    match crate::cli::ugi::input::read_line(input, crate::cli::ugi::input::MAX_INPUT_LINE) {
        Ok(Some(InputLine::Text(text))) => Some(text),
        Ok(Some(InputLine::TooLong(_))) => Some(String::new()),
        Ok(None) | Err(_) => None,
    }
}

/// Raises `stop` at `deadline` unless the returned sender is dropped
/// first (the search ended in time); the thread then ends at once.
fn stop_at(stop: &StopSignal, deadline: Instant) -> Option<Sender<()>> {
    let (done, wait) = channel::<()>();
    let stop = stop.clone();
    let spawned = std::thread::Builder::new().name("ucc-deadline".into()).spawn(move || {
        let left = deadline.saturating_duration_since(Instant::now());
        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(left) {
            stop.stop();
        }
    });
    spawned.ok().map(|_| done)
}

/// Who chooses the bot's setup and moves: the AI of a level (its time cap
/// kept within the manager's), or a sparring opponent.
enum Player {
    Computer(Box<ComputerPlayer<StrategyChess>>),
    Sparring(&'static Style),
}

impl Player {
    fn new(choice: &PlayerChoice) -> Result<Player, Failure> {
        Ok(match choice {
            PlayerChoice::Level(level) => {
                let mut budget: Budget = <StrategyChess as crate::registry::Registered>::budget(*level);
                budget.time = Some(budget.time.map_or(MOVE_TIME, |t| t.min(MOVE_TIME)));
                Player::Computer(Box::new(ComputerPlayer::with_budget(budget)))
            }
            PlayerChoice::Sparring(name) => {
                Player::Sparring(strategy_chess::sparring::style(name).ok_or_else(|| {
                    Failure::usage(format!("strategy-chess has no sparring opponent `{name}`"))
                })?)
            }
        })
    }

    fn setup(&self, config: &BotConfig, me: strategy_chess::Colour) -> Setup {
        match self {
            Player::Computer(player) => player.choose_setup(&config.rules, me.seat(), config.seed),
            Player::Sparring(style) => {
                style.setup(&config.rules, me, &mut seeded(derive(config.seed, Stream::Setup, 0)))
            }
        }
    }

    /// The move from `view`; the computer's search is stopped at
    /// `deadline` at the latest (a sparring opponent answers at once).
    fn choose(
        &mut self,
        view: &StrategyChessView,
        seed: u64,
        deadline: Instant,
        inspect: &mut Option<Inspect<'_>>,
    ) -> Option<Move> {
        match self {
            Player::Computer(player) => {
                let stop = StopSignal::new();
                let watchdog = stop_at(&stop, deadline);
                let chosen = player.choose_move(view, seed, Some(&stop));
                drop(watchdog);
                if let Some(inspect) = inspect {
                    inspect(view, &chosen);
                }
                chosen.best_move
            }
            Player::Sparring(style) => style.choose(view, &mut seeded(seed)),
        }
    }
}

fn is_quit(line: &str) -> bool {
    line.trim_start().starts_with("QUIT")
}

/// The game loop, on any line source and sink.
pub fn play(
    config: &BotConfig,
    next_line: &mut dyn FnMut() -> Option<String>,
    send: &mut dyn FnMut(&str),
    warn: &mut dyn FnMut(&str),
) -> CommandResult {
    let mut player = Player::new(&config.level)?;
    play_as(&mut player, None, config, next_line, send, warn)
}

/// What a study hook is shown of each of the computer's moves: the view it
/// chose from and the search's result.
pub type Inspect<'a> = &'a mut dyn FnMut(&StrategyChessView, &SearchResult<Move>);

fn play_as(
    player: &mut Player,
    mut inspect: Option<Inspect<'_>>,
    config: &BotConfig,
    next_line: &mut dyn FnMut() -> Option<String>,
    send: &mut dyn FnMut(&str),
    warn: &mut dyn FnMut(&str),
) -> CommandResult {
    let start = loop {
        let Some(line) = next_line() else { return Ok(()) };
        if is_quit(&line) {
            return Ok(());
        }
        match parse_start(&line) {
            Ok(start) => break start,
            Err(e) => warn(&format!("skipped a line before the game: {e}")),
        }
    };
    let me = start.colour;
    let setup = player.setup(config, me);
    let stand_in = StrategyChess::random_setup(
        &config.rules,
        me.opponent().seat(),
        false,
        &mut seeded(derive(config.seed, Stream::Setup, 1)),
    );
    for line in setup_lines(&setup, me) {
        send(&line);
    }
    // The record starts with the first board: only then are the enemy's
    // squares known (an army of fewer than 40 leaves gaps).
    let mut tracker: Option<Tracker> = None;
    let mut turn = 0u64;
    loop {
        let Some(line) = next_line() else { return Ok(()) };
        if is_quit(&line) {
            return Ok(());
        }
        let mut board = Vec::with_capacity(wire::SIZE);
        let started = line.trim() == "START";
        let enemy_move = if started {
            None
        } else {
            match parse_confirmation(&line) {
                Ok(confirmation) => Some((confirmation, line)),
                // The turn line went missing and the board began: read on
                // rather than wait for a line the manager will not send.
                Err(e) if wire::looks_like_board_line(&line) => {
                    warn(&format!("a turn came without its move line ({e}); reading the board"));
                    board.push(line);
                    None
                }
                Err(e) => {
                    warn(&format!("skipped a line I cannot read: {e}"));
                    continue;
                }
            }
        };
        while board.len() < wire::SIZE {
            let Some(line) = next_line() else { return Ok(()) };
            if is_quit(&line) {
                return Ok(());
            }
            board.push(line);
        }
        let board_read = Instant::now();
        let record = match &mut tracker {
            Some(record) => record,
            None => {
                let first = enemy_move.as_ref().map(|(confirmation, _)| *confirmation);
                let theirs = tracker::enemy_setup(me, &board, first, &stand_in)
                    .map_err(|e| Failure::runtime(format!("the first board: {e}")))?;
                tracker.insert(
                    Tracker::new(&config.rules, me, setup, theirs)
                        .map_err(|e| Failure::runtime(format!("setup: {e}")))?,
                )
            }
        };
        match enemy_move {
            Some((confirmation, line)) => {
                if let Err(e) = record.record(me.opponent(), confirmation) {
                    warn(&format!("the opponent's move `{line}` does not fit the record: {e}"));
                }
            }
            // Without its line, a plain step of the opponent can still be
            // read off the board.
            None if !started && record.colour_to_move() != me => {
                if let Some(confirmation) = record.quiet_move_to(&board) {
                    let _ = record.record(me.opponent(), confirmation);
                }
            }
            None => {}
        }
        if let Err(e) = record.compare(&board) {
            warn(&format!("tracked board differs from the manager's: {e}"));
        }
        turn += 1;
        let view = record.view();
        let chosen = player.choose(
            &view,
            derive(config.seed, Stream::Move, turn),
            board_read + MOVE_DEADLINE,
            &mut inspect,
        );
        match chosen.and_then(WireMove::from_move) {
            Some(wire_move) => send(&wire_move.text()),
            None => send("SURRENDER"),
        }
        let Some(line) = next_line() else { return Ok(()) };
        if is_quit(&line) {
            return Ok(());
        }
        match parse_confirmation(&line) {
            Ok(confirmation) => {
                if let Err(e) = record.record(me, confirmation) {
                    warn(&format!("my move `{line}` does not fit the record: {e}"));
                }
            }
            Err(e) => warn(&format!("skipped a line I cannot read: {e}")),
        }
    }
}
