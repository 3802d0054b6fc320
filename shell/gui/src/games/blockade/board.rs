//! The Blockade board on the shared play screen: picking squares, the
//! step-by-step move animation, live scores and the last move explained.

use super::anim::Placing;
use super::{draw, layout};
use crate::canvas::Canvas;
use crate::focus::Direction;
use crate::geometry::{Point, Rect};
use crate::play::{BoardFrame, BoardUi, Pick, StatusLine, Tone};
use blockade::{Blockade, MoveEffects, Square};
use game_core::{FullView, Game, Outcome, Seat};
use headless::settings::AnimationSpeed;

/// The Blockade board.
#[derive(Debug, Default)]
pub struct BlockadeBoard {
    placing: Option<Placing>,
    /// The last move's changes, marked until the next move.
    last: Option<MoveEffects>,
}

impl BlockadeBoard {
    /// A board with nothing animating.
    pub fn new() -> Self {
        BlockadeBoard::default()
    }

    /// The move being shown, if any.
    pub fn placing(&self) -> Option<&Placing> {
        self.placing.as_ref()
    }

    /// The last move's changes (after its animation).
    pub fn last(&self) -> Option<&MoveEffects> {
        self.last.as_ref()
    }
}

/// "1 captured, 2 claimed, 1 overcrowded" (or "no other changes").
pub fn effects_text(e: &MoveEffects) -> String {
    let parts: Vec<String> =
        [(e.captured.len(), "captured"), (e.claimed.len(), "claimed"), (e.overcrowded.len(), "overcrowded")]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, w)| format!("{n} {w}"))
            .collect();
    if parts.is_empty() { "no other changes".into() } else { parts.join(", ") }
}

impl BoardUi<Blockade> for BlockadeBoard {
    type Spot = Square;

    fn aspect(&self, _view: &FullView<Blockade>) -> f32 {
        layout::ASPECT
    }

    fn spot_at(&self, view: &FullView<Blockade>, board: Rect, p: Point) -> Option<Square> {
        layout::square_at(board, view.position.size(), p, false)
    }

    fn spot_rect(&self, view: &FullView<Blockade>, board: Rect, spot: Square) -> Rect {
        layout::square_rect(board, view.position.size(), spot, false)
    }

    fn first_spot(&self, view: &FullView<Blockade>, legal: &[Square]) -> Option<Square> {
        let size = view.position.size();
        legal.first().copied().or_else(|| Square::new(size / 2, size / 2))
    }

    fn step_spot(
        &self,
        view: &FullView<Blockade>,
        spot: Square,
        direction: Direction,
        _flipped: bool,
    ) -> Square {
        layout::step(view.position.size(), spot, direction, false)
    }

    fn pick(&mut self, _view: &FullView<Blockade>, spot: Square, legal: &[Square]) -> Pick<Square> {
        if legal.contains(&spot) { Pick::Play(spot) } else { Pick::Nothing }
    }

    fn draw(&self, frame: &BoardFrame<'_, Blockade, Square>, canvas: &mut Canvas) {
        let state = draw::BoardState { placing: self.placing(), last: self.last() };
        draw::board(state, frame, canvas);
    }

    fn on_move(
        &mut self,
        before: &FullView<Blockade>,
        mv: Square,
        _after: &FullView<Blockade>,
        speed: AnimationSpeed,
    ) {
        let Ok(effects) = before.position.effects(mv) else {
            self.placing = None;
            self.last = None;
            return;
        };
        self.last = Some(effects);
        let step = speed.step_seconds();
        self.placing = (step > 0.0).then(|| Placing::new(before.position.clone(), effects, step * 3.0));
    }

    fn on_reset(&mut self) {
        self.placing = None;
        self.last = None;
    }

    fn finish_animation(&mut self) {
        self.placing = None;
    }

    fn hint_reason(&self, view: &FullView<Blockade>, mv: Square) -> Option<String> {
        super::hint::hint_reason(&view.position, mv)
    }

    fn update(&mut self, dt: f32) {
        if let Some(p) = self.placing.as_mut() {
            p.update(dt);
            if p.is_done() {
                self.placing = None;
            }
        }
    }

    fn is_animating(&self) -> bool {
        self.placing.is_some()
    }

    fn status(&self, view: &FullView<Blockade>, names: [&str; 2]) -> Vec<StatusLine> {
        // While a move plays, the scores are those before it.
        let shown = self.placing.as_ref().map_or(&view.position, |p| &p.before);
        let mut lines: Vec<StatusLine> = [Seat::FIRST, Seat::SECOND]
            .iter()
            .map(|&seat| {
                StatusLine::new(
                    format!(
                        "{}: {}, {}",
                        names[seat.index()],
                        crate::text::counted(shown.score(seat) as usize, "point", "points"),
                        crate::text::counted(shown.stones(seat).len(), "stone", "stones")
                    ),
                    Tone::Seat(seat),
                )
            })
            .collect();
        if let Some(e) = self.last.filter(|_| self.placing.is_none()) {
            let at = view.position.format_move(e.placed);
            lines
                .push(StatusLine::new(format!("Last: {} at {at}", names[e.mover.index() & 1]), Tone::Normal));
            lines.push(StatusLine::new(format!("  {}", effects_text(&e)), Tone::Normal));
        }
        let r = view.position.rules();
        let off = |v: u8| if v == 0 { "off".to_string() } else { v.to_string() };
        lines.push(StatusLine::new(
            format!("Capture {} · claim {} · overcrowd {}", off(r.capture), off(r.claim), off(r.overcrowd)),
            Tone::Dim,
        ));
        lines.push(StatusLine::new(
            format!("Corners {} · edges {} · others 1", r.corner_value, r.edge_value),
            Tone::Dim,
        ));
        lines
    }

    fn banner(&self, _view: &FullView<Blockade>, _names: [&str; 2]) -> Option<String> {
        let (change, _) = self.placing.as_ref()?.current()?;
        let n = match change {
            super::anim::Change::Placed => return None,
            super::anim::Change::Captured => self.placing.as_ref()?.effects.captured.len(),
            super::anim::Change::Claimed => self.placing.as_ref()?.effects.claimed.len(),
            super::anim::Change::Overcrowded => self.placing.as_ref()?.effects.overcrowded.len(),
        };
        Some(format!("{} {n}", change.label()))
    }

    fn result_detail(&self, view: &FullView<Blockade>, _outcome: Outcome) -> Option<String> {
        let p = &view.position;
        Some(format!("Points {} to {}", p.score(Seat::FIRST), p.score(Seat::SECOND)))
    }

    fn panel_share(&self) -> f32 {
        0.45
    }
}
