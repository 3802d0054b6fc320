//! Running the real `boardsuite` binary from the command-line tests, with
//! no display in its environment (every headless command must work so).

#![allow(dead_code)] // Each test file uses what it needs.

use std::path::PathBuf;
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

/// A position file in a directory of its own, removed when dropped.
pub struct PositionFile(PathBuf);

impl PositionFile {
    /// Writes `text` to a fresh file; `name` keeps the tests' files apart.
    pub fn new(name: &str, text: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("boardsuite-cli-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("position.txt");
        std::fs::write(&file, text).unwrap();
        PositionFile(file)
    }

    /// The file's path, as an argument.
    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for PositionFile {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            std::fs::remove_dir_all(dir).ok();
        }
    }
}
