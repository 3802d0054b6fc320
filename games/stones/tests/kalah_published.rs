//! Kalah against the published results of "Solving Kalah" (G. Irving,
//! J. Donkers, J. Uiterwijk, ICGA Journal 23(3), 2000).
//!
//! The paper plays Kalah(m, n) (m pits a side, n stones a pit) with the
//! *empty capture*: a last stone in the mover's own empty pit captures
//! itself and the opposite pit even when that pit is empty. The game ends
//! as soon as a sowing leaves a side empty (a free turn included), and each
//! player keeps the stones on their own side. Its Table 10 gives win, draw
//! or loss for the first player for m, n <= 6 (but (6, 6)); Table 9 gives
//! the exact margin for m = 4..=6, with one perfect game each.
//!
//! Here a plain brute-force solver (negamax over the final margin,
//! memoised by position) solves the small cases from the start position
//! with this crate's rules, `sowing = "kalah"`, `empty_capture = true`,
//! and the paper's perfect games are replayed move by move. The standard
//! capture (no capture from an empty opposite pit) has no published values
//! at these sizes, so its values are checked against the independent naive
//! implementation and pinned.
//!
//! The quick cases run with `cargo test`; the larger ones (Kalah(4, 3) and
//! Kalah(5, 2)) take several seconds in the test profile and run with `cargo test -p stones --release --test kalah_published --
//! --include-ignored`.

mod common;

use game_core::{Game, Seat};
use std::collections::HashMap;
use stones::{Sow, Stones, StonesRules};

/// Table 10: the first player's result in Kalah(m, n), n = 1..=6, by m.
const TABLE_10: [(u8, &str); 6] =
    [(1, "DLWLWD"), (2, "WLLLWW"), (3, "DWWWWL"), (4, "WWWWWD"), (5, "DDWWWW"), (6, "WWWWW")];

/// Table 9: Kalah(m, n), the first player's margin, and a perfect game.
/// Pits are numbered from 0 in sowing order on each side (0 is the pit
/// farthest from its owner's score pile); a dash is where the turn passes.
const TABLE_9: [(u8, u8, i64, &str); 17] = [
    (4, 1, 2, "32-32-1"),
    (4, 2, 6, "3-3-230-231-1323"),
    (4, 3, 8, "13-1-032-2-3-0-1320-3-0-2"),
    (4, 4, 2, "02-2-3-0-2-21-303231-0-32-1-0"),
    (4, 5, 2, "0-2-1-3-0-2-1-0-32-3-021-2-0-02-2-1-3-3-313032-13031-1-2-2-3"),
    // The paper's Kalah(4, 6) game cannot be replayed past its tenth turn
    // under any reading of the rules (a misprint); its margin still is 0.
    (4, 6, 0, ""),
    (5, 1, 0, "43-43-2-2"),
    (5, 2, 0, "31-32-24-0-0-31-3"),
    (5, 3, 8, "24-3-3-03-41-1-04342-3-3-2-2-4-414342-3"),
    (5, 4, 12, "12-04-03-2-20-41-1-42-32-3-2-40-0-1"),
    (5, 5, 2, "03-2-2-1-1-23-24-2-0-34414340-4240-2-14342"),
    (5, 6, 2, "2-0-0-3-3-0-2-1-440-4-42-2-121-12-3-1-4-20-0-34-24-324-1-3-3-1-41-43-2-2-3"),
    (6, 1, 2, "54-54-3-3-2"),
    (6, 2, 10, "42-42-30-0-1-1-4-5"),
    (6, 3, 2, "4-5-35-250-2-154-451535452-53-3-54-2"),
    (6, 4, 10, "25-10-3-3-5153-1-4-5-045-4-535452-53-4-1-3-2-0-54-1-3"),
    (6, 5, 12, "12-02-05-2-4-51-53-3-45-20-3-2-2-345-5-4-351-0-54-1-52-354-4-254-3-3"),
];

/// Player One's final margin under perfect play from `start`.
fn solve(start: &Stones) -> i64 {
    let mut memo = HashMap::new();
    let future = future_margin(start, &mut memo);
    let banked = start.store(Seat::FIRST) as i64 - start.store(Seat::SECOND) as i64;
    banked + if start.to_move() == Seat::FIRST { future } else { -future }
}

/// What the side to move will still gain over the other from here, under
/// perfect play. Nothing in the rules reads a score pile, so it depends
/// only on the piles and the side to move: that is the memo key.
fn future_margin(position: &Stones, memo: &mut HashMap<u128, i16>) -> i64 {
    if position.outcome().is_some() {
        return 0;
    }
    let mover = position.to_move();
    let mut key = mover.index() as u128;
    for seat in [Seat::FIRST, Seat::SECOND] {
        for &count in position.row(seat) {
            key = key << 8 | count as u128;
        }
    }
    if let Some(&v) = memo.get(&key) {
        return v as i64;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut best = i64::MIN;
    for mv in moves {
        let mut child = position.clone();
        child.play(mv);
        let gain = (child.store(mover) as i64 - position.store(mover) as i64)
            - (child.store(mover.opponent()) as i64 - position.store(mover.opponent()) as i64);
        let rest = future_margin(&child, memo);
        best = best.max(gain + if child.to_move() == mover { rest } else { -rest });
    }
    memo.insert(key, best as i16);
    best
}

fn kalah(pits: u8, stones: u8, empty_capture: bool) -> Stones {
    Stones::start(&StonesRules::kalah(pits, stones, empty_capture), &[]).unwrap()
}

fn result_letter(margin: i64) -> char {
    match margin.signum() {
        1 => 'W',
        0 => 'D',
        _ => 'L',
    }
}

fn table_10(pits: u8, stones: u8) -> char {
    let row = TABLE_10.iter().find(|(m, _)| *m == pits).unwrap().1;
    row.as_bytes()[stones as usize - 1] as char
}

fn table_9(pits: u8, stones: u8) -> Option<i64> {
    TABLE_9.iter().find(|&&(m, n, _, _)| (m, n) == (pits, stones)).map(|&(_, _, margin, _)| margin)
}

/// Solves Kalah(pits, stones) with the empty capture and compares it with
/// both tables.
fn check_published(pits: u8, stones: u8) {
    let margin = solve(&kalah(pits, stones, true));
    assert_eq!(result_letter(margin), table_10(pits, stones), "Kalah({pits},{stones}) margin {margin}");
    if let Some(published) = table_9(pits, stones) {
        assert_eq!(margin, published, "Kalah({pits},{stones})");
    }
}

#[test]
fn small_kalah_matches_the_published_values() {
    for (pits, stones) in [(3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (3, 6), (4, 1), (4, 2), (5, 1), (6, 1)] {
        check_published(pits, stones);
    }
}

#[test]
#[ignore = "seconds in the test profile; run with --release --include-ignored"]
fn larger_kalah_matches_the_published_values() {
    for (pits, stones) in [(4, 3), (5, 2)] {
        check_published(pits, stones);
    }
    for (pits, stones, margin) in [(4, 3, 6), (5, 2, 2)] {
        assert_eq!(solve(&kalah(pits, stones, false)), margin, "Kalah({pits},{stones}) standard capture");
    }
}

/// Replays a perfect game of the paper: every sowing but the last of a
/// turn earns a free turn, the last passes the turn or ends the game, and
/// the game ends with the published margin and every stone banked.
fn replay(pits: u8, stones: u8, margin: i64, line: &str) {
    let mut game = kalah(pits, stones, true);
    for (t, turn) in line.split('-').enumerate() {
        let mover = game.to_move();
        for (i, hole) in turn.bytes().enumerate() {
            assert!(game.outcome().is_none(), "Kalah({pits},{stones}) turn {t}: the game is already over");
            // Pit `h` counted from the far end is pile `pits - h` counted
            // from the score pile.
            let mv = Sow::pile(pits - (hole - b'0'));
            game.try_play(mv).unwrap_or_else(|e| panic!("Kalah({pits},{stones}) turn {t} {mv:?}: {e}"));
            let last = i + 1 == turn.len();
            let kept_turn = game.to_move() == mover;
            assert!(
                game.outcome().is_some() || kept_turn != last,
                "Kalah({pits},{stones}) turn {t} ({turn}) sowing {i}: free turn {kept_turn}"
            );
        }
    }
    let outcome = game.outcome().unwrap_or_else(|| panic!("Kalah({pits},{stones}) did not end"));
    assert_eq!(outcome.margin_for(Seat::FIRST), margin, "Kalah({pits},{stones})");
    assert_eq!(
        game.store(Seat::FIRST) as u32 + game.store(Seat::SECOND) as u32,
        2 * pits as u32 * stones as u32
    );
}

#[test]
fn the_paper_s_perfect_games_replay_to_their_margins() {
    for (pits, stones, margin, line) in TABLE_9 {
        // Stones boards have 3..=8 pits; every published line fits.
        if !line.is_empty() {
            replay(pits, stones, margin, line);
        }
    }
}

#[test]
fn the_perfect_games_break_under_the_standard_capture() {
    // The replays are a real test of the capture rule: with the standard
    // capture some published games no longer reach their margins.
    let final_margin = |pits: u8, stones: u8, line: &str| {
        let mut game = kalah(pits, stones, false);
        for hole in line.bytes().filter(|&b| b != b'-') {
            game.try_play(Sow::pile(pits - (hole - b'0'))).ok()?;
        }
        game.outcome().map(|o| o.margin_for(Seat::FIRST))
    };
    let broken = TABLE_9
        .iter()
        .filter(|(_, _, _, line)| !line.is_empty())
        .filter(|&&(pits, stones, margin, line)| final_margin(pits, stones, line) != Some(margin))
        .count();
    assert!(broken > 0);
}

/// The standard capture, pinned: the values this solver finds (the naive
/// implementation agrees where it is fast enough to run). The paper covers
/// only the empty capture; the two differ first at Kalah(5, 2) (+2 here,
/// a draw there), Kalah(4, 3) (+6 against +8) and Kalah(3, 6) (-8 against
/// -10). The AI's solver must reproduce these too.
const STANDARD_CAPTURE: [(u8, u8, i64); 10] = [
    (3, 1, 0),
    (3, 2, 4),
    (3, 3, 2),
    (3, 4, 2),
    (3, 5, 6),
    (3, 6, -8),
    (4, 1, 2),
    (4, 2, 6),
    (5, 1, 0),
    (6, 1, 2),
];

#[test]
fn small_kalah_with_the_standard_capture() {
    for (pits, stones, margin) in STANDARD_CAPTURE {
        let ours = solve(&kalah(pits, stones, false));
        assert_eq!(ours, margin, "Kalah({pits},{stones}) standard capture");
    }
}

#[test]
fn the_naive_implementation_agrees_on_exact_values() {
    for empty_capture in [false, true] {
        for (pits, stones) in [(3, 1), (3, 2), (4, 1)] {
            let rules = StonesRules::kalah(pits, stones, empty_capture);
            let naive = common::naive_start(&rules).solve();
            assert_eq!(
                solve(&kalah(pits, stones, empty_capture)),
                naive,
                "Kalah({pits},{stones}) {empty_capture}"
            );
        }
    }
    // And for Stones itself, where no published value exists.
    for (pits, stones) in [(3, 1), (3, 2), (4, 1)] {
        let rules = StonesRules { pits, stones, ..StonesRules::default() };
        let start = Stones::start(&rules, &[]).unwrap();
        assert_eq!(solve(&start), common::naive_start(&rules).solve(), "Stones({pits},{stones})");
    }
}
