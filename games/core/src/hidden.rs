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
use std::fmt::Debug;

/// What one seat may know about a game.
pub trait SeatView: Clone + Debug + Send + Sync + 'static {
    /// Whose view this is.
    fn seat(&self) -> Seat;
    /// The seat to move (public in every game).
    fn to_move(&self) -> Seat;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}

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
}

/// The view of a perfect-information game: the whole position, seen from a
/// seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullView<G> {
    /// Whose view this is.
    pub seat: Seat,
    /// The position, which hides nothing.
    pub position: G,
}

impl<G: Game> SeatView for FullView<G> {
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

/// Implements [`Observe`] for a perfect-information game, with
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
