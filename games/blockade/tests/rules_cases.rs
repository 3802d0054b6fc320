//! Hand-built positions for each rule: legality, capture, claim, overcrowd
//! (each threshold exactly at and one below), scoring and the end of the
//! game, under both neighbourhoods.

use blockade::{Blockade, BlockadeRules, BlockadeViolation, Square, SquareSet};
use game_core::{Evaluate, Game, Outcome, RuleSet, Seat};

fn rules(settings: &[&str]) -> BlockadeRules {
    BlockadeRules::default().with_settings(settings).unwrap()
}

/// A position from its ranks (top first, one per line) and side to move.
fn position(settings: &[&str], text: &str) -> Blockade {
    Blockade::parse_position(&rules(settings), text).unwrap()
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn squares(names: &[&str]) -> SquareSet {
    names.iter().map(|n| sq(n)).collect()
}

// ---------------------------------------------------------------- start

#[test]
fn centre_start_on_8x8_is_as_the_rule_book_says() {
    let game = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
    assert_eq!(
        game.format_position(),
        "......../......../......../...ox.../...xo.../......../......../........ x"
    );
    assert_eq!(game.stones(Seat::FIRST), squares(&["d4", "e5"]));
    assert_eq!(game.stones(Seat::SECOND), squares(&["d5", "e4"]));
    assert_eq!(game.to_move(), Seat::FIRST);
    assert_eq!(game.legal_squares(), squares(&["d3", "e3", "c4", "f4", "c5", "f5", "d6", "e6"]));

    let game = Blockade::start(&rules(&["neighbourhood=4"]), &[]).unwrap();
    assert_eq!(game.stones(Seat::FIRST), squares(&["e4", "e6"]));
    assert_eq!(game.stones(Seat::SECOND), squares(&["d5", "f5"]));
    assert_eq!(game.legal_squares(), squares(&["d4", "f4", "e5", "d6", "f6"]));
}

#[test]
fn centre_start_on_odd_boards_uses_h_equal_size_over_two() {
    // 5x5: h = 2, so the block is on b and c, ranks 2 and 3.
    let game = Blockade::start(&rules(&["size=5"]), &[]).unwrap();
    assert_eq!(game.stones(Seat::FIRST), squares(&["b2", "c3"]));
    assert_eq!(game.stones(Seat::SECOND), squares(&["b3", "c2"]));
    let game = Blockade::start(&rules(&["size=11", "neighbourhood=4"]), &[]).unwrap();
    assert_eq!(game.stones(Seat::FIRST), squares(&["f5", "f7"]));
    assert_eq!(game.stones(Seat::SECOND), squares(&["e6", "g6"]));
}

#[test]
fn wide_start_gives_more_first_moves_fairly() {
    let game = Blockade::start(&rules(&["start=wide"]), &[]).unwrap();
    assert_eq!(
        game.format_position(),
        "......../......../..oxox../..xoxo../..oxox../..xoxo../......../........ x"
    );
    assert_eq!(game.legal_squares().len(), 16);
    let game = Blockade::start(&rules(&["start=wide", "neighbourhood=4"]), &[]).unwrap();
    assert_eq!(
        game.format_position(),
        "......../......../..x.x.../...o.o../..x.x.../...o.o../......../........ x"
    );
    assert_eq!(game.legal_squares().len(), 8);
    for size in 6..=11 {
        for neighbourhood in ["4", "8"] {
            let size_setting = format!("size={size}");
            let n_setting = format!("neighbourhood={neighbourhood}");
            let settings = [size_setting.as_str(), n_setting.as_str()];
            let centre = Blockade::start(&rules(&settings), &[]).unwrap();
            let wide = Blockade::start(&rules(&[&settings[..], &["start=wide"]].concat()), &[]).unwrap();
            assert!(wide.legal_squares().len() > centre.legal_squares().len(), "{settings:?}");
            assert_eq!(wide.stones(Seat::FIRST).len(), wide.stones(Seat::SECOND).len());
            assert_eq!(wide.score(Seat::FIRST), wide.score(Seat::SECOND), "no stone on an edge");
            // The wide pattern contains the centre one.
            for seat in [Seat::FIRST, Seat::SECOND] {
                let (c, w) = (centre.stones(seat).bits(), wide.stones(seat).bits());
                assert_eq!(c & w, c, "{settings:?}");
            }
        }
    }
}

#[test]
fn grid_start_spreads_over_the_board() {
    let game = Blockade::start(&rules(&["start=grid"]), &[]).unwrap();
    assert_eq!(
        game.format_position(),
        "......../......../.x.o.x../......../.o...o../......../.x.o.x../........ x"
    );
    assert_eq!(game.legal_squares().len(), 20);
    let game = Blockade::start(&rules(&["start=grid", "size=5", "neighbourhood=4"]), &[]).unwrap();
    assert_eq!(game.format_position(), "...../.o.x./...../.x.o./..... x");
    assert_eq!(game.legal_squares(), squares(&["c2", "b3", "d3", "c4"]));
    for size in 5..=11 {
        let game = Blockade::start(&rules(&["start=grid", &format!("size={size}")]), &[]).unwrap();
        assert_eq!(game.stones(Seat::FIRST).len(), game.stones(Seat::SECOND).len(), "size {size}");
        assert_eq!(game.score(Seat::FIRST), game.score(Seat::SECOND), "no stone on an edge");
    }
}

// ------------------------------------------------------------- legality

#[test]
fn each_refusal_names_its_rule() {
    let mut game = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
    let before = game.clone();
    let cases = [
        ("j9", BlockadeViolation::OffBoard { square: sq("j9"), size: 8 }, "j9 is off the 8x8 board"),
        ("d4", BlockadeViolation::Occupied { square: sq("d4") }, "d4 is occupied"),
        ("a1", BlockadeViolation::NoOwnNeighbour { square: sq("a1") }, "a1 is not next to a stone of yours"),
        (
            "f6",
            BlockadeViolation::NoEnemyNeighbour { square: sq("f6") },
            "f6 is not next to an opponent's stone",
        ),
        ("c6", BlockadeViolation::NoOwnNeighbour { square: sq("c6") }, "c6 is not next to a stone of yours"),
    ];
    for (name, violation, text) in cases {
        let mv = game.parse_move(name).unwrap();
        assert_eq!(game.try_play(mv), Err(violation), "{name}");
        assert_eq!(violation.to_string(), text);
        assert_eq!(game.effects(mv), Err(violation));
    }
    assert_eq!(game, before, "refused moves leave the position untouched");
    let err = game.parse_move("z1").unwrap_err();
    assert!(err.to_string().contains("a file letter a..k then a rank 1..11"), "{err}");
}

#[test]
fn diagonal_contact_counts_only_under_the_8_neighbourhood() {
    // d3 touches x on c2 diagonally and o on d4 orthogonally. (o on e2
    // keeps a move, d2, under the 4-neighbourhood: the game goes on.)
    let text = ".....\n...o.\n.....\n..x.o\n.....\nx";
    let eight = position(&["size=5"], text);
    let four = position(&["size=5", "neighbourhood=4"], text);
    assert!(eight.check_move(sq("d3")).is_ok());
    assert_eq!(four.check_move(sq("d3")), Err(BlockadeViolation::NoOwnNeighbour { square: sq("d3") }));
    assert!(four.check_move(sq("c3")).is_err(), "c3 touches o only diagonally");
}

// ------------------------------------------------- thresholds, one by one

#[derive(Clone, Copy, Debug, PartialEq)]
enum Rule {
    Capture,
    Claim,
    Overcrowd,
}

/// A 7x7 position where x places on d3 and the target square d4 then has
/// exactly `count` x stones around it (d3 included). d4 holds an o stone
/// for capture, nothing for claim, an x stone for overcrowd. d2 gives d3
/// its own neighbour; an o stone not next to d4 (e2, or e3 under the
/// 4-neighbourhood) gives it an enemy one.
fn target_case(rule: Rule, neighbourhood: u8, count: usize, threshold: u8) -> Blockade {
    let mut grid = vec![vec!['.'; 7]; 7]; // grid[rank][file], rank 0 = rank 1
    let mut put = |name: &str, c: char| {
        let s = sq(name);
        grid[s.rank() as usize][s.file() as usize] = c;
    };
    let others: &[&str] =
        if neighbourhood == 8 { &["c4", "e4", "d5", "c3", "e3", "c5", "e5"] } else { &["c4", "e4", "d5"] };
    put("d2", 'x');
    put(if neighbourhood == 8 { "e2" } else { "e3" }, 'o');
    for name in &others[..count - 1] {
        put(name, 'x');
    }
    put(
        "d4",
        match rule {
            Rule::Capture => 'o',
            Rule::Claim => '.',
            Rule::Overcrowd => 'x',
        },
    );
    let text: Vec<String> = grid.iter().rev().map(|row| row.iter().collect()).collect();
    // Only the rule under test is on.
    let setting = |name: &str, r: Rule| format!("{name}={}", if r == rule { threshold } else { 0 });
    let settings = [
        "size=7".to_string(),
        format!("neighbourhood={neighbourhood}"),
        setting("capture", Rule::Capture),
        setting("claim", Rule::Claim),
        setting("overcrowd", Rule::Overcrowd),
    ];
    let settings: Vec<&str> = settings.iter().map(String::as_str).collect();
    position(&settings, &format!("{}\nx", text.join("\n")))
}

#[test]
fn each_threshold_fires_exactly_at_its_count_and_not_one_below() {
    for neighbourhood in [4u8, 8] {
        for rule in [Rule::Capture, Rule::Claim, Rule::Overcrowd] {
            for count in 1..=neighbourhood as usize {
                let (before, after) = match rule {
                    Rule::Capture => (Some(Seat::SECOND), Some(Seat::FIRST)),
                    Rule::Claim => (None, Some(Seat::FIRST)),
                    Rule::Overcrowd => (Some(Seat::FIRST), Some(Seat::SECOND)),
                };
                let what = format!("{rule:?} under {neighbourhood} with {count} around d4");
                // At the threshold: d4 changes.
                let mut game = target_case(rule, neighbourhood, count, count as u8);
                assert_eq!(game.stone(sq("d4")), before, "{what}");
                let effects = game.effects(sq("d3")).unwrap();
                let changed = match rule {
                    Rule::Capture => effects.captured,
                    Rule::Claim => effects.claimed,
                    Rule::Overcrowd => effects.overcrowded,
                };
                assert!(changed.contains(sq("d4")), "{what}: {effects:?}");
                game.play(sq("d3"));
                assert_eq!(game.stone(sq("d4")), after, "{what}");
                // One below (the threshold one above the count): no change.
                if count < 8 {
                    let mut game = target_case(rule, neighbourhood, count, count as u8 + 1);
                    assert!(!game.effects(sq("d3")).unwrap().changed().contains(sq("d4")), "{what}");
                    game.play(sq("d3"));
                    assert_eq!(game.stone(sq("d4")), before, "{what}, threshold {}", count + 1);
                }
                // Switched off: no change.
                let mut game = target_case(rule, neighbourhood, count, 0);
                game.play(sq("d3"));
                assert_eq!(game.stone(sq("d4")), before, "{what}, rule off");
            }
        }
    }
}

// ------------------------------------------------------ drawn positions

#[test]
fn all_changes_use_the_counts_right_after_placing() {
    // x plays c3. b3 (o) has c3, c2 and b2 around it: captured (3).
    // c2 (x) has c3, b2, d1: 3, not overcrowded; had the capture of b3
    // counted first it would be 4. d2 (empty) has c3, c2, d1: claimed; d3
    // (empty) has c3, c2 and would have had the claimed d2: stays empty.
    let mut game = position(&["size=5"], ".....\n.....\n.o...\n.xx..\n...x.\nx");
    let effects = game.effects(sq("c3")).unwrap();
    assert_eq!(effects.mover, Seat::FIRST);
    assert_eq!(effects.captured, squares(&["b3"]));
    assert_eq!(effects.claimed, squares(&["d2"]));
    assert_eq!(effects.overcrowded, SquareSet::EMPTY);
    assert_eq!(effects.changed(), squares(&["c3", "b3", "d2"]));
    game.play(sq("c3"));
    assert_eq!(game.format_position(), "...../...../.xx../.xxx./...x. o");
    // o has no stone left, so no move: the game is over. x scores b2, c2,
    // b3, c3, d2 (1 each) and d1 (an edge, 3).
    assert_eq!(game.outcome(), Some(Outcome::win(Seat::FIRST, 8)));
}

#[test]
fn the_placed_stone_is_never_overcrowded_by_its_own_move() {
    // overcrowd=1: every x stone next to the new one flips (b3, which has
    // b2, c2 and c4 around it), but the new one, with b3 around it, stays.
    let mut game =
        position(&["size=5", "capture=0", "claim=0", "overcrowd=1"], ".....\n.....\n.xo..\n.xx..\n.....\nx");
    let effects = game.effects(sq("c4")).unwrap();
    assert_eq!(effects.overcrowded, squares(&["b3"]));
    game.play(sq("c4"));
    assert_eq!(game.stone(sq("c4")), Some(Seat::FIRST));
    assert_eq!(game.stone(sq("b3")), Some(Seat::SECOND));
    // b2 and c2 are not next to c4: untouched.
    assert_eq!(game.stone(sq("b2")), Some(Seat::FIRST));
    assert_eq!(game.stone(sq("c2")), Some(Seat::FIRST));
}

#[test]
fn overcrowding_hands_stones_to_the_opponent() {
    // x plays b4 (touching o on c5). Counting x after placing: a3 has a2,
    // b2, b3, b4 (4) and c3 has b2, c2, b3, b4 (4): both flip; b3 has 6 and
    // flips; a5 and b5 have 2 each and stay.
    let mut game = position(&["size=5", "capture=0", "claim=0"], "xxo..\n.....\nxxx..\nxxx..\n.....\nx");
    let effects = game.effects(sq("b4")).unwrap();
    assert_eq!(effects.overcrowded, squares(&["a3", "b3", "c3"]));
    game.play(sq("b4"));
    assert_eq!(game.format_position(), "xxo../.x.../ooo../xxx../..... o");
    // One short of the threshold: with overcrowd=5 only b3 (6) flips.
    let game =
        position(&["size=5", "capture=0", "claim=0", "overcrowd=5"], "xxo..\n.....\nxxx..\nxxx..\n.....\nx");
    assert_eq!(game.effects(sq("b4")).unwrap().overcrowded, squares(&["b3"]));
}

#[test]
fn claims_fill_empty_squares_under_the_4_neighbourhood() {
    // x plays c3 (touching x on b3 and o on d3). c4 then has b4, c5 and c3
    // around it orthogonally: 3, claimed. c2 has b2 and c3: 2, stays empty.
    let mut game = position(&["size=5", "neighbourhood=4"], "..x..\n.x...\n.x.o.\n.x...\n.....\nx");
    let effects = game.effects(sq("c3")).unwrap();
    assert_eq!(effects.claimed, squares(&["c4"]));
    assert_eq!(effects.captured, SquareSet::EMPTY);
    game.play(sq("c3"));
    assert_eq!(game.stone(sq("c4")), Some(Seat::FIRST));
    assert_eq!(game.stone(sq("c2")), None);
}

#[test]
fn captures_under_the_4_neighbourhood_count_only_orthogonal_stones() {
    // x plays c3. o on c4 then has b4, d4 and c3 orthogonally (3), o on d3
    // has c3, d2 and d4 (3): both captured. b3 has c3 and b4 orthogonally
    // (2): not claimed.
    let text = ".....\n.xox.\n...o.\n..xx.\n.....\nx";
    let mut game = position(&["size=5", "neighbourhood=4"], text);
    let effects = game.effects(sq("c3")).unwrap();
    assert_eq!(effects.captured, squares(&["c4", "d3"]));
    assert_eq!(effects.claimed, SquareSet::EMPTY);
    game.play(sq("c3"));
    assert_eq!(game.stones(Seat::SECOND), SquareSet::EMPTY);
    // Under the 8-neighbourhood the diagonal c2 also counts around b3 (c2,
    // c3, b4: 3), so b3 is claimed as well.
    let game = position(&["size=5"], text);
    let effects = game.effects(sq("c3")).unwrap();
    assert_eq!(effects.captured, squares(&["c4", "d3"]));
    assert_eq!(effects.claimed, squares(&["b3"]));
}

// -------------------------------------------------------------- scoring

#[test]
fn corners_and_edges_score_their_values() {
    // x: corners a1 and e1, edge b1, interior b2. o: corner a5, edges c5
    // and a3, interior c3 and d3.
    let game =
        position(&["size=5", "corner_value=7", "edge_value=2"], "o.o..\n.....\no.oo.\n.x...\nxx..x\nx");
    assert_eq!(game.score(Seat::FIRST), 7 + 7 + 2 + 1);
    assert_eq!(game.score(Seat::SECOND), 7 + 2 + 2 + 1 + 1);
    assert_eq!(game.square_value(sq("a1")), Some(7));
    assert_eq!(game.square_value(sq("e5")), Some(7));
    assert_eq!(game.square_value(sq("c1")), Some(2));
    assert_eq!(game.square_value(sq("e3")), Some(2));
    assert_eq!(game.square_value(sq("b4")), Some(1));
    assert_eq!(game.square_value(sq("f6")), None, "off a 5x5 board");
    let default = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
    assert_eq!(default.square_value(sq("h8")), Some(9));
    assert_eq!(default.square_value(sq("h7")), Some(3));
    assert_eq!(default.square_value(sq("g7")), Some(1));
    let total: u32 = default.squares().iter().map(|s| default.square_value(s).unwrap()).sum();
    assert_eq!(total, 4 * 9 + 24 * 3 + 36);
}

// ----------------------------------------------------------------- end

#[test]
fn no_legal_move_ends_the_game_with_empty_squares_left() {
    // Stones of the two colours far apart: no square touches both.
    let game = position(&["size=5"], "....o\n.....\n.....\n.....\nxx...\nx");
    assert!(game.legal_squares().is_empty());
    let mut moves = vec![sq("a1")];
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(game.outcome(), Some(Outcome::win(Seat::FIRST, 3)));
    assert_eq!(game.check_move(sq("c3")), Err(BlockadeViolation::GameOver));
    // The same squares are legal for both sides, so "no move for the side
    // to move" is "no move for anyone": there is nothing to pass for.
    let other_side = position(&["size=5"], "....o\n.....\n.....\n.....\nxx...\no");
    assert_eq!(other_side.outcome(), game.outcome());
    // Equal scores draw.
    let draw = position(&["size=5"], "....o\n.....\n.....\n.....\nx....\nx");
    assert_eq!(draw.outcome(), Some(Outcome::draw()));
}

#[test]
fn a_full_board_ends_the_game() {
    let full = position(&["size=5"], "xxxxx\nooooo\nxxxxx\nooooo\nxxxxo\no");
    assert!(full.empty_squares().is_empty());
    assert_eq!(full.stable_squares().len(), 25);
    // x: corners a5, e5, a1 (27), edges b5..d5, b1..d1, a3, e3 (24), b3..d3
    // (3) = 54. o: corner e1 (9), edges a4, e4, a2, e2 (12), b4..d4,
    // b2..d2 (6) = 27.
    assert_eq!(full.outcome(), Some(Outcome::win(Seat::FIRST, 54 - 27)));
    // One empty square left: a move fills it and ends the game.
    let mut almost = position(&["size=5"], "xxxxx\nooooo\nxx.xx\nooooo\nxxxxo\no");
    assert_eq!(almost.legal_squares(), squares(&["c3"]));
    almost.play(sq("c3"));
    assert!(almost.outcome().is_some());
}

// ----------------------------------------------------------- evaluation

#[test]
fn evaluation_prefers_material_and_stability() {
    let game = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
    assert_eq!(game.evaluate(Seat::FIRST), 0, "the start is even");
    let mut after = game.clone();
    after.play(sq("d3")); // captures e4
    assert!(after.evaluate(Seat::FIRST) > 0);
    assert_eq!(after.evaluate(Seat::FIRST), -after.evaluate(Seat::SECOND));
    // Equal material (16 each), but x's corner a1 is surrounded: stable.
    let game = position(&["size=5"], "...oo\n....o\n..o..\nxx...\nxx...\nx");
    assert_eq!(game.score(Seat::FIRST), game.score(Seat::SECOND));
    assert_eq!(game.stable_squares(), squares(&["a1"]));
    assert!(game.evaluate(Seat::FIRST) > 0);
    assert_eq!(game.evaluate(Seat::SECOND), -game.evaluate(Seat::FIRST));
}
