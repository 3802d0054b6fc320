//! Players of the Strategy Chess study examples, from the command line:
//! a level with changes (`10:samples=32,depth=5`) or a sparring style
//! (`sparring:defender`).

use ai::EngineKind;
use ai::arena::{Contender, ContenderFactory, Decision};
use ai::levels::{Budget, Level};
use game_core::Seat;
use headless::registry::Registered;
use strategy_chess::{Colour, StrategyChess, StrategyChessRules};

pub fn number(value: &str) -> Result<u64, String> {
    let (digits, scale) = match value.as_bytes().last() {
        Some(b'k') => (&value[..value.len() - 1], 1_000.0),
        Some(b'm') => (&value[..value.len() - 1], 1_000_000.0),
        _ => (value, 1.0),
    };
    digits.parse::<f64>().map(|n| (n * scale) as u64).map_err(|_| format!("`{value}` is not a number"))
}

/// A sparring style as a contender.
struct Sparring(&'static strategy_chess::sparring::Style);

impl Contender<StrategyChess> for Sparring {
    fn choose_setup(&mut self, rules: &StrategyChessRules, seat: Seat, seed: u64) -> strategy_chess::Setup {
        self.0.setup(rules, Colour::of_seat(seat), &mut game_core::rng::seeded(seed))
    }
    fn choose_move(
        &mut self,
        view: &strategy_chess::StrategyChessView,
        seed: u64,
    ) -> Decision<strategy_chess::Move> {
        Decision { mv: self.0.choose(view, &mut game_core::rng::seeded(seed)), nodes: 0 }
    }
}

/// A player spec: a sparring style or a budget.
pub enum Player {
    /// The computer with this budget.
    Computer(Budget),
    /// A sparring style.
    Sparring(&'static strategy_chess::sparring::Style),
}

impl Player {
    pub fn make(&self) -> Box<dyn Contender<StrategyChess>> {
        match self {
            Player::Computer(budget) => ContenderFactory::<StrategyChess>::make(budget),
            Player::Sparring(style) => Box::new(Sparring(style)),
        }
    }
}

pub fn parse_player(spec: &str) -> Result<Player, String> {
    match spec.strip_prefix("sparring:") {
        Some(name) => strategy_chess::sparring::style(name)
            .map(Player::Sparring)
            .ok_or_else(|| format!("no sparring style `{name}`")),
        None => parse_budget(spec).map(Player::Computer),
    }
}

/// A budget spec: `LEVEL[:key=value,...]`.
pub fn parse_budget(spec: &str) -> Result<Budget, String> {
    let (level, changes) = spec.split_once(':').unwrap_or((spec, ""));
    let level = level.parse().ok().and_then(Level::new).ok_or_else(|| format!("`{level}` is not a level"))?;
    let mut b = StrategyChess::budget(level);
    for change in changes.split(',').filter(|c| !c.is_empty()) {
        let (key, value) = change.split_once('=').ok_or_else(|| format!("`{change}` is not key=value"))?;
        match key {
            "samples" => b.plan.samples = number(value)? as u32,
            "depth" => b.depth = Some(number(value)? as u32).filter(|&d| d > 0),
            "nodes" => b.nodes = Some(number(value)?),
            "insight" => b.plan.insight = number(value)? as u8,
            "extra" => b.plan.extra_samples = number(value)? as u32,
            "win" => b.plan.win_utility = number(value)? as i32,
            "spread" => b.plan.spread_penalty = number(value)? as u32,
            "lmr" => match &mut b.engine {
                EngineKind::AlphaBeta(c) => c.reduce_after = number(value)? as u32,
                _ => return Err("lmr: not an alpha-beta level".into()),
            },
            "deepen" => match &mut b.engine {
                EngineKind::AlphaBeta(c) => c.deepen_to = number(value)? as u32,
                _ => return Err("deepen: not an alpha-beta level".into()),
            },
            "noise" => b.noise = value.parse().map_err(|_| format!("noise: `{value}`"))?,
            _ => return Err(format!("unknown key `{key}`")),
        }
    }
    if let EngineKind::AlphaBeta(c) = &mut b.engine {
        c.exact_root = b.noise > 0.0 || b.plan.samples > 1;
    }
    Ok(b.reproducible())
}
