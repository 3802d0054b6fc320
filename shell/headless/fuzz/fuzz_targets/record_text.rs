//! Any text, read as a game record and replayed as the game it names (Nim,
//! Stones, Blockade or Strategy Chess), must never panic: it loads or
//! names its problem. A record that loads must save and load again to the
//! same game.
#![no_main]

use game_core::Observe;
use libfuzzer_sys::fuzz_target;
use headless::record::{GameRecord, full_record, load};

fn round_trip<G: Observe>(text: &str) {
    if let Ok(loaded) = load::<G>(text) {
        let again = full_record(&loaded.referee, &loaded.setups, loaded.record.seed)
            .and_then(|r| r.to_toml())
            .expect("a loaded record saves");
        let back = load::<G>(&again).expect("a saved record loads");
        assert_eq!(back.referee.position().hash_key(), loaded.referee.position().hash_key());
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(parsed) = GameRecord::from_toml(text) else { return };
    let _ = parsed.record.to_toml();
    match parsed.record.game.as_str() {
        "stones" => round_trip::<stones::Stones>(text),
        "blockade" => round_trip::<blockade::Blockade>(text),
        "strategy-chess" => round_trip::<strategy_chess::StrategyChess>(text),
        _ => round_trip::<game_core::nim::Nim>(text),
    }
});
