//! Editing options driven by a schema: a list of [`RuleField`]s and a table
//! of values. Ranges step, booleans toggle, choices cycle; the same code
//! edits every game's rules and the preferences.

use game_core::rules::{Allowed, RuleField, show_value};

/// The value after one step of `field` from `value`, forwards or back.
/// `None` when the value cannot be stepped (a free-form option, or a value
/// of the wrong type) or is already at the end of its range.
pub fn stepped(field: &RuleField, value: &toml::Value, forward: bool) -> Option<toml::Value> {
    match (field.allowed, value) {
        (Allowed::Range { min, max }, toml::Value::Integer(v)) => {
            let next = step_integer(*v, min, max, forward);
            (next != *v).then_some(toml::Value::Integer(next))
        }
        (Allowed::RangeOrOff { min, max }, toml::Value::Integer(v)) => {
            let next = match (*v, forward) {
                (0, true) => min,
                (0, false) => 0,
                (v, false) if v <= min => 0,
                (v, _) => step_integer(v, min, max, forward),
            };
            (next != *v).then_some(toml::Value::Integer(next))
        }
        (Allowed::Bool, toml::Value::Boolean(b)) => Some(toml::Value::Boolean(!b)),
        (Allowed::OneOf(names), toml::Value::String(s)) => {
            let n = names.len();
            let at = names.iter().position(|name| name == s).unwrap_or(0);
            let next = if forward { (at + 1) % n } else { (at + n - 1) % n };
            Some(toml::Value::String(names[next].to_string()))
        }
        _ => None,
    }
}

/// The step for a range: 1 for small ranges, else a round number giving
/// about fifty steps end to end.
pub fn step_size(min: i64, max: i64) -> i64 {
    let span = (max - min).max(0);
    if span <= 20 {
        return 1;
    }
    let wanted = span / 50;
    let mut step = 1;
    for candidate in [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] {
        step = candidate;
        if candidate >= wanted {
            break;
        }
    }
    step
}

fn step_integer(v: i64, min: i64, max: i64, forward: bool) -> i64 {
    let step = step_size(min, max);
    // Snap to multiples of the step, so 20 -> 100 -> 200 and not 120.
    let next =
        if forward { (v.div_euclid(step) + 1) * step } else { (v + step - 1).div_euclid(step) * step - step };
    next.clamp(min, max)
}

/// Whether the option can be changed with the stepper widgets.
pub fn is_adjustable(field: &RuleField) -> bool {
    !matches!(field.allowed, Allowed::Described(_))
}

/// A value as players read it: `on`/`off` for switches, `off` for a
/// threshold set to 0, names and numbers as they are.
pub fn show_option(field: &RuleField, value: &toml::Value) -> String {
    match (field.allowed, value) {
        (Allowed::RangeOrOff { .. }, toml::Value::Integer(0)) => "off".into(),
        (_, toml::Value::Boolean(true)) => "on".into(),
        (_, toml::Value::Boolean(false)) => "off".into(),
        (_, other) => show_value(other),
    }
}

/// The allowed values of an option in plain words: `3 to 8`, `off, or 1
/// to 8`, `on or off`, `relay or kalah`.
pub fn allowed_text(allowed: &Allowed) -> String {
    match allowed {
        Allowed::Range { min, max } => format!("{min} to {max}"),
        Allowed::RangeOrOff { min, max } => format!("off, or {min} to {max}"),
        Allowed::Bool => "on or off".into(),
        Allowed::OneOf(names) => match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        },
        Allowed::Described(text) => text.to_string(),
    }
}

pub use headless::registry::label_of;

/// Steps the option `key` in `values` (taking its value from `defaults`
/// when missing). Returns whether anything changed.
pub fn step_in_table(
    fields: &[RuleField],
    values: &mut toml::Table,
    defaults: &toml::Table,
    key: &str,
    forward: bool,
) -> bool {
    let Some(field) = fields.iter().find(|f| f.key == key) else { return false };
    let Some(current) = values.get(key).or_else(|| defaults.get(key)).cloned() else { return false };
    match stepped(field, &current, forward) {
        Some(next) => {
            values.insert(key.to_string(), next);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PITS: RuleField = RuleField { key: "pits", allowed: Allowed::Range { min: 3, max: 8 }, help: "" };
    const LIMIT: RuleField =
        RuleField { key: "no_capture_limit", allowed: Allowed::RangeOrOff { min: 20, max: 5000 }, help: "" };
    const CAPTURE: RuleField =
        RuleField { key: "capture", allowed: Allowed::RangeOrOff { min: 1, max: 8 }, help: "" };
    const SOWING: RuleField =
        RuleField { key: "sowing", allowed: Allowed::OneOf(&["relay", "kalah"]), help: "" };

    fn int(v: i64) -> toml::Value {
        toml::Value::Integer(v)
    }

    #[test]
    fn ranges_step_within_their_bounds() {
        assert_eq!(stepped(&PITS, &int(6), true), Some(int(7)));
        assert_eq!(stepped(&PITS, &int(8), true), None);
        assert_eq!(stepped(&PITS, &int(3), false), None);
    }

    #[test]
    fn switchable_thresholds_pass_through_off() {
        assert_eq!(stepped(&CAPTURE, &int(1), false), Some(int(0)));
        assert_eq!(stepped(&CAPTURE, &int(0), true), Some(int(1)));
        assert_eq!(stepped(&CAPTURE, &int(0), false), None);
        assert_eq!(show_option(&CAPTURE, &int(0)), "off");
        assert_eq!(stepped(&LIMIT, &int(200), true), Some(int(300)));
        assert_eq!(stepped(&LIMIT, &int(20), true), Some(int(100)));
        assert_eq!(stepped(&LIMIT, &int(100), false), Some(int(20)));
        assert_eq!(stepped(&LIMIT, &int(20), false), Some(int(0)));
        assert_eq!(stepped(&LIMIT, &int(5000), true), None);
    }

    #[test]
    fn choices_cycle_and_switches_toggle() {
        let relay = toml::Value::String("relay".into());
        let kalah = toml::Value::String("kalah".into());
        assert_eq!(stepped(&SOWING, &relay, true), Some(kalah.clone()));
        assert_eq!(stepped(&SOWING, &kalah, true), Some(relay.clone()));
        assert_eq!(stepped(&SOWING, &relay, false), Some(kalah));
        let switch = RuleField { key: "x", allowed: Allowed::Bool, help: "" };
        assert_eq!(stepped(&switch, &toml::Value::Boolean(true), true), Some(toml::Value::Boolean(false)));
        assert_eq!(stepped(&PITS, &relay, true), None, "a wrong type is left alone");
    }

    #[test]
    fn keys_read_as_labels_and_tables_step() {
        assert_eq!(label_of("no_capture_limit"), "No capture limit");
        assert_eq!(label_of("sowing"), "Sowing");
        let defaults: toml::Table = "pits = 6".parse().unwrap();
        let mut values = toml::Table::new();
        assert!(step_in_table(&[PITS], &mut values, &defaults, "pits", false));
        assert_eq!(values.get("pits"), Some(&int(5)));
        assert!(!step_in_table(&[PITS], &mut values, &defaults, "stones", true));
        assert_eq!(step_size(1, 8), 1);
        assert_eq!(step_size(20, 5000), 100);
        assert_eq!(allowed_text(&LIMIT.allowed), "off, or 20 to 5000");
        assert_eq!(allowed_text(&Allowed::OneOf(&["a", "b", "c"])), "a, b or c");
    }
}
