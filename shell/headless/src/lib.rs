//! # headless: everything of boardsuite that needs no window
//!
//! The `boardsuite` command line ([`cli`]), network play ([`net`]) and
//! its wire vocabulary ([`protocol`]), saved games ([`record`]) and the settings file ([`settings`]). It knows the
//! game engines, the AI and game-core, and never links a graphics stack:
//! the launcher window is the `gui` crate, above this one, and the binary
//! hands it in (see [`run`]). Games are always driven through game-core's
//! [`game_core::Referee`], never by poking at positions.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod failure;
pub mod files;
pub mod net;
pub mod protocol;
pub mod record;
pub mod registry;
pub mod settings;

/// Runs the `boardsuite` program: parses the command line and either runs a
/// headless subcommand or, with none, calls `open_launcher`. Returns the
/// process exit code: 0 on success, 2 for bad input (usage, rule options,
/// positions, moves), 1 for other failures.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(open_launcher: fn() -> failure::CommandResult) -> std::process::ExitCode {
    cli::main(open_launcher)
}
