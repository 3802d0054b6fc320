//! The Stones rules of the Stones study examples: the `--set key=value`
//! pairs that follow their positional arguments.

use game_core::RuleSet;
use stones::StonesRules;

/// The default rules changed by the `--set key=value` pairs in `args`
/// (the word `--set` itself may be left out). Says what is wrong on
/// standard error and gives `None` for a bad pair.
pub fn rules_from(args: &[String]) -> Option<StonesRules> {
    let settings: Vec<String> = args.iter().filter(|a| *a != "--set").cloned().collect();
    StonesRules::default().with_settings(&settings).map_err(|e| eprintln!("{e}")).ok()
}
