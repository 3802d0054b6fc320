//! Hand-built cases, one per rule: each position was worked out on paper
//! from the rule text before the engine ran it.

use game_core::{Game, Outcome, RuleSet, Seat};
use stones::{Landing, Pit, Place, Sow, SowingStep, Stones, StonesRules, StonesViolation};

fn rules(settings: &[&str]) -> StonesRules {
    StonesRules::default().with_settings(settings).unwrap()
}

/// Plays `pile` from `before` (text form) and returns the position after.
fn sow(rules: StonesRules, before: &str, pile: u8) -> Stones {
    let mut game = Stones::parse_position(&rules, before).unwrap();
    game.try_play(Sow::pile(pile)).unwrap();
    game
}

fn one(pile: u8) -> Place {
    Place::Pit(Pit { owner: Seat::FIRST, pile })
}

fn two(pile: u8) -> Place {
    Place::Pit(Pit { owner: Seat::SECOND, pile })
}

#[test]
fn relay_lifts_filled_piles_on_both_sides_skips_the_opponent_store_and_laps_the_start_pile() {
    let relay = rules(&["pits=3"]);
    // Pile 3 (2 stones) drops into piles 2 and 1; pile 1 held a stone, so
    // both are lifted: Player One's score pile, then Player Two's pile 3
    // (top left), which held one: lift 2, into their piles 2 and 1; pile 1
    // held one: lift 2, skip Player Two's score pile, into Player One's
    // pile 3 (the emptied start pile is not skipped) and pile 2, which held
    // one: lift 2, into pile 1 and the score pile: a free turn.
    let before = Stones::parse_position(&relay, "1 0 2 [0] / 1 1 1 [0] : first").unwrap();
    let trace = before.trace(Sow::pile(3)).unwrap();
    assert_eq!(trace.after.format_position(), "1 0 1 [2] / 0 2 0 [0] : first");
    assert_eq!(trace.landing, Landing::FreeTurn);
    let lift = |place: Place, stones| match place {
        Place::Pit(pit) => SowingStep::Relay { pit, stones },
        Place::Store(_) => unreachable!(),
    };
    let drop = |place| SowingStep::Drop { place };
    assert_eq!(
        trace.steps,
        vec![
            SowingStep::Lift { pit: Pit { owner: Seat::FIRST, pile: 3 }, stones: 2 },
            drop(one(2)),
            drop(one(1)),
            lift(one(1), 2),
            drop(Place::Store(Seat::FIRST)),
            drop(two(3)),
            lift(two(3), 2),
            drop(two(2)),
            drop(two(1)),
            lift(two(1), 2),
            drop(one(3)),
            drop(one(2)),
            lift(one(2), 2),
            drop(one(1)),
            drop(Place::Store(Seat::FIRST)),
            SowingStep::Landed(Landing::FreeTurn),
        ]
    );
    assert_eq!(trace.outcome, None);
}

#[test]
fn relay_ends_the_turn_in_an_empty_pile() {
    let after = sow(rules(&["pits=3"]), "0 0 1 [0] / 1 1 1 [0] : first", 3);
    assert_eq!(after.format_position(), "0 1 0 [0] / 1 1 1 [0] : second");
}

#[test]
fn player_two_sows_the_same_way_round() {
    // Player Two's pile 2 (2 stones): pile 1, then their score pile (right
    // end): a free turn.
    let after = sow(rules(&["pits=3"]), "1 1 1 [0] / 0 2 0 [0] : second", 2);
    assert_eq!(after.format_position(), "1 1 1 [0] / 1 0 0 [1] : second");
    // Pile 1 (3 stones): their score pile, then Player One's pile 3
    // (bottom right) and pile 2, which held one: relay 2 into Player One's
    // pile 1, skip Player One's score pile, into Player Two's empty pile 3
    // (top left): the turn ends.
    let after = sow(rules(&["pits=3"]), "1 1 1 [0] / 3 0 0 [0] : second", 1);
    assert_eq!(after.format_position(), "2 0 2 [0] / 0 0 1 [1] : first");
}

#[test]
fn the_end_check_follows_a_free_turn_sowing() {
    // Pile 1 (1 stone) into the score pile is a free turn, but it empties
    // Player One's side, so the game ends at once.
    let before = "1 0 0 [5] / 2 3 0 [4] : first";
    let emptier = sow(rules(&["pits=3"]), before, 1);
    assert_eq!(emptier.format_position(), "0 0 0 [11] / 0 0 0 [4] : first");
    assert_eq!(emptier.outcome(), Some(Outcome::win(Seat::FIRST, 7)));
    let owner = sow(rules(&["pits=3", "end_sweep=owner-keeps"]), before, 1);
    assert_eq!(owner.format_position(), "0 0 0 [6] / 0 0 0 [9] : first");
    assert_eq!(owner.outcome(), Some(Outcome::win(Seat::SECOND, 3)));
    // The seat to move stays the one that would have moved next.
    assert_eq!(owner.to_move(), Seat::FIRST);
}

#[test]
fn the_emptier_collects_after_a_turn_ending_sowing() {
    // Pile 1 (2 stones): score pile, then Player Two's empty pile 3: the
    // turn ends with Player One's side empty. Emptier-collects: Player One
    // banks Player Two's 3 stones; owner-keeps: Player Two does.
    let before = "2 0 0 [3] / 1 1 0 [4] : first";
    let emptier = sow(rules(&["pits=3"]), before, 1);
    assert_eq!(emptier.format_position(), "0 0 0 [7] / 0 0 0 [4] : second");
    assert_eq!(emptier.outcome(), Some(Outcome::win(Seat::FIRST, 3)));
    let trace = Stones::parse_position(&rules(&["pits=3"]), before).unwrap().trace(Sow::pile(1)).unwrap();
    let swept: Vec<_> = trace.steps.iter().filter(|s| matches!(s, SowingStep::Sweep { .. })).collect();
    assert_eq!(swept.len(), 3, "{:?}", trace.steps);
    assert!(swept.iter().all(|s| matches!(s, SowingStep::Sweep { store: Seat::FIRST, stones: 1, .. })));
    let owner = sow(rules(&["pits=3", "end_sweep=owner-keeps"]), before, 1);
    assert_eq!(owner.format_position(), "0 0 0 [4] / 0 0 0 [7] : second");
    assert_eq!(owner.outcome(), Some(Outcome::win(Seat::SECOND, 3)));
}

#[test]
fn kalah_captures_the_opposite_pit_from_an_own_empty_pit() {
    // Pile 2 (1 stone) into the own empty pile 1, facing Player Two's pile
    // 3 (3 stones): 4 stones captured. That empties Player Two's side.
    let before = "0 1 2 [3] / 0 0 3 [5] : first";
    let kalah = rules(&["pits=3", "sowing=kalah"]);
    let trace = Stones::parse_position(&kalah, before).unwrap().trace(Sow::pile(2)).unwrap();
    assert!(trace.steps.contains(&SowingStep::Capture {
        pit: Pit { owner: Seat::FIRST, pile: 1 },
        opposite: Pit { owner: Seat::SECOND, pile: 3 },
        store: Seat::FIRST,
        stones: 4,
    }));
    // Owner-keeps (Kalah's own): Player One banks their 2 left.
    assert_eq!(trace.after.format_position(), "0 0 0 [9] / 0 0 0 [5] : second");
    assert_eq!(trace.outcome, Some(Outcome::win(Seat::FIRST, 4)));
    // Emptier-collects: Player Two, whose side is empty, banks them.
    let after = sow(rules(&["pits=3", "sowing=kalah", "end_sweep=emptier-collects"]), before, 2);
    assert_eq!(after.format_position(), "0 0 0 [7] / 0 0 0 [7] : second");
    assert_eq!(after.outcome(), Some(Outcome::draw()));
}

#[test]
fn a_capture_that_empties_both_sides_just_ends() {
    for sweep in ["end_sweep=owner-keeps", "end_sweep=emptier-collects"] {
        let after = sow(rules(&["pits=3", "sowing=kalah", sweep]), "0 1 0 [2] / 0 0 3 [4] : first", 2);
        assert_eq!(after.format_position(), "0 0 0 [6] / 0 0 0 [4] : second", "{sweep}");
        assert_eq!(after.outcome(), Some(Outcome::win(Seat::FIRST, 2)));
    }
}

#[test]
fn the_empty_capture_decides_a_capture_facing_an_empty_pit() {
    let before = "0 1 2 [0] / 1 1 0 [0] : first";
    let standard = sow(rules(&["pits=3", "sowing=kalah"]), before, 2);
    assert_eq!(standard.format_position(), "1 0 2 [0] / 1 1 0 [0] : second");
    let empty = sow(rules(&["pits=3", "sowing=kalah", "empty_capture=true"]), before, 2);
    assert_eq!(empty.format_position(), "0 0 2 [1] / 1 1 0 [0] : second");
    // Relay sowing never captures, whatever empty_capture says.
    let relay = sow(rules(&["pits=3", "empty_capture=true"]), before, 2);
    assert_eq!(relay.format_position(), "1 0 2 [0] / 1 1 0 [0] : second");
}

#[test]
fn kalah_does_not_capture_in_the_opponent_s_empty_pit() {
    // Pile 1 (3 stones): score pile, Player Two's pile 3, then their empty
    // pile 2: the turn ends, nothing captured.
    let after =
        sow(rules(&["pits=3", "sowing=kalah", "empty_capture=true"]), "3 0 1 [0] / 1 0 1 [0] : first", 1);
    assert_eq!(after.format_position(), "0 0 1 [1] / 1 1 2 [0] : second");
}

#[test]
fn kalah_has_no_relay_and_keeps_the_free_turn() {
    // Pile 3 (2 stones) ends in the filled pile 1: Kalah just ends the turn.
    let after = sow(rules(&["pits=3", "sowing=kalah"]), "1 0 2 [0] / 1 1 1 [0] : first", 3);
    assert_eq!(after.format_position(), "2 1 0 [0] / 1 1 1 [0] : second");
    let after = sow(rules(&["pits=3", "sowing=kalah"]), "0 2 0 [0] / 1 1 1 [0] : first", 2);
    assert_eq!(after.format_position(), "1 0 0 [1] / 1 1 1 [0] : first");
}

#[test]
fn a_kalah_lap_over_the_emptied_start_pile_captures() {
    // Pile 2 (7 stones) goes once round (7 places, Player Two's score pile
    // skipped) and ends in the emptied pile 2, facing Player Two's pile 2.
    let after = sow(rules(&["pits=3", "sowing=kalah"]), "0 7 1 [0] / 1 1 1 [0] : first", 2);
    assert_eq!(after.format_position(), "1 0 2 [4] / 2 0 2 [0] : second");
}

#[test]
fn refused_moves_name_the_rule_and_change_nothing() {
    let mut game = Stones::parse_position(&rules(&["pits=3"]), "0 1 2 [0] / 1 1 1 [0] : first").unwrap();
    let before = game.clone();
    assert_eq!(game.try_play(Sow::pile(1)), Err(StonesViolation::EmptyPile { pile: 1 }));
    assert_eq!(game.try_play(Sow::pile(4)), Err(StonesViolation::NoSuchPile { pile: 4, pits: 3 }));
    assert_eq!(game.try_play(Sow::pile(0)), Err(StonesViolation::NoSuchPile { pile: 0, pits: 3 }));
    assert_eq!(game, before);
    assert_eq!(
        StonesViolation::EmptyPile { pile: 1 }.to_string(),
        "pile 1 is empty: a sowing starts from a pile with stones"
    );
    assert_eq!(
        StonesViolation::NoSuchPile { pile: 4, pits: 3 }.to_string(),
        "no pile 4: piles are numbered 1..=3 from the mover's left"
    );
    let over = Stones::parse_position(&rules(&["pits=3"]), "0 0 0 [9] / 0 0 0 [3] : first").unwrap();
    assert_eq!(over.check_move(Sow::pile(1)), Err(StonesViolation::GameOver));
    assert_eq!(over.trace(Sow::pile(1)), Err(StonesViolation::GameOver));
}

#[test]
fn moves_read_as_pile_numbers_from_the_mover_s_left() {
    let game = Stones::start(&StonesRules::default(), &[]).unwrap();
    assert_eq!(game.parse_move(" 3 ").unwrap(), Sow::pile(3));
    assert_eq!(game.format_move(Sow::pile(3)), "3");
    // Readable but not on this board: refused by the rules, with a reason.
    assert_eq!(game.parse_move("9").unwrap(), Sow::pile(9));
    for bad in ["0", "", "x", "+3", "3a", "1 2", "300", "-1"] {
        let err = game.parse_move(bad).unwrap_err();
        assert_eq!(err.expected, "a pile number 1..=6", "{bad:?}");
    }
}

#[test]
fn a_turn_with_free_turns_is_a_sequence_of_plies() {
    // 6 piles of 4: pile 4 ends in the score pile (free turn); then pile 1
    // (now 5 stones) does not.
    let mut game = Stones::start(&StonesRules::default(), &[]).unwrap();
    for (text, mover_after) in [("4", Seat::FIRST), ("1", Seat::SECOND)] {
        game.try_play(game.parse_move(text).unwrap()).unwrap();
        assert_eq!(game.to_move(), mover_after, "after {text}");
    }
}
