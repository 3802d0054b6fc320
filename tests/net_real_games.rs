//! The real binaries, end to end, for every real game: `boardsuite serve`
//! and two `boardsuite bot` processes play a whole game; the referee's full
//! record and each bot's seat record are saved, and `boardsuite replay`
//! verifies them.

use game_core::{Observe, Seat};
use headless::record::{GameRecord, RecordKind, load};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

fn boardsuite(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_boardsuite"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

fn run(args: &[&str]) -> Output {
    boardsuite(args).wait_with_output().expect("the binary runs")
}

/// Reads a child's stdout lines until one starts with `prefix`.
fn line_starting(reader: &mut impl BufRead, prefix: &str) -> String {
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "no `{prefix}` line");
        if let Some(rest) = line.trim_end().strip_prefix(prefix) {
            return rest.to_string();
        }
    }
}

/// The value of the first `prefix` line of a command's output.
fn field(out: &str, prefix: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line in:\n{out}"))
        .to_string()
}

/// A `boardsuite serve` process writing full records to its own folder;
/// killed when dropped.
struct Server {
    child: Child,
    addr: String,
    dir: PathBuf,
}

impl Server {
    fn start(name: &str) -> Server {
        let dir = std::env::temp_dir().join(format!("boardsuite-real-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let records = dir.join("full");
        let mut child = boardsuite(&[
            "serve",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--grace",
            "2",
            "--records",
            records.to_str().unwrap(),
        ]);
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let addr = line_starting(&mut out, "listening on ");
        Server { child, addr, dir }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// What one game through the real binaries left behind.
struct Played {
    code: String,
    result: String,
    full: PathBuf,
    seats: [PathBuf; 2],
}

/// Two bots play one game of `game` with rule options `sets` on `server`.
fn play_game(server: &Server, game: &str, sets: &[&str], seed: u64) -> Played {
    let seats =
        [server.dir.join(format!("{seed}-first.toml")), server.dir.join(format!("{seed}-second.toml"))];
    let (seed_a, seed_b) = (seed.to_string(), (seed + 1).to_string());
    let mut args = vec![
        "bot",
        &server.addr,
        "--game",
        game,
        "--level",
        "1",
        "--seed",
        &seed_a,
        "--timeout",
        "300",
        "--record",
        seats[0].to_str().unwrap(),
    ];
    for set in sets {
        args.extend(["--set", set]);
    }
    let mut first = boardsuite(&args);
    let mut first_out = BufReader::new(first.stdout.take().unwrap());
    let code = line_starting(&mut first_out, "code ");
    let second = run(&[
        "bot",
        &server.addr,
        "--game",
        game,
        "--level",
        "1",
        "--code",
        &code,
        "--seed",
        &seed_b,
        "--timeout",
        "300",
        "--record",
        seats[1].to_str().unwrap(),
    ]);
    let second_out = String::from_utf8_lossy(&second.stdout).to_string();
    assert!(second.status.success(), "{second_out}{}", String::from_utf8_lossy(&second.stderr));
    let result = line_starting(&mut first_out, "result ");
    let mut rest = String::new();
    while first_out.read_line(&mut rest).unwrap() > 0 {}
    assert!(first.wait().unwrap().success(), "{rest}");
    assert_eq!(field(&second_out, "result "), result, "both bots saw the same ending");
    assert!(rest.contains("record "), "{rest}");
    Played { full: server.dir.join("full").join(format!("{code}.toml")), code, result, seats }
}

/// `boardsuite replay FILE` must succeed; returns its output.
fn replay_ok(path: &Path) -> String {
    let out = run(&["replay", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{}: {text}{}", path.display(), String::from_utf8_lossy(&out.stderr));
    text
}

/// The checks every game shares: the full record and each seat record
/// verify (or, with hidden setups, say why they cannot); a tampered record
/// is refused with its line. Returns the loaded full record.
fn check_records<G: Observe>(played: &Played) -> headless::record::LoadedRecord<G> {
    let text = std::fs::read_to_string(&played.full)
        .unwrap_or_else(|e| panic!("the referee saved {}: {e}", played.code));
    let full = load::<G>(&text).expect("the full record replays");
    assert_eq!(full.record.kind, RecordKind::Full);
    let plies = full.referee.history().len();
    let outcome = full.referee.outcome().expect("the game is over").to_string();
    assert!(played.result.starts_with(&format!("{outcome} (")), "{} vs {outcome}", played.result);
    assert!(played.result.ends_with(&format!("after {plies} plies")), "{}", played.result);

    let shown = replay_ok(&played.full);
    assert!(shown.starts_with(&format!("game {}, full record, {plies} moves\n", G::NAME)), "{shown}");
    assert_eq!(field(&shown, "ok "), plies.to_string());
    assert_eq!(field(&shown, "outcome "), outcome);
    let hash = format!("{:016x}", full.referee.position().hash_key());
    assert_eq!(field(&shown, "hash "), hash);
    assert_eq!(shown.lines().filter(|l| l.starts_with("move ")).count(), plies);
    let first_move = &full.referee.history()[0];
    assert_eq!(field(&shown, "move 1 "), format!("{} {}", first_move.seat, first_move.notation));

    for (i, path) in played.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let seat_text = std::fs::read_to_string(path).expect("the bot saved its record");
        let record = GameRecord::from_toml(&seat_text).expect("a seat record reads").record;
        assert_eq!(record.kind, RecordKind::Seat(seat));
        assert_eq!(record.moves, full.record.moves, "a seat saw every move in public notation");
        assert_eq!((record.outcome, record.ending), (full.record.outcome, full.record.ending));
        assert_eq!(record.final_hash, None, "a seat does not know the full position");
        let shown = replay_ok(path);
        if full.setups.is_empty() {
            assert_eq!(field(&shown, "ok "), plies.to_string());
            assert_eq!(field(&shown, "hash "), hash, "nothing was hidden: the same final position");
        } else {
            // Only its own setup, exactly as the referee has it.
            assert_eq!(record.setups.iter().flatten().count(), 1);
            assert_eq!(record.setups[i], full.record.setups[i]);
            assert!(field(&shown, "unverified ").starts_with(&format!("{plies}: {seat} saw")), "{shown}");
        }
    }

    // Tampering: the last move replaced by another one.
    let last = full.record.moves.last().unwrap();
    let other = full.record.moves.iter().rev().find(|m| *m != last).unwrap();
    let at = text.rfind(&format!("\"{last}\"")).unwrap();
    let tampered = format!("{}\"{other}\"{}", &text[..at], &text[at + last.len() + 2..]);
    let path = played.full.with_extension("tampered.toml");
    std::fs::write(&path, &tampered).unwrap();
    let out = run(&["replay", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with(&format!("error: {}: line ", path.display())), "{err}");
    full
}

#[test]
fn stones_relay_and_kalah_through_the_real_binaries() {
    let server = Server::start("stones");
    let played = play_game(&server, "stones", &[], 1);
    let full = check_records::<stones::Stones>(&played);
    assert_eq!(*full.referee.rules(), stones::StonesRules::default());

    let played = play_game(&server, "stones", &["sowing=kalah", "pits=4", "stones=3"], 2);
    let full = check_records::<stones::Stones>(&played);
    let rules = full.referee.rules();
    assert_eq!((rules.sowing, rules.pits, rules.stones), (stones::SowingRule::Kalah, 4, 3));
    let text = std::fs::read_to_string(&played.full).unwrap();
    assert!(text.contains("sowing = \"kalah\""), "{text}");
}

#[test]
fn blockade_through_the_real_binaries() {
    let server = Server::start("blockade");
    let played = play_game(&server, "blockade", &[], 3);
    check_records::<blockade::Blockade>(&played);
}

#[test]
fn strategy_chess_through_the_real_binaries() {
    let server = Server::start("strategy-chess");
    let played = play_game(&server, "strategy-chess", &[], 4);
    let full = check_records::<strategy_chess::StrategyChess>(&played);
    assert_eq!(full.setups.len(), 2, "the referee's record holds both setups");
    assert_eq!(*full.referee.rules(), strategy_chess::StrategyChessRules::default());
}

#[test]
fn replay_refuses_what_is_not_a_record() {
    let dir = std::env::temp_dir().join(format!("boardsuite-replay-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("garbage", "this is not toml", "line 1"),
        (
            "game",
            "format = 1\ngame = \"chess\"\nkind = \"full\"\nresult = \"none\"\n",
            "line 2: `chess` is not a game",
        ),
        ("format", "format = 7\ngame = \"stones\"\nkind = \"full\"\nresult = \"none\"\n", "line 1: format 7"),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        let out = run(&["replay", path.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(expected), "{name}: {err}");
    }
    let out = run(&["replay", dir.join("missing.toml").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    std::fs::remove_dir_all(&dir).unwrap();
}
