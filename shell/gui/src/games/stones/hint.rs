//! Why a Stones move is good, in a few words: what its sowing does for
//! the mover, read from the engine's trace of it.

use game_core::{Game, Seat};
use stones::{Landing, Sow, SowingStep, Stones};

/// What sowing `mv` here does for the player to move: "wins the game",
/// "captures 5", "free turn", "banks 2", or at least "sows 4".
pub fn hint_reason(position: &Stones, mv: Sow) -> Option<String> {
    let trace = position.trace(mv).ok()?;
    let mover = position.to_move();
    if let Some(outcome) = trace.outcome {
        return Some(match outcome.winner {
            Some(seat) if seat == mover => "wins the game".into(),
            Some(_) => "ends the game".into(),
            None => "draws the game".into(),
        });
    }
    let captured: u32 = trace
        .steps
        .iter()
        .map(|s| match s {
            SowingStep::Capture { stones, .. } => u32::from(*stones),
            _ => 0,
        })
        .sum();
    let banked = stones_banked(position, &trace.after, mover);
    let mut parts = Vec::new();
    if captured > 0 {
        parts.push(format!("captures {captured}"));
    }
    if trace.landing == Landing::FreeTurn {
        parts.push("free turn".to_string());
    }
    if captured == 0 && banked > 1 {
        parts.push(format!("banks {banked}"));
    }
    if parts.is_empty() {
        let lifted = trace.steps.iter().find_map(|s| match s {
            SowingStep::Lift { stones, .. } => Some(*stones),
            _ => None,
        })?;
        parts.push(format!("sows {lifted}"));
    }
    Some(parts.join(", "))
}

fn stones_banked(before: &Stones, after: &Stones, mover: Seat) -> u32 {
    u32::from(after.store(mover)).saturating_sub(u32::from(before.store(mover)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use stones::StonesRules;

    #[test]
    fn the_reason_says_what_the_sowing_does() {
        let start = Stones::start(&StonesRules::default(), &[]).unwrap();
        // Pile 4 of four stones ends in the score pile: a free turn.
        assert_eq!(hint_reason(&start, Sow::pile(4)).as_deref(), Some("free turn"));
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        for mv in moves {
            let reason = hint_reason(&start, mv).unwrap();
            assert!(!reason.is_empty(), "pile {}", mv.pile);
        }
        assert_eq!(hint_reason(&start, Sow::pile(99)), None, "not a move");
    }

    #[test]
    fn a_kalah_capture_is_counted() {
        let rules =
            StonesRules { sowing: stones::SowingRule::Kalah, empty_capture: true, ..Default::default() };
        let mut position = Stones::start(&rules, &[]).unwrap();
        let mut moves = Vec::new();
        // Play on until some move captures, and check the words name it.
        for _ in 0..200 {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let trace = position.trace(mv).unwrap();
                let caught = trace.steps.iter().any(|s| matches!(s, SowingStep::Capture { .. }));
                if caught && trace.outcome.is_none() {
                    let reason = hint_reason(&position, mv).unwrap();
                    assert!(reason.starts_with("captures "), "{reason}");
                    return;
                }
            }
            position.play(moves[moves.len() / 2]);
        }
        panic!("no capture came up");
    }
}
