//! Hidden information: what each seat may see, and positions consistent
//! with it.
//!
//! The full position lives only in the referee's hands. A seat's GUI and
//! the AI playing for a seat receive a [`Observe::View`] and nothing else,
//! so peeking at hidden identities is impossible by type: a view holds no
//! hidden facts, and the only way from a view back to a full position is
//! [`Observe::sample`], which invents the hidden parts from public
//! information and a seeded random generator.

use crate::rng::GameRng;
use crate::{Game, Outcome, Seat};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt::Debug;

/// What one seat may know about a game.
///
/// Views travel over the network (serde) and are compared in the
/// non-cheating tests (two positions with equal views must be searched
/// alike), so they hold public facts only and compare by value.
pub trait SeatView: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Whose view this is.
    fn seat(&self) -> Seat;
    /// The seat to move (public in every game).
    fn to_move(&self) -> Seat;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}

/// Draws full positions of `G`, one a call, from a generator it is given
/// ([`Observe::sampler`]).
pub type Drawer<'v, G> = Box<dyn FnMut(&mut GameRng) -> G + 'v>;

/// A game whose seats each get a view.
///
/// For perfect-information games the view is the whole position
/// ([`FullView`]) and sampling gives it back unchanged.
pub trait Observe: Game {
    /// What a seat may know.
    type View: SeatView;

    /// The view of `seat`: exactly what that player knows.
    fn view(&self, seat: Seat) -> Self::View;

    /// A full position consistent with `view`, its hidden parts drawn from
    /// `rng`. It must never fail and never loop forever, and
    /// `sample(v).view(v.seat())` must equal `v`.
    fn sample(view: &Self::View, rng: &mut GameRng) -> Self;

    /// What `seat` sees once the game is over and the players show each
    /// other everything they hid, as they do at a real table (Strategy
    /// Chess: every piece turned face up). It is for showing the end of a
    /// game, not for searching, and nothing asks for it before the end:
    /// [`crate::Referee::revealed_view`] answers only once the game is
    /// over. By default the view itself: a game that hides nothing has
    /// nothing to turn over.
    fn revealed_view(&self, seat: Seat) -> Self::View {
        self.view(seat)
    }

    /// A small value the game adds to the searched value of playing `mv`
    /// from `view`, for preferences a search of a few plies cannot see,
    /// such as not going round in circles. 0 by default.
    fn move_preference(view: &Self::View, mv: Self::Move) -> i32 {
        let _ = (view, mv);
        0
    }

    /// Draws many positions from one view, with `insight` saying how much
    /// the drawer may read into the view beyond its hard facts: 0 makes
    /// every consistent position equally likely; higher values let a
    /// hidden-information game weigh its draws by what the seat can infer
    /// (where people hide things, how pieces behaved). Whatever the drawer
    /// works out from the view is worked out once, not for every draw.
    /// Perfect-information games ignore `insight`; by default every draw is
    /// [`Observe::sample`].
    fn sampler<'v>(view: &'v Self::View, insight: u8) -> Drawer<'v, Self> {
        let _ = insight;
        Box::new(move |rng| Self::sample(view, rng))
    }

    /// Draws for a seat that every draw of [`Observe::sampler`] shows lost:
    /// positions in which the enemy cannot stumble on what it has not seen.
    ///
    /// In a drawn position the enemy sees everything, so a seat whose
    /// hidden treasure stands next to an enemy piece is lost in every
    /// draw, and every move looks the same. A real enemy does not know
    /// which piece to strike: these draws let the seat find the defence
    /// that holds if the enemy does not guess right (Strategy Chess: a
    /// blind strike on the seat's Flag fails as if on a Bomb). `None`, the
    /// default, for games that hide nothing a strike can find.
    fn hopeful_sampler<'v>(view: &'v Self::View, insight: u8) -> Option<Drawer<'v, Self>> {
        let _ = (view, insight);
        None
    }
}

/// The view of a perfect-information game: the whole position, seen from a
/// seat.
///
/// It serialises as the seat, the rules and the game's position text, and
/// deserialising re-reads and re-checks that text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullView<G> {
    /// Whose view this is.
    pub seat: Seat,
    /// The position, which hides nothing.
    pub position: G,
}

#[derive(Serialize, Deserialize)]
struct FullViewWire<R> {
    seat: Seat,
    rules: R,
    position: String,
}

impl<G: Game> Serialize for FullView<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        FullViewWire {
            seat: self.seat,
            rules: self.position.rules().clone(),
            position: self.position.format_position(),
        }
        .serialize(serializer)
    }
}

impl<'de, G: Game> Deserialize<'de> for FullView<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = FullViewWire::<G::Rules>::deserialize(deserializer)?;
        crate::RuleSet::validate(&wire.rules).map_err(D::Error::custom)?;
        let position = G::parse_position(&wire.rules, &wire.position).map_err(D::Error::custom)?;
        Ok(FullView { seat: wire.seat, position })
    }
}

impl<G: Game + PartialEq> SeatView for FullView<G> {
    fn seat(&self) -> Seat {
        self.seat
    }
    fn to_move(&self) -> Seat {
        self.position.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }
}

/// Implements [`Observe`] for a perfect-information game (which must also
/// be `PartialEq`), with
/// [`FullView`] as its view.
///
/// ```text
/// game_core::perfect_information!(Stones);
/// ```
#[macro_export]
macro_rules! perfect_information {
    ($game:ty) => {
        impl $crate::Observe for $game {
            type View = $crate::FullView<$game>;
            fn view(&self, seat: $crate::Seat) -> Self::View {
                $crate::FullView { seat, position: self.clone() }
            }
            fn sample(view: &Self::View, _rng: &mut $crate::rng::GameRng) -> Self {
                view.position.clone()
            }
        }
    };
}
