//! What a player believes about each enemy piece it cannot see, from
//! public evidence only.
//!
//! For every unknown enemy piece, [`Beliefs`] holds a weight per rank: how
//! much more likely than another rank the evidence makes it. The sampler
//! ([`crate::sampler`]) then draws whole armies that fit the public counts
//! with probability proportional to the product of these weights, so a
//! belief never breaks the counts (eight Scouts stay eight Scouts).
//!
//! The evidence, each part switchable in a [`BeliefModel`]:
//! - **hard facts** (always): a piece that moved is neither a Bomb nor the
//!   Flag; a piece that moved far is a Scout; a battle shows both ranks;
//!   the remaining counts per rank;
//! - **where people set up** ([`setup_prior`]): the rank propensities of
//!   the piece's starting square in the human setup library, Bombs round
//!   the Flag and the Spy beside the General;
//! - **behaviour** ([`behaviour`]): approaching, fleeing from or standing
//!   up to our pieces the enemy knows; staying put turn after turn while
//!   it could have moved (more likely a Bomb or the Flag).
//!
//! Everything is computed from a [`StrategyChessView`], which holds
//! nothing hidden: the beliefs cannot cheat.

pub mod behaviour;
pub mod setup_prior;
pub mod tracks;

pub use behaviour::Behaviour;
pub use setup_prior::SetupPrior;
pub use tracks::Tracks;

use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::square::{Square, SquareSet};
use crate::view::{Seen, StrategyChessView};

/// Which evidence counts, and how much.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeliefModel {
    /// How much to trust where people put each rank ([`SetupPrior`]):
    /// the prior's propensities are raised to this power (0 ignores them,
    /// 1 takes them as counted).
    pub setup_prior: f64,
    /// The likelihood ratios of behaviour sightings.
    pub behaviour: Behaviour,
    /// How much likelier an army is for each Bomb next to its Flag (people
    /// wall their Flag in with Bombs): the weight of a whole army is
    /// multiplied by this for every Bomb, unknown or revealed, beside the
    /// Flag. 1 ignores it.
    pub flag_guard: f64,
    /// How much likelier the Spy is, for an unknown enemy piece within two
    /// squares of our Marshal once the enemy knows where it is: the Spy
    /// is the one piece that beats a Marshal, and players keep it where
    /// the Marshal goes. 1 ignores it.
    pub spy_near_marshal: f64,
    /// Players set the Spy beside the General, to take the Marshal that
    /// takes it (in 57% of the library's setups, against about 9% if the
    /// Spy stood anywhere). An army is this much likelier if a piece dealt
    /// the Spy started next to one dealt the General ([`crate::sampler`]);
    /// once a battle has shown the General, each unknown piece that
    /// started next to it is this much likelier the Spy. 1 ignores it.
    pub spy_by_general: f64,
}

impl BeliefModel {
    /// The hard facts only: every army that fits them is equally likely.
    pub const UNIFORM: BeliefModel = BeliefModel {
        setup_prior: 0.0,
        behaviour: Behaviour::NONE,
        flag_guard: 1.0,
        spy_near_marshal: 1.0,
        spy_by_general: 1.0,
    };

    /// The model the computer player uses (the figures behind it are in
    /// docs/strategy-chess-ai.md).
    pub const DEFAULT: BeliefModel = BeliefModel {
        setup_prior: 0.5,
        behaviour: Behaviour {
            approach: 4.0,
            learn_approach: 8.0,
            hunt_marshal: 8.0,
            flee: 2.0,
            stand: 1.0,
            idle: 1.0,
        },
        flag_guard: 3.0,
        spy_near_marshal: 4.0,
        spy_by_general: 6.0,
    };

    /// The model a search with this much insight draws by (see
    /// [`game_core::Observe::sampler`]): 0 the hard facts alone, anything
    /// else [`BeliefModel::DEFAULT`].
    pub const fn for_insight(insight: u8) -> BeliefModel {
        if insight == 0 { BeliefModel::UNIFORM } else { BeliefModel::DEFAULT }
    }
}

/// One unknown enemy piece and its weight per rank (0 for ranks the hard
/// facts rule out).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Belief {
    /// Where the piece stands.
    pub square: Square,
    /// Whether it has moved (so it is neither a Bomb nor the Flag).
    pub moved: bool,
    /// Relative weight of each rank, indexed like [`Rank::ALL`].
    pub weight: [f64; RANK_COUNT],
    /// Where it stood when the game began, if its story is known.
    pub start: Option<Square>,
}

/// The beliefs of a view's viewer about the enemy pieces it cannot
/// identify. See the module docs.
#[derive(Clone, Debug, PartialEq)]
pub struct Beliefs {
    /// Whose pieces the beliefs are about.
    pub enemy: Colour,
    /// The unknown enemy pieces, a1 first.
    pub pieces: Vec<Belief>,
    /// The enemy's Bombs the viewer can see (revealed in battle).
    pub known_bombs: SquareSet,
    /// See [`BeliefModel::flag_guard`].
    pub flag_guard: f64,
    /// See [`BeliefModel::spy_by_general`]: for an army, this for every
    /// unknown piece dealt the Spy that started next to one dealt the
    /// General (a General shown in battle weighs on its neighbours' own
    /// weights instead).
    pub spy_by_general: f64,
}

impl Beliefs {
    /// The beliefs `model` draws from `view`.
    pub fn of(view: &StrategyChessView, model: &BeliefModel) -> Beliefs {
        let viewer = view.viewer();
        let enemy = viewer.opponent();
        let needs_tracks =
            model.setup_prior != 0.0 || model.behaviour != Behaviour::NONE || model.spy_by_general != 1.0;
        let tracks = if needs_tracks { Tracks::of(view) } else { Tracks::default() };
        let evidence = behaviour::evidence(&tracks, viewer, &model.behaviour);
        let prior = SetupPrior::builtin();
        // Where the enemy's Generals shown in battle started.
        let generals: Vec<Square> = tracks
            .pieces
            .iter()
            .filter(|p| p.colour == enemy && p.rank == Some(Rank::General))
            .map(|p| p.start)
            .collect();
        let mut pieces = Vec::new();
        let mut known_bombs = 0;
        for (square, seen) in view.squares() {
            let Seen::Piece(piece) = seen else { continue };
            if piece.colour != enemy {
                continue;
            }
            if let Some(rank) = piece.known_rank() {
                if rank == Rank::Bomb {
                    known_bombs |= square.bit();
                }
                continue;
            }
            let id = tracks.piece_on(square);
            let start = id.map_or(square, |id| tracks.pieces[id].start);
            let mut weight = [1.0; RANK_COUNT];
            for rank in Rank::ALL {
                let w = &mut weight[rank.index()];
                if model.setup_prior != 0.0 {
                    *w *= prior.weight(enemy, start, rank).powf(model.setup_prior);
                }
                if let Some(id) = id {
                    *w *= evidence[id][rank.index()];
                }
                if !rank.can_move() && piece.facts.moved {
                    *w = 0.0;
                }
            }
            if id.is_some() && generals.iter().any(|g| g.is_next_to(start)) {
                weight[Rank::Spy.index()] *= model.spy_by_general;
            }
            pieces.push(Belief { square, moved: piece.facts.moved, weight, start: id.map(|_| start) });
        }
        // Our Marshal, if the enemy knows where it is.
        let marshal = view.squares().find_map(|(square, seen)| match seen {
            Seen::Piece(p) if p.colour == viewer && p.rank == Some(Rank::Marshal) && p.facts.revealed => {
                Some(square)
            }
            _ => None,
        });
        if let Some(marshal) = marshal {
            for belief in &mut pieces {
                if behaviour::distance(belief.square, marshal) <= 2 {
                    belief.weight[Rank::Spy.index()] *= model.spy_near_marshal;
                }
            }
        }
        Beliefs {
            enemy,
            pieces,
            known_bombs,
            flag_guard: model.flag_guard,
            spy_by_general: model.spy_by_general,
        }
    }

    /// The belief about the piece on `square`, if it is an unknown enemy
    /// piece.
    pub fn on(&self, square: Square) -> Option<&Belief> {
        self.pieces.iter().find(|b| b.square == square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StrategyChess;
    use crate::library::Library;
    use crate::rules::StrategyChessRules;
    use game_core::{Game, Observe, Seat};

    #[test]
    fn hard_facts_rule_ranks_out_and_the_uniform_model_nothing_else() {
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        let mut game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
        for mv in ["a4-a6", "b7-b6"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let view = game.view(Seat::SECOND);
        let uniform = Beliefs::of(&view, &BeliefModel::UNIFORM);
        assert_eq!(uniform.enemy, Colour::Red);
        assert!(uniform.on(Square::parse("a6").unwrap()).is_none(), "a far mover is a known Scout");
        assert_eq!(uniform.pieces.len(), 39);
        let a3 = uniform.on(Square::parse("a3").unwrap()).unwrap();
        assert!(!a3.moved && a3.weight.iter().all(|&w| w == 1.0));
        let full = Beliefs::of(&game.view(Seat::FIRST), &BeliefModel::DEFAULT);
        let b6 = full.on(Square::parse("b6").unwrap()).unwrap();
        assert!(b6.moved);
        assert_eq!((b6.weight[Rank::Bomb.index()], b6.weight[Rank::Flag.index()]), (0.0, 0.0));
        assert!(b6.weight[Rank::Scout.index()] > 0.0);
        // Blue's back row (rank 10) holds the Flag more often than its front.
        let back = full.on(Square::parse("e10").unwrap()).unwrap().weight[Rank::Flag.index()];
        let front = full.on(Square::parse("e7").unwrap()).unwrap().weight[Rank::Flag.index()];
        assert!(back > 4.0 * front, "back {back}, front {front}");
    }

    /// Blue's General takes a Red Scout and is shown; Blue's unknown
    /// pieces that started beside it are the likelier Spy, whether they
    /// have moved away since (c7) or not (f7); the others are not.
    #[test]
    fn the_piece_that_started_beside_the_general_is_the_likelier_spy() {
        let text = "\
. . . . bF . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . b6 b2 b7 . . . .
. . ~ ~ r9 . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . rF . . . . r8
to_move: red
";
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        for mv in ["j1-j2", "e7xe6", "j2-j3", "d7-c7"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let view = game.view(Seat::FIRST);
        let spy = |model: &BeliefModel, square: &str| {
            let belief = Beliefs::of(&view, model);
            let w = belief.on(Square::parse(square).unwrap()).unwrap().weight;
            w[Rank::Spy.index()] / w[Rank::Major.index()]
        };
        let by_general = BeliefModel { spy_by_general: 6.0, ..BeliefModel::UNIFORM };
        assert_eq!(spy(&by_general, "c7"), 6.0, "started on d7, beside the General's e7");
        assert_eq!(spy(&by_general, "f7"), 6.0);
        assert_eq!(spy(&by_general, "e10"), 1.0, "the Flag's square is not next to e7");
        assert_eq!(spy(&BeliefModel::UNIFORM, "c7"), 1.0);
    }
}
