//! Property tests: the bitboard engine against the array reference, the
//! incremental hash against a recomputation, the checked rules against the
//! generator, and the notation against itself.

mod common;

use blockade::{Blockade, BlockadeRules, MAX_SIZE, Square, SquareSet};
use common::random_rules;
use common::reference::Reference;
use game_core::rng::seeded;
use game_core::{EVAL_LIMIT, Evaluate, FullView, Game, Observe, RuleSet, Seat};
use proptest::prelude::*;
use rand::Rng;

fn square(file: usize, rank: usize) -> Square {
    Square::new(file as u8, rank as u8).unwrap()
}

fn set_of(squares: &[(usize, usize)]) -> SquareSet {
    squares.iter().map(|&(f, r)| square(f, r)).collect()
}

fn every_square() -> impl Iterator<Item = Square> {
    (0..MAX_SIZE).flat_map(|rank| (0..MAX_SIZE).map(move |file| Square::new(file, rank).unwrap()))
}

/// Plays one random game under random rules with both engines, comparing
/// everything after every move. Returns the number of plies.
fn play_both(seed: u64) -> Result<usize, TestCaseError> {
    let mut rng = seeded(seed);
    let rules = random_rules(&mut rng);
    let mut game = Blockade::start(&rules, &[]).unwrap();
    let mut reference = Reference::start(&rules);
    prop_assert_eq!(&Reference::from_game(&game), &reference, "start of {}", rules.summary());
    let mut moves = Vec::new();
    for ply in 0.. {
        // The legal moves, in the same order (rank by rank, file by file).
        game.legal_moves(&mut moves);
        let expected: Vec<Square> = reference.legal_moves().into_iter().map(|(f, r)| square(f, r)).collect();
        prop_assert_eq!(&moves, &expected, "ply {} of {:?}", ply, game);
        prop_assert_eq!(game.count_legal_moves(&mut Vec::new()), moves.len());
        prop_assert_eq!(game.outcome(), reference.outcome());
        for seat in [Seat::FIRST, Seat::SECOND] {
            prop_assert_eq!(game.score(seat), reference.score(seat.index()));
            prop_assert_eq!(game.stable_score(seat), reference.stable_score(seat.index()), "{:?}", game);
        }
        let value = game.evaluate(Seat::FIRST);
        prop_assert_eq!(value, -game.evaluate(Seat::SECOND));
        prop_assert!(value.abs() < EVAL_LIMIT / 10);
        // A move is accepted exactly when it is generated.
        for sq in every_square() {
            prop_assert_eq!(game.check_move(sq).is_ok(), moves.contains(&sq), "{} in {:?}", sq, game);
            prop_assert_eq!(game.is_legal(sq), moves.contains(&sq), "{} in {:?}", sq, game);
        }
        if moves.is_empty() {
            prop_assert!(game.outcome().is_some());
            return Ok(ply);
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let effects = game.effects(mv).unwrap();
        let changes = reference.play(mv.file() as usize, mv.rank() as usize);
        prop_assert_eq!(effects.captured, set_of(&changes.captured), "captures of {} in {:?}", mv, game);
        prop_assert_eq!(effects.claimed, set_of(&changes.claimed), "claims of {} in {:?}", mv, game);
        prop_assert_eq!(
            effects.overcrowded,
            set_of(&changes.overcrowded),
            "overcrowding by {} in {:?}",
            mv,
            game
        );
        prop_assert_eq!(effects.mover, game.to_move());
        let before = game.clone();
        game.try_play(mv).unwrap();
        prop_assert_eq!(&Reference::from_game(&game), &reference, "after {} from {:?}", mv, before);
        // The incremental hash equals one computed from scratch.
        let again = Blockade::parse_position(&rules, &game.format_position()).unwrap();
        prop_assert_eq!(again.hash_key(), game.hash_key());
        prop_assert_eq!(&again, &game);
    }
    unreachable!()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn bitboards_agree_with_the_reference(seed in any::<u64>()) {
        play_both(seed)?;
    }

    #[test]
    fn moves_and_positions_round_trip(seed in any::<u64>(), plies in 0usize..60) {
        let mut rng = seeded(seed);
        let rules = random_rules(&mut rng);
        let mut game = Blockade::start(&rules, &[]).unwrap();
        let mut scratch = Vec::new();
        for _ in 0..plies {
            let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
            prop_assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
            prop_assert!(Blockade::move_slot(mv) < Blockade::MOVE_SLOTS);
            game.play(mv);
        }
        let text = game.format_position();
        prop_assert_eq!(&Blockade::parse_position(&rules, &text).unwrap(), &game);
        // One rank per line reads the same.
        let lines = text.replace(['/', ' '], "\n");
        prop_assert_eq!(&Blockade::parse_position(&rules, &lines).unwrap(), &game);
        // And the view the network sends reads back to the same position.
        let view = game.view(Seat::SECOND);
        let json = serde_json::to_string(&view).unwrap();
        let back: FullView<Blockade> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, view);
    }

    #[test]
    fn different_positions_hash_differently(seed in any::<u64>()) {
        // Two plies from the same position in different orders, where they
        // lead to different positions, give different keys.
        let mut rng = seeded(seed);
        let rules = random_rules(&mut rng);
        let game = Blockade::start(&rules, &[]).unwrap();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let positions: Vec<Blockade> = moves.iter().map(|&mv| { let mut g = game.clone(); g.play(mv); g }).collect();
        for a in &positions {
            for b in &positions {
                prop_assert_eq!(a == b, a.hash_key() == b.hash_key());
            }
            prop_assert_ne!(a.hash_key(), game.hash_key());
        }
    }

    #[test]
    fn readers_never_panic(text in "\\PC{0,140}", mv in "\\PC{0,6}") {
        let rules = BlockadeRules::default();
        let game = Blockade::start(&rules, &[]).unwrap();
        if let Ok(square) = game.parse_move(&mv) {
            let _ = game.check_move(square);
        }
        let _ = Blockade::parse_position(&rules, &text);
    }

    #[test]
    fn near_miss_positions_are_refused_or_read(seed in any::<u64>(), edits in 1usize..4) {
        // Corrupt a real position text a little: it must read cleanly or
        // be refused with an error, never panic.
        let mut rng = seeded(seed);
        let rules = BlockadeRules::default();
        let mut text: Vec<char> = Blockade::start(&rules, &[]).unwrap().format_position().chars().collect();
        for _ in 0..edits {
            let at = rng.random_range(0..text.len());
            let with = ['x', 'o', '.', '/', ' ', '\n', 'q', '9'][rng.random_range(0..8)];
            if rng.random_bool(0.3) { text.remove(at); } else { text[at] = with; }
        }
        let text: String = text.into_iter().collect();
        if let Ok(game) = Blockade::parse_position(&rules, &text) {
            prop_assert_eq!(Blockade::parse_position(&rules, &game.format_position()).unwrap(), game);
        }
    }
}

#[test]
fn many_random_games_under_random_rules_end_cleanly() {
    // Cheaper than the reference comparison, so many more games.
    let mut scratch = Vec::new();
    let mut rng = seeded(2024);
    let mut lengths = Vec::new();
    for _ in 0..400 {
        let rules = random_rules(&mut rng);
        let mut game = Blockade::start(&rules, &[]).unwrap();
        let mut plies = 0;
        while let Some(mv) = game.random_move(&mut rng, &mut scratch) {
            game.play(mv);
            plies += 1;
            assert!(plies <= 121, "a game cannot outlast its squares: {game:?}");
        }
        let outcome = game.outcome().expect("no move means the game is over");
        let margin = game.score(Seat::FIRST) as i64 - game.score(Seat::SECOND) as i64;
        assert_eq!(outcome.margin_for(Seat::FIRST), margin);
        lengths.push(plies);
    }
    // Games are not all trivially short.
    assert!(lengths.iter().any(|&n| n > 30), "{lengths:?}");
}
