//! The one-ply judgement every style shares, and the choice of a move.
//!
//! A style is a [`Plan`]: which strikes it allows, where its pieces may
//! stand, what it likes besides material, and how it weighs risk
//! ([`Temper`]). [`choose`] does the rest, the same for every style:
//!
//! 1. **A sure win is taken at once:** a strike on a piece the counts
//!    prove to be the Flag, or a sure kill of the enemy's last movable
//!    piece.
//! 2. Every legal move is scored:
//!    - **the strike**: what it wins or loses on average over the odds of
//!      the struck piece ([`super::reading`]), plus what a failed strike
//!      teaches (the struck piece is revealed), less what it costs that
//!      the striker becomes known;
//!    - **safety after the move**: the best strike the enemy then has
//!      against any of our pieces, one ply deep: a revealed enemy next to a
//!      piece it beats takes it unless we can take it back; an unknown one
//!      may, with the odds of its rank (feared less next to pieces the
//!      enemy has not identified); our Flag counts as the game;
//!    - **the pull**: each piece is drawn to the enemy pieces it would like
//!      to strike, by the style's taste, the more the closer (walking
//!      round lakes and enemy pieces; our own movable pieces slow the walk
//!      but do not stop it, as they can step aside); enemy pieces near our
//!      Flag draw hardest, likely Miners most;
//!    - **the watch over the Flag** ([`Watch`]): guards stay on the squares
//!      diagonal to it, from where they take back a Miner that took a Bomb
//!      of its wall;
//!    - **no stalling** ([`urgency`]): as the plies without a battle run
//!      towards `no_capture_limit`, strikes on unknown pieces are worth
//!      more, so the game is fought out rather than drawn;
//!    - the style's own likes ([`Plan::bonus`]);
//!    - **no shuffling:** a piece going back to a square it came from in
//!      its last moves pays, most for undoing the very last move (read
//!      from the public history: nothing is remembered between calls);
//!    - a little noise from the rng, so that games differ.
//! 3. Moves the style forbids are dropped: strikes it does not allow
//!    (except on an enemy piece three steps or less from our Flag: then any
//!    piece may strike), standing where it must not, and stepping next to
//!    an identified enemy piece that beats the mover. Only if that leaves
//!    nothing is the best of all legal moves played.

use super::reading::{Chances, Odds, Reading, WIN, chances};
use crate::combat::{Clash, battle};
use crate::moves::Move;
use crate::rank::{RANK_COUNT, Rank};
use crate::rules::ScoutRule;
use crate::square::{Direction, SQUARES, Square};
use crate::view::{Seen, SeenPiece, StrategyChessView};
use game_core::rng::GameRng;
use rand::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How a style weighs risk and reward.
#[derive(Clone, Copy, Debug)]
pub(super) struct Temper {
    /// Weight of what a failed strike teaches (the struck piece's rank).
    pub curiosity: f32,
    /// How much an unknown enemy piece is feared next to a piece of ours
    /// the enemy has not identified, from 0 (not at all) to 1 (as if it
    /// knew).
    pub caution: f32,
    /// Weight of the pull towards targets.
    pub drive: f32,
    /// What it costs to take a needed guard off its post by our Flag, and
    /// what manning an empty post is worth (see [`Watch`]).
    pub watch: f32,
}

/// A legal move as a style sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    /// The move.
    pub mv: Move,
    /// The moving piece's rank.
    pub piece: Rank,
    /// The moving piece as the view shows it.
    pub seen: SeenPiece,
    /// The chances of the strike, if the move strikes.
    pub strike: Option<Chances>,
}

impl Candidate {
    /// Rows gained towards the enemy's back row.
    pub fn advance(&self, reading: &Reading) -> i32 {
        self.mv.to.depth_for(reading.me) as i32 - self.mv.from.depth_for(reading.me) as i32
    }

    /// Whether the move goes more than one square (a Scout's long move).
    pub fn far(&self) -> bool {
        self.mv.from.line_to(self.mv.to).is_some_and(|(_, d)| d > 1)
    }
}

/// A style's rules and likes.
pub(super) trait Plan: Sync {
    /// How it weighs risk and reward.
    fn temper(&self) -> Temper;

    /// Whether `piece` may strike the enemy piece on `target`, with these
    /// chances.
    fn may_strike(&self, reading: &Reading, piece: Rank, target: Square, chances: &Chances) -> bool;

    /// Whether `candidate` may leave its piece where it lands (asked only
    /// when the piece may survive the move).
    fn may_stand(&self, _reading: &Reading, _candidate: &Candidate) -> bool {
        true
    }

    /// What the style likes about `candidate` besides material and safety.
    fn bonus(&self, reading: &Reading, candidate: &Candidate) -> f32;

    /// How much the style wants its `piece` to strike the enemy piece on
    /// `target`, a strike `worth` that much ([`strike_worth`]): by default
    /// just that.
    fn appetite(&self, _reading: &Reading, _piece: Rank, _target: Square, worth: f32) -> f32 {
        worth
    }
}

/// How strongly `plan` pulls its `piece` towards the enemy piece on
/// `target` (0 for not at all): its appetite for the strike if it allows
/// the strike, more for pieces coming near our Flag.
fn desire(plan: &dyn Plan, reading: &Reading, piece: Rank, target: Square) -> f32 {
    let worth = strike_worth(reading, &plan.temper(), piece, false, target);
    if !plan.may_strike(reading, piece, target, &worth.chances) && !at_the_gate(reading, target) {
        return 0.0;
    }
    plan.appetite(reading, piece, target, worth.value).max(0.0) + guard_bonus(reading, target)
}

/// What a strike is worth on average, and its chances.
#[derive(Clone, Copy, Debug)]
struct Worth {
    /// The expected gain, in piece values.
    value: f32,
    /// How the strike may end.
    chances: Chances,
}

/// The worth of `piece` (known to the enemy or not) striking the enemy
/// piece on `target`: material won and lost over the odds, what a failure
/// teaches, and the cost of the striker becoming known.
fn strike_worth(reading: &Reading, temper: &Temper, piece: Rank, known: bool, target: Square) -> Worth {
    let odds = reading.odds(target);
    let mut value = 0.0;
    for rank in Rank::ALL {
        let p = odds[rank.index()];
        if p <= 0.0 {
            continue;
        }
        value += p * match battle(piece, rank, reading.bombs) {
            Some(Clash::AttackerWins) => reading.foe_value(rank),
            Some(Clash::FlagCaptured) => WIN,
            Some(Clash::BothDie) => reading.foe_value(rank) - reading.my_value(piece),
            Some(Clash::DefenderWins) | None => -reading.my_value(piece),
        };
    }
    let chances = chances(piece, odds, reading.bombs);
    value += chances.loss * temper.curiosity * reading.knowing_after_loss(target, piece);
    if !known {
        value -= chances.win * reading.exposing(piece);
    }
    if reading.certain(target).is_none() {
        value += STALL_BREAK * urgency(reading);
    }
    Worth { value, chances }
}

/// What a strike on an unknown piece is worth at full [`urgency`]: about a
/// Scout and a half, so probes go in rather than let the game be drawn.
const STALL_BREAK: f32 = 40.0;

/// How pressing it is to fight: 0 until a quarter of the plies
/// `no_capture_limit` allows without a battle have passed, rising to 1 at
/// three quarters (a game with the limit off counts as if it were 200).
pub(super) fn urgency(reading: &Reading) -> f32 {
    let limit = match reading.view.rules().no_capture_limit {
        0 => 200.0,
        n => n as f32,
    };
    ((reading.view.quiet_plies() as f32 - 0.25 * limit) / (0.5 * limit)).clamp(0.0, 1.0)
}

/// How much more an enemy piece is wanted for standing near our Flag: its
/// approach is the one threat a style cannot wait out. A likely Miner
/// counts most: it is the piece that gets through Bombs.
fn guard_bonus(reading: &Reading, target: Square) -> f32 {
    let Some(flag) = reading.my_flag else { return 0.0 };
    let steps = steps(flag, target);
    if steps > 5 {
        return 0.0;
    }
    let miner = reading.odds(target)[Rank::Miner.index()];
    (reading.mobility(target) * 60.0 + miner * 300.0) * (6 - steps) as f32
}

/// What stands on a square in the sketch of a position after a move.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cell {
    Empty,
    Lake,
    /// One of ours: its rank, and whether the enemy knows it.
    Mine(Rank, bool),
    /// An enemy piece, with the odds read for the piece on this square.
    Foe,
    /// An enemy piece with the odds of [`Sketch::changed`].
    Changed,
}

/// The board as the style pictures it after one of its moves.
#[derive(Clone)]
struct Sketch {
    cells: [Cell; SQUARES],
    /// The odds of the [`Cell::Changed`] piece (a defender that just won
    /// and is known to beat the striker).
    changed: Odds,
}

impl Sketch {
    fn of(reading: &Reading) -> Sketch {
        let cells = std::array::from_fn(|i| {
            let sq = Square::new(i).expect("0..100");
            match reading.view.seen(sq) {
                Seen::Empty => Cell::Empty,
                Seen::Lake => Cell::Lake,
                Seen::Piece(piece) if piece.colour == reading.me => {
                    Cell::Mine(piece.rank.unwrap_or(Rank::Scout), known(&piece))
                }
                Seen::Piece(_) => Cell::Foe,
            }
        });
        Sketch { cells, changed: [0.0; RANK_COUNT] }
    }

    fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    fn set(&mut self, sq: Square, cell: Cell) {
        self.cells[sq.index()] = cell;
    }

    fn odds<'a>(&'a self, reading: &'a Reading, sq: Square) -> Option<&'a Odds> {
        match self.cell(sq) {
            Cell::Foe => Some(reading.odds(sq)),
            Cell::Changed => Some(&self.changed),
            _ => None,
        }
    }
}

/// Whether the enemy knows our piece's rank.
fn known(piece: &SeenPiece) -> bool {
    piece.facts.revealed || piece.facts.moved_far
}

/// The enemy's best strike against us in `sketch`, one ply deep: the worst
/// threat in full, and a third of the others (the enemy takes one piece a
/// turn, but every threat is a piece to look after).
fn exposure(reading: &Reading, temper: &Temper, sketch: &Sketch) -> f32 {
    let long_strikes = reading.view.rules().scouts == ScoutRule::LongAndStrike;
    let (mut worst, mut total) = (0.0f32, 0.0f32);
    for sq in Square::all() {
        let Cell::Mine(rank, is_known) = sketch.cell(sq) else { continue };
        let fear = if is_known || rank == Rank::Flag { 1.0 } else { temper.caution };
        let mut threat = 0.0f32;
        for next in sq.neighbours() {
            if let Some(odds) = sketch.odds(reading, next) {
                threat = threat.max(fear * enemy_gain(reading, sketch, odds, rank, sq));
            }
        }
        // A Scout striking from afar takes only a Spy or the Flag.
        if long_strikes && matches!(rank, Rank::Spy | Rank::Flag) {
            for dir in Direction::ALL {
                if let Some(odds) = far_striker(reading, sketch, sq, dir) {
                    let mut scout = [0.0; RANK_COUNT];
                    scout[Rank::Scout.index()] = odds[Rank::Scout.index()];
                    threat = threat.max(fear * enemy_gain(reading, sketch, &scout, rank, sq));
                }
            }
        }
        worst = worst.max(threat);
        total += threat;
    }
    worst + (total - worst) / 3.0
}

/// The odds of the enemy piece a Scout's long strike along `dir` could come
/// from: the first piece on the line, if it is an enemy at least two
/// squares away.
fn far_striker<'a>(
    reading: &'a Reading,
    sketch: &'a Sketch,
    from: Square,
    dir: Direction,
) -> Option<&'a Odds> {
    let mut at = from.step(dir)?;
    let mut distance = 1;
    while sketch.cell(at) == Cell::Empty {
        at = at.step(dir)?;
        distance += 1;
    }
    if distance < 2 { None } else { sketch.odds(reading, at) }
}

/// What the enemy gains on average by striking our `rank` on `square` with
/// a piece of these odds: each of its ranks strikes only if that pays.
fn enemy_gain(reading: &Reading, sketch: &Sketch, odds: &Odds, rank: Rank, square: Square) -> f32 {
    let mut gain = 0.0;
    for enemy in Rank::ALL {
        let p = odds[enemy.index()];
        if p <= 0.0 {
            continue;
        }
        let mine = reading.my_value(rank) + wall(reading, rank, square);
        let won = match battle(enemy, rank, reading.bombs) {
            Some(Clash::FlagCaptured) => WIN,
            Some(Clash::AttackerWins) => {
                let back =
                    if retaken(reading, sketch, square, enemy) { reading.foe_value(enemy) } else { 0.0 };
                mine - back
            }
            Some(Clash::BothDie) => mine - reading.foe_value(enemy),
            Some(Clash::DefenderWins) | None => 0.0,
        };
        gain += p * won.max(0.0);
    }
    gain
}

/// What a Bomb on `square` is worth beyond its rank for walling in our
/// Flag: a Miner through it is one or two steps from the game.
fn wall(reading: &Reading, rank: Rank, square: Square) -> f32 {
    match (rank, reading.my_flag) {
        (Rank::Bomb, Some(flag)) => match steps(flag, square) {
            1 => WIN / 3.0,
            2 => WIN / 6.0,
            _ => 0.0,
        },
        _ => 0.0,
    }
}

/// Steps between two squares, lakes aside.
fn steps(a: Square, b: Square) -> usize {
    a.file().abs_diff(b.file()) + a.row().abs_diff(b.row())
}

/// How near our Flag an enemy piece must come to be struck by anything.
const GUARD_RANGE: usize = 3;

/// Whether the enemy piece on `target` is so near our Flag that any of
/// our pieces may strike it, whatever the style's rules.
fn at_the_gate(reading: &Reading, target: Square) -> bool {
    reading.my_flag.is_some_and(|flag| steps(flag, target) <= GUARD_RANGE)
}

/// Whether one of our pieces next to `square` surely beats an enemy
/// `rank` that has just taken it (the winner is revealed there).
fn retaken(reading: &Reading, sketch: &Sketch, square: Square, enemy: Rank) -> bool {
    square.neighbours().any(|next| {
        matches!(sketch.cell(next), Cell::Mine(ours, _)
            if ours.can_move() && battle(ours, enemy, reading.bombs) == Some(Clash::AttackerWins))
    })
}

/// Whether the piece landing on `to` (after striking `struck`, if it
/// struck) stands next to an identified enemy piece that beats it.
fn beaten_next_door(reading: &Reading, piece: Rank, to: Square, struck: Option<Square>) -> bool {
    to.neighbours().filter(|&n| Some(n) != struck && reading.foe(n).is_some()).any(|n| {
        reading
            .certain(n)
            .is_some_and(|enemy| matches!(battle(enemy, piece, reading.bombs), Some(Clash::AttackerWins)))
    })
}

/// The distances from every square to each enemy piece, and what each of
/// our ranks wants of each enemy piece.
struct Pulls {
    targets: Vec<(Square, [f32; RANK_COUNT], Box<[u16; SQUARES]>)>,
}

/// A square no walk reaches.
const FAR: u16 = u16::MAX;

impl Pulls {
    fn new(reading: &Reading, plan: &dyn Plan, sketch: &Sketch) -> Pulls {
        let mut ours = [false; RANK_COUNT];
        for (_, seen) in reading.view.squares() {
            if let Seen::Piece(SeenPiece { colour, rank: Some(rank), .. }) = seen
                && colour == reading.me
                && rank.can_move()
            {
                ours[rank.index()] = true;
            }
        }
        let mut targets = Vec::new();
        for target in Square::all().filter(|&sq| reading.foe(sq).is_some()) {
            let desire: [f32; RANK_COUNT] = std::array::from_fn(|i| match Rank::from_index(i) {
                Some(rank) if ours[i] => desire(plan, reading, rank, target),
                _ => 0.0,
            });
            if desire.iter().any(|&d| d > 0.0) {
                targets.push((target, desire, walk(sketch, target)));
            }
        }
        Pulls { targets }
    }

    /// How strongly our `rank` standing on `square` is pulled: the best
    /// target's desire, fading with the steps to it. A Scout that moves
    /// far counts a clear line to the target as one move.
    fn pull(&self, reading: &Reading, sketch: &Sketch, rank: Rank, square: Square) -> f32 {
        self.pull_but(reading, sketch, rank, square, None)
    }

    /// [`Pulls::pull`] without the target on `struck`: a strike is worth
    /// its own outcome, not the pull it ends.
    fn pull_but(
        &self,
        reading: &Reading,
        sketch: &Sketch,
        rank: Rank,
        square: Square,
        struck: Option<Square>,
    ) -> f32 {
        let scouts = reading.view.rules().scouts;
        let mut best = 0.0f32;
        for (target, desire, steps) in &self.targets {
            if Some(*target) == struck {
                continue;
            }
            let want = desire[rank.index()];
            if want <= 0.0 {
                continue;
            }
            let mut moves = steps[square.index()];
            if rank == Rank::Scout && scouts.long() && clear_line(sketch, square, *target) {
                moves = moves.min(if scouts == ScoutRule::LongAndStrike { 1 } else { 2 });
            }
            if moves == FAR || moves == 0 {
                continue;
            }
            best = best.max(want * 0.6 * 0.8f32.powi(i32::from(moves) - 1));
        }
        best
    }
}

/// Whether `from` and `to` share a line with only empty squares between.
fn clear_line(sketch: &Sketch, from: Square, to: Square) -> bool {
    let Some((dir, distance)) = from.line_to(to) else { return false };
    let mut at = from;
    for _ in 1..distance {
        match at.step(dir) {
            Some(next) if sketch.cell(next) == Cell::Empty => at = next,
            _ => return false,
        }
    }
    true
}

/// The moves each square needs to strike `target`: a step costs 1 onto an
/// empty square and 3 onto one of our movable pieces (it must step aside
/// first); lakes, enemy pieces and our Bombs and Flag block the walk.
fn walk(sketch: &Sketch, target: Square) -> Box<[u16; SQUARES]> {
    let mut moves = Box::new([FAR; SQUARES]);
    let mut queue = BinaryHeap::new();
    moves[target.index()] = 0;
    queue.push(Reverse((0u16, target.index() as u8)));
    while let Some(Reverse((d, at))) = queue.pop() {
        let at = Square::new(at as usize).expect("a square");
        if d > moves[at.index()] {
            continue;
        }
        // The cost of stepping onto `at` on the way to the target.
        let cost = if at == target {
            1
        } else {
            match sketch.cell(at) {
                Cell::Empty => 1,
                Cell::Mine(rank, _) if rank.can_move() => 3,
                _ => continue,
            }
        };
        for next in at.neighbours() {
            let nd = d + cost;
            if nd < moves[next.index()] {
                moves[next.index()] = nd;
                queue.push(Reverse((nd, next.index() as u8)));
            }
        }
    }
    moves
}

/// How far back a piece goes: how many of its own moves ago it stood on
/// `to` (0 = it just came from there), if within its last few moves, and
/// whether that move was our very last one.
fn going_back(reading: &Reading, mv: Move) -> Option<(usize, bool)> {
    let mut at = mv.from;
    let mut steps = 0;
    let ours = reading.view.history().iter().rev().filter(|e| e.colour == reading.me).take(12);
    for (i, event) in ours.enumerate() {
        if event.to != at || !event.battle.is_none_or(|b| b.clash.attacker_survives()) {
            continue;
        }
        if event.from == mv.to {
            return Some((steps, i == 0));
        }
        at = event.from;
        steps += 1;
    }
    None
}

/// What going back to a recent square costs.
fn shuffle_cost(reading: &Reading, mv: Move) -> f32 {
    match going_back(reading, mv) {
        Some((0, true)) => 24.0,
        Some((0, false)) => 12.0,
        Some(_) => 6.0,
        None => 0.0,
    }
}

/// Whether `mv` wins the game for sure: it takes a piece the counts prove
/// to be the Flag, or surely kills the enemy's last movable piece.
fn wins_outright(reading: &Reading, mv: Move) -> bool {
    let (Some((piece, _)), Some(_)) = (reading.mine(mv.from), reading.foe(mv.to)) else {
        return false;
    };
    let chances = chances(piece, reading.odds(mv.to), reading.bombs);
    if chances.flag >= 1.0 - 1e-4 {
        return true;
    }
    chances.sure_win()
        && reading.foe_movers() == 1
        && reading.mobility(mv.to) >= 1.0 - 1e-4
        && piece.can_move()
}

/// The parts of a move's score.
#[derive(Clone, Copy, Debug, Default)]
struct Score {
    /// The strike's worth (0 for a quiet move).
    strike: f32,
    /// The enemy's best strike afterwards.
    exposure: f32,
    /// The change of pull.
    pull: f32,
    /// The style's likes.
    bonus: f32,
    /// The cost of going back.
    shuffle: f32,
    /// The change in the watch over our Flag.
    watch: f32,
}

impl Score {
    fn total(&self, temper: &Temper) -> f32 {
        self.strike - self.exposure + temper.drive * self.pull + self.bonus - self.shuffle + self.watch
    }
}

/// The watch over our Flag: the *posts* are the squares diagonal to it
/// (not our Bombs). A Miner that takes a Bomb next to the Flag stands next
/// to a post, so a guard there (a piece that beats a Miner) can take it
/// back before it takes the Flag. One guard per enemy Miner is needed, as
/// many as there are posts at most.
struct Watch {
    posts: Vec<Square>,
    needed: usize,
    manned: usize,
}

impl Watch {
    fn of(reading: &Reading) -> Watch {
        let Some(flag) = reading.my_flag else { return Watch { posts: Vec::new(), needed: 0, manned: 0 } };
        let posts: Vec<Square> = flag
            .neighbours()
            .flat_map(|n| n.neighbours())
            .filter(|&p| p.file() != flag.file() && p.row() != flag.row())
            .filter(|&p| !matches!(reading.mine(p), Some((Rank::Bomb | Rank::Flag, _))))
            .fold(Vec::new(), |mut posts, p| {
                if !posts.contains(&p) {
                    posts.push(p);
                }
                posts
            });
        let manned = posts.iter().filter(|&&p| reading.mine(p).is_some_and(|(rank, _)| guards(rank))).count();
        let needed = usize::from(reading.foe_count(Rank::Miner)).min(posts.len());
        Watch { posts, needed, manned }
    }

    /// What moving our `piece` from `from` to `to` does to the watch.
    fn change(&self, temper: &Temper, piece: Rank, from: Square, to: Square) -> f32 {
        if !guards(piece) {
            return 0.0;
        }
        let (was, will) = (self.posts.contains(&from), self.posts.contains(&to));
        match (was, will) {
            (true, false) if self.manned <= self.needed => -temper.watch,
            (false, true) if self.manned < self.needed => temper.watch,
            (false, false) if self.manned < self.needed => {
                let near = |sq: Square| self.posts.iter().map(|&p| steps(p, sq)).min().unwrap_or(0) as f32;
                0.15 * temper.watch * (near(from) - near(to)).clamp(-1.0, 1.0)
            }
            _ => 0.0,
        }
    }
}

/// Whether our `rank` can guard the Flag: it beats a Miner, the one piece
/// that gets through Bombs.
fn guards(rank: Rank) -> bool {
    rank < Rank::Miner
}

/// The move `plan` plays from `view` (see the module docs); `None` only if
/// the viewer has no legal move.
pub(super) fn choose(plan: &dyn Plan, view: &StrategyChessView, rng: &mut GameRng) -> Option<Move> {
    let mut moves = Vec::new();
    view.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let reading = Reading::new(view);
    if let Some(&win) = moves.iter().find(|&&mv| wins_outright(&reading, mv)) {
        return Some(win);
    }
    let temper = plan.temper();
    let sketch = Sketch::of(&reading);
    let pulls = Pulls::new(&reading, plan, &sketch);
    let watch = Watch::of(&reading);
    let mut best: Option<(f32, Move)> = None;
    let mut best_forbidden: Option<(f32, Move)> = None;
    for &mv in &moves {
        let noise = rng.random_range(0.0..3.0f32);
        let Some((candidate, score)) = assess(plan, &reading, &temper, &sketch, &pulls, &watch, mv) else {
            continue;
        };
        let total = score.total(&temper) + noise;
        let slot = if allowed(plan, &reading, &candidate) { &mut best } else { &mut best_forbidden };
        if slot.is_none_or(|(b, _)| total > b) {
            *slot = Some((total, mv));
        }
    }
    best.or(best_forbidden).map(|(_, mv)| mv).or(moves.first().copied())
}

/// Whether the style's rules, and the common one (never next to an
/// identified enemy that beats the piece), allow `candidate`.
fn allowed(plan: &dyn Plan, reading: &Reading, candidate: &Candidate) -> bool {
    let Move { to, .. } = candidate.mv;
    let struck = candidate.strike.map(|_| to);
    if let Some(chances) = &candidate.strike {
        if !at_the_gate(reading, to) && !plan.may_strike(reading, candidate.piece, to, chances) {
            return false;
        }
        if chances.win <= 0.0 {
            return true;
        }
    }
    !beaten_next_door(reading, candidate.piece, to, struck) && plan.may_stand(reading, candidate)
}

/// The candidate of `mv` and its score.
fn assess(
    plan: &dyn Plan,
    reading: &Reading,
    temper: &Temper,
    sketch: &Sketch,
    pulls: &Pulls,
    watch: &Watch,
    mv: Move,
) -> Option<(Candidate, Score)> {
    let (piece, seen) = reading.mine(mv.from)?;
    let watch = watch.change(temper, piece, mv.from, mv.to);
    let striking = reading.foe(mv.to).is_some();
    let was_known = known(&seen);
    let mut after = sketch.clone();
    after.set(mv.from, Cell::Empty);
    let before = pulls.pull_but(reading, sketch, piece, mv.from, striking.then_some(mv.to));
    let mut score = Score { shuffle: shuffle_cost(reading, mv), watch, ..Score::default() };
    let strike = if striking {
        let worth = strike_worth(reading, temper, piece, was_known, mv.to);
        let c = worth.chances;
        score.strike = worth.value;
        // Win: the striker stands on the square, known.
        let mut won = after.clone();
        won.set(mv.to, Cell::Mine(piece, true));
        // Loss: the defender stays, known to beat the striker.
        let mut lost = after.clone();
        lost.changed = beaters(reading, piece, mv.to);
        lost.set(mv.to, Cell::Changed);
        // Both die.
        let mut tied = after.clone();
        tied.set(mv.to, Cell::Empty);
        score.exposure = c.win * exposure(reading, temper, &won)
            + c.loss * exposure(reading, temper, &lost)
            + c.tie * exposure(reading, temper, &tied);
        score.pull = c.win * pulls.pull(reading, &won, piece, mv.to) - before;
        Some(c)
    } else {
        let far = mv.from.line_to(mv.to).is_some_and(|(_, d)| d > 1);
        after.set(mv.to, Cell::Mine(piece, was_known || far));
        score.exposure = exposure(reading, temper, &after);
        score.pull = pulls.pull(reading, &after, piece, mv.to) - before;
        if far && !was_known {
            score.strike -= reading.exposing(piece);
        }
        None
    };
    let candidate = Candidate { mv, piece, seen, strike };
    score.bonus = plan.bonus(reading, &candidate);
    Some((candidate, score))
}

/// The odds of the piece on `square` once it has beaten our `piece`.
fn beaters(reading: &Reading, piece: Rank, square: Square) -> Odds {
    let odds = reading.odds(square);
    let mut left = [0.0; RANK_COUNT];
    for rank in Rank::ALL {
        if matches!(battle(piece, rank, reading.bombs), Some(Clash::DefenderWins) | None) {
            left[rank.index()] = odds[rank.index()];
        }
    }
    let total: f32 = left.iter().sum();
    if total > 0.0 {
        for p in &mut left {
            *p /= total;
        }
    }
    left
}
