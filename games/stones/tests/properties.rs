//! Properties that must hold in every position under every rule option.

use game_core::rng::seeded;
use game_core::{EVAL_LIMIT, Evaluate, Game, Seat, Solve};
use proptest::prelude::*;
use std::collections::HashMap;
use stones::{EndSweep, MAX_TOTAL_STONES, Sow, SowingRule, Stones, StonesRules};

fn arb_rules() -> impl Strategy<Value = StonesRules> {
    (
        3u8..=8,
        1u8..=8,
        prop_oneof![Just(SowingRule::Relay), Just(SowingRule::Kalah)],
        any::<bool>(),
        prop_oneof![Just(EndSweep::Auto), Just(EndSweep::EmptierCollects), Just(EndSweep::OwnerKeeps)],
    )
        .prop_map(|(pits, stones, sowing, empty_capture, end_sweep)| StonesRules {
            pits,
            stones,
            sowing,
            empty_capture,
            end_sweep,
        })
}

/// A position reached by `plies` random moves from the start.
fn reached(rules: StonesRules, seed: u64, plies: usize) -> Stones {
    let mut game = Stones::start(&rules, &[]).unwrap();
    let mut rng = seeded(seed);
    let mut scratch = Vec::new();
    for _ in 0..plies {
        match game.random_move(&mut rng, &mut scratch) {
            Some(mv) => game.play(mv),
            None => break,
        }
    }
    game
}

fn arb_reached() -> impl Strategy<Value = Stones> {
    (arb_rules(), any::<u64>(), 0usize..80).prop_map(|(rules, seed, plies)| reached(rules, seed, plies))
}

/// Any legal position, written as text: arbitrary piles (both sides
/// non-empty) and stores, within the stone limit.
fn arb_written() -> impl Strategy<Value = Stones> {
    (arb_rules(), proptest::collection::vec(0u8..=7, 18), 0u8..=30, 0u8..=30, any::<bool>()).prop_map(
        |(rules, counts, store_one, store_two, second)| {
            let pits = rules.pits as usize;
            let mut one: Vec<u8> = counts[..pits].to_vec();
            let mut two: Vec<u8> = counts[8..8 + pits].to_vec();
            // Both sides must hold stones (a side alone empty cannot occur).
            one[0] = one[0].max(1);
            two[pits - 1] = two[pits - 1].max(1);
            let show = |row: &[u8]| row.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
            let mut text = format!(
                "{} [{store_one}] / {} [{store_two}] : {}",
                show(&one),
                show(&two),
                if second { "second" } else { "first" }
            );
            if Stones::parse_position(&rules, &text).is_err() {
                // Over the stone limit: keep the shape, drop the stores.
                text = format!("{} [0] / {} [0] : first", show(&one), show(&two));
            }
            Stones::parse_position(&rules, &text).unwrap()
        },
    )
}

fn arb_position() -> impl Strategy<Value = Stones> {
    prop_oneof![arb_reached(), arb_written()]
}

proptest! {
    #[test]
    fn stones_are_conserved(game in arb_position()) {
        let total = game.total_stones();
        prop_assert!(total <= MAX_TOTAL_STONES);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for mv in moves {
            let mut child = game.clone();
            child.play(mv);
            prop_assert_eq!(child.total_stones(), total);
            // Banked stones never leave a score pile.
            for seat in [Seat::FIRST, Seat::SECOND] {
                prop_assert!(child.store(seat) >= game.store(seat));
            }
        }
    }

    #[test]
    fn a_move_is_accepted_iff_it_is_generated(game in arb_position(), pile in 0u8..=12) {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        prop_assert_eq!(moves.contains(&Sow::pile(pile)), game.check_move(Sow::pile(pile)).is_ok());
        prop_assert_eq!(moves.contains(&Sow::pile(pile)), game.is_legal(Sow::pile(pile)));
        prop_assert_eq!(moves.is_empty(), game.outcome().is_some());
        prop_assert_eq!(moves.len(), game.count_legal_moves(&mut Vec::new()));
        let mut refused = game.clone();
        if refused.try_play(Sow::pile(pile)).is_err() {
            prop_assert_eq!(&refused, &game);
        }
    }

    #[test]
    fn notation_round_trips(game in arb_position()) {
        let again = Stones::parse_position(game.rules(), &game.format_position()).unwrap();
        prop_assert_eq!(&again, &game);
        prop_assert_eq!(again.hash_key(), game.hash_key());
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for mv in moves {
            prop_assert_eq!(game.parse_move(&game.format_move(mv)).unwrap(), mv);
            prop_assert!(Stones::move_slot(mv) < Stones::MOVE_SLOTS);
        }
    }

    #[test]
    fn random_moves_are_legal_and_cover_every_move(game in arb_position(), seed in any::<u64>()) {
        let mut rng = seeded(seed);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut seen = Vec::new();
        for _ in 0..200 {
            match game.random_move(&mut rng, &mut Vec::new()) {
                Some(mv) => {
                    prop_assert!(moves.contains(&mv));
                    if !seen.contains(&mv) { seen.push(mv); }
                }
                None => prop_assert!(moves.is_empty()),
            }
        }
        // 200 draws miss one of at most 8 moves with odds below 1e-11.
        prop_assert_eq!(seen.len(), moves.len());
    }

    #[test]
    fn the_future_does_not_depend_on_the_score_piles(game in arb_position(), seed in any::<u64>(), extra in 1u8..=5) {
        // The same piles and side to move with other score piles: the same
        // moves and the same store gains all the way, under either end
        // sweep, so the final margin is the banked margin plus a future
        // part that only `future_key` decides.
        let mut text = game.format_position();
        text = text.replacen(" [", &format!(" [{}", extra), 1);
        let Ok(richer) = Stones::parse_position(game.rules(), &text) else { return Ok(()); };
        prop_assert_eq!(richer.future_key(), game.future_key());
        prop_assert_ne!(richer.hash_key(), game.hash_key());
        let (mut a, mut b) = (game.clone(), richer.clone());
        let mut rng = seeded(seed);
        while let Some(mv) = a.random_move(&mut rng, &mut Vec::new()) {
            prop_assert_eq!(b.check_move(mv), Ok(()));
            a.play(mv);
            b.play(mv);
            prop_assert_eq!(a.future_key(), b.future_key());
        }
        let (end_a, end_b) = (a.outcome().unwrap(), b.outcome().unwrap());
        prop_assert!(b.outcome().is_some());
        let gained = |start: &Stones, end: &Stones| end.banked_margin(Seat::FIRST) - start.banked_margin(Seat::FIRST);
        prop_assert_eq!(gained(&game, &a), gained(&richer, &b));
        prop_assert_eq!(end_a.margin_for(Seat::FIRST), a.banked_margin(Seat::FIRST));
        prop_assert_eq!(end_b.margin_for(Seat::FIRST), b.banked_margin(Seat::FIRST));
    }

    #[test]
    fn the_evaluation_is_zero_sum_and_bounded(game in arb_position()) {
        let first = game.evaluate(Seat::FIRST);
        prop_assert_eq!(first, -game.evaluate(Seat::SECOND));
        prop_assert!(first.abs() < EVAL_LIMIT / 100);
        if let Some(outcome) = game.outcome() {
            prop_assert_eq!(first as i64, outcome.margin_for(Seat::FIRST) * stones::STONE as i64);
        }
    }

    #[test]
    fn reading_garbage_never_panics(text in ".{0,60}", rules in arb_rules()) {
        let _ = Stones::parse_position(&rules, &text);
        let game = Stones::start(&rules, &[]).unwrap();
        if let Ok(mv) = game.parse_move(&text) {
            let _ = game.check_move(mv);
            let _ = game.trace(mv);
        }
    }

    #[test]
    fn play_unchecked_never_panics_on_nonsense(game in arb_position(), pile in any::<u8>()) {
        let mut game = game;
        game.play_unchecked(Sow::pile(pile));
        prop_assert!(game.total_stones() <= MAX_TOTAL_STONES);
    }
}

/// Walks every move sequence up to `depth` plies and records each
/// position's hash by its text: equal positions reached by different move
/// orders must hash alike, different ones differently.
fn transpositions(rules: StonesRules, depth: u32) -> usize {
    fn walk(game: &Stones, depth: u32, seen: &mut HashMap<String, (u64, u64)>, repeats: &mut usize) {
        let entry = (game.hash_key(), game.future_key());
        if let Some(before) = seen.insert(game.format_position(), entry) {
            assert_eq!(before, entry, "{}", game.format_position());
            *repeats += 1;
        }
        if depth == 0 {
            return;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for mv in moves {
            let mut child = game.clone();
            child.play(mv);
            walk(&child, depth - 1, seen, repeats);
        }
    }
    let mut seen = HashMap::new();
    let mut repeats = 0;
    walk(&Stones::start(&rules, &[]).unwrap(), depth, &mut seen, &mut repeats);
    let mut hashes: Vec<u64> = seen.values().map(|&(h, _)| h).collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), seen.len(), "two different positions share a hash");
    repeats
}

#[test]
fn the_hash_agrees_for_positions_reached_by_different_orders() {
    for settings in
        [&["pits=3", "stones=2"][..], &["pits=4", "stones=2", "sowing=kalah"], &["pits=3", "stones=3"]]
    {
        let rules =
            <StonesRules as game_core::RuleSet>::with_settings(&StonesRules::default(), settings).unwrap();
        // The check is only meaningful if some position was reached twice.
        assert!(transpositions(rules, 9) > 0, "{settings:?}: no transposition reached");
    }
}
