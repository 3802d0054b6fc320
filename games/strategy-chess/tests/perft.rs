//! The perft table (`tests/data/perft.txt`) as a regression test, and a
//! plain reference move generator that the first plies must agree with.

mod common;

use game_core::{Game, perft_counts};
use strategy_chess::{Colour, Piece, Rank, ScoutRule, Square, StrategyChess, battle};

struct Case {
    setups: (u32, u32),
    settings: Vec<String>,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let (a, b) = fields[0].split_once(',').unwrap();
            Case {
                setups: (a.parse().unwrap(), b.parse().unwrap()),
                settings: fields[1].split_whitespace().map(String::from).collect(),
                counts: fields[2].split_whitespace().map(|c| c.parse().unwrap()).collect(),
            }
        })
        .collect()
}

fn start(case: &Case) -> StrategyChess {
    let settings: Vec<&str> = case.settings.iter().map(String::as_str).collect();
    common::start(case.setups.0, case.setups.1, &settings).with_history_log(false)
}

#[test]
fn perft_table() {
    let print = std::env::var("PERFT_PRINT").is_ok();
    for case in cases() {
        let game = start(&case);
        let counts = perft_counts(&game, case.counts.len() as u32);
        if print {
            println!("{},{} | {} | {:?}", case.setups.0, case.setups.1, case.settings.join(" "), counts);
        } else {
            assert_eq!(counts, case.counts, "setups {:?} with {:?}", case.setups, case.settings);
        }
    }
}

/// A mailbox with no square sets, no tricks and no repetition rules (they
/// cannot bite in the first plies of a game).
#[derive(Clone)]
struct Plain {
    cells: [[Option<Piece>; 10]; 10],
    to_move: Colour,
    scouts: ScoutRule,
    over: bool,
}

impl Plain {
    fn of(game: &StrategyChess) -> Plain {
        let mut cells = [[None; 10]; 10];
        for sq in Square::all() {
            cells[sq.file()][sq.row()] = game.piece(sq);
        }
        Plain { cells, to_move: game.colour_to_move(), scouts: game.rules().scouts, over: false }
    }

    fn moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let mut moves = Vec::new();
        if self.over {
            return moves;
        }
        let lake = |f: i32, r: i32| (r == 4 || r == 5) && matches!(f, 2 | 3 | 6 | 7);
        for f in 0..10 {
            for r in 0..10 {
                let Some(p) = self.cells[f][r] else { continue };
                if p.colour != self.to_move || matches!(p.rank, Rank::Bomb | Rank::Flag) {
                    continue;
                }
                let long = p.rank == Rank::Scout && self.scouts != ScoutRule::OneSquare;
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let (mut tf, mut tr) = (f as i32, r as i32);
                    for distance in 1..10 {
                        tf += df;
                        tr += dr;
                        if !(0..10).contains(&tf) || !(0..10).contains(&tr) || lake(tf, tr) {
                            break;
                        }
                        match self.cells[tf as usize][tr as usize] {
                            None => moves.push(((f, r), (tf as usize, tr as usize))),
                            Some(q) if q.colour != p.colour => {
                                if distance == 1 || self.scouts == ScoutRule::LongAndStrike {
                                    moves.push(((f, r), (tf as usize, tr as usize)));
                                }
                                break;
                            }
                            Some(_) => break,
                        }
                        if !long {
                            break;
                        }
                    }
                }
            }
        }
        moves
    }

    fn play(&mut self, (from, to): ((usize, usize), (usize, usize))) {
        let attacker = self.cells[from.0][from.1].take().unwrap();
        match self.cells[to.0][to.1] {
            None => self.cells[to.0][to.1] = Some(attacker),
            Some(defender) => {
                use strategy_chess::Clash::*;
                match battle(attacker.rank, defender.rank, strategy_chess::BombRule::Permanent).unwrap() {
                    AttackerWins => self.cells[to.0][to.1] = Some(attacker),
                    FlagCaptured => {
                        self.cells[to.0][to.1] = Some(attacker);
                        self.over = true;
                    }
                    DefenderWins => {}
                    BothDie => self.cells[to.0][to.1] = None,
                }
            }
        }
        self.to_move = self.to_move.opponent();
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn the_first_plies_agree_with_a_plain_generator() {
    for case in cases().iter().filter(|c| !c.settings.iter().any(|s| s.contains("single-use"))) {
        let game = start(case);
        let plain = Plain::of(&game);
        for depth in 1..=4.min(case.counts.len() as u32) {
            assert_eq!(
                plain.perft(depth),
                case.counts[depth as usize - 1],
                "depth {depth}, setups {:?} with {:?}",
                case.setups,
                case.settings
            );
        }
    }
}
