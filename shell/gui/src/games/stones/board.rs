//! The Stones board on the shared play screen: picking piles, the sowing
//! animation, the free-turn banner and the winner's flashing score pile.

use super::anim::{Counts, Sowing};
use super::{draw, layout};
use crate::canvas::Canvas;
use crate::focus::Direction;
use crate::geometry::{Point, Rect};
use crate::play::{BoardFrame, BoardUi, Pick, StatusLine, Tone};
use game_core::{FullView, Game, Outcome, Seat};
use headless::settings::AnimationSpeed;
use stones::{Landing, Pit, Place, Sow, SowingRule, Stones};

/// How long the winner's score pile flashes, in seconds.
pub const FLASH_SECONDS: f32 = 4.0;

/// The Stones board.
#[derive(Debug, Default)]
pub struct StonesBoard {
    sowing: Option<Sowing>,
    /// The seat that earned a free turn with the last move.
    free_turn: Option<Seat>,
    /// The winner (None: a draw) and the seconds its pile still flashes.
    flash: Option<(Option<Seat>, f32)>,
    /// The end sweep of the last move, if it ended the game.
    swept: bool,
    /// The landing of the sowing being animated, shown when it ends.
    pending_free_turn: Option<Seat>,
    /// Drawn turned round: Player Two's row at the bottom (the person here
    /// plays Player Two), or the orientation setting says so.
    rotated: bool,
    /// Where each seat's last sowing ended, by seat index, with the move.
    landings: [Option<(Sow, Place)>; 2],
}

/// The pile a move of `mover` lifts.
pub fn pit_of(mover: Seat, mv: Sow) -> Pit {
    Pit { owner: mover, pile: mv.pile }
}

impl StonesBoard {
    /// A board with nothing animating.
    pub fn new() -> Self {
        StonesBoard::default()
    }

    /// Whether the board is drawn turned round.
    pub fn rotated(&self) -> bool {
        self.rotated
    }

    /// The counts drawn now: the animation's while a move plays, else the
    /// position's.
    pub fn counts(&self, view: &FullView<Stones>) -> Counts {
        match &self.sowing {
            Some(s) => s.counts,
            None => Counts::of(&view.position),
        }
    }

    /// The sowing in progress, if any.
    pub fn sowing(&self) -> Option<&Sowing> {
        self.sowing.as_ref()
    }

    /// Whether the winner's score pile is lit now (it flashes for a while
    /// after the end, then stays lit).
    pub fn winner_lit(&self, time: f32) -> Option<Seat> {
        match self.flash {
            Some((Some(seat), left)) if left > 0.0 => ((time * 4.0) as i32 % 2 == 0).then_some(seat),
            Some((Some(seat), _)) => Some(seat),
            _ => None,
        }
    }
}

impl StonesBoard {
    /// Each seat's last move to mark, by seat index: the pile it lifted
    /// and, when this board saw the sowing, where its last stone fell.
    pub fn last_marks(&self, last_moves: [Option<Sow>; 2]) -> [Option<(Pit, Option<Place>)>; 2] {
        std::array::from_fn(|i| {
            let seat = if i == 0 { Seat::FIRST } else { Seat::SECOND };
            let mv = last_moves[i]?;
            let landing = self.landings[i].filter(|(m, _)| *m == mv).map(|(_, place)| place);
            Some((pit_of(seat, mv), landing))
        })
    }
}

impl BoardUi<Stones> for StonesBoard {
    type Spot = Pit;

    fn aspect(&self, view: &FullView<Stones>) -> f32 {
        layout::aspect(view.position.pits())
    }

    fn spot_at(&self, view: &FullView<Stones>, board: Rect, p: Point) -> Option<Pit> {
        layout::pit_at(board, view.position.pits(), p, self.rotated)
    }

    fn spot_rect(&self, view: &FullView<Stones>, board: Rect, spot: Pit) -> Rect {
        layout::place_rect(board, view.position.pits(), stones::Place::Pit(spot), self.rotated)
    }

    fn first_spot(&self, view: &FullView<Stones>, legal: &[Sow]) -> Option<Pit> {
        let mover = view.position.to_move();
        legal.first().map(|mv| pit_of(mover, *mv)).or(Some(Pit { owner: view.seat, pile: 1 }))
    }

    fn step_spot(&self, view: &FullView<Stones>, spot: Pit, direction: Direction, _flipped: bool) -> Pit {
        layout::step(view.position.pits(), spot, direction, self.rotated)
    }

    fn pick(&mut self, view: &FullView<Stones>, spot: Pit, legal: &[Sow]) -> Pick<Sow> {
        let mover = view.position.to_move();
        let mv = Sow::pile(spot.pile);
        if spot.owner == mover && legal.contains(&mv) { Pick::Play(mv) } else { Pick::Nothing }
    }

    fn draw(&self, frame: &BoardFrame<'_, Stones, Pit>, canvas: &mut Canvas) {
        let state = draw::BoardState {
            counts: self.counts(frame.view),
            rotated: self.rotated,
            lit: self.winner_lit(frame.time),
            sowing: self.sowing(),
            last: if self.sowing.is_some() { [None, None] } else { self.last_marks(frame.last_moves) },
        };
        draw::board(state, frame, canvas);
    }

    fn orient(&mut self, home: Seat, flipped: bool) {
        self.rotated = (home == Seat::SECOND) != flipped;
    }

    fn on_move(
        &mut self,
        before: &FullView<Stones>,
        mv: Sow,
        _after: &FullView<Stones>,
        speed: AnimationSpeed,
    ) {
        self.free_turn = None;
        self.flash = None;
        let Ok(trace) = before.position.trace(mv) else {
            self.sowing = None;
            return;
        };
        let mover = before.position.to_move();
        self.landings[mover.index() & 1] =
            super::draw::landing_place(&before.position, mv).map(|place| (mv, place));
        self.swept = trace.outcome.is_some();
        self.pending_free_turn =
            (trace.landing == Landing::FreeTurn && trace.outcome.is_none()).then_some(mover);
        let step = speed.step_seconds();
        if step <= 0.0 {
            self.sowing = None;
            self.free_turn = self.pending_free_turn.take();
        } else {
            self.sowing = Some(Sowing::new(&before.position, trace, step));
        }
    }

    fn on_reset(&mut self) {
        self.sowing = None;
        self.free_turn = None;
        self.pending_free_turn = None;
        self.flash = None;
        self.landings = [None, None];
    }

    fn finish_animation(&mut self) {
        if self.sowing.take().is_some() {
            self.free_turn = self.pending_free_turn.take();
        }
    }

    fn hint_reason(&self, view: &FullView<Stones>, mv: Sow) -> Option<String> {
        super::hint::hint_reason(&view.position, mv)
    }

    fn on_game_over(&mut self, _view: &FullView<Stones>, outcome: Outcome) {
        self.flash = Some((outcome.winner, FLASH_SECONDS));
    }

    fn update(&mut self, dt: f32) {
        if let Some(s) = self.sowing.as_mut() {
            s.update(dt);
            if s.is_done() {
                self.sowing = None;
                self.free_turn = self.pending_free_turn.take();
            }
        }
        if let Some((_, left)) = self.flash.as_mut() {
            *left -= dt;
        }
    }

    fn is_animating(&self) -> bool {
        self.sowing.is_some()
    }

    fn wants_frames(&self) -> bool {
        self.sowing.is_some() || self.flash.is_some_and(|(w, left)| w.is_some() && left > 0.0)
    }

    fn status(&self, view: &FullView<Stones>, names: [&str; 2]) -> Vec<StatusLine> {
        let counts = self.counts(view);
        let pits = view.position.pits();
        let mut lines: Vec<StatusLine> = [Seat::FIRST, Seat::SECOND]
            .iter()
            .map(|&seat| {
                let side: u32 = counts.piles[seat.index()][..pits as usize].iter().map(|&c| c as u32).sum();
                StatusLine::new(
                    format!(
                        "{}: {} banked, {} on the side",
                        names[seat.index()],
                        counts.stores[seat.index()],
                        side
                    ),
                    Tone::Seat(seat),
                )
            })
            .collect();
        let rules = view.position.rules();
        let sowing = match rules.sowing {
            SowingRule::Relay => "Relay sowing",
            SowingRule::Kalah if rules.empty_capture => "Kalah sowing, empty capture",
            SowingRule::Kalah => "Kalah sowing",
        };
        lines.push(StatusLine::new(format!("{sowing}; {} piles of {}", pits, rules.stones), Tone::Dim));
        lines
    }

    fn banner(&self, _view: &FullView<Stones>, names: [&str; 2]) -> Option<String> {
        self.free_turn.map(|seat| format!("Free turn for {}!", names[seat.index() & 1]))
    }

    fn result_detail(&self, view: &FullView<Stones>, _outcome: Outcome) -> Option<String> {
        let p = &view.position;
        Some(format!("Score piles {} to {}", p.store(Seat::FIRST), p.store(Seat::SECOND)))
    }
}
