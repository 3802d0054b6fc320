//! Any text, read as a game record and replayed as Nim, must never panic:
//! it loads or names its problem. A record that loads must save and load
//! again to the same game.
#![no_main]

use game_core::Game;
use game_core::nim::Nim;
use libfuzzer_sys::fuzz_target;
use shell::record::{GameRecord, full_record, load};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(parsed) = GameRecord::from_toml(text) {
        let _ = parsed.record.to_toml();
    }
    if let Ok(loaded) = load::<Nim>(text) {
        let again = full_record(&loaded.referee, &loaded.setups, loaded.record.seed)
            .and_then(|r| r.to_toml())
            .expect("a loaded record saves");
        let back = load::<Nim>(&again).expect("a saved record loads");
        assert_eq!(back.referee.position().hash_key(), loaded.referee.position().hash_key());
    }
});
