//! A second, deliberately plain implementation of the Stones rules, written
//! from the rule text in board terms (rows, columns, left and right score
//! piles) and sharing no code with the crate. The tests compare the two:
//! perft counts, and exact game values.

#![allow(dead_code)]

/// Where a stone can be, as seen on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// Bottom row (Player One), column from the left.
    Bottom(usize),
    /// Top row (Player Two), column from the left.
    Top(usize),
    /// Player One's score pile, left end.
    Left,
    /// Player Two's score pile, right end.
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sweep {
    EmptierCollects,
    OwnerKeeps,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    pub columns: usize,
    pub bottom: Vec<u32>,
    pub top: Vec<u32>,
    pub left: u32,
    pub right: u32,
    /// 0: Player One, 1: Player Two.
    pub mover: usize,
    pub relay: bool,
    pub empty_capture: bool,
    pub sweep: Sweep,
    pub over: bool,
}

impl Naive {
    pub fn new(columns: usize, stones: u32, relay: bool, empty_capture: bool, sweep: Sweep) -> Self {
        Naive {
            columns,
            bottom: vec![stones; columns],
            top: vec![stones; columns],
            left: 0,
            right: 0,
            mover: 0,
            relay,
            empty_capture,
            sweep,
            over: false,
        }
    }

    /// One step clockwise on the board.
    fn clockwise(&self, spot: Spot) -> Spot {
        match spot {
            Spot::Bottom(0) => Spot::Left,
            Spot::Bottom(c) => Spot::Bottom(c - 1),
            Spot::Left => Spot::Top(0),
            Spot::Top(c) if c + 1 == self.columns => Spot::Right,
            Spot::Top(c) => Spot::Top(c + 1),
            Spot::Right => Spot::Bottom(self.columns - 1),
        }
    }

    fn at(&mut self, spot: Spot) -> &mut u32 {
        match spot {
            Spot::Bottom(c) => &mut self.bottom[c],
            Spot::Top(c) => &mut self.top[c],
            Spot::Left => &mut self.left,
            Spot::Right => &mut self.right,
        }
    }

    /// The mover's pile `pile` (1 next to their own score pile).
    pub fn spot_of_pile(&self, player: usize, pile: usize) -> Spot {
        if player == 0 { Spot::Bottom(pile - 1) } else { Spot::Top(self.columns - pile) }
    }

    fn own_store(&self, player: usize) -> Spot {
        if player == 0 { Spot::Left } else { Spot::Right }
    }

    fn is_own_pit(&self, player: usize, spot: Spot) -> bool {
        matches!((player, spot), (0, Spot::Bottom(_)) | (1, Spot::Top(_)))
    }

    fn opposite(spot: Spot) -> Spot {
        match spot {
            Spot::Bottom(c) => Spot::Top(c),
            Spot::Top(c) => Spot::Bottom(c),
            other => other,
        }
    }

    pub fn side(&self, player: usize) -> u32 {
        if player == 0 { self.bottom.iter().sum() } else { self.top.iter().sum() }
    }

    pub fn store(&self, player: usize) -> u32 {
        if player == 0 { self.left } else { self.right }
    }

    /// The legal pile numbers, ascending.
    pub fn moves(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        (1..=self.columns).filter(|&pile| self.clone().at_pile(pile) > 0).collect()
    }

    fn at_pile(&mut self, pile: usize) -> u32 {
        let spot = self.spot_of_pile(self.mover, pile);
        *self.at(spot)
    }

    pub fn play(&mut self, pile: usize) {
        let player = self.mover;
        let theirs = self.own_store(1 - player);
        let mut spot = self.spot_of_pile(player, pile);
        let mut hand = std::mem::take(self.at(spot));
        let mut free_turn = false;
        loop {
            while hand > 0 {
                spot = self.clockwise(spot);
                if spot == theirs {
                    spot = self.clockwise(spot);
                }
                *self.at(spot) += 1;
                hand -= 1;
            }
            if spot == self.own_store(player) {
                free_turn = true;
                break;
            }
            if self.relay {
                if *self.at(spot) > 1 {
                    hand = std::mem::take(self.at(spot));
                    continue;
                }
                break;
            }
            if self.is_own_pit(player, spot) && *self.at(spot) == 1 {
                let facing = Self::opposite(spot);
                if *self.at(facing) > 0 || self.empty_capture {
                    let captured = std::mem::take(self.at(facing)) + std::mem::take(self.at(spot));
                    *self.at(self.own_store(player)) += captured;
                }
            }
            break;
        }
        if !free_turn {
            self.mover = 1 - player;
        }
        // The end check, after every sowing.
        let mine = self.side(player);
        let other = self.side(1 - player);
        if mine == 0 || other == 0 {
            self.over = true;
            let (one, two) = (self.side(0), self.side(1));
            match self.sweep {
                Sweep::OwnerKeeps => {
                    self.left += one;
                    self.right += two;
                }
                Sweep::EmptierCollects => {
                    // Whoever's side is empty collects the rest.
                    if one == 0 {
                        self.left += two;
                    } else {
                        self.right += one;
                    }
                }
            }
            self.bottom.iter_mut().for_each(|c| *c = 0);
            self.top.iter_mut().for_each(|c| *c = 0);
        }
    }

    /// Move sequences of exactly `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|pile| {
                let mut child = self.clone();
                child.play(pile);
                child.perft(depth - 1)
            })
            .sum()
    }

    /// Player One's final margin under perfect play, by plain negamax over
    /// whole positions (score piles included), memoised.
    pub fn solve(&self) -> i64 {
        let mut memo = std::collections::HashMap::new();
        let margin_for_mover = self.negamax(&mut memo);
        if self.mover == 0 { margin_for_mover } else { -margin_for_mover }
    }

    fn negamax(&self, memo: &mut std::collections::HashMap<Vec<u32>, i64>) -> i64 {
        if self.over {
            let (me, them) = (self.store(self.mover) as i64, self.store(1 - self.mover) as i64);
            return me - them;
        }
        let mut key = self.bottom.clone();
        key.extend(&self.top);
        key.extend([self.left, self.right, self.mover as u32]);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut best = i64::MIN;
        for pile in self.moves() {
            let mut child = self.clone();
            child.play(pile);
            let v = if child.mover == self.mover { child.negamax(memo) } else { -child.negamax(memo) };
            best = best.max(v);
        }
        memo.insert(key, best);
        best
    }
}
