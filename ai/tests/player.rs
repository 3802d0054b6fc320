//! The computer player at its levels, and stopping searches from outside.

use ai::{
    AlphaBetaConfig, Budget, ComputerPlayer, EngineKind, Level, MctsConfig, SearchLimits, SolveError, Solver,
    SolverConfig, StopSignal,
};
use game_core::nim::{Nim, NimRules};
use game_core::{Game, Observe, Referee, Seat};
use std::time::{Duration, Instant};

/// Plays one game of Nim between two levels; returns the winner's level.
fn play(rules: &NimRules, first: Level, second: Level, seed: u64) -> Level {
    let mut referee = Referee::new(Nim::start(rules, &[]).unwrap());
    let mut players = [first, second].map(|level| {
        ComputerPlayer::<Nim>::with_budget(ai::levels::at(&ai::levels::DEFAULT_TABLE, level).reproducible())
    });
    while referee.finish().is_none() {
        let (seat, ply) = (referee.to_move(), referee.ply());
        let view = referee.view(seat);
        let seed = ai::seeds::derive(seed, ai::seeds::Stream::Move, ply as u64);
        let mv = players[seat.index()].choose_move(&view, seed, None).best_move.expect("the game is on");
        referee.submit(seat, ply, mv).expect("the AI plays legal moves");
    }
    let winner = referee.outcome().and_then(|o| o.winner).expect("Nim has no draws");
    if winner == Seat::FIRST { first } else { second }
}

#[test]
fn level_ten_beats_level_one_at_nim() {
    let rules = NimRules { heaps: vec![5, 6, 7], max_take: 3, free_turn: true };
    let (strong, weak) = (Level::MAX, Level::MIN);
    let games = 20;
    let wins = (0..games)
        .filter(|&g| {
            let (first, second) = if g % 2 == 0 { (strong, weak) } else { (weak, strong) };
            play(&rules, first, second, 1000 + g) == strong
        })
        .count();
    assert!(wins * 4 >= games as usize * 3, "level 10 won only {wins} of {games}");
}

fn unlimited(engine: EngineKind) -> Budget {
    Budget {
        engine,
        plan: ai::SamplePlan::SINGLE,
        depth: None,
        nodes: None,
        time: None,
        noise: 0.0,
        threads: 1,
        library_setup: true,
        exact: None,
    }
}

fn big_nim() -> Nim {
    // Without free turns and with small takes, no search proves it quickly.
    Nim::start(&NimRules { heaps: vec![9, 9, 9, 9, 9, 9], max_take: 3, free_turn: false }, &[]).unwrap()
}

/// Raises `stop` after `after` from another thread.
fn stop_later(stop: &StopSignal, after: Duration) -> std::thread::JoinHandle<()> {
    let stop = stop.clone();
    std::thread::spawn(move || {
        std::thread::sleep(after);
        stop.stop();
    })
}

#[test]
fn a_stop_signal_ends_every_engine_with_a_legal_move() {
    let position = big_nim();
    let engines = [
        EngineKind::AlphaBeta(AlphaBetaConfig { tt_mb: 4, ..AlphaBetaConfig::default() }),
        EngineKind::Mcts(MctsConfig::default()),
    ];
    for engine in engines {
        let stop = StopSignal::new();
        let clock = Instant::now();
        let helper = stop_later(&stop, Duration::from_millis(100));
        let mut player = ComputerPlayer::<Nim>::with_budget(unlimited(engine));
        let result = player.choose_move(&position.view(Seat::FIRST), 1, Some(&stop));
        helper.join().unwrap();
        assert!(clock.elapsed() < Duration::from_secs(5), "{engine:?} stopped late: {:?}", clock.elapsed());
        assert!(result.stats.stopped, "{engine:?}");
        assert!(position.check_move(result.best_move.unwrap()).is_ok(), "{engine:?}");
    }
}

#[test]
fn a_stop_signal_ends_the_solver() {
    let stop = StopSignal::new();
    let helper = stop_later(&stop, Duration::from_millis(100));
    let mut solver = Solver::new(SolverConfig { table_mb: 4, ..SolverConfig::default() });
    let clock = Instant::now();
    let result = solver.solve(&big_nim(), &SearchLimits::none().stop(stop));
    helper.join().unwrap();
    assert_eq!(result.unwrap_err(), SolveError::Stopped);
    assert!(clock.elapsed() < Duration::from_secs(5));
}

#[test]
fn node_limits_are_deterministic() {
    let position = big_nim();
    let budget =
        Budget { nodes: Some(30_000), ..unlimited(EngineKind::AlphaBeta(AlphaBetaConfig::default())) };
    let a = ComputerPlayer::<Nim>::with_budget(budget).choose_move(&position.view(Seat::FIRST), 3, None);
    let b = ComputerPlayer::<Nim>::with_budget(budget).choose_move(&position.view(Seat::FIRST), 3, None);
    assert!(a.stats.stopped && a.stats.nodes <= 30_001);
    assert_eq!(
        (a.best_move, a.value, a.stats.nodes, a.stats.depth),
        (b.best_move, b.value, b.stats.nodes, b.stats.depth)
    );
}

#[test]
fn setups_follow_the_level() {
    let weak = ComputerPlayer::<Nim>::with_budget(ai::levels::at(&ai::levels::DEFAULT_TABLE, Level::MIN));
    let strong = ComputerPlayer::<Nim>::with_budget(ai::levels::at(&ai::levels::DEFAULT_TABLE, Level::MAX));
    assert!(!weak.budget().library_setup && strong.budget().library_setup);
    // Nim has no setup phase; the call still works.
    weak.choose_setup(&NimRules::default(), Seat::FIRST, 1);
}
