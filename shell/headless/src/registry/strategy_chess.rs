//! Strategy Chess: the Stratego-style battle with hidden pieces.

use super::{GameEntry, Preset, Registered, SparringEntry};
use crate::failure::Failure;
use crate::settings::RulesSchema;
use ai::arena::{Contender, Decision};
use ai::levels::{LevelTable, alpha_beta};
use game_core::rng::seeded;
use game_core::rules::RuleErrors;
use game_core::{Game, Observe, RuleSet, Seat};
use strategy_chess::sparring::Style;
use strategy_chess::{Colour, Move, Setup, StrategyChess, StrategyChessRules};

/// The Strategy Chess entry.
pub const ENTRY: GameEntry = GameEntry {
    key: "strategy-chess",
    name: "Strategy Chess",
    tagline: "Stratego-style battle with hidden pieces",
    seats: ["Red", "Blue"],
    // The engine's fields and check; the army written as a preset's name
    // where it is one (a custom army is a table of counts).
    rules: RulesSchema::provisional(StrategyChessRules::fields, defaults).checked_by(check),
    presets: &[
        Preset { name: "Classic", settings: &[] },
        Preset { name: "Barrage", settings: &["army=barrage"] },
        Preset { name: "Gadget (one-square moves)", settings: &["scouts=one-square"] },
        Preset { name: "BBS door (scouts strike close)", settings: &["scouts=long-no-strike"] },
    ],
    hints: &[],
    only_when: &[],
    labels: &[
        ("first", "First to move"),
        ("two_square_rule", "Two-square rule"),
        ("more_square_rule", "More-square rule"),
        ("no_capture_limit", "No-capture limit"),
    ],
    rules_text: include_str!("../../../../assets/rules/strategy-chess.md"),
    levels: &LEVELS,
    hidden_information: true,
    solvable: false,
    scored: false,
    perfect_play: super::never_perfect,
};

/// The engine's defaults, with the army written as its preset's name
/// (`army = "classic"`) rather than the engine's table form, so the setup
/// form shows and compares it as a word.
fn defaults() -> toml::Table {
    let mut t = StrategyChessRules::default().to_table();
    t.insert("army".into(), "classic".into());
    t
}

/// The engine's own check of a whole table of options.
fn check(values: &toml::Table) -> Result<(), RuleErrors> {
    StrategyChessRules::from_toml(&toml::to_string(values).unwrap_or_default()).map(|_| ())
}

/// What a won Strategy Chess game is worth when sampled values are
/// averaged: about three Marshals. Striking an unknown piece that is the
/// Flag in one sample of eight is then worth about half a Captain, not
/// everything (see [`ai::SamplePlan::win_utility`]).
const STRATEGY_CHESS_WIN: i32 = 1_500;

/// How deep levels 9 and 10 search past their depth limit where an
/// iteration costs a sliver of the node cap (few pieces left; see
/// [`ai::AlphaBetaConfig::deepen_to`]).
const DEEPEN_TO: u32 = 12;

/// The levels of Strategy Chess (hidden pieces): alpha-beta on positions sampled from
/// the view, their values averaged.
///
/// - The samples are drawn by the game's beliefs (insight 1: where people
///   set up, how pieces behaved) from level 2 up, with strikes on unknown
///   pieces scored at their odds (insight 2) from level 4 up; level 1
///   knows only the hard facts.
/// - Level 1 sets up with a generated setup, every other level with a
///   library setup whose Flag is bombed in.
/// - From level 7 up, moves are ranked by their mean less half its
///   standard error over the samples, so a move one lucky draw carries
///   does not win.
/// - Level 10: 32 samples to depth 5 (on two threads), at most 16 million
///   nodes and 1.5 s a move; while less than 40% of either is spent it
///   draws another 32, up to 128 in all. A match, which plays by the node
///   cap alone, searches about as much as the clock allows on an idle
///   two-core machine. The figures behind these choices are in
///   docs/strategy-chess-ai.md.
/// - Levels 9 and 10 go on deepening past their depth, up to
///   [`DEEPEN_TO`] plies, while the next iteration is expected to fit in
///   half of a sample's node cap and time: where few pieces are left.
pub const LEVELS: LevelTable = [
    alpha_beta(1, 10, 100).with_noise(0.8).with_table(1, 1).with_generated_setup(),
    alpha_beta(1, 20, 200)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(1)
        .with_noise(0.5)
        .with_table(1, 1),
    alpha_beta(2, 50, 300)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(1)
        .with_noise(0.4)
        .with_table(1, 1),
    alpha_beta(2, 50, 300)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(2)
        .with_noise(0.3)
        .with_table(1, 1),
    alpha_beta(2, 100, 400)
        .with_samples(2, STRATEGY_CHESS_WIN)
        .with_insight(2)
        .with_noise(0.2)
        .with_table(1, 1),
    alpha_beta(2, 200, 500)
        .with_samples(4, STRATEGY_CHESS_WIN)
        .with_insight(2)
        .with_noise(0.1)
        .with_table(2, 1),
    alpha_beta(2, 400, 800)
        .with_samples(8, STRATEGY_CHESS_WIN)
        .with_spread_penalty(50)
        .with_insight(2)
        .with_table(2, 1),
    alpha_beta(3, 1_000, 1_000)
        .with_samples(8, STRATEGY_CHESS_WIN)
        .with_spread_penalty(50)
        .with_insight(2)
        .with_table(4, 1),
    alpha_beta(4, 2_000, 1_200)
        .with_samples(16, STRATEGY_CHESS_WIN)
        .with_spread_penalty(50)
        .with_insight(2)
        .with_table(8, 1)
        .with_deepening(DEEPEN_TO),
    alpha_beta(5, 16_000, 1_500)
        .with_samples(32, STRATEGY_CHESS_WIN)
        .with_extra_samples(96)
        .with_spread_penalty(50)
        .with_insight(2)
        .with_table(8, 1)
        .with_deepening(DEEPEN_TO),
];

/// Strategy Chess starts from two library setups: `--setups A,B` puts
/// library setup A (1-based, as numbered in the library file) on Red's side
/// and B on Blue's.
impl Registered for StrategyChess {
    const ENTRY: &'static GameEntry = &ENTRY;

    fn start_position(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        let library = strategy_chess::Library::builtin();
        let count = library.entries().len();
        let usage = |problem: String| {
            Failure::usage(format!(
                "strategy-chess: {problem}; give --setups A,B with A (Red) and B (Blue) library setups 1..={count}"
            ))
        };
        let text = setups.ok_or_else(|| usage("the start position needs two library setups".into()))?;
        let numbers: Vec<&str> = text.split(',').map(str::trim).collect();
        let [red, blue] = numbers.as_slice() else {
            return Err(usage(format!("`{text}` is not two numbers A,B")));
        };
        let mut chosen = Vec::new();
        for number in [red, blue] {
            let entry = number
                .parse::<u32>()
                .ok()
                .and_then(|n| library.entry(n))
                .ok_or_else(|| usage(format!("`{number}` is not a library setup")))?;
            chosen.push(entry.setup);
        }
        // Perft and verify only count and check: no public history needed.
        Self::start(rules, &chosen).map(|game| game.with_history_log(false)).map_err(|e| usage(e.to_string()))
    }

    fn sparring_styles() -> Vec<SparringEntry> {
        strategy_chess::sparring::styles()
            .iter()
            .map(|style| SparringEntry { name: style.name(), description: style.description() })
            .collect()
    }

    fn sparring_contender(name: &str) -> Option<Box<dyn Contender<Self>>> {
        let style = strategy_chess::sparring::style(name)?;
        Some(Box::new(StyleContender::new(style)))
    }
}

/// A sparring style as a contender of the arena ([`ai::arena::Contender`]):
/// the game crate knows nothing of the AI, and the AI no game by name, so
/// the registry joins them.
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
    use ai::Level;
    use ai::arena::{ContenderFactory, MatchSettings, play_match};
    use strategy_chess::sparring;

    fn factory(style: &'static Style) -> impl ContenderFactory<StrategyChess> {
        move || -> Box<dyn Contender<StrategyChess>> { Box::new(StyleContender::new(style)) }
    }

    /// Every style against level 1 and against the next style, through the
    /// referee, under several rules: the arena stops with an error at the
    /// first setup that does not hold the army or move the referee refuses.
    #[test]
    fn every_style_plays_whole_games_against_level_1_and_the_others() {
        let level_1 = ai::levels::at(&LEVELS, Level::MIN);
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

    #[test]
    fn the_engine_checks_the_options() {
        let mut values = ENTRY.rules.defaults();
        assert!(ENTRY.rules.validate(&values).is_ok());
        values.insert("army".into(), "barrage".into());
        assert!(ENTRY.rules.validate(&values).is_ok());
        values.insert("army".into(), "huge".into());
        assert_eq!(ENTRY.rules.validate(&values).unwrap_err().keys(), vec!["army"]);
        let custom: toml::Table = "base = \"barrage\"\nscout = 4".parse().unwrap();
        values.insert("army".into(), custom.into());
        assert!(ENTRY.rules.validate(&values).is_ok(), "a custom army of valid counts");
        let two_flags: toml::Table = "base = \"barrage\"\nflag = 2".parse().unwrap();
        values.insert("army".into(), two_flags.into());
        assert_eq!(ENTRY.rules.validate(&values).unwrap_err().keys(), vec!["army"]);
        values.insert("army".into(), "classic".into());
        values.insert("scouts".into(), "none".into());
        assert_eq!(ENTRY.rules.validate(&values).unwrap_err().keys(), vec!["scouts"]);
    }
}
