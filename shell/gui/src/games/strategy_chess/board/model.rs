//! The draw model of the board and the side panel.
//!
//! Both are built from a [`StrategyChessView`] and the player's display
//! options, and from nothing else: the full position never reaches the
//! drawing code, so the screen cannot show what the seat may not know.
//! Once the game is over ([`Stage::Over`]) the board also takes the view
//! with every piece turned face up, which the referee hands out only then.
//! [`BoardModel::labels`] and [`PanelModel::lines`] give every text the
//! screen would draw, for tests.

use super::ending::Ending;
use super::memory::shown_enemy_ranks;
use crate::games::strategy_chess::art::{Face, colour_name};
use crate::games::strategy_chess::numbering::{rank_caption, rank_label};
use game_core::Finish;
use headless::settings::RankNumbering;
use strategy_chess::combat::Clash;
use strategy_chess::history::PublicEvent;
use strategy_chess::{Colour, Move, Rank, Seen, Square, StrategyChessView};

/// The player's choices that change the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOptions {
    /// Classic (1 = Marshal) or modern (10 = Marshal) numbers.
    pub numbering: RankNumbering,
    /// Keep revealed enemy pieces marked (else they show for one turn).
    pub memory_aid: bool,
    /// The piece picked up to move.
    pub selected: Option<Square>,
    /// The square under the pointer or the keyboard cursor.
    pub cursor: Option<Square>,
    /// Mark every piece that can move (F1).
    pub show_legal: bool,
}

/// A piece as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceModel {
    /// Whose piece.
    pub colour: Colour,
    /// What its face shows.
    pub face: Face,
    /// It has moved (neither Bomb nor Flag).
    pub moved: bool,
    /// It has moved far (a Scout).
    pub moved_far: bool,
    /// The game is over and its rank shows, but no battle ever revealed
    /// it: turned face up only at the end (or, for the viewer's own piece,
    /// never seen by the enemy).
    pub kept_secret: bool,
}

/// Where the game stands, for the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stage<'a> {
    /// The game goes on: the seat's view is all the board shows.
    Playing,
    /// The game is over: every rank the viewer knows shows.
    Over {
        /// The viewer's view with every piece turned face up, when this
        /// computer held the full position; `None` in a network game,
        /// where only the viewer's own pieces and those revealed in battles
        /// can show.
        turned_over: Option<&'a StrategyChessView>,
    },
}

impl<'a> Stage<'a> {
    /// The stage of a game that ended as `finish` says (`None`: it goes
    /// on), with `turned_over` the view with every piece face up, if any.
    pub fn of(finish: Option<Finish>, turned_over: Option<&'a StrategyChessView>) -> Self {
        match finish {
            Some(_) => Stage::Over { turned_over },
            None => Stage::Playing,
        }
    }
}

/// One square as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellModel {
    /// Which square.
    pub square: Square,
    /// A lake.
    pub lake: bool,
    /// The piece on it.
    pub piece: Option<PieceModel>,
    /// The piece picked up to move.
    pub selected: bool,
    /// Under the pointer or keyboard cursor.
    pub cursor: bool,
    /// A legal destination of the selected piece (or of the piece under
    /// the cursor).
    pub target: bool,
    /// A piece that can move now (marked with F1).
    pub movable: bool,
    /// Where a side's last move came from: that side's colour.
    pub last_from: Option<Colour>,
    /// Where a side's last move went (a battle there if it struck): that
    /// side's colour.
    pub last_to: Option<Colour>,
    /// The last move struck here.
    pub battle: bool,
}

/// The board as drawn for one seat: 100 cells, a1 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardModel {
    /// Whose view it is.
    pub viewer: Colour,
    /// The game is over: the armies are shown turned face up.
    pub over: bool,
    /// Every square, a1 first.
    pub cells: Vec<CellModel>,
}

impl BoardModel {
    /// The model of `view` at `stage` with these options. `legal` are the
    /// moves the viewer may make now (the view's own legal moves, or none
    /// while it is not a local player's turn).
    pub fn from_view(
        view: &StrategyChessView,
        stage: Stage<'_>,
        options: &DrawOptions,
        legal: &[Move],
    ) -> Self {
        let viewer = view.viewer();
        let (over, turned_over) = match stage {
            Stage::Playing => (false, None),
            Stage::Over { turned_over } => (true, turned_over.filter(|t| t.viewer() == viewer)),
        };
        // The rank the end turned face up, for a piece of `colour` on `square`.
        let turned_rank = |square: Square, colour: Colour| {
            turned_over.and_then(|t| t.piece(square)).filter(|p| p.colour == colour).and_then(|p| p.rank)
        };
        let shown = shown_enemy_ranks(view, options.memory_aid);
        let own_piece = |sq: Square| view.piece(sq).is_some_and(|p| p.colour == viewer);
        let source = options.selected.filter(|&s| own_piece(s)).or(options.cursor.filter(|&s| own_piece(s)));
        let targets: Vec<Square> = legal.iter().filter(|m| Some(m.from) == source).map(|m| m.to).collect();
        let last = view.last_move();
        let each = last_of_each_side(view);
        let mark = |square: Square, end: fn(&PublicEvent) -> Square| {
            each.iter().find(|e| end(e) == square).map(|e| e.colour)
        };
        let cells = view
            .squares()
            .map(|(square, seen)| {
                let piece = match seen {
                    Seen::Piece(p) => {
                        let rank =
                            if over { p.rank.or_else(|| turned_rank(square, p.colour)) } else { p.rank };
                        let face = match rank {
                            Some(rank) if over || p.colour == viewer || shown.contains(&square) => {
                                Face::Known(rank)
                            }
                            _ => Face::Unknown,
                        };
                        Some(PieceModel {
                            colour: p.colour,
                            face,
                            moved: p.facts.moved,
                            moved_far: p.facts.moved_far,
                            kept_secret: over && face != Face::Unknown && !p.facts.revealed,
                        })
                    }
                    _ => None,
                };
                CellModel {
                    square,
                    lake: seen == Seen::Lake,
                    piece,
                    selected: options.selected == Some(square),
                    cursor: options.cursor == Some(square),
                    target: targets.contains(&square),
                    movable: options.show_legal && legal.iter().any(|m| m.from == square),
                    last_from: mark(square, |e| e.from),
                    last_to: mark(square, |e| e.to),
                    battle: last.is_some_and(|e| e.to == square && e.battle.is_some()),
                }
            })
            .collect();
        BoardModel { viewer, over, cells }
    }

    /// The cell of a square.
    pub fn cell(&self, square: Square) -> &CellModel {
        &self.cells[square.index()]
    }

    /// Every text drawn on the board, square by square (`a7:?`, `b2:5`).
    pub fn labels(&self, numbering: RankNumbering) -> Vec<String> {
        self.cells
            .iter()
            .filter_map(|c| {
                let p = c.piece?;
                let text = match p.face {
                    Face::Known(rank) => rank_label(rank, numbering),
                    Face::Unknown => "?".to_string(),
                };
                Some(format!("{}:{}{text}", c.square, colour_name(p.colour)))
            })
            .collect()
    }
}

/// Each side's last move as the seat saw it, the newest first (its marks
/// win where one side's move ended where the other's began).
pub fn last_of_each_side(view: &StrategyChessView) -> Vec<PublicEvent> {
    let mut each: Vec<PublicEvent> = Vec::with_capacity(2);
    for event in view.last_move().into_iter().chain(view.history().iter().rev()) {
        if each.len() == 2 {
            break;
        }
        if each.iter().all(|e| e.colour != event.colour) {
            each.push(*event);
        }
    }
    each
}

/// Whose turn it is, as the panel says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnStatus {
    /// The viewer moves: "Go!".
    Go,
    /// The other side moves: "Wait".
    Wait,
    /// The game is over, and this is how.
    Over(Ending),
}

/// What the corner mark of a piece means once the game is over (the
/// panel's legend).
pub const SECRET_LEGEND: &str = "Never shown in a fight";

/// A battle as the panel tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BattleLine {
    /// Who struck.
    pub attacker: Colour,
    /// The striker's rank.
    pub attacker_rank: Rank,
    /// The struck piece's rank.
    pub defender_rank: Rank,
    /// What became of them.
    pub clash: Clash,
}

impl BattleLine {
    /// The battle in words, e.g. `Red 4 struck Blue 6`.
    pub fn strike_text(&self, numbering: RankNumbering) -> String {
        format!(
            "{} {} struck {} {}",
            colour_name(self.attacker),
            rank_label(self.attacker_rank, numbering),
            colour_name(self.attacker.opponent()),
            rank_label(self.defender_rank, numbering)
        )
    }

    /// The result in words.
    pub fn result_text(&self) -> String {
        let (a, d) = (colour_name(self.attacker), colour_name(self.attacker.opponent()));
        match self.clash {
            Clash::AttackerWins => format!("{a}'s {} wins", self.attacker_rank),
            Clash::DefenderWins => format!("{d}'s {} holds", self.defender_rank),
            Clash::BothDie => "Both fall".to_string(),
            Clash::FlagCaptured => format!("{a} takes the Flag"),
        }
    }
}

/// The side panel as drawn for one seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PanelModel {
    /// Whose view it is.
    pub viewer: Colour,
    /// The turn number ("T: n").
    pub turn: u32,
    /// Go, Wait or the result.
    pub status: TurnStatus,
    /// The enemy's pieces left, per rank of its army.
    pub enemy_remaining: Vec<(Rank, u8)>,
    /// The most recent battle.
    pub last_battle: Option<BattleLine>,
    /// The viewer's pieces lost, per rank (only ranks with losses).
    pub lost: Vec<(Rank, u8)>,
    /// The enemy pieces taken, per rank (only ranks with losses).
    pub taken: Vec<(Rank, u8)>,
}

impl PanelModel {
    /// The panel of `view`, in a game that ended as `finish` says (`None`:
    /// it goes on, unless the view says the rules ended it).
    pub fn from_view(view: &StrategyChessView, finish: Option<Finish>) -> Self {
        let viewer = view.viewer();
        let enemy = viewer.opponent();
        let status = match finish.or(view.game_outcome().map(Finish::Rules)) {
            Some(finish) => TurnStatus::Over(Ending::of(view, finish)),
            None if view.is_my_turn() => TurnStatus::Go,
            None => TurnStatus::Wait,
        };
        let remaining = view.remaining(enemy);
        let taken_counts = view.captured(enemy);
        let enemy_remaining = Rank::ALL
            .iter()
            .filter(|r| remaining[r.index()] + taken_counts[r.index()] > 0)
            .map(|&r| (r, remaining[r.index()]))
            .collect();
        let losses = |counts: [u8; strategy_chess::rank::RANK_COUNT]| -> Vec<(Rank, u8)> {
            Rank::ALL.iter().filter(|r| counts[r.index()] > 0).map(|&r| (r, counts[r.index()])).collect()
        };
        let last_battle = view.last_battle().and_then(|e| {
            e.battle.map(|b| BattleLine {
                attacker: e.colour,
                attacker_rank: b.attacker,
                defender_rank: b.defender,
                clash: b.clash,
            })
        });
        PanelModel {
            viewer,
            turn: view.turn(),
            status,
            enemy_remaining,
            last_battle,
            lost: losses(view.captured(viewer)),
            taken: losses(taken_counts),
        }
    }

    /// The status line: `Go!`, `Wait`, or who won (`Blue wins`, `Draw`).
    /// Colours, not "you": the same words serve one player, two at one
    /// computer and a demo.
    pub fn status_text(&self) -> String {
        match self.status {
            TurnStatus::Go => "Go!".into(),
            TurnStatus::Wait => "Wait".into(),
            TurnStatus::Over(ending) => ending.headline(),
        }
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        match self.status {
            TurnStatus::Over(ending) => Some(ending),
            TurnStatus::Go | TurnStatus::Wait => None,
        }
    }

    /// Every text of the panel, in drawing order.
    pub fn lines(&self, numbering: RankNumbering) -> Vec<String> {
        let mut lines = vec![format!("T: {}", self.turn), self.status_text()];
        if let Some(ending) = self.ending() {
            lines.push(ending.how());
            lines.push(SECRET_LEGEND.to_string());
        }
        lines.extend(self.enemy_remaining.iter().map(|&(r, n)| format!("{}: {n}", rank_label(r, numbering))));
        if let Some(b) = &self.last_battle {
            lines.push(b.strike_text(numbering));
            lines.push(b.result_text());
        }
        lines.extend(self.lost.iter().map(|&(r, n)| format!("lost {} x{n}", rank_caption(r, numbering))));
        lines.extend(self.taken.iter().map(|&(r, n)| format!("taken {} x{n}", rank_caption(r, numbering))));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Observe, Seat};
    use strategy_chess::{Library, Setup, StrategyChess, StrategyChessRules};

    fn start(blue: Setup) -> StrategyChess {
        let red = Library::builtin().entry(1).unwrap().setup;
        StrategyChess::start(&StrategyChessRules::default(), &[red, blue]).unwrap()
    }

    fn play(game: &mut StrategyChess, moves: &[&str]) {
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.try_play(mv).unwrap();
        }
    }

    fn options(numbering: RankNumbering) -> DrawOptions {
        DrawOptions { numbering, memory_aid: false, selected: None, cursor: None, show_legal: false }
    }

    /// Blue's library setup 2 and the same with two unmoved back-row pieces
    /// of different ranks swapped: Red cannot tell them apart.
    fn twin_setups() -> (Setup, Setup) {
        let a = Library::builtin().entry(2).unwrap().setup;
        let mut b = a;
        let (x, y) = (a.get(3, 0), a.get(3, 1));
        assert_ne!(x, y);
        b.set(3, 0, y);
        b.set(3, 1, x);
        (a, b)
    }

    fn legal(view: &StrategyChessView) -> Vec<Move> {
        let mut moves = Vec::new();
        view.legal_moves(&mut moves);
        moves
    }

    #[test]
    fn positions_with_the_same_view_draw_the_same() {
        let (a, b) = twin_setups();
        let (mut one, mut two) = (start(a), start(b));
        let moves = ["j4-j6", "j7xj6", "b4-b5", "a7-a6"];
        play(&mut one, &moves);
        play(&mut two, &moves);
        assert_ne!(one.view(Seat::SECOND), two.view(Seat::SECOND), "Blue knows its own pieces");
        let (red_one, red_two) = (one.view(Seat::FIRST), two.view(Seat::FIRST));
        assert_eq!(red_one, red_two, "Red's views agree");
        for numbering in [RankNumbering::Classic, RankNumbering::Modern] {
            for memory_aid in [false, true] {
                let o = DrawOptions { memory_aid, cursor: Square::parse("b5"), ..options(numbering) };
                let (m1, m2) = (
                    BoardModel::from_view(&red_one, Stage::Playing, &o, &legal(&red_one)),
                    BoardModel::from_view(&red_two, Stage::Playing, &o, &legal(&red_two)),
                );
                assert_eq!(m1, m2);
                assert_eq!(m1.labels(numbering), m2.labels(numbering));
                let (p1, p2) = (PanelModel::from_view(&red_one, None), PanelModel::from_view(&red_two, None));
                assert_eq!(p1.lines(numbering), p2.lines(numbering));
            }
        }
        // Blue's models do differ: the swap is on its own back row.
        let o = options(RankNumbering::Classic);
        let (b1, b2) = (one.view(Seat::SECOND), two.view(Seat::SECOND));
        assert_ne!(
            BoardModel::from_view(&b1, Stage::Playing, &o, &[]).labels(o.numbering),
            BoardModel::from_view(&b2, Stage::Playing, &o, &[]).labels(o.numbering)
        );
    }

    #[test]
    fn enemy_pieces_show_question_marks_and_own_pieces_their_ranks() {
        let mut game = start(Library::builtin().entry(2).unwrap().setup);
        let model = BoardModel::from_view(
            &game.view(Seat::FIRST),
            Stage::Playing,
            &options(RankNumbering::Classic),
            &[],
        );
        let labels = model.labels(RankNumbering::Classic);
        assert_eq!(labels.iter().filter(|l| l.ends_with(":Blue?")).count(), 40);
        assert!(labels.contains(&"f1:RedF".to_string()), "{labels:?}");
        assert!(model.cell(Square::parse("c5").unwrap()).lake);
        let modern = BoardModel::from_view(
            &game.view(Seat::FIRST),
            Stage::Playing,
            &options(RankNumbering::Modern),
            &[],
        );
        let g4 = modern.labels(RankNumbering::Modern).into_iter().find(|l| l.starts_with("g4:")).unwrap();
        assert_eq!(g4, "g4:Red10", "the Marshal in modern numbers");
        // The Miner that beat Red's Scout shows on j6 for one turn, with the
        // last move and the battle marked, and the panel telling it.
        play(&mut game, &["j4-j6", "j7xj6"]);
        let view = game.view(Seat::FIRST);
        let model =
            BoardModel::from_view(&view, Stage::Playing, &options(RankNumbering::Classic), &legal(&view));
        let j6 = model.cell(Square::parse("j6").unwrap());
        assert_eq!(j6.piece.unwrap().face, Face::Known(Rank::Miner));
        assert!(j6.last_to == Some(Colour::Blue) && j6.battle);
        assert_eq!(model.cell(Square::parse("j7").unwrap()).last_from, Some(Colour::Blue));
        // Red's move is marked too: it came from j4 (and fell on j6).
        assert_eq!(model.cell(Square::parse("j4").unwrap()).last_from, Some(Colour::Red));
        let panel = PanelModel::from_view(&view, None);
        let lines = panel.lines(RankNumbering::Classic);
        assert_eq!(&lines[..2], ["T: 2", "Go!"]);
        assert!(lines.contains(&"Blue 8 struck Red 9".to_string()), "{lines:?}");
        assert!(lines.contains(&"Blue's Miner wins".to_string()), "{lines:?}");
        assert!(lines.contains(&"lost 9 Scout x1".to_string()), "{lines:?}");
        assert!(lines.contains(&"9: 8".to_string()), "the enemy still has 8 Scouts");
        assert_eq!(panel.enemy_remaining.len(), 12);
        assert_eq!(PanelModel::from_view(&game.view(Seat::SECOND), None).status_text(), "Wait");
    }

    #[test]
    fn the_piece_under_the_cursor_shows_where_it_can_go() {
        let game = start(Library::builtin().entry(2).unwrap().setup);
        let view = game.view(Seat::FIRST);
        let cursor = Square::parse("a4");
        let moves = legal(&view);
        let model = BoardModel::from_view(
            &view,
            Stage::Playing,
            &DrawOptions { cursor, ..options(RankNumbering::Classic) },
            &moves,
        );
        let targets: Vec<String> =
            model.cells.iter().filter(|c| c.target).map(|c| c.square.to_string()).collect();
        assert_eq!(targets, ["a5", "a6", "a7"], "the Scout runs up to the enemy and may strike");
        let selected = Square::parse("b4");
        let model = BoardModel::from_view(
            &view,
            Stage::Playing,
            &DrawOptions { selected, cursor, show_legal: true, ..options(RankNumbering::Classic) },
            &moves,
        );
        // The front-row pieces not facing a lake: a4 b4 e4 f4 i4 j4.
        assert_eq!(model.cells.iter().filter(|c| c.movable).count(), 6, "F1 marks the movers");
        let targets: Vec<String> =
            model.cells.iter().filter(|c| c.target).map(|c| c.square.to_string()).collect();
        assert_eq!(targets, ["b5"], "a selected piece wins over the cursor");
        let blue_view = game.view(Seat::SECOND);
        let model = BoardModel::from_view(
            &blue_view,
            Stage::Playing,
            &DrawOptions { cursor: Square::parse("a7"), ..options(RankNumbering::Classic) },
            &legal(&blue_view),
        );
        assert!(model.cells.iter().all(|c| !c.target), "not Blue's turn");
    }

    /// Red's view after a Scout fell to Blue's Miner (shown on j6) and two
    /// quiet moves, and the same game with every piece turned face up.
    fn after_a_battle() -> (StrategyChess, StrategyChessView, StrategyChessView) {
        let mut game = start(Library::builtin().entry(2).unwrap().setup);
        play(&mut game, &["j4-j6", "j7xj6", "b4-b5", "a7-a6"]);
        let (view, turned) = (game.view(Seat::FIRST), game.revealed_view(Seat::FIRST));
        (game, view, turned)
    }

    fn unknown(model: &BoardModel) -> usize {
        model.cells.iter().filter(|c| c.piece.is_some_and(|p| p.face == Face::Unknown)).count()
    }

    #[test]
    fn the_armies_are_turned_over_only_when_the_game_is_over() {
        let (game, view, turned) = after_a_battle();
        let o = DrawOptions { memory_aid: true, ..options(RankNumbering::Classic) };
        // While the game goes on the board is the view's, whatever else is
        // at hand: Blue's pieces are "?" but the Miner the battle showed.
        let playing = BoardModel::from_view(&view, Stage::of(None, Some(&turned)), &o, &legal(&view));
        assert_eq!(playing, BoardModel::from_view(&view, Stage::Playing, &o, &legal(&view)));
        assert!(!playing.over);
        assert_eq!(unknown(&playing), 39);
        assert!(playing.cells.iter().all(|c| c.piece.is_none_or(|p| !p.kept_secret)));
        // Over, with the armies turned face up: every rank shows, as the
        // position has it; the Miner alone was shown by a battle.
        let over = Stage::of(Some(Finish::Resigned(Seat::SECOND)), Some(&turned));
        let model = BoardModel::from_view(&view, over, &o, &[]);
        assert!(model.over);
        assert_eq!(unknown(&model), 0);
        let mut pieces = 0;
        for c in &model.cells {
            let Some(p) = c.piece else { continue };
            pieces += 1;
            let rank = game.view(p.colour.seat()).piece(c.square).and_then(|seen| seen.rank).unwrap();
            assert_eq!(p.face, Face::Known(rank), "{}", c.square);
            assert_eq!(p.kept_secret, c.square != Square::parse("j6").unwrap(), "{}", c.square);
        }
        assert_eq!(pieces, 79, "Red lost a Scout");
        // A network game has no turned-over view: own pieces and what
        // battles showed, Blue's others stay "?" (and carry no mark).
        let network = BoardModel::from_view(&view, Stage::of(Some(Finish::DrawAgreed), None), &o, &[]);
        assert_eq!(unknown(&network), 39);
        for c in &network.cells {
            let Some(p) = c.piece else { continue };
            assert_eq!(p.kept_secret, p.colour == Colour::Red, "{}", c.square);
        }
        // A turned-over view for the other seat is not Red's to show.
        let blue = game.revealed_view(Seat::SECOND);
        let wrong = BoardModel::from_view(&view, Stage::Over { turned_over: Some(&blue) }, &o, &[]);
        assert_eq!(wrong, network);
    }

    #[test]
    fn without_the_turned_over_view_the_end_draws_alike_for_equal_views() {
        // In a network game the end shows no more than the view: two
        // positions Red cannot tell apart still draw the same.
        let (a, b) = twin_setups();
        let (mut one, mut two) = (start(a), start(b));
        for g in [&mut one, &mut two] {
            play(g, &["j4-j6", "j7xj6"]);
        }
        let (v1, v2) = (one.view(Seat::FIRST), two.view(Seat::FIRST));
        let over = Stage::of(Some(Finish::Resigned(Seat::FIRST)), None);
        let o = options(RankNumbering::Classic);
        assert_eq!(BoardModel::from_view(&v1, over, &o, &[]), BoardModel::from_view(&v2, over, &o, &[]));
        // With the turned-over views they differ: the end shows the swap.
        let (t1, t2) = (one.revealed_view(Seat::FIRST), two.revealed_view(Seat::FIRST));
        let (m1, m2) = (
            BoardModel::from_view(&v1, Stage::Over { turned_over: Some(&t1) }, &o, &[]),
            BoardModel::from_view(&v2, Stage::Over { turned_over: Some(&t2) }, &o, &[]),
        );
        assert_ne!(m1.labels(o.numbering), m2.labels(o.numbering));
    }

    #[test]
    fn the_panel_says_who_won_and_how_and_never_go() {
        let (_, view, _) = after_a_battle();
        assert_eq!(PanelModel::from_view(&view, None).status_text(), "Go!");
        let panel = PanelModel::from_view(&view, Some(Finish::Resigned(Seat::FIRST)));
        assert_eq!(panel.ending(), Some(Ending::Resigned { by: Colour::Red }));
        let lines = panel.lines(RankNumbering::Classic);
        assert_eq!(&lines[..4], ["T: 3", "Blue wins", "Red resigned", SECRET_LEGEND]);
        assert!(!lines.iter().any(|l| l == "Go!" || l == "Wait"), "{lines:?}");
        let blue = PanelModel::from_view(&view, Some(Finish::Rules(game_core::Outcome::draw())));
        assert_eq!(blue.lines(RankNumbering::Classic)[1..3], ["Draw", "Neither side can move"]);
    }
}
