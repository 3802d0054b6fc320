//! `boardsuite verify GAME [--position FILE | --setups A,B] --moves "M1 M2 ..." [--set ...]`

use super::VerifyArgs;
use crate::failure::{CommandResult, Failure};
use crate::registry::{Registered, rules_from_settings, with_game};

/// Plays the moves through the checked rules and prints `ok N` and the
/// outcome, or `refused K MOVE: REASON` for the first refused move.
pub fn run(args: &VerifyArgs) -> CommandResult {
    with_game!(args.game, G => verify_game::<G>(args))
}

fn verify_game<G: Registered>(args: &VerifyArgs) -> CommandResult {
    let rules = rules_from_settings::<G>(&args.rules.set)?;
    let mut position = match &args.position {
        Some(path) => {
            if args.setups.is_some() {
                return Err(Failure::usage("give either --position or --setups, not both"));
            }
            super::position_file::read::<G>(&rules, path)?
        }
        None => G::start_position(&rules, args.setups.as_deref())?,
    };
    for (k, text) in args.moves.split_whitespace().enumerate() {
        let mv =
            position.parse_move(text).map_err(|e| Failure::usage(format!("move {} `{text}`: {e}", k + 1)))?;
        if let Err(reason) = position.try_play(mv) {
            println!("refused {} {text}: {reason}", k + 1);
            return Ok(());
        }
    }
    println!("ok {}", args.moves.split_whitespace().count());
    match position.outcome() {
        Some(outcome) => println!("outcome {outcome}"),
        None => println!("outcome none"),
    }
    Ok(())
}
