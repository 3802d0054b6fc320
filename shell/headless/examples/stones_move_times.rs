//! The wall time of level 10's moves in Stones as the window plays them
//! (with the level's time cap, one player kept for the whole game),
//! against level 5. Prints the mean and the largest time a move, and how
//! many moves came from the book or a solve.
//!
//! ```text
//! cargo run --release -p headless --example stones_move_times -- GAMES [--set key=value ...]
//! ```
//!
//! Level 10 takes the first seat in even games; game `g` draws its
//! decisions from seed `g`.

#[path = "support/stones_rules.rs"]
mod stones_rules;
use ai::seeds::{Stream, derive};
use ai::{ComputerPlayer, Level};
use game_core::{Game, Observe, Solve};
use headless::registry::Registered;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use stones::Stones;
use stones_rules::rules_from;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(games) = args.first().and_then(|a| a.parse::<u64>().ok()) else {
        eprintln!("usage: stones_move_times GAMES [--set key=value ...]");
        return ExitCode::from(2);
    };
    let Some(rules) = rules_from(&args[1..]) else {
        return ExitCode::from(2);
    };
    let (mut total, mut longest, mut moves, mut exact) = (Duration::ZERO, Duration::ZERO, 0u32, 0u32);
    for game in 0..games {
        let ten_seat = (game % 2) as usize;
        let mut players = [
            ComputerPlayer::<Stones>::with_budget(Stones::budget(Level::MAX)),
            ComputerPlayer::with_budget(Stones::budget(Level::new(5).expect("a level")).reproducible()),
        ];
        if ten_seat == 1 {
            players.swap(0, 1);
        }
        let mut position = Stones::start(&rules, &[]).expect("a start");
        let mut ply = 0;
        while position.outcome().is_none() {
            let seat = position.to_move();
            let clock = Instant::now();
            let result = players[seat.index() & 1].choose_move(
                &position.view(seat),
                derive(game, Stream::Move, ply),
                None,
            );
            let spent = clock.elapsed();
            if seat.index() & 1 == ten_seat {
                total += spent;
                longest = longest.max(spent);
                moves += 1;
                // Book and solved moves come without an alpha-beta depth.
                exact += u32::from(result.stats.depth == 0);
                if result.stats.depth > 0 && std::env::var_os("MOVE_TIMES_SHOW").is_some() {
                    eprintln!(
                        "game {game} ply {ply}: searched, {} stones in play, {:.0} ms",
                        position.future_bound().unwrap_or(0),
                        spent.as_secs_f64() * 1e3
                    );
                }
            }
            position.play_unchecked(result.best_move.expect("a move"));
            ply += 1;
        }
    }
    println!(
        "level 10: {moves} moves, {exact} from the book or a solve, mean {:.0} ms, max {:.0} ms",
        total.as_secs_f64() * 1e3 / f64::from(moves.max(1)),
        longest.as_secs_f64() * 1e3
    );
    ExitCode::SUCCESS
}
