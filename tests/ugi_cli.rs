//! `boardsuite ugi`: scripted UGI sessions on the real binary, and two
//! engines playing each other through a small runner.

mod protocol_support;

use blockade::Blockade;
use game_core::{Game, RuleSet, Seat};
use protocol_support::Process;
use std::time::{Duration, Instant};
use stones::Stones;

fn handshake(engine: &mut Process, keys: &[&str]) {
    engine.send("ugi");
    let lines = engine.until("ugiok");
    assert_eq!(lines[0], format!("id name boardsuite {}", env!("CARGO_PKG_VERSION")));
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for key in keys.iter().chain(&["level"]) {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {key} type "))), "{key}: {lines:?}");
    }
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
}

fn query(engine: &mut Process, what: &str) -> String {
    engine.send(&format!("query {what}"));
    let line = engine.line();
    line.strip_prefix("response ").unwrap_or_else(|| panic!("`{line}` is not a response")).to_string()
}

/// `go ...` until `bestmove`: the info lines and the move.
fn go(engine: &mut Process, limits: &str) -> (Vec<String>, String) {
    engine.send(&format!("go {limits}"));
    let mut lines = engine.until("bestmove ");
    let best = lines.pop().unwrap().trim_start_matches("bestmove ").to_string();
    (lines, best)
}

fn check_info(lines: &[String], depth: u32) {
    assert!(!lines.is_empty());
    for (i, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(&words[..2], ["info", "depth"], "{line}");
        assert_eq!(words[2], (i + 1).to_string(), "one line per depth: {line}");
        assert_eq!(words[3], "score");
        assert!(words[4].parse::<i64>().is_ok(), "{line}");
        assert_eq!((words[5], words[7], words[9]), ("nodes", "nps", "pv"), "{line}");
        assert!(words[6].parse::<u64>().is_ok() && words[8].parse::<u64>().is_ok(), "{line}");
    }
    assert!(lines.last().unwrap().contains(&format!("depth {depth} ")), "{lines:?}");
}

fn garbage(engine: &mut Process) {
    for line in [
        "hello",
        "go ponder",
        "position fen",
        "setoption name nonsense value 3",
        "query score",
        "position startpos moves zz",
        "setoption name level value 0",
    ] {
        engine.send(line);
        let reply = engine.line();
        assert!(reply.starts_with("info string error "), "`{line}` → `{reply}`");
    }
    engine.send_bytes(b"\xff\xfe go\n");
    assert!(engine.line().starts_with("info string error "));
    // A line of 3 MiB is skipped whole, and reported.
    let mut huge = vec![b'7'; 3 << 20];
    huge.push(b'\n');
    engine.send_bytes(&huge);
    let reply = engine.line();
    assert!(reply.starts_with("info string error a line of 3145728 bytes"), "{reply}");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok", "still reading after garbage");
}

fn stop_during_infinite(engine: &mut Process) {
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let mut lines = engine.until("readyok");
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "infinite waits for stop: {lines:?}");
    engine.send("position startpos moves 1");
    lines = engine.until("info string error");
    assert!(lines.last().unwrap().contains("send stop first"), "{lines:?}");
    let sent = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove ");
    assert!(sent.elapsed() < Duration::from_secs(3), "stop answers at once");
    assert_ne!(lines.last().unwrap(), "bestmove (none)");
}

#[test]
fn stones_session() {
    let mut engine = Process::start(&["ugi", "stones"], &[]);
    handshake(&mut engine, &["pits", "stones", "sowing", "empty_capture", "end_sweep"]);
    engine.send("uginewgame");
    // Pile 4 of four stones ends in the store: a free turn, Player One again.
    engine.send("position startpos moves 4");
    assert_eq!(query(&mut engine, "p1turn"), "true");
    engine.send("position startpos moves 4 1");
    assert_eq!(query(&mut engine, "p1turn"), "false");
    assert_eq!(query(&mut engine, "gameover"), "false");
    assert_eq!(query(&mut engine, "result"), "none");

    let (info, best) = go(&mut engine, "depth 4");
    check_info(&info, 4);
    let mut position = Stones::start(&Default::default(), &[]).unwrap();
    for mv in ["4", "1"] {
        position.play(position.parse_move(mv).unwrap());
    }
    let mv = position.parse_move(&best).unwrap();
    assert!(position.check_move(mv).is_ok(), "bestmove {best} is legal");

    // A fen with spaces runs up to `moves`.
    let fen = position.format_position();
    engine.send(&format!("position fen {fen} moves {best}"));
    position.play(mv);
    assert_eq!(query(&mut engine, "p1turn"), (position.to_move() == Seat::FIRST).to_string());

    // A finished game.
    engine.send("position fen 0 0 0 0 0 0 [30] / 0 0 0 0 0 0 [18] : second");
    assert_eq!(query(&mut engine, "gameover"), "true");
    assert_eq!(query(&mut engine, "result"), "p1win");
    let (_, best) = go(&mut engine, "depth 2");
    assert_eq!(best, "(none)");

    // Rules by option: five piles of three.
    engine.send("setoption name pits value 5");
    engine.send("setoption name stones value 3");
    engine.send("position startpos moves 3");
    assert_eq!(query(&mut engine, "p1turn"), "true", "3 stones from pile 3 of 5 end in the store");

    garbage(&mut engine);
    stop_during_infinite(&mut engine);
    engine.send("quit");
    let (success, stderr) = engine.finish();
    assert!(success, "{stderr}");
}

#[test]
fn blockade_session() {
    let mut engine = Process::start(&["ugi", "blockade", "--set", "size=6"], &[]);
    handshake(&mut engine, &["size", "start", "capture"]);
    let rules = blockade::BlockadeRules::default().with_settings(&["size=6"]).unwrap();
    let mut position = Blockade::start(&rules, &[]).unwrap();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let first = position.format_move(moves[0]);
    position.play(moves[0]);
    engine.send(&format!("position startpos moves {first}"));
    assert_eq!(query(&mut engine, "p1turn"), "false");
    let (info, best) = go(&mut engine, "depth 3");
    check_info(&info, 3);
    assert!(position.check_move(position.parse_move(&best).unwrap()).is_ok(), "{best}");
    engine.send(&format!("position fen {} moves {best}", position.format_position()));
    assert_eq!(query(&mut engine, "p1turn"), "true");
    let (_, best) = go(&mut engine, "movetime 200");
    assert!(!best.is_empty() && best != "(none)");
    let (_, best) = go(&mut engine, "nodes 500");
    assert!(!best.is_empty() && best != "(none)");
    engine.send("position startpos moves a1");
    assert!(engine.line().starts_with("info string error move 1 `a1`"));
    garbage(&mut engine);
    stop_during_infinite(&mut engine);
    engine.send("quit");
    assert!(engine.finish().0);
}

#[test]
fn strategy_chess_is_refused_with_the_reason() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_boardsuite"))
        .args(["ugi", "strategy-chess"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("hides its pieces") && stderr.contains("ucc-bot"), "{stderr}");
}

/// Plays one game between two engines the way cutegames does: it asks whose
/// turn it is, sends the moves so far and a clock, and checks every move
/// with our own referee.
fn play_match<G: Game>(args: &[&str], rules: &G::Rules) -> (G, usize) {
    let mut engines = [Process::start(args, &[]), Process::start(args, &[])];
    for engine in &mut engines {
        engine.send("ugi");
        engine.until("ugiok");
        engine.send("uginewgame");
    }
    let mut referee = G::start(rules, &[]).unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [5_000u64, 5_000u64];
    loop {
        let who = usize::from(query(&mut engines[0], "p1turn") != "true");
        if query(&mut engines[0], "gameover") == "true" {
            assert!(referee.outcome().is_some(), "the engine and the referee agree the game is over");
            let expected = match referee.outcome().unwrap().winner {
                None => "draw",
                Some(Seat::FIRST) => "p1win",
                Some(_) => "p2win",
            };
            assert_eq!(query(&mut engines[1], "result"), expected);
            break;
        }
        assert_eq!(referee.to_move().index(), who, "the engine knows whose turn it is");
        let engine = &mut engines[who];
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        let started = Instant::now();
        let (_, best) = go(engine, &format!("p1time {} p2time {} p1inc 10 p2inc 10", clocks[0], clocks[1]));
        let spent = started.elapsed().as_millis() as u64;
        clocks[who] = (clocks[who] + 10).saturating_sub(spent);
        let mv = referee.parse_move(&best).unwrap_or_else(|e| panic!("`{best}`: {e}"));
        referee.try_play(mv).unwrap_or_else(|e| panic!("`{best}` after {moves:?}: {e}"));
        moves.push(best);
        engines[0].send(&format!("position startpos moves {}", moves.join(" ")));
        engines[1].send(&format!("position startpos moves {}", moves.join(" ")));
        assert!(moves.len() < 2_000, "the game ends");
    }
    for mut engine in engines {
        engine.send("quit");
        assert!(engine.finish().0);
    }
    (referee, moves.len())
}

#[test]
fn two_engines_play_stones_to_the_end() {
    let rules = stones::StonesRules::default().with_settings(&["pits=4", "stones=3"]).unwrap();
    let (end, plies) =
        play_match::<Stones>(&["ugi", "stones", "--set", "pits=4", "--set", "stones=3"], &rules);
    assert!(end.outcome().is_some() && plies > 3);
}

#[test]
fn two_engines_play_blockade_to_the_end() {
    let rules = blockade::BlockadeRules::default().with_settings(&["size=5"]).unwrap();
    let (end, plies) = play_match::<Blockade>(&["ugi", "blockade", "--set", "size=5"], &rules);
    assert!(end.outcome().is_some() && plies > 3);
}
