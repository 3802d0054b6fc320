//! The guard of one's own Flag: how near a piece that can stop a Miner
//! stands to the squares from which the Flag is reached.
//!
//! A Flag walled in by Bombs falls in three enemy moves once a Miner
//! stands by the wall: it takes a Bomb, then the Flag. To stop it a piece
//! must be next to the wall's Bombs (to strike the Miner standing in the
//! breach) or on a square the Miner must cross. A search of four or five
//! plies sees that only when a guard is already close, so the guard's
//! distance is valued in steps, and a guard far away is drawn back before
//! an enemy piece gets near. A guard behind its own Bomb wall, on the far
//! side of the Flag, counts only as far as it can walk round.

use crate::game::StrategyChess;
use crate::rank::{Colour, Rank};
use crate::square::{LAND, next_to, squares_of};

/// The guard's value by its distance in steps from the nearest cover
/// square (0: it stands on one); nothing from farther away.
pub const GUARD_STEPS: [i32; 5] = [40, 32, 22, 12, 5];

impl StrategyChess {
    /// [`GUARD_STEPS`] for `colour`'s nearest guard of its Flag.
    ///
    /// The cover squares are the Flag's open neighbours and the squares
    /// next to the Bombs of its wall (the Flag's Bomb neighbours), where an
    /// enemy Miner must stand to breach it. A guard is a movable piece that
    /// beats a striking Miner (Marshal to Sergeant). Steps go round the
    /// lakes and one's own Bombs and Flag; other pieces are left aside. A
    /// Flag wholly walled by Bombs needs no guard once the enemy has no
    /// Miners.
    pub(crate) fn flag_guard(&self, colour: Colour) -> i32 {
        let Some(flag) = squares_of(self.board.flags(colour)).next() else {
            return 0;
        };
        let own_bombs = self.board.bombs(colour);
        let around = next_to(flag.bit()) & LAND;
        let wall = around & own_bombs;
        let open = around & !own_bombs;
        let enemy_miners = self.remaining[colour.opponent().index()][Rank::Miner.index()];
        if open == 0 && enemy_miners == 0 {
            return 0;
        }
        let blocked = own_bombs | flag.bit();
        let cover = (open | next_to(wall)) & LAND & !blocked;
        let mut guards = self.board.mobile(colour) & !self.board.scouts(colour) & !self.board.miners(colour);
        let walkable = LAND & !blocked;
        let mut reached = cover;
        for value in GUARD_STEPS {
            let mut found = reached & guards;
            while found != 0 {
                let sq = squares_of(found).next().expect("found is not empty");
                if self.board.rank_at(sq) != Some(Rank::Spy) {
                    return value;
                }
                guards &= !sq.bit();
                found &= !sq.bit();
            }
            reached |= next_to(reached) & walkable;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::StrategyChessRules;
    use game_core::Game;

    /// Red's Flag in the corner j1, walled by Bombs on i1 and j2; Blue has
    /// a Miner far away. `second` and `third` are Red's ranks 2 and 3.
    fn game(third: &str, second: &str) -> StrategyChess {
        let text = format!(
            "bF . . . . . . . . .\n. . . . . . . . . b8\n. . . . . . . . . .\n. . . . . . . . . .\n. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . .\n{third}\n{second}\n. . . . . . . . rB rF\nto_move: red\n"
        );
        StrategyChess::parse_position(&StrategyChessRules::default(), &text).unwrap()
    }

    #[test]
    fn the_guard_counts_by_its_steps_to_the_breach() {
        let empty = ". . . . . . . . . .";
        let guard = |third: &str, second: &str| game(third, second).flag_guard(Colour::Red);
        // i2 touches both Bombs of the wall (i1 and j2).
        assert_eq!(guard(empty, ". . . . . . . . r7 rB"), GUARD_STEPS[0]);
        // h2 touches neither, but i2 and h1 are one step away.
        assert_eq!(guard(empty, ". . . . . . . r7 . rB"), GUARD_STEPS[1]);
        assert_eq!(guard(". . . . . . r7 . . .", ". . . . . . . . . rB"), GUARD_STEPS[3]);
        assert_eq!(guard("r7 . . . . . . . . .", ". . . . . . . . . rB"), 0, "too far");
    }

    #[test]
    fn scouts_miners_and_the_spy_are_no_guards() {
        for piece in ["r9", "r8", "rS"] {
            let second = format!(". . . . . . . . {piece} rB");
            assert_eq!(game(". . . . . . . . . .", &second).flag_guard(Colour::Red), 0, "{piece}");
        }
        // The Spy is passed over for a real guard one step farther.
        let second = ". . . . . . . r6 rS rB";
        assert_eq!(game(". . . . . . . . . .", second).flag_guard(Colour::Red), GUARD_STEPS[1]);
    }

    #[test]
    fn a_walled_flag_needs_no_guard_without_enemy_miners() {
        let text = "bF . . . . . . . . .\n. . . . . . . . . b7\n. . . . . . . . . .\n. . . . . . . . . .\n. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . r7 rB\n. . . . . . . . rB rF\nto_move: red\n";
        let walled = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        assert_eq!(walled.flag_guard(Colour::Red), 0);
        // With j2 open the guard counts against any enemy piece.
        let open = text.replace(". . . . . . . . r7 rB\n", ". . . . . . . . r7 .\n");
        let open = StrategyChess::parse_position(&StrategyChessRules::default(), &open).unwrap();
        assert_eq!(open.flag_guard(Colour::Red), GUARD_STEPS[0]);
    }
}
