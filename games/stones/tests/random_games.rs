//! Random games under random legal rule options: nothing panics, every
//! invariant holds at every ply, the GUI's trace tells exactly what
//! happened, and relay sowing ends within its proven bound.

use game_core::rng::{GameRng, seeded};
use game_core::{Game, Referee, Seat};
use rand::Rng;
use stones::{EndSweep, Landing, Pit, Place, SowingRule, SowingStep, SowingTrace, Stones, StonesRules};

fn random_rules(rng: &mut GameRng) -> StonesRules {
    StonesRules {
        pits: rng.random_range(3..=8),
        stones: rng.random_range(1..=8),
        sowing: if rng.random_bool(0.5) { SowingRule::Relay } else { SowingRule::Kalah },
        empty_capture: rng.random_bool(0.5),
        end_sweep: [EndSweep::Auto, EndSweep::EmptierCollects, EndSweep::OwnerKeeps][rng.random_range(0..3)],
    }
}

/// The board as counts by place, for replaying a trace.
struct Counts {
    pits: u8,
    rows: [Vec<i32>; 2],
    stores: [i32; 2],
}

impl Counts {
    fn of(game: &Stones) -> Self {
        let row = |seat| game.row(seat).iter().map(|&c| c as i32).collect();
        Counts {
            pits: game.pits(),
            rows: [row(Seat::FIRST), row(Seat::SECOND)],
            stores: [game.store(Seat::FIRST) as i32, game.store(Seat::SECOND) as i32],
        }
    }

    fn pit(&mut self, pit: Pit) -> &mut i32 {
        assert!((1..=self.pits).contains(&pit.pile), "{pit:?}");
        &mut self.rows[pit.owner.index()][pit.pile as usize - 1]
    }

    fn take(&mut self, pit: Pit, stones: u8) -> i32 {
        let had = std::mem::take(self.pit(pit));
        assert_eq!(had, stones as i32, "lifted or swept {pit:?}");
        had
    }

    fn same_as(&self, game: &Stones) -> bool {
        let other = Counts::of(game);
        self.rows == other.rows && self.stores == other.stores
    }
}

/// Replays `trace` on the position before the move, checking each step
/// against the rules it stands for, and returns how many stones were
/// dropped.
fn replay(before: &Stones, trace: &SowingTrace) -> usize {
    let mover = before.to_move();
    let mut counts = Counts::of(before);
    let mut hand = 0;
    let mut drops = 0;
    for step in &trace.steps {
        match *step {
            SowingStep::Lift { pit, stones } | SowingStep::Relay { pit, stones } => {
                assert_eq!(hand, 0, "lifted with stones in hand");
                hand = counts.take(pit, stones);
            }
            SowingStep::Drop { place } => {
                assert!(hand > 0, "dropped from an empty hand");
                assert_ne!(place, Place::Store(mover.opponent()), "the opponent's score pile is skipped");
                hand -= 1;
                drops += 1;
                match place {
                    Place::Pit(pit) => *counts.pit(pit) += 1,
                    Place::Store(seat) => counts.stores[seat.index()] += 1,
                }
            }
            SowingStep::Capture { pit, opposite, store, stones } => {
                assert_eq!(before.rules().sowing, SowingRule::Kalah);
                assert_eq!((pit.owner, store), (mover, mover));
                assert_eq!(pit.pile + opposite.pile, before.pits() + 1, "opposite pits face each other");
                let taken = std::mem::take(counts.pit(pit)) + std::mem::take(counts.pit(opposite));
                assert_eq!(taken, stones as i32);
                counts.stores[store.index()] += taken;
            }
            SowingStep::Landed(landing) => {
                assert_eq!(hand, 0, "landed with stones in hand");
                assert_eq!(landing, trace.landing);
            }
            SowingStep::Sweep { pit, store, stones } => {
                let taken = counts.take(pit, stones);
                counts.stores[store.index()] += taken;
            }
        }
    }
    assert!(counts.same_as(&trace.after), "the trace does not replay to the position after");
    drops
}

fn check_invariants(game: &Stones, total: u32) {
    assert_eq!(game.total_stones(), total);
    let empty = |seat| game.row(seat).iter().all(|&c| c == 0);
    // In play both sides hold stones; over, every pile is empty.
    assert_eq!(empty(Seat::FIRST), empty(Seat::SECOND), "{}", game.format_position());
    assert_eq!(game.outcome().is_some(), empty(Seat::FIRST));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.is_empty(), game.outcome().is_some());
}

#[test]
fn random_games_under_random_rules_keep_every_invariant() {
    let mut rng = seeded(20_240_603);
    let mut free_turns = 0;
    let mut relays = 0;
    let mut captures = 0;
    for _ in 0..300 {
        let rules = random_rules(&mut rng);
        let mut game = Stones::start(&rules, &[]).unwrap();
        let total = rules.total_stones();
        let mut plies = 0;
        while let Some(mv) = game.random_move(&mut rng, &mut Vec::new()) {
            let trace = game.trace(mv).unwrap();
            let in_play = game.side_total(Seat::FIRST) + game.side_total(Seat::SECOND);
            let drops = replay(&game, &trace);
            // The termination bound proved on the sowing code.
            let lap = 2 * rules.pits as usize + 1;
            assert!(drops <= (in_play as usize + 1) * lap, "{drops} drops from {}", game.format_position());
            relays += trace.steps.iter().filter(|s| matches!(s, SowingStep::Relay { .. })).count();
            captures += trace.steps.iter().filter(|s| matches!(s, SowingStep::Capture { .. })).count();
            free_turns += (trace.landing == Landing::FreeTurn) as usize;
            let mover = game.to_move();
            game.play(mv);
            assert_eq!(game, trace.after);
            assert_eq!(trace.outcome, game.outcome());
            let expected_next = if trace.landing == Landing::FreeTurn { mover } else { mover.opponent() };
            assert_eq!(game.to_move(), expected_next);
            check_invariants(&game, total);
            plies += 1;
            assert!(plies < 10_000, "a game that does not end");
        }
        let outcome = game.outcome().unwrap();
        assert_eq!(
            outcome.margin_for(Seat::FIRST),
            game.store(Seat::FIRST) as i64 - game.store(Seat::SECOND) as i64
        );
        assert_eq!(game.store(Seat::FIRST) as u32 + game.store(Seat::SECOND) as u32, total);
    }
    // The games went through every kind of step.
    assert!(free_turns > 100 && relays > 100 && captures > 100, "{free_turns} {relays} {captures}");
}

#[test]
fn relay_sowing_ends_within_the_proven_bound() {
    // The worst case for the bound: many stones, few piles, relay sowing.
    let mut rng = seeded(7);
    let mut longest = 0;
    for _ in 0..200 {
        let rules = StonesRules { pits: rng.random_range(3..=4), stones: 8, ..StonesRules::default() };
        let mut game = Stones::start(&rules, &[]).unwrap();
        while let Some(mv) = game.random_move(&mut rng, &mut Vec::new()) {
            let in_play = (game.side_total(Seat::FIRST) + game.side_total(Seat::SECOND)) as usize;
            let trace = game.trace(mv).unwrap();
            let drops = trace.steps.iter().filter(|s| matches!(s, SowingStep::Drop { .. })).count();
            assert!(drops <= (in_play + 1) * (2 * rules.pits as usize + 1));
            longest = longest.max(drops);
            game = trace.after;
        }
    }
    // Relays really do carry sowings round the board many times.
    assert!(longest > 30, "longest sowing {longest} drops");
}

#[test]
fn the_referee_plays_stones_to_the_end() {
    let mut rng = seeded(99);
    let start = Stones::start(&StonesRules::default(), &[]).unwrap();
    let mut referee = Referee::new(start);
    while referee.outcome().is_none() {
        let seat = referee.to_move();
        // A move out of turn is refused and changes nothing.
        let ply = referee.ply();
        assert!(referee.submit_text(seat.opponent(), ply, "1").is_err());
        let mv = referee.position().random_move(&mut rng, &mut Vec::new()).unwrap();
        let text = referee.position().format_move(mv);
        referee.submit_text(seat, ply, &text).unwrap();
    }
    let last = referee.position();
    assert_eq!(last.store(Seat::FIRST) + last.store(Seat::SECOND), 48);
}
