//! How well the Strategy Chess beliefs predict the enemy's hidden ranks:
//! the mean log-likelihood of the true ranks under each belief model,
//! against the hard facts alone (every consistent army equally likely).
//!
//! ```text
//! cargo run --release -p headless --example strategy_chess_beliefs -- [--games N] [--seed S]
//!     [--players A/B] [--generated] [--every K] [--draws D] [--only-a]
//! ```
//!
//! Games are played by players A and B (`--players A/B`, default `6/6`: levels, with changes
//! after a colon, or sparring styles such as `sparring:defender`; noisy
//! levels vary the games). Every K plies (default 10), the side to move's
//! view is taken and, for each unknown enemy piece, each model's
//! probability of the piece's true rank is estimated from D sampled armies
//! (default 200), smoothed as `(count + 0.5) / (D + 6)` alike for every
//! model. `--generated` sets both armies up with generated setups instead
//! of library ones (the setup prior was counted from the library, so
//! library games flatter it). The table gives, per model, the mean
//! log-likelihood per piece (nats) and its gain over the hard facts, for
//! all unknown pieces, the unmoved ones, and those whose truth is a Bomb or
//! the Flag, the Spy or the Marshal. `--only-a` scores only A's views
//! (A plays the first seat), such as level 10's beliefs about a sparring
//! style's army.

use ai::seeds::{Stream, derive};
use game_core::rng::seeded;
use game_core::{Game, Referee, Seat};
use std::process::ExitCode;
use strategy_chess::beliefs::{Behaviour, BeliefModel, Beliefs};
use strategy_chess::sampler::sample;
use strategy_chess::{Rank, Seen, StrategyChess, StrategyChessRules};

#[path = "support/strategy_chess_players.rs"]
mod players;
use players::{Player, parse_player};

/// The models compared, by name.
fn models() -> Vec<(String, BeliefModel)> {
    let none = BeliefModel::UNIFORM;
    let full = BeliefModel::DEFAULT;
    let b = full.behaviour;
    let only = |behaviour: Behaviour| BeliefModel { behaviour, ..none };
    let mut models = vec![("hard facts".to_string(), none)];
    for strength in [0.5, 1.0] {
        models.push((format!("setup prior ^{strength}"), BeliefModel { setup_prior: strength, ..none }));
    }
    models.push((
        "approach".into(),
        only(Behaviour { approach: b.approach, learn_approach: b.learn_approach, ..Behaviour::NONE }),
    ));
    models.push((
        "hunt the Marshal".into(),
        only(Behaviour { hunt_marshal: b.hunt_marshal, ..Behaviour::NONE }),
    ));
    models.push(("flee".into(), only(Behaviour { flee: b.flee, ..Behaviour::NONE })));
    models.push(("stand".into(), only(Behaviour { stand: 1.5, ..Behaviour::NONE })));
    for idle in [1.005, 1.01] {
        models.push((format!("idle {idle}"), only(Behaviour { idle, ..Behaviour::NONE })));
    }
    for guard in [3.0, 8.0] {
        models.push((format!("flag guard {guard}"), BeliefModel { flag_guard: guard, ..none }));
    }
    models.push((
        "Spy near the Marshal".into(),
        BeliefModel { spy_near_marshal: full.spy_near_marshal, ..none },
    ));
    models.push(("Spy by the General".into(), BeliefModel { spy_by_general: full.spy_by_general, ..none }));
    models.push(("all (default)".into(), full));
    models.push(("all but the Spy by the General".into(), BeliefModel { spy_by_general: 1.0, ..full }));
    models.push(("all, flag guard 8".into(), BeliefModel { flag_guard: 8.0, ..full }));
    models.push(("all, setup prior ^1".into(), BeliefModel { setup_prior: 1.0, ..full }));
    models
}

#[derive(Clone, Copy, Default)]
struct Tally {
    all: (f64, u64),
    unmoved: (f64, u64),
    fixed: (f64, u64),
    flag: (f64, u64),
    spy: (f64, u64),
    marshal: (f64, u64),
}

fn add(slot: &mut (f64, u64), ll: f64) {
    slot.0 += ll;
    slot.1 += 1;
}

fn mean(slot: (f64, u64)) -> f64 {
    slot.0 / slot.1.max(1) as f64
}

struct Args {
    games: u64,
    seed: u64,
    players: [String; 2],
    generated: bool,
    every: usize,
    draws: u64,
    only_a: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 20,
        seed: 1,
        players: ["6".into(), "6".into()],
        generated: false,
        every: 10,
        draws: 200,
        only_a: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{arg} needs a value"));
        let int = |v: String| v.parse::<u64>().map_err(|_| format!("`{v}` is not a number"));
        match arg.as_str() {
            "--games" => args.games = int(value()?)?,
            "--seed" => args.seed = int(value()?)?,
            "--every" => args.every = int(value()?)?.max(1) as usize,
            "--draws" => args.draws = int(value()?)?.max(1),
            "--generated" => args.generated = true,
            "--only-a" => args.only_a = true,
            "--players" => {
                let v = value()?;
                let (a, b) = v.split_once('/').or_else(|| v.split_once(',')).ok_or("--players A/B")?;
                args.players = [a.to_string(), b.to_string()];
            }
            "--bench" => {}
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(args)
}

fn run(args: &Args) -> Result<(), String> {
    let rules = StrategyChessRules::default();
    let models = models();
    let mut tallies = vec![Tally::default(); models.len()];
    let mut views = 0;
    for game in 0..args.games {
        let seed = args.seed + game;
        let mut players = Vec::new();
        for spec in &args.players {
            let mut player = parse_player(spec)?;
            if let Player::Computer(budget) = &mut player {
                budget.library_setup = !args.generated;
            }
            players.push(player.make());
        }
        let setups: Vec<_> = (0..2)
            .map(|s| players[s].choose_setup(&rules, Seat(s as u8), derive(seed, Stream::Setup, s as u64)))
            .collect();
        let start = StrategyChess::start(&rules, &setups).map_err(|e| e.to_string())?;
        let mut referee = Referee::new(start);
        while referee.finish().is_none() {
            let (seat, ply) = (referee.to_move(), referee.ply());
            let view = referee.view(seat);
            if ply % args.every == 0 && ply > 0 && (!args.only_a || seat == Seat::FIRST) {
                views += 1;
                let truth = referee.position();
                for (m, (_, model)) in models.iter().enumerate() {
                    let beliefs = Beliefs::of(&view, model);
                    let mut counts = vec![[0u64; 12]; beliefs.pieces.len()];
                    for d in 0..args.draws {
                        let drawn = sample(
                            &view,
                            &beliefs,
                            &mut seeded(derive(seed, Stream::Sample, d ^ (ply as u64) << 20)),
                        );
                        for (i, belief) in beliefs.pieces.iter().enumerate() {
                            if let Some(piece) = drawn.piece(belief.square) {
                                counts[i][piece.rank.index()] += 1;
                            }
                        }
                    }
                    for (i, belief) in beliefs.pieces.iter().enumerate() {
                        let Some(real) = truth.piece(belief.square) else { continue };
                        let p = (counts[i][real.rank.index()] as f64 + 0.5) / (args.draws as f64 + 6.0);
                        let ll = p.ln();
                        add(&mut tallies[m].all, ll);
                        if let Seen::Piece(seen) = view.seen(belief.square)
                            && !seen.facts.moved
                        {
                            add(&mut tallies[m].unmoved, ll);
                        }
                        if matches!(real.rank, Rank::Bomb | Rank::Flag) {
                            add(&mut tallies[m].fixed, ll);
                        }
                        if real.rank == Rank::Flag {
                            add(&mut tallies[m].flag, ll);
                        }
                        if real.rank == Rank::Spy {
                            add(&mut tallies[m].spy, ll);
                        }
                        if real.rank == Rank::Marshal {
                            add(&mut tallies[m].marshal, ll);
                        }
                    }
                }
            }
            let decision = players[seat.index()].choose_move(&view, derive(seed, Stream::Move, ply as u64));
            let mv = decision.mv.ok_or("no move")?;
            referee.submit(seat, ply, mv).map_err(|e| e.to_string())?;
        }
    }
    let base = tallies[0];
    println!(
        "{} games, {} against {}, {} setups, {} views, {} unknown pieces scored",
        args.games,
        args.players[0],
        args.players[1],
        if args.generated { "generated" } else { "library" },
        views,
        base.all.1
    );
    println!(
        "| model | all pieces | gain | unmoved | gain | Bombs and Flag | gain | Flag | gain | Spy | gain | Marshal | gain |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for ((name, _), t) in models.iter().zip(&tallies) {
        println!(
            "| {name} | {:.3} | {:+.3} | {:.3} | {:+.3} | {:.3} | {:+.3} | {:.3} | {:+.3} | {:.3} | {:+.3} | {:.3} | {:+.3} |",
            mean(t.all),
            mean(t.all) - mean(base.all),
            mean(t.unmoved),
            mean(t.unmoved) - mean(base.unmoved),
            mean(t.fixed),
            mean(t.fixed) - mean(base.fixed),
            mean(t.flag),
            mean(t.flag) - mean(base.flag),
            mean(t.spy),
            mean(t.spy) - mean(base.spy),
            mean(t.marshal),
            mean(t.marshal) - mean(base.marshal),
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    match parse_args().and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("strategy_chess_beliefs: {e}");
            ExitCode::from(2)
        }
    }
}
