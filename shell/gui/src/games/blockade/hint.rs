//! Why a Blockade move is good, in a few words: the squares it takes and
//! what it is worth to the mover.

use blockade::{Blockade, Square};
use game_core::Game;

/// What placing on `square` does for the player to move: "captures 2,
/// claims 1, +5 points", or at least what it is worth ("+1 point").
pub fn hint_reason(position: &Blockade, square: Square) -> Option<String> {
    let effects = position.effects(square).ok()?;
    let mover = effects.mover;
    let mut after = position.clone();
    after.play(square);
    let gain = i64::from(after.score(mover)) - i64::from(position.score(mover));
    let mut parts = Vec::new();
    let captured = effects.captured.len();
    if captured > 0 {
        parts.push(format!("captures {captured}"));
    }
    let claimed = effects.claimed.len();
    if claimed > 0 {
        parts.push(format!("claims {claimed}"));
    }
    let lost = effects.overcrowded.len();
    if lost > 0 {
        parts.push(format!("gives up {lost}"));
    }
    parts.push(match gain {
        1 | -1 => format!("{gain:+} point"),
        _ => format!("{gain:+} points"),
    });
    Some(parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockade::BlockadeRules;

    #[test]
    fn the_reason_counts_the_squares_taken_and_the_points() {
        let mut game = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
        let mut moves = Vec::new();
        for _ in 0..40 {
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.get(moves.len() / 3) else { break };
            let effects = game.effects(mv).unwrap();
            let reason = hint_reason(&game, mv).unwrap();
            assert!(reason.ends_with("point") || reason.ends_with("points"), "{reason}");
            assert_eq!(reason.contains("captures"), !effects.captured.is_empty(), "{reason}");
            assert_eq!(reason.contains("claims"), !effects.claimed.is_empty(), "{reason}");
            game.play(mv);
        }
        let taken = game.squares().into_iter().find(|sq| game.stone(*sq).is_some()).unwrap();
        assert_eq!(hint_reason(&game, taken), None, "not a move");
    }
}
