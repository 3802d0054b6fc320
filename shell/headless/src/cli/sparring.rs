//! A game's sparring style as a contender of the arena
//! ([`ai::arena::Contender`]): the game crate knows nothing of the AI, and
//! the AI no game by name, so the shell joins them.

use ai::arena::{Contender, Decision};
use game_core::rng::seeded;
use game_core::{Observe, Seat};
use strategy_chess::sparring::Style;
use strategy_chess::{Colour, Move, Setup, StrategyChess, StrategyChessRules};

/// A Strategy Chess sparring style playing one game.
#[derive(Clone, Copy, Debug)]
pub struct StyleContender {
    style: &'static Style,
}

impl StyleContender {
    /// A contender that plays `style`.
    pub fn new(style: &'static Style) -> Self {
        StyleContender { style }
    }
}

/// The style draws everything random from the seed it is given, so a game
/// replays from its seed like the computer player's games do. It searches
/// nothing: its decisions cost no nodes.
impl Contender<StrategyChess> for StyleContender {
    fn choose_setup(&mut self, rules: &StrategyChessRules, seat: Seat, seed: u64) -> Setup {
        self.style.setup(rules, Colour::of_seat(seat), &mut seeded(seed))
    }

    fn choose_move(&mut self, view: &<StrategyChess as Observe>::View, seed: u64) -> Decision<Move> {
        Decision { mv: self.style.choose(view, &mut seeded(seed)), nodes: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ai::arena::{ContenderFactory, MatchSettings, play_match};
    use ai::{Level, levels};
    use game_core::{Game, RuleSet};
    use strategy_chess::sparring;

    fn factory(style: &'static Style) -> impl ContenderFactory<StrategyChess> {
        move || -> Box<dyn Contender<StrategyChess>> { Box::new(StyleContender::new(style)) }
    }

    /// Every style against level 1 and against the next style, through the
    /// referee, under several rules: the arena stops with an error at the
    /// first setup that does not hold the army or move the referee refuses.
    #[test]
    fn every_style_plays_whole_games_against_level_1_and_the_others() {
        let level_1 = levels::budget(StrategyChess::NAME, Level::MIN);
        for set in [&[][..], &["army=barrage"], &["scouts=one-square"], &["bombs=single-use"]] {
            let rules = StrategyChessRules::default().with_settings(set).unwrap();
            let styles = sparring::styles();
            for (i, style) in styles.iter().enumerate() {
                let settings = MatchSettings { games: 4, seed: 7 + i as u64, random_plies: 0, workers: 2 };
                let (this, next) = (factory(style), factory(&styles[(i + 1) % styles.len()]));
                let tally = play_match::<StrategyChess>(&rules, [&this, &level_1], &settings, |_, record| {
                    assert_eq!(record.work.iter().map(|w| w.decisions).sum::<u64>() as usize, record.plies);
                })
                .unwrap_or_else(|e| panic!("{} under {set:?}: {e}", style.name()));
                assert_eq!(tally.games(), 4);
                play_match::<StrategyChess>(&rules, [&this, &next], &settings, |_, _| {})
                    .unwrap_or_else(|e| panic!("{} under {set:?}: {e}", style.name()));
            }
        }
    }
}
