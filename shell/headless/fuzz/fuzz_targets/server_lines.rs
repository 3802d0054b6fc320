//! Any bytes, read by a client as server lines (each view made whole from
//! its trail, as the client thread does), must never panic; a view that
//! reads as a view of one of the games is handled as a bot handles it: a
//! full position is sampled from it, and on the viewer's turn a legal move
//! is drawn and written in notation. A forged view may be nonsense, but it
//! must not crash the program that receives it.
#![no_main]

use game_core::rng::seeded;
use game_core::{Observe, SeatView};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use headless::net::line::{LineError, LineReader};
use headless::protocol::{ServerMessage, decode_server};
use headless::net::view_trail::TrailKeeper;

/// What a bot does with a view of `G`.
fn handle<G: Observe>(view: &Value) {
    let Ok(view) = serde_json::from_value::<G::View>(view.clone()) else { return };
    let mut rng = seeded(1);
    let position = G::sample(&view, &mut rng);
    if view.to_move() == view.seat() && view.outcome().is_none() {
        if let Some(mv) = position.random_move(&mut rng, &mut Vec::new()) {
            let notation = position.format_move(mv);
            let _ = position.parse_move(&notation);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut reader = LineReader::new(data, 1 << 16);
    let mut trail = TrailKeeper::default();
    loop {
        let line = match reader.read_line() {
            Ok(line) => line,
            Err(LineError::NotUtf8) => continue,
            Err(_) => break,
        };
        let Ok(ServerMessage::View { mut view, history_from, .. }) = decode_server(&line) else { continue };
        if trail.restore(&mut view, history_from).is_err() {
            continue;
        }
        handle::<stones::Stones>(&view);
        handle::<blockade::Blockade>(&view);
        handle::<strategy_chess::StrategyChess>(&view);
        handle::<game_core::nim::Nim>(&view);
    }
});
