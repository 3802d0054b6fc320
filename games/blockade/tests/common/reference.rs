//! A plain array implementation of Blockade, written straight from the rule
//! book (PRODUCT.md) with no bit tricks, as the reference the bitboard
//! engine must agree with move by move.

use blockade::{Blockade, BlockadeRules, Neighbourhood, Square, StartPattern};
use game_core::{Outcome, Seat};

/// A board cell: empty, or the stone of player 0 (One) or 1 (Two).
pub type Cell = Option<usize>;

/// A position: `cells[file][rank]`, 0-based, and the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub rules: BlockadeRules,
    pub cells: Vec<Vec<Cell>>,
    pub to_move: usize,
}

/// What a move changed, as (file, rank) lists in the order found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    pub captured: Vec<(usize, usize)>,
    pub claimed: Vec<(usize, usize)>,
    pub overcrowded: Vec<(usize, usize)>,
}

impl Reference {
    fn size(&self) -> usize {
        self.rules.size as usize
    }

    /// The start position, from the words of the rule book.
    pub fn start(rules: &BlockadeRules) -> Reference {
        let size = rules.size as usize;
        let mut cells = vec![vec![None; size]; size];
        let h = size / 2;
        let mut put = |file: usize, rank: usize, player: usize| cells[file][rank] = Some(player);
        match (rules.start, rules.neighbourhood) {
            (StartPattern::Centre, Neighbourhood::Surrounding) => {
                put(h - 1, h - 1, 0);
                put(h, h, 0);
                put(h - 1, h, 1);
                put(h, h - 1, 1);
            }
            (StartPattern::Centre, Neighbourhood::Orthogonal) => {
                put(h, h + 1, 0); // above the empty centre
                put(h, h - 1, 0); // below
                put(h - 1, h, 1); // left
                put(h + 1, h, 1); // right
            }
            (StartPattern::Wide, Neighbourhood::Surrounding) => {
                for file in h - 2..=h + 1 {
                    for rank in h - 2..=h + 1 {
                        put(file, rank, if (file + rank) % 2 == 0 { 0 } else { 1 });
                    }
                }
            }
            (StartPattern::Wide, Neighbourhood::Orthogonal) => {
                for file in h - 2..=h + 1 {
                    for rank in h - 2..=h + 1 {
                        if (file + rank) % 2 == 1 {
                            put(file, rank, if rank.abs_diff(h) % 2 == 1 { 0 } else { 1 });
                        }
                    }
                }
            }
            (StartPattern::Grid, _) => {
                // Odd files and ranks off the edge; the middle one stays
                // empty when there is an odd number a side.
                let points: Vec<usize> = (1..size - 1).filter(|c| c % 2 == 1).collect();
                let n = points.len();
                for (i, &file) in points.iter().enumerate() {
                    for (j, &rank) in points.iter().enumerate() {
                        if n % 2 == 1 && i == n / 2 && j == n / 2 {
                            continue;
                        }
                        put(file, rank, (i + j) % 2);
                    }
                }
            }
        }
        Reference { rules: *rules, cells, to_move: 0 }
    }

    /// The same position as a bitboard one, read through its public
    /// accessors.
    pub fn from_game(game: &Blockade) -> Reference {
        let rules = *game_core::Game::rules(game);
        let size = rules.size as usize;
        let mut cells = vec![vec![None; size]; size];
        for (file, column) in cells.iter_mut().enumerate() {
            for (rank, cell) in column.iter_mut().enumerate() {
                let square = Square::new(file as u8, rank as u8).unwrap();
                *cell = game.stone(square).map(|seat| seat.index());
            }
        }
        Reference { rules, cells, to_move: game_core::Game::to_move(game).index() }
    }

    /// The squares next to (file, rank), on the board.
    pub fn neighbours(&self, file: usize, rank: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for df in -1i32..=1 {
            for dr in -1i32..=1 {
                if df == 0 && dr == 0 {
                    continue;
                }
                if self.rules.neighbourhood == Neighbourhood::Orthogonal && df != 0 && dr != 0 {
                    continue;
                }
                let (f, r) = (file as i32 + df, rank as i32 + dr);
                if f >= 0 && r >= 0 && f < self.size() as i32 && r < self.size() as i32 {
                    out.push((f as usize, r as usize));
                }
            }
        }
        out
    }

    /// How many of `player`'s stones are next to (file, rank).
    pub fn count(&self, file: usize, rank: usize, player: usize) -> usize {
        self.neighbours(file, rank).into_iter().filter(|&(f, r)| self.cells[f][r] == Some(player)).count()
    }

    /// An empty square next to a stone of each player.
    pub fn is_legal(&self, file: usize, rank: usize) -> bool {
        self.cells[file][rank].is_none()
            && self.count(file, rank, self.to_move) > 0
            && self.count(file, rank, 1 - self.to_move) > 0
    }

    /// The legal squares, as (file, rank).
    pub fn legal_moves(&self) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        for rank in 0..self.size() {
            for file in 0..self.size() {
                if self.is_legal(file, rank) {
                    moves.push((file, rank));
                }
            }
        }
        moves
    }

    /// Places a stone and applies the three rules to the squares next to
    /// it, all counted on the board right after placing, all at once.
    pub fn play(&mut self, file: usize, rank: usize) -> Changes {
        let me = self.to_move;
        let other = 1 - me;
        self.cells[file][rank] = Some(me);
        let reaches = |threshold: u8, count: usize| threshold != 0 && count >= threshold as usize;
        let mut changes = Changes::default();
        for (f, r) in self.neighbours(file, rank) {
            let count = self.count(f, r, me);
            match self.cells[f][r] {
                Some(p) if p == other && reaches(self.rules.capture, count) => changes.captured.push((f, r)),
                None if reaches(self.rules.claim, count) => changes.claimed.push((f, r)),
                Some(p) if p == me && reaches(self.rules.overcrowd, count) => {
                    changes.overcrowded.push((f, r))
                }
                _ => {}
            }
        }
        for &(f, r) in changes.captured.iter().chain(&changes.claimed) {
            self.cells[f][r] = Some(me);
        }
        for &(f, r) in &changes.overcrowded {
            self.cells[f][r] = Some(other);
        }
        self.to_move = other;
        changes
    }

    /// What a stone on (file, rank) is worth.
    pub fn square_value(&self, file: usize, rank: usize) -> u32 {
        let last = self.size() - 1;
        let on_edge_file = file == 0 || file == last;
        let on_edge_rank = rank == 0 || rank == last;
        if on_edge_file && on_edge_rank {
            self.rules.corner_value as u32
        } else if on_edge_file || on_edge_rank {
            self.rules.edge_value as u32
        } else {
            1
        }
    }

    /// `player`'s score.
    pub fn score(&self, player: usize) -> u32 {
        let mut score = 0;
        for file in 0..self.size() {
            for rank in 0..self.size() {
                if self.cells[file][rank] == Some(player) {
                    score += self.square_value(file, rank);
                }
            }
        }
        score
    }

    /// The points of `player`'s stones with no empty neighbour: they can
    /// never change again.
    pub fn stable_score(&self, player: usize) -> u32 {
        let mut score = 0;
        for file in 0..self.size() {
            for rank in 0..self.size() {
                let surrounded = self.neighbours(file, rank).iter().all(|&(f, r)| self.cells[f][r].is_some());
                if self.cells[file][rank] == Some(player) && surrounded {
                    score += self.square_value(file, rank);
                }
            }
        }
        score
    }

    /// The result once the player to move has no legal move.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        let (one, two) = (self.score(0), self.score(1));
        Some(if one > two {
            Outcome::win(Seat::FIRST, one - two)
        } else if two > one {
            Outcome::win(Seat::SECOND, two - one)
        } else {
            Outcome::draw()
        })
    }

    /// Move sequences of exactly `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|(f, r)| {
                let mut child = self.clone();
                child.play(f, r);
                child.perft(depth - 1)
            })
            .sum()
    }
}
