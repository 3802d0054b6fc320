//! A game's rule options as the shell handles them: a schema plus a
//! `toml::Table` of values, checked by the game's own `RuleSet`.
//!
//! The launcher edits and the settings file stores rules as plain tables so
//! that one editor and one reader serve every game. [`RulesSchema::of`]
//! erases a concrete [`RuleSet`] type into this form; until a game's engine
//! lands, its catalogue entry uses [`RulesSchema::provisional`] with a
//! schema written in the shell.

use game_core::rules::{RuleError, RuleErrors, RuleField, RuleSet, show_value};

/// A game's own check of a whole table of rule options.
pub type CheckFn = fn(&toml::Table) -> Result<(), RuleErrors>;

/// The rule options of one game, without its concrete type.
#[derive(Clone, Copy)]
pub struct RulesSchema {
    fields: fn() -> &'static [RuleField],
    defaults: fn() -> toml::Table,
    /// The game's own check, or `None` for a provisional schema.
    check: Option<CheckFn>,
}

impl std::fmt::Debug for RulesSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let keys: Vec<&str> = self.fields().iter().map(|field| field.key).collect();
        f.debug_struct("RulesSchema").field("fields", &keys).finish()
    }
}

impl RulesSchema {
    /// The schema, defaults and validation of a concrete rules type.
    pub const fn of<R: RuleSet>() -> Self {
        RulesSchema { fields: R::fields, defaults: defaults_of::<R>, check: Some(check_with::<R>) }
    }

    /// A schema written out by hand, checked field by field only (ranges,
    /// choices, booleans, unknown keys). For games whose engine has not
    /// landed yet.
    pub const fn provisional(fields: fn() -> &'static [RuleField], defaults: fn() -> toml::Table) -> Self {
        RulesSchema { fields, defaults, check: None }
    }

    /// The same provisional schema with a check of its own for what the
    /// schema cannot say (options described in words, combinations).
    pub const fn checked_by(mut self, check: CheckFn) -> Self {
        self.check = Some(check);
        self
    }

    /// The options, in the order players see them.
    pub fn fields(&self) -> &'static [RuleField] {
        (self.fields)()
    }

    /// The schema entry for `key`.
    pub fn field(&self, key: &str) -> Option<&'static RuleField> {
        self.fields().iter().find(|field| field.key == key)
    }

    /// Every option at its default value.
    pub fn defaults(&self) -> toml::Table {
        (self.defaults)()
    }

    /// Every problem with these values, each named by its key. Missing keys
    /// take their defaults.
    pub fn validate(&self, values: &toml::Table) -> Result<(), RuleErrors> {
        let schema_errors = schema_problems(self.fields(), values);
        if !schema_errors.is_empty() {
            return Err(RuleErrors(schema_errors));
        }
        match self.check {
            Some(check) => check(values),
            None => Ok(()),
        }
    }

    /// The defaults with every given value that can be kept: unknown keys,
    /// out-of-range values and values the game refuses in combination are
    /// dropped (back to their defaults), each with the reason. Never fails.
    pub fn repair(&self, values: &toml::Table) -> (toml::Table, Vec<RuleError>) {
        let mut problems = schema_problems(self.fields(), values);
        let mut kept = self.defaults();
        for (key, value) in values {
            if !problems.iter().any(|p| &p.key == key) {
                kept.insert(key.clone(), value.clone());
            }
        }
        // Cross-field checks name keys; put those back to their defaults
        // until the game accepts the whole table. Each round resets at
        // least one key, so this ends.
        for _ in 0..=self.fields().len() {
            let Err(errors) = self.validate(&kept) else {
                return (kept, problems);
            };
            let defaults = self.defaults();
            let mut reset_any = false;
            for error in errors.0 {
                let top = error.key.split('.').next().unwrap_or_default().to_string();
                if let Some(default) = defaults.get(&top)
                    && kept.get(&top) != Some(default)
                {
                    kept.insert(top, default.clone());
                    reset_any = true;
                }
                problems.push(error);
            }
            if !reset_any {
                break;
            }
        }
        if self.validate(&kept).is_err() {
            return (self.defaults(), problems);
        }
        (kept, problems)
    }

    /// The value of `key` for players: numbers and names as typed, `off`
    /// for a switched-off threshold, `on`/`off` for booleans.
    pub fn show(&self, values: &toml::Table, key: &str) -> String {
        let defaults = self.defaults();
        let Some(value) = values.get(key).or_else(|| defaults.get(key)) else {
            return "?".into();
        };
        match (self.field(key).map(|f| f.allowed), value) {
            (Some(game_core::Allowed::RangeOrOff { .. }), toml::Value::Integer(0)) => "off".into(),
            (_, toml::Value::Boolean(true)) => "on".into(),
            (_, toml::Value::Boolean(false)) => "off".into(),
            (_, other) => show_value(other),
        }
    }
}

fn defaults_of<R: RuleSet>() -> toml::Table {
    R::default().to_table()
}

fn check_with<R: RuleSet>(values: &toml::Table) -> Result<(), RuleErrors> {
    let text = toml::to_string(values).unwrap_or_default();
    R::from_toml(&text).map(|_| ())
}

/// The problems the schema can find by itself: unknown keys and values
/// outside a field's allowed set.
pub fn schema_problems(fields: &[RuleField], values: &toml::Table) -> Vec<RuleError> {
    let known = || fields.iter().map(|f| f.key).collect::<Vec<_>>().join(", ");
    values
        .iter()
        .filter_map(|(key, value)| match fields.iter().find(|f| f.key == key) {
            None => Some(RuleError {
                key: key.clone(),
                problem: "is not a rule option of this game".into(),
                allowed: format!("one of {}", known()),
            }),
            Some(field) => (!field.allowed.admits(value)).then(|| RuleError {
                key: key.clone(),
                problem: format!("{} is not allowed", show_value(value)),
                allowed: field.allowed.to_string(),
            }),
        })
        .collect()
}

/// Applies `key=value` settings (a preset) on top of the defaults. Values
/// are read as `--set` reads them.
pub fn apply_settings(schema: &RulesSchema, settings: &[&str]) -> toml::Table {
    let mut table = schema.defaults();
    for setting in settings {
        if let Some((key, value)) = setting.split_once('=') {
            table.insert(key.trim().to_string(), game_core::rules::parse_value(value));
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Allowed;
    use game_core::nim::NimRules;

    fn table(text: &str) -> toml::Table {
        text.parse().expect("test TOML parses")
    }

    #[test]
    fn a_real_rule_set_keeps_good_fields_and_names_bad_ones() {
        let schema = RulesSchema::of::<NimRules>();
        let (kept, problems) = schema.repair(&table("max_take = 2\nfree_turn = \"yes\"\ncolour = 1"));
        assert_eq!(kept.get("max_take"), Some(&toml::Value::Integer(2)));
        assert_eq!(kept.get("free_turn"), Some(&toml::Value::Boolean(true)), "back to the default");
        let keys: Vec<&str> = problems.iter().map(|p| p.key.as_str()).collect();
        assert!(keys.contains(&"free_turn") && keys.contains(&"colour"), "{keys:?}");
        assert!(schema.validate(&kept).is_ok());
    }

    #[test]
    fn a_described_field_is_checked_by_the_game() {
        let schema = RulesSchema::of::<NimRules>();
        let (kept, problems) = schema.repair(&table("heaps = [1, 99]\nmax_take = 4"));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].key, "heaps");
        assert_eq!(kept.get("max_take"), Some(&toml::Value::Integer(4)));
        assert_eq!(kept.get("heaps"), NimRules::default().to_table().get("heaps"));
    }

    fn provisional_fields() -> &'static [RuleField] {
        const FIELDS: &[RuleField] = &[
            RuleField { key: "pits", allowed: Allowed::Range { min: 3, max: 8 }, help: "Pits." },
            RuleField { key: "limit", allowed: Allowed::RangeOrOff { min: 20, max: 50 }, help: "Limit." },
            RuleField { key: "fast", allowed: Allowed::Bool, help: "Fast." },
        ];
        FIELDS
    }

    fn provisional_defaults() -> toml::Table {
        table("pits = 6\nlimit = 0\nfast = false")
    }

    #[test]
    fn a_provisional_schema_checks_ranges_and_keys() {
        let schema = RulesSchema::provisional(provisional_fields, provisional_defaults);
        assert!(schema.validate(&table("pits = 8")).is_ok());
        let errors = schema.validate(&table("pits = 9\nlimit = 3\nsize = 1")).unwrap_err();
        assert_eq!(errors.keys(), vec!["limit", "pits", "size"]);
        assert_eq!(schema.show(&table("limit = 0"), "limit"), "off");
        assert_eq!(schema.show(&table("fast = true"), "fast"), "on");
        assert_eq!(schema.show(&table(""), "pits"), "6");
    }

    #[test]
    fn presets_apply_on_top_of_the_defaults() {
        let schema = RulesSchema::provisional(provisional_fields, provisional_defaults);
        let applied = apply_settings(&schema, &["pits=4", "fast=true"]);
        assert_eq!(applied, table("pits = 4\nlimit = 0\nfast = true"));
    }
}
