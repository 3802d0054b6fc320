//! Writing records: full records from a referee, and files written so that
//! nothing a user had is lost.

use super::error::RecordError;
use super::format::{GameRecord, RecordKind, has_setup_phase};
use crate::protocol::Ending;
use game_core::{Observe, Referee};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The referee's full record of a game: rules, every setup, the moves, the
/// ending and the final hash.
pub fn full_record<G: Observe>(
    referee: &Referee<G>,
    setups: &[G::Setup],
    seed: Option<u64>,
) -> Result<GameRecord, RecordError> {
    let rules = toml::Table::try_from(referee.rules())
        .map_err(|e| RecordError::whole(format!("the rules cannot be written: {e}")))?;
    let setups = if has_setup_phase::<G>() {
        setups
            .iter()
            .map(|s| {
                toml::Value::try_from(s)
                    .map(Some)
                    .map_err(|e| RecordError::whole(format!("a setup cannot be written: {e}")))
            })
            .collect::<Result<_, _>>()?
    } else {
        Vec::new()
    };
    Ok(GameRecord {
        game: G::NAME.to_string(),
        kind: RecordKind::Full,
        rules,
        seed,
        setups,
        moves: referee.history().iter().map(|m| m.notation.clone()).collect(),
        ending: referee.finish().map(Ending::from),
        outcome: referee.outcome(),
        final_hash: Some(referee.position().hash_key()),
    })
}

/// The file that keeps the previous contents of `path`: `name.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `text` to `path` without ever leaving a half-written file: it
/// goes to a temporary file beside it, which is then renamed into place.
/// If `path` existed, its old contents are kept as `name.bak`.
pub fn write_file_safely(path: &Path, text: &str) -> io::Result<()> {
    let mut tmp_name = path.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "record".into());
    tmp_name.push(format!(".tmp-{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    if path.exists() {
        // A hard link keeps the old file as .bak while the rename below
        // replaces `path` in one step; copy where links are not allowed.
        let bak = backup_path(path);
        let _ = std::fs::remove_file(&bak);
        if std::fs::hard_link(path, &bak).is_err() {
            std::fs::copy(path, &bak)?;
        }
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Saves a record to `path` (see [`write_file_safely`]).
pub fn save_file(record: &GameRecord, path: &Path) -> Result<(), RecordError> {
    let text = record.to_toml()?;
    write_file_safely(path, &text)
        .map_err(|e| RecordError::whole(format!("cannot write {}: {e}", path.display())))
}
