//! Blockade through game-core's [`Game`] trait.

use crate::board::Blockade;
use crate::rules::BlockadeRules;
use crate::square::Square;
use crate::violation::BlockadeViolation;
use crate::{hash, position_text, start};
use game_core::rng::GameRng;
use game_core::{Game, NotationError, Outcome, PositionError, RuleSet, Seat, SetupError};
use rand::Rng;

impl Game for Blockade {
    const NAME: &'static str = "blockade";
    const MOVE_SLOTS: usize = 121;
    type Move = Square;
    type Rules = BlockadeRules;
    type RuleViolation = BlockadeViolation;
    type Setup = ();

    fn start(rules: &BlockadeRules, _setups: &[()]) -> Result<Self, SetupError> {
        rules.validate().map_err(|e| SetupError::new(Seat::FIRST, e.to_string()))?;
        Blockade::from_stones(rules, start::start_stones(rules), Seat::FIRST)
            .map_err(|e| SetupError::new(Seat::FIRST, e))
    }

    fn random_setup(_: &BlockadeRules, _: Seat, _: bool, _: &mut GameRng) {}

    fn rules(&self) -> &BlockadeRules {
        &self.rules
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Over when the player to move has no legal move (a full board has
    /// none). Higher score wins, by the score difference. Inlined into the
    /// search, which asks at every leaf; the rare finished game is scored
    /// out of line.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.legal() == 0 { Some(self.final_outcome()) } else { None }
    }

    fn legal_moves(&self, moves: &mut Vec<Square>) {
        moves.clear();
        // No `reserve`: the caller reuses the buffer, and counting the bits
        // costs more than the pushes' capacity checks.
        if self.compact() { self.push_legal::<u64>(moves) } else { self.push_legal::<u128>(moves) }
    }

    fn count_legal_moves(&self, _scratch: &mut Vec<Square>) -> usize {
        self.legal_count() as usize
    }

    fn check_move(&self, square: Square) -> Result<(), BlockadeViolation> {
        self.check(square)
    }

    /// One bit of the legal squares the board keeps. A square off the
    /// board has a layout index past every square of the board (see
    /// `Geometry::index_of`), whose bit is never legal.
    #[inline]
    fn is_legal(&self, square: Square) -> bool {
        self.legal() >> self.geometry.index_of(square) & 1 != 0
    }

    fn play_unchecked(&mut self, square: Square) {
        self.place(square);
    }

    fn hash_key(&self) -> u64 {
        hash::hash(self.stones, self.compact(), self.to_move)
    }

    fn move_slot(square: Square) -> usize {
        square.index()
    }

    fn format_move(&self, square: Square) -> String {
        square.to_string()
    }

    /// A square name, `a1` to `k11`. A square off a smaller board is still
    /// read, so that [`Game::check_move`] can say it is off the board.
    fn parse_move(&self, text: &str) -> Result<Square, NotationError> {
        Square::parse(text)
    }

    fn format_position(&self) -> String {
        position_text::format(self)
    }

    fn parse_position(rules: &BlockadeRules, text: &str) -> Result<Self, PositionError> {
        position_text::parse(rules, text)
    }

    /// Picks the k-th legal square straight from the bitboard, without
    /// filling a move list.
    fn random_move(&self, rng: &mut GameRng, _scratch: &mut Vec<Square>) -> Option<Square> {
        let n = self.legal_count();
        if n == 0 {
            return None;
        }
        let k = rng.random_range(0..n);
        Some(if self.compact() { self.nth_legal::<u64>(k) } else { self.nth_legal::<u128>(k) })
    }
}

impl Blockade {
    /// The outcome by the scores.
    #[inline(never)]
    fn final_outcome(&self) -> Outcome {
        Outcome::from_scores(self.score(Seat::FIRST).into(), self.score(Seat::SECOND).into())
    }
}

game_core::perfect_information!(Blockade);

/// A stable stone's points are settled, but its colour still counts
/// around its neighbours for later captures and overcrowding, so the
/// future depends on the whole board: the solver uses the defaults.
impl game_core::Solve for Blockade {}
