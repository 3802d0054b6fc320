//! The player's own setups: a library file (the setup library's text form)
//! next to the settings file.
//!
//! Saving never loses a file the player had: the old file is copied to
//! `strategy-chess-setups.txt.bak` before the new one is written (to a
//! temporary file first, then renamed into place). A file that does not
//! read as a library is kept as that backup and a new library is started.

use crate::error::GuiError;
use headless::settings::CONFIG_DIR_VAR;
use std::path::{Path, PathBuf};
use strategy_chess::{Army, Library, LibraryEntry, Setup};

/// The file name of the player's setups.
pub const FILE_NAME: &str = "strategy-chess-setups.txt";

/// What a save did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The setup's number in the player's library.
    pub number: u32,
    /// The file written.
    pub file: PathBuf,
    /// Where the old file was kept, if there was one.
    pub backup: Option<PathBuf>,
    /// The old file could not be read as a library (it is the backup now).
    pub replaced_unreadable: bool,
}

/// The player's setups file in one directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedSetups {
    dir: PathBuf,
}

impl SavedSetups {
    /// The file next to the settings: in [`CONFIG_DIR_VAR`] if set, else in
    /// the user's config directory for boardsuite.
    pub fn locate() -> Result<Self, GuiError> {
        if let Some(dir) = std::env::var_os(CONFIG_DIR_VAR).filter(|d| !d.is_empty()) {
            return Ok(SavedSetups::in_dir(dir));
        }
        directories::ProjectDirs::from("", "", "boardsuite")
            .map(|dirs| SavedSetups::in_dir(dirs.config_dir()))
            .ok_or(GuiError::NoSetupsFolder)
    }

    /// The file in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> Self {
        SavedSetups { dir: dir.into() }
    }

    /// The setups file.
    pub fn file(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// The copy kept of the file a save replaced.
    pub fn backup_file(&self) -> PathBuf {
        self.dir.join(format!("{FILE_NAME}.bak"))
    }

    /// A free name for keeping a file that did not read as setups:
    /// `strategy-chess-setups.txt.unreadable.bak`, then `.1.bak`, `.2.bak`...
    pub fn unreadable_backup_file(&self) -> PathBuf {
        let first = self.dir.join(format!("{FILE_NAME}.unreadable.bak"));
        if !first.exists() {
            return first;
        }
        (1..)
            .map(|n| self.dir.join(format!("{FILE_NAME}.unreadable.{n}.bak")))
            .find(|p| !p.exists())
            .unwrap_or(first)
    }

    /// Reads the player's library; a missing file is an empty library.
    pub fn load(&self) -> Result<Library, GuiError> {
        let file = self.file();
        match headless::files::read_text_capped(&file, headless::files::MAX_FILE_BYTES) {
            Ok(text) => Library::parse(&text).map_err(|source| GuiError::SetupsUnreadable { file, source }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Library::default()),
            Err(source) => Err(GuiError::SetupsRead { file, source }),
        }
    }

    /// The saved setups holding exactly `army`.
    pub fn fitting(&self, army: &Army) -> Result<Vec<LibraryEntry>, GuiError> {
        Ok(self.load()?.fitting(army).cloned().collect())
    }

    /// Adds `setup` to the player's library and writes it.
    pub fn save(&self, setup: Setup) -> Result<Saved, GuiError> {
        let file = self.file();
        let (mut library, replaced_unreadable) = match self.load() {
            Ok(library) => (library, false),
            Err(_) if file.exists() => (Library::default(), true),
            Err(e) => return Err(e),
        };
        if library.header().is_empty() && library.entries().is_empty() {
            library = Library::parse("# My Strategy Chess setups (boardsuite).\n").unwrap_or_default();
        }
        let number = library.add(setup, None);
        std::fs::create_dir_all(&self.dir)
            .map_err(|source| GuiError::SetupsFolder { dir: self.dir.clone(), source })?;
        let backup = if file.exists() {
            // An unreadable file gets a backup of its own that later saves
            // never overwrite.
            let backup = if replaced_unreadable { self.unreadable_backup_file() } else { self.backup_file() };
            std::fs::copy(&file, &backup)
                .map_err(|source| GuiError::SetupsBackup { file: file.clone(), source })?;
            Some(backup)
        } else {
            None
        };
        write_atomically(&file, &library.to_text())?;
        Ok(Saved { number, file, backup, replaced_unreadable })
    }
}

fn write_atomically(file: &Path, text: &str) -> Result<(), GuiError> {
    let temp = file.with_extension("txt.tmp");
    std::fs::write(&temp, text).map_err(|source| GuiError::SetupsWrite { file: temp.clone(), source })?;
    std::fs::rename(&temp, file).map_err(|source| GuiError::SetupsWrite { file: file.to_path_buf(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("boardsuite-saved-setups-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn saves_add_to_the_file_and_keep_the_old_one() {
        let dir = temp_dir("add");
        let saved = SavedSetups::in_dir(&dir);
        assert!(saved.load().unwrap().entries().is_empty(), "no file yet");
        let one = Library::builtin().entry(1).unwrap().setup;
        let two = Library::builtin().entry(2).unwrap().setup;
        let first = saved.save(one).unwrap();
        assert_eq!((first.number, first.backup.as_ref()), (1, None));
        let second = saved.save(two).unwrap();
        assert_eq!(second.number, 2);
        assert_eq!(second.backup, Some(saved.backup_file()));
        let kept = Library::parse(&std::fs::read_to_string(saved.backup_file()).unwrap()).unwrap();
        assert_eq!(kept.entries().len(), 1, "the backup is the file before the save");
        let fitting = saved.fitting(&Army::CLASSIC).unwrap();
        assert_eq!(fitting.iter().map(|e| e.setup).collect::<Vec<_>>(), vec![one, two]);
        assert!(saved.fitting(&Army::BARRAGE).unwrap().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unreadable_file_is_kept_not_lost() {
        let dir = temp_dir("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let saved = SavedSetups::in_dir(&dir);
        std::fs::write(saved.file(), "setup 1\nnot a setup\n").unwrap();
        assert!(saved.load().unwrap_err().to_string().contains("does not read as setups"));
        let unread = Library::parse("setup 1\nnot a setup\n").unwrap_err();
        assert_eq!(
            saved.load().unwrap_err().to_string(),
            format!("{} does not read as setups: {unread}", saved.file().display())
        );
        let result = saved.save(Library::builtin().entry(3).unwrap().setup).unwrap();
        assert!(result.replaced_unreadable);
        let kept = result.backup.unwrap();
        assert!(kept.ends_with("strategy-chess-setups.txt.unreadable.bak"), "{kept:?}");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "setup 1\nnot a setup\n");
        assert_eq!(saved.load().unwrap().entries().len(), 1);
        saved.save(Library::builtin().entry(4).unwrap().setup).unwrap();
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "setup 1\nnot a setup\n", "never overwritten");
        assert_eq!(saved.load().unwrap().entries().len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_cannot_be_read_is_named() {
        let dir = temp_dir("folder");
        let saved = SavedSetups::in_dir(&dir);
        std::fs::create_dir_all(saved.file()).unwrap();
        let err = saved.load().unwrap_err().to_string();
        assert!(err.starts_with(&format!("{} could not be read: ", saved.file().display())), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
