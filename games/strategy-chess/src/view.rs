//! What one player may know: [`StrategyChessView`].
//!
//! A view holds the player's own pieces with their ranks, the enemy pieces
//! as unknowns with their public facts (moved, moved far, revealed rank),
//! both sides' remaining counts per rank, the public move and battle
//! history, the repetition rules' state, whose turn it is and the outcome.
//! Pieces are named by the squares they stand on, so nothing in a view
//! tells one unrevealed enemy piece from another beyond what the player
//! saw.
//!
//! The GUI draws from a view, the AI searches positions sampled from one
//! ([`game_core::Observe::sample`]), and the network sends one to each
//! player. A view can also answer the viewer's legal moves on their turn:
//! those never depend on hidden enemy ranks.

use crate::board::{Board, PublicFacts};
use crate::game::{Flags, StrategyChess};
use crate::history::{PublicEvent, PublicHistory};
use crate::moves::Move;
use crate::rank::{Colour, Piece, RANK_COUNT, Rank};
use crate::repetition::{Chase, TwoSquare};
use crate::rules::StrategyChessRules;
use crate::square::{SQUARES, Square};
use crate::violation::Violation;
use game_core::{NotationError, Outcome, Seat, SeatView};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// A piece as the viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeenPiece {
    /// Whose piece.
    pub colour: Colour,
    /// Its rank: always for the viewer's own pieces; for enemy pieces only
    /// once revealed in a battle (or, in the view of a finished game with
    /// every piece turned face up, always).
    pub rank: Option<Rank>,
    /// What both players know about it.
    pub facts: PublicFacts,
}

impl SeenPiece {
    /// The rank the viewer knows or can tell: the rank if known, `Scout`
    /// for a piece that moved far.
    pub fn known_rank(&self) -> Option<Rank> {
        self.rank.or(self.facts.moved_far.then_some(Rank::Scout))
    }
}

/// A square as the viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seen {
    /// Nothing there.
    Empty,
    /// One of the eight lake squares.
    Lake,
    /// A piece.
    Piece(SeenPiece),
}

/// Everything one player knows about a game. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrategyChessView {
    viewer: Colour,
    rules: StrategyChessRules,
    #[serde(serialize_with = "squares_out", deserialize_with = "squares_in")]
    pub(crate) squares: [Seen; SQUARES],
    to_move: Colour,
    plies: u32,
    quiet_plies: u32,
    initial: [[u8; RANK_COUNT]; 2],
    pub(crate) remaining: [[u8; RANK_COUNT]; 2],
    two_square: TwoSquare,
    chase: Chase,
    last_move: Option<PublicEvent>,
    history: PublicHistory,
    outcome: Option<Outcome>,
}

fn squares_out<S: Serializer>(squares: &[Seen; SQUARES], serializer: S) -> Result<S::Ok, S::Error> {
    squares.as_slice().serialize(serializer)
}

fn squares_in<'de, D: Deserializer<'de>>(deserializer: D) -> Result<[Seen; SQUARES], D::Error> {
    let squares = Vec::<Seen>::deserialize(deserializer)?;
    let n = squares.len();
    let squares: [Seen; SQUARES] = squares
        .try_into()
        .map_err(|_| serde::de::Error::custom(format!("a view has 100 squares, not {n}")))?;
    for sq in Square::all() {
        let lake = squares[sq.index()] == Seen::Lake;
        if lake != sq.is_lake() {
            return Err(serde::de::Error::custom(format!(
                "lakes are c5 d5 g5 h5 c6 d6 g6 h6 only (see {sq})"
            )));
        }
    }
    Ok(squares)
}

impl StrategyChessView {
    /// Whose view this is.
    pub fn viewer(&self) -> Colour {
        self.viewer
    }

    /// The rules of the game.
    pub fn rules(&self) -> &StrategyChessRules {
        &self.rules
    }

    /// What the viewer sees on `square`.
    pub fn seen(&self, square: Square) -> Seen {
        self.squares[square.index()]
    }

    /// The piece the viewer sees on `square`.
    pub fn piece(&self, square: Square) -> Option<SeenPiece> {
        match self.squares[square.index()] {
            Seen::Piece(p) => Some(p),
            _ => None,
        }
    }

    /// Every square with what the viewer sees on it, a1 first.
    pub fn squares(&self) -> impl Iterator<Item = (Square, Seen)> + '_ {
        Square::all().map(|sq| (sq, self.squares[sq.index()]))
    }

    /// Who is to move.
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// Whether it is the viewer's turn (and the game is not over).
    pub fn is_my_turn(&self) -> bool {
        self.to_move == self.viewer && self.outcome.is_none()
    }

    /// Plies played so far.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The turn number shown on screen ("T: n"): both players' moves make
    /// one turn, counted from 1.
    pub fn turn(&self) -> u32 {
        self.plies / 2 + 1
    }

    /// Plies in a row without a battle (see `no_capture_limit`).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// How many pieces of each rank `colour` has left, indexed like
    /// [`Rank::ALL`]. Public: everyone knows both armies and every battle.
    pub fn remaining(&self, colour: Colour) -> [u8; RANK_COUNT] {
        self.remaining[colour.index()]
    }

    /// The enemy's remaining pieces per rank.
    pub fn enemy_remaining(&self) -> [u8; RANK_COUNT] {
        self.remaining(self.viewer.opponent())
    }

    /// How many pieces of each rank `colour` has lost.
    pub fn captured(&self, colour: Colour) -> [u8; RANK_COUNT] {
        let (initial, remaining) = (self.initial[colour.index()], self.remaining[colour.index()]);
        std::array::from_fn(|i| initial[i].saturating_sub(remaining[i]))
    }

    /// The last move, with its battle if it struck.
    pub fn last_move(&self) -> Option<&PublicEvent> {
        self.last_move.as_ref()
    }

    /// The most recent battle of the game (both ranks and the result).
    pub fn last_battle(&self) -> Option<&PublicEvent> {
        match &self.last_move {
            Some(event) if event.battle.is_some() => Some(event),
            _ => self.history.last_battle(),
        }
    }

    /// Every move and battle so far, oldest first.
    pub fn history(&self) -> &[PublicEvent] {
        self.history.events()
    }

    /// The state of `two_square_rule`.
    pub fn two_square(&self) -> &TwoSquare {
        &self.two_square
    }

    /// The state of `more_square_rule` (the current chase).
    pub fn chase(&self) -> &Chase {
        &self.chase
    }

    /// The result, once the game is over.
    pub fn game_outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Fills `moves` with the viewer's legal moves; empty unless it is the
    /// viewer's turn.
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_my_turn() {
            self.stand_in().generate(moves);
        }
    }

    /// The squares the viewer's piece on `from` may move to (for
    /// highlighting); empty if none or not the viewer's turn.
    pub fn targets_from(&self, from: Square) -> Vec<Square> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().filter(|m| m.from == from).map(|m| m.to).collect()
    }

    /// Checks the viewer's move against every rule, as the referee will.
    pub fn check_move(&self, mv: Move) -> Result<(), Violation> {
        if self.outcome.is_some() {
            return Err(Violation::GameOver);
        }
        if self.to_move != self.viewer {
            return Err(Violation::NotYourTurn(self.to_move));
        }
        self.stand_in().check(mv)
    }

    /// Writes a move in notation (`x` when it strikes).
    pub fn format_move(&self, mv: Move) -> String {
        let strike = self.piece(mv.to).is_some_and(|p| p.colour != self.to_move);
        format!("{}{}{}", mv.from, if strike { 'x' } else { '-' }, mv.to)
    }

    /// Reads a move in notation.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(text)
    }

    /// A full position with this view's public parts and `rank_of` for the
    /// ranks of enemy pieces the viewer does not know.
    pub(crate) fn assemble(&self, mut rank_of: impl FnMut(Square, &SeenPiece) -> Rank) -> StrategyChess {
        let mut board = Board::empty();
        for sq in Square::all() {
            if let Seen::Piece(seen) = self.squares[sq.index()] {
                let rank = match seen.rank {
                    Some(rank) => rank,
                    None => rank_of(sq, &seen),
                };
                board.put(sq, Piece::new(seen.colour, rank), seen.facts);
            }
        }
        StrategyChess {
            rules: Arc::new(self.rules.clone()),
            flags: Flags::of(&self.rules),
            board,
            to_move: self.to_move,
            plies: self.plies,
            quiet_plies: self.quiet_plies,
            initial: self.initial,
            remaining: self.remaining,
            two_square: self.two_square,
            chase: self.chase,
            last_move: self.last_move,
            history: self.history.clone(),
            logs_history: false,
            outcome: self.outcome,
            odds: None,
            searcher: None,
            hope: false,
        }
    }

    /// A position that agrees with this view on everything the viewer's
    /// own moves depend on (enemy ranks are placeholders).
    fn stand_in(&self) -> StrategyChess {
        self.assemble(|_, seen| seen.known_rank().unwrap_or(Rank::Sergeant))
    }
}

impl SeatView for StrategyChessView {
    fn seat(&self) -> Seat {
        self.viewer.seat()
    }
    fn to_move(&self) -> Seat {
        self.to_move.seat()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

impl StrategyChess {
    /// What `seat` sees of this position (game-core's
    /// [`Observe::view`](game_core::Observe::view)).
    pub(crate) fn seat_view(&self, seat: Seat) -> StrategyChessView {
        let viewer = Colour::of_seat(seat);
        let squares = std::array::from_fn(|i| {
            let sq = Square::new(i).expect("0..100");
            match self.board.piece(sq) {
                Some(piece) => {
                    let facts = self.board.facts(sq);
                    let known = piece.colour == viewer || facts.revealed;
                    Seen::Piece(SeenPiece { colour: piece.colour, rank: known.then_some(piece.rank), facts })
                }
                None if sq.is_lake() => Seen::Lake,
                None => Seen::Empty,
            }
        });
        StrategyChessView {
            viewer,
            rules: (*self.rules).clone(),
            squares,
            to_move: self.to_move,
            plies: self.plies,
            quiet_plies: self.quiet_plies,
            initial: self.initial,
            remaining: self.remaining,
            two_square: self.two_square,
            chase: self.chase,
            last_move: self.last_move,
            history: self.history.clone(),
            outcome: self.outcome,
        }
    }

    /// `seat`'s view with every piece turned face up, as players do when
    /// the game is over (game-core's
    /// [`Observe::revealed_view`](game_core::Observe::revealed_view)): every
    /// rank is known, and the public facts stay as play left them, so
    /// `facts.revealed` still tells the pieces a battle showed from those
    /// only the end shows.
    pub(crate) fn turned_over_view(&self, seat: Seat) -> StrategyChessView {
        let mut view = self.seat_view(seat);
        for sq in Square::all() {
            if let (Seen::Piece(seen), Some(piece)) = (&mut view.squares[sq.index()], self.board.piece(sq)) {
                seen.rank = Some(piece.rank);
            }
        }
        view
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::Library;
    use game_core::{Game, Observe};

    #[test]
    fn what_goes_over_the_wire_hides_the_enemy() {
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        let mut game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
        let json = serde_json::to_string(&game.view(Seat::SECOND)).unwrap();
        // Blue's own Marshal only; Red's pieces travel without ranks.
        assert_eq!(json.matches("\"Marshal\"").count(), 1, "{json}");
        assert_eq!(json.matches("\"rank\":null").count(), 40);
        // A battle reveals both ranks, in the history and on the survivor.
        for mv in ["a4-a5", "a7-a6", "a5xa6"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let view = game.view(Seat::SECOND);
        let battle = view.last_battle().and_then(|e| e.battle).unwrap();
        assert_eq!((battle.attacker, battle.defender), (Rank::Scout, Rank::Scout));
        assert_eq!(view.captured(Colour::Red)[Rank::Scout.index()], 1);
        assert_eq!(view.captured(Colour::Blue)[Rank::Scout.index()], 1);
        assert_eq!(view.enemy_remaining()[Rank::Scout.index()], 7);
        assert_eq!(view.history().len(), 3);
        assert_eq!(view.turn(), 2);
        assert!(view.is_my_turn());
        assert!(
            view.check_move(Move::new(Square::parse("b7").unwrap(), Square::parse("b6").unwrap())).is_ok()
        );
        assert_eq!(
            view.check_move(Move::new(Square::parse("c7").unwrap(), Square::parse("c6").unwrap())),
            Err(Violation::Lake(Square::parse("c6").unwrap()))
        );
        let red = game.view(Seat::FIRST);
        assert_eq!(
            red.check_move(Move::new(Square::parse("b4").unwrap(), Square::parse("b5").unwrap())),
            Err(Violation::NotYourTurn(Colour::Blue))
        );
        assert!(red.targets_from(Square::parse("b4").unwrap()).is_empty());
    }

    #[test]
    fn turned_over_every_rank_shows_and_the_facts_stay() {
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        let mut game = StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap();
        for mv in ["j4-j6", "j7xj6", "b4-b5"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let (view, turned) = (game.view(Seat::FIRST), game.revealed_view(Seat::FIRST));
        let hidden = view.squares().filter(|(_, s)| matches!(s, Seen::Piece(p) if p.rank.is_none())).count();
        assert_eq!(hidden, 39, "Blue's 40 pieces but the Miner that struck");
        for (sq, seen) in view.squares() {
            match (seen, turned.seen(sq)) {
                (Seen::Piece(p), Seen::Piece(t)) => {
                    assert_eq!(t.rank, game.board.piece(sq).map(|piece| piece.rank), "{sq}");
                    assert_eq!((t.colour, t.facts), (p.colour, p.facts), "{sq}");
                    assert_eq!(p.rank.is_none(), p.colour == Colour::Blue && !p.facts.revealed, "{sq}");
                }
                (seen, other) => assert_eq!(seen, other, "{sq}"),
            }
        }
        let j6 = turned.piece(Square::parse("j6").unwrap()).unwrap();
        assert!(j6.facts.revealed, "the Miner was shown by its battle, not by the end");
        assert_eq!((turned.history(), turned.game_outcome()), (view.history(), view.game_outcome()));
    }
}
