//! Where the settings file lives, and reading and writing it safely.
//!
//! The file is `settings.toml` in the user's config directory (from the
//! `directories` crate), or in the directory named by the environment
//! variable [`CONFIG_DIR_VAR`] (for tests and the smoke test).
//!
//! A file the launcher did not write itself is never overwritten without a
//! copy: a file with problems is copied to `settings.toml.bak` as soon as it
//! is read, and a hand-edited file is copied there before the first write.
//! Writes go to a temporary file that is then renamed over the old one.

use super::model::{GameSchema, Settings};
use super::read::{FILE_NAME, Problem, read_settings};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The environment variable that overrides the settings directory.
pub const CONFIG_DIR_VAR: &str = "BOARDSUITE_CONFIG_DIR";
/// The name of the copy kept of a file the launcher replaced.
pub const BACKUP_NAME: &str = "settings.toml.bak";

/// Why settings could not be found or saved.
#[derive(Debug, Error)]
pub enum SettingsError {
    /// There is no home directory to keep settings in.
    #[error("no config directory: set {CONFIG_DIR_VAR} or HOME")]
    NoConfigDir,
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file on disk could not be read at start, so it is left alone.
    #[error("{0} could not be read at start, so it is not overwritten")]
    Unreadable(PathBuf),
}

/// The settings read at start, with what was wrong in the file.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The settings to use: every good value from the file, defaults for
    /// the rest.
    pub settings: Settings,
    /// What could not be used, by name.
    pub problems: Vec<Problem>,
    /// Where the original file was kept, if it had problems.
    pub backup: Option<PathBuf>,
}

/// The settings file of one directory.
#[derive(Debug)]
pub struct SettingsStore {
    dir: PathBuf,
    /// The text the launcher last wrote (or read, when it was exactly what
    /// the launcher writes): a file still holding it is ours to replace.
    ours: Option<Vec<u8>>,
    /// What was last copied to the backup, so it is not copied twice.
    backed_up: Option<Vec<u8>>,
    /// The file exists but could not be read: never write over it.
    unreadable: bool,
}

impl SettingsStore {
    /// The store in [`CONFIG_DIR_VAR`] if set, else the user's config
    /// directory for boardsuite.
    pub fn locate() -> Result<Self, SettingsError> {
        if let Some(dir) = std::env::var_os(CONFIG_DIR_VAR).filter(|d| !d.is_empty()) {
            return Ok(SettingsStore::in_dir(dir));
        }
        let dirs = directories::ProjectDirs::from("", "", "boardsuite").ok_or(SettingsError::NoConfigDir)?;
        Ok(SettingsStore::in_dir(dirs.config_dir()))
    }

    /// The store in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> Self {
        SettingsStore { dir: dir.into(), ours: None, backed_up: None, unreadable: false }
    }

    /// The settings file.
    pub fn file(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// The copy kept of a replaced file.
    pub fn backup_file(&self) -> PathBuf {
        self.dir.join(BACKUP_NAME)
    }

    /// Reads the settings. Never fails: a missing file gives the defaults,
    /// and a bad one gives every good value plus defaults, with the
    /// problems named and the original kept as the backup.
    pub fn load(&mut self, games: &[GameSchema]) -> Loaded {
        let file = self.file();
        let bytes = match crate::files::read_capped(&file, crate::files::MAX_FILE_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Loaded { settings: Settings::defaults(games), problems: Vec::new(), backup: None };
            }
            Err(e) => {
                self.unreadable = true;
                let problem = Problem {
                    place: FILE_NAME.into(),
                    what: format!("cannot be read ({e}); defaults are used and the file is left alone"),
                };
                return Loaded { settings: Settings::defaults(games), problems: vec![problem], backup: None };
            }
        };
        let (settings, mut problems) = match std::str::from_utf8(&bytes) {
            Ok(text) => read_settings(text, games),
            Err(_) => (
                Settings::defaults(games),
                vec![Problem {
                    place: FILE_NAME.into(),
                    what: "is not UTF-8 text; every setting is back to its default".into(),
                }],
            ),
        };
        let mut backup = None;
        if problems.is_empty() {
            if bytes == settings.to_toml().as_bytes() {
                self.ours = Some(bytes);
            }
        } else {
            match self.keep_backup(&bytes) {
                Ok(path) => backup = Some(path),
                Err(e) => {
                    self.unreadable = true;
                    problems.push(Problem {
                        place: BACKUP_NAME.into(),
                        what: format!("the original could not be kept ({e}), so it is not overwritten"),
                    });
                }
            }
        }
        Loaded { settings, problems, backup }
    }

    /// Writes the settings, first keeping a copy of a file the launcher
    /// did not write.
    pub fn save(&mut self, settings: &Settings) -> Result<(), SettingsError> {
        let file = self.file();
        if self.unreadable {
            return Err(SettingsError::Unreadable(file));
        }
        std::fs::create_dir_all(&self.dir)
            .map_err(|source| SettingsError::Io { path: self.dir.clone(), source })?;
        match std::fs::read(&file) {
            Ok(on_disk) => {
                let is_ours = self.ours.as_deref() == Some(&on_disk[..]);
                let is_kept = self.backed_up.as_deref() == Some(&on_disk[..]);
                if !is_ours && !is_kept {
                    self.keep_backup(&on_disk)?;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => return Err(SettingsError::Io { path: file, source }),
        }
        let text = settings.to_toml();
        write_atomically(&file, text.as_bytes())?;
        self.ours = Some(text.into_bytes());
        Ok(())
    }

    fn keep_backup(&mut self, bytes: &[u8]) -> Result<PathBuf, SettingsError> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|source| SettingsError::Io { path: self.dir.clone(), source })?;
        let backup = self.backup_file();
        write_atomically(&backup, bytes)?;
        self.backed_up = Some(bytes.to_vec());
        Ok(backup)
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SettingsError> {
    let io = |source| SettingsError::Io { path: path.to_path_buf(), source };
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, bytes).map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::RulesSchema;
    use game_core::nim::NimRules;

    fn games() -> Vec<GameSchema> {
        vec![GameSchema { key: "nim", rules: RulesSchema::of::<NimRules>() }]
    }

    fn scratch_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("boardsuite-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_missing_file_gives_defaults_and_no_backup() {
        let dir = scratch_dir("missing");
        let mut store = SettingsStore::in_dir(&dir);
        let loaded = store.load(&games());
        assert!(loaded.problems.is_empty());
        assert_eq!(loaded.settings, Settings::defaults(&games()));
        store.save(&loaded.settings).unwrap();
        assert!(store.file().exists());
        assert!(!store.backup_file().exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_file_gives_defaults_and_is_kept_before_any_write() {
        let dir = scratch_dir("corrupt");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(FILE_NAME), "level = = 3\n").unwrap();
        let mut store = SettingsStore::in_dir(&dir);
        let loaded = store.load(&games());
        assert_eq!(loaded.settings, Settings::defaults(&games()));
        assert_eq!(loaded.problems.len(), 1);
        assert_eq!(loaded.backup.as_deref(), Some(store.backup_file().as_path()));
        assert_eq!(std::fs::read_to_string(store.backup_file()).unwrap(), "level = = 3\n");
        store.save(&loaded.settings).unwrap();
        assert_eq!(std::fs::read_to_string(store.backup_file()).unwrap(), "level = = 3\n");
        let mut again = SettingsStore::in_dir(&dir);
        assert!(again.load(&games()).problems.is_empty(), "the rewritten file is clean");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_hand_edited_file_is_kept_on_the_first_write_only() {
        let dir = scratch_dir("edited");
        std::fs::create_dir_all(&dir).unwrap();
        let hand = "# mine\n[games.nim]\nlevel = 7\n";
        std::fs::write(dir.join(FILE_NAME), hand).unwrap();
        let mut store = SettingsStore::in_dir(&dir);
        let mut loaded = store.load(&games());
        assert!(loaded.problems.is_empty());
        assert!(!store.backup_file().exists(), "a clean file is not copied on reading");
        assert_eq!(loaded.settings.game("nim").unwrap().level, 7);
        store.save(&loaded.settings).unwrap();
        assert_eq!(std::fs::read_to_string(store.backup_file()).unwrap(), hand);
        loaded.settings.games.get_mut("nim").unwrap().level = 8;
        store.save(&loaded.settings).unwrap();
        assert_eq!(std::fs::read_to_string(store.backup_file()).unwrap(), hand, "still the user's file");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_launchers_own_file_round_trips_without_a_backup() {
        let dir = scratch_dir("own");
        let mut store = SettingsStore::in_dir(&dir);
        let mut settings = store.load(&games()).settings;
        settings.preferences.sound = true;
        store.save(&settings).unwrap();
        let mut next_run = SettingsStore::in_dir(&dir);
        let loaded = next_run.load(&games());
        assert_eq!(loaded.settings, settings);
        next_run.save(&loaded.settings).unwrap();
        assert!(!next_run.backup_file().exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
