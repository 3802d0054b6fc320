//! What an enemy's moves said about its ranks, read from recorded games
//! of the UCC protocol: the evidence behind the beliefs' behaviour
//! weights (`strategy_chess::beliefs::Behaviour`), measured on opponents
//! the project does not hold.
//!
//! ```text
//! cargo run --release -p headless --example strategy_chess_sightings -- TRANSCRIPT...
//! ```
//!
//! A transcript is everything the manager sent one of our bots in one
//! game (`LOGS=DIR` makes `scripts/strategy-chess-vs-outside.sh` keep
//! them). Each is replayed with a name on every enemy piece. A sighting
//! is an enemy move, without a battle, that ends next to one of our pieces
//! the enemy knows (revealed in battle, or a Scout by a long move) or two
//! squares from it, having come closer ("approach"), or that leaves a
//! square next to it ("flee"). Once the piece fights, its rank is seen:
//! the table gives, per opponent and kind of sighting, how many sighted
//! pieces were later seen, the share of them that beat our piece, the
//! same share among all the enemy's moved pieces seen in those games, and
//! the likelihood ratio the two imply (odds against odds). A piece
//! sighted again against the same rank from the same distance counts once.

use headless::cli::ucc::wire::{
    Confirmation, Outcome, WireMove, looks_like_board_line, parse_confirmation, parse_start,
};
use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;
use strategy_chess::rules::BombRule;
use strategy_chess::{Clash, Rank, battle};

const SIZE: usize = 10;

/// What one sighting suggested.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Kind {
    /// Came to this many squares (1 or 2) of our known piece.
    Approach(usize),
    /// Stepped away from our known piece next to it.
    Flee,
}

/// One game replayed: the sightings, and the ranks seen.
#[derive(Default)]
struct Game {
    opponent: String,
    /// (enemy piece, our rank it knew, kind), each once.
    sightings: BTreeSet<(usize, Rank, Kind)>,
    /// The rank of each enemy piece that fought.
    seen: BTreeMap<usize, Rank>,
    moved: BTreeSet<usize>,
}

/// Our piece on a square, with the rank the enemy knows, if it does.
#[derive(Clone, Copy)]
struct Ours {
    known: Option<Rank>,
}

/// Where a move of the protocol ends, as the manager's `(x, y)`.
fn destination(mv: WireMove) -> Option<(usize, usize)> {
    mv.to_move().map(|m| (m.to.file(), m.to.row()))
}

fn distance(a: (usize, usize), b: (usize, usize)) -> usize {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

fn replay(text: &str) -> Result<Game, String> {
    let mut lines = text.lines();
    let start = parse_start(lines.next().ok_or("empty transcript")?).map_err(|e| e.to_string())?;
    let we_move_first = start.colour == strategy_chess::Colour::Red;
    let mut confirmations = Vec::new();
    let mut first_board: Option<Vec<String>> = None;
    let mut board = Vec::new();
    for line in lines {
        if looks_like_board_line(line) {
            board.push(line.trim_end().to_string());
            if board.len() == SIZE && first_board.is_none() {
                first_board = Some(std::mem::take(&mut board));
            }
            board.truncate(board.len() % SIZE);
        } else if let Ok(Confirmation::Move(mv, outcome)) = parse_confirmation(line) {
            confirmations.push((mv, outcome));
        }
    }
    let first_board = first_board.ok_or("no board in the transcript")?;
    let mut enemy: Vec<Option<usize>> = vec![None; SIZE * SIZE];
    let mut ours: Vec<Option<Ours>> = vec![None; SIZE * SIZE];
    let mut pieces = 0;
    for (y, row) in first_board.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                '#' => {
                    enemy[y * SIZE + x] = Some(pieces);
                    pieces += 1;
                }
                '.' | '+' => {}
                _ => ours[y * SIZE + x] = Some(Ours { known: None }),
            }
        }
    }
    if !we_move_first {
        // The first board came after Red's first move: take it back.
        let Some((mv, Outcome::Ok)) = confirmations.first() else {
            return Err("Red's first move was not a plain move".into());
        };
        let (fx, fy) = (mv.x, mv.y);
        let (tx, ty) = destination(*mv).ok_or("Red's first move leaves the board")?;
        enemy[fy * SIZE + fx] = enemy[ty * SIZE + tx].take();
    }
    let mut game = Game { opponent: start.opponent, ..Game::default() };
    for (k, (mv, outcome)) in confirmations.iter().enumerate() {
        if matches!(outcome, Outcome::VictoryFlag(_) | Outcome::VictoryAttrition(_) | Outcome::Illegal) {
            break;
        }
        let ours_moving = (k % 2 == 0) == we_move_first;
        let from = (mv.x, mv.y);
        let Some(dest) = destination(*mv) else { return Err(format!("move {k} leaves the board")) };
        let (f, t) = (from.1 * SIZE + from.0, dest.1 * SIZE + dest.0);
        let ranks = match *outcome {
            Outcome::Kills(a, d) | Outcome::Dies(a, d) | Outcome::BothDie(a, d) => Some((a, d)),
            _ => None,
        };
        let (attacker_lives, defender_lives) = match outcome {
            Outcome::Kills(..) => (true, false),
            Outcome::Dies(..) => (false, true),
            Outcome::BothDie(..) => (false, false),
            _ => (true, true),
        };
        if ours_moving {
            let Some(mut piece) = ours[f].take() else {
                return Err(format!("move {k}: none of ours on its square"));
            };
            if mv.distance > 1 {
                piece.known.get_or_insert(Rank::Scout);
            }
            if let Some((a, d)) = ranks {
                piece.known = Some(a);
                if let Some(id) = enemy[t] {
                    game.seen.insert(id, d);
                }
            }
            if attacker_lives {
                enemy[t] = None;
                ours[t] = Some(piece);
            } else if !defender_lives {
                enemy[t] = None;
            }
        } else {
            let Some(id) = enemy[f].take() else {
                return Err(format!("move {k}: no enemy piece on its square"));
            };
            game.moved.insert(id);
            match ranks {
                Some((a, d)) => {
                    game.seen.insert(id, a);
                    if attacker_lives {
                        ours[t] = None;
                        enemy[t] = Some(id);
                    } else if defender_lives {
                        if let Some(piece) = &mut ours[t] {
                            piece.known = Some(d);
                        }
                    } else {
                        ours[t] = None;
                    }
                }
                None => {
                    enemy[t] = Some(id);
                    for (square, piece) in ours.iter().enumerate() {
                        let Some(known) = piece.and_then(|p| p.known) else { continue };
                        let at = (square % SIZE, square / SIZE);
                        let (before, after) = (distance(from, at), distance(dest, at));
                        if after < before && after <= 2 {
                            game.sightings.insert((id, known, Kind::Approach(after)));
                        } else if after > before && before == 1 {
                            game.sightings.insert((id, known, Kind::Flee));
                        }
                    }
                }
            }
        }
    }
    Ok(game)
}

/// Whether `rank` striking `known` wins.
fn beats(rank: Rank, known: Rank) -> bool {
    matches!(battle(rank, known, BombRule::Permanent), Some(Clash::AttackerWins | Clash::FlagCaptured))
}

#[derive(Default)]
struct Tally {
    pieces: u32,
    beat: f64,
    base: f64,
}

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: strategy_chess_sightings TRANSCRIPT...");
        return ExitCode::from(2);
    }
    let mut table: BTreeMap<(String, Kind, bool), Tally> = BTreeMap::new();
    let mut games: BTreeMap<String, u32> = BTreeMap::new();
    for path in &paths {
        let game = match std::fs::read_to_string(path).map_err(|e| e.to_string()).and_then(|t| replay(&t)) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("{path}: skipped: {e}");
                continue;
            }
        };
        *games.entry(game.opponent.clone()).or_default() += 1;
        let moved_seen: Vec<Rank> = game.moved.iter().filter_map(|id| game.seen.get(id).copied()).collect();
        for &(id, known, kind) in &game.sightings {
            let Some(&rank) = game.seen.get(&id) else { continue };
            let tally = table.entry((game.opponent.clone(), kind, known == Rank::Marshal)).or_default();
            tally.pieces += 1;
            tally.beat += f64::from(u8::from(beats(rank, known)));
            let share = moved_seen.iter().filter(|&&r| beats(r, known)).count() as f64;
            tally.base += share / moved_seen.len().max(1) as f64;
        }
    }
    println!(
        "| opponent | games | sighting | our known piece | pieces seen later | beat it | all moved pieces seen | ratio |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for ((opponent, kind, marshal), tally) in &table {
        let n = f64::from(tally.pieces);
        let (p, b) = (tally.beat / n, tally.base / n);
        let odds = |x: f64| x.clamp(0.005, 0.995) / (1.0 - x.clamp(0.005, 0.995));
        let kind = match kind {
            Kind::Approach(1) => "approach, next to it".to_string(),
            Kind::Approach(d) => format!("approach, {d} squares away"),
            Kind::Flee => "flee".to_string(),
        };
        println!(
            "| {opponent} | {} | {kind} | {} | {} | {:.0}% | {:.0}% | {:.1} |",
            games[opponent],
            if *marshal { "Marshal" } else { "other" },
            tally.pieces,
            100.0 * p,
            100.0 * b,
            odds(p) / odds(b)
        );
    }
    ExitCode::SUCCESS
}
