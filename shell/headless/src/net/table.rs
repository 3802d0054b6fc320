//! One game on the server, behind a game-independent interface.
//!
//! [`GameTable<G>`] wraps the one `Referee<G>` of a game (the only full
//! position anywhere) and speaks JSON values and notation, so the server
//! can hold games of every kind side by side as `Box<dyn Table>`.
//! [`open_table`] picks the concrete game by name.

use super::view_trail::TrailSender;
use crate::protocol::{ErrorKind, PublicMove};
use crate::record::{GameRecord, RecordError, full_record, has_setup_phase};
use crate::registry::GameKind;
use clap::ValueEnum;
use game_core::rng::seeded;
use game_core::{Finish, Observe, Referee, RefereeError, RuleSet, Seat};
use serde_json::Value;

/// Why the table refused a command. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The kind of refusal.
    pub kind: ErrorKind,
    /// Why, in words.
    pub reason: String,
}

impl Refusal {
    /// A refusal of `kind`.
    pub fn new(kind: ErrorKind, reason: impl Into<String>) -> Self {
        Refusal { kind, reason: reason.into() }
    }
}

impl<V: std::error::Error> From<RefereeError<V>> for Refusal {
    fn from(e: RefereeError<V>) -> Self {
        let kind = match &e {
            RefereeError::GameOver => ErrorKind::GameOver,
            RefereeError::NoSuchSeat(_) => ErrorKind::NotSeated,
            RefereeError::NotYourTurn { .. } => ErrorKind::NotYourTurn,
            RefereeError::WrongPly { .. } => ErrorKind::WrongPly,
            RefereeError::Notation(_) => ErrorKind::Notation,
            RefereeError::Illegal(_) => ErrorKind::Illegal,
            RefereeError::NoDrawOffer => ErrorKind::NoDrawOffer,
            RefereeError::NothingToTakeBack { .. } => ErrorKind::Protocol,
        };
        Refusal::new(kind, e.to_string())
    }
}

/// A game on the server, whatever game it is. Seats are trusted here: the
/// server has already checked that the command came from the seat's own
/// connection.
pub trait Table: Send {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The rules, as JSON.
    fn rules(&self) -> Value;
    /// How many seats play.
    fn seat_count(&self) -> usize;
    /// Whether the game still waits for `seat`'s setup.
    fn needs_setup(&self, seat: Seat) -> bool;
    /// Takes `seat`'s setup (checked alone where the game allows). Play
    /// starts once every setup is in.
    fn submit_setup(&mut self, seat: Seat, setup: &Value) -> Result<(), Refusal>;
    /// Whether play has started (every setup is in).
    fn started(&self) -> bool;
    /// Plies played so far.
    fn ply(&self) -> usize;
    /// The seat to move, once started.
    fn to_move(&self) -> Option<Seat>;
    /// `seat`'s view as JSON, once started. Built from that seat's view
    /// only.
    fn view(&self, seat: Seat) -> Option<Value>;
    /// `seat`'s view as JSON for a connection that was sent what `trail`
    /// records, with its history cut to what the connection lacks (see
    /// [`TrailSender::view_to_send`]), and where that history continues.
    /// Once started; built from that seat's view only.
    fn view_to_send(&self, seat: Seat, trail: &mut TrailSender) -> Option<(Value, Option<usize>)>;
    /// Plays a move in notation for `seat` at `ply`.
    fn submit_move(&mut self, seat: Seat, ply: usize, notation: &str) -> Result<PublicMove, Refusal>;
    /// `seat` resigns.
    fn resign(&mut self, seat: Seat) -> Result<(), Refusal>;
    /// `seat` offers a draw.
    fn offer_draw(&mut self, seat: Seat) -> Result<(), Refusal>;
    /// `seat` accepts the standing offer.
    fn accept_draw(&mut self, seat: Seat) -> Result<(), Refusal>;
    /// `seat` left; another seat claims the game.
    fn abandon(&mut self, seat: Seat) -> Result<(), Refusal>;
    /// The standing draw offer.
    fn draw_offer(&self) -> Option<Seat>;
    /// How the game ended.
    fn finish(&self) -> Option<Finish>;
    /// The moves so far, in public notation.
    fn moves(&self) -> Vec<PublicMove>;
    /// The referee's full record (every setup, the final hash).
    fn full_record(&self) -> Option<Result<GameRecord, RecordError>>;
}

/// The table of a game of `G`.
#[derive(Debug)]
pub struct GameTable<G: Observe> {
    rules: G::Rules,
    seats: usize,
    setups: Vec<Option<G::Setup>>,
    referee: Option<Referee<G>>,
}

impl<G: Observe> GameTable<G> {
    /// A table for rules given as JSON (`null` for the defaults). Games
    /// without a setup phase start at once.
    pub fn new(rules: &Value) -> Result<Self, Refusal> {
        let rules: G::Rules = if rules.is_null() {
            G::Rules::default()
        } else {
            serde_json::from_value(rules.clone())
                .map_err(|e| Refusal::new(ErrorKind::BadRules, format!("rules for {}: {e}", G::NAME)))?
        };
        rules
            .validate()
            .map_err(|e| Refusal::new(ErrorKind::BadRules, format!("rules for {}: {e}", G::NAME)))?;
        let mut table = GameTable { rules, seats: 2, setups: Vec::new(), referee: None };
        if has_setup_phase::<G>() {
            // The seat count comes from a trial start with generated setups.
            let mut rng = seeded(0);
            let trial: Vec<G::Setup> =
                (0..2).map(|i| G::random_setup(&table.rules, Seat(i), false, &mut rng)).collect();
            table.seats = G::start(&table.rules, &trial).map(|g| g.seat_count()).unwrap_or(2);
            table.setups = vec![None; table.seats];
        } else {
            let start =
                G::start(&table.rules, &[]).map_err(|e| Refusal::new(ErrorKind::BadRules, e.to_string()))?;
            table.seats = start.seat_count();
            table.referee = Some(Referee::new(start));
        }
        Ok(table)
    }

    /// The referee, once play has started. Server side only.
    pub fn referee(&self) -> Option<&Referee<G>> {
        self.referee.as_ref()
    }

    fn referee_mut(&mut self) -> Result<&mut Referee<G>, Refusal> {
        self.referee.as_mut().ok_or_else(|| Refusal::new(ErrorKind::NotStarted, "the game has not started"))
    }

    fn check_seat(&self, seat: Seat) -> Result<(), Refusal> {
        if seat.index() < self.seats {
            Ok(())
        } else {
            Err(Refusal::new(ErrorKind::NotSeated, "no such seat"))
        }
    }
}

impl<G: Observe> Table for GameTable<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn rules(&self) -> Value {
        serde_json::to_value(&self.rules).unwrap_or(Value::Null)
    }

    fn seat_count(&self) -> usize {
        self.seats
    }

    fn needs_setup(&self, seat: Seat) -> bool {
        self.referee.is_none() && self.setups.get(seat.index()).is_some_and(Option::is_none)
    }

    fn submit_setup(&mut self, seat: Seat, setup: &Value) -> Result<(), Refusal> {
        self.check_seat(seat)?;
        if !self.needs_setup(seat) {
            return Err(Refusal::new(ErrorKind::BadSetup, "no setup is wanted from this seat now"));
        }
        let setup: G::Setup = serde_json::from_value(setup.clone())
            .map_err(|e| Refusal::new(ErrorKind::BadSetup, format!("not a setup of {}: {e}", G::NAME)))?;
        // Check this setup alone, beside generated ones for the seats still
        // missing: a problem with it is this seat's to fix now.
        let mut rng = seeded(0);
        let trial: Vec<G::Setup> = (0..self.seats)
            .map(|i| match (&self.setups[i], i == seat.index()) {
                (_, true) => setup.clone(),
                (Some(s), false) => s.clone(),
                (None, false) => G::random_setup(&self.rules, Seat(i as u8), false, &mut rng),
            })
            .collect();
        match G::start(&self.rules, &trial) {
            Err(e) if e.seat == seat => return Err(Refusal::new(ErrorKind::BadSetup, e.to_string())),
            _ => {}
        }
        self.setups[seat.index()] = Some(setup);
        if self.setups.iter().all(Option::is_some) {
            let all: Vec<G::Setup> = self.setups.iter().flatten().cloned().collect();
            match G::start(&self.rules, &all) {
                Ok(start) => self.referee = Some(Referee::new(start)),
                Err(e) => {
                    // Only together are they wrong: the named seat sets up again.
                    self.setups[e.seat.index().min(self.seats - 1)] = None;
                    if e.seat == seat {
                        return Err(Refusal::new(ErrorKind::BadSetup, e.to_string()));
                    }
                }
            }
        }
        Ok(())
    }

    fn started(&self) -> bool {
        self.referee.is_some()
    }

    fn ply(&self) -> usize {
        self.referee.as_ref().map_or(0, Referee::ply)
    }

    fn to_move(&self) -> Option<Seat> {
        self.referee.as_ref().map(Referee::to_move)
    }

    fn view(&self, seat: Seat) -> Option<Value> {
        let referee = self.referee.as_ref()?;
        if seat.index() >= self.seats {
            return None;
        }
        serde_json::to_value(referee.view(seat)).ok()
    }

    fn view_to_send(&self, seat: Seat, trail: &mut TrailSender) -> Option<(Value, Option<usize>)> {
        let referee = self.referee.as_ref()?;
        if seat.index() >= self.seats {
            return None;
        }
        trail.view_to_send(&referee.view(seat)).ok()
    }

    fn submit_move(&mut self, seat: Seat, ply: usize, notation: &str) -> Result<PublicMove, Refusal> {
        self.check_seat(seat)?;
        let played = self.referee_mut()?.submit_text(seat, ply, notation)?;
        // The notation goes to every seat: a game whose notation could name
        // a hidden piece must write it from public facts only (the wire
        // test of each hidden-information game checks this).
        Ok(PublicMove { seat: played.seat, notation: played.notation.clone() })
    }

    fn resign(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.check_seat(seat)?;
        Ok(self.referee_mut()?.resign(seat)?)
    }

    fn offer_draw(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.check_seat(seat)?;
        Ok(self.referee_mut()?.offer_draw(seat)?)
    }

    fn accept_draw(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.check_seat(seat)?;
        Ok(self.referee_mut()?.accept_draw(seat)?)
    }

    fn abandon(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.check_seat(seat)?;
        Ok(self.referee_mut()?.abandon(seat)?)
    }

    fn draw_offer(&self) -> Option<Seat> {
        self.referee.as_ref()?.draw_offer()
    }

    fn finish(&self) -> Option<Finish> {
        self.referee.as_ref()?.finish()
    }

    fn moves(&self) -> Vec<PublicMove> {
        self.referee.as_ref().map_or_else(Vec::new, |r| {
            r.history().iter().map(|m| PublicMove { seat: m.seat, notation: m.notation.clone() }).collect()
        })
    }

    fn full_record(&self) -> Option<Result<GameRecord, RecordError>> {
        let referee = self.referee.as_ref()?;
        let setups: Vec<G::Setup> = self.setups.iter().flatten().cloned().collect();
        Some(full_record(referee, &setups, None))
    }
}

/// Opens a table for the game named `game` (as on the command line), with
/// rules as JSON. Every game the command line knows is available here.
pub fn open_table(game: &str, rules: &Value) -> Result<Box<dyn Table>, Refusal> {
    let kind = GameKind::from_str(game, false)
        .map_err(|_| Refusal::new(ErrorKind::UnknownGame, format!("no game is called `{game}`")))?;
    let opened: Result<Result<Box<dyn Table>, Refusal>, crate::failure::Failure> =
        crate::registry::with_game!(kind, G => Ok(open_game::<G>(rules)));
    opened.map_err(|e| Refusal::new(ErrorKind::UnknownGame, e.to_string()))?
}

/// Opens a table of `G`.
pub fn open_game<G: Observe>(rules: &Value) -> Result<Box<dyn Table>, Refusal> {
    GameTable::<G>::new(rules).map(|t| Box::new(t) as Box<dyn Table>)
}

/// How a server opens a game's table from its rules.
pub type TableOpener = fn(&Value) -> Result<Box<dyn Table>, Refusal>;

/// The games a server hosts: every game of the command line, plus any
/// added with [`GameCatalog::with`] (a test game, say).
#[derive(Clone, Default)]
pub struct GameCatalog {
    extra: Vec<(&'static str, TableOpener)>,
}

impl GameCatalog {
    /// Every game the command line knows.
    pub fn standard() -> Self {
        GameCatalog::default()
    }

    /// Adds the game `G`, under its name.
    pub fn with<G: Observe>(mut self) -> Self {
        self.extra.push((G::NAME, open_game::<G>));
        self
    }

    /// Opens a table for the game named `game`.
    pub fn open(&self, game: &str, rules: &Value) -> Result<Box<dyn Table>, Refusal> {
        match self.extra.iter().find(|(name, _)| *name == game) {
            Some((_, opener)) => opener(rules),
            None => open_table(game, rules),
        }
    }
}

impl std::fmt::Debug for GameCatalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.extra.iter().map(|(name, _)| *name).collect();
        f.debug_struct("GameCatalog").field("extra", &names).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nim_table_plays_and_refuses() {
        let mut t = open_table("nim", &serde_json::json!({"max_take": 2})).unwrap();
        assert!(t.started());
        assert!(!t.needs_setup(Seat::FIRST));
        assert_eq!(t.rules()["max_take"], 2);
        assert_eq!(t.submit_move(Seat::FIRST, 0, "1-3").unwrap_err().kind, ErrorKind::Illegal);
        assert_eq!(t.submit_move(Seat::SECOND, 0, "1-1").unwrap_err().kind, ErrorKind::NotYourTurn);
        assert_eq!(t.submit_move(Seat::FIRST, 1, "1-1").unwrap_err().kind, ErrorKind::WrongPly);
        assert_eq!(t.submit_move(Seat::FIRST, 0, "x").unwrap_err().kind, ErrorKind::Notation);
        assert_eq!(t.submit_move(Seat(7), 0, "1-1").unwrap_err().kind, ErrorKind::NotSeated);
        assert_eq!(t.ply(), 0);
        assert_eq!(t.submit_move(Seat::FIRST, 0, "1-1").unwrap().notation, "1-1");
        assert_eq!(t.ply(), 1);
        assert_eq!(t.view(Seat::SECOND).unwrap()["seat"], 1);
        assert_eq!(t.submit_setup(Seat::FIRST, &Value::Null).unwrap_err().kind, ErrorKind::BadSetup);
        t.resign(Seat::SECOND).unwrap();
        assert!(matches!(t.finish(), Some(Finish::Resigned(Seat::SECOND))));
        assert!(t.full_record().unwrap().unwrap().final_hash.is_some());
    }

    #[test]
    fn unknown_games_and_bad_rules_are_refused() {
        assert_eq!(open_table("chess", &Value::Null).err().unwrap().kind, ErrorKind::UnknownGame);
        assert_eq!(
            open_table("nim", &serde_json::json!({"max_take": 0})).err().unwrap().kind,
            ErrorKind::BadRules
        );
        assert_eq!(
            open_table("nim", &serde_json::json!({"colour": 1})).err().unwrap().kind,
            ErrorKind::BadRules
        );
        assert_eq!(open_table("nim", &serde_json::json!([1])).err().unwrap().kind, ErrorKind::BadRules);
    }
}
