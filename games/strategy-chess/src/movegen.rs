//! Move generation and the checked move.
//!
//! Moving: one piece a turn, one square up, down, left or right, onto an
//! empty square or an enemy piece; never diagonally, never onto your own
//! piece, never into a lake. Bombs and the Flag never move. Scouts follow the
//! `scouts` option: with `long-and-strike` a Scout moves any distance in a
//! straight line over empty squares and may strike at the end of it; with
//! `long-no-strike` it may move far but strikes only from the square next to
//! its target; with `one-square` it moves like every other piece. A Scout
//! never passes pieces or lakes.
//!
//! Generation first lists the moves the movement rules allow (one-square
//! moves for all pieces at once with square-set shifts, Scout lines by
//! walking), then drops the few the repetition rules forbid. Nothing here
//! allocates: moves go to a caller's buffer or a closure.

use crate::game::StrategyChess;
use crate::moves::Move;
use crate::rank::{Colour, Rank};
use crate::repetition::{ChaseBan, TwoSquareBan};
use crate::rules::ScoutRule;
use crate::square::{Direction, LAND, NEIGHBOUR, Square, SquareSet, nth_square, offset, shift, squares_of};
use crate::violation::Violation;
use game_core::rng::GameRng;
use rand::Rng;

/// What the repetition rules forbid the side to move right now.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Bans<'a> {
    pub two_square: Option<TwoSquareBan>,
    pub chase: Option<ChaseBan<'a>>,
}

impl Bans<'_> {
    #[inline]
    pub fn any(&self) -> bool {
        self.two_square.is_some() || self.chase.is_some()
    }

    /// The broken rule, if the move breaks one.
    #[inline]
    pub fn check(&self, from: Square, to: Square, strike: bool) -> Result<(), Violation> {
        if let Some(ban) = &self.two_square
            && ban.forbids(from, to)
        {
            let (a, b) = ban.squares();
            return Err(Violation::TwoSquare { from, a, b });
        }
        if let Some(ban) = &self.chase
            && ban.forbids(from, to, strike)
        {
            return Err(Violation::MoreSquare { from, to, target: ban.target() });
        }
        Ok(())
    }

    #[inline]
    pub fn forbids(&self, from: Square, to: Square, strike: bool) -> bool {
        self.two_square.is_some_and(|b| b.forbids(from, to))
            || self.chase.is_some_and(|b| b.forbids(from, to, strike))
    }
}

#[inline]
fn from_of(to: Square, dir: Direction) -> Square {
    // `to` was reached by one step in `dir`, so the step back is on the board.
    Square::new((to.index() as i32 - offset(dir)) as usize).unwrap_or(to)
}

impl StrategyChess {
    /// What the repetition rules forbid `colour` now.
    #[inline]
    pub(crate) fn bans(&self, colour: Colour) -> Bans<'_> {
        Bans {
            two_square: if self.flags.two_square_rule { self.two_square.ban(colour) } else { None },
            chase: if self.flags.more_square_rule { self.chase.ban(colour) } else { None },
        }
    }

    /// The pieces of `colour` that move one square at a time.
    #[inline]
    fn steppers(&self, colour: Colour) -> SquareSet {
        let mobile = self.board.mobile(colour);
        if self.flags.scouts.long() { mobile & !self.board.scouts(colour) } else { mobile }
    }

    /// The one-square targets in each direction for `colour`'s steppers.
    #[inline]
    fn step_targets(&self, colour: Colour) -> [SquareSet; 4] {
        let steppers = self.steppers(colour);
        let open = LAND & !self.board.occupied(colour);
        // Written out: `Direction::ALL.map` compiles to slower code.
        [
            shift(steppers, Direction::North) & open,
            shift(steppers, Direction::East) & open,
            shift(steppers, Direction::South) & open,
            shift(steppers, Direction::West) & open,
        ]
    }

    /// Calls `f(move, strike)` for every move of a Scout on `from` (long
    /// scouts only); stops early when `f` returns false, and then returns
    /// false.
    #[inline]
    fn scout_lines(&self, colour: Colour, from: Square, f: &mut impl FnMut(Move, bool) -> bool) -> bool {
        let enemy = self.board.occupied(colour.opponent());
        let far_strike = self.flags.scouts == ScoutRule::LongAndStrike;
        for dir in Direction::ALL {
            let mut at = from;
            let mut first = true;
            while let Some(next) = NEIGHBOUR[at.index()][dir.index()] {
                if self.board.is_empty(next) {
                    if !f(Move::new(from, next), false) {
                        return false;
                    }
                } else {
                    if enemy & next.bit() != 0 && (far_strike || first) && !f(Move::new(from, next), true) {
                        return false;
                    }
                    break;
                }
                at = next;
                first = false;
            }
        }
        true
    }

    /// Calls `f(move, strike)` for every move the movement rules allow
    /// `colour` (repetition rules not applied), until `f` returns false.
    /// Returns false if it was stopped.
    #[inline]
    pub(crate) fn for_each_candidate(&self, colour: Colour, mut f: impl FnMut(Move, bool) -> bool) -> bool {
        let enemy = self.board.occupied(colour.opponent());
        let targets = self.step_targets(colour);
        for (d, dir) in Direction::ALL.into_iter().enumerate() {
            for to in squares_of(targets[d]) {
                if !f(Move::new(from_of(to, dir), to), enemy & to.bit() != 0) {
                    return false;
                }
            }
        }
        if self.flags.scouts.long() {
            for from in squares_of(self.board.scouts(colour)) {
                if !self.scout_lines(colour, from, &mut f) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the side to move has a legal move (the repetition rules
    /// applied).
    pub(crate) fn has_legal_move(&self) -> bool {
        let bans = self.bans(self.to_move);
        if !bans.any() {
            return self.can_move(self.to_move);
        }
        !self.for_each_candidate(self.to_move, |mv, strike| bans.forbids(mv.from, mv.to, strike))
    }

    /// Whether `colour` has a piece that could move if it were its turn,
    /// the repetition rules aside (the "unable to move" of the draw rule).
    pub(crate) fn can_move(&self, colour: Colour) -> bool {
        !self.for_each_candidate(colour, |_, _| false)
    }

    pub(crate) fn generate(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let bans = self.bans(self.to_move);
        if bans.any() {
            self.for_each_candidate(self.to_move, |mv, strike| {
                if !bans.forbids(mv.from, mv.to, strike) {
                    moves.push(mv);
                }
                true
            });
        } else {
            self.for_each_candidate(self.to_move, |mv, _| {
                moves.push(mv);
                true
            });
        }
    }

    pub(crate) fn count(&self, scratch: &mut Vec<Move>) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let colour = self.to_move;
        if self.bans(colour).any() {
            self.generate(scratch);
            return scratch.len();
        }
        let mut n: usize = self.step_targets(colour).iter().map(|t| t.count_ones() as usize).sum();
        if self.flags.scouts.long() {
            for from in squares_of(self.board.scouts(colour)) {
                self.scout_lines(colour, from, &mut |_, _| {
                    n += 1;
                    true
                });
            }
        }
        n
    }

    /// A uniformly random legal move: one-square moves are drawn straight
    /// from the square sets, Scout moves by counting the lines and walking
    /// to the drawn one (no buffer), and the rare move a repetition rule
    /// forbids is drawn again. (Drawing Scout moves from flood-filled square
    /// sets was tried: more instructions, as long lines take many fill steps
    /// and counting bits has no instruction on the baseline x86-64 target.)
    pub(crate) fn random(&self, rng: &mut GameRng, scratch: &mut Vec<Move>) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let colour = self.to_move;
        let targets = self.step_targets(colour);
        let counts = [
            targets[0].count_ones(),
            targets[1].count_ones(),
            targets[2].count_ones(),
            targets[3].count_ones(),
        ];
        let steps: u32 = counts.iter().sum();
        let mut lines = 0u32;
        if self.flags.scouts.long() {
            for from in squares_of(self.board.scouts(colour)) {
                self.scout_lines(colour, from, &mut |_, _| {
                    lines += 1;
                    true
                });
            }
        }
        let total = steps + lines;
        if total == 0 {
            return None;
        }
        let bans = self.bans(colour);
        let enemy = self.board.occupied(colour.opponent());
        for _ in 0..16 {
            let mut r = rng.random_range(0..total);
            let mv = if r < steps {
                let mut d = 0;
                while r >= counts[d] {
                    r -= counts[d];
                    d += 1;
                }
                let to = nth_square(targets[d], r)?;
                Move::new(from_of(to, Direction::ALL[d]), to)
            } else {
                self.nth_scout_move(colour, r - steps)?
            };
            if !bans.any() || !bans.forbids(mv.from, mv.to, enemy & mv.to.bit() != 0) {
                return Some(mv);
            }
        }
        // Almost every candidate is forbidden: draw among the legal ones.
        self.generate(scratch);
        if scratch.is_empty() { None } else { Some(scratch[rng.random_range(0..scratch.len())]) }
    }

    /// The `n`-th Scout move of `colour` (from 0) in the order
    /// [`StrategyChess::scout_lines`] gives them, scouts in square order.
    fn nth_scout_move(&self, colour: Colour, mut n: u32) -> Option<Move> {
        let mut found = None;
        for from in squares_of(self.board.scouts(colour)) {
            let stopped = !self.scout_lines(colour, from, &mut |mv, _| {
                if n == 0 {
                    found = Some(mv);
                    return false;
                }
                n -= 1;
                true
            });
            if stopped {
                break;
            }
        }
        found
    }

    /// Checks `mv` against every rule, saying which one it breaks.
    pub(crate) fn check(&self, mv: Move) -> Result<(), Violation> {
        if self.outcome.is_some() {
            return Err(Violation::GameOver);
        }
        let Move { from, to } = mv;
        let piece = self.board.piece(from).ok_or(Violation::NoPiece(from))?;
        if piece.colour != self.to_move {
            return Err(Violation::NotYourPiece { square: from, owner: piece.colour, to_move: self.to_move });
        }
        if !piece.rank.can_move() {
            return Err(Violation::Immovable(piece.rank));
        }
        let (dir, distance) = from.line_to(to).ok_or(Violation::NotStraight { from, to })?;
        if distance > 1 {
            if piece.rank != Rank::Scout || !self.flags.scouts.long() {
                let rule = match self.flags.scouts {
                    ScoutRule::LongAndStrike => "long-and-strike",
                    ScoutRule::LongNoStrike => "long-no-strike",
                    ScoutRule::OneSquare => "one-square",
                };
                return Err(Violation::TooFar { rule });
            }
            let mut at = from;
            for _ in 1..distance {
                at = at.step(dir).unwrap_or(at);
                if at.is_lake() || !self.board.is_empty(at) {
                    return Err(Violation::PathBlocked { to, blocked: at });
                }
            }
        }
        if to.is_lake() {
            return Err(Violation::Lake(to));
        }
        let strike = match self.board.piece(to) {
            Some(p) if p.colour == piece.colour => return Err(Violation::OwnPiece(to)),
            Some(_) => true,
            None => false,
        };
        if strike && distance > 1 && self.flags.scouts == ScoutRule::LongNoStrike {
            return Err(Violation::ScoutStrikeFromAfar);
        }
        self.bans(self.to_move).check(from, to, strike)
    }
}
