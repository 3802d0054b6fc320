//! Property tests over random games under random rule options: the Game
//! contract, notation round trips, and the hidden-information guarantees
//! (views reveal nothing hidden; samples give back their view).

use crate::army::Army;
use crate::beliefs::BeliefModel;
use crate::board::PublicFacts;
use crate::rank::{Colour, Piece, Rank};
use crate::rules::{BombRule, ScoutRule, StrategyChessRules};
use crate::sampler::sample_with;
use crate::square::Square;
use crate::view::Seen;
use crate::{Move, StrategyChess};
use game_core::rng::{GameRng, seeded};
use game_core::{Game, Observe, Seat};
use proptest::prelude::*;
use rand::Rng;

fn arb_army() -> impl Strategy<Value = Army> {
    prop_oneof![
        Just(Army::CLASSIC),
        Just(Army::BARRAGE),
        // Custom: one flag, a few of each rank, at most 40.
        proptest::collection::vec(0u8..=3, 11).prop_map(|counts| {
            let mut army = Army::EMPTY.with(Rank::Flag, 1).with(Rank::Scout, 1);
            for (rank, count) in Rank::ALL.into_iter().filter(|&r| r != Rank::Flag).zip(counts) {
                army = army.with(rank, army.count(rank).max(count));
            }
            army
        }),
    ]
}

fn arb_rules() -> impl Strategy<Value = StrategyChessRules> {
    (
        arb_army(),
        any::<bool>(),
        prop_oneof![
            Just(ScoutRule::LongAndStrike),
            Just(ScoutRule::LongNoStrike),
            Just(ScoutRule::OneSquare)
        ],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(0u32), Just(20), Just(200)],
    )
        .prop_map(|(army, blue_first, scouts, single_use, two, more, limit)| StrategyChessRules {
            army,
            first: if blue_first { Colour::Blue } else { Colour::Red },
            scouts,
            bombs: if single_use { BombRule::SingleUse } else { BombRule::Permanent },
            two_square_rule: two,
            more_square_rule: more,
            no_capture_limit: limit,
        })
}

fn new_game(rules: &StrategyChessRules, rng: &mut GameRng) -> StrategyChess {
    let strong = rng.random_bool(0.5);
    let setups = [
        StrategyChess::random_setup(rules, Seat::FIRST, strong, rng),
        StrategyChess::random_setup(rules, Seat::SECOND, strong, rng),
    ];
    StrategyChess::start(rules, &setups).expect("generated setups fit their army")
}

fn random_square(rng: &mut GameRng) -> Square {
    Square::new(rng.random_range(0..100)).expect("0..100")
}

/// A copy of `game` with the ranks of two enemy pieces swapped where the
/// viewer cannot tell them apart (both unknown, and both movable if either
/// has moved).
fn swap_hidden(game: &StrategyChess, viewer: Colour, rng: &mut GameRng) -> Option<StrategyChess> {
    let enemy = viewer.opponent();
    let hidden: Vec<(Square, Rank, PublicFacts)> = Square::all()
        .filter_map(|sq| {
            let p = game.board.piece(sq)?;
            let facts = game.board.facts(sq);
            (p.colour == enemy && facts.known_rank(p.rank).is_none()).then_some((sq, p.rank, facts))
        })
        .collect();
    for _ in 0..20 {
        if hidden.len() < 2 {
            return None;
        }
        let a = hidden[rng.random_range(0..hidden.len())];
        let b = hidden[rng.random_range(0..hidden.len())];
        let fits = |(_, _, facts): (Square, Rank, PublicFacts), other: Rank| !facts.moved || other.can_move();
        if a.0 == b.0 || a.1 == b.1 || !fits(a, b.1) || !fits(b, a.1) {
            continue;
        }
        let mut swapped = game.clone();
        swapped.board.remove(a.0);
        swapped.board.remove(b.0);
        swapped.board.put(a.0, Piece::new(enemy, b.1), a.2);
        swapped.board.put(b.0, Piece::new(enemy, a.1), b.2);
        return Some(swapped);
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_games_keep_the_game_contract(rules in arb_rules(), seed in any::<u64>()) {
        let mut rng = seeded(seed);
        let mut game = new_game(&rules, &mut rng);
        let mut moves = Vec::new();
        let mut scratch = Vec::new();
        for ply in 0..400 {
            game.legal_moves(&mut moves);
            prop_assert_eq!(moves.is_empty(), game.outcome().is_some(), "ply {}", ply);
            prop_assert_eq!(game.count_legal_moves(&mut scratch), moves.len());
            for &mv in &moves {
                prop_assert!(game.check_move(mv).is_ok(), "{:?}: {:?}", mv, game.check_move(mv));
                prop_assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
                prop_assert!(StrategyChess::move_slot(mv) < StrategyChess::MOVE_SLOTS);
            }
            // Now and then every straight move: the search's quick test
            // (`is_legal`) says legal exactly when generated.
            if ply % 25 == 0 {
                for from in Square::all() {
                    for to in Square::all().filter(|&to| from.line_to(to).is_some()) {
                        let mv = Move::new(from, to);
                        prop_assert_eq!(game.is_legal(mv), moves.contains(&mv), "{:?} in {:?}", mv, game);
                    }
                }
            }
            // Random moves, legal or not: checked exactly when generated,
            // and a refusal leaves the position as it was.
            for _ in 0..8 {
                let mv = Move::new(random_square(&mut rng), random_square(&mut rng));
                let mut copy = game.clone();
                let result = copy.try_play(mv);
                prop_assert_eq!(result.is_ok(), moves.contains(&mv), "{:?}: {:?}", mv, result);
                if result.is_err() {
                    prop_assert_eq!(&copy, &game);
                }
            }
            let text = game.format_position();
            let again = StrategyChess::parse_position(&rules, &text).expect("own text reads back");
            prop_assert_eq!(again.format_position(), text);
            let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
            prop_assert!(moves.contains(&mv));
            let key = game.hash_key();
            game.play(mv);
            prop_assert_ne!(game.hash_key(), key);
        }
    }

    #[test]
    fn views_hide_what_they_must_and_samples_give_them_back(rules in arb_rules(), seed in any::<u64>()) {
        let mut rng = seeded(seed);
        let mut game = new_game(&rules, &mut rng);
        let mut scratch = Vec::new();
        let mut moves = Vec::new();
        let mut seen_moves = Vec::new();
        let mut swaps = 0;
        for ply in 0..300 {
            if ply % 7 == 0 || game.outcome().is_some() {
                for seat in [Seat::FIRST, Seat::SECOND] {
                    let view = game.view(seat);
                    let viewer = Colour::of_seat(seat);
                    // Changing hidden identities consistently changes nothing.
                    if let Some(other) = swap_hidden(&game, viewer, &mut rng) {
                        prop_assert_ne!(&other, &game);
                        prop_assert_eq!(other.view(seat), view.clone());
                        swaps += 1;
                    }
                    // No enemy rank shows unless it was revealed.
                    for (sq, seen) in view.squares() {
                        if let Seen::Piece(p) = seen && p.colour != viewer {
                            prop_assert_eq!(p.rank.is_some(), p.facts.revealed, "{}", sq);
                        }
                    }
                    for model in [BeliefModel::UNIFORM, BeliefModel::DEFAULT] {
                        let sampled = sample_with(&view, &model, &mut seeded(rng.random()));
                        prop_assert_eq!(sampled.view(seat), view.clone(), "ply {}", ply);
                        let mut sampled_moves = Vec::new();
                        sampled.legal_moves(&mut sampled_moves);
                        prop_assert_eq!(sampled_moves.is_empty(), sampled.outcome().is_some());
                    }
                    // The viewer's moves, from the view alone.
                    view.legal_moves(&mut seen_moves);
                    if view.is_my_turn() {
                        game.legal_moves(&mut moves);
                        prop_assert_eq!(&seen_moves, &moves);
                    } else {
                        prop_assert!(seen_moves.is_empty());
                    }
                    let json = serde_json::to_string(&view).expect("views serialise");
                    let back: crate::StrategyChessView = serde_json::from_str(&json).expect("and read back");
                    prop_assert_eq!(back, view);
                }
            }
            let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
            game.play(mv);
        }
        // The swap property was really exercised (at the start every enemy
        // piece is hidden).
        prop_assert!(swaps > 0);
    }

    #[test]
    fn forged_views_never_break_the_sampler(seed in any::<u64>(), edits in proptest::collection::vec((0usize..100, 0u8..6), 1..12)) {
        let mut rng = seeded(seed);
        let rules = StrategyChessRules::default();
        let mut game = new_game(&rules, &mut rng);
        let mut scratch = Vec::new();
        for _ in 0..rng.random_range(0..200) {
            let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
            game.play(mv);
        }
        let mut view = game.view(Seat::FIRST);
        for (index, edit) in edits {
            let sq = Square::new(index).expect("0..100");
            view.forge(sq, edit);
        }
        let sampled = sample_with(&view, &BeliefModel::DEFAULT, &mut rng);
        let mut moves = Vec::new();
        sampled.legal_moves(&mut moves);
        prop_assert_eq!(moves.is_empty(), sampled.outcome().is_some());
    }

    #[test]
    fn text_input_never_panics(text in "[rb.~0-9SBFx \n:_a-z]{0,400}") {
        let _ = StrategyChess::parse_position(&StrategyChessRules::default(), &text);
        let _ = crate::Setup::parse(&text);
        let _ = crate::Library::parse(&text);
        let _ = crate::notation::parse_move(&text);
    }
}

impl crate::view::StrategyChessView {
    /// Test only: damages the view the way a forged network message might.
    fn forge(&mut self, sq: Square, edit: u8) {
        let enemy = self.viewer().opponent();
        let r = sq.index() % 12;
        match edit {
            0 => self.remaining[enemy.index()][r] = self.remaining[enemy.index()][r].wrapping_add(3),
            1 => self.remaining[enemy.index()][r] = 0,
            2 if !sq.is_lake() => {
                self.squares[sq.index()] =
                    Seen::Piece(crate::SeenPiece { colour: enemy, rank: None, facts: PublicFacts::default() })
            }
            3 if !sq.is_lake() => self.squares[sq.index()] = Seen::Empty,
            4 => {
                if let Seen::Piece(p) = &mut self.squares[sq.index()] {
                    p.facts.moved = true;
                    p.facts.moved_far = !p.facts.moved_far;
                }
            }
            _ => {
                if let Seen::Piece(p) = &mut self.squares[sq.index()] {
                    p.rank = Rank::from_index(r);
                    p.facts.revealed = true;
                }
            }
        }
    }
}

/// `random_move` draws every legal move, Scout lines included, and nothing
/// else: its counting of the lines and its walk to the drawn one agree.
#[test]
fn random_moves_cover_every_legal_move() {
    let mut rng = seeded(5);
    let mut scratch = Vec::new();
    for scouts in [ScoutRule::LongAndStrike, ScoutRule::LongNoStrike, ScoutRule::OneSquare] {
        let rules = StrategyChessRules { scouts, ..StrategyChessRules::default() };
        let mut game = new_game(&rules, &mut rng);
        for ply in 0..120 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            if ply % 20 == 0 {
                let mut seen = std::collections::HashSet::new();
                // Missing one of at most 100 moves in 3000 draws: odds below 1e-13.
                for _ in 0..3000 {
                    let mv = game.random_move(&mut rng, &mut scratch).expect("the game goes on");
                    assert!(moves.contains(&mv), "{mv:?} is not legal");
                    seen.insert(mv);
                }
                assert_eq!(seen.len(), moves.len(), "{scouts:?}, ply {ply}");
            }
            let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
            game.play(mv);
        }
    }
}
