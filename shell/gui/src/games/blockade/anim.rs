//! A Blockade move shown in steps, so a player sees why each square
//! changed: the stone is placed, then captured stones flip, claimed squares
//! fill, and overcrowded stones flip to the opponent, one kind at a time.

use blockade::{Blockade, MoveEffects, Square, SquareSet};
use game_core::Seat;

/// The kinds of change a move makes, in the order they are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The new stone.
    Placed,
    /// Opponent's stones that become the mover's.
    Captured,
    /// Empty squares that get a stone of the mover's.
    Claimed,
    /// The mover's stones that turn to the opponent.
    Overcrowded,
}

impl Change {
    /// The word shown on the board while this change plays.
    pub fn label(self) -> &'static str {
        match self {
            Change::Placed => "Placed",
            Change::Captured => "Captured",
            Change::Claimed => "Claimed",
            Change::Overcrowded => "Overcrowded",
        }
    }
}

/// Which change (if any) `square` takes part in.
pub fn change_of(effects: &MoveEffects, square: Square) -> Option<Change> {
    if effects.placed == square {
        Some(Change::Placed)
    } else if effects.captured.contains(square) {
        Some(Change::Captured)
    } else if effects.claimed.contains(square) {
        Some(Change::Claimed)
    } else if effects.overcrowded.contains(square) {
        Some(Change::Overcrowded)
    } else {
        None
    }
}

fn squares_of(effects: &MoveEffects, change: Change) -> SquareSet {
    match change {
        Change::Placed => [effects.placed].into_iter().collect(),
        Change::Captured => effects.captured,
        Change::Claimed => effects.claimed,
        Change::Overcrowded => effects.overcrowded,
    }
}

/// How a square looks at a moment of the animation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    /// Whose stone shows, if any.
    pub stone: Option<Seat>,
    /// Horizontal scale of the stone (a flip narrows it to 0 and back).
    pub width: f32,
    /// Overall scale (a stone being placed or claimed grows in).
    pub scale: f32,
}

/// A move being shown.
#[derive(Clone, Debug)]
pub struct Placing {
    /// The position before the move.
    pub before: Blockade,
    /// What the move does.
    pub effects: MoveEffects,
    phases: Vec<Change>,
    phase_length: f32,
    t: f32,
}

impl Placing {
    /// Shows `effects` on `before`, each kind of change taking
    /// `phase_length` seconds.
    pub fn new(before: Blockade, effects: MoveEffects, phase_length: f32) -> Self {
        let phases = [Change::Placed, Change::Captured, Change::Claimed, Change::Overcrowded]
            .into_iter()
            .filter(|c| !squares_of(&effects, *c).is_empty())
            .collect();
        Placing { before, effects, phases, phase_length: phase_length.max(0.01), t: 0.0 }
    }

    /// Lets `dt` seconds pass.
    pub fn update(&mut self, dt: f32) {
        self.t += dt;
    }

    /// Whether every change has been shown.
    pub fn is_done(&self) -> bool {
        self.t >= self.phases.len() as f32 * self.phase_length
    }

    /// The change playing now and how far it is, 0..1.
    pub fn current(&self) -> Option<(Change, f32)> {
        let i = (self.t / self.phase_length) as usize;
        self.phases.get(i).map(|c| (*c, self.t / self.phase_length - i as f32))
    }

    fn progress_of(&self, change: Change) -> f32 {
        match self.phases.iter().position(|c| *c == change) {
            Some(i) => (self.t / self.phase_length - i as f32).clamp(0.0, 1.0),
            None => 1.0,
        }
    }

    /// How `square` looks now.
    pub fn look(&self, square: Square) -> Look {
        let mover = self.effects.mover;
        let old = self.before.stone(square);
        let plain = Look { stone: old, width: 1.0, scale: 1.0 };
        let Some(change) = change_of(&self.effects, square) else { return plain };
        let p = self.progress_of(change);
        match change {
            Change::Placed | Change::Claimed if p <= 0.0 => Look { stone: None, width: 1.0, scale: 1.0 },
            Change::Placed | Change::Claimed => {
                Look { stone: Some(mover), width: 1.0, scale: (p * 2.0).min(1.0) }
            }
            Change::Captured | Change::Overcrowded => {
                let new = if change == Change::Captured { mover } else { mover.opponent() };
                if p < 0.5 {
                    Look { stone: old, width: 1.0 - p * 2.0, scale: 1.0 }
                } else {
                    Look { stone: Some(new), width: (p - 0.5) * 2.0, scale: 1.0 }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockade::BlockadeRules;
    use game_core::Game;

    #[test]
    fn the_animation_ends_on_the_position_the_rules_give() {
        let mut game = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
        let mut moves = Vec::new();
        for _ in 0..20 {
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.get(moves.len() / 2) else { break };
            let effects = game.effects(mv).unwrap();
            let mut after = game.clone();
            after.play(mv);
            let mut placing = Placing::new(game.clone(), effects, 0.2);
            assert_eq!(placing.look(mv).stone, None, "nothing is placed yet");
            let mut saw = Vec::new();
            while !placing.is_done() {
                placing.update(0.05);
                if let Some((c, _)) = placing.current()
                    && !saw.contains(&c)
                {
                    saw.push(c);
                }
            }
            assert_eq!(saw.first(), Some(&Change::Placed));
            for sq in game.squares() {
                assert_eq!(placing.look(sq).stone, after.stone(sq), "{sq:?}");
            }
            if !effects.captured.is_empty() {
                assert!(saw.contains(&Change::Captured));
            }
            game = after;
        }
    }
}
