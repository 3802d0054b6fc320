//! Reading a settings file field by field: every good value is kept, every
//! bad one falls back to its default and is reported by name.

use super::model::{
    GameSchema, GameSettings, LEVELS, MAX_ADDRESS_CHARS, PORTS, Settings, WINDOW_HEIGHTS, WINDOW_WIDTHS,
};
use super::rules::RulesSchema;
use serde::de::DeserializeOwned;
use std::fmt;
use std::ops::RangeInclusive;

/// The settings file's name.
pub const FILE_NAME: &str = "settings.toml";

/// One setting that could not be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where it is: a dotted path (`preferences.sound`) or `settings.toml`
    /// for the whole file.
    pub place: String,
    /// What is wrong. The setting takes its default instead.
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.what)
    }
}

impl Problem {
    fn new(place: impl Into<String>, what: impl Into<String>) -> Self {
        Problem { place: place.into(), what: what.into() }
    }

    /// Whether the whole file could not be used, so every setting took its
    /// default (its place is the file, not one setting's path).
    pub fn whole_file(&self) -> bool {
        self.place.starts_with(FILE_NAME)
    }
}

/// Reads settings text. Never fails: what cannot be used becomes a
/// [`Problem`] and takes its default, and everything else is kept.
pub fn read_settings(text: &str, games: &[GameSchema]) -> (Settings, Vec<Problem>) {
    let mut settings = Settings::defaults(games);
    let mut problems = Vec::new();
    let table: toml::Table = match text.parse() {
        Ok(table) => table,
        Err(error) => {
            let error: toml::de::Error = error;
            let place = match error.span() {
                Some(span) => format!("{FILE_NAME} line {}", line_of(text, span.start)),
                None => FILE_NAME.to_string(),
            };
            let what = format!("{}; every setting is back to its default", error.message().trim());
            return (settings, vec![Problem::new(place, what)]);
        }
    };
    // Sections in the order the file is written, so problems read top down.
    if let Some(value) = table.get("window") {
        read_window(value, &mut settings, &mut problems);
    }
    if let Some(value) = table.get("preferences") {
        read_preferences(value, &mut settings, &mut problems);
    }
    if let Some(value) = table.get("network") {
        read_network(value, &mut settings, &mut problems);
    }
    if let Some(value) = table.get("games") {
        read_games(value, games, &mut settings, &mut problems);
    }
    for key in table.keys().filter(|k| !["window", "preferences", "network", "games"].contains(&k.as_str())) {
        problems.push(Problem::new(key, "is not a setting; it is ignored"));
    }
    (settings, problems)
}

fn line_of(text: &str, byte: usize) -> usize {
    text.get(..byte).unwrap_or(text).matches('\n').count() + 1
}

fn as_table<'a>(place: &str, value: &'a toml::Value, problems: &mut Vec<Problem>) -> Option<&'a toml::Table> {
    match value {
        toml::Value::Table(table) => Some(table),
        other => {
            problems.push(Problem::new(place, format!("{} is not a section", shown(other))));
            None
        }
    }
}

fn shown(value: &toml::Value) -> String {
    value.to_string()
}

fn read_window(value: &toml::Value, settings: &mut Settings, problems: &mut Vec<Problem>) {
    let Some(table) = as_table("window", value, problems) else { return };
    for (key, value) in table {
        let place = format!("window.{key}");
        match key.as_str() {
            "width" => {
                if let Some(v) = read_integer(&place, value, &WINDOW_WIDTHS, problems) {
                    settings.window.width = v;
                }
            }
            "height" => {
                if let Some(v) = read_integer(&place, value, &WINDOW_HEIGHTS, problems) {
                    settings.window.height = v;
                }
            }
            _ => problems.push(Problem::new(place, "is not a setting; it is ignored")),
        }
    }
}

fn read_network(value: &toml::Value, settings: &mut Settings, problems: &mut Vec<Problem>) {
    let Some(table) = as_table("network", value, problems) else { return };
    for (key, value) in table {
        let place = format!("network.{key}");
        match key.as_str() {
            "port" => {
                if let Some(v) = read_integer(&place, value, &PORTS, problems) {
                    settings.network.port = v;
                }
            }
            "address" => match value {
                toml::Value::String(a)
                    if a.chars().count() <= MAX_ADDRESS_CHARS && !a.chars().any(char::is_control) =>
                {
                    settings.network.address = a.clone();
                }
                other => problems.push(Problem::new(
                    place,
                    format!("{} is not allowed (allowed: a host name or address, as text)", shown(other)),
                )),
            },
            _ => problems.push(Problem::new(place, "is not a setting; it is ignored")),
        }
    }
}

fn read_integer<T>(
    place: &str,
    value: &toml::Value,
    range: &RangeInclusive<T>,
    problems: &mut Vec<Problem>,
) -> Option<T>
where
    T: TryFrom<i64> + Copy + fmt::Display + PartialOrd,
{
    let fits = match value {
        toml::Value::Integer(v) => T::try_from(*v).ok().filter(|v| range.contains(v)),
        _ => None,
    };
    if fits.is_none() {
        problems.push(Problem::new(
            place,
            format!(
                "{} is not allowed (allowed: an integer {}..={})",
                shown(value),
                range.start(),
                range.end()
            ),
        ));
    }
    fits
}

fn read_preferences(value: &toml::Value, settings: &mut Settings, problems: &mut Vec<Problem>) {
    let Some(table) = as_table("preferences", value, problems) else { return };
    // Each value is tried alone on top of what is kept so far, so one bad
    // value never costs the others.
    let mut kept = settings.preferences.to_table();
    for (key, value) in table {
        let place = format!("preferences.{key}");
        let Some(field) = super::Preferences::fields().iter().find(|f| f.key == key) else {
            problems.push(Problem::new(place, "is not a setting; it is ignored"));
            continue;
        };
        let mut candidate = kept.clone();
        candidate.insert(key.clone(), value.clone());
        if field.allowed.admits(value) && super::Preferences::from_table(&candidate).is_some() {
            kept = candidate;
        } else {
            problems.push(Problem::new(
                place,
                format!("{} is not allowed (allowed: {})", shown(value), field.allowed),
            ));
        }
    }
    if let Some(preferences) = super::Preferences::from_table(&kept) {
        settings.preferences = preferences;
    }
}

fn read_games(
    value: &toml::Value,
    games: &[GameSchema],
    settings: &mut Settings,
    problems: &mut Vec<Problem>,
) {
    let Some(table) = as_table("games", value, problems) else { return };
    for (key, value) in table {
        let place = format!("games.{key}");
        let Some(schema) = games.iter().find(|g| g.key == key) else {
            let known: Vec<&str> = games.iter().map(|g| g.key).collect();
            problems.push(Problem::new(
                place,
                format!("is not a game (games: {}); it is ignored", known.join(", ")),
            ));
            continue;
        };
        let Some(table) = as_table(&place, value, problems) else { continue };
        let game = settings.game_mut(schema);
        read_game(&place, table, &schema.rules, game, problems);
    }
}

fn read_game(
    place: &str,
    table: &toml::Table,
    rules: &RulesSchema,
    game: &mut GameSettings,
    problems: &mut Vec<Problem>,
) {
    for (key, value) in table {
        let here = format!("{place}.{key}");
        match key.as_str() {
            "level" => {
                if let Some(level) = read_integer(&here, value, &LEVELS, problems) {
                    game.level = level;
                }
            }
            "mode" => {
                if let Some(mode) = read_choice(&here, value, problems) {
                    game.mode = mode;
                }
            }
            "first" => {
                if let Some(first) = read_choice(&here, value, problems) {
                    game.first = first;
                }
            }
            "rules" => {
                let Some(values) = as_table(&here, value, problems) else { continue };
                let (kept, errors) = rules.repair(values);
                for error in errors {
                    problems.push(Problem::new(
                        format!("{here}.{}", error.key),
                        format!("{} (allowed: {})", error.problem, error.allowed),
                    ));
                }
                game.rules = kept;
            }
            _ => problems.push(Problem::new(here, "is not a setting; it is ignored")),
        }
    }
}

fn read_choice<C>(place: &str, value: &toml::Value, problems: &mut Vec<Problem>) -> Option<C>
where
    C: super::Choice + DeserializeOwned,
{
    let choice = value.clone().try_into::<C>().ok();
    if choice.is_none() {
        problems.push(Problem::new(
            place,
            format!("{} is not allowed (allowed: one of {})", shown(value), C::NAMES.join(", ")),
        ));
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{AnimationSpeed, PlayMode, WindowSize};
    use game_core::nim::NimRules;

    fn games() -> Vec<GameSchema> {
        vec![GameSchema { key: "nim", rules: RulesSchema::of::<NimRules>() }]
    }

    #[test]
    fn the_network_section_keeps_its_good_values() {
        let text = "[network]\nport = 80\naddress = \"example.org:7000\"\ncolour = 1\n";
        let (settings, problems) = read_settings(text, &games());
        assert_eq!(settings.network.port, crate::protocol::DEFAULT_PORT, "port 80 is refused");
        assert_eq!(settings.network.address, "example.org:7000");
        let mut places: Vec<&str> = problems.iter().map(|p| p.place.as_str()).collect();
        places.sort_unstable();
        assert_eq!(places, vec!["network.colour", "network.port"]);
        let (again, problems) = read_settings(&settings.to_toml(), &games());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(again, settings, "written and read back");
    }

    #[test]
    fn text_that_does_not_parse_gives_defaults_and_names_the_line() {
        let (settings, problems) = read_settings("[window]\nwidth = 900\nheight = \n", &games());
        assert_eq!(settings, Settings::defaults(&games()));
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].place, "settings.toml line 3");
    }

    #[test]
    fn one_bad_field_keeps_every_other() {
        let text = "[window]\nwidth = 1000\nheight = 5\n\
                    [preferences]\nsound = true\nanimation_speed = \"warp\"\nmemory_aid = true\n\
                    [games.nim]\nlevel = 11\nmode = \"demo\"\n[games.nim.rules]\nmax_take = 2\nfree_turn = 7\n";
        let (settings, problems) = read_settings(text, &games());
        assert_eq!(settings.window, WindowSize { width: 1000, height: 800 });
        assert!(settings.preferences.sound && settings.preferences.memory_aid);
        assert_eq!(settings.preferences.animation_speed, AnimationSpeed::Normal);
        let nim = settings.game("nim").unwrap();
        assert_eq!((nim.level, nim.mode), (3, PlayMode::Demo));
        assert_eq!(nim.rules.get("max_take"), Some(&toml::Value::Integer(2)));
        assert_eq!(nim.rules.get("free_turn"), Some(&toml::Value::Boolean(true)));
        let places: Vec<&str> = problems.iter().map(|p| p.place.as_str()).collect();
        assert_eq!(
            places,
            vec![
                "window.height",
                "preferences.animation_speed",
                "games.nim.level",
                "games.nim.rules.free_turn"
            ]
        );
        assert!(problems[1].what.contains("slow, normal, fast, instant"), "{}", problems[1]);
    }

    #[test]
    fn unknown_keys_and_games_are_reported() {
        let (settings, problems) = read_settings("colour = 1\n[games.chess]\nlevel = 2\n", &games());
        assert_eq!(settings, Settings::defaults(&games()));
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[1].place, "colour");
        assert!(problems[0].what.contains("nim"), "{}", problems[0]);
    }

    #[test]
    fn written_settings_read_back_unchanged() {
        let mut settings = Settings::defaults(&games());
        settings.window = WindowSize { width: 1111, height: 777 };
        settings.preferences.animation_speed = AnimationSpeed::Instant;
        let nim = settings.games.get_mut("nim").unwrap();
        nim.level = 9;
        nim.rules.insert("max_take".into(), toml::Value::Integer(1));
        let (back, problems) = read_settings(&settings.to_toml(), &games());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back, settings);
    }
}
