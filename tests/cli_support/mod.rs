//! Running the real `boardsuite` binary from the command-line tests, with
//! no display in its environment (every headless command must work so).

#![allow(dead_code)] // Each test file uses what it needs.

use std::process::{Command, Output};

/// The binary as a command, without `DISPLAY` or `WAYLAND_DISPLAY`.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardsuite"));
    command.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    command
}

/// Runs `boardsuite ARGS` to its end.
pub fn boardsuite(args: &[&str]) -> Output {
    command().args(args).output().expect("the binary runs")
}

/// Standard output, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
