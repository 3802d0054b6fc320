//! # shell: everything a player touches
//!
//! The `boardsuite` command line ([`cli`]) and the launcher window
//! ([`gui`]). The shell knows every crate: the game engines, the AI and
//! game-core. Games are always driven through game-core's
//! [`game_core::Referee`], never by poking at positions.

pub mod cli;
pub mod files;
pub mod gui;
pub mod net;
pub mod record;
pub mod settings;

use std::process::ExitCode;

/// Runs the `boardsuite` program: parses the command line and either runs a
/// headless subcommand or opens the launcher. Returns the process exit code:
/// 0 on success, 2 for bad input (usage, rule options, positions, moves), 1
/// for other failures.
pub fn run() -> ExitCode {
    cli::main()
}
