//! Saving the game of a play screen (F6) as a record file.

use super::session::Session;
use game_core::{Evaluate, Observe};
use headless::record::{GameRecord, RecordError, SavedGames, load};
use std::path::PathBuf;

/// Saves the game of `session` as a new file in `games`. What one seat of
/// a network game saw gets the final hash too when its moves replay (in
/// games without hidden setups), so a later change to the file is caught.
pub fn save_session<G: Observe + Evaluate>(
    session: &Session<G>,
    games: &SavedGames,
) -> Result<PathBuf, RecordError> {
    let mut record = session.record()?;
    seal::<G>(&mut record);
    games.save(&record, crate::clock::wall_now())
}

/// Sets the final hash of a record that has none, if its moves replay.
pub fn seal<G: Observe>(record: &mut GameRecord) {
    if record.final_hash.is_some() {
        return;
    }
    if let Ok(text) = record.to_toml()
        && let Ok(loaded) = load::<G>(&text)
    {
        record.final_hash = Some(loaded.referee.position().hash_key());
    }
}
