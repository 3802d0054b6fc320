//! Combat: what happens when a piece strikes an enemy piece.
//!
//! Both ranks are revealed to both players. Then:
//! - the lower rank number wins, and equal ranks both die;
//! - a Spy that strikes the Marshal wins, but a Marshal that strikes a Spy
//!   wins, and the Spy loses every other fight (a Spy striking a Spy is an
//!   equal fight: both die);
//! - any piece that strikes a Bomb dies, except a Miner, which removes the
//!   Bomb; with `bombs = "single-use"` the struck Bomb is removed too;
//! - striking the Flag wins the game.
//!
//! A winning attacker takes the square; a winning defender stays where it
//! is. Bombs and the Flag never strike.

use crate::rank::Rank;
use crate::rules::BombRule;
use serde::{Deserialize, Serialize};

/// The result of one strike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Clash {
    /// The defender is removed and the attacker takes its square.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both are removed.
    BothDie,
    /// The Flag is taken: the attacker takes its square and wins the game.
    FlagCaptured,
}

/// What happens when `attacker` strikes `defender`, or `None` if the
/// attacker cannot strike at all (a Bomb or the Flag).
pub const fn battle(attacker: Rank, defender: Rank, bombs: BombRule) -> Option<Clash> {
    if !attacker.can_move() {
        return None;
    }
    let clash = match (attacker, defender) {
        (_, Rank::Flag) => Clash::FlagCaptured,
        (Rank::Miner, Rank::Bomb) => Clash::AttackerWins,
        (_, Rank::Bomb) => match bombs {
            BombRule::Permanent => Clash::DefenderWins,
            BombRule::SingleUse => Clash::BothDie,
        },
        (Rank::Spy, Rank::Marshal) => Clash::AttackerWins,
        (Rank::Spy, Rank::Spy) => Clash::BothDie,
        (Rank::Spy, _) => Clash::DefenderWins,
        (_, Rank::Spy) => Clash::AttackerWins,
        // Both numbered: the lower number wins.
        (a, d) => {
            if (a as u8) < (d as u8) {
                Clash::AttackerWins
            } else if (a as u8) > (d as u8) {
                Clash::DefenderWins
            } else {
                Clash::BothDie
            }
        }
    };
    Some(clash)
}

impl Clash {
    /// Whether the attacking piece survives.
    pub const fn attacker_survives(self) -> bool {
        matches!(self, Clash::AttackerWins | Clash::FlagCaptured)
    }

    /// Whether the struck piece survives.
    pub const fn defender_survives(self) -> bool {
        matches!(self, Clash::DefenderWins)
    }
}
