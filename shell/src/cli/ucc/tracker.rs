//! The bot's own record of the game: where each enemy piece went and what
//! each fight revealed.
//!
//! It is kept as a full position whose enemy ranks are stand-ins: they
//! start as a made-up army and are swapped among the hidden enemy pieces
//! whenever a move or a battle says more (a piece that moves cannot be a
//! Bomb, one that moves far is a Scout, a battle names both ranks). The
//! stand-ins never leave this module: the AI gets the seat's view, which
//! shows enemy ranks only once revealed. The bot learns nothing the
//! protocol did not tell it.

use super::wire::{self, Confirmation, Outcome, SIZE};
use game_core::{Game, Observe};
use strategy_chess::{
    Clash, Colour, Move, Rank, Seen, Setup, StrategyChess, StrategyChessRules, StrategyChessView,
};

/// What a move says about the piece that made it or was struck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
    /// Exactly this rank (a battle showed it).
    Exactly(Rank),
    /// Something that moves.
    Movable,
    /// A Scout (it moved far).
    Scout,
}

impl Need {
    fn admits(self, rank: Rank) -> bool {
        match self {
            Need::Exactly(r) => r == rank,
            Need::Movable => rank.can_move(),
            Need::Scout => rank == Rank::Scout,
        }
    }
}

/// The tracked game of one bot.
#[derive(Clone, Debug)]
pub struct Tracker {
    position: StrategyChess,
    me: Colour,
}

impl Tracker {
    /// A game with `mine` for the bot's colour `me` and stand-ins for the
    /// enemy drawn as `stand_in`.
    pub fn new(
        rules: &StrategyChessRules,
        me: Colour,
        mine: Setup,
        stand_in: Setup,
    ) -> Result<Tracker, String> {
        let setups = match me {
            Colour::Red => [mine, stand_in],
            Colour::Blue => [stand_in, mine],
        };
        let position = StrategyChess::start(rules, &setups).map_err(|e| e.to_string())?;
        Ok(Tracker { position, me })
    }

    /// The bot's view: all it may know.
    pub fn view(&self) -> StrategyChessView {
        self.position.view(self.me.seat())
    }

    /// Whose turn the record says it is.
    pub fn colour_to_move(&self) -> Colour {
        self.position.colour_to_move()
    }

    /// Records a confirmed move by `mover`. On an error the record is left
    /// as it was.
    pub fn record(&mut self, mover: Colour, confirmation: Confirmation) -> Result<(), String> {
        let Confirmation::Move(wire_move, outcome) = confirmation else {
            return Ok(());
        };
        if outcome == Outcome::Illegal {
            return Ok(());
        }
        if self.position.colour_to_move() != mover {
            return Err(format!("a move by {mover}, but the record has {} to move", self.colour_to_move()));
        }
        let mv = wire_move.to_move().ok_or_else(|| format!("`{}` leaves the board", wire_move.text()))?;
        let mut next = self.position.clone();
        let ranks = match outcome {
            Outcome::Kills(a, d) | Outcome::Dies(a, d) | Outcome::BothDie(a, d) => Some((a, d)),
            Outcome::VictoryFlag(ranks) | Outcome::VictoryAttrition(ranks) => ranks,
            Outcome::Ok | Outcome::Illegal => None,
        };
        if mover == self.me {
            let defender = match (ranks, outcome) {
                (Some((_, defender)), _) => Some(defender),
                (None, Outcome::VictoryFlag(None)) => Some(Rank::Flag),
                _ => None,
            };
            if let Some(defender) = defender {
                settle(&mut next, mv.to, Need::Exactly(defender))?;
            }
        } else {
            let need = match ranks {
                Some((attacker, _)) => Need::Exactly(attacker),
                None if wire_move.distance > 1 => Need::Scout,
                None => Need::Movable,
            };
            settle(&mut next, mv.from, need)?;
        }
        next.try_play(mv).map_err(|e| format!("`{}` is refused by the rules: {e}", wire_move.text()))?;
        check_clash(&next, mv, outcome)?;
        self.position = next;
        Ok(())
    }

    /// The ten board lines as the manager should send them to this bot.
    pub fn board_lines(&self) -> Vec<String> {
        let view = self.view();
        (0..SIZE)
            .map(|y| {
                (0..SIZE)
                    .map(|x| match wire::square(x, y).map(|sq| view.seen(sq)) {
                        Some(Seen::Piece(p)) if p.colour == self.me => p.rank.map_or('?', wire::rank_char),
                        Some(Seen::Piece(_)) => '#',
                        Some(Seen::Lake) => '+',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Compares the record with the board lines the manager sent; the
    /// first difference, if any.
    pub fn compare(&self, lines: &[String]) -> Result<(), String> {
        let mine = self.board_lines();
        if lines.len() != SIZE {
            return Err(format!("{} board lines, expected {SIZE}", lines.len()));
        }
        for (y, (ours, theirs)) in mine.iter().zip(lines).enumerate() {
            let theirs = theirs.trim_end();
            if theirs.chars().count() != SIZE {
                return Err(format!("board line {y} `{theirs}` is not {SIZE} characters"));
            }
            for (x, (a, b)) in ours.chars().zip(theirs.chars()).enumerate() {
                let same =
                    a == b || (a.eq_ignore_ascii_case(&b) && matches!(a, 's' | 'S' | 'B' | 'b' | 'F' | 'f'));
                if !same {
                    return Err(format!("at {x} {y} the record has `{a}` but the manager sent `{b}`"));
                }
            }
        }
        Ok(())
    }
}

/// Makes the stand-in rank of the hidden enemy piece on `square` fit
/// `need`, by swapping ranks with another hidden enemy piece that can take
/// the old one. A revealed piece must already fit.
fn settle(position: &mut StrategyChess, square: strategy_chess::Square, need: Need) -> Result<(), String> {
    let piece = position.piece(square).ok_or_else(|| format!("no piece on {square} in the record"))?;
    if need.admits(piece.rank) {
        return Ok(());
    }
    if position.facts(square).revealed {
        return Err(format!("the piece on {square} was shown to be a {:?}, not {need:?}", piece.rank));
    }
    let old = piece.rank;
    let partner = strategy_chess::Square::all().find(|&other| {
        let Some(p) = position.piece(other) else { return false };
        let facts = position.facts(other);
        other != square
            && p.colour == piece.colour
            && !facts.revealed
            && need.admits(p.rank)
            && (old.can_move() || !facts.moved)
            && (!facts.moved_far || old == Rank::Scout)
    });
    match partner {
        Some(other) if position.swap_ranks(square, other) => Ok(()),
        _ => Err(format!("no hidden enemy piece can be {need:?} on {square}")),
    }
}

/// Whether the recorded battle ended as the manager said.
fn check_clash(after: &StrategyChess, mv: Move, outcome: Outcome) -> Result<(), String> {
    let at_to = after.piece(mv.to).map(|p| p.colour);
    let mover = after.colour_to_move().opponent();
    let from_empty = after.piece(mv.from).is_none();
    let expected = match outcome {
        Outcome::Ok | Outcome::Kills(..) | Outcome::VictoryFlag(_) => Some(Clash::AttackerWins),
        Outcome::Dies(..) => Some(Clash::DefenderWins),
        Outcome::BothDie(..) => Some(Clash::BothDie),
        Outcome::VictoryAttrition(_) | Outcome::Illegal => None,
    };
    let fine = match expected {
        Some(Clash::AttackerWins) => from_empty && at_to == Some(mover),
        Some(Clash::DefenderWins) => from_empty && at_to == Some(mover.opponent()),
        Some(Clash::BothDie) => from_empty && at_to.is_none(),
        _ => true,
    };
    if fine {
        Ok(())
    } else {
        Err(format!("the rules here resolve {mv:?} differently from the manager ({outcome:?})"))
    }
}
