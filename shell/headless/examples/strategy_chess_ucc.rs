//! A UCC 2012 bot (as `boardsuite ucc-bot`) whose computer player is a
//! study spec, so games against outside bots can be screened fast and, as
//! far as the opponent is deterministic, replayed.
//!
//! ```text
//! cargo run --release -p headless --example strategy_chess_ucc -- SPEC [--seed S]
//! ```
//!
//! SPEC is a level with changes after a colon, as in the other study
//! examples (`10:depth=4,samples=16,nodes=2m,extra=0`). The rules are the
//! manager's, changed by `BOARDSUITE_UCC_SET` as for `ucc-bot`; the 1.6 s
//! move deadline of `ucc-bot` still holds.
//!
//! On stderr it writes a line for every strike of an officer (Marshal to
//! Major) on an unknown piece: the ranks its beliefs give that piece and
//! the best root moves with their values. With `--every-move`, a line for
//! every move instead: the ply, the quiet plies, the move, whether it
//! strikes, and its value.

use ai::SearchResult;
use headless::cli::player::PlayerChoice;
use headless::cli::ucc::config::{BotConfig, combine, parse_env};
use headless::cli::ucc::run_with_budget;
use std::process::ExitCode;
use strategy_chess::{Move, Rank, Seen, StrategyChessView};

#[path = "support/strategy_chess_drawn.rs"]
mod drawn;
#[path = "support/strategy_chess_players.rs"]
#[allow(dead_code)]
mod players;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(spec) = args.first() else {
        eprintln!("usage: strategy_chess_ucc SPEC [--seed S] [--every-move]");
        return ExitCode::from(2);
    };
    let budget = match players::parse_budget(spec) {
        Ok(budget) => budget,
        Err(e) => {
            eprintln!("strategy_chess_ucc: {e}");
            return ExitCode::from(2);
        }
    };
    let seed = match args.iter().position(|a| a == "--seed").and_then(|i| args.get(i + 1)) {
        Some(text) => match text.parse() {
            Ok(seed) => seed,
            Err(_) => {
                eprintln!("strategy_chess_ucc: --seed `{text}` is not a whole number");
                return ExitCode::from(2);
            }
        },
        None => 1,
    };
    let level = ai::Level::new(10).map(PlayerChoice::Level).expect("10 is a level");
    // The rules as `ucc-bot` reads them; the spec and `--seed` give the rest.
    let rules = match parse_env(|key| std::env::var(key).ok()).and_then(|env| combine(&[env])) {
        Ok(config) => config.rules,
        Err(e) => {
            eprintln!("strategy_chess_ucc: {e}");
            return ExitCode::from(2);
        }
    };
    let config = BotConfig { rules, level, seed };
    let every_move = args.iter().any(|a| a == "--every-move");
    let mut inspect = |view: &StrategyChessView, result: &SearchResult<Move>| {
        if every_move { each_move(view, result) } else { officer_strike(view, result) }
    };
    let result = run_with_budget(budget, &mut inspect, &config);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("strategy_chess_ucc: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Reports the chosen move if it is an officer's strike on an unknown piece.
fn officer_strike(view: &StrategyChessView, result: &SearchResult<Move>) {
    let Some(mv) = result.best_move else { return };
    let (Seen::Piece(striker), Seen::Piece(target)) = (view.seen(mv.from), view.seen(mv.to)) else {
        return;
    };
    let Some(rank @ (Rank::Marshal | Rank::General | Rank::Colonel | Rank::Major)) = striker.rank else {
        return;
    };
    if target.known_rank().is_some() {
        return;
    }
    let enemy = view.viewer().opponent();
    let unmoved = view
        .squares()
        .filter(|(_, seen)| matches!(seen, Seen::Piece(p) if p.colour == enemy && !p.facts.moved))
        .count();
    let best: Vec<String> =
        result.root_moves.iter().take(4).map(|r| format!("{}-{} {}", r.mv.from, r.mv.to, r.value)).collect();
    eprintln!(
        "ply {}: {rank} strikes {} ({}, {unmoved} enemy unmoved, {} Bombs left); drawn: {}; best: {}",
        view.plies(),
        mv.to,
        if target.facts.moved { "moved" } else { "unmoved" },
        view.remaining(enemy)[Rank::Bomb.index()],
        drawn::drawn_ranks(view, mv.to, u64::from(view.plies())),
        best.join(", ")
    );
}

/// Reports every move: ply, quiet plies, the move, whether it strikes, its value.
fn each_move(view: &StrategyChessView, result: &SearchResult<Move>) {
    let Some(mv) = result.best_move else { return };
    let strike = matches!(view.seen(mv.to), Seen::Piece(_));
    eprintln!(
        "ply {} quiet {} move {}-{} {} value {}",
        view.plies(),
        view.quiet_plies(),
        mv.from,
        mv.to,
        if strike { "strike" } else { "quiet" },
        result.value
    );
}
