//! Where the launcher keeps saved games: `games/` next to the settings file
//! (in `$BOARDSUITE_CONFIG_DIR`, else the user's config directory), one
//! record per file, named after the game and the moment it was saved
//! (`stones-2025-11-24-153201.toml`).
//!
//! A save always goes to a new name, so no file is ever written over; the
//! file is written to a temporary name first and renamed into place, so a
//! crash never leaves half a record. Listing reads each file's form (not
//! its moves: replaying happens when a game is opened) and keeps any
//! problem, with its line, to show beside the file's name.
//!
//! Where there are no files (a web page), the records go on a [`Shelf`]
//! the host provides (the browser's storage), under the same names.

use super::error::RecordError;
use super::format::{GameRecord, RecordKind};
use super::save::write_file_safely;
use crate::protocol::Ending;
use crate::settings::CONFIG_DIR_VAR;
use game_core::Outcome;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The folder's name inside the config directory.
pub const GAMES_DIR: &str = "games";

/// The most files listed (the newest).
pub const MAX_LISTED: usize = 500;

/// The largest file read as a record, in bytes.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// The saved games of one folder (or one [`Shelf`]).
#[derive(Clone, Debug)]
pub struct SavedGames {
    place: Place,
}

/// A store of record texts by name, for a host with no files (the
/// browser's storage in a web page).
pub trait Shelf: std::fmt::Debug + Send + Sync {
    /// The text stored under `name`, if any.
    fn get(&self, name: &str) -> Option<String>;
    /// Stores `text` under `name`; `Err` says why it could not.
    fn put(&self, name: &str, text: &str) -> Result<(), String>;
    /// Every name stored.
    fn names(&self) -> Vec<String>;
}

/// Where the records are.
#[derive(Clone, Debug)]
enum Place {
    Folder(PathBuf),
    /// A shelf, and what to call it where a folder's path is shown.
    Shelf(Arc<dyn Shelf>, PathBuf),
}

impl PartialEq for SavedGames {
    fn eq(&self, other: &Self) -> bool {
        match (&self.place, &other.place) {
            (Place::Folder(a), Place::Folder(b)) => a == b,
            (Place::Shelf(a, _), Place::Shelf(b, _)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// What a listed record says about itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game's name (`stones`).
    pub game: String,
    /// Whose record.
    pub kind: RecordKind,
    /// How many moves it holds.
    pub moves: usize,
    /// The result, if the game ended.
    pub outcome: Option<Outcome>,
    /// How it ended.
    pub ending: Option<Ending>,
}

/// One file of the folder.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    /// The file.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: SystemTime,
    /// What it holds, or why it cannot be read.
    pub summary: Result<Summary, RecordError>,
}

impl SavedGame {
    /// The file's name.
    pub fn name(&self) -> String {
        self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
    }
}

impl SavedGames {
    /// The folder next to the settings: in [`CONFIG_DIR_VAR`] if set, else
    /// in the user's config directory for boardsuite.
    pub fn locate() -> Result<Self, RecordError> {
        if let Some(dir) = std::env::var_os(CONFIG_DIR_VAR).filter(|d| !d.is_empty()) {
            return Ok(SavedGames::in_dir(PathBuf::from(dir).join(GAMES_DIR)));
        }
        directories::ProjectDirs::from("", "", "boardsuite")
            .map(|dirs| SavedGames::in_dir(dirs.config_dir().join(GAMES_DIR)))
            .ok_or_else(|| {
                RecordError::whole("no config directory for saved games (set HOME or BOARDSUITE_CONFIG_DIR)")
            })
    }

    /// The saved games in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> Self {
        SavedGames { place: Place::Folder(dir.into()) }
    }

    /// The saved games on `shelf`, called `label` where a folder's path
    /// would show.
    pub fn on_shelf(shelf: Arc<dyn Shelf>, label: impl Into<PathBuf>) -> Self {
        SavedGames { place: Place::Shelf(shelf, label.into()) }
    }

    /// The folder (a shelf's label).
    pub fn dir(&self) -> &Path {
        match &self.place {
            Place::Folder(dir) | Place::Shelf(_, dir) => dir,
        }
    }

    /// The text of the listed record at `path`, refusing files too big to
    /// be records.
    pub fn read_text(&self, path: &Path) -> Result<String, RecordError> {
        match &self.place {
            Place::Folder(_) => read_record_text(path),
            Place::Shelf(shelf, _) => {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                shelf.get(&name).ok_or_else(|| RecordError::whole(format!("no saved game {name}")))
            }
        }
    }

    /// Writes `record` to a new file named after its game and `now`, and
    /// returns the file.
    pub fn save(&self, record: &GameRecord, now: SystemTime) -> Result<PathBuf, RecordError> {
        let text = record.to_toml()?;
        self.put_new(&record.game, &text, now)
    }

    /// Keeps a record file brought in from elsewhere (a file the player
    /// uploads to the page): its text is read as a record first, and kept
    /// as it is under a new name of its game and `now`, beside the games
    /// saved here. A text too big or not a record is refused with its
    /// problem, and nothing is written.
    pub fn import(&self, text: &str, now: SystemTime) -> Result<PathBuf, RecordError> {
        if text.len() as u64 > MAX_RECORD_BYTES {
            return Err(RecordError::whole(format!(
                "the file is too big to be a saved game ({} bytes)",
                text.len()
            )));
        }
        let parsed = GameRecord::from_toml(text)?;
        self.put_new(&parsed.record.game, text, now)
    }

    /// Writes `text` to a new file named after `game` and `now`.
    fn put_new(&self, game: &str, text: &str, now: SystemTime) -> Result<PathBuf, RecordError> {
        let dir = match &self.place {
            Place::Folder(dir) => dir,
            Place::Shelf(shelf, label) => {
                for n in 1..1000 {
                    let name = file_name(game, now, n);
                    if shelf.get(&name).is_none() {
                        shelf
                            .put(&name, text)
                            .map_err(|e| RecordError::whole(format!("cannot save {name}: {e}")))?;
                        return Ok(label.join(name));
                    }
                }
                return Err(RecordError::whole("too many games saved this second"));
            }
        };
        std::fs::create_dir_all(dir)
            .map_err(|e| RecordError::whole(format!("cannot make the folder {}: {e}", dir.display())))?;
        for n in 1..1000 {
            let path = dir.join(file_name(game, now, n));
            if path.exists() {
                continue;
            }
            write_file_safely(&path, text)
                .map_err(|e| RecordError::whole(format!("cannot write {}: {e}", path.display())))?;
            return Ok(path);
        }
        Err(RecordError::whole(format!("{} holds too many games saved this second", dir.display())))
    }

    /// The records in the folder, newest first. A missing folder holds no
    /// games.
    pub fn list(&self) -> Result<Vec<SavedGame>, RecordError> {
        let dir = match &self.place {
            Place::Folder(dir) => dir,
            Place::Shelf(shelf, label) => {
                // A shelf keeps no dates: a name tells when it was saved.
                let files = shelf
                    .names()
                    .into_iter()
                    .filter(|name| name.ends_with(".toml"))
                    .map(|name| (saved_at(&name), label.join(name)))
                    .map(|(when, path)| (path, when))
                    .collect();
                return Ok(self.summaries(files));
            }
        };
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(RecordError::whole(format!("cannot read {}: {e}", dir.display()))),
        };
        let files: Vec<(PathBuf, SystemTime)> = entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
            .filter_map(|e| {
                let meta = e.metadata().ok().filter(|m| m.is_file())?;
                Some((e.path(), meta.modified().unwrap_or(UNIX_EPOCH)))
            })
            .collect();
        Ok(self.summaries(files))
    }

    /// The newest of `files`, summarised.
    fn summaries(&self, mut files: Vec<(PathBuf, SystemTime)>) -> Vec<SavedGame> {
        files.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| b.0.cmp(&a.0)));
        files.truncate(MAX_LISTED);
        files
            .into_iter()
            .map(|(path, modified)| {
                let summary = self.read_text(&path).and_then(|text| summarise(&text));
                SavedGame { summary, path, modified }
            })
            .collect()
    }
}

/// Reads a record file's text, refusing files too big to be records.
pub fn read_record_text(path: &Path) -> Result<String, RecordError> {
    let size = std::fs::metadata(path)
        .map_err(|e| RecordError::whole(format!("cannot read {}: {e}", path.display())))?
        .len();
    if size > MAX_RECORD_BYTES {
        return Err(RecordError::whole(format!(
            "{} is too big to be a saved game ({size} bytes)",
            path.display()
        )));
    }
    crate::files::read_text_capped(path, MAX_RECORD_BYTES)
        .map_err(|e| RecordError::whole(format!("cannot read {}: {e}", path.display())))
}

fn summarise(text: &str) -> Result<Summary, RecordError> {
    let parsed = GameRecord::from_toml(text)?;
    let r = parsed.record;
    Ok(Summary { game: r.game, kind: r.kind, moves: r.moves.len(), outcome: r.outcome, ending: r.ending })
}

/// The file name of the `n`th game of `game` saved in the second `when`
/// (UTC): `stones-2025-11-24-153201.toml`, then `...-153201-2.toml`.
pub fn file_name(game: &str, when: SystemTime, n: u32) -> String {
    let secs = when.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (y, mo, d, h, mi, s) = civil_time(secs);
    let game: String =
        game.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    let suffix = if n > 1 { format!("-{n}") } else { String::new() };
    format!("{game}-{y:04}-{mo:02}-{d:02}-{h:02}{mi:02}{s:02}{suffix}.toml")
}

/// When a game was saved, from its [`file_name`] (the Unix epoch for a
/// name of another form). The `n`th game of a second is put `n`
/// nanoseconds into it, so that games list in the order they were saved.
pub fn saved_at(name: &str) -> SystemTime {
    let stem = name.strip_suffix(".toml").unwrap_or(name);
    let mut parts: Vec<&str> = stem.rsplit('-').collect();
    // A second game of the same second ends in `-2`.
    let mut n = 1;
    if parts.first().is_some_and(|p| p.len() != 6) {
        n = parts.remove(0).parse::<u32>().unwrap_or(1);
    }
    let number = |i: usize| parts.get(i).and_then(|p| p.parse::<u64>().ok());
    let (Some(hms), Some(d), Some(mo), Some(y)) = (number(0), number(1), number(2), number(3)) else {
        return UNIX_EPOCH;
    };
    let days = days_from_civil(y as i64, mo, d);
    let secs = days * 86_400 + (hms / 10_000 * 3600 + hms / 100 % 100 * 60 + hms % 100) as i64;
    u64::try_from(secs).map_or(UNIX_EPOCH, |s| UNIX_EPOCH + Duration::new(s, n))
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
fn days_from_civil(y: i64, m: u64, d: u64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = m as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The UTC date and time of a Unix time: (year, month, day, hour, minute,
/// second).
pub fn civil_time(unix_secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (unix_secs / 86_400) as i64;
    let rest = unix_secs % 86_400;
    // Days to a civil date (proleptic Gregorian), after Howard Hinnant's
    // `civil_from_days`.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, (rest / 3600) as u32, (rest % 3600 / 60) as u32, (rest % 60) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("boardsuite-saved-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn record(moves: &[&str]) -> GameRecord {
        GameRecord {
            game: "nim".into(),
            kind: RecordKind::Full,
            rules: toml::Table::new(),
            seed: None,
            setups: Vec::new(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ending: None,
            outcome: None,
            final_hash: Some(1),
        }
    }

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(civil_time(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(civil_time(951_782_400), (2000, 2, 29, 0, 0, 0), "a leap day");
        assert_eq!(civil_time(1_764_000_000), (2025, 11, 24, 16, 0, 0));
        let when = UNIX_EPOCH + Duration::from_secs(1_764_000_061);
        assert_eq!(file_name("strategy-chess", when, 1), "strategy-chess-2025-11-24-160101.toml");
        assert_eq!(file_name("../x", when, 3), "___x-2025-11-24-160101-3.toml", "no path in a name");
    }

    #[test]
    fn saves_never_overwrite_and_the_list_names_problems() {
        let dir = scratch("list");
        let games = SavedGames::in_dir(&dir);
        assert_eq!(games.list().unwrap(), Vec::new(), "no folder yet: no games");
        let now = UNIX_EPOCH + Duration::from_secs(1_764_000_000);
        let first = games.save(&record(&["1-1"]), now).unwrap();
        let second = games.save(&record(&["1-1", "2-1"]), now).unwrap();
        assert_ne!(first, second, "the same second gets a new name");
        assert_eq!(std::fs::read_to_string(&first).unwrap(), record(&["1-1"]).to_toml().unwrap());
        std::fs::write(
            dir.join("broken.toml"),
            "format = 1\ngame = \"nim\"\nkind = \"sideways\"\nresult = \"none\"\n",
        )
        .unwrap();
        std::fs::write(dir.join("notes.txt"), "not a record").unwrap();
        let listed = games.list().unwrap();
        assert_eq!(listed.len(), 3, "only .toml files");
        let broken = listed.iter().find(|g| g.name() == "broken.toml").unwrap();
        let err = broken.summary.as_ref().unwrap_err();
        assert_eq!(err.line, Some(3), "{err}");
        let two = listed.iter().find(|g| g.path == second).unwrap();
        assert_eq!(two.summary.as_ref().unwrap().moves, 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_that_cannot_be_read_is_named() {
        let dir = scratch("not-a-folder");
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("games");
        std::fs::write(&file, "a file, not a folder").unwrap();
        let err = SavedGames::in_dir(&file).list().unwrap_err().to_string();
        assert!(err.starts_with(&format!("cannot read {}: ", file.display())), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A shelf in memory.
    #[derive(Debug, Default)]
    struct MemoryShelf(std::sync::Mutex<std::collections::BTreeMap<String, String>>);

    impl Shelf for MemoryShelf {
        fn get(&self, name: &str) -> Option<String> {
            self.0.lock().unwrap().get(name).cloned()
        }
        fn put(&self, name: &str, text: &str) -> Result<(), String> {
            self.0.lock().unwrap().insert(name.into(), text.into());
            Ok(())
        }
        fn names(&self) -> Vec<String> {
            self.0.lock().unwrap().keys().cloned().collect()
        }
    }

    #[test]
    fn games_on_a_shelf_are_saved_listed_newest_first_and_read_back() {
        let shelf = Arc::new(MemoryShelf::default());
        let games = SavedGames::on_shelf(shelf.clone(), "the browser's storage");
        let t0 = UNIX_EPOCH + Duration::from_secs(1_764_000_000);
        let first = games.save(&record(&["1"]), t0).unwrap();
        let second = games.save(&record(&["1", "2"]), t0).unwrap();
        let later = games.save(&record(&["2"]), t0 + Duration::from_secs(3600)).unwrap();
        assert_eq!(first, Path::new("the browser's storage").join(file_name("nim", t0, 1)));
        assert!(second.to_string_lossy().ends_with("-2.toml"), "{second:?}: the same second gets a new name");
        let listed = games.list().unwrap();
        assert_eq!(listed.iter().map(|g| g.path.clone()).collect::<Vec<_>>(), [later, second.clone(), first]);
        let hour_later = t0 + Duration::from_secs(3600);
        assert_eq!(
            listed[0].modified.duration_since(hour_later).unwrap().as_secs(),
            0,
            "the date comes from the name"
        );
        assert_eq!(listed[1].summary.as_ref().unwrap().moves, 2);
        assert!(games.read_text(&second).unwrap().contains("game = \"nim\""));
        assert!(games.read_text(Path::new("nowhere.toml")).is_err());
        assert_eq!(shelf.names().len(), 3);
    }

    #[test]
    fn an_imported_record_is_kept_as_it_is_and_a_broken_one_is_refused() {
        let shelf = Arc::new(MemoryShelf::default());
        let games = SavedGames::on_shelf(shelf.clone(), "the browser's storage");
        let t0 = UNIX_EPOCH + Duration::from_secs(1_764_000_000);
        let text = format!("# brought from another computer\n{}", record(&["1-1"]).to_toml().unwrap());
        let kept = games.import(&text, t0).unwrap();
        assert_eq!(kept, Path::new("the browser's storage").join(file_name("nim", t0, 1)));
        assert_eq!(games.read_text(&kept).unwrap(), text, "the text is kept byte for byte");
        let again = games.import(&text, t0).unwrap();
        assert_ne!(again, kept, "an import never writes over a game");

        let broken = "format = 1\ngame = \"nim\"\nkind = \"sideways\"\nresult = \"none\"\n";
        let err = games.import(broken, t0).unwrap_err();
        assert_eq!(err.line, Some(3), "{err}");
        let huge = "#".repeat(MAX_RECORD_BYTES as usize + 1);
        assert!(games.import(&huge, t0).unwrap_err().to_string().contains("too big"));
        assert_eq!(shelf.names().len(), 2, "nothing written for the refused ones");
    }

    #[test]
    fn a_saved_games_name_tells_when_it_was_saved() {
        for secs in [0, 951_782_400, 1_764_000_000, 4_102_444_799] {
            let when = UNIX_EPOCH + Duration::from_secs(secs);
            assert_eq!(
                saved_at(&file_name("strategy-chess", when, 1)),
                when + Duration::from_nanos(1),
                "{secs}"
            );
            assert_eq!(saved_at(&file_name("stones", when, 3)), when + Duration::from_nanos(3), "{secs}");
        }
        assert_eq!(saved_at("notes.toml"), UNIX_EPOCH);
    }
}
