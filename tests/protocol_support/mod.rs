//! A `boardsuite` child process spoken to line by line, for the protocol
//! tests (UGI and the UCC bot).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long any one reply may take before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running `boardsuite` with piped stdin, stdout and stderr.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    errors: Receiver<String>,
}

impl Process {
    /// Starts `boardsuite ARGS` with these extra environment variables.
    pub fn start(args: &[&str], env: &[(&str, &str)]) -> Process {
        let mut command = Command::new(env!("CARGO_BIN_EXE_boardsuite"));
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        for key in
            ["BOARDSUITE_UCC_CONFIG", "BOARDSUITE_UCC_LEVEL", "BOARDSUITE_UCC_SEED", "BOARDSUITE_UCC_SET"]
        {
            command.env_remove(key);
        }
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("the binary starts");
        let stdin = child.stdin.take();
        let lines = pump(child.stdout.take().expect("piped stdout"));
        let errors = pump(child.stderr.take().expect("piped stderr"));
        Process { child, stdin, lines, errors }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("the process reads");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes (for input that is not UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("the process reads");
        stdin.flush().expect("flush");
    }

    /// The next output line, failing the test after `PATIENCE`.
    pub fn line(&mut self) -> String {
        self.line_within(PATIENCE).unwrap_or_else(|| panic!("no reply within {PATIENCE:?}"))
    }

    /// The next output line within `wait`, or `None`.
    pub fn line_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.line_within(left).unwrap_or_else(|| panic!("no `{prefix}` line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Closes stdin and waits for the exit; the exit success and stderr.
    pub fn finish(mut self) -> (bool, String) {
        drop(self.stdin.take());
        let deadline = Instant::now() + PATIENCE;
        let success = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status.success();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the process did not exit");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut stderr = String::new();
        while let Ok(line) = self.errors.recv_timeout(Duration::from_millis(200)) {
            stderr.push_str(&line);
            stderr.push('\n');
        }
        (success, stderr)
    }

    /// Whether the process has exited.
    pub fn exited(&mut self) -> bool {
        self.child.try_wait().expect("wait").is_some()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn pump(stream: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}
