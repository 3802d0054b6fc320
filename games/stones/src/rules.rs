//! The rule options of Stones: board size, sowing rule, captures and the end
//! sweep, as one small TOML struct.

use game_core::rules::{Allowed, RuleField, RuleSet};
use serde::{Deserialize, Serialize};

/// The fewest piles a side may have.
pub const MIN_PITS: u8 = 3;
/// The most piles a side may have.
pub const MAX_PITS: u8 = 8;
/// The fewest stones a pile may start with.
pub const MIN_STONES: u8 = 1;
/// The most stones a pile may start with.
pub const MAX_STONES: u8 = 8;

/// The rule options of Stones.
///
/// The defaults are the Stones of the original manual: 6 piles a side, 4
/// stones a pile, relay sowing, and the player who empties their side
/// collecting what is left. `sowing = "kalah"` with its default end sweep
/// is Kalah as solved in "Solving Kalah" (Irving, Donkers, Uiterwijk 2000)
/// when `empty_capture = true`, and the usual Kalah of rule books when it
/// is `false`.
///
/// The struct is a few bytes and `Copy`, so every position carries its own
/// copy and cloning a position stays a plain memory copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StonesRules {
    /// Piles on each side, `3..=8`.
    pub pits: u8,
    /// Stones in every pile at the start, `1..=8`.
    pub stones: u8,
    /// What happens where the last stone of a sowing lands.
    pub sowing: SowingRule,
    /// Kalah only: a last stone in the mover's own empty pit captures even
    /// when the opposite pit is empty (it then captures just itself).
    /// Relay sowing never captures, so it ignores this option.
    pub empty_capture: bool,
    /// Who banks the stones left on the board when a side runs empty.
    pub end_sweep: EndSweep,
}

impl Default for StonesRules {
    fn default() -> Self {
        StonesRules {
            pits: 6,
            stones: 4,
            sowing: SowingRule::Relay,
            empty_capture: false,
            end_sweep: EndSweep::Auto,
        }
    }
}

impl StonesRules {
    /// Kalah with `pits` pits of `stones` stones, with or without the
    /// empty capture, and its own end sweep (each player banks their side).
    pub fn kalah(pits: u8, stones: u8, empty_capture: bool) -> Self {
        StonesRules { pits, stones, sowing: SowingRule::Kalah, empty_capture, end_sweep: EndSweep::Auto }
    }

    /// The end sweep actually played: [`EndSweep::Auto`] resolved by the
    /// sowing rule.
    pub fn effective_end_sweep(&self) -> EndSweep {
        match (self.end_sweep, self.sowing) {
            (EndSweep::Auto, SowingRule::Relay) => EndSweep::EmptierCollects,
            (EndSweep::Auto, SowingRule::Kalah) => EndSweep::OwnerKeeps,
            (chosen, _) => chosen,
        }
    }

    /// The total number of stones on the board at the start.
    pub fn total_stones(&self) -> u32 {
        2 * self.pits as u32 * self.stones as u32
    }
}

/// What happens where the last stone of a sowing lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SowingRule {
    /// Stones (the default): last stone in your own score pile, a free
    /// turn; in a pile on either side that already held stones, lift that
    /// whole pile and keep sowing (a relay); in an empty pile, the turn ends.
    Relay,
    /// Kalah: no relay. Last stone in your own score pile, a free turn; in
    /// your own empty pit, capture it and the opposite pit into your score
    /// pile (see `empty_capture`); anywhere else, the turn ends.
    Kalah,
}

/// Who banks the stones left on the board when a side runs empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndSweep {
    /// Follows `sowing`: `emptier-collects` with relay sowing,
    /// `owner-keeps` with Kalah sowing.
    Auto,
    /// The Stones rule: the player whose side is empty banks every stone
    /// left on the other side (the mover's side is checked first).
    EmptierCollects,
    /// The Kalah rule: each player banks the stones on their own side.
    OwnerKeeps,
}

const SOWING_NAMES: &[&str] = &["relay", "kalah"];
const END_SWEEP_NAMES: &[&str] = &["auto", "emptier-collects", "owner-keeps"];

impl RuleSet for StonesRules {
    fn fields() -> &'static [RuleField] {
        const FIELDS: &[RuleField] = &[
            RuleField {
                key: "pits",
                allowed: Allowed::Range { min: MIN_PITS as i64, max: MAX_PITS as i64 },
                help: "Piles on each side.",
            },
            RuleField {
                key: "stones",
                allowed: Allowed::Range { min: MIN_STONES as i64, max: MAX_STONES as i64 },
                help: "Stones in every pile at the start.",
            },
            RuleField {
                key: "sowing",
                allowed: Allowed::OneOf(SOWING_NAMES),
                help: "relay: a last stone in a filled pile lifts it and sowing goes on; \
                       kalah: no relay, a last stone in your own empty pit captures the opposite pit.",
            },
            RuleField {
                key: "empty_capture",
                allowed: Allowed::Bool,
                help: "Kalah only: capture even when the opposite pit is empty, as in \"Solving Kalah\".",
            },
            RuleField {
                key: "end_sweep",
                allowed: Allowed::OneOf(END_SWEEP_NAMES),
                help: "When a side runs empty: emptier-collects (that player banks the rest), \
                       owner-keeps (each banks their own side), or auto (follows sowing).",
            },
        ];
        FIELDS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_stones_of_the_manual() {
        let rules = StonesRules::default();
        assert_eq!((rules.pits, rules.stones), (6, 4));
        assert_eq!(rules.sowing, SowingRule::Relay);
        assert_eq!(rules.effective_end_sweep(), EndSweep::EmptierCollects);
        assert_eq!(rules.total_stones(), 48);
        assert_eq!(rules.summary(), "defaults");
    }

    #[test]
    fn the_end_sweep_follows_sowing_unless_chosen() {
        let kalah = StonesRules::default().with_settings(&["sowing=kalah"]).unwrap();
        assert_eq!(kalah.effective_end_sweep(), EndSweep::OwnerKeeps);
        let chosen = kalah.with_settings(&["end_sweep=emptier-collects"]).unwrap();
        assert_eq!(chosen.effective_end_sweep(), EndSweep::EmptierCollects);
        let relay = StonesRules::default().with_settings(&["end_sweep=owner-keeps"]).unwrap();
        assert_eq!(relay.effective_end_sweep(), EndSweep::OwnerKeeps);
        assert_eq!(relay.summary(), "end_sweep=owner-keeps");
    }

    #[test]
    fn bad_options_are_named_with_their_ranges() {
        let err = StonesRules::default().with_settings(&["pits=9", "stones=0", "colour=red"]).unwrap_err();
        assert_eq!(err.keys(), vec!["colour", "pits", "stones"]);
        let text = err.to_string();
        assert!(text.contains("pits: 9 is not allowed (allowed: an integer 3..=8)"), "{text}");
        assert!(text.contains("stones: 0 is not allowed (allowed: an integer 1..=8)"), "{text}");
        let err = StonesRules::default().with_settings(&["sowing=awari", "end_sweep=nobody"]).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("one of relay, kalah"), "{text}");
        assert!(text.contains("one of auto, emptier-collects, owner-keeps"), "{text}");
        let err = StonesRules::default().with_settings(&["pits=-1"]).unwrap_err();
        assert_eq!(err.keys(), vec!["pits"]);
        let err = StonesRules::default().with_settings(&["empty_capture=maybe"]).unwrap_err();
        assert_eq!(err.keys(), vec!["empty_capture"]);
    }

    #[test]
    fn toml_round_trips() {
        let rules = StonesRules::kalah(4, 3, true);
        let text = rules.to_toml();
        assert!(text.contains("sowing = \"kalah\""), "{text}");
        assert_eq!(StonesRules::from_toml(&text).unwrap(), rules);
        assert_eq!(StonesRules::from_toml("").unwrap(), StonesRules::default());
        assert_eq!(StonesRules::from_toml("speed = \"fast\"").unwrap_err().keys(), vec!["speed"]);
    }
}
