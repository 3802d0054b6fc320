//! The non-cheating test on real Strategy Chess: two full positions that
//! give a seat the same view (the enemy's hidden ranks differ), searched
//! with the same seed, make the computer choose the same move, at every
//! level.
//!
//! The second position of each pair is made two ways: by swapping the
//! ranks of two enemy pieces the seat cannot tell apart, and by drawing a
//! whole new enemy army from the view with the game's sampler. The test
//! also shows it has teeth: a search of the full positions themselves
//! (what a cheating AI would do) chooses differently on some pairs.

use ai::testing::check_same_view_same_move;
use ai::{AlphaBeta, AlphaBetaConfig, Level, SearchLimits, Searcher};
use game_core::rng::seeded;
use game_core::{Game, Observe, Seat};
use headless::registry::Registered;
use strategy_chess::{Colour, Library, PublicFacts, Rank, StrategyChess, StrategyChessRules};

/// A game between library setups after `plies` random moves.
fn played(setups: (u32, u32), plies: u32, seed: u64) -> StrategyChess {
    let library = Library::builtin();
    let setups = [library.entry(setups.0).unwrap().setup, library.entry(setups.1).unwrap().setup];
    let mut game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
    let mut rng = seeded(seed);
    let mut scratch = Vec::new();
    for _ in 0..plies {
        let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
        let mut next = game.clone();
        next.play(mv);
        if next.outcome().is_some() {
            break;
        }
        game = next;
    }
    game
}

/// `game` with the ranks of two hidden enemy pieces (of the side not to
/// move) swapped: two pieces with the same public facts, unrevealed, of
/// different ranks, and ranks the facts allow on both squares.
fn swapped(game: &StrategyChess) -> StrategyChess {
    let enemy = Colour::of_seat(game.to_move().opponent());
    let hidden: Vec<_> = strategy_chess::square::Square::all()
        .filter_map(|sq| {
            let piece = game.piece(sq)?;
            let facts = game.facts(sq);
            (piece.colour == enemy && !facts.revealed && !facts.moved_far).then_some((sq, piece.rank, facts))
        })
        .collect();
    let movable = |rank: Rank| !matches!(rank, Rank::Bomb | Rank::Flag);
    // Prefer a pair where one is strong and one weak, so that the truth
    // would matter to a search that could see it.
    let mut best = None;
    for &(a, rank_a, facts_a) in &hidden {
        for &(b, rank_b, facts_b) in &hidden {
            let allowed = facts_a == facts_b
                && (facts_a == PublicFacts::default() || (movable(rank_a) && movable(rank_b)));
            if allowed && rank_a != rank_b {
                let gap = (rank_a as i32 - rank_b as i32).abs();
                if best.is_none_or(|(_, _, g)| gap > g) {
                    best = Some((a, b, gap));
                }
            }
        }
    }
    let (a, b, _) = best.expect("two hidden enemy pieces of different ranks");
    let mut other = game.clone();
    assert!(other.swap_ranks(a, b));
    other
}

fn pairs() -> Vec<(StrategyChess, StrategyChess)> {
    let mut pairs = Vec::new();
    for (i, (setups, plies)) in [((1, 2), 0), ((5, 6), 31), ((9, 10), 120)].into_iter().enumerate() {
        let game = played(setups, plies, i as u64);
        let seat = game.to_move();
        pairs.push((game.clone(), swapped(&game)));
        pairs.push((game.clone(), StrategyChess::sample(&game.view(seat), &mut seeded(100 + i as u64))));
    }
    pairs
}

#[test]
fn same_view_same_seed_same_move_at_every_level() {
    for (k, (a, b)) in pairs().iter().enumerate() {
        assert_ne!(a, b, "pair {k}: the positions must differ in what the seat cannot see");
        for level in Level::all() {
            let budget = StrategyChess::budget(level);
            // Smaller node caps keep the test quick; the check is the same.
            let budget = ai::Budget { nodes: budget.nodes.map(|n| n.min(12_000)), ..budget };
            check_same_view_same_move(a, b, a.to_move(), budget, 1000 + k as u64);
        }
    }
}

#[test]
fn a_search_of_the_full_positions_would_tell_them_apart() {
    let peek = |position: &StrategyChess| {
        let mut engine =
            AlphaBeta::<StrategyChess>::new(AlphaBetaConfig { tt_mb: 1, ..AlphaBetaConfig::default() });
        engine.search(position, None, &SearchLimits::none().depth(3), &mut seeded(0)).best_move
    };
    let differ = pairs().iter().filter(|(a, b)| peek(a) != peek(b)).count();
    assert!(differ > 0, "no pair where the hidden ranks change the best move: the test above proves nothing");
}

#[test]
fn level_one_sets_up_by_generation_and_higher_levels_from_the_library() {
    let rules = StrategyChessRules::default();
    let library: Vec<_> =
        Library::builtin().entries().iter().flat_map(|e| [e.setup, e.setup.mirrored()]).collect();
    for seat in [Seat::FIRST, Seat::SECOND] {
        for seed in 0..5 {
            let weak = ai::ComputerPlayer::<StrategyChess>::with_budget(StrategyChess::budget(Level::MIN))
                .choose_setup(&rules, seat, seed);
            let strong = ai::ComputerPlayer::<StrategyChess>::with_budget(StrategyChess::budget(
                Level::new(5).unwrap(),
            ))
            .choose_setup(&rules, seat, seed);
            assert!(library.contains(&strong), "level 5 plays a library setup");
            assert!(!library.contains(&weak), "level 1 generates its setup");
        }
    }
}
