//! How far into a Stones game a live solve reaches: plays level-5 games
//! against themselves and, at every position, solves it with a fresh
//! solver set up as level 10's ([`ai::ExactPlay`]), without a node cap.
//! Prints one line per position: ply, stones in the piles, solver nodes
//! and milliseconds. The tool the level-10 settings and the book's depth
//! were chosen with. The solves use level 10's wide endgame table
//! ([`headless::registry::stones::wide_endgame`]); `REACH_ENDGAME_MB=N`
//! gives them instead a table of at most N MB, built at the first solve as
//! level 10's small one is.
//!
//! ```text
//! cargo run --release -p headless --example stones_solve_reach -- GAMES MAX_NODES [--set key=value ...]
//! ```
//!
//! A solve that passes MAX_NODES is reported as `over` and the rest of
//! that game's positions before the first solvable one are skipped.

#[path = "support/stones_rules.rs"]
mod stones_rules;
use ai::levels::Level;
use ai::seeds::{Stream, derive};
use ai::{ComputerPlayer, SearchLimits, Solver, SolverConfig};
use game_core::{Game, Observe, Solve};
use headless::registry::Registered;
use headless::registry::stones::wide_endgame;
use std::process::ExitCode;
use stones::Stones;
use stones_rules::rules_from;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(games), Some(max_nodes)) =
        (args.first().and_then(|a| a.parse::<u64>().ok()), args.get(1).and_then(|a| a.parse::<u64>().ok()))
    else {
        eprintln!("usage: stones_solve_reach GAMES MAX_NODES [--set key=value ...]");
        return ExitCode::from(2);
    };
    let Some(rules) = rules_from(&args[2..]) else {
        return ExitCode::from(2);
    };
    let exact = Stones::budget(Level::MAX).exact.expect("level 10 plays exactly");
    let five = Stones::budget(Level::new(5).expect("a level")).reproducible();
    // One endgame table for every solve: level 10's wide one, or with
    // REACH_ENDGAME_MB one of that many MB built at the first solve.
    let endgame_mb = std::env::var("REACH_ENDGAME_MB").ok().and_then(|v| v.parse().ok());
    let mut endgame = match endgame_mb {
        Some(_) => None,
        None => wide_endgame(&Stones::start(&rules, &[]).expect("a start"), true),
    };
    let endgame_mb = endgame_mb.unwrap_or(exact.endgame_mb);
    for game in 0..games {
        let mut position = Stones::start(&rules, &[]).expect("a start");
        let mut players = [ComputerPlayer::<Stones>::with_budget(five), ComputerPlayer::with_budget(five)];
        let mut ply = 0u64;
        while position.outcome().is_none() {
            let mut solver = Solver::<Stones>::new(SolverConfig {
                table_mb: exact.table_mb,
                endgame_mb,
                ..SolverConfig::default()
            });
            if let Some(table) = &endgame {
                solver = solver.with_endgame(std::sync::Arc::clone(table));
            }
            let stones = position.future_bound().unwrap_or(0);
            match solver.solve(&position, &SearchLimits::none().nodes(max_nodes)) {
                Ok(solution) => println!(
                    "game {game} ply {ply} stones {stones} nodes {} ms {:.0}",
                    solution.stats.nodes,
                    solution.stats.elapsed.as_secs_f64() * 1e3
                ),
                Err(_) => println!("game {game} ply {ply} stones {stones} over"),
            }
            endgame = endgame.or_else(|| solver.endgame());
            let seat = position.to_move();
            let seed = derive(derive(u64::from(game as u32), Stream::Game, 0), Stream::Move, ply);
            let mv = players[seat.index() & 1].choose_move(&position.view(seat), seed, None).best_move;
            position.play_unchecked(mv.expect("a move"));
            ply += 1;
        }
    }
    ExitCode::SUCCESS
}
