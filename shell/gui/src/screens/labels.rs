//! The words for modes and choices, as players read them.

use headless::settings::{FirstMover, PlayMode};

/// A mode's title and one line about it.
pub fn mode_text(mode: PlayMode) -> (&'static str, &'static str) {
    match mode {
        PlayMode::Computer => ("Against the computer", "You play one side, the computer the other."),
        PlayMode::TwoPlayers => ("Two players at this computer", "Take turns at one keyboard and mouse."),
        PlayMode::Demo => ("Computer against computer", "Sit back and watch a demo game."),
        // A web page cannot listen for the opponent: it opens the game on a
        // server.
        PlayMode::NetworkHost if cfg!(target_arch = "wasm32") => {
            ("Host a network game", "Open a game on a boardsuite server for someone elsewhere.")
        }
        PlayMode::NetworkHost => ("Host a network game", "Play someone on another computer."),
        PlayMode::NetworkJoin => {
            ("Join a network game", "Connect to a game someone is hosting; its rules are the host's.")
        }
    }
}

/// A mode in a few words, for a stepper.
pub fn mode_short(mode: PlayMode) -> &'static str {
    match mode {
        PlayMode::Computer => "vs computer",
        PlayMode::TwoPlayers => "two players",
        PlayMode::Demo => "demo",
        PlayMode::NetworkHost => "host",
        PlayMode::NetworkJoin => "join",
    }
}

/// Who moves first, for a stepper.
pub fn first_text(first: FirstMover) -> &'static str {
    match first {
        FirstMover::Human => "you",
        FirstMover::Computer => "the computer",
        FirstMover::Random => "random",
    }
}
