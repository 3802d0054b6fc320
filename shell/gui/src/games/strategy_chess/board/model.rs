//! The draw model of the board and the side panel.
//!
//! Both are built from a [`StrategyChessView`] and the player's display
//! options, and from nothing else: the full position never reaches the
//! drawing code, so the screen cannot show what the seat may not know.
//! [`BoardModel::labels`] and [`PanelModel::lines`] give every text the
//! screen would draw, for tests.

use super::memory::shown_enemy_ranks;
use crate::games::strategy_chess::art::{Face, colour_name};
use crate::games::strategy_chess::numbering::{rank_caption, rank_label};
use game_core::Outcome;
use headless::settings::RankNumbering;
use strategy_chess::combat::Clash;
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
    /// Where the last move came from.
    pub last_from: bool,
    /// Where the last move went (a battle there if it struck).
    pub last_to: bool,
    /// The last move struck here.
    pub battle: bool,
}

/// The board as drawn for one seat: 100 cells, a1 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardModel {
    /// Whose view it is.
    pub viewer: Colour,
    /// Every square, a1 first.
    pub cells: Vec<CellModel>,
}

impl BoardModel {
    /// The model of `view` with these options. `legal` are the moves the
    /// viewer may make now (the view's own legal moves, or none while it is
    /// not a local player's turn).
    pub fn from_view(view: &StrategyChessView, options: &DrawOptions, legal: &[Move]) -> Self {
        let viewer = view.viewer();
        let shown = shown_enemy_ranks(view, options.memory_aid);
        let own_piece = |sq: Square| view.piece(sq).is_some_and(|p| p.colour == viewer);
        let source = options.selected.filter(|&s| own_piece(s)).or(options.cursor.filter(|&s| own_piece(s)));
        let targets: Vec<Square> = legal.iter().filter(|m| Some(m.from) == source).map(|m| m.to).collect();
        let last = view.last_move();
        let cells = view
            .squares()
            .map(|(square, seen)| {
                let piece = match seen {
                    Seen::Piece(p) => {
                        let face = match p.rank {
                            Some(rank) if p.colour == viewer || shown.contains(&square) => Face::Known(rank),
                            _ => Face::Unknown,
                        };
                        Some(PieceModel {
                            colour: p.colour,
                            face,
                            moved: p.facts.moved,
                            moved_far: p.facts.moved_far,
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
                    last_from: last.is_some_and(|e| e.from == square),
                    last_to: last.is_some_and(|e| e.to == square),
                    battle: last.is_some_and(|e| e.to == square && e.battle.is_some()),
                }
            })
            .collect();
        BoardModel { viewer, cells }
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

/// Whose turn it is, as the panel says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnStatus {
    /// The viewer moves: "Go!".
    Go,
    /// The other side moves: "Wait".
    Wait,
    /// The game is over.
    Over(Outcome),
}

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
    /// The panel of `view`.
    pub fn from_view(view: &StrategyChessView) -> Self {
        let viewer = view.viewer();
        let enemy = viewer.opponent();
        let status = match view.game_outcome() {
            Some(outcome) => TurnStatus::Over(outcome),
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

    /// The status line: `Go!`, `Wait`, or the result for the viewer.
    pub fn status_text(&self) -> String {
        match self.status {
            TurnStatus::Go => "Go!".into(),
            TurnStatus::Wait => "Wait".into(),
            TurnStatus::Over(outcome) => match outcome.winner {
                None => "Draw".into(),
                Some(seat) if seat == self.viewer.seat() => "You win".into(),
                Some(_) => "You lose".into(),
            },
        }
    }

    /// Every text of the panel, in drawing order.
    pub fn lines(&self, numbering: RankNumbering) -> Vec<String> {
        let mut lines = vec![format!("T: {}", self.turn), self.status_text()];
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
                    BoardModel::from_view(&red_one, &o, &legal(&red_one)),
                    BoardModel::from_view(&red_two, &o, &legal(&red_two)),
                );
                assert_eq!(m1, m2);
                assert_eq!(m1.labels(numbering), m2.labels(numbering));
                let (p1, p2) = (PanelModel::from_view(&red_one), PanelModel::from_view(&red_two));
                assert_eq!(p1.lines(numbering), p2.lines(numbering));
            }
        }
        // Blue's models do differ: the swap is on its own back row.
        let o = options(RankNumbering::Classic);
        let (b1, b2) = (one.view(Seat::SECOND), two.view(Seat::SECOND));
        assert_ne!(
            BoardModel::from_view(&b1, &o, &[]).labels(o.numbering),
            BoardModel::from_view(&b2, &o, &[]).labels(o.numbering)
        );
    }

    #[test]
    fn enemy_pieces_show_question_marks_and_own_pieces_their_ranks() {
        let mut game = start(Library::builtin().entry(2).unwrap().setup);
        let model = BoardModel::from_view(&game.view(Seat::FIRST), &options(RankNumbering::Classic), &[]);
        let labels = model.labels(RankNumbering::Classic);
        assert_eq!(labels.iter().filter(|l| l.ends_with(":Blue?")).count(), 40);
        assert!(labels.contains(&"f1:RedF".to_string()), "{labels:?}");
        assert!(model.cell(Square::parse("c5").unwrap()).lake);
        let modern = BoardModel::from_view(&game.view(Seat::FIRST), &options(RankNumbering::Modern), &[]);
        let g4 = modern.labels(RankNumbering::Modern).into_iter().find(|l| l.starts_with("g4:")).unwrap();
        assert_eq!(g4, "g4:Red10", "the Marshal in modern numbers");
        // The Miner that beat Red's Scout shows on j6 for one turn, with the
        // last move and the battle marked, and the panel telling it.
        play(&mut game, &["j4-j6", "j7xj6"]);
        let view = game.view(Seat::FIRST);
        let model = BoardModel::from_view(&view, &options(RankNumbering::Classic), &legal(&view));
        let j6 = model.cell(Square::parse("j6").unwrap());
        assert_eq!(j6.piece.unwrap().face, Face::Known(Rank::Miner));
        assert!(j6.last_to && j6.battle && model.cell(Square::parse("j7").unwrap()).last_from);
        let panel = PanelModel::from_view(&view);
        let lines = panel.lines(RankNumbering::Classic);
        assert_eq!(&lines[..2], ["T: 2", "Go!"]);
        assert!(lines.contains(&"Blue 8 struck Red 9".to_string()), "{lines:?}");
        assert!(lines.contains(&"Blue's Miner wins".to_string()), "{lines:?}");
        assert!(lines.contains(&"lost 9 Scout x1".to_string()), "{lines:?}");
        assert!(lines.contains(&"9: 8".to_string()), "the enemy still has 8 Scouts");
        assert_eq!(panel.enemy_remaining.len(), 12);
        assert_eq!(PanelModel::from_view(&game.view(Seat::SECOND)).status_text(), "Wait");
    }

    #[test]
    fn the_piece_under_the_cursor_shows_where_it_can_go() {
        let game = start(Library::builtin().entry(2).unwrap().setup);
        let view = game.view(Seat::FIRST);
        let cursor = Square::parse("a4");
        let moves = legal(&view);
        let model =
            BoardModel::from_view(&view, &DrawOptions { cursor, ..options(RankNumbering::Classic) }, &moves);
        let targets: Vec<String> =
            model.cells.iter().filter(|c| c.target).map(|c| c.square.to_string()).collect();
        assert_eq!(targets, ["a5", "a6", "a7"], "the Scout runs up to the enemy and may strike");
        let selected = Square::parse("b4");
        let model = BoardModel::from_view(
            &view,
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
            &DrawOptions { cursor: Square::parse("a7"), ..options(RankNumbering::Classic) },
            &legal(&blue_view),
        );
        assert!(model.cells.iter().all(|c| !c.target), "not Blue's turn");
    }
}
