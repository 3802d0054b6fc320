//! What a sparring style reads off its view: the odds of every rank for
//! each enemy piece, and what pieces are worth.
//!
//! The odds use only public facts, as the view gives them:
//! - a revealed piece, or one that moved far (a Scout), is known;
//! - the enemy's remaining counts less the known pieces leave a *pool* of
//!   ranks for the unknown pieces;
//! - a piece that moved is neither a Bomb nor the Flag, so the pool's
//!   Bombs and Flag stand on unmoved pieces, spread by a simple human-like
//!   prior ([`flag_weight`], [`bomb_weight`]: the Flag mostly on the back
//!   row, Bombs on the back two rows), and the movable ranks share the
//!   rest in proportion to their counts.
//!
//! So the odds become certainties exactly when the counts force them: the
//! last unmoved unknown piece with only the Flag left in the pool *is* the
//! Flag, and a General sure to win against any moved piece once the
//! enemy's Marshal and General are gone.

use crate::combat::{Clash, battle};
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::rules::BombRule;
use crate::square::{SQUARES, Square};
use crate::view::{Seen, SeenPiece, StrategyChessView};

// The styles' own piece values, kept apart from the computer's
// evaluation (`crate::eval`) so that tuning the computer never changes the
// opponents it is measured against.

/// The value of each rank, strongest first (Marshal .. Flag).
const RANK_VALUE: [i32; RANK_COUNT] = [400, 300, 200, 140, 90, 60, 40, 50, 25, 30, 30, 0];
/// Extra weight of the Marshal.
const MARSHAL_BONUS: i32 = 100;
/// Extra weight of each Miner while the enemy has Bombs.
const MINER_BONUS: i32 = 30;
/// Extra weight of each Miner while the enemy has Bombs and two or fewer
/// Miners are left.
const LAST_MINERS_BONUS: i32 = 40;
/// Extra weight of the Spy while the enemy Marshal lives.
const SPY_BONUS: i32 = 120;
/// What keeping each rank unidentified is worth.
const HIDDEN_VALUE: [i32; RANK_COUNT] = [40, 25, 16, 12, 9, 7, 6, 10, 4, 30, 12, 0];

/// How much likelier than elsewhere `owner`'s Flag stands on `square`: a
/// rule of thumb of human setups, mostly on the back row.
fn flag_weight(square: Square, owner: Colour) -> u32 {
    match square.depth_for(owner) {
        0 => 24,
        1 => 4,
        _ => 1,
    }
}

/// How much likelier than elsewhere one of `owner`'s Bombs stands on
/// `square`: the back two rows first.
fn bomb_weight(square: Square, owner: Colour) -> u32 {
    match square.depth_for(owner) {
        0 | 1 => 4,
        2 | 3 => 2,
        _ => 1,
    }
}

/// What the game is worth, in the units of piece values: more than any
/// material, so a Flag taken or lost outweighs everything else.
pub(super) const WIN: f32 = 2_000.0;

/// The odds of each rank, indexed like [`Rank::ALL`].
pub(super) type Odds = [f32; RANK_COUNT];

/// How likely `odds` make a strike by `attacker` to end each way.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Chances {
    /// The attacker wins and takes the square.
    pub win: f32,
    /// The attacker takes the Flag.
    pub flag: f32,
    /// Both die.
    pub tie: f32,
    /// The attacker dies.
    pub loss: f32,
}

impl Chances {
    /// Whether the attacker surely survives and takes the square.
    pub fn sure_win(&self) -> bool {
        self.win + self.flag >= 1.0 - 1e-4
    }
}

/// The chances of `attacker` striking a piece with these odds.
pub(super) fn chances(attacker: Rank, odds: &Odds, bombs: BombRule) -> Chances {
    let mut chances = Chances::default();
    for rank in Rank::ALL {
        let p = odds[rank.index()];
        if p <= 0.0 {
            continue;
        }
        match battle(attacker, rank, bombs) {
            Some(Clash::AttackerWins) => chances.win += p,
            Some(Clash::FlagCaptured) => chances.flag += p,
            Some(Clash::BothDie) => chances.tie += p,
            Some(Clash::DefenderWins) | None => chances.loss += p,
        }
    }
    chances
}

/// A view, read for a sparring style.
pub(super) struct Reading<'v> {
    /// The view read.
    pub view: &'v StrategyChessView,
    /// The viewer.
    pub me: Colour,
    /// The enemy.
    pub foe: Colour,
    /// The `bombs` rule.
    pub bombs: BombRule,
    /// The odds of each enemy piece, by square (all zero elsewhere).
    odds: Box<[Odds; SQUARES]>,
    /// The viewer's Flag, if it has one on the board.
    pub my_flag: Option<Square>,
    mine_left: [u8; RANK_COUNT],
    foe_left: [u8; RANK_COUNT],
    /// Enemy ranks neither dead nor identified on the board.
    foe_pool: [u8; RANK_COUNT],
}

impl<'v> Reading<'v> {
    /// Reads `view`.
    pub fn new(view: &'v StrategyChessView) -> Reading<'v> {
        let me = view.viewer();
        let foe = me.opponent();
        let foe_left = view.remaining(foe);
        let mut pool = foe_left;
        let (mut moved, mut still) = (Vec::new(), Vec::new());
        let mut my_flag = None;
        let mut odds = Box::new([[0.0; RANK_COUNT]; SQUARES]);
        for (sq, seen) in view.squares() {
            let Seen::Piece(piece) = seen else { continue };
            if piece.colour == me {
                if piece.rank == Some(Rank::Flag) {
                    my_flag = Some(sq);
                }
                continue;
            }
            match piece.known_rank() {
                Some(rank) => {
                    pool[rank.index()] = pool[rank.index()].saturating_sub(1);
                    odds[sq.index()][rank.index()] = 1.0;
                }
                None if piece.facts.moved => moved.push(sq),
                None => still.push(sq),
            }
        }
        let mobile: f32 = Rank::ALL
            .iter()
            .filter(|r| r.can_move())
            .map(|r| f32::from(pool[r.index()]))
            .sum::<f32>()
            .max(1e-6);
        let mobile_share = |rank: Rank| f32::from(pool[rank.index()]) / mobile;
        for &sq in &moved {
            for rank in Rank::ALL.into_iter().filter(|r| r.can_move()) {
                odds[sq.index()][rank.index()] = mobile_share(rank);
            }
        }
        let (flags, bombs) = (f32::from(pool[Rank::Flag.index()]), f32::from(pool[Rank::Bomb.index()]));
        // Movable pieces among the unmoved ones: all unknown pieces less the
        // moved ones, which hold movable ranks only.
        let mobile_still = (still.len() as f32 - flags - bombs).max(0.0);
        let flag_weights: f32 = still.iter().map(|&sq| flag_weight(sq, foe) as f32).sum();
        let bomb_weights: f32 = still.iter().map(|&sq| bomb_weight(sq, foe) as f32).sum();
        for &sq in &still {
            let flag = if flag_weights > 0.0 {
                (flags * flag_weight(sq, foe) as f32 / flag_weights).min(1.0)
            } else {
                0.0
            };
            let bomb = if mobile_still <= 0.0 {
                1.0 - flag
            } else if bomb_weights > 0.0 {
                (bombs * bomb_weight(sq, foe) as f32 / bomb_weights).min(1.0 - flag)
            } else {
                0.0
            };
            let rest = if mobile_still <= 0.0 { 0.0 } else { (1.0 - flag - bomb).max(0.0) };
            let cell = &mut odds[sq.index()];
            cell[Rank::Flag.index()] = flag;
            cell[Rank::Bomb.index()] = bomb;
            for rank in Rank::ALL.into_iter().filter(|r| r.can_move()) {
                cell[rank.index()] = rest * mobile_share(rank);
            }
        }
        Reading {
            view,
            me,
            foe,
            bombs: view.rules().bombs,
            odds,
            my_flag,
            mine_left: view.remaining(me),
            foe_left,
            foe_pool: pool,
        }
    }

    /// The viewer's piece on `square`: its rank and whether the enemy knows
    /// it.
    pub fn mine(&self, square: Square) -> Option<(Rank, SeenPiece)> {
        match self.view.seen(square) {
            Seen::Piece(piece) if piece.colour == self.me => piece.rank.map(|rank| (rank, piece)),
            _ => None,
        }
    }

    /// The enemy piece on `square`.
    pub fn foe(&self, square: Square) -> Option<SeenPiece> {
        self.view.piece(square).filter(|p| p.colour == self.foe)
    }

    /// The odds of the enemy piece on `square` (all zero if there is none).
    pub fn odds(&self, square: Square) -> &Odds {
        &self.odds[square.index()]
    }

    /// The enemy piece's rank on `square` if the view makes it certain
    /// (revealed, moved far, or forced by the counts).
    pub fn certain(&self, square: Square) -> Option<Rank> {
        let odds = self.odds(square);
        Rank::ALL.into_iter().find(|r| odds[r.index()] >= 1.0 - 1e-4)
    }

    /// Whether the enemy piece on `square` may be `rank`.
    pub fn could_be(&self, square: Square, rank: Rank) -> bool {
        self.odds(square)[rank.index()] > 1e-6
    }

    /// The chance that the enemy piece on `square` can move.
    pub fn mobility(&self, square: Square) -> f32 {
        let odds = self.odds(square);
        1.0 - odds[Rank::Bomb.index()] - odds[Rank::Flag.index()]
    }

    /// How many movable pieces the enemy has left.
    pub fn foe_movers(&self) -> u32 {
        Rank::ALL.iter().filter(|r| r.can_move()).map(|r| u32::from(self.foe_left[r.index()])).sum()
    }

    /// Whether the enemy still has a piece of `rank`.
    pub fn foe_has(&self, rank: Rank) -> bool {
        self.foe_left[rank.index()] > 0
    }

    /// How many pieces of `rank` the enemy has left.
    pub fn foe_count(&self, rank: Rank) -> u8 {
        self.foe_left[rank.index()]
    }

    /// Whether every enemy piece that beats or trades with a `rank`
    /// striking or struck is dead or identified: the piece can roam
    /// without meeting an unknown piece that takes it.
    pub fn unmatched(&self, rank: Rank) -> bool {
        Rank::ALL.into_iter().filter(|r| r.can_move()).all(|enemy| {
            let dangerous = !matches!(battle(enemy, rank, self.bombs), Some(Clash::DefenderWins) | None)
                || matches!(battle(rank, enemy, self.bombs), Some(Clash::DefenderWins | Clash::BothDie));
            !dangerous || self.foe_pool[enemy.index()] == 0
        })
    }

    /// What one of the viewer's pieces of `rank` is worth to the viewer.
    pub fn my_value(&self, rank: Rank) -> f32 {
        value(rank, &self.mine_left, &self.foe_left)
    }

    /// What an enemy piece of `rank` is worth to the enemy.
    pub fn foe_value(&self, rank: Rank) -> f32 {
        value(rank, &self.foe_left, &self.mine_left)
    }

    /// What learning that an enemy piece is `rank` is worth: the more a
    /// rank's secrecy protects it, the more its discovery helps (a known
    /// Marshal lets the General roam and the Spy hunt).
    pub fn knowing(&self, rank: Rank) -> f32 {
        HIDDEN_VALUE[rank.index()] as f32 * 1.5
    }

    /// The expected worth of learning the rank of the enemy piece on
    /// `square`, given that the strike on it failed against `attacker`
    /// (only the ranks that beat the attacker remain).
    pub fn knowing_after_loss(&self, square: Square, attacker: Rank) -> f32 {
        if self.certain(square).is_some() {
            return 0.0;
        }
        let odds = self.odds(square);
        let (mut worth, mut total) = (0.0, 0.0);
        for rank in Rank::ALL {
            let p = odds[rank.index()];
            if p > 0.0 && matches!(battle(attacker, rank, self.bombs), Some(Clash::DefenderWins) | None) {
                worth += p * self.knowing(rank);
                total += p;
            }
        }
        if total > 0.0 { worth / total } else { 0.0 }
    }

    /// What it costs the viewer that the enemy learns its piece of `rank`.
    pub fn exposing(&self, rank: Rank) -> f32 {
        HIDDEN_VALUE[rank.index()] as f32
    }
}

/// The worth of a piece of `rank` to its owner, who has `own` pieces left
/// against `enemy`: the evaluation's values and bonuses, and the Flag worth
/// the game.
fn value(rank: Rank, own: &[u8; RANK_COUNT], enemy: &[u8; RANK_COUNT]) -> f32 {
    let base = RANK_VALUE[rank.index()];
    let bonus = match rank {
        Rank::Flag => return WIN,
        Rank::Marshal => MARSHAL_BONUS,
        Rank::Miner if enemy[Rank::Bomb.index()] > 0 => {
            MINER_BONUS + if own[Rank::Miner.index()] <= 2 { LAST_MINERS_BONUS } else { 0 }
        }
        Rank::Spy if enemy[Rank::Marshal.index()] > 0 => SPY_BONUS,
        _ => 0,
    };
    (base + bonus) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StrategyChess;
    use crate::rules::StrategyChessRules;
    use game_core::{Game, Observe, Seat};

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    const TWO_LEFT: &str = "\
bF . . . . . . . . b4
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
rF . . . . . . . . r1
to_move: blue
";

    #[test]
    fn the_counts_pin_down_the_flag_once_the_other_piece_moved() {
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), TWO_LEFT).unwrap();
        let view = game.view(Seat::FIRST);
        let reading = Reading::new(&view);
        assert_eq!(reading.certain(sq("a10")), None, "both may still be the Flag");
        assert!(reading.odds(sq("a10"))[Rank::Flag.index()] > 0.3);
        game.play(game.parse_move("j10-j9").unwrap());
        let view = game.view(Seat::FIRST);
        let reading = Reading::new(&view);
        assert_eq!(reading.certain(sq("a10")), Some(Rank::Flag));
        assert_eq!(reading.certain(sq("j9")), Some(Rank::Major));
        assert_eq!(reading.my_flag, Some(sq("a1")));
        assert!(chances(Rank::Marshal, reading.odds(sq("j9")), BombRule::Permanent).sure_win());
        assert!(reading.unmatched(Rank::Marshal), "no enemy Marshal or Spy left");
    }

    #[test]
    fn odds_of_an_unmoved_piece_add_up_and_favour_the_flag_at_the_back() {
        let library = crate::Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        let game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
        let view = game.view(Seat::FIRST);
        let reading = Reading::new(&view);
        for name in ["a10", "e7", "j8"] {
            let total: f32 = reading.odds(sq(name)).iter().sum();
            assert!((total - 1.0).abs() < 1e-3, "{name}: {total}");
        }
        let flag = |name| reading.odds(sq(name))[Rank::Flag.index()];
        assert!(flag("e10") > 4.0 * flag("e7"), "{} vs {}", flag("e10"), flag("e7"));
        assert!(!reading.unmatched(Rank::General), "the enemy Marshal is unknown");
        assert!(!reading.unmatched(Rank::Marshal), "the enemy Spy is unknown");
    }
}
