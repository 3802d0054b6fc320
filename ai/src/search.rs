//! The interface every engine shares: a position and limits in, a move and
//! its value out.

use crate::limits::SearchLimits;
use crate::score::Score;
use crate::stats::SearchStats;
use game_core::{Game, GameRng};

/// What a search found about one root move.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its value for the side to move at the root. Exact when `exact`;
    /// otherwise only an upper bound (alpha-beta proved it no better than
    /// the best move, without finding by how much).
    pub value: Score,
    /// Whether `value` is exact.
    pub exact: bool,
    /// MCTS visits; 0 for alpha-beta.
    pub visits: u64,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over.
    pub best_move: Option<M>,
    /// The value of the position for the side to move (alpha-beta: a
    /// [`Score`]; MCTS: the win rate mapped to ±[`game_core::EVAL_LIMIT`]).
    pub value: Score,
    /// The expected line, best move first.
    pub pv: Vec<M>,
    /// Every root move searched, best first.
    pub root_moves: Vec<RootMove<M>>,
    /// What the search did.
    pub stats: SearchStats,
}

impl<M> SearchResult<M> {
    /// The result for a position where the game is over.
    pub fn game_over(value: Score) -> Self {
        SearchResult {
            best_move: None,
            value,
            pv: Vec::new(),
            root_moves: Vec::new(),
            stats: SearchStats { samples: 1, ..SearchStats::default() },
        }
    }
}

/// A search engine for one game: alpha-beta or MCTS.
///
/// An engine keeps what helps its next search (its transposition table,
/// its history) between calls, so one engine should serve one player for a
/// whole game.
pub trait Searcher<G: Game> {
    /// Searches `position` within `limits` and returns the best move.
    ///
    /// `root_moves`, when given, restricts the moves considered at the root
    /// (to moves legal in every sample of a hidden-information view); moves
    /// that are not legal here are ignored. `rng` is the only source of
    /// randomness.
    fn search(
        &mut self,
        position: &G,
        root_moves: Option<&[G::Move]>,
        limits: &SearchLimits,
        rng: &mut GameRng,
    ) -> SearchResult<G::Move>;

    /// Forgets everything learnt in earlier searches (a new game).
    fn forget(&mut self);
}

/// The legal moves of `position`, restricted to `only` when given, in
/// generation order. A restriction that leaves nothing is ignored: a search
/// of a live position always returns a move.
pub(crate) fn root_move_list<G: Game>(position: &G, only: Option<&[G::Move]>) -> Vec<G::Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if let Some(only) = only {
        let all = moves.clone();
        moves.retain(|mv| only.contains(mv));
        if moves.is_empty() {
            moves = all;
        }
    }
    moves
}
