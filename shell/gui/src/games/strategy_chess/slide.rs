//! A move shown as the piece sliding from its square to the one it goes
//! to, before the board shows the result (the battle, the piece standing
//! there). The board meanwhile draws the view from before the move, so
//! nothing of the result shows early.

use super::board::geometry::BoardGeometry;
use crate::geometry::Rect;
use strategy_chess::{Move, StrategyChessView};

/// How long a slide takes against the animation's step (the speed
/// setting's seconds a Stones stone), so it lasts about 0.33 s at normal
/// speed.
pub const SLIDE_STEPS: f32 = 1.5;

/// A move being slid.
#[derive(Clone, Debug, PartialEq)]
pub struct Slide {
    /// The viewer's view before the move: the board draws it meanwhile.
    pub before: StrategyChessView,
    /// The move.
    pub mv: Move,
    t: f32,
    length: f32,
}

impl Slide {
    /// A slide of `mv` over `length` seconds, from the view `before` it.
    pub fn new(before: StrategyChessView, mv: Move, length: f32) -> Self {
        Slide { before, mv, t: 0.0, length: length.max(0.01) }
    }

    /// Lets `dt` seconds pass.
    pub fn update(&mut self, dt: f32) {
        self.t += dt;
    }

    /// Whether the piece has arrived.
    pub fn is_done(&self) -> bool {
        self.t >= self.length
    }

    /// How far along, 0..=1, eased in and out.
    pub fn progress(&self) -> f32 {
        let x = (self.t / self.length).clamp(0.0, 1.0);
        x * x * (3.0 - 2.0 * x)
    }

    /// Where the sliding piece is drawn now.
    pub fn piece_rect(&self, g: &BoardGeometry) -> Rect {
        let (a, b) = (g.square_rect(self.mv.from), g.square_rect(self.mv.to));
        let p = self.progress();
        Rect::new(a.x + (b.x - a.x) * p, a.y + (b.y - a.y) * p, a.w, a.h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Observe, Seat};
    use strategy_chess::{Colour, Library, Square, StrategyChess, StrategyChessRules};

    #[test]
    fn the_piece_goes_from_its_square_to_the_target_in_time() {
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        let game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
        let mv = Move::new(Square::parse("a4").unwrap(), Square::parse("a6").unwrap());
        let g = BoardGeometry::new(Rect::new(0.0, 0.0, 500.0, 500.0), Colour::Red);
        let mut slide = Slide::new(game.view(Seat::FIRST), mv, 0.3);
        assert_eq!(slide.piece_rect(&g), g.square_rect(mv.from));
        slide.update(0.15);
        let middle = slide.piece_rect(&g);
        let (a, b) = (g.square_rect(mv.from), g.square_rect(mv.to));
        assert!(middle.y < a.y && middle.y > b.y, "half way up the file");
        assert!(!slide.is_done());
        slide.update(0.16);
        assert!(slide.is_done());
        assert_eq!(slide.piece_rect(&g), b);
    }
}
