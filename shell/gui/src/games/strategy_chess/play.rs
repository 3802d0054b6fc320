//! The Strategy Chess board on the shared play screen: a
//! [`BoardUi`] over the seat's [`StrategyChessView`].
//!
//! Moves take two picks: a piece, then where it goes (its legal
//! destinations light up, as they do for the piece under the cursor).
//! Everything drawn comes from the view through the draw models of
//! [`board::model`](super::board::model).

use super::board::draw::{draw_board_kept, draw_panel};
use super::board::ending::Ending;
use super::board::geometry::{BoardGeometry, bottom_colour};
use super::board::model::{BoardModel, DrawOptions, PanelModel, Stage};
use super::board::panel::{PANEL_SHARE, panel_height, panel_layout};
use super::slide::{SLIDE_STEPS, Slide};
use crate::canvas::Canvas;
use crate::focus::Direction;
use crate::games::strategy_chess::art::draw_piece;
use crate::geometry::{Point, Rect};
use crate::play::board::{BoardFrame, BoardUi, Pick};
use crate::play::marks;
use game_core::{Finish, Outcome};
use headless::settings::{BoardOrientation, RankNumbering};
use strategy_chess::square::SIZE;
use strategy_chess::{Move, Square, StrategyChess, StrategyChessView};

/// The Strategy Chess board.
#[derive(Clone, Debug, PartialEq)]
pub struct ChessBoard {
    numbering: RankNumbering,
    memory_aid: bool,
    orientation: BoardOrientation,
    selected: Option<Square>,
    /// The last move's piece sliding to its target.
    slide: Option<Slide>,
}

impl ChessBoard {
    /// A board drawn with these preferences.
    pub fn new(numbering: RankNumbering, memory_aid: bool, orientation: BoardOrientation) -> Self {
        ChessBoard { numbering, memory_aid, orientation, selected: None, slide: None }
    }

    /// The move sliding now, if any.
    pub fn slide(&self) -> Option<&Slide> {
        self.slide.as_ref()
    }

    /// The piece picked up to move.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The geometry of the board drawn in `board` for this view.
    pub fn geometry(&self, view: &StrategyChessView, board: Rect) -> BoardGeometry {
        BoardGeometry::new(board, bottom_colour(view.viewer(), self.orientation))
    }

    /// The board's draw model for one frame: the seat's view, and once the
    /// game is over the view with every piece turned face up (the play
    /// core hands it out only then).
    /// While a move slides, the board before it with the moving piece
    /// lifted off its square.
    pub fn board_model(&self, frame: &BoardFrame<'_, StrategyChess, Square>) -> BoardModel {
        if let Some(slide) = &self.slide {
            let mut model =
                BoardModel::from_view(&slide.before, Stage::Playing, &self.options(None, false), &[]);
            model.cells[slide.mv.from.index()].piece = None;
            return model;
        }
        let stage = Stage::of(frame.finish, frame.revealed);
        BoardModel::from_view(frame.view, stage, &self.options(frame.cursor, frame.show_legal), frame.legal)
    }

    fn options(&self, cursor: Option<Square>, show_legal: bool) -> DrawOptions {
        DrawOptions {
            numbering: self.numbering,
            memory_aid: self.memory_aid,
            selected: self.selected,
            cursor,
            show_legal,
        }
    }
}

impl BoardUi<StrategyChess> for ChessBoard {
    type Spot = Square;

    fn aspect(&self, _view: &StrategyChessView) -> f32 {
        1.0
    }

    fn spot_at(&self, view: &StrategyChessView, board: Rect, point: Point) -> Option<Square> {
        self.geometry(view, board).square_at(point)
    }

    fn spot_rect(&self, view: &StrategyChessView, board: Rect, spot: Square) -> Rect {
        self.geometry(view, board).square_rect(spot)
    }

    fn first_spot(&self, view: &StrategyChessView, legal: &[Move]) -> Option<Square> {
        // The legal mover nearest the front, else the middle of the own rows.
        let viewer = view.viewer();
        legal
            .iter()
            .map(|m| m.from)
            .max_by_key(|s| (s.depth_for(viewer), usize::MAX - s.file().abs_diff(4)))
            .or_else(|| strategy_chess::Setup::square(viewer, 0, 4))
    }

    fn step_spot(
        &self,
        view: &StrategyChessView,
        spot: Square,
        direction: Direction,
        _flipped: bool,
    ) -> Square {
        let g = BoardGeometry::new(
            Rect::new(0.0, 0.0, 100.0, 100.0),
            bottom_colour(view.viewer(), self.orientation),
        );
        let (c, r) = g.cell_of(spot);
        let (c, r) = match direction {
            Direction::Up => (c, r.saturating_sub(1)),
            Direction::Down => (c, (r + 1).min(SIZE - 1)),
            Direction::Left => (c.saturating_sub(1), r),
            Direction::Right => ((c + 1).min(SIZE - 1), r),
        };
        g.square_at_cell(c, r).unwrap_or(spot)
    }

    fn pick(&mut self, view: &StrategyChessView, spot: Square, legal: &[Move]) -> Pick<Move> {
        let movable = |s: Square| legal.iter().any(|m| m.from == s);
        if let Some(from) = self.selected {
            if let Some(mv) = legal.iter().find(|m| m.from == from && m.to == spot) {
                self.selected = None;
                return Pick::Play(*mv);
            }
            if spot == from {
                self.selected = None;
                return Pick::Selected;
            }
        }
        let own = view.piece(spot).is_some_and(|p| p.colour == view.viewer());
        if own && movable(spot) {
            self.selected = Some(spot);
            Pick::Selected
        } else {
            Pick::Nothing
        }
    }

    fn clear_pick(&mut self) -> bool {
        self.selected.take().is_some()
    }

    fn on_reset(&mut self) {
        self.selected = None;
        self.slide = None;
    }

    fn on_move(
        &mut self,
        before: &StrategyChessView,
        mv: Move,
        _after: &StrategyChessView,
        speed: headless::settings::AnimationSpeed,
    ) {
        self.selected = None;
        let length = speed.step_seconds() * SLIDE_STEPS;
        let known = before.piece(mv.from).is_some();
        self.slide = (length > 0.0 && known).then(|| Slide::new(before.clone(), mv, length));
    }

    fn update(&mut self, dt: f32) {
        if let Some(slide) = self.slide.as_mut() {
            slide.update(dt);
            if slide.is_done() {
                self.slide = None;
            }
        }
    }

    fn is_animating(&self) -> bool {
        self.slide.is_some()
    }

    fn finish_animation(&mut self) {
        self.slide = None;
    }

    fn hint_reason(&self, view: &StrategyChessView, mv: Move) -> Option<String> {
        super::hint::hint_reason(view, mv, self.memory_aid)
    }

    fn draw(&self, frame: &BoardFrame<'_, StrategyChess, Square>, canvas: &mut Canvas) {
        let g = self.geometry(frame.view, frame.rect);
        let model = self.board_model(frame);
        draw_board_kept(canvas, &g, &model, self.numbering, frame.metrics);
        if let Some(slide) = &self.slide {
            let lifted =
                BoardModel::from_view(&slide.before, Stage::Playing, &self.options(None, false), &[]);
            if let Some(piece) = lifted.cell(slide.mv.from).piece {
                draw_piece(canvas, slide.piece_rect(&g), piece.colour, piece.face, self.numbering, false);
            }
        } else if let Some(mv) = frame.hint {
            let (from, to) = (g.square_rect(mv.from), g.square_rect(mv.to));
            marks::draw_hint_squares(canvas, Some(from), to, g.cell());
        }
    }

    fn draw_panel(
        &self,
        frame: &BoardFrame<'_, StrategyChess, Square>,
        area: Rect,
        canvas: &mut Canvas,
    ) -> bool {
        // While a move slides, the panel too tells the game before it.
        let model = match &self.slide {
            Some(slide) => PanelModel::from_view(&slide.before, None),
            None => PanelModel::from_view(frame.view, frame.finish),
        };
        let over = model.ending().is_some();
        let layout = panel_layout(area, model.enemy_remaining.len(), over, frame.metrics);
        draw_panel(canvas, &layout, &model, self.numbering, frame.metrics);
        true
    }

    fn panel_share(&self) -> f32 {
        PANEL_SHARE
    }

    fn panel_height(
        &self,
        view: &StrategyChessView,
        finish: Option<Finish>,
        width: f32,
        m: &crate::theme::Metrics,
    ) -> Option<f32> {
        let model = PanelModel::from_view(view, finish);
        Some(panel_height(width, model.enemy_remaining.len(), model.ending().is_some(), m))
    }

    fn result_detail(&self, view: &StrategyChessView, outcome: Outcome) -> Option<String> {
        Some(result_detail(view, outcome))
    }

    fn hides_between_turns(&self) -> bool {
        true
    }
}

/// How the game ended by the rules, in words, from the view.
pub fn result_detail(view: &StrategyChessView, outcome: Outcome) -> String {
    Ending::of(view, Finish::Rules(outcome)).how()
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Observe, Seat};
    use strategy_chess::Colour;

    fn game() -> StrategyChess {
        crate::games::strategy_chess::library_game()
    }

    fn legal(view: &StrategyChessView) -> Vec<Move> {
        let mut moves = Vec::new();
        view.legal_moves(&mut moves);
        moves
    }

    #[test]
    fn two_picks_make_a_move_and_hit_testing_follows_the_flip() {
        let g = game();
        let view = g.view(Seat::FIRST);
        let moves = legal(&view);
        let mut board = ChessBoard::new(RankNumbering::Classic, false, BoardOrientation::Standard);
        let a4 = Square::parse("a4").unwrap();
        let a6 = Square::parse("a6").unwrap();
        assert_eq!(board.pick(&view, Square::parse("a1").unwrap(), &moves), Pick::Nothing, "boxed in");
        assert_eq!(board.pick(&view, Square::parse("a7").unwrap(), &moves), Pick::Nothing, "an enemy piece");
        assert_eq!(board.pick(&view, a4, &moves), Pick::Selected);
        assert_eq!(board.selected(), Some(a4));
        assert_eq!(board.pick(&view, a6, &moves), Pick::Play(Move::new(a4, a6)));
        assert_eq!(board.selected(), None);
        assert_eq!(board.pick(&view, a4, &moves), Pick::Selected);
        assert!(board.clear_pick() && !board.clear_pick());
        // Hit-testing: a point in a4's rectangle is a4, flipped or not.
        let rect = Rect::new(10.0, 20.0, 500.0, 500.0);
        for orientation in [BoardOrientation::Standard, BoardOrientation::Flipped] {
            let b = ChessBoard::new(RankNumbering::Classic, false, orientation);
            let r = b.spot_rect(&view, rect, a4);
            assert!(r.is_inside(&rect));
            assert_eq!(b.spot_at(&view, rect, r.center()), Some(a4));
            let up = b.step_spot(&view, a4, Direction::Up, orientation == BoardOrientation::Flipped);
            let expected = if orientation == BoardOrientation::Standard { "a5" } else { "a3" };
            assert_eq!(up, Square::parse(expected).unwrap());
        }
        let first = board.first_spot(&view, &moves).unwrap();
        assert_eq!(first.depth_for(Colour::Red), 3, "the cursor starts on the front row");
        assert_eq!(
            board.step_spot(&view, Square::parse("a1").unwrap(), Direction::Left, false).to_string(),
            "a1"
        );
    }

    #[test]
    fn the_result_is_told_from_the_view() {
        let mut g = game();
        for text in ["j4-j6", "j7xj6"] {
            let mv = g.parse_move(text).unwrap();
            g.try_play(mv).unwrap();
        }
        let view = g.view(Seat::FIRST);
        assert_eq!(result_detail(&view, Outcome::draw()), "Neither side can move");
        assert_eq!(result_detail(&view, Outcome::win(Seat::SECOND, 1)), "Red has no piece that can move");
    }
}
