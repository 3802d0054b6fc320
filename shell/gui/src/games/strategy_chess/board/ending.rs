//! How a game of Strategy Chess ended, in the game's own words: from the
//! referee's [`Finish`] (a resignation, an agreed draw, an abandoned seat)
//! and, for an ending by the rules, from the seat's view (the last battle,
//! the quiet moves, the plies played).

use crate::games::strategy_chess::art::colour_name;
use game_core::Finish;
use strategy_chess::combat::Clash;
use strategy_chess::{Colour, StrategyChessView};

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A piece of `by` struck the enemy Flag.
    FlagCaptured {
        /// The side that took the Flag (and won).
        by: Colour,
    },
    /// `stuck` had no piece that could move, and lost.
    NoMovablePiece {
        /// The side that could not move.
        stuck: Colour,
    },
    /// Neither side could move: a draw.
    NeitherCanMove,
    /// `limit` moves in a row without a battle (`no_capture_limit`): a draw.
    NoCaptureLimit {
        /// The rule's limit.
        limit: u32,
    },
    /// The game reached 10,000 moves: a draw.
    MoveLimit,
    /// `by` resigned.
    Resigned {
        /// The side that gave up.
        by: Colour,
    },
    /// The players agreed to a draw.
    DrawAgreed,
    /// `by` left a network game and did not come back.
    Abandoned {
        /// The side that left.
        by: Colour,
    },
}

impl Ending {
    /// How the game seen in `view` ended, given how the referee says it
    /// did.
    pub fn of(view: &StrategyChessView, finish: Finish) -> Self {
        match finish {
            Finish::Resigned(seat) => Ending::Resigned { by: Colour::of_seat(seat) },
            Finish::Abandoned(seat) => Ending::Abandoned { by: Colour::of_seat(seat) },
            Finish::DrawAgreed => Ending::DrawAgreed,
            Finish::Rules(outcome) => {
                let flag_taken =
                    view.last_move().and_then(|e| e.battle).is_some_and(|b| b.clash == Clash::FlagCaptured);
                let limit = view.rules().no_capture_limit;
                match outcome.winner {
                    Some(seat) if flag_taken => Ending::FlagCaptured { by: Colour::of_seat(seat) },
                    Some(seat) => Ending::NoMovablePiece { stuck: Colour::of_seat(seat).opponent() },
                    None if limit > 0 && view.quiet_plies() >= limit => Ending::NoCaptureLimit { limit },
                    None if view.plies() >= strategy_chess::rules::MAX_PLIES => Ending::MoveLimit,
                    None => Ending::NeitherCanMove,
                }
            }
        }
    }

    /// The winning side; `None` for a draw.
    pub fn winner(&self) -> Option<Colour> {
        match *self {
            Ending::FlagCaptured { by } => Some(by),
            Ending::NoMovablePiece { stuck: loser }
            | Ending::Resigned { by: loser }
            | Ending::Abandoned { by: loser } => Some(loser.opponent()),
            Ending::NeitherCanMove
            | Ending::NoCaptureLimit { .. }
            | Ending::MoveLimit
            | Ending::DrawAgreed => None,
        }
    }

    /// Who won, in two words: `Red wins`, `Draw`.
    pub fn headline(&self) -> String {
        match self.winner() {
            Some(colour) => format!("{} wins", colour_name(colour)),
            None => "Draw".to_string(),
        }
    }

    /// How, in words: `Red captured the Flag`, `Blue resigned`.
    pub fn how(&self) -> String {
        match *self {
            Ending::FlagCaptured { by } => format!("{} captured the Flag", colour_name(by)),
            Ending::NoMovablePiece { stuck } => format!("{} has no piece that can move", colour_name(stuck)),
            Ending::NeitherCanMove => "Neither side can move".to_string(),
            Ending::NoCaptureLimit { limit } => format!("No battle in {limit} moves"),
            Ending::MoveLimit => "The game reached 10,000 moves".to_string(),
            Ending::Resigned { by } => format!("{} resigned", colour_name(by)),
            Ending::DrawAgreed => "Drawn by agreement".to_string(),
            Ending::Abandoned { by } => format!("{} left the game", colour_name(by)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Observe, Outcome, RuleSet, Seat};
    use strategy_chess::{Library, StrategyChess, StrategyChessRules};

    fn game(rules: &StrategyChessRules) -> StrategyChess {
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        StrategyChess::start(rules, &setups).unwrap()
    }

    fn play(game: &mut StrategyChess, moves: &[&str]) {
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.try_play(mv).unwrap();
        }
    }

    #[test]
    fn each_ending_says_who_won_and_how() {
        let g = game(&StrategyChessRules::default());
        let view = g.view(Seat::FIRST);
        let cases = [
            (Finish::Resigned(Seat::SECOND), "Red wins", "Blue resigned"),
            (Finish::Abandoned(Seat::FIRST), "Blue wins", "Red left the game"),
            (Finish::DrawAgreed, "Draw", "Drawn by agreement"),
            (Finish::Rules(Outcome::win(Seat::SECOND, 1)), "Blue wins", "Red has no piece that can move"),
            (Finish::Rules(Outcome::draw()), "Draw", "Neither side can move"),
        ];
        for (finish, headline, how) in cases {
            let ending = Ending::of(&view, finish);
            assert_eq!((ending.headline().as_str(), ending.how().as_str()), (headline, how), "{finish:?}");
            assert_eq!(ending.winner().map(Colour::seat), finish.outcome().winner, "{finish:?}");
        }
    }

    #[test]
    fn the_no_capture_limit_is_told_from_the_view() {
        let rules = StrategyChessRules::from_toml(
            "no_capture_limit = 20\ntwo_square_rule = false\nmore_square_rule = false\n",
        )
        .unwrap();
        let mut g = game(&rules);
        // Two Scouts walk up and down, ten times each: twenty quiet moves.
        for _ in 0..5 {
            play(&mut g, &["a4-a5", "a7-a6", "a5-a4", "a6-a7"]);
        }
        let outcome = g.outcome().expect("the limit ends the game");
        let ending = Ending::of(&g.view(Seat::SECOND), Finish::Rules(outcome));
        assert_eq!(ending, Ending::NoCaptureLimit { limit: 20 });
        assert_eq!((ending.headline(), ending.how()), ("Draw".into(), "No battle in 20 moves".into()));
    }

    #[test]
    fn a_struck_flag_is_told_from_the_last_battle() {
        let text = "\
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . bF b5 . . . .
. . ~ ~ r8 . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
rB . . . . . . . . .
r4 rB . . . . . . . .
to_move: red
";
        let mut g = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        play(&mut g, &["e6xe7"]);
        let outcome = g.outcome().expect("the Flag is taken");
        let ending = Ending::of(&g.view(Seat::SECOND), Finish::Rules(outcome));
        assert_eq!(ending, Ending::FlagCaptured { by: Colour::Red });
        assert_eq!((ending.headline(), ending.how()), ("Red wins".into(), "Red captured the Flag".into()));
        // Another battle before a win by the rules: the loser was stuck.
        let mut g = game(&StrategyChessRules::default());
        play(&mut g, &["j4-j6", "j7xj6"]);
        assert_eq!(
            Ending::of(&g.view(Seat::FIRST), Finish::Rules(Outcome::win(Seat::SECOND, 1))),
            Ending::NoMovablePiece { stuck: Colour::Red }
        );
    }
}
