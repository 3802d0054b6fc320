//! Each piece's story, read off the public history: where it stood when
//! the game began, and every move it made.
//!
//! A view names pieces only by the squares they stand on. To say "this
//! piece has been walking towards my Marshal", the moves of the history
//! must be tied to pieces. The history holds every move with its two
//! squares and every battle with both ranks, so the board at the start can
//! be rebuilt by taking the moves back from the board now, and the game
//! then replayed with a name on every piece. Nothing here is hidden
//! information: both players can do the same with what they saw.
//!
//! A view whose history does not lead back to its board (a position read
//! from text starts with an empty history, so its pieces simply start where
//! they stand) is tracked as far as it agrees; a piece whose story cannot be
//! followed gets no story, never a wrong one.

use crate::combat::Clash;
use crate::history::PublicEvent;
use crate::rank::{Colour, Rank};
use crate::square::{SQUARES, Square};
use crate::view::{Seen, StrategyChessView};

/// A piece's name in a [`Tracks`]: an index into [`Tracks::pieces`].
pub type PieceId = usize;

/// What the public history says about one piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceStory {
    /// Whose piece.
    pub colour: Colour,
    /// Where it stood at the start.
    pub start: Square,
    /// Where it stands now (`None` once it died).
    pub now: Option<Square>,
    /// Its rank, if a battle showed it (or, for the viewer's own pieces,
    /// always).
    pub rank: Option<Rank>,
}

/// One move of the history with its pieces named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrackedMove {
    /// The event as the history has it.
    pub event: PublicEvent,
    /// The piece that moved.
    pub mover: PieceId,
    /// The piece it struck, if any.
    pub struck: Option<PieceId>,
}

/// Every piece of the game with its story, and the history with pieces
/// named.
#[derive(Clone, Debug)]
pub struct Tracks {
    /// The pieces: those on the board now first, then those that died.
    pub pieces: Vec<PieceStory>,
    /// The history, oldest first, with the pieces named.
    pub moves: Vec<TrackedMove>,
    /// Which piece stands on each square now.
    pub on_square: [Option<PieceId>; SQUARES],
}

impl Default for Tracks {
    fn default() -> Self {
        Tracks { pieces: Vec::new(), moves: Vec::new(), on_square: [None; SQUARES] }
    }
}

impl Tracks {
    /// Reads the stories off `view`'s board and history. If the history
    /// does not lead back to a consistent start, the moves it could not
    /// take back are dropped (oldest part of the history) and every piece
    /// still on the board keeps a story from there.
    pub fn of(view: &StrategyChessView) -> Tracks {
        let mut pieces = Vec::new();
        let mut board: [Option<PieceId>; SQUARES] = [None; SQUARES];
        for (sq, seen) in view.squares() {
            if let Seen::Piece(piece) = seen {
                board[sq.index()] = Some(pieces.len());
                pieces.push(PieceStory { colour: piece.colour, start: sq, now: Some(sq), rank: piece.rank });
            }
        }
        let on_square = board;
        // Take the moves back, newest first, naming the dead as they return.
        let events = view.history();
        let mut taken: Vec<TrackedMove> = Vec::with_capacity(events.len());
        for event in events.iter().rev() {
            let Some(tracked) = take_back(event, &mut board, &mut pieces) else { break };
            taken.push(tracked);
        }
        taken.reverse();
        for (sq, id) in board.iter().enumerate() {
            if let (Some(id), Some(square)) = (id, Square::new(sq)) {
                pieces[*id].start = square;
            }
        }
        Tracks { pieces, moves: taken, on_square }
    }

    /// The piece on `square` now.
    pub fn piece_on(&self, square: Square) -> Option<PieceId> {
        self.on_square[square.index()]
    }
}

/// Takes `event` back on `board`, adding the pieces it killed to `pieces`;
/// `None` (the board untouched) if the board does not fit the event.
fn take_back(
    event: &PublicEvent,
    board: &mut [Option<PieceId>; SQUARES],
    pieces: &mut Vec<PieceStory>,
) -> Option<TrackedMove> {
    let (from, to) = (event.from.index(), event.to.index());
    let enemy = event.colour.opponent();
    let revive = |pieces: &mut Vec<PieceStory>, colour: Colour, rank: Rank, at: Square| {
        pieces.push(PieceStory { colour, start: at, now: None, rank: Some(rank) });
        pieces.len() - 1
    };
    if board[from].is_some() {
        return None;
    }
    let owned = |id: Option<PieceId>, colour: Colour| id.filter(|&i| pieces[i].colour == colour);
    let (mover, struck) = match event.battle {
        None => {
            let mover = owned(board[to], event.colour)?;
            board[to] = None;
            (mover, None)
        }
        Some(battle) => match battle.clash {
            Clash::AttackerWins | Clash::FlagCaptured => {
                let mover = owned(board[to], event.colour)?;
                let struck = revive(pieces, enemy, battle.defender, event.to);
                board[to] = Some(struck);
                (mover, Some(struck))
            }
            Clash::DefenderWins => {
                let struck = owned(board[to], enemy)?;
                let mover = revive(pieces, event.colour, battle.attacker, event.from);
                (mover, Some(struck))
            }
            Clash::BothDie => {
                if board[to].is_some() {
                    return None;
                }
                let mover = revive(pieces, event.colour, battle.attacker, event.from);
                let struck = revive(pieces, enemy, battle.defender, event.to);
                board[to] = Some(struck);
                (mover, Some(struck))
            }
        },
    };
    if let Some(battle) = event.battle {
        pieces[mover].rank = Some(battle.attacker);
        if let Some(struck) = struck {
            pieces[struck].rank = Some(battle.defender);
        }
    }
    board[from] = Some(mover);
    Some(TrackedMove { event: *event, mover, struck })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StrategyChess;
    use crate::library::Library;
    use crate::rules::StrategyChessRules;
    use game_core::rng::seeded;
    use game_core::{Game, Observe, Seat};

    fn start() -> StrategyChess {
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        StrategyChess::start(&StrategyChessRules::default(), &setups).unwrap()
    }

    /// Through random games, the stories agree with the referee's own
    /// record: every piece's start square held a piece of its colour at the
    /// start (with its rank, where the story knows one), and every living
    /// piece stands where the story says.
    #[test]
    fn stories_follow_the_pieces_through_random_games() {
        let mut scratch = Vec::new();
        for seed in 0..6 {
            let first = start();
            let mut game = first.clone();
            let mut rng = seeded(seed);
            for _ in 0..300 {
                let Some(mv) = game.random_move(&mut rng, &mut scratch) else { break };
                game.play(mv);
            }
            for seat in [Seat::FIRST, Seat::SECOND] {
                let view = game.view(seat);
                let tracks = Tracks::of(&view);
                assert_eq!(tracks.moves.len(), view.history().len(), "the whole history is tracked");
                assert_eq!(tracks.pieces.len(), 80, "every piece of both armies has a story");
                for story in &tracks.pieces {
                    let at_start = first.piece(story.start).expect("a piece started there");
                    assert_eq!(at_start.colour, story.colour);
                    if let Some(rank) = story.rank {
                        assert_eq!(rank, at_start.rank, "piece from {}", story.start);
                    }
                    if let Some(now) = story.now {
                        assert_eq!(game.piece(now).map(|p| p.colour), Some(story.colour));
                    }
                }
                // The moves name the pieces that made them.
                for tracked in &tracks.moves {
                    assert_eq!(tracks.pieces[tracked.mover].colour, tracked.event.colour);
                }
            }
        }
    }

    #[test]
    fn a_position_without_history_starts_where_it_stands() {
        let text = "\
. . . . bF . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . b5 . . . . .
. . ~ ~ r1 . ~ ~ . .
. . ~ ~ . . ~ ~ . .
. . . . . . . . . .
. . . . r8 . . . . .
. . . . . . . . . .
. . . . rF . . . . .
to_move: red
";
        let game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        let tracks = Tracks::of(&game.view(Seat::FIRST));
        assert_eq!(tracks.pieces.len(), 5);
        assert!(tracks.pieces.iter().all(|p| p.now == Some(p.start)));
        let e7 = Square::parse("e7").unwrap();
        let blue = tracks.piece_on(e7).unwrap();
        assert_eq!((tracks.pieces[blue].colour, tracks.pieces[blue].rank), (Colour::Blue, None));
    }
}
