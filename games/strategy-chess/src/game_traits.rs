//! game-core's [`Game`] and [`Observe`] for [`StrategyChess`]: the one
//! module that ties the position to its move generation, notation, text
//! form, setups, views, sampler, beliefs and odds ([`Evaluate`] is in
//! [`crate::eval`]). Nothing in the crate depends on it.
//!
//! [`Evaluate`]: game_core::Evaluate

use crate::board::{Board, PublicFacts};
use crate::game::{BLUE_TO_MOVE_KEY, StrategyChess};
use crate::moves::Move;
use crate::rank::{Colour, Piece};
use crate::rules::StrategyChessRules;
use crate::setup::Setup;
use crate::view::StrategyChessView;
use crate::violation::Violation;
use game_core::rng::{GameRng, splitmix64};
use game_core::{Drawer, Game, NotationError, Observe, Outcome, PositionError, RuleSet, Seat, SetupError};

/// Hashed into search positions that hope ([`StrategyChess::hoping`]), so a
/// table never mixes their values with those of plain draws.
const HOPE_KEY: u64 = game_core::rng::zobrist_keys::<1>(0x484f_5045)[0];

impl Game for StrategyChess {
    const NAME: &'static str = "strategy-chess";
    /// `from * 36 + direction * 9 + (distance - 1)`.
    const MOVE_SLOTS: usize = 100 * 36;
    type Move = Move;
    type Rules = StrategyChessRules;
    type RuleViolation = Violation;
    type Setup = Setup;

    /// Red's setup first, then Blue's; each must hold exactly the army.
    fn start(rules: &StrategyChessRules, setups: &[Setup]) -> Result<Self, SetupError> {
        rules.validate().map_err(|e| SetupError::new(Seat::FIRST, e.to_string()))?;
        if setups.len() != 2 {
            return Err(SetupError::new(
                Seat(setups.len().min(255) as u8),
                format!("two setups are needed (Red's, then Blue's), not {}", setups.len()),
            ));
        }
        let mut board = Board::empty();
        for colour in Colour::BOTH {
            let setup = &setups[colour.index()];
            setup.check(&rules.army).map_err(|problem| SetupError::new(colour.seat(), problem))?;
            for (square, rank) in setup.placements(colour) {
                board.put(square, Piece::new(colour, rank), PublicFacts::default());
            }
        }
        Ok(StrategyChess::from_board(rules, board, rules.first))
    }

    /// A strong setup is a library setup with its Flag bombed in
    /// ([`crate::generator::guarded_setup`]); otherwise a generated one.
    fn random_setup(rules: &StrategyChessRules, seat: Seat, strong: bool, rng: &mut GameRng) -> Setup {
        if strong {
            crate::generator::guarded_setup(&rules.army, rng)
        } else {
            crate::generator::random_setup(&rules.army, Colour::of_seat(seat), false, rng)
        }
    }

    fn rules(&self) -> &StrategyChessRules {
        &self.rules
    }

    fn to_move(&self) -> Seat {
        self.to_move.seat()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    fn count_legal_moves(&self, scratch: &mut Vec<Move>) -> usize {
        self.count(scratch)
    }

    fn check_move(&self, mv: Move) -> Result<(), Violation> {
        self.check(mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.play_move(mv);
    }

    fn hash_key(&self) -> u64 {
        let mut key = self.board.key();
        if self.to_move == Colour::Blue {
            key ^= BLUE_TO_MOVE_KEY;
        }
        if self.flags.two_square_rule {
            key ^= splitmix64(self.two_square.fingerprint());
        }
        if self.flags.more_square_rule {
            key ^= splitmix64(self.chase.fingerprint() ^ 0x0043_4841_5345);
        }
        if let Some(odds) = &self.odds {
            key ^= splitmix64(odds.fingerprint() ^ 0x4c55_434b);
        }
        if self.hope {
            key ^= HOPE_KEY;
        }
        key
    }

    fn move_slot(mv: Move) -> usize {
        match mv.from.line_to(mv.to) {
            Some((dir, distance)) => mv.from.index() * 36 + dir.index() * 9 + (distance - 1).min(8),
            None => mv.from.index() * 36,
        }
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(text)
    }

    fn format_position(&self) -> String {
        crate::position_text::format(self)
    }

    fn parse_position(rules: &StrategyChessRules, text: &str) -> Result<Self, PositionError> {
        crate::position_text::parse(rules, text)
    }

    fn random_move(&self, rng: &mut GameRng, scratch: &mut Vec<Move>) -> Option<Move> {
        self.random(rng, scratch)
    }
}

impl Observe for StrategyChess {
    type View = StrategyChessView;

    fn view(&self, seat: Seat) -> StrategyChessView {
        self.seat_view(seat)
    }

    /// Every piece turned face up, the public facts as play left them.
    fn revealed_view(&self, seat: Seat) -> StrategyChessView {
        self.turned_over_view(seat)
    }

    /// A position drawn under the computer's beliefs
    /// ([`crate::beliefs::BeliefModel::DEFAULT`]); see [`crate::sampler`].
    fn sample(view: &StrategyChessView, rng: &mut GameRng) -> StrategyChess {
        crate::sampler::sample_with(view, &crate::beliefs::BeliefModel::DEFAULT, rng)
    }

    /// Moves that lead back to a position already seen cost a little
    /// ([`crate::progress`]), and so do an officer's strike on an unmoved
    /// piece that may be a Bomb and an identified General's step beside
    /// pieces that may be the Marshal ([`crate::caution`]).
    fn move_preference(view: &StrategyChessView, mv: Move) -> i32 {
        -crate::progress::repetition_bias(view, mv)
            - crate::caution::blind_strike_cost(view, mv)
            - crate::caution::general_exposure_cost(view, mv)
    }

    /// Insight 0 draws by the hard facts alone
    /// ([`crate::beliefs::BeliefModel::UNIFORM`]), any other by the full
    /// beliefs; they are worked out once for all the draws.
    fn sampler<'v>(view: &'v StrategyChessView, insight: u8) -> Drawer<'v, StrategyChess> {
        drawer(view, insight, false)
    }

    /// The same draws, hoping for the side to move
    /// ([`StrategyChess::hoping`]): an enemy strike on its Flag fails as if
    /// on a Bomb. Only for insight 2 and up, whose draws know whom they
    /// are searched for.
    fn hopeful_sampler<'v>(view: &'v StrategyChessView, insight: u8) -> Option<Drawer<'v, StrategyChess>> {
        (insight >= 2).then(|| drawer(view, insight, true))
    }
}

/// The drawer of [`Observe::sampler`], and with `hope` of
/// [`Observe::hopeful_sampler`].
fn drawer(view: &StrategyChessView, insight: u8, hope: bool) -> Drawer<'_, StrategyChess> {
    let model = crate::beliefs::BeliefModel::for_insight(insight);
    let beliefs = crate::beliefs::Beliefs::of(view, &model);
    let odds = (insight >= 2).then(|| {
        let mut rng = game_core::rng::seeded(u64::from(view.plies()) ^ 0x0DD5);
        crate::odds::StrikeOdds::of(view, &beliefs, &mut rng)
    });
    let me = view.colour_to_move();
    Box::new(move |rng| {
        let position = crate::sampler::sample(view, &beliefs, rng);
        let position = match &odds {
            Some(odds) => position.with_odds(odds.clone()).searched_for(me),
            None => position,
        };
        if hope { position.hoping() } else { position }
    })
}
