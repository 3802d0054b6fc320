//! Sparring opponents: fixed styles of play kept for testing the AI.
//!
//! The computer player is measured in games against opponents that play
//! differently from it and from each other. A sparring style is not a
//! search: it reads its seat's view one ply deep and scores each legal
//! move by simple rules of thumb ([`tactics`]), so it is quick, plays the
//! same way from the same view and seed, and is easy to reason about.
//!
//! | name | idea |
//! |---|---|
//! | `defender` | walls its Flag in, probes with low ranks, strikes only when sure to win ([`defender`]) |
//! | `aggressor` | hunts identified pieces with its strongest, advances its high ranks ([`aggressor`]) |
//! | `rusher` | runs Scouts down open lanes at the enemy's back rows ([`rusher`]) |
//!
//! What every style shares:
//! - it sees only its seat's [`StrategyChessView`] (its own ranks; enemy
//!   pieces unknown but for the public facts and the remaining counts);
//! - it always plays one of [`StrategyChessView::legal_moves`], so every
//!   rules option (`army`, `scouts`, `bombs`, the repetition rules) holds;
//! - it takes a sure win at once (a piece the counts prove to be the
//!   Flag, or the enemy's last movable piece);
//! - no piece steps next to an identified enemy piece that beats it;
//! - it remembers nothing between calls, and reads the public history to
//!   avoid undoing its last moves;
//! - every random choice comes from the rng it is given.
//!
//! ```
//! use game_core::rng::seeded;
//! use game_core::{Game, Observe, Seat};
//! use strategy_chess::sparring;
//! use strategy_chess::{Colour, StrategyChess, StrategyChessRules};
//!
//! let rules = StrategyChessRules::default();
//! let defender = sparring::style("defender").unwrap();
//! let rusher = sparring::style("rusher").unwrap();
//! let setups = [
//!     defender.setup(&rules, Colour::Red, &mut seeded(1)),
//!     rusher.setup(&rules, Colour::Blue, &mut seeded(2)),
//! ];
//! let game = StrategyChess::start(&rules, &setups).unwrap();
//! let mv = defender.choose(&game.view(Seat::FIRST), &mut seeded(3)).unwrap();
//! assert!(game.check_move(mv).is_ok());
//! ```

pub mod aggressor;
pub mod defender;
mod placement;
mod reading;
pub mod rusher;
mod tactics;

use crate::army::Army;
use crate::moves::Move;
use crate::rank::Colour;
use crate::rules::StrategyChessRules;
use crate::setup::Setup;
use crate::view::StrategyChessView;
use game_core::rng::GameRng;
use std::fmt;

/// A sparring style: a name, a line saying what it does, how it sets up
/// and how it chooses its moves.
pub struct Style {
    name: &'static str,
    description: &'static str,
    setup: fn(&Army, &mut GameRng) -> Setup,
    choose: fn(&StrategyChessView, &mut GameRng) -> Option<Move>,
}

impl Style {
    /// The style's name, as in `sparring:NAME` on the command line.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// One line saying how the style plays.
    pub fn description(&self) -> &'static str {
        self.description
    }

    /// The style's setup for `colour` under `rules`: it always holds
    /// exactly the rules' army (setups read the same for both colours:
    /// front row first, left to right as the owner sees it).
    pub fn setup(&self, rules: &StrategyChessRules, colour: Colour, rng: &mut GameRng) -> Setup {
        let _ = colour;
        (self.setup)(&rules.army, rng)
    }

    /// The style's move from `view`: always one of the view's legal moves;
    /// `None` only when the viewer has none (not its turn, or the game is
    /// over).
    pub fn choose(&self, view: &StrategyChessView, rng: &mut GameRng) -> Option<Move> {
        (self.choose)(view, rng)
    }
}

impl fmt::Debug for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Style").field("name", &self.name).finish_non_exhaustive()
    }
}

static STYLES: [Style; 3] = [defender::STYLE, aggressor::STYLE, rusher::STYLE];

/// Every sparring style, in the order `match --help` lists them.
pub fn styles() -> &'static [Style] {
    &STYLES
}

/// The style called `name`.
pub fn style(name: &str) -> Option<&'static Style> {
    STYLES.iter().find(|s| s.name == name)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::army::Army;
    use crate::game::StrategyChess;
    use crate::rank::Rank;
    use crate::rules::{BombRule, ScoutRule};
    use crate::square::Square;
    use game_core::rng::seeded;
    use game_core::{Game, Observe, Outcome, Referee, Seat};
    use rand::Rng;

    /// The position of `text` (default rules) after `moves`.
    pub(crate) fn position(text: &str, moves: &[&str]) -> StrategyChess {
        position_under(&StrategyChessRules::default(), text, moves)
    }

    fn position_under(rules: &StrategyChessRules, text: &str, moves: &[&str]) -> StrategyChess {
        let mut game = StrategyChess::parse_position(rules, text).unwrap();
        for mv in moves {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        game
    }

    /// The moves `style` chooses for the side to move after `moves`, with
    /// rng seeds `0..seeds`, in notation.
    pub(crate) fn choices(style: &Style, text: &str, moves: &[&str], seeds: u64) -> Vec<String> {
        choices_under(&StrategyChessRules::default(), style, text, moves, seeds)
    }

    /// [`choices`] under `rules`.
    pub(crate) fn choices_under(
        rules: &StrategyChessRules,
        style: &Style,
        text: &str,
        moves: &[&str],
        seeds: u64,
    ) -> Vec<String> {
        let game = position_under(rules, text, moves);
        let view = game.view(game.to_move());
        (0..seeds)
            .map(|seed| {
                let mv = style.choose(&view, &mut seeded(seed)).expect("a move");
                assert!(game.check_move(mv).is_ok(), "{} chose an illegal move", style.name());
                view.format_move(mv)
            })
            .collect()
    }

    #[test]
    fn three_styles_by_name() {
        let names: Vec<&str> = styles().iter().map(Style::name).collect();
        assert_eq!(names, ["defender", "aggressor", "rusher"]);
        for s in styles() {
            assert!(std::ptr::eq(style(s.name()).unwrap(), s));
            assert!(!s.description().is_empty() && !s.description().contains('\n'));
        }
        assert!(style("Defender").is_none() && style("").is_none());
    }

    /// Red's Lieutenant walks up to a10, which turns out to be Blue's only
    /// unmoved piece: Blue's Scout has moved far and its Major has walked
    /// down the j-file, so a10 can only be the Flag.
    const FLAG_PROVEN: &str = "\
bF . . . b9 . . . . b4
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . . . . . . .
r6 . . . . . . . . .
rF . . . . . . . . r1
to_move: blue
";

    #[test]
    fn every_style_takes_the_flag_when_it_can() {
        let moves =
            ["e10-e7", "a2-a3", "j10-j9", "a3-a4", "j9-j8", "a4-a5", "j8-j7", "a5-a6", "j7-j6", "a6-a7"];
        let moves = [&moves[..], &["j6-j5", "a7-a8", "j5-j4", "a8-a9", "j4-j3"]].concat();
        let game = position(FLAG_PROVEN, &moves);
        assert_eq!(game.outcome(), None);
        for style in styles() {
            let picks = choices(style, FLAG_PROVEN, &moves, 8);
            assert!(picks.iter().all(|m| m == "a9xa10"), "{}: {picks:?}", style.name());
        }
    }

    /// Two Red Marshals (a custom army); Blue's Spy takes one on f5 and
    /// stands revealed there. Red's other Marshal on e4 is its only piece
    /// that moves: to d4 or e3 (safe), or to e5 or f4, next to the Spy.
    const SPY_REVEALED: &str = "\
. . . . . . . . . bF
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ . bS ~ ~ . .
. . ~ ~ . r1 ~ ~ . .
. . . . r1 . . . . .
. . . . . . . . . .
. . . . . . . . . .
rF . . . . . . . . .
to_move: blue
";

    #[test]
    fn no_style_steps_its_marshal_next_to_a_revealed_spy() {
        let game = position(SPY_REVEALED, &["f6xf5"]);
        assert!(game.facts(Square::parse("f5").unwrap()).revealed);
        for style in styles() {
            let picks = choices(style, SPY_REVEALED, &["f6xf5"], 16);
            assert!(picks.iter().all(|m| m == "e4-d4" || m == "e4-e3"), "{}: {picks:?}", style.name());
        }
    }

    /// Blue's Captain takes Red's Scout on e5 and stands revealed next to
    /// Red's Marshal (e4) and General (f5): both are sure to win.
    pub(crate) const CAPTAIN_REVEALED: &str = "\
bF bB . . . . bS b9 b9 b8
bB . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . ~ ~ b5 . ~ ~ . .
. . ~ ~ r9 r2 ~ ~ . .
. . . . r1 . . . . .
. . . . . . . . . .
. . . . . . . . . r7
. . . . . . . . rB rF
to_move: blue
";

    #[test]
    fn the_aggressor_strikes_with_its_strongest_the_defender_with_its_cheapest() {
        let picks = choices(&aggressor::STYLE, CAPTAIN_REVEALED, &["e6xe5"], 8);
        assert!(picks.iter().all(|m| m == "e4xe5"), "the aggressor sends its Marshal: {picks:?}");
        let picks = choices(&defender::STYLE, CAPTAIN_REVEALED, &["e6xe5"], 8);
        assert!(picks.iter().all(|m| m == "f5xe5"), "the defender sends its General: {picks:?}");
    }

    /// A uniformly random legal move: a weak opponent that plays anything.
    fn random_move(game: &StrategyChess, rng: &mut GameRng) -> Move {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves[rng.random_range(0..moves.len())]
    }

    /// One game through the referee between `red` and `blue` (a style, or
    /// random moves for `None`); returns the plies played and the result.
    fn play(
        rules: &StrategyChessRules,
        red: Option<&Style>,
        blue: Option<&Style>,
        seed: u64,
    ) -> (u32, Outcome) {
        let mut rng = seeded(seed);
        let setups: Vec<Setup> = [(red, Colour::Red), (blue, Colour::Blue)]
            .into_iter()
            .map(|(style, colour)| match style {
                Some(style) => {
                    let setup = style.setup(rules, colour, &mut rng);
                    assert_eq!(setup.check(&rules.army), Ok(()), "{}'s setup", style.name());
                    setup
                }
                None => StrategyChess::random_setup(rules, colour.seat(), false, &mut rng),
            })
            .collect();
        let mut referee = Referee::new(StrategyChess::start(rules, &setups).unwrap());
        while referee.finish().is_none() {
            let seat = referee.to_move();
            let style = if seat == Seat::FIRST { red } else { blue };
            let mv = match style {
                Some(style) => {
                    style.choose(&referee.view(seat), &mut rng).expect("a move while the game goes on")
                }
                None => random_move(referee.position(), &mut rng),
            };
            let ply = referee.ply();
            if let Err(e) = referee.submit(seat, ply, mv) {
                panic!("{:?} played {mv:?} at ply {ply}: {e}", style.map(Style::name));
            }
        }
        (referee.ply() as u32, referee.outcome().expect("the game ended"))
    }

    fn variants() -> Vec<(&'static str, StrategyChessRules)> {
        let classic = StrategyChessRules::default();
        vec![
            ("classic", classic.clone()),
            ("barrage", StrategyChessRules { army: Army::BARRAGE, ..classic.clone() }),
            ("one-square scouts", StrategyChessRules { scouts: ScoutRule::OneSquare, ..classic.clone() }),
            ("single-use bombs", StrategyChessRules { bombs: BombRule::SingleUse, ..classic.clone() }),
            (
                "no-strike scouts, no repetition rules",
                StrategyChessRules {
                    scouts: ScoutRule::LongNoStrike,
                    two_square_rule: false,
                    more_square_rule: false,
                    no_capture_limit: 400,
                    ..classic.clone()
                },
            ),
            (
                "a custom army",
                StrategyChessRules {
                    army: Army::EMPTY
                        .with(Rank::Flag, 1)
                        .with(Rank::Bomb, 2)
                        .with(Rank::General, 1)
                        .with(Rank::Miner, 2)
                        .with(Rank::Scout, 3),
                    first: Colour::Blue,
                    ..classic
                },
            ),
        ]
    }

    #[test]
    fn sparring_styles_play_whole_games_with_legal_moves_under_every_variant() {
        for (name, rules) in variants() {
            for (i, style) in styles().iter().enumerate() {
                let seed = 10 * i as u64;
                play(&rules, Some(style), None, seed);
                play(&rules, None, Some(style), seed + 1);
                let other = &styles()[(i + 1) % styles().len()];
                let (plies, _) = play(&rules, Some(style), Some(other), seed + 2);
                assert!(plies > 0, "{name}: {} against {}", style.name(), other.name());
            }
        }
    }

    #[test]
    fn styles_beat_random_moves() {
        let rules = StrategyChessRules::default();
        for style in styles() {
            let mut wins = 0;
            for seed in 0..4 {
                let (red, blue, seat) = if seed % 2 == 0 {
                    (Some(style), None, Seat::FIRST)
                } else {
                    (None, Some(style), Seat::SECOND)
                };
                let (_, outcome) = play(&rules, red, blue, seed);
                if outcome.sign_for(seat) > 0 {
                    wins += 1;
                }
            }
            assert_eq!(wins, 4, "{} against random moves", style.name());
        }
    }

    #[test]
    fn the_same_view_and_seed_give_the_same_move() {
        let rules = StrategyChessRules::default();
        for style in styles() {
            let setups = [
                style.setup(&rules, Colour::Red, &mut seeded(4)),
                style.setup(&rules, Colour::Blue, &mut seeded(5)),
            ];
            assert_eq!(setups[0], style.setup(&rules, Colour::Red, &mut seeded(4)));
            let game = StrategyChess::start(&rules, &setups).unwrap();
            let view = game.view(Seat::FIRST);
            let first = style.choose(&view, &mut seeded(9));
            assert_eq!(first, style.choose(&view, &mut seeded(9)));
            assert_eq!(style.choose(&game.view(Seat::SECOND), &mut seeded(9)), None, "not Blue's turn");
        }
    }
}
