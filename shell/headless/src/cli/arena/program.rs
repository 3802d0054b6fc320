//! One bot program of an arena game: a child process spoken to line by
//! line, that can neither stall the arena nor outlive its game.
//!
//! - It runs as `sh -c COMMAND` in a process group of its own, so ending
//!   it ends whatever the command started too (a wrapper script, a
//!   pipeline), not just `sh`. A program that leaves the group on purpose
//!   (`setsid`) is beyond reach.
//! - Its output is read on a thread of its own into a channel, so a wait
//!   for an answer really ends at its deadline. Each line is stamped with
//!   the moment it was read, so a line that came in time counts as in time
//!   however late the arena looks at it. Lines are capped at
//!   [`MAX_LINE`] bytes (a longer one is skipped to its end without being
//!   held) and bytes that are not UTF-8 are replaced.
//! - Its input is written on another thread, so a program that stops
//!   reading never blocks the arena.
//! - Its stderr goes to the arena's stderr, untouched.
//! - [`Program::end`] (or dropping it) kills the group and reaps `sh`:
//!   no process is left behind, not even a zombie.

use super::error::ArenaError;
use crate::cli::ugi::input::{InputLine, read_line};
use std::io::{self, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel};
use std::time::Instant;

/// The longest line kept from a program, in bytes. The protocol's longest
/// answer is a setup line of 10 characters.
pub const MAX_LINE: usize = 4096;

/// Lines read ahead of the arena before the reader waits (and so the
/// program blocks on its output): a program that floods its output costs
/// no memory.
const READ_AHEAD: usize = 16;

/// What came from a program while the arena waited for a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A line, without its line end.
    Line(String),
    /// A line longer than [`MAX_LINE`], skipped; its length in bytes.
    TooLong(usize),
    /// Nothing before the deadline.
    Late,
    /// The program's output ended: it exited or closed it.
    Ended,
}

/// A running program.
#[derive(Debug)]
pub struct Program {
    child: Child,
    input: Option<Sender<String>>,
    output: Receiver<(Instant, InputLine)>,
    ended: bool,
}

impl Program {
    /// Starts `sh -c command` with these extra environment variables.
    pub fn start(command: &str, env: &[(&str, String)]) -> Result<Program, ArenaError> {
        let failed = |source| ArenaError::Spawn { command: command.to_string(), source };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .map_err(failed)?;
        let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
        let (input, lines) = channel::<String>();
        let (heard, output) = sync_channel(READ_AHEAD);
        let program = Program { child, input: Some(input), output, ended: false };
        let (Some(mut stdin), Some(stdout)) = (stdin, stdout) else {
            return Err(failed(io::Error::other("no pipe to the program")));
        };
        std::thread::Builder::new()
            .name("arena-input".into())
            .spawn(move || {
                for line in lines {
                    // A program that is gone cannot be written to; its
                    // silence shows when it is asked for an answer.
                    if writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err() {
                        break;
                    }
                }
            })
            .map_err(failed)?;
        // On an early return `program` is dropped, which ends the child.
        std::thread::Builder::new()
            .name("arena-output".into())
            .spawn(move || pump(stdout, heard))
            .map_err(failed)?;
        Ok(program)
    }

    /// Sends one line. Never blocks; a line to a program that has gone is
    /// lost.
    pub fn send(&self, line: &str) {
        if let Some(input) = &self.input {
            let _ = input.send(line.to_string());
        }
    }

    /// The next line, if it came by `deadline`.
    pub fn read(&self, deadline: Instant) -> Heard {
        let received = match self.output.try_recv() {
            Ok(stamped) => Ok(stamped),
            Err(_) => self.output.recv_timeout(deadline.saturating_duration_since(Instant::now())),
        };
        match received {
            Ok((at, _)) if at > deadline => Heard::Late,
            Ok((_, InputLine::Text(text))) => Heard::Line(text),
            Ok((_, InputLine::TooLong(bytes))) => Heard::TooLong(bytes),
            Err(RecvTimeoutError::Timeout) => Heard::Late,
            Err(RecvTimeoutError::Disconnected) => Heard::Ended,
        }
    }

    /// Sends `line` (the `QUIT` line) and closes the program's input: a
    /// program should now exit.
    pub fn quit(&mut self, line: &str) {
        self.send(line);
        self.input = None;
    }

    /// Waits until the program's output ends or `deadline` passes, then
    /// kills its process group and reaps it. Its exit status, if it could
    /// be had.
    pub fn end(mut self, deadline: Instant) -> Option<ExitStatus> {
        self.input = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Disconnected | RecvTimeoutError::Timeout) => break,
            }
        }
        self.stop()
    }

    /// Kills the process group, then reaps `sh`. The group is killed while
    /// `sh` is unreaped, so its number cannot have been handed to another
    /// process in between.
    fn stop(&mut self) -> Option<ExitStatus> {
        if self.ended {
            return None;
        }
        self.ended = true;
        kill_group(self.child.id());
        let _ = self.child.kill();
        self.child.wait().ok()
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Reads lines into `heard` until the output ends or nobody listens.
fn pump(stdout: ChildStdout, heard: SyncSender<(Instant, InputLine)>) {
    let mut reader = BufReader::new(stdout);
    while let Ok(Some(line)) = read_line(&mut reader, MAX_LINE) {
        if heard.send((Instant::now(), line)).is_err() {
            break;
        }
    }
}

/// Sends SIGKILL to process group `group`. The standard library can only
/// signal one process, and this crate holds no `unsafe`, so `sh`'s own
/// `kill` does it. An empty group is no error.
fn kill_group(group: u32) {
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!("kill -s KILL -- -{group} 2>/dev/null"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn soon(ms: u64) -> Instant {
        Instant::now() + Duration::from_millis(ms)
    }

    /// Whether process `pid` still runs (a zombie has ended).
    #[cfg(target_os = "linux")]
    fn runs(pid: u32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            // The state follows the command name in parentheses.
            Ok(stat) => {
                stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X']))
            }
            Err(_) => false,
        }
    }

    #[test]
    fn lines_go_both_ways_and_the_end_is_told_from_silence() {
        let mut program = Program::start("while read line; do echo \"got $line\"; done", &[]).unwrap();
        program.send("one");
        assert_eq!(program.read(soon(5_000)), Heard::Line("got one".into()));
        assert_eq!(program.read(soon(100)), Heard::Late);
        program.quit("two");
        assert_eq!(program.read(soon(5_000)), Heard::Line("got two".into()));
        assert_eq!(program.read(soon(5_000)), Heard::Ended, "the input closed, so the loop ended");
        let status = program.end(soon(1_000)).unwrap();
        assert!(status.success(), "{status}");
    }

    #[test]
    fn long_lines_bad_bytes_and_environment() {
        let env = [("ARENA_TEST_WORD", "hello".to_string())];
        let script =
            "printf 'x%.0s' $(seq 5000); echo; printf '\\377ok\\n'; echo \"$ARENA_TEST_WORD\"; exit 3";
        let program = Program::start(script, &env).unwrap();
        assert_eq!(program.read(soon(5_000)), Heard::TooLong(5000));
        assert_eq!(program.read(soon(5_000)), Heard::Line("\u{fffd}ok".into()));
        assert_eq!(program.read(soon(5_000)), Heard::Line("hello".into()));
        assert_eq!(program.read(soon(5_000)), Heard::Ended);
        assert_eq!(program.end(soon(1_000)).and_then(|s| s.code()), Some(3));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn ending_kills_what_the_command_started_and_reaps_it() {
        // A program that ignores QUIT and keeps a child of its own.
        let mut program =
            Program::start("sleep 60 & echo $!; trap '' TERM; while :; do sleep 1; done", &[]).unwrap();
        let Heard::Line(pid) = program.read(soon(5_000)) else { panic!("no pid") };
        let grandchild: u32 = pid.trim().parse().unwrap();
        let shell = program.child.id();
        assert!(runs(grandchild) && runs(shell));
        program.quit("QUIT");
        let started = Instant::now();
        let status = program.end(soon(300)).unwrap();
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(!status.success());
        // `sh` is reaped: gone altogether, not a zombie.
        assert!(!std::path::Path::new(&format!("/proc/{shell}")).exists(), "sh is reaped");
        let gone = (0..100).any(|_| {
            std::thread::sleep(Duration::from_millis(20));
            !runs(grandchild)
        });
        assert!(gone, "the command's own child was killed with its group");
    }

    #[test]
    fn a_program_that_never_reads_cannot_block_the_arena() {
        let program = Program::start("sleep 60", &[]).unwrap();
        let started = Instant::now();
        for _ in 0..2_000 {
            program.send(&"#".repeat(100));
        }
        assert!(started.elapsed() < Duration::from_secs(2), "sending never waits for the program");
        assert_eq!(program.read(soon(50)), Heard::Late);
        drop(program);
    }
}
