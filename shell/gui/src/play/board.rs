//! The one trait a game implements to get a play screen: [`BoardUi`].
//!
//! The play core ([`PlayScreen`](super::screen::PlayScreen)) owns the
//! match (referee, seats, computer threads, undo, the move list, the side
//! panel, the game-over panel). A game's board only lays itself out, says
//! which spot a point or an arrow key lands on, turns picks into moves,
//! animates moves and draws, always from **one seat's view**
//! (`G::View`), never the full position.

use crate::canvas::Canvas;
use crate::focus::Direction;
use crate::geometry::{Point, Rect};
use crate::theme::Metrics;
use game_core::{Finish, Observe, Outcome, Seat};
use headless::settings::AnimationSpeed;
use std::fmt::Debug;

/// What picking a spot (a click, or Enter on the cursor) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick<M> {
    /// Nothing: not a spot the player can use now.
    Nothing,
    /// The board remembered a first pick (a piece to move) and waits for
    /// a second one (where it goes). The core redraws, nothing more.
    Selected,
    /// Play this move. The core checks it with the referee before playing.
    Play(M),
}

/// How a line of the side panel is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Body text.
    Normal,
    /// Secondary text.
    Dim,
    /// Emphasis (the accent colour).
    Accent,
    /// The colour of a seat's pieces or stones.
    Seat(Seat),
}

/// One line of the game's part of the side panel ("Player One: 24").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusLine {
    /// The text, fitted into the panel's width.
    pub text: String,
    /// Its colour.
    pub tone: Tone,
}

impl StatusLine {
    /// A line of text in a tone.
    pub fn new(text: impl Into<String>, tone: Tone) -> Self {
        StatusLine { text: text.into(), tone }
    }
}

/// Everything a board needs to draw one frame. Fields may be added later
/// (it is built by the core only), so boards read it, never build it.
#[non_exhaustive]
pub struct BoardFrame<'a, G: Observe, S> {
    /// The viewing seat's view: all the board may show.
    pub view: &'a G::View,
    /// Whose eyes the board is drawn for (orientation: your own side at
    /// the bottom unless the settings say otherwise).
    pub viewer: Seat,
    /// The rectangle the board is drawn in, of the board's own
    /// [`BoardUi::aspect`].
    pub rect: Rect,
    /// Sizes for this window.
    pub metrics: &'a Metrics,
    /// The keyboard or pointer cursor, if it is on the board.
    pub cursor: Option<S>,
    /// The moves a local player may make now (empty when it is not a
    /// local player's turn, or while something animates).
    pub legal: &'a [G::Move],
    /// Whether every legal move should be marked (F1).
    pub show_legal: bool,
    /// The last move played.
    pub last_move: Option<G::Move>,
    /// Each seat's last move, by seat index, marked on the board (from and
    /// to) in the mover's colour.
    pub last_moves: [Option<G::Move>; 2],
    /// The hint (F7) for the person to move: drawn, never played.
    pub hint: Option<G::Move>,
    /// The names of the seats ("Player One", "Red"), by seat index.
    pub names: [&'a str; 2],
    /// Seconds since the screen opened, for gentle pulsing highlights.
    pub time: f32,
    /// Board orientation from the settings: `true` turns the board round.
    pub flipped: bool,
    /// How the game ended, once it has (a resignation too, which the view
    /// alone does not know).
    pub finish: Option<Finish>,
    /// Once the game is over, the viewer's view with everything turned
    /// face up ([`Observe::revealed_view`]), when this computer holds the
    /// full position; `None` while the game goes on, and in a network
    /// game (the server sends each seat its own view only).
    pub revealed: Option<&'a G::View>,
}

/// A game's board on the play screen.
///
/// Layout and hit-testing ([`BoardUi::spot_at`], [`BoardUi::spot_rect`])
/// must be pure functions of the view and the rectangle, so tests (and the
/// smoke test's click coordinates) compute them without a window. Every
/// method gets the seat's view only.
pub trait BoardUi<G: Observe>: 'static {
    /// A place on the board the cursor can rest on and the player can pick:
    /// a pile, a square.
    type Spot: Copy + PartialEq + Debug + 'static;

    /// Width over height of the board drawing for this view.
    fn aspect(&self, view: &G::View) -> f32;

    /// The spot under `point`, with the board drawn in `board`.
    fn spot_at(&self, view: &G::View, board: Rect, point: Point) -> Option<Self::Spot>;

    /// Where `spot` is drawn (the cursor outline goes round it).
    fn spot_rect(&self, view: &G::View, board: Rect, spot: Self::Spot) -> Rect;

    /// Where the keyboard cursor starts: near a legal move if there is one.
    fn first_spot(&self, view: &G::View, legal: &[G::Move]) -> Option<Self::Spot>;

    /// The spot an arrow key moves the cursor to (the same spot at an edge).
    fn step_spot(&self, view: &G::View, spot: Self::Spot, direction: Direction, flipped: bool) -> Self::Spot;

    /// The player picked `spot` (a click, or Enter on the cursor) while
    /// `legal` are their legal moves.
    fn pick(&mut self, view: &G::View, spot: Self::Spot, legal: &[G::Move]) -> Pick<G::Move>;

    /// Drops a first pick (Escape, a move made elsewhere). Returns whether
    /// there was one, so Escape first clears a pick and only then leaves.
    fn clear_pick(&mut self) -> bool {
        false
    }

    /// Draws the board (and any animation in progress) into `frame.rect`.
    fn draw(&self, frame: &BoardFrame<'_, G, Self::Spot>, canvas: &mut Canvas);

    /// Which way round to draw the board: `home` is the seat of the person
    /// at this computer (the first seat when two people share it), and
    /// `flipped` the orientation setting. Boards that draw each seat's side
    /// differently put `home`'s side at the bottom unless `flipped`.
    fn orient(&mut self, _home: Seat, _flipped: bool) {}

    /// A move was played: `before` and `after` are the viewer's views
    /// around it. Start an animation at `speed` here.
    fn on_move(&mut self, _before: &G::View, _mv: G::Move, _after: &G::View, _speed: AnimationSpeed) {}

    /// The position jumped (new game, undo): drop animations and picks.
    fn on_reset(&mut self) {}

    /// The game just ended (after the last move's animation).
    fn on_game_over(&mut self, _view: &G::View, _outcome: Outcome) {}

    /// Lets `dt` seconds of animation pass.
    fn update(&mut self, _dt: f32) {}

    /// Jumps to the end of the animation in progress (a click or a key
    /// while it plays).
    fn finish_animation(&mut self) {}

    /// Why the hint's move is good, in a few words from what the seat
    /// sees ("captures 5", "free turn", "the Scout advances").
    fn hint_reason(&self, _view: &G::View, _mv: G::Move) -> Option<String> {
        None
    }

    /// Whether a move is still being animated. The core starts the next
    /// turn (the computer's search, a human's input) only when it is not.
    fn is_animating(&self) -> bool {
        false
    }

    /// Whether something on the board moves even when no move animates
    /// (the winner's score pile flashing), so frames keep coming.
    fn wants_frames(&self) -> bool {
        self.is_animating()
    }

    /// The game's lines in the side panel: scores, counts.
    fn status(&self, _view: &G::View, _names: [&str; 2]) -> Vec<StatusLine> {
        Vec::new()
    }

    /// A short message across the top of the board ("Free turn!").
    fn banner(&self, _view: &G::View, _names: [&str; 2]) -> Option<String> {
        None
    }

    /// The score line of the game-over panel ("32 to 16").
    fn result_detail(&self, _view: &G::View, _outcome: Outcome) -> Option<String> {
        None
    }

    /// Draws extra panel content (captured pieces, the last battle) into
    /// `area` below the status lines. Returns `false` if it drew nothing.
    fn draw_panel(&self, _frame: &BoardFrame<'_, G, Self::Spot>, _area: Rect, _canvas: &mut Canvas) -> bool {
        false
    }

    /// How much of the side panel (0..=1, below the turn line) the game's
    /// part takes; the move list gets the rest.
    fn panel_share(&self) -> f32 {
        0.35
    }

    /// The height the game's own part of the panel needs when it is
    /// `width` wide (below its status lines), the game having ended as
    /// `finish` says, if the game knows: it then gets that much, at most
    /// its [`BoardUi::panel_share`], and the move list gets the rest.
    fn panel_height(
        &self,
        _view: &G::View,
        _finish: Option<Finish>,
        _width: f32,
        _m: &Metrics,
    ) -> Option<f32> {
        None
    }

    /// With two players at one computer, hide the board between turns
    /// behind a hand-over screen (Strategy Chess).
    fn hides_between_turns(&self) -> bool {
        false
    }
}
