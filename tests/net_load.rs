//! The load benchmark's driver: many concurrent bot games of the real
//! games on one server, or many idle connections.
//!
//! Not part of the normal test run (`#[ignore]`);
//! `shell/headless/benches/net-load.sh` starts the server in a process of
//! its own (this file's `load_server`) and runs a driver against it.
//!
//! `load_server` serves, with `ServerConfig::loopback()` (the defaults,
//! but no cap per address, as every client comes from 127.0.0.1), until
//! it is killed; it writes its address to the file `NET_LOAD_SERVE`
//! names, and does nothing without it.
//!
//! `idle_connections_hold` opens `NET_LOAD_IDLE` connections (default
//! 10,000) that say hello and then only ping, every 5 s for
//! `NET_LOAD_HOLD` seconds (default 30), and reports the server's memory.
//! It fails unless every connection is welcomed and every ping answered,
//! and the server's peak memory stays within `NET_LOAD_IDLE_MAX_MIB`
//! (default 300). With `NET_LOAD_IDLE_WS=1` the connections are
//! WebSockets (as a web page's are), one message a line.
//!
//! `concurrent_bot_games_all_finish` plays the games. Settings come from
//! the environment:
//! - `NET_LOAD_ADDR`: the server (default: an in-process server);
//! - `NET_LOAD_SERVER_PID`: its process, for its CPU time and peak memory;
//! - `NET_LOAD_GAMES`: concurrent games (default 300);
//! - `NET_LOAD_MIX`: the games, `,`-separated, dealt round-robin (default
//!   `stones,blockade,strategy-chess`; `nim` is there too);
//! - `NET_LOAD_MOVER`: `random` (default: sample the view, play a random
//!   legal move) or `level1` .. `level10` (the computer player of a level);
//! - `NET_LOAD_SET_STONES`, `NET_LOAD_SET_BLOCKADE`,
//!   `NET_LOAD_SET_STRATEGY_CHESS`, `NET_LOAD_SET_NIM`: rule options of
//!   each game, `;`-separated (default: the game's defaults; Nim six heaps
//!   of 9).
//!
//! Every bot is seated (and its setup sent, in Strategy Chess) before any
//! game plays; then all games play at once. Every game must finish by the
//! rules, with no refused command and every move confirmed to the bot that
//! played it (zero lost or wrongly refused moves), and both seats must
//! agree on the result and the ply count.

use game_core::{Observe, RuleSet};
use headless::net::bot::{
    Bot, BotConfig, BotError, BotReport, BotTable, MoveChooser, RandomMover, chooser_for_level,
    library_setup_at,
};
use headless::net::client::ClientConfig;
use headless::net::server::{ServerConfig, start};
use headless::protocol::Ending;
use headless::registry::Registered;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

fn env_or(key: &str, default: &str) -> String {
    std::env::var(key).unwrap_or_else(|_| default.to_string())
}

/// A number field of `/proc/PID/status` (`VmHWM`, `VmRSS`, `Threads`).
fn status_field(pid: &str, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.split(':').next() == Some(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn vm_hwm_kib(pid: &str) -> Option<u64> {
    status_field(pid, "VmHWM")
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or_else(|| "?".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0))
}

/// User plus system CPU time of a process, in seconds (100 ticks a second).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(|_| "?".into(), |l| l.trim().to_string())
}

fn bot_config<G: Registered>(seed: u64, level: u8) -> BotConfig {
    BotConfig {
        seed,
        library_setup: library_setup_at::<G>(level),
        timeout: Duration::from_secs(3600),
        client: ClientConfig { ping_interval: Duration::from_secs(30), ..ClientConfig::default() },
        ..BotConfig::default()
    }
}

/// How the bots choose their moves.
#[derive(Clone, Copy, Debug)]
enum Mover {
    Random,
    Level(u8),
}

impl Mover {
    fn from_env() -> Mover {
        let text = env_or("NET_LOAD_MOVER", "random");
        if text == "random" {
            return Mover::Random;
        }
        let level =
            text.strip_prefix("level").and_then(|n| n.parse::<u8>().ok()).filter(|n| (1..=10).contains(n));
        Mover::Level(
            level.unwrap_or_else(|| panic!("NET_LOAD_MOVER=`{text}`: expected random or level1..level10")),
        )
    }

    fn level(self) -> u8 {
        match self {
            Mover::Random => 1,
            Mover::Level(n) => n,
        }
    }

    fn chooser<G: Registered>(self) -> Box<dyn MoveChooser<G>> {
        match self {
            Mover::Random => Box::new(RandomMover),
            Mover::Level(n) => chooser_for_level::<G>(n),
        }
    }
}

type GameResult = (Result<BotReport, BotError>, Result<BotReport, BotError>);

/// The rules of `G` from `NET_LOAD_SET_<GAME>`.
fn rules_of<G: Observe>(default: &str) -> G::Rules {
    let key = format!("NET_LOAD_SET_{}", G::NAME.to_ascii_uppercase().replace('-', "_"));
    let text = env_or(&key, default);
    let settings: Vec<String> =
        text.split(';').filter(|s| !s.trim().is_empty()).map(str::to_string).collect();
    G::Rules::default().with_settings(&settings).unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// Starts one game on two threads: the creator and the joiner are seated,
/// then wait at `barrier` before they play.
fn spawn_game<G: Registered>(
    addr: String,
    rules: G::Rules,
    seed: u64,
    mover: Mover,
    barrier: Arc<Barrier>,
) -> JoinHandle<GameResult> {
    // The bots search on these threads at AI levels: give them room.
    let stack = 2 << 20;
    std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || {
            let level = mover.level();
            let creator = Bot::<G>::connect(
                &addr,
                BotTable::Create { rules, seat: None },
                bot_config::<G>(2 * seed, level),
            );
            let code = creator.as_ref().map(|bot| bot.code().to_string()).map_err(Clone::clone);
            let (addr2, barrier2) = (addr.clone(), Arc::clone(&barrier));
            let joiner = std::thread::Builder::new()
                .stack_size(stack)
                .spawn(move || {
                    let joiner = code.and_then(|code| {
                        Bot::<G>::connect(
                            &addr2,
                            BotTable::Join { code },
                            bot_config::<G>(2 * seed + 1, level),
                        )
                    });
                    barrier2.wait();
                    joiner?.play(mover.chooser::<G>().as_mut())
                })
                .expect("a thread");
            // Every bot is seated before any game plays.
            barrier.wait();
            let created = creator.and_then(|bot| bot.play(mover.chooser::<G>().as_mut()));
            let joined =
                joiner.join().unwrap_or_else(|_| Err(BotError::Closed("the joiner panicked".into())));
            (created, joined)
        })
        .expect("a thread")
}

#[test]
#[ignore = "a benchmark: run shell/headless/benches/net-load.sh"]
fn concurrent_bot_games_all_finish() {
    let games: usize = env_or("NET_LOAD_GAMES", "300").parse().expect("NET_LOAD_GAMES is a number");
    let mix: Vec<String> = env_or("NET_LOAD_MIX", "stones,blockade,strategy-chess")
        .split(',')
        .map(|s| s.trim().to_string())
        .collect();
    let mover = Mover::from_env();
    let local = match std::env::var("NET_LOAD_ADDR") {
        Ok(_) => None,
        Err(_) => Some(start(ServerConfig { max_connections: 10_000, ..ServerConfig::loopback() }).unwrap()),
    };
    let addr = local.as_ref().map_or_else(|| env_or("NET_LOAD_ADDR", ""), |s| s.addr().to_string());
    let server_pid = std::env::var("NET_LOAD_SERVER_PID").unwrap_or_else(|_| "self".into());

    // Every bot waits here once seated; so does this thread, then all
    // games play at once.
    let barrier = Arc::new(Barrier::new(2 * games + 1));
    let mut threads = Vec::new();
    let seating = Instant::now();
    for game in 0..games {
        let name = mix[game % mix.len()].as_str();
        let (addr, seed) = (addr.clone(), game as u64);
        let barrier = Arc::clone(&barrier);
        let handle = match name {
            "stones" => {
                spawn_game::<stones::Stones>(addr, rules_of::<stones::Stones>(""), seed, mover, barrier)
            }
            "blockade" => spawn_game::<blockade::Blockade>(
                addr,
                rules_of::<blockade::Blockade>(""),
                seed,
                mover,
                barrier,
            ),
            "strategy-chess" => spawn_game::<strategy_chess::StrategyChess>(
                addr,
                rules_of::<strategy_chess::StrategyChess>(""),
                seed,
                mover,
                barrier,
            ),
            "nim" => spawn_game::<game_core::nim::Nim>(
                addr,
                rules_of::<game_core::nim::Nim>("heaps=[9,9,9,9,9,9];max_take=2"),
                seed,
                mover,
                barrier,
            ),
            other => panic!("NET_LOAD_MIX: `{other}` is not stones, blockade, strategy-chess or nim"),
        };
        threads.push((name.to_string(), handle));
    }
    barrier.wait();
    let seated_in = seating.elapsed();
    let cpu_before = cpu_seconds(&server_pid);
    let memory_seated = vm_hwm_kib(&server_pid);
    let threads_seated = status_field(&server_pid, "Threads");
    let started = Instant::now();
    let results: Vec<(String, GameResult)> =
        threads.into_iter().map(|(name, t)| (name, t.join().expect("a game thread ran"))).collect();
    let elapsed = started.elapsed();
    let server_cpu = cpu_seconds(&server_pid).zip(cpu_before).map(|(after, before)| after - before);

    let mut plies = 0;
    let mut per_game: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (i, (name, (a, b))) in results.into_iter().enumerate() {
        match (a, b) {
            (Ok(a), Ok(b)) => {
                let fine = a.outcome == b.outcome
                    && a.ending == Ending::Rules
                    && a.plies == b.plies
                    && a.moves_played + b.moves_played == a.plies
                    && a.refusals.is_empty()
                    && b.refusals.is_empty();
                if !fine {
                    failures.push(format!("game {i} ({name}): {a:?} / {b:?}"));
                }
                plies += a.plies;
                let entry = per_game.entry(name).or_default();
                entry.0 += 1;
                entry.1 += a.plies;
            }
            (a, b) => failures.push(format!("game {i} ({name}): {:?} / {:?}", a.err(), b.err())),
        }
    }
    let secs = elapsed.as_secs_f64();
    println!(
        "games {games} concurrent ({}), movers {mover:?}, all seated in {:.2} s",
        mix.join(","),
        seated_in.as_secs_f64()
    );
    for (name, (count, game_plies)) in &per_game {
        println!(
            "  {name}: {count} games, {game_plies} plies ({:.0} a game)",
            *game_plies as f64 / *count as f64
        );
    }
    println!("plies {plies} in {secs:.2} s: {:.0} moves/s", plies as f64 / secs);
    if let Some(cpu) = server_cpu {
        println!(
            "server CPU {cpu:.2} s during play ({:.1} µs a move, {:.0}% of one core)",
            cpu * 1e6 / plies.max(1) as f64,
            cpu / secs * 100.0
        );
    }
    if let Some(server) = &local {
        println!("server stats: {:?}", server.stats());
    }
    if let Ok(pid) = std::env::var("NET_LOAD_SERVER_PID") {
        match vm_hwm_kib(&pid) {
            Some(kib) => println!(
                "server peak memory (VmHWM) {:.1} MiB ({:.1} MiB once all were seated); {} threads once seated",
                kib as f64 / 1024.0,
                memory_seated.unwrap_or(0) as f64 / 1024.0,
                threads_seated.map_or_else(|| "?".into(), |t| t.to_string())
            ),
            None => println!("server peak memory: /proc/{pid}/status unreadable"),
        }
    }
    if let Some(kib) = vm_hwm_kib("self") {
        println!("driver peak memory (VmHWM) {:.1} MiB", kib as f64 / 1024.0);
    }
    println!("load average at the end: {}", load_average());
    assert!(failures.is_empty(), "{} games went wrong:\n{}", failures.len(), failures.join("\n"));
    println!("failures 0: every game finished with zero lost or refused moves");
}

#[test]
#[ignore = "the benchmark's server: run shell/headless/benches/net-load.sh"]
fn load_server() {
    let Ok(file) = std::env::var("NET_LOAD_SERVE") else { return };
    let server = start(ServerConfig::loopback()).expect("the server starts");
    std::fs::write(&file, server.addr().to_string()).expect("the address file is writable");
    server.wait();
}

/// One idle client: it said hello and only pings. (One descriptor each,
/// so that 10,000 fit under the usual hard limit of open files.)
enum IdleClient {
    /// Lines on TCP.
    Lines(BufReader<TcpStream>),
    /// One WebSocket message a line.
    WebSocket(Box<tokio_tungstenite::tungstenite::WebSocket<TcpStream>>),
}

impl IdleClient {
    /// Connects (over a WebSocket if `websocket`) and says hello; the
    /// server's first line, or why none came.
    fn open(addr: &str, websocket: bool) -> Result<(IdleClient, String), String> {
        let stream = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
        stream.set_read_timeout(Some(Duration::from_secs(30))).map_err(|e| e.to_string())?;
        let mut client = if websocket {
            let (socket, _) = tokio_tungstenite::tungstenite::client(format!("ws://{addr}/"), stream)
                .map_err(|e| format!("handshake: {e}"))?;
            IdleClient::WebSocket(Box::new(socket))
        } else {
            IdleClient::Lines(BufReader::with_capacity(256, stream))
        };
        client.say(r#"{"type":"hello","protocol":1,"program":"net-load idle"}"#)?;
        let first = client.hear()?;
        Ok((client, first))
    }

    fn say(&mut self, line: &str) -> Result<(), String> {
        match self {
            IdleClient::Lines(reader) => {
                reader.get_mut().write_all(format!("{line}\n").as_bytes()).map_err(|e| format!("write: {e}"))
            }
            IdleClient::WebSocket(socket) => socket.send(line.into()).map_err(|e| format!("write: {e}")),
        }
    }

    fn hear(&mut self) -> Result<String, String> {
        match self {
            IdleClient::Lines(reader) => {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) => Err("closed".into()),
                    Ok(_) => Ok(line),
                    Err(e) => Err(format!("read: {e}")),
                }
            }
            IdleClient::WebSocket(socket) => loop {
                match socket.read().map_err(|e| format!("read: {e}"))? {
                    tokio_tungstenite::tungstenite::Message::Text(text) => return Ok(text.to_string()),
                    tokio_tungstenite::tungstenite::Message::Close(_) => return Err("closed".into()),
                    _ => {}
                }
            },
        }
    }
}

#[test]
#[ignore = "a benchmark: run IDLE=10000 shell/headless/benches/net-load.sh"]
fn idle_connections_hold() {
    let count: usize = env_or("NET_LOAD_IDLE", "10000").parse().expect("NET_LOAD_IDLE is a number");
    let hold: u64 = env_or("NET_LOAD_HOLD", "30").parse().expect("NET_LOAD_HOLD is seconds");
    let max_mib: f64 = env_or("NET_LOAD_IDLE_MAX_MIB", "300").parse().expect("NET_LOAD_IDLE_MAX_MIB is MiB");
    let addr = std::env::var("NET_LOAD_ADDR").expect("NET_LOAD_ADDR names the server");
    let pid = std::env::var("NET_LOAD_SERVER_PID").expect("NET_LOAD_SERVER_PID names the server");
    let websocket = env_or("NET_LOAD_IDLE_WS", "0") == "1";
    let rss_before = status_field(&pid, "VmRSS");

    let opening = Instant::now();
    let mut clients = Vec::with_capacity(count);
    let mut turned_away: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..count {
        match IdleClient::open(&addr, websocket) {
            Ok((client, first)) if first.contains(r#""type":"welcome""#) => clients.push(client),
            Ok((_, first)) => *turned_away.entry(first.trim().to_string()).or_default() += 1,
            Err(e) => *turned_away.entry(e).or_default() += 1,
        }
    }
    let opened_in = opening.elapsed();
    let rss_open = status_field(&pid, "VmRSS");
    let threads = status_field(&pid, "Threads");

    // Ping rounds: every client pings, then every pong is read.
    let mut rounds = 0u64;
    let mut lost = 0usize;
    let holding = Instant::now();
    while holding.elapsed() < Duration::from_secs(hold) {
        rounds += 1;
        let ping = format!(r#"{{"type":"ping","nonce":{rounds}}}"#);
        let pong = format!(r#""nonce":{rounds}"#);
        for client in &mut clients {
            if client.say(&ping).is_err() {
                lost += 1;
            }
        }
        for client in &mut clients {
            match client.hear() {
                Ok(line) if line.contains(r#""type":"pong""#) && line.contains(&pong) => {}
                _ => lost += 1,
            }
        }
        std::thread::sleep(Duration::from_secs(5).min(Duration::from_secs(hold)));
    }
    let rss_end = status_field(&pid, "VmRSS");
    let peak = vm_hwm_kib(&pid);
    let held = clients.len();
    let kind = if websocket { "WebSocket" } else { "line" };
    println!("idle {kind} connections: {held} of {count} welcomed in {:.2} s", opened_in.as_secs_f64());
    for (why, n) in &turned_away {
        println!("  {n} turned away: {why}");
    }
    println!("ping rounds {rounds} over {hold} s, unanswered pings {lost}");
    println!(
        "server RSS {} before, {} with all open, {} at the end; peak (VmHWM) {}; threads {}",
        mib(rss_before),
        mib(rss_open),
        mib(rss_end),
        mib(peak),
        threads.map_or_else(|| "?".into(), |t| t.to_string())
    );
    if let (Some(open), Some(before)) = (rss_open, rss_before) {
        println!("  {:.1} KiB a connection", open.saturating_sub(before) as f64 / held.max(1) as f64);
    }
    if let Some(kib) = vm_hwm_kib("self") {
        println!("driver peak memory (VmHWM) {:.1} MiB", kib as f64 / 1024.0);
    }
    assert_eq!(held, count, "every connection is welcomed");
    assert_eq!(lost, 0, "every ping is answered");
    let peak_mib = peak.expect("the server's /proc status is readable") as f64 / 1024.0;
    assert!(peak_mib <= max_mib, "server peak {peak_mib:.1} MiB is over {max_mib} MiB");
}
