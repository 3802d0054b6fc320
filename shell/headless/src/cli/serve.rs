//! `boardsuite serve [--port P] [--bind ADDR] [--grace SECS] [--write-timeout SECS] [--records DIR]`
//!
//! Runs the headless referee server until the process is stopped. Its
//! first line is `listening on ADDR` (with the real port, so `--port 0`
//! can be used by scripts and tests).

use super::ServeArgs;
use crate::failure::{CommandResult, Failure};
use crate::net::server::{ServerConfig, start};
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

/// Starts the server and serves until the process ends.
pub fn run(args: &ServeArgs) -> CommandResult {
    let ip: IpAddr =
        args.bind.parse().map_err(|_| Failure::usage(format!("--bind {}: not an IP address", args.bind)))?;
    let grace = Duration::try_from_secs_f64(args.grace)
        .ok()
        .filter(|g| *g <= Duration::from_secs(86_400))
        .ok_or_else(|| Failure::usage(format!("--grace {}: expected 0 to 86400 seconds", args.grace)))?;
    let write_timeout = Duration::try_from_secs_f64(args.write_timeout)
        .ok()
        .filter(|t| (Duration::from_millis(10)..=Duration::from_secs(3600)).contains(t))
        .ok_or_else(|| {
            Failure::usage(format!("--write-timeout {}: expected 0.01 to 3600 seconds", args.write_timeout))
        })?;
    let config = ServerConfig {
        bind: SocketAddr::new(ip, args.port),
        grace,
        write_timeout,
        record_dir: args.records.clone(),
        ..ServerConfig::default()
    };
    if let Some(dir) = &config.record_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::runtime(format!("cannot create {}: {e}", dir.display())))?;
    }
    let server =
        start(config).map_err(|e| Failure::runtime(format!("cannot listen on {ip}:{}: {e}", args.port)))?;
    println!("listening on {}", server.addr());
    let _ = std::io::stdout().flush();
    server.wait();
    Ok(())
}
