//! Strategy Chess between two computer budgets, with the statistics that
//! tell *how* games are won and lost: how each game ended, where Marshals
//! died, which ranks died striking Bombs, how long games ran.
//!
//! ```text
//! cargo run --release -p headless --example strategy_chess_games -- A B [--games N] [--seed S]
//!     [--workers W] [--set key=value ...] [--from FILE] [--quiet] [--show-ends] [--show-bomb-strikes]
//!     [--show-marshal-losses] [--show-general-losses] [--show-flag-losses]
//!     [--calibrate]
//! ```
//!
//! A and B are players: a level (`10`), optionally changed by `key=value`
//! pairs after a colon (`10:samples=32,depth=5,nodes=8m`; keys `samples`,
//! `depth` (0 for none), `nodes` (with `k`/`m`), `insight`, `extra` (extra
//! samples), `win` (the win utility), `spread` (percent of the standard
//! error taken off an averaged move's value), `noise`, `lmr` (late move
//! reductions after that many moves; 0 for none), `deepen` (deepening past
//! `depth` up to that many plies where the node cap has room; 0 for none)),
//! or a sparring style
//! (`sparring:defender`). Computer
//! players search with node caps only, one thread each
//! ([`ai::Budget::reproducible`]), so a game depends only on its players
//! and seed. Game `k` is played from seed `S + k`, A in the first seat (Red)
//! when `k` is even. With `--from FILE` every game starts from the
//! position in FILE (the text of `position_text`, as `boardsuite` reads a
//! position) instead of from setups, with A as the side to move there in
//! every game: a study of how A plays one kind of position out, such as
//! turning a large lead into a win. The last line is `result W-D-L score P%` for A.
//! `--show-ends` prints on stderr the last position of every game A did
//! not win; `--show-bomb-strikes`, for every officer (Marshal to Major) A
//! lost striking a Bomb, the ranks A's beliefs gave that piece just before,
//! and the whole position then. `--calibrate` counts A's officers' (Marshal
//! to Captain) strikes on pieces A had not identified, binned by the chance
//! A's beliefs gave the striker of dying, with how often it died and how
//! often the piece was a Bomb or the Flag, against what the beliefs said.

use ai::arena::Contender;
use ai::seeds::{Stream, derive};
use game_core::{Game, Referee, RuleSet, Seat};
use std::process::ExitCode;

#[path = "support/strategy_chess_drawn.rs"]
mod drawn;
use drawn::{DRAWS, drawn_counts, drawn_ranks};
#[path = "support/strategy_chess_players.rs"]
mod players;
use players::{Player, number, parse_player};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use strategy_chess::{Clash, Colour, Rank, StrategyChess, StrategyChessRules};

/// How one side fared in one game.
#[derive(Clone, Copy, Debug, Default)]
struct SideStats {
    moves: u64,
    nodes: u64,
    micros: u64,
    max_micros: u64,
    /// Pieces of this side that died striking a Bomb, by rank.
    bomb_deaths: [u32; 12],
    /// How this side's Marshal died: bomb, spy, marshal, other.
    marshal: [u32; 4],
    /// This side's strikes on pieces it lost to, all told.
    lost_strikes: u32,
    /// This side's strikes that won.
    won_strikes: u32,
    /// The ranks that took this side's Flag.
    flag_takers: [u32; 12],
    /// This side's pieces lost when the enemy struck them, by rank: [0]
    /// those the striker had identified, [1] those it struck blind.
    struck_down: [[u32; 12]; 2],
    /// `--calibrate`: this side's blind strikes by officers (Marshal to
    /// Captain), by the chance its beliefs gave the striker of dying
    /// ([`RISK_BINS`]): [strikes, deaths, believed deaths in thousandths,
    /// Bombs struck, believed Bombs in thousandths, Flags taken, believed
    /// Flags in thousandths].
    risk: [[u32; 7]; RISK_BINS.len()],
}

impl SideStats {
    fn absorb(&mut self, other: &SideStats) {
        self.moves += other.moves;
        self.nodes += other.nodes;
        self.micros += other.micros;
        self.max_micros = self.max_micros.max(other.max_micros);
        for i in 0..12 {
            self.bomb_deaths[i] += other.bomb_deaths[i];
        }
        for i in 0..4 {
            self.marshal[i] += other.marshal[i];
        }
        self.lost_strikes += other.lost_strikes;
        for i in 0..12 {
            self.flag_takers[i] += other.flag_takers[i];
        }
        self.won_strikes += other.won_strikes;
        for (mine, theirs) in self.risk.iter_mut().zip(&other.risk) {
            for i in 0..7 {
                mine[i] += theirs[i];
            }
        }
        for (mine, theirs) in self.struck_down.iter_mut().zip(&other.struck_down) {
            for i in 0..12 {
                mine[i] += theirs[i];
            }
        }
    }
}

/// One game's result for A.
struct GameResult {
    score: i32,
    plies: usize,
    ending: &'static str,
    /// Whether A sat in the first seat (Red).
    a_first: bool,
    sides: [SideStats; 2],
}

fn play(
    players: &[Player; 2],
    rules: &StrategyChessRules,
    seed: u64,
    a_first: bool,
    from: Option<&StrategyChess>,
    show: Show,
) -> Result<GameResult, String> {
    // Contender c (0 = A) sits in seat `seat_of[c]`; seat s holds contender `contender_in[s]`.
    let seat_of = if a_first { [0, 1] } else { [1, 0] };
    let contender_in = seat_of;
    let mut seated: Vec<Box<dyn Contender<StrategyChess>>> =
        contender_in.iter().map(|&c| players[c].make()).collect();
    let start = match from {
        Some(position) => position.clone(),
        None => {
            let setups: Vec<_> = (0..2)
                .map(|seat| {
                    seated[seat].choose_setup(
                        rules,
                        Seat(seat as u8),
                        derive(seed, Stream::Setup, seat as u64),
                    )
                })
                .collect();
            StrategyChess::start(rules, &setups).map_err(|e| e.to_string())?
        }
    };
    let mut referee = Referee::new(start);
    let mut sides = [SideStats::default(); 2];
    // A's last move and the position before it, for `--show-marshal-losses` and `--show-general-losses`.
    let mut before_a: Option<(StrategyChess, strategy_chess::StrategyChessView, String)> = None;
    // The last plies (position before the move, the move, A's view if A moved), for `--show-flag-losses`.
    let mut trail: std::collections::VecDeque<(
        StrategyChess,
        strategy_chess::Move,
        Option<strategy_chess::StrategyChessView>,
    )> = std::collections::VecDeque::new();
    while referee.finish().is_none() {
        let (seat, ply) = (referee.to_move(), referee.ply());
        let view = referee.view(seat);
        let clock = Instant::now();
        let decision = seated[seat.index()].choose_move(&view, derive(seed, Stream::Move, ply as u64));
        let spent = clock.elapsed().as_micros() as u64;
        let side = &mut sides[contender_in[seat.index()]];
        side.moves += 1;
        side.nodes += decision.nodes;
        side.micros += spent;
        side.max_micros = side.max_micros.max(spent);
        let mv = decision.mv.ok_or_else(|| format!("seed {seed}: no move at ply {ply}"))?;
        // Whether the mover had identified the piece it strikes, if any.
        let target_known = view.piece(mv.to).map(|p| p.rank.is_some());
        if (show.marshal_losses || show.general_losses) && contender_in[seat.index()] == 0 {
            before_a = Some((referee.position().clone(), view.clone(), format!("{}-{}", mv.from, mv.to)));
        }
        if show.flag_losses {
            let a_view = (contender_in[seat.index()] == 0).then(|| view.clone());
            trail.push_back((referee.position().clone(), mv, a_view));
            if trail.len() > FLAG_TRAIL {
                trail.pop_front();
            }
        }
        // A's beliefs about a blind strike by an officer, for `--calibrate`.
        let believed = (show.calibrate
            && contender_in[seat.index()] == 0
            && target_known == Some(false)
            && view.piece(mv.from).and_then(|p| p.rank).is_some_and(|r| r <= Rank::Captain))
        .then(|| strike_odds(&view, mv.from, mv.to, seed ^ ply as u64));
        // The position before A's strike, for `--show-bomb-strikes`.
        let before = (show.bomb_strikes && contender_in[seat.index()] == 0 && target_known.is_some())
            .then(|| referee.position().clone());
        referee.submit(seat, ply, mv).map_err(|e| format!("seed {seed}: ply {ply}: {e}"))?;
        let Some(event) = referee.position().last_move() else { continue };
        let Some(battle) = event.battle else { continue };
        let mover = contender_in[seat.index()];
        let other = 1 - mover;
        match battle.clash {
            Clash::AttackerWins | Clash::FlagCaptured => sides[mover].won_strikes += 1,
            _ => sides[mover].lost_strikes += 1,
        }
        if battle.clash == Clash::FlagCaptured {
            sides[other].flag_takers[battle.attacker.index()] += 1;
            if show.flag_losses && other == 0 {
                eprintln!(
                    "seed {seed} ply {ply}: A's Flag taken by {} from {}; the last plies:",
                    battle.attacker, mv.from
                );
                // Where the taker stood before each ply of the trail,
                // followed back from the square it struck from.
                let mut taker = vec![mv.from; trail.len()];
                for i in (0..trail.len().saturating_sub(1)).rev() {
                    let (_, played, a_view) = &trail[i];
                    let enemy_moved_it = a_view.is_none() && played.to == taker[i + 1];
                    taker[i] = if enemy_moved_it { played.from } else { taker[i + 1] };
                }
                for ((position, played, a_view), at) in trail.iter().zip(taker) {
                    let text = strategy_chess::position_text::format(position);
                    eprintln!("{text}played {}-{}", played.from, played.to);
                    if let Some(a_view) = a_view {
                        eprintln!(
                            "  A's beliefs for the taker's square {at}: {}",
                            drawn_ranks(a_view, at, seed)
                        );
                    }
                }
            }
        }
        if let Some((die, bomb, flag)) = believed {
            let bin = RISK_BINS.iter().position(|&top| die < top).unwrap_or(RISK_BINS.len() - 1);
            let row = &mut sides[mover].risk[bin];
            row[0] += 1;
            row[1] += u32::from(!battle.clash.attacker_survives());
            row[2] += die;
            row[3] += u32::from(battle.defender == Rank::Bomb);
            row[4] += bomb;
            row[5] += u32::from(battle.defender == Rank::Flag);
            row[6] += flag;
        }
        if !battle.clash.defender_survives() {
            let blind = usize::from(target_known != Some(true));
            sides[other].struck_down[blind][battle.defender.index()] += 1;
        }
        if battle.defender == Rank::Bomb && !battle.clash.attacker_survives() {
            sides[mover].bomb_deaths[battle.attacker.index()] += 1;
            if show.bomb_strikes && mover == 0 && battle.attacker < Rank::Captain {
                eprintln!("{}", bomb_strike(&view, mv.to, seed, ply, battle.attacker));
                if let Some(position) = &before {
                    let text = strategy_chess::position_text::format(position);
                    eprintln!("the position then (A played {}-{}):\n{text}", mv.from, mv.to);
                }
            }
        }
        // A Marshal that died in this battle, and what killed it.
        let cause = |killer: Rank| match killer {
            Rank::Bomb => 0,
            Rank::Spy => 1,
            Rank::Marshal => 2,
            _ => 3,
        };
        if battle.attacker == Rank::Marshal && !battle.clash.attacker_survives() {
            sides[mover].marshal[cause(battle.defender)] += 1;
        }
        if battle.defender == Rank::Marshal && !battle.clash.defender_survives() {
            sides[other].marshal[cause(battle.attacker)] += 1;
        }
        let shown = match battle.defender {
            Rank::Marshal => show.marshal_losses,
            Rank::General => show.general_losses,
            _ => false,
        };
        if shown
            && !battle.clash.defender_survives()
            && other == 0
            && let Some((position, a_view, a_move)) = &before_a
        {
            let text = strategy_chess::position_text::format(position);
            eprintln!(
                "seed {seed} ply {ply}: A's {} struck down by {} from {} to {}; A's beliefs for {} before its move {a_move}: {}; the position then:\n{text}",
                battle.defender,
                battle.attacker,
                mv.from,
                mv.to,
                mv.from,
                drawn_ranks(a_view, mv.from, seed ^ ply as u64)
            );
        }
    }
    let outcome = referee.outcome().unwrap_or(game_core::Outcome::draw());
    let a_seat = Seat(seat_of[0] as u8);
    let position = referee.position();
    let ending = match outcome.winner {
        None => "draw",
        Some(winner) => {
            let loser = Colour::of_seat(winner.opponent());
            if position.remaining(loser)[Rank::Flag.index()] == 0 { "flag" } else { "no moves" }
        }
    };
    if show.ends && outcome.sign_for(a_seat) <= 0 {
        let text = strategy_chess::position_text::format(position);
        eprintln!("seed {seed} ends ({ending}, A is {}):\n{text}", Colour::of_seat(a_seat));
    }
    Ok(GameResult { score: outcome.sign_for(a_seat), plies: referee.ply(), ending, a_first, sides })
}

struct Args {
    specs: [String; 2],
    games: usize,
    seed: u64,
    workers: usize,
    settings: Vec<String>,
    /// The file of the position every game starts from (`--from`).
    from: Option<String>,
    quiet: bool,
    show: Show,
}

/// What to print on stderr as games go.
#[derive(Clone, Copy, Debug, Default)]
struct Show {
    /// The last position of every game A did not win.
    ends: bool,
    /// For every officer (Marshal to Major) A lost striking a Bomb, what
    /// A's beliefs gave that piece just before.
    bomb_strikes: bool,
    /// For every Marshal of A struck down, the position before A's last
    /// move and that move.
    marshal_losses: bool,
    /// The same for every General of A struck down.
    general_losses: bool,
    /// For every Flag of A taken, the last plies before it.
    flag_losses: bool,
    /// How often A's officers died in blind strikes against how often its
    /// beliefs said they would.
    calibrate: bool,
}

/// The upper ends, in thousandths, of the bins of believed chance of dying
/// that `--calibrate` counts blind strikes in.
const RISK_BINS: [u32; 6] = [50, 100, 200, 350, 500, 1001];

/// The chance, in thousandths, that the piece on `from` dies striking the
/// piece on `to`, that the struck piece is a Bomb and that it is the Flag,
/// in 400 armies drawn from `view` with the computer's beliefs.
fn strike_odds(
    view: &strategy_chess::StrategyChessView,
    from: strategy_chess::Square,
    to: strategy_chess::Square,
    seed: u64,
) -> (u32, u32, u32) {
    let Some(striker) = view.piece(from).and_then(|p| p.rank) else { return (0, 0, 0) };
    let drawn = drawn_counts(view, to, seed);
    let share = |count: u32| count * 1000 / DRAWS;
    let dies = Rank::ALL
        .iter()
        .filter(|&&r| {
            strategy_chess::battle(striker, r, view.rules().bombs).is_some_and(|c| !c.attacker_survives())
        })
        .map(|r| drawn[r.index()])
        .sum();
    (share(dies), share(drawn[Rank::Bomb.index()]), share(drawn[Rank::Flag.index()]))
}

/// How many plies `--show-flag-losses` prints.
const FLAG_TRAIL: usize = 10;

/// One officer of A lost striking a Bomb on `to`: the ranks A's beliefs
/// gave that piece (see [`drawn_ranks`]), from A's `view` before the strike.
fn bomb_strike(
    view: &strategy_chess::StrategyChessView,
    to: strategy_chess::Square,
    seed: u64,
    ply: usize,
    striker: Rank,
) -> String {
    let enemy = view.viewer().opponent();
    let unmoved = view
        .squares()
        .filter(
            |(_, seen)| matches!(seen, strategy_chess::Seen::Piece(p) if p.colour == enemy && !p.facts.moved),
        )
        .count();
    format!(
        "seed {seed} ply {ply}: A's {striker} struck a Bomb on {to} ({} quiet plies, {unmoved} enemy pieces unmoved, {} Bombs left); in 400 drawn armies: {}",
        view.quiet_plies(),
        view.remaining(enemy)[Rank::Bomb.index()],
        drawn_ranks(view, to, seed ^ ply as u64)
    )
}

fn parse_args() -> Result<Args, String> {
    let mut free = Vec::new();
    let mut args = Args {
        specs: [String::new(), String::new()],
        games: 20,
        seed: 1,
        workers: std::thread::available_parallelism().map_or(1, |n| n.get()),
        settings: Vec::new(),
        from: None,
        quiet: false,
        show: Show::default(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => args.games = number(&value()?)? as usize,
            "--seed" => args.seed = number(&value()?)?,
            "--workers" => args.workers = number(&value()?)? as usize,
            "--set" => args.settings.push(value()?),
            "--from" => args.from = Some(value()?),
            "--quiet" => args.quiet = true,
            "--show-ends" => args.show.ends = true,
            "--show-bomb-strikes" => args.show.bomb_strikes = true,
            "--show-marshal-losses" => args.show.marshal_losses = true,
            "--show-general-losses" => args.show.general_losses = true,
            "--show-flag-losses" => args.show.flag_losses = true,
            "--calibrate" => args.show.calibrate = true,
            "--bench" => {}
            _ => free.push(arg),
        }
    }
    let [a, b] = <[String; 2]>::try_from(free).map_err(|_| "expected A B".to_string())?;
    args.specs = [a, b];
    Ok(args)
}

fn run(args: &Args) -> Result<(), String> {
    let rules = StrategyChessRules::default().with_settings(&args.settings).map_err(|e| format!("{e:?}"))?;
    let players = [parse_player(&args.specs[0])?, parse_player(&args.specs[1])?];
    let from = match &args.from {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            Some(StrategyChess::parse_position(&rules, &text).map_err(|e| format!("{path}: {e}"))?)
        }
        None => None,
    };
    // From a position, A is the side to move there in every game.
    let a_first_from = from.as_ref().map(|p| p.to_move() == Seat::FIRST);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new((0..args.games).map(|_| None).collect());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let printed = Mutex::new(0usize);
    std::thread::scope(|scope| {
        for _ in 0..args.workers.max(1) {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= args.games || failure.lock().unwrap().is_some() {
                        break;
                    }
                    let seed = args.seed + k as u64;
                    let a_first = a_first_from.unwrap_or(k % 2 == 0);
                    match play(&players, &rules, seed, a_first, from.as_ref(), args.show) {
                        Ok(result) => {
                            let mut all = results.lock().unwrap();
                            all[k] = Some(result);
                            let mut shown = printed.lock().unwrap();
                            while let Some(Some(r)) = all.get(*shown) {
                                if !args.quiet {
                                    let a = &r.sides[0];
                                    println!(
                                        "game {} seed {}: A {}: {:+} by {} after {} plies; A {:.0} ms/move (max {:.0}), B {:.0} ms/move",
                                        *shown + 1,
                                        args.seed + *shown as u64,
                                        if r.a_first { "red" } else { "blue" },
                                        r.score,
                                        r.ending,
                                        r.plies,
                                        a.micros as f64 / a.moves.max(1) as f64 / 1e3,
                                        a.max_micros as f64 / 1e3,
                                        r.sides[1].micros as f64 / r.sides[1].moves.max(1) as f64 / 1e3,
                                    );
                                }
                                *shown += 1;
                            }
                        }
                        Err(e) => *failure.lock().unwrap() = Some(e),
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let results: Vec<GameResult> = results.into_inner().unwrap().into_iter().flatten().collect();
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut endings = std::collections::BTreeMap::<String, usize>::new();
    let mut sides = [SideStats::default(); 2];
    let mut plies = 0;
    for r in &results {
        match r.score {
            1 => w += 1,
            -1 => l += 1,
            _ => d += 1,
        }
        let who = match r.score {
            1 => "A wins",
            -1 => "B wins",
            _ => "draw",
        };
        *endings.entry(format!("{who} by {}", r.ending)).or_default() += 1;
        sides[0].absorb(&r.sides[0]);
        sides[1].absorb(&r.sides[1]);
        plies += r.plies;
    }
    println!("endings: {endings:?}; mean length {} plies", plies / results.len().max(1));
    for (name, s) in ["A", "B"].iter().zip(&sides) {
        let takers: Vec<String> = Rank::ALL
            .iter()
            .filter(|r| s.flag_takers[r.index()] > 0)
            .map(|r| format!("{}:{}", r.token(), s.flag_takers[r.index()]))
            .collect();
        let bombs: Vec<String> = Rank::ALL
            .iter()
            .filter(|r| s.bomb_deaths[r.index()] > 0)
            .map(|r| format!("{}:{}", r.token(), s.bomb_deaths[r.index()]))
            .collect();
        let struck = |i: usize| -> String {
            Rank::ALL
                .iter()
                .filter(|r| s.struck_down[i][r.index()] > 0)
                .map(|r| format!("{}:{}", r.token(), s.struck_down[i][r.index()]))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!("{name}: struck down when identified [{}], struck down blind [{}]", struck(0), struck(1));
        println!(
            "{name}: {:.1} ms/move (max {:.0}), {} nodes/move; strikes won {} lost {}; died on bombs [{}]; Marshal lost to bomb {} spy {} marshal {} other {}; Flag taken by [{}]",
            s.micros as f64 / s.moves.max(1) as f64 / 1e3,
            s.max_micros as f64 / 1e3,
            s.nodes / s.moves.max(1),
            s.won_strikes,
            s.lost_strikes,
            bombs.join(" "),
            s.marshal[0],
            s.marshal[1],
            s.marshal[2],
            s.marshal[3],
            takers.join(" "),
        );
        if args.show.calibrate {
            let mut low = 0;
            for (top, row) in RISK_BINS.iter().zip(&s.risk) {
                let [n, died, believed, bombs, believed_bombs, flags, believed_flags] = row.map(u64::from);
                println!(
                    "{name}: officers' blind strikes believed {:>2}-{:>3}% deadly: {n:>4} strikes, died {died:>3} ({:.1}% against {:.1}% believed), Bombs {bombs:>3} ({:.1}% against {:.1}%), Flags {flags:>2} ({:.1}% against {:.1}%)",
                    low / 10,
                    top.min(&1000) / 10,
                    100.0 * died as f64 / n.max(1) as f64,
                    believed as f64 / 10.0 / n.max(1) as f64,
                    100.0 * bombs as f64 / n.max(1) as f64,
                    believed_bombs as f64 / 10.0 / n.max(1) as f64,
                    100.0 * flags as f64 / n.max(1) as f64,
                    believed_flags as f64 / 10.0 / n.max(1) as f64,
                );
                low = *top;
            }
        }
    }
    let n = results.len().max(1) as f64;
    println!("result {w}-{d}-{l} score {:.1}%", (w as f64 + d as f64 / 2.0) / n * 100.0);
    Ok(())
}

fn main() -> ExitCode {
    match parse_args().and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("strategy_chess_games: {e}");
            ExitCode::from(2)
        }
    }
}
