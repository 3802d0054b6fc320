//! `boardsuite arena strategy-chess` on the real binary: two `ucc-bot`s
//! play through it, and deliberately broken bots (small `sh` scripts in
//! `tests/data/ucc_bots/`) each lose their games with the right reason
//! while the arena goes on to its result line and leaves no process
//! behind.

mod cli_support;

use cli_support::{stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_boardsuite");

fn script(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ucc_bots").join(name);
    format!("sh {}", path.display())
}

/// A `ucc-bot` command at its default seed.
fn ucc_bot(level: u8) -> String {
    format!("{BIN} ucc-bot --level {level}")
}

/// One arena run's traces: a file the scripts write their process ids to,
/// and a value in the environment of every process the run starts.
struct Traces {
    pids: PathBuf,
    marker: String,
}

impl Traces {
    fn new() -> Traces {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::SeqCst);
        let marker = format!("boardsuite-arena-{}-{n}", std::process::id());
        let pids = std::env::temp_dir().join(format!("{marker}.pids"));
        let _ = std::fs::remove_file(&pids);
        Traces { pids, marker }
    }

    /// Running processes started by the run: its marker is in their
    /// environment (every child inherits it, grandchildren too).
    fn running(&self) -> Vec<u32> {
        let needle = format!("ARENA_TEST_MARKER={}", self.marker);
        let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
        entries
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .filter(|&pid| {
                let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
                environ.split(|&b| b == 0).any(|var| var == needle.as_bytes()) && runs(pid)
            })
            .collect()
    }

    /// Checks that nothing the run started still runs; how many processes
    /// the scripts recorded. A process sent SIGKILL just before the arena
    /// exited may take a moment to be gone, so this waits up to 5 s.
    fn all_ended(&self) -> usize {
        let text = std::fs::read_to_string(&self.pids).unwrap_or_default();
        let recorded: Vec<u32> = text.split_whitespace().map(|p| p.parse().unwrap()).collect();
        let deadline = Instant::now() + Duration::from_secs(5);
        let left = loop {
            let mut left: Vec<u32> = recorded.iter().copied().filter(|&p| runs(p)).collect();
            left.extend(self.running());
            if left.is_empty() || Instant::now() > deadline {
                break left;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(left.is_empty(), "processes left behind: {left:?} (the scripts recorded {recorded:?})");
        let _ = std::fs::remove_file(&self.pids);
        recorded.len()
    }
}

fn arena(args: &[&str], traces: &Traces) -> Output {
    Command::new(BIN)
        .arg("arena")
        .args(args)
        .env("ARENA_TEST_PIDS", &traces.pids)
        .env("ARENA_TEST_MARKER", &traces.marker)
        .env_remove("BOARDSUITE_UCC_CONFIG")
        .env_remove("BOARDSUITE_UCC_LEVEL")
        .env_remove("BOARDSUITE_UCC_SEED")
        .env_remove("BOARDSUITE_UCC_SET")
        .output()
        .expect("the binary runs")
}

/// Whether process `pid` still runs (a zombie has ended).
fn runs(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// The game lines and the result line, checked for shape.
fn lines(out: &Output, games: usize) -> (Vec<String>, String) {
    assert!(out.status.success(), "{}", stderr(out));
    let text = stdout(out);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(lines.len(), games + 1, "{text}");
    let result = lines.pop().unwrap();
    for (k, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("game {}/{games}", k + 1)), "{line}");
        let colour = if k % 2 == 0 { "red" } else { "blue" };
        assert!(line.contains(&format!(": first program {colour}: ")), "{line}");
    }
    (lines, result)
}

#[test]
fn two_ucc_bots_play_through_the_arena() {
    let traces = Traces::new();
    let bot = ucc_bot(1);
    let out = arena(&["strategy-chess", "--first", &bot, "--second", &bot, "--games", "2"], &traces);
    let (games, result) = lines(&out, 2);
    let mut score = [0u32; 3];
    for line in &games {
        let (_, rest) = line.split_once(" for --first after ").expect(line);
        let plies: u32 = rest.split(' ').next().unwrap().parse().expect(line);
        assert!(plies > 0, "{line}");
        // Neither bot is at fault: the rules (or the turn limit) ended it.
        let reason = rest.split_once(": ").unwrap().1;
        assert!(
            reason.contains(" wins by ") || reason.starts_with("draw:"),
            "a game between two good bots ends by the rules: {line}"
        );
        let i = ["win", "draw", "loss"]
            .iter()
            .position(|r| line.contains(&format!(": {r} for --first")))
            .unwrap();
        score[i] += 1;
    }
    let percent = (f64::from(score[0]) + f64::from(score[1]) / 2.0) / 2.0 * 100.0;
    assert_eq!(result, format!("result {}-{}-{} score {percent:.1}%", score[0], score[1], score[2]));
    // Both bots compared every board with their own record of the game
    // and found nothing to say: their stderr is the arena's, and empty.
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    traces.all_ended();
}

/// Seeds for `--second` (against `--seed 1`) whose games ended in a
/// surrender halfway: a bot's stand-in ranks for the hidden enemy left the
/// enemy no legal move, its record called the game over, refused every
/// later enemy move, and the bot answered `SURRENDER` (918273646 after 1
/// ply, 52 after 347; 2 was reported to, after 312). Each game must end by
/// the rules: the flag, attrition or the turn limit.
#[test]
fn ucc_bots_do_not_surrender_when_their_stand_ins_cannot_move() {
    for seed in [918_273_646, 2, 52] {
        let traces = Traces::new();
        let first = format!("{} --seed 1", ucc_bot(1));
        let second = format!("{} --seed {seed}", ucc_bot(1));
        let out = arena(&["strategy-chess", "--first", &first, "--second", &second, "--games", "1"], &traces);
        let (games, _) = lines(&out, 1);
        let line = &games[0];
        assert!(!line.contains("surrender"), "seed {seed}: {line}");
        let (_, reason) = line.split_once(" plies: ").expect(line);
        assert!(
            reason.ends_with(" wins by taking the flag")
                || reason.contains(" wins by attrition: ")
                || reason.starts_with("draw: the turn limit of "),
            "seed {seed}: {line}"
        );
        // Neither bot's record parted from the manager's on the way.
        assert!(stderr(&out).is_empty(), "seed {seed}: {}", stderr(&out));
        traces.all_ended();
    }
}

/// Runs a broken bot as `--first` against `ucc-bot --level 1` for two
/// games (Red, then Blue); it must lose both with `reasons`.
fn broken(name: &str, extra: &[&str], reasons: [&str; 2]) {
    let traces = Traces::new();
    let first = script(name);
    let second = ucc_bot(1);
    let mut args = vec!["strategy-chess", "--first", &first, "--second", &second, "--games", "2"];
    args.extend_from_slice(extra);
    let out = arena(&args, &traces);
    let (games, result) = lines(&out, 2);
    for (line, reason) in games.iter().zip(reasons) {
        assert!(line.contains(": loss for --first after "), "{line}");
        assert!(line.ends_with(&format!(": first program {reason}")), "{line}\nwanted: {reason}");
    }
    assert_eq!(result, "result 0-0-2 score 0.0%");
    assert!(traces.all_ended() >= 2, "both games' scripts recorded themselves");
}

#[test]
fn an_illegal_move_loses() {
    broken(
        "illegal_move.sh",
        &[],
        [
            "sent an illegal move 1 0 DOWN: a Bomb never moves",
            "sent an illegal move 1 6 UP: a Bomb never moves",
        ],
    );
}

#[test]
fn silence_past_the_move_timeout_loses_and_the_whole_group_is_killed() {
    let started = Instant::now();
    broken("silent.sh", &["--move-timeout", "0.5"], ["was too late: no move within 0.5 s"; 2]);
    // Two timeouts and two grace periods, not the script's `sleep 60`.
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

#[test]
fn a_crash_after_the_setup_loses() {
    broken("crash_after_setup.sh", &[], ["died: its output ended (exit status: 3)"; 2]);
}

#[test]
fn a_garbage_setup_loses() {
    broken(
        "garbage_setup.sh",
        &[],
        ["sent a bad setup: setup line 1 `he\u{fffd}l?lo` is 7 characters long, not 10"; 2],
    );
}

#[test]
fn usage_errors_exit_2_with_the_reason() {
    let traces = Traces::new();
    let cases: [(&[&str], &str); 5] = [
        (&["stones", "--first", "a", "--second", "b", "--games", "1"], "arena is only for strategy-chess"),
        (&["strategy-chess", "--first", "a", "--second", "b", "--games", "0"], "--games: 0 is not allowed"),
        (
            &["strategy-chess", "--first", "", "--second", "b", "--games", "1"],
            "--first: the command is empty",
        ),
        (
            &["strategy-chess", "--first", "a", "--second", "b", "--games", "1", "--set", "colour=red"],
            "colour: is not a rule option",
        ),
        (
            &["strategy-chess", "--first", "a", "--second", "b", "--games", "1", "--move-timeout=-1"],
            "--move-timeout: -1 is not allowed",
        ),
    ];
    for (args, message) in cases {
        let out = arena(args, &traces);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}
