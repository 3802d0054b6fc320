//! The `option` lines of the `ugi` handshake: one per rule option of the
//! game (by its rules-TOML key) and one for the AI `level`.

use game_core::rules::show_value;
use game_core::{Allowed, RuleSet};

/// The name of the AI level option.
pub const LEVEL: &str = "level";

/// The level `go` without limits plays at, when none is set.
pub const DEFAULT_LEVEL: u8 = 10;

/// Every `option name ... type ...` line for rules `R`, with `current`'s
/// values as defaults, then the level.
pub fn option_lines<R: RuleSet>(current: &R, level: u8) -> Vec<String> {
    let table = current.to_table();
    let mut lines: Vec<String> = R::fields()
        .iter()
        .map(|field| {
            let default = table.get(field.key).map(show_value).unwrap_or_default();
            let kind = match field.allowed {
                Allowed::Range { min, max } => format!("spin default {default} min {min} max {max}"),
                Allowed::RangeOrOff { max, .. } => format!("spin default {default} min 0 max {max}"),
                Allowed::Bool => format!("check default {default}"),
                Allowed::OneOf(names) => {
                    let vars: Vec<String> = names.iter().map(|n| format!("var {n}")).collect();
                    format!("combo default {default} {}", vars.join(" "))
                }
                // Free-form values (the Strategy Chess army) may hold spaces.
                Allowed::Described(_) => format!("string default {}", default.replace('\n', " ")),
            };
            format!("option name {} type {kind}", field.key)
        })
        .collect();
    lines.push(format!("option name {LEVEL} type spin default {level} min 1 max 10"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_options_follow_the_schema() {
        let lines = option_lines(&stones::StonesRules::default(), 7);
        assert_eq!(lines.len(), stones::StonesRules::fields().len() + 1);
        assert!(
            lines.iter().any(|l| l.starts_with("option name pits type spin default 6 min ")),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.starts_with("option name sowing type combo default ")), "{lines:?}");
        assert_eq!(lines.last().unwrap(), "option name level type spin default 7 min 1 max 10");
    }

    #[test]
    fn blockade_options_name_every_key() {
        let lines = option_lines(&blockade::BlockadeRules::default(), 10);
        for field in blockade::BlockadeRules::fields() {
            assert!(
                lines.iter().any(|l| l.starts_with(&format!("option name {} type ", field.key))),
                "{lines:?}"
            );
        }
    }
}
