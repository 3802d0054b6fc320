//! The referee: the only holder of the full position.
//!
//! The GUI, the command-line match runner and the network server all drive
//! games through a [`Referee`]. It accepts a move only from the seat to
//! move, carrying the expected ply number, and only if the rules allow it;
//! anything else is refused with a reason and the game is untouched. Each
//! seat gets its [`Observe::view`], and the referee keeps the history.

use crate::notation::NotationError;
use crate::{Observe, Outcome, Seat};
use thiserror::Error;

/// One move as the referee recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove<M> {
    /// Who played it.
    pub seat: Seat,
    /// The move.
    pub mv: M,
    /// The move in the game's notation, as written before it was played.
    pub notation: String,
}

/// How a game came to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The rules ended it.
    Rules(Outcome),
    /// A seat resigned.
    Resigned(Seat),
    /// Both seats agreed to a draw.
    DrawAgreed,
    /// A seat left and did not come back in time; the other claimed the game.
    Abandoned(Seat),
}

impl Finish {
    /// The outcome this ending gives, in a two-seat game. A resignation or
    /// abandonment is a win by margin 0 for the other seat.
    pub fn outcome(&self) -> Outcome {
        match *self {
            Finish::Rules(outcome) => outcome,
            Finish::Resigned(loser) | Finish::Abandoned(loser) => Outcome::win(loser.opponent(), 0),
            Finish::DrawAgreed => Outcome::draw(),
        }
    }
}

/// Why the referee refused a request. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RefereeError<V: std::error::Error> {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The seat does not play in this game.
    #[error("{0} is not a seat in this game")]
    NoSuchSeat(Seat),
    /// It is another seat's turn.
    #[error("not your turn: {to_move} is to move")]
    NotYourTurn {
        /// The seat to move.
        to_move: Seat,
    },
    /// The move was meant for another ply (a stale or replayed command).
    #[error("wrong ply: expected {expected}, got {got}")]
    WrongPly {
        /// The ply the referee is at.
        expected: usize,
        /// The ply the command carried.
        got: usize,
    },
    /// The move could not be read.
    #[error("{0}")]
    Notation(NotationError),
    /// The rules forbid the move.
    #[error("{0}")]
    Illegal(V),
    /// A draw was accepted that nobody offered.
    #[error("there is no draw offer from the opponent")]
    NoDrawOffer,
    /// Nothing to take back.
    #[error("cannot take back {wanted} plies: only {played} were played")]
    NothingToTakeBack {
        /// Plies asked for.
        wanted: usize,
        /// Plies on record.
        played: usize,
    },
}

/// The referee of one game.
#[derive(Clone, Debug)]
pub struct Referee<G: Observe> {
    start: G,
    position: G,
    history: Vec<PlayedMove<G::Move>>,
    finish: Option<Finish>,
    draw_offer: Option<Seat>,
}

impl<G: Observe> Referee<G> {
    /// A referee for a game starting at `start`.
    pub fn new(start: G) -> Self {
        let finish = start.outcome().map(Finish::Rules);
        Referee { position: start.clone(), start, history: Vec::new(), finish, draw_offer: None }
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.position.to_move()
    }

    /// How many plies have been played; the ply number the next move must
    /// carry.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// How the game ended, if it has.
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// The outcome, if the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.finish.map(|f| f.outcome())
    }

    /// Every move so far, in order.
    pub fn history(&self) -> &[PlayedMove<G::Move>] {
        &self.history
    }

    /// What `seat` may see now.
    pub fn view(&self, seat: Seat) -> G::View {
        self.position.view(seat)
    }

    /// What `seat` sees with everything turned face up
    /// ([`Observe::revealed_view`]), once the game is over, however it
    /// ended (by the rules, a resignation, an agreed draw, an abandoned
    /// seat). `None` while the game goes on: until the end a seat gets its
    /// [`Referee::view`] and nothing more.
    pub fn revealed_view(&self, seat: Seat) -> Option<G::View> {
        self.finish.is_some().then(|| self.position.revealed_view(seat))
    }

    /// The rules of the game.
    pub fn rules(&self) -> &G::Rules {
        self.position.rules()
    }

    /// The full position. **Referee side only**: for the full game record,
    /// the server and tests. A seat's GUI or AI must use [`Referee::view`].
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The start position. Referee side only, like [`Referee::position`].
    pub fn start_position(&self) -> &G {
        &self.start
    }

    /// The legal moves of the seat to move (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if self.finish.is_none() {
            self.position.legal_moves(&mut moves);
        }
        moves
    }

    fn check_turn(&self, seat: Seat, ply: usize) -> Result<(), RefereeError<G::RuleViolation>> {
        if seat.index() >= self.position.seat_count() {
            return Err(RefereeError::NoSuchSeat(seat));
        }
        if self.finish.is_some() {
            return Err(RefereeError::GameOver);
        }
        if ply != self.ply() {
            return Err(RefereeError::WrongPly { expected: self.ply(), got: ply });
        }
        let to_move = self.to_move();
        if seat != to_move {
            return Err(RefereeError::NotYourTurn { to_move });
        }
        Ok(())
    }

    /// Plays `mv` for `seat` at ply `ply`, if all is in order.
    pub fn submit(
        &mut self,
        seat: Seat,
        ply: usize,
        mv: G::Move,
    ) -> Result<&PlayedMove<G::Move>, RefereeError<G::RuleViolation>> {
        self.check_turn(seat, ply)?;
        let notation = self.position.format_move(mv);
        self.position.try_play(mv).map_err(RefereeError::Illegal)?;
        self.history.push(PlayedMove { seat, mv, notation });
        self.draw_offer = None;
        self.finish = self.position.outcome().map(Finish::Rules);
        Ok(self.history.last().expect("just pushed"))
    }

    /// Reads `text` in the game's notation and submits it.
    pub fn submit_text(
        &mut self,
        seat: Seat,
        ply: usize,
        text: &str,
    ) -> Result<&PlayedMove<G::Move>, RefereeError<G::RuleViolation>> {
        self.check_turn(seat, ply)?;
        let mv = self.position.parse_move(text).map_err(RefereeError::Notation)?;
        self.submit(seat, ply, mv)
    }

    /// `seat` gives up; the other seat wins.
    pub fn resign(&mut self, seat: Seat) -> Result<(), RefereeError<G::RuleViolation>> {
        self.check_seat_in_play(seat)?;
        self.finish = Some(Finish::Resigned(seat));
        self.draw_offer = None;
        Ok(())
    }

    /// `seat` left and did not return in time; the other seat claims the game.
    pub fn abandon(&mut self, seat: Seat) -> Result<(), RefereeError<G::RuleViolation>> {
        self.check_seat_in_play(seat)?;
        self.finish = Some(Finish::Abandoned(seat));
        self.draw_offer = None;
        Ok(())
    }

    /// `seat` offers a draw. The offer lapses with the next move.
    pub fn offer_draw(&mut self, seat: Seat) -> Result<(), RefereeError<G::RuleViolation>> {
        self.check_seat_in_play(seat)?;
        self.draw_offer = Some(seat);
        Ok(())
    }

    /// The standing draw offer, if any, and who made it. An ended game has
    /// none: a move, a resignation or an abandonment lets it lapse.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    /// `seat` accepts the other seat's standing draw offer.
    pub fn accept_draw(&mut self, seat: Seat) -> Result<(), RefereeError<G::RuleViolation>> {
        self.check_seat_in_play(seat)?;
        match self.draw_offer {
            Some(offerer) if offerer != seat => {
                self.finish = Some(Finish::DrawAgreed);
                self.draw_offer = None;
                Ok(())
            }
            _ => Err(RefereeError::NoDrawOffer),
        }
    }

    fn check_seat_in_play(&self, seat: Seat) -> Result<(), RefereeError<G::RuleViolation>> {
        if seat.index() >= self.position.seat_count() {
            return Err(RefereeError::NoSuchSeat(seat));
        }
        if self.finish.is_some() {
            return Err(RefereeError::GameOver);
        }
        Ok(())
    }

    /// Takes back the last `plies` moves (undo against the computer), by
    /// replaying the rest from the start. Any ending is cleared.
    pub fn take_back(&mut self, plies: usize) -> Result<(), RefereeError<G::RuleViolation>> {
        if plies > self.history.len() {
            return Err(RefereeError::NothingToTakeBack { wanted: plies, played: self.history.len() });
        }
        let keep = self.history.len() - plies;
        self.history.truncate(keep);
        let mut position = self.start.clone();
        for played in &self.history {
            position.play_unchecked(played.mv);
        }
        self.position = position;
        self.finish = self.position.outcome().map(Finish::Rules);
        self.draw_offer = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::{Nim, NimRules, NimViolation};
    use crate::{Game, SeatView};

    fn referee() -> Referee<Nim> {
        Referee::new(Nim::start(&NimRules::default(), &[]).unwrap())
    }

    #[test]
    fn accepts_only_the_seat_to_move_at_the_right_ply() {
        let mut r = referee();
        let before = r.position().clone();
        assert_eq!(
            r.submit_text(Seat::SECOND, 0, "1-1").unwrap_err(),
            RefereeError::NotYourTurn { to_move: Seat::FIRST }
        );
        assert_eq!(
            r.submit_text(Seat::FIRST, 3, "1-1").unwrap_err(),
            RefereeError::WrongPly { expected: 0, got: 3 }
        );
        assert!(matches!(r.submit_text(Seat::FIRST, 0, "x"), Err(RefereeError::Notation(_))));
        assert_eq!(
            r.submit_text(Seat::FIRST, 0, "1-9").unwrap_err(),
            RefereeError::Illegal(NimViolation::TooMany { take: 9, max: 3 })
        );
        assert_eq!(r.submit_text(Seat(5), 0, "1-1").unwrap_err(), RefereeError::NoSuchSeat(Seat(5)));
        assert_eq!(r.position(), &before);
        assert_eq!(r.ply(), 0);

        let played = r.submit_text(Seat::FIRST, 0, "1-1").unwrap().clone();
        assert_eq!(played.notation, "1-1");
        assert_eq!(r.ply(), 1);
        assert_eq!(r.to_move(), Seat::SECOND);
        // A replayed ply is refused.
        assert_eq!(
            r.submit_text(Seat::SECOND, 0, "2-1").unwrap_err(),
            RefereeError::WrongPly { expected: 1, got: 0 }
        );
    }

    #[test]
    fn free_turns_keep_the_same_seat() {
        let mut r = referee();
        // Emptying heap 1 (3 stones) earns a free turn.
        r.submit_text(Seat::FIRST, 0, "1-3").unwrap();
        assert_eq!(r.to_move(), Seat::FIRST);
        assert_eq!(r.view(Seat::SECOND).to_move(), Seat::FIRST);
    }

    #[test]
    fn game_end_resign_draw_and_take_back() {
        let mut r = referee();
        r.offer_draw(Seat::FIRST).unwrap();
        assert_eq!(r.accept_draw(Seat::FIRST).unwrap_err(), RefereeError::NoDrawOffer);
        r.submit_text(Seat::FIRST, 0, "2-1").unwrap();
        assert_eq!(r.draw_offer(), None, "a move lets the offer lapse");
        r.offer_draw(Seat::FIRST).unwrap();
        r.accept_draw(Seat::SECOND).unwrap();
        assert_eq!(r.outcome(), Some(Outcome::draw()));
        assert_eq!(r.submit_text(Seat::SECOND, 1, "1-1").unwrap_err(), RefereeError::GameOver);
        let mut resigned = referee();
        resigned.offer_draw(Seat::FIRST).unwrap();
        resigned.resign(Seat::FIRST).unwrap();
        assert_eq!(resigned.draw_offer(), None, "an ended game has no standing offer");
        let mut abandoned = referee();
        abandoned.offer_draw(Seat::SECOND).unwrap();
        abandoned.abandon(Seat::SECOND).unwrap();
        assert_eq!(abandoned.draw_offer(), None, "an ended game has no standing offer");

        r.take_back(1).unwrap();
        assert_eq!(r.ply(), 0);
        assert_eq!(r.finish(), None);
        assert_eq!(r.position(), r.start_position());
        assert!(r.take_back(1).is_err());

        r.resign(Seat::FIRST).unwrap();
        assert_eq!(r.outcome(), Some(Outcome::win(Seat::SECOND, 0)));
        assert!(r.legal_moves().is_empty());
    }

    #[test]
    fn nothing_is_turned_over_before_the_end() {
        let mut r = referee();
        assert_eq!(r.revealed_view(Seat::FIRST), None);
        r.submit_text(Seat::FIRST, 0, "2-1").unwrap();
        assert_eq!(r.revealed_view(Seat::SECOND), None, "a game under way shows views only");
        r.resign(Seat::SECOND).unwrap();
        // Nim hides nothing: its revealed view is the view.
        assert_eq!(r.revealed_view(Seat::SECOND), Some(r.view(Seat::SECOND)));
        r.take_back(1).unwrap();
        assert_eq!(r.revealed_view(Seat::FIRST), None, "taken back: the game goes on");
    }

    #[test]
    fn plays_a_whole_game_to_its_outcome() {
        let mut r = referee();
        while r.finish().is_none() {
            let mv = r.legal_moves()[0];
            let (seat, ply) = (r.to_move(), r.ply());
            r.submit(seat, ply, mv).unwrap();
        }
        let outcome = r.outcome().unwrap();
        assert!(outcome.winner.is_some());
        assert!(matches!(r.finish(), Some(Finish::Rules(_))));
        assert_eq!(r.history().len(), r.ply());
    }
}
