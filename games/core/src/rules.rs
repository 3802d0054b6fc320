//! Rule options: one serde struct per game, validated against a schema, and
//! one generic `--set key=value` mechanism for all of them.
//!
//! Each game describes its options once, as a table of [`RuleField`]s. That
//! table drives validation (every bad field is reported by name with its
//! allowed values), the command line's `--set`, the launcher's option
//! widgets and the engine protocols' option lists.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use thiserror::Error;

/// The values a rule option accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// An integer in `min..=max`.
    Range {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// 0 switches the rule off; otherwise an integer in `min..=max`.
    RangeOrOff {
        /// Smallest allowed value other than 0.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// `true` or `false`.
    Bool,
    /// One of these names.
    OneOf(&'static [&'static str]),
    /// Free-form; the text says what fits. The game checks it in `validate`.
    Described(&'static str),
}

impl Allowed {
    /// Whether `value` fits, for the kinds the schema can check by itself.
    /// [`Allowed::Described`] always answers `true`: its game checks it.
    pub fn admits(&self, value: &toml::Value) -> bool {
        match (self, value) {
            (Allowed::Range { min, max }, toml::Value::Integer(v)) => (*min..=*max).contains(v),
            (Allowed::RangeOrOff { min, max }, toml::Value::Integer(v)) => {
                *v == 0 || (*min..=*max).contains(v)
            }
            (Allowed::Bool, toml::Value::Boolean(_)) => true,
            (Allowed::OneOf(names), toml::Value::String(s)) => names.contains(&s.as_str()),
            (Allowed::Described(_), _) => true,
            _ => false,
        }
    }
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Allowed::Range { min, max } => write!(f, "an integer {min}..={max}"),
            Allowed::RangeOrOff { min, max } => write!(f, "0 (off) or an integer {min}..={max}"),
            Allowed::Bool => f.write_str("true or false"),
            Allowed::OneOf(names) => write!(f, "one of {}", names.join(", ")),
            Allowed::Described(text) => f.write_str(text),
        }
    }
}

/// One rule option in a game's schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleField {
    /// The TOML key, also used by `--set` and the engine protocols.
    pub key: &'static str,
    /// What values it takes.
    pub allowed: Allowed,
    /// One line for players: what the option does.
    pub help: &'static str,
}

/// One bad rule option: which key, what is wrong, what would be right.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{key}: {problem} (allowed: {allowed})")]
pub struct RuleError {
    /// The option's key.
    pub key: String,
    /// What is wrong with the given value.
    pub problem: String,
    /// The allowed values, in words.
    pub allowed: String,
}

/// Every problem found in a set of rule options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct RuleErrors(pub Vec<RuleError>);

impl fmt::Display for RuleErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl RuleErrors {
    /// The keys of the bad options, in order.
    pub fn keys(&self) -> Vec<&str> {
        self.0.iter().map(|e| e.key.as_str()).collect()
    }
}

/// A game's rule options: a TOML-serialisable struct with a default and a
/// schema.
///
/// Implementors derive `Serialize`/`Deserialize` with
/// `#[serde(default, deny_unknown_fields)]`, list their options in
/// [`RuleSet::fields`], and add cross-field checks to [`RuleSet::validate`]
/// by calling [`validate_fields`] first.
pub trait RuleSet:
    Clone + fmt::Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The options, in the order players should see them.
    fn fields() -> &'static [RuleField];

    /// Every bad option, by name, with its allowed values.
    fn validate(&self) -> Result<(), RuleErrors> {
        validate_fields(self)
    }

    /// The schema entry for `key`, if there is one.
    fn field(key: &str) -> Option<&'static RuleField> {
        Self::fields().iter().find(|f| f.key == key)
    }

    /// Reads and validates rules from TOML text. Missing keys take their
    /// defaults; unknown keys and bad values are errors.
    fn from_toml(text: &str) -> Result<Self, RuleErrors> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            RuleErrors(vec![RuleError {
                key: "(file)".into(),
                problem: e.message().to_string(),
                allowed: "TOML text".into(),
            }])
        })?;
        let rules = from_table::<Self>(table)?;
        rules.validate()?;
        Ok(rules)
    }

    /// The rules as TOML text.
    fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// The rules as a TOML table (every option present).
    fn to_table(&self) -> toml::Table {
        match toml::Table::try_from(self) {
            Ok(table) => table,
            Err(_) => toml::Table::new(),
        }
    }

    /// Applies `key=value` assignments (as given to `--set`) on top of these
    /// rules, then validates. Every problem is reported, not just the first.
    fn with_settings<S: AsRef<str>>(&self, assignments: &[S]) -> Result<Self, RuleErrors> {
        let mut table = self.to_table();
        let mut errors = Vec::new();
        for assignment in assignments {
            if let Err(e) = set_in_table::<Self>(&mut table, assignment.as_ref()) {
                errors.push(e);
            }
        }
        // Report the values that were set alongside the keys that were not.
        match from_table::<Self>(table) {
            Err(more) => errors.extend(more.0),
            Ok(rules) => match rules.validate() {
                Err(more) => errors.extend(more.0),
                Ok(()) if errors.is_empty() => return Ok(rules),
                Ok(()) => {}
            },
        }
        Err(RuleErrors(errors))
    }

    /// A one-line summary of the options that differ from the defaults,
    /// e.g. `pits=5 sowing=kalah`, or `defaults`.
    fn summary(&self) -> String {
        let mine = self.to_table();
        let defaults = Self::default().to_table();
        let changed: Vec<String> = Self::fields()
            .iter()
            .filter_map(|f| {
                let v = mine.get(f.key)?;
                (defaults.get(f.key) != Some(v)).then(|| format!("{}={}", f.key, show_value(v)))
            })
            .collect();
        if changed.is_empty() { "defaults".into() } else { changed.join(" ") }
    }
}

/// Checks every field the schema can check by itself (ranges, choices,
/// booleans). Games call it from their own `validate` before their
/// cross-field checks.
pub fn validate_fields<R: RuleSet>(rules: &R) -> Result<(), RuleErrors> {
    let table = rules.to_table();
    let errors: Vec<RuleError> = R::fields()
        .iter()
        .filter_map(|field| {
            let value = table.get(field.key)?;
            (!field.allowed.admits(value)).then(|| RuleError {
                key: field.key.to_string(),
                problem: format!("{} is not allowed", show_value(value)),
                allowed: field.allowed.to_string(),
            })
        })
        .collect();
    if errors.is_empty() { Ok(()) } else { Err(RuleErrors(errors)) }
}

/// Adds a cross-field problem found by a game's own `validate`.
pub fn push_error(
    errors: &mut Vec<RuleError>,
    key: &str,
    problem: impl Into<String>,
    allowed: impl Into<String>,
) {
    errors.push(RuleError { key: key.into(), problem: problem.into(), allowed: allowed.into() });
}

/// A value as a player would type it: strings bare, the rest as TOML.
pub fn show_value(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Reads the right-hand side of `key=value`: a TOML value if it parses as
/// one (`7`, `true`, `"kalah"`, `[3, 4]`), otherwise the bare text as a
/// string (`kalah`).
pub fn parse_value(text: &str) -> toml::Value {
    let text = text.trim();
    let wrapped = format!("v = {text}");
    match wrapped.parse::<toml::Table>() {
        Ok(mut t) => t.remove("v").unwrap_or_else(|| toml::Value::String(text.to_string())),
        Err(_) => toml::Value::String(text.to_string()),
    }
}

fn set_in_table<R: RuleSet>(table: &mut toml::Table, assignment: &str) -> Result<(), RuleError> {
    let known = || R::fields().iter().map(|f| f.key).collect::<Vec<_>>().join(", ");
    let Some((key, value)) = assignment.split_once('=') else {
        return Err(RuleError {
            key: assignment.to_string(),
            problem: "is not of the form key=value".into(),
            allowed: format!("key=value with a key among {}", known()),
        });
    };
    let key = key.trim();
    let mut path = key.split('.');
    let top = path.next().unwrap_or_default();
    let Some(field) = R::field(top) else {
        return Err(RuleError {
            key: key.to_string(),
            problem: "is not a rule option of this game".into(),
            allowed: format!("one of {}", known()),
        });
    };
    let value = parse_value(value);
    let rest: Vec<&str> = path.collect();
    if rest.is_empty() {
        table.insert(top.to_string(), value);
        return Ok(());
    }
    // A dotted key reaches into a table-valued option, e.g. `army.scout=4`.
    let mut slot = table.entry(top.to_string()).or_insert_with(|| toml::Value::Table(toml::Table::new()));
    for (i, part) in rest.iter().enumerate() {
        let toml::Value::Table(inner) = slot else {
            return Err(RuleError {
                key: key.to_string(),
                problem: format!("`{top}` holds a single value, not a table"),
                allowed: field.allowed.to_string(),
            });
        };
        if i + 1 == rest.len() {
            inner.insert(part.to_string(), value);
            return Ok(());
        }
        slot = inner.entry(part.to_string()).or_insert_with(|| toml::Value::Table(toml::Table::new()));
    }
    Ok(())
}

/// Deserialises a table, naming the key behind any type error.
fn from_table<R: RuleSet>(table: toml::Table) -> Result<R, RuleErrors> {
    // Check each known field alone first, so a type error names its key.
    let mut errors = Vec::new();
    for (key, value) in &table {
        match R::field(key) {
            None => push_error(
                &mut errors,
                key,
                "is not a rule option of this game",
                format!("one of {}", R::fields().iter().map(|f| f.key).collect::<Vec<_>>().join(", ")),
            ),
            Some(field) => {
                let mut alone = R::default().to_table();
                alone.insert(key.clone(), value.clone());
                if let Err(e) = toml::Value::Table(alone).try_into::<R>() {
                    push_error(
                        &mut errors,
                        key,
                        format!("{} is not allowed ({})", show_value(value), e.message().trim()),
                        field.allowed.to_string(),
                    );
                }
            }
        }
    }
    if !errors.is_empty() {
        // Still report the range problems of the other keys: read the table
        // with the broken keys back at their defaults, and validate that.
        let defaults = R::default().to_table();
        let mut rest = table;
        for error in &errors {
            match defaults.get(&error.key) {
                Some(value) => rest.insert(error.key.clone(), value.clone()),
                None => rest.remove(&error.key),
            };
        }
        if let Ok(partial) = toml::Value::Table(rest).try_into::<R>()
            && let Err(more) = partial.validate()
        {
            for e in more.0 {
                if !errors.iter().any(|known| known.key == e.key) {
                    errors.push(e);
                }
            }
        }
        return Err(RuleErrors(errors));
    }
    toml::Value::Table(table).try_into::<R>().map_err(|e| {
        RuleErrors(vec![RuleError {
            key: "(rules)".into(),
            problem: e.message().trim().to_string(),
            allowed: "the game's rule options".into(),
        }])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::NimRules;

    #[test]
    fn values_read_like_a_player_types_them() {
        assert_eq!(parse_value("7"), toml::Value::Integer(7));
        assert_eq!(parse_value("true"), toml::Value::Boolean(true));
        assert_eq!(parse_value("kalah"), toml::Value::String("kalah".into()));
        assert_eq!(parse_value("\"kalah\""), toml::Value::String("kalah".into()));
        assert_eq!(parse_value("long-and-strike"), toml::Value::String("long-and-strike".into()));
        assert_eq!(
            parse_value("[1, 2]"),
            toml::Value::Array(vec![toml::Value::Integer(1), toml::Value::Integer(2)])
        );
    }

    #[test]
    fn settings_apply_and_validate() {
        let rules = NimRules::default().with_settings(&["max_take=2", "free_turn=false"]).unwrap();
        assert_eq!(rules.max_take, 2);
        assert!(!rules.free_turn);
        assert_eq!(rules.summary(), "max_take=2 free_turn=false");
        assert_eq!(NimRules::default().summary(), "defaults");
    }

    #[test]
    fn unknown_key_is_named() {
        let err = NimRules::default().with_settings(&["pits=4", "max_take=0"]).unwrap_err();
        assert_eq!(err.keys(), vec!["pits", "max_take"]);
        assert!(err.to_string().contains("max_take"), "{err}");
    }

    #[test]
    fn every_bad_field_is_reported_with_its_range() {
        let err = NimRules::default().with_settings(&["max_take=0", "heaps=[1, 99]"]).unwrap_err();
        assert_eq!(err.keys(), vec!["max_take", "heaps"]);
        assert!(err.to_string().contains("1..=9"), "{err}");
        let err = NimRules::default().with_settings(&["max_take=lots"]).unwrap_err();
        assert_eq!(err.keys(), vec!["max_take"]);
        assert!(err.to_string().contains("an integer 1..=9"), "{err}");
    }

    #[test]
    fn a_type_error_does_not_hide_range_errors_of_other_keys() {
        let err = NimRules::default().with_settings(&["max_take=lots", "heaps=[1, 99]"]).unwrap_err();
        assert_eq!(err.keys(), vec!["max_take", "heaps"]);
        let err = NimRules::from_toml("max_take = \"lots\"\nheaps = [0]\nfree_turn = 3").unwrap_err();
        let mut keys = err.keys();
        keys.sort();
        assert_eq!(keys, vec!["free_turn", "heaps", "max_take"]);
    }

    #[test]
    fn malformed_assignment_is_an_error() {
        let err = NimRules::default().with_settings(&["max_take"]).unwrap_err();
        assert!(err.to_string().contains("key=value"), "{err}");
    }

    #[test]
    fn toml_round_trips_and_rejects_unknown_keys() {
        let rules = NimRules::default().with_settings(&["max_take=4"]).unwrap();
        assert_eq!(NimRules::from_toml(&rules.to_toml()).unwrap(), rules);
        assert_eq!(NimRules::from_toml("").unwrap(), NimRules::default());
        let err = NimRules::from_toml("colour = \"red\"").unwrap_err();
        assert_eq!(err.keys(), vec!["colour"]);
        let err = NimRules::from_toml("max_take = [").unwrap_err();
        assert_eq!(err.keys(), vec!["(file)"]);
    }

    #[test]
    fn allowed_describes_itself() {
        assert_eq!(Allowed::Range { min: 3, max: 8 }.to_string(), "an integer 3..=8");
        assert_eq!(Allowed::RangeOrOff { min: 20, max: 5000 }.to_string(), "0 (off) or an integer 20..=5000");
        assert_eq!(Allowed::OneOf(&["relay", "kalah"]).to_string(), "one of relay, kalah");
        assert!(Allowed::RangeOrOff { min: 1, max: 8 }.admits(&toml::Value::Integer(0)));
        assert!(!Allowed::Range { min: 1, max: 8 }.admits(&toml::Value::Integer(0)));
    }
}
