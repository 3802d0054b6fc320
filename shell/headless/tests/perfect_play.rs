//! Level 10 plays perfectly where the registry says it does: over
//! positions sampled from level-5 games, its move has the best exact value
//! (as `boardsuite solve --each` gives it), and the shipped book's entries
//! are what the solver finds.
//!
//! The quick tests use boards small enough for a debug build; the
//! `#[ignore]`d ones take the boards people play (release build:
//! `cargo test --release -p headless --test perfect_play -- --ignored`).

use ai::exact::{PerfectPlay, Solving};
use ai::seeds::{Stream, derive};
use ai::{ComputerPlayer, Level, SearchLimits, Solver, SolverConfig};
use game_core::{Game, Observe, RuleSet, Seat, Solve};
use headless::registry::stones::{PERFECT, book, wide_endgame};
use headless::registry::{GameKind, Registered};
use std::sync::Arc;
use stones::{Stones, StonesEndgame, StonesRules};

/// Every position of `games` level-5 games (each seat level 5, node caps
/// only), the positions of game `g` from seed `seed + g`.
fn level_five_positions(rules: &StonesRules, games: u64, seed: u64) -> Vec<Stones> {
    let five = Stones::budget(Level::new(5).unwrap()).reproducible();
    let mut positions = Vec::new();
    for game in 0..games {
        let mut position = Stones::start(rules, &[]).unwrap();
        let mut players = [ComputerPlayer::<Stones>::with_budget(five), ComputerPlayer::with_budget(five)];
        let mut ply = 0;
        while position.outcome().is_none() {
            positions.push(position.clone());
            let seat = position.to_move();
            let seed = derive(seed + game, Stream::Move, ply);
            let mv =
                players[seat.index() & 1].choose_move(&position.view(seat), seed, None).best_move.unwrap();
            position.play_unchecked(mv);
            ply += 1;
        }
    }
    positions
}

/// The exact value of every legal move of `position` for its mover, as
/// `solve --each` gives them.
fn move_values(solver: &mut Solver<Stones>, position: &Stones) -> Vec<(stones::Sow, i64)> {
    solver.move_values(position, &SearchLimits::none()).unwrap()
}

/// Checks level 10's move on every `every`-th position of `games` level-5
/// games under `settings`; returns how many were checked.
fn level_ten_is_perfect(settings: &[&str], games: u64, every: usize) -> usize {
    let rules = StonesRules::default().with_settings(settings).unwrap();
    let values = GameKind::Stones.entry().rules.defaults().into_iter().chain(rules_table(&rules)).collect();
    assert!(
        GameKind::Stones.entry().plays_perfectly(Level::MAX, &values),
        "{settings:?}: the registry says so"
    );
    let mut solver = Solver::<Stones>::new(SolverConfig { table_mb: 16, ..SolverConfig::default() });
    let positions = level_five_positions(&rules, games, 11);
    let mut checked = 0;
    for position in positions.iter().step_by(every) {
        // A fresh player: the solve must fit without what earlier moves
        // taught it.
        let budget = Stones::budget(Level::MAX).reproducible();
        let mut player = ComputerPlayer::<Stones>::with_budget(budget);
        let chosen = player.choose_move(&position.view(position.to_move()), 5, None).best_move.unwrap();
        let values = move_values(&mut solver, position);
        let best = values.iter().map(|&(_, v)| v).max().unwrap();
        let value = values.iter().find(|&&(mv, _)| mv == chosen).unwrap().1;
        assert_eq!(
            value,
            best,
            "{settings:?} {}: level 10 chose {chosen:?}, values {values:?}",
            position.format_position()
        );
        checked += 1;
    }
    checked
}

/// The rules as a TOML table.
fn rules_table(rules: &StonesRules) -> toml::Table {
    rules.to_table()
}

#[test]
fn level_ten_plays_perfectly_on_small_boards() {
    for settings in [
        &["sowing=kalah", "pits=4", "stones=3"][..],
        &["sowing=kalah", "pits=4", "stones=3", "empty_capture=true"],
        &["pits=4", "stones=3"],
        &["sowing=kalah", "pits=6", "stones=2"],
    ] {
        assert!(level_ten_is_perfect(settings, 1, 3) >= 4, "{settings:?}");
    }
}

#[test]
#[ignore = "a minute in release: the boards people play"]
fn level_ten_plays_perfectly_on_the_boards_people_play() {
    for settings in [
        &["sowing=kalah", "stones=3"][..],
        &["sowing=kalah", "stones=3", "empty_capture=true"],
        &["stones=3"],
        &["sowing=kalah", "pits=5", "stones=4"],
        &[],
    ] {
        let checked = level_ten_is_perfect(settings, 6, 1);
        eprintln!("{settings:?}: {checked} positions");
    }
}

#[test]
#[ignore = "minutes in release: Kalah(6,4), whose early positions take seconds to solve"]
fn level_ten_plays_perfectly_on_kalah_six_four() {
    for settings in [&["sowing=kalah"][..], &["sowing=kalah", "empty_capture=true"]] {
        let checked = level_ten_is_perfect(settings, 2, 3);
        eprintln!("{settings:?}: {checked} positions");
    }
}

#[test]
fn only_level_ten_on_covered_boards_plays_perfectly() {
    let entry = GameKind::Stones.entry();
    let defaults = entry.rules.defaults();
    let with = |settings: &[&str]| {
        let rules = StonesRules::default().with_settings(settings).unwrap();
        let mut values = defaults.clone();
        values.extend(rules_table(&rules));
        values
    };
    let small = with(&["pits=4", "stones=3"]);
    assert!(entry.plays_perfectly(Level::MAX, &small));
    assert!(!entry.plays_perfectly(Level::new(9).unwrap(), &small));
    assert!(
        !entry.plays_perfectly(Level::MAX, &with(&["sowing=kalah", "stones=6"])),
        "no book for Kalah(6,6)"
    );
    assert!(
        entry.plays_perfectly(Level::MAX, &with(&["sowing=kalah", "stones=3"])),
        "the book covers Kalah(6,3)"
    );
    for (settings, why) in [
        (&["stones=3"][..], "the book covers Stones 6x3"),
        (&["sowing=kalah", "pits=5", "stones=4"], "the book covers Kalah(5,4)"),
        (&["sowing=kalah", "pits=4", "stones=4", "empty_capture=true"], "live from Kalah(4,4)'s start"),
        (&[], "the book and the wide endgame table cover the default board"),
        (&["sowing=kalah"], "the book covers Kalah(6,4)"),
        (&["sowing=kalah", "empty_capture=true"], "the book covers Kalah(6,4) with the empty capture"),
    ] {
        assert!(entry.plays_perfectly(Level::MAX, &with(settings)), "{why}");
        assert!(!entry.plays_perfectly(Level::new(9).unwrap(), &with(settings)), "{why}");
    }
    for kind in [GameKind::Blockade, GameKind::StrategyChess] {
        assert!(!kind.entry().plays_perfectly(Level::MAX, &kind.entry().rules.defaults()));
    }
}

/// Re-solves `take` entries of the book for `settings`, those with the
/// fewest stones first, and of those every `step`-th: the position's value
/// is the entry's and the book's move keeps it. Returns how many.
fn book_entries_are_exact(settings: &[&str], take: usize, step: usize) -> usize {
    let rules = StonesRules::default().with_settings(settings).unwrap();
    let mut entries = book().entries(&rules);
    entries.sort_by_key(|(p, _)| p.future_bound());
    // The board's wide endgame table: the solver would build its own for
    // the first (smallest) entry, too small for the largest.
    let mut solver = Solver::<Stones>::new(SolverConfig { table_mb: 64, ..SolverConfig::default() });
    if let Some(table) = wide_endgame(&Stones::start(&rules, &[]).unwrap(), true) {
        solver = solver.with_endgame(table);
    }
    let mut solve = |position: &Stones| solver.solve(position, &SearchLimits::none()).unwrap().value;
    let sampled: Vec<_> = entries.iter().step_by(step).take(take).collect();
    for (position, entry) in &sampled {
        // An entry's position banks nothing, so its value is its future.
        let value = solve(position);
        assert_eq!(i64::from(entry.future), value, "{}", position.format_position());
        let mut child = position.clone();
        child.play_unchecked(entry.mv);
        let after = if child.outcome().is_some() {
            child.banked_margin(position.to_move())
        } else if child.to_move() == position.to_move() {
            solve(&child)
        } else {
            -solve(&child)
        };
        assert_eq!(after, value, "{}: the book's move", position.format_position());
    }
    sampled.len()
}

#[test]
fn the_shipped_book_reads_and_its_entries_are_exact() {
    assert!(!book().is_empty());
    assert_eq!(book_entries_are_exact(&["sowing=kalah", "stones=3"], 3, 1), 3);
    assert_eq!(book_entries_are_exact(&["stones=3"], 2, 1), 2);
    assert_eq!(book_entries_are_exact(&["sowing=kalah", "pits=5", "stones=4"], 2, 1), 2);
}

/// The positions where level 10 (in `seat`) is first to move under
/// `rules`: the start, or every position the opponent's first turn (free
/// turns included) reaches.
fn level_ten_first_positions(rules: &StonesRules, seat: Seat) -> Vec<Stones> {
    let mut open = vec![Stones::start(rules, &[]).unwrap()];
    let mut first = Vec::new();
    let mut moves = Vec::new();
    while let Some(position) = open.pop() {
        if position.outcome().is_some() {
            continue;
        }
        if position.to_move() == seat {
            first.push(position);
            continue;
        }
        position.legal_moves(&mut moves);
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            open.push(child);
        }
    }
    first
}

#[test]
fn level_ten_opens_from_the_book_or_a_solve_in_either_seat() {
    let rules = StonesRules::default().with_settings(&["stones=3"]).unwrap();
    let start = Stones::start(&rules, &[]).unwrap();
    assert!(book().get(&start).is_some(), "the book holds the start of a board it covers");
    let budget = Stones::budget(Level::MAX).reproducible();
    for seat in [Seat::FIRST, Seat::SECOND] {
        let positions = level_ten_first_positions(&rules, seat);
        assert!(!positions.is_empty());
        for position in positions {
            let mut player = ComputerPlayer::<Stones>::with_budget(budget);
            let result = player.choose_move(&position.view(seat), 1, None);
            // Book and solved moves come without an alpha-beta depth.
            assert_eq!(result.stats.depth, 0, "{seat:?} {}: no search", position.format_position());
            if let Some(entry) = book().get(&position) {
                assert_eq!(result.best_move, Some(entry.mv), "{}", position.format_position());
            }
        }
    }
}

#[test]
#[ignore = "minutes in release: every entry of the book, every 50th of Kalah(6,4)'s"]
fn every_book_entry_is_exact() {
    // Kalah(6,4)'s thousands of entries, which its rules share with
    // Kalah(6,3)'s, are sampled; every other board's are all checked.
    for settings in [&["sowing=kalah"][..], &["sowing=kalah", "empty_capture=true"]] {
        let checked = book_entries_are_exact(settings, usize::MAX, 50);
        eprintln!("{settings:?}: {checked} entries");
    }
    for settings in [
        &["sowing=kalah", "pits=5", "stones=4"][..],
        &["sowing=kalah", "pits=5", "stones=4", "empty_capture=true"],
        &["sowing=kalah", "pits=4", "stones=4"],
        &["sowing=kalah", "pits=4", "stones=4", "empty_capture=true"],
        &["stones=3"],
        &["pits=5", "stones=4"],
        &["pits=4", "stones=4"],
    ] {
        let checked = book_entries_are_exact(settings, usize::MAX, 1);
        eprintln!("{settings:?}: {checked} entries");
    }
}

#[test]
fn the_wide_endgame_table_is_built_once_and_widens_the_solves() {
    let rules = StonesRules::default().with_settings(&["sowing=kalah", "stones=2"]).unwrap();
    let start = Stones::start(&rules, &[]).unwrap();
    let table = wide_endgame(&start, true).expect("a table for Kalah(6,2)");
    assert!(Arc::ptr_eq(&table, &wide_endgame(&start, false).unwrap()), "built once, then shared");
    assert!(!table.values().is_empty(), "{}", table.describe());
    // On the default board the wide table holds 17 stones, the small one
    // (built at the first solve, from 40 stones down) 10.
    let default = StonesRules::default();
    let mb = |n: usize| n << 20;
    assert_eq!(
        StonesEndgame::cover_for(&default, 48, mb(headless::registry::stones::WIDE_ENDGAME_MB)),
        Some(17)
    );
    assert_eq!(StonesEndgame::cover_for(&default, 40, mb(PERFECT.endgame_mb)), Some(10));
    // Solves tried from 10 stones down with the small table, from 48 with
    // the wide one: at the start (24 stones) only the wide one tries.
    let play = PERFECT.with_max_future(10);
    let limits = play.limits(None, None);
    let mut spent = 0;
    let mut narrow = Solving::<Stones>::new(play);
    assert_eq!(narrow.best_move(&start, &limits, &mut spent), None, "24 stones: no solve without it");
    let mut wide = Solving::<Stones>::new(play).with_wide_endgame(wide_endgame, 48);
    let found = wide.best_move(&start, &limits, &mut spent).expect("solved with the wide table");
    let mut solver = Solver::<Stones>::new(SolverConfig { table_mb: 16, ..SolverConfig::default() });
    let values = move_values(&mut solver, &start);
    let best = values.iter().map(|&(_, v)| v).max().unwrap();
    assert_eq!(found.value, Some(best));
    assert!(values.contains(&(found.mv, best)), "a move of the best value");
}
