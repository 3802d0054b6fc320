//! `boardsuite replay FILE`: checks a saved game and prints its moves.
//!
//! The record is replayed through the checked rules from its rules and
//! setups; every move must be legal, and the ending, the result and the
//! final hash must follow. Output:
//!
//! ```text
//! game stones, full record, 3 moves
//! move 1 first c1
//! move 2 first f1
//! move 3 second e2
//! ok 3
//! outcome none
//! hash 5f0c2a9e13b7d4a1
//! ```
//!
//! `outcome` is as in `verify`; a finished game adds `ending by the
//! rules`, `ending first resigned`, `ending draw agreed` or `ending first
//! abandoned` before the hash. A record of what one seat saw in a game with
//! hidden setups (Strategy Chess) lacks the opponent's setup, so it cannot
//! be replayed: its moves are printed, then `unverified N: REASON`. A
//! corrupt or tampered record exits 2 with the line and the problem.

use super::ReplayArgs;
use crate::failure::{CommandResult, Failure};
use crate::record::{GameRecord, RecordKind, has_setup_phase, load};
use crate::registry::{GameKind, with_game};
use clap::ValueEnum;
use game_core::{Observe, Seat};

/// Checks the record at `args.file` and prints it.
pub fn run(args: &ReplayArgs) -> CommandResult {
    let path = &args.file;
    let text = crate::files::read_text_capped(path, crate::files::MAX_FILE_BYTES)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    let bad = |e: crate::record::RecordError| Failure::usage(format!("{}: {e}", path.display()));
    let parsed = GameRecord::from_toml(&text).map_err(bad)?;
    let kind = GameKind::from_str(&parsed.record.game, false).map_err(|_| {
        bad(crate::record::RecordError::at(
            parsed.lines.game,
            format!("`{}` is not a game: expected stones, blockade or strategy-chess", parsed.record.game),
        ))
    })?;
    with_game!(kind, G => replay_game::<G>(&text, &parsed.record, &bad))
}

fn replay_game<G: Observe>(
    text: &str,
    record: &GameRecord,
    bad: &dyn Fn(crate::record::RecordError) -> Failure,
) -> CommandResult {
    let whose = match record.kind {
        RecordKind::Full => "full record".to_string(),
        RecordKind::Seat(seat) => format!("what {seat} saw"),
    };
    println!("game {}, {whose}, {} moves", record.game, record.moves.len());
    if let RecordKind::Seat(own) = record.kind {
        let missing = (0..2).map(Seat).find(|s| record.setups.get(s.index()).cloned().flatten().is_none());
        if let Some(missing) = missing.filter(|_| has_setup_phase::<G>()) {
            // Only the form was checked; the seats' turns are not known.
            for (i, mv) in record.moves.iter().enumerate() {
                println!("move {} {mv}", i + 1);
            }
            println!(
                "unverified {}: {own} saw these moves, but {missing}'s setup was hidden from it, so they cannot be replayed",
                record.moves.len()
            );
            return Ok(());
        }
    }
    let loaded = load::<G>(text).map_err(bad)?;
    for (i, played) in loaded.referee.history().iter().enumerate() {
        println!("move {} {} {}", i + 1, played.seat, played.notation);
    }
    println!("ok {}", loaded.referee.history().len());
    match loaded.referee.outcome() {
        Some(outcome) => println!("outcome {outcome}"),
        None => println!("outcome none"),
    }
    if let Some(finish) = loaded.referee.finish() {
        println!("ending {}", crate::protocol::Ending::from(finish));
    }
    println!("hash {:016x}", loaded.referee.position().hash_key());
    Ok(())
}
