//! `boardsuite bot ADDR --game GAME --level L [--code C] [--seed S] [--record FILE] [--set ...]`
//!
//! A computer player with no window: the computer player of level L (the
//! same as the GUI's), choosing from its seat's view only, with its setup
//! from the library from the level that says so. Its random choices come
//! from `--seed`. Without `--code` it opens a game and
//! prints `code CODE` first, for the opponent to join. It then prints
//! `seat SEAT`, and at the end `result OUTCOME (ENDING) after N plies`;
//! with `--record`, it saves what its seat saw and prints `record FILE`.

use super::BotArgs;
use crate::failure::{CommandResult, Failure};
use crate::net::bot::{Bot, BotConfig, BotTable, chooser_for_level, library_setup_at};
use crate::record::save_file;
use crate::registry::{Registered, rules_from_settings, with_game};
use std::io::Write;
use std::time::Duration;

/// Plays one game on the server at `args.addr`.
pub fn run(args: &BotArgs) -> CommandResult {
    with_game!(args.game, G => play::<G>(args))
}

fn play<G: Registered>(args: &BotArgs) -> CommandResult {
    let table = match &args.code {
        Some(code) => {
            if !args.rules.set.is_empty() {
                return Err(Failure::usage("--set applies when opening a game: drop it with --code"));
            }
            BotTable::Join { code: code.clone() }
        }
        None => BotTable::Create { rules: rules_from_settings::<G>(&args.rules.set)?, seat: None },
    };
    let config = BotConfig {
        seed: args.seed,
        library_setup: library_setup_at::<G>(args.level),
        timeout: Duration::from_secs(args.timeout),
        ..BotConfig::default()
    };
    let bot = Bot::<G>::connect(&args.addr, table, config).map_err(|e| Failure::runtime(e.to_string()))?;
    if args.code.is_none() {
        println!("code {}", bot.code());
    }
    println!("seat {}", bot.seat());
    let _ = std::io::stdout().flush();
    let report =
        bot.play(chooser_for_level::<G>(args.level).as_mut()).map_err(|e| Failure::runtime(e.to_string()))?;
    println!("result {} ({}) after {} plies", report.outcome, report.ending, report.plies);
    if let Some(path) = &args.record {
        let record = report.record.ok_or_else(|| Failure::runtime("no record: the bot was never seated"))?;
        save_file(&record, path).map_err(|e| Failure::runtime(e.to_string()))?;
        println!("record {}", path.display());
    }
    Ok(())
}
