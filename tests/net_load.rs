//! The load benchmark's driver: many concurrent bot games on one server.
//!
//! Not part of the normal test run (`#[ignore]`); `shell/benches/net-load.sh`
//! starts `boardsuite serve` and runs this against it. Settings come from
//! the environment:
//! - `NET_LOAD_ADDR`: the server (default: an in-process server);
//! - `NET_LOAD_SERVER_PID`: its process, for peak memory (VmHWM);
//! - `NET_LOAD_GAMES`: concurrent games (default 300);
//! - `NET_LOAD_SET`: Nim rule options, `;`-separated (default six heaps of 9).
//!
//! Every game must finish by the rules, with no refused move and every
//! move confirmed to its bot (zero lost or wrongly refused moves).

use game_core::RuleSet;
use game_core::nim::{Nim, NimRules};
use shell::net::bot::{Bot, BotConfig, BotReport, BotTable, RandomMover};
use shell::net::client::ClientConfig;
use shell::net::protocol::Ending;
use shell::net::server::{ServerConfig, start};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

fn env_or(key: &str, default: &str) -> String {
    std::env::var(key).unwrap_or_else(|_| default.to_string())
}

fn vm_hwm_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User plus system CPU time of a process, in seconds (100 ticks a second).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn bot_config(seed: u64) -> BotConfig {
    BotConfig {
        seed,
        timeout: Duration::from_secs(300),
        client: ClientConfig { ping_interval: Duration::from_secs(30), ..ClientConfig::default() },
        ..BotConfig::default()
    }
}

#[test]
#[ignore = "a benchmark: run shell/benches/net-load.sh"]
fn concurrent_bot_games_all_finish() {
    let games: usize = env_or("NET_LOAD_GAMES", "300").parse().expect("NET_LOAD_GAMES is a number");
    let settings: Vec<String> =
        env_or("NET_LOAD_SET", "heaps=[9,9,9,9,9,9];max_take=2").split(';').map(str::to_string).collect();
    let rules = NimRules::default().with_settings(&settings).expect("valid NET_LOAD_SET");
    let local = match std::env::var("NET_LOAD_ADDR") {
        Ok(_) => None,
        Err(_) => Some(start(ServerConfig { max_connections: 10_000, ..ServerConfig::loopback() }).unwrap()),
    };
    let addr = local.as_ref().map_or_else(|| env_or("NET_LOAD_ADDR", ""), |s| s.addr().to_string());

    // Seat every bot first, then let all games play at once.
    let barrier = Arc::new(Barrier::new(2 * games + 1));
    let mut threads = Vec::new();
    for game in 0..games as u64 {
        let (addr, rules, barrier) = (addr.clone(), rules.clone(), Arc::clone(&barrier));
        let spawned = std::thread::Builder::new().stack_size(256 * 1024).spawn(move || {
            let creator =
                Bot::<Nim>::connect(&addr, BotTable::Create { rules, seat: None }, bot_config(2 * game));
            let creator = creator.expect("the creator is seated");
            let code = creator.code().to_string();
            let (addr2, barrier2) = (addr.clone(), Arc::clone(&barrier));
            let joiner = std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || {
                    let joiner =
                        Bot::<Nim>::connect(&addr2, BotTable::Join { code }, bot_config(2 * game + 1))
                            .expect("the joiner is seated");
                    barrier2.wait();
                    joiner.play(&mut RandomMover)
                })
                .expect("a thread");
            barrier.wait();
            let created = creator.play(&mut RandomMover);
            let joined = joiner.join().expect("the joiner ran");
            (created, joined)
        });
        threads.push(spawned.expect("a thread"));
    }
    let server_pid = std::env::var("NET_LOAD_SERVER_PID").unwrap_or_else(|_| "self".into());
    barrier.wait();
    let cpu_before = cpu_seconds(&server_pid);
    let started = Instant::now();
    let results: Vec<(Result<BotReport, _>, Result<BotReport, _>)> =
        threads.into_iter().map(|t| t.join().expect("a game thread ran")).collect();
    let elapsed = started.elapsed();
    let server_cpu = cpu_seconds(&server_pid).zip(cpu_before).map(|(after, before)| after - before);

    let mut plies = 0;
    let mut failures = Vec::new();
    for (i, (a, b)) in results.into_iter().enumerate() {
        match (a, b) {
            (Ok(a), Ok(b)) => {
                let fine = a.outcome == b.outcome
                    && a.ending == Ending::Rules
                    && a.plies == b.plies
                    && a.moves_played + b.moves_played == a.plies
                    && a.refusals.is_empty()
                    && b.refusals.is_empty();
                if !fine {
                    failures.push(format!("game {i}: {a:?} / {b:?}"));
                }
                plies += a.plies;
            }
            (a, b) => failures.push(format!("game {i}: {:?} / {:?}", a.err(), b.err())),
        }
    }
    let secs = elapsed.as_secs_f64();
    println!("games {games} concurrent, all seated before play");
    println!("plies {plies} in {secs:.2} s: {:.0} moves/s", plies as f64 / secs);
    if let Some(cpu) = server_cpu {
        println!("server CPU {cpu:.2} s during play ({:.0} µs a move)", cpu * 1e6 / plies.max(1) as f64);
    }
    if let Some(server) = &local {
        println!("server stats: {:?}", server.stats());
    }
    if let Ok(pid) = std::env::var("NET_LOAD_SERVER_PID") {
        match vm_hwm_kib(&pid) {
            Some(kib) => println!("server peak memory (VmHWM) {:.1} MiB", kib as f64 / 1024.0),
            None => println!("server peak memory: /proc/{pid}/status unreadable"),
        }
    }
    if let Some(kib) = vm_hwm_kib("self") {
        println!("driver peak memory (VmHWM) {:.1} MiB", kib as f64 / 1024.0);
    }
    assert!(failures.is_empty(), "{} games went wrong:\n{}", failures.len(), failures.join("\n"));
    println!("failures 0: every game finished with zero lost or refused moves");
}
