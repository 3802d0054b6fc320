//! One type for either engine, so a level can pick alpha-beta or MCTS.

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::limits::SearchLimits;
use crate::mcts::{Mcts, MctsConfig};
use crate::search::{SearchResult, Searcher};
use game_core::{Evaluate, GameRng};

/// Which search an engine runs, with its settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EngineKind {
    /// Alpha-beta ([`AlphaBeta`]).
    AlphaBeta(AlphaBetaConfig),
    /// Monte-Carlo tree search ([`Mcts`]).
    Mcts(MctsConfig),
}

/// An alpha-beta or an MCTS engine.
#[derive(Clone, Debug)]
pub enum Engine<G: Evaluate> {
    /// Alpha-beta.
    AlphaBeta(AlphaBeta<G>),
    /// MCTS.
    Mcts(Mcts<G>),
}

impl<G: Evaluate> Engine<G> {
    /// A fresh engine of this kind.
    pub fn new(kind: EngineKind) -> Self {
        match kind {
            EngineKind::AlphaBeta(config) => Engine::AlphaBeta(AlphaBeta::new(config)),
            EngineKind::Mcts(config) => Engine::Mcts(Mcts::new(config)),
        }
    }

    /// The kind and settings of this engine.
    pub fn kind(&self) -> EngineKind {
        match self {
            Engine::AlphaBeta(e) => EngineKind::AlphaBeta(e.config()),
            Engine::Mcts(e) => EngineKind::Mcts(e.config()),
        }
    }
}

impl<G: Evaluate> Searcher<G> for Engine<G> {
    fn search(
        &mut self,
        position: &G,
        root_moves: Option<&[G::Move]>,
        limits: &SearchLimits,
        rng: &mut GameRng,
    ) -> SearchResult<G::Move> {
        match self {
            Engine::AlphaBeta(e) => e.search(position, root_moves, limits, rng),
            Engine::Mcts(e) => e.search(position, root_moves, limits, rng),
        }
    }

    fn forget(&mut self) {
        match self {
            Engine::AlphaBeta(e) => e.forget(),
            Engine::Mcts(e) => e.forget(),
        }
    }
}
