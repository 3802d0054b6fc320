//! The rule options of Strategy Chess, as one TOML struct with a schema.
//!
//! ```toml
//! army = "classic"              # or "barrage", or counts: see `army`
//! first = "red"                 # or "blue"
//! scouts = "long-and-strike"    # or "long-no-strike", "one-square"
//! bombs = "permanent"           # or "single-use"
//! two_square_rule = true
//! more_square_rule = true
//! no_capture_limit = 200        # 0 = off, else 20..=5000
//! ```

use crate::army::{ARMY_ALLOWED, Army};
use crate::rank::Colour;
use game_core::rules::{Allowed, RuleErrors, RuleField, RuleSet, push_error, validate_fields};
use serde::{Deserialize, Serialize};

/// How far Scouts move, and whether they strike at the end of a long move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoutRule {
    /// A Scout moves any distance in a straight line over empty squares and
    /// may strike at the end of it.
    #[default]
    LongAndStrike,
    /// A Scout may move far but strikes only from the square next to its
    /// target (the BBS door's option 1).
    LongNoStrike,
    /// Every piece moves one square (the original gadget).
    OneSquare,
}

impl ScoutRule {
    /// Whether Scouts may move more than one square.
    pub const fn long(self) -> bool {
        !matches!(self, ScoutRule::OneSquare)
    }
}

/// What becomes of a Bomb that is struck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BombRule {
    /// A Bomb stays until a Miner removes it.
    #[default]
    Permanent,
    /// A struck Bomb is removed too, whoever struck it (the gadget's plan).
    SingleUse,
}

/// The most plies a game lasts when `no_capture_limit` is off.
pub const MAX_PLIES: u32 = 10_000;

/// Strategy Chess's rule options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StrategyChessRules {
    /// The pieces each side has (see [`crate::army`]).
    pub army: Army,
    /// Who moves first.
    pub first: Colour,
    /// How Scouts move.
    pub scouts: ScoutRule,
    /// Whether struck Bombs stay.
    pub bombs: BombRule,
    /// ISF 10.1: no piece moves back and forth between the same two squares
    /// more than three times in a row (see [`crate::repetition::two_square`]).
    pub two_square_rule: bool,
    /// ISF 11: no endless chase (see [`crate::repetition::more_square`]).
    pub more_square_rule: bool,
    /// This many plies in a row without a battle draw the game; 0 switches
    /// the limit off (the game then still ends as a draw after
    /// [`MAX_PLIES`] plies).
    pub no_capture_limit: u32,
}

impl Default for StrategyChessRules {
    fn default() -> Self {
        StrategyChessRules {
            army: Army::CLASSIC,
            first: Colour::Red,
            scouts: ScoutRule::LongAndStrike,
            bombs: BombRule::Permanent,
            two_square_rule: true,
            more_square_rule: true,
            no_capture_limit: 200,
        }
    }
}

impl RuleSet for StrategyChessRules {
    fn fields() -> &'static [RuleField] {
        const FIELDS: &[RuleField] = &[
            RuleField {
                key: "army",
                allowed: Allowed::Described(ARMY_ALLOWED),
                help: "The pieces of each side: classic (40), barrage (8) or custom counts.",
            },
            RuleField { key: "first", allowed: Allowed::OneOf(&["red", "blue"]), help: "Who moves first." },
            RuleField {
                key: "scouts",
                allowed: Allowed::OneOf(&["long-and-strike", "long-no-strike", "one-square"]),
                help: "Scouts move far and may strike at the end; move far but strike only from next door; or move one square like every piece.",
            },
            RuleField {
                key: "bombs",
                allowed: Allowed::OneOf(&["permanent", "single-use"]),
                help: "A struck Bomb stays (permanent) or is removed too (single-use).",
            },
            RuleField {
                key: "two_square_rule",
                allowed: Allowed::Bool,
                help: "No piece moves back and forth between the same two squares more than three times in a row.",
            },
            RuleField {
                key: "more_square_rule",
                allowed: Allowed::Bool,
                help: "A chaser may not chase a piece endlessly by repeating positions.",
            },
            RuleField {
                key: "no_capture_limit",
                allowed: Allowed::RangeOrOff { min: 20, max: 5000 },
                help: "This many moves in a row without a battle draw the game (0: off; the game still ends at 10,000 moves).",
            },
        ];
        FIELDS
    }

    fn validate(&self) -> Result<(), RuleErrors> {
        let mut errors = validate_fields(self).err().map(|e| e.0).unwrap_or_default();
        for problem in self.army.problems() {
            push_error(&mut errors, "army", problem, ARMY_ALLOWED);
        }
        if errors.is_empty() { Ok(()) } else { Err(RuleErrors(errors)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::Rank;

    #[test]
    fn defaults_and_toml_round_trip() {
        let rules = StrategyChessRules::default();
        assert_eq!(rules.summary(), "defaults");
        assert_eq!(StrategyChessRules::from_toml(&rules.to_toml()).unwrap(), rules);
        assert_eq!(StrategyChessRules::from_toml("").unwrap(), rules);
        let text = "army = \"barrage\"\nfirst = \"blue\"\nscouts = \"one-square\"\nbombs = \"single-use\"\n";
        let rules = StrategyChessRules::from_toml(text).unwrap();
        assert_eq!(rules.army, Army::BARRAGE);
        assert_eq!(rules.first, Colour::Blue);
        assert_eq!(rules.scouts, ScoutRule::OneSquare);
        assert_eq!(rules.bombs, BombRule::SingleUse);
        assert_eq!(StrategyChessRules::from_toml(&rules.to_toml()).unwrap(), rules);
    }

    #[test]
    fn set_reaches_into_the_army() {
        let rules = StrategyChessRules::default().with_settings(&["army.scout=4", "army.bomb=3"]).unwrap();
        assert_eq!(rules.army, Army::CLASSIC.with(Rank::Scout, 4).with(Rank::Bomb, 3));
        let rules = rules.with_settings(&["army=barrage"]).unwrap();
        assert_eq!(rules.army, Army::BARRAGE);
        let rules = rules.with_settings(&["army.scout=5"]).unwrap();
        assert_eq!(rules.army, Army::BARRAGE.with(Rank::Scout, 5));
        assert!(rules.summary().contains("army="), "{}", rules.summary());
    }

    #[test]
    fn bad_options_name_their_key() {
        let err = StrategyChessRules::default().with_settings(&["army.flag=0"]).unwrap_err();
        assert_eq!(err.keys(), vec!["army"]);
        assert!(err.to_string().contains("exactly one flag"), "{err}");
        let err = StrategyChessRules::default().with_settings(&["army.scout=30"]).unwrap_err();
        assert!(err.to_string().contains("do not fit"), "{err}");
        let err = StrategyChessRules::default().with_settings(&["army.dragon=1"]).unwrap_err();
        assert!(err.keys().iter().all(|&k| k == "army"), "{err}");
        assert!(err.to_string().contains("unknown army key `dragon`"), "{err}");
        let err = StrategyChessRules::default()
            .with_settings(&["scouts=far", "first=green", "bombs=2"])
            .unwrap_err();
        let mut keys = err.keys();
        keys.sort();
        assert_eq!(keys, vec!["bombs", "first", "scouts"]);
        let err = StrategyChessRules::default().with_settings(&["no_capture_limit=10"]).unwrap_err();
        assert_eq!(err.keys(), vec!["no_capture_limit"]);
        assert!(err.to_string().contains("0 (off) or an integer 20..=5000"), "{err}");
        let ok = StrategyChessRules::default().with_settings(&["no_capture_limit=0"]).unwrap();
        assert_eq!(ok.no_capture_limit, 0);
        let err = StrategyChessRules::from_toml("colour = 1").unwrap_err();
        assert_eq!(err.keys(), vec!["colour"]);
    }
}
