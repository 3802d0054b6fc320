//! The state of a setup being made: the pieces on the home rows, the piece
//! in hand, and what is left in the tray. Pure, so tests drive it.
//!
//! Placing works by clicks (or Enter on the keyboard): click a tray rank
//! to take a piece in hand, then a home square to put it down. Clicking a
//! placed piece lifts it; putting a piece on an occupied square swaps the
//! two (the displaced piece goes where the lifted one came from, or into
//! the hand).

use crate::error::GuiError;
use strategy_chess::setup::{SETUP_COLUMNS, SETUP_ROWS};
use strategy_chess::{Army, Rank, Setup};

/// A piece in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// Its rank.
    pub rank: Rank,
    /// The home square (row, column) it was lifted from; `None` when taken
    /// from the tray.
    pub from: Option<(usize, usize)>,
}

/// A setup in the making for one army.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    army: Army,
    setup: Setup,
    held: Option<Held>,
}

impl Placement {
    /// An empty setup for `army`.
    pub fn new(army: Army) -> Self {
        Placement { army, setup: Setup::empty(), held: None }
    }

    /// The army being placed.
    pub fn army(&self) -> &Army {
        &self.army
    }

    /// The pieces on the home rows (the piece in hand not among them).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The piece in hand.
    pub fn held(&self) -> Option<Held> {
        self.held
    }

    /// How many of `rank` are still in the tray.
    pub fn in_tray(&self, rank: Rank) -> u8 {
        let placed = self.setup.army().count(rank);
        let in_hand = u8::from(self.held.is_some_and(|h| h.rank == rank));
        self.army.count(rank).saturating_sub(placed).saturating_sub(in_hand)
    }

    /// How many pieces are still to place (tray and hand).
    pub fn left_to_place(&self) -> usize {
        self.army.total().saturating_sub(self.setup.army().total())
    }

    /// Whether every piece is placed and nothing is in hand: Play may start.
    pub fn is_complete(&self) -> bool {
        self.held.is_none() && self.setup.check(&self.army).is_ok()
    }

    /// A click on a tray rank: puts back what is in hand, then takes a
    /// `rank` if one is left (clicking the rank in hand just puts it back).
    pub fn click_tray(&mut self, rank: Rank) {
        let had = self.held.map(|h| h.rank);
        self.put_back();
        if had != Some(rank) && self.in_tray(rank) > 0 {
            self.held = Some(Held { rank, from: None });
        }
    }

    /// A click on a home square (row 0 = front, column 0 = the owner's
    /// left). Out-of-range places are ignored.
    pub fn click_home(&mut self, row: usize, column: usize) {
        if row >= SETUP_ROWS || column >= SETUP_COLUMNS {
            return;
        }
        let there = self.setup.get(row, column);
        match self.held.take() {
            None => {
                if let Some(rank) = there {
                    self.setup.set(row, column, None);
                    self.held = Some(Held { rank, from: Some((row, column)) });
                }
            }
            Some(held) => {
                self.setup.set(row, column, Some(held.rank));
                if let Some(displaced) = there {
                    match held
                        .from
                        .filter(|&(r, c)| self.setup.get(r, c).is_none() && (r, c) != (row, column))
                    {
                        Some((r, c)) => self.setup.set(r, c, Some(displaced)),
                        None => self.held = Some(Held { rank: displaced, from: None }),
                    }
                }
            }
        }
    }

    /// Puts the piece in hand back where it came from (or into the tray).
    pub fn put_back(&mut self) {
        if let Some(Held { rank, from: Some((r, c)) }) = self.held
            && self.setup.get(r, c).is_none()
        {
            self.setup.set(r, c, Some(rank));
        }
        self.held = None;
    }

    /// Empties the home rows.
    pub fn clear(&mut self) {
        self.setup = Setup::empty();
        self.held = None;
    }

    /// Replaces the whole setup (1-Click Setup, random, a saved one), if it
    /// holds this army; else says why.
    pub fn replace(&mut self, setup: Setup) -> Result<(), GuiError> {
        setup.check(&self.army).map_err(GuiError::WrongArmy)?;
        self.setup = setup;
        self.held = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strategy_chess::Library;

    #[test]
    fn pieces_go_from_the_tray_to_the_rows_and_swap() {
        let mut p = Placement::new(Army::BARRAGE);
        assert_eq!(p.in_tray(Rank::Scout), 2);
        p.click_tray(Rank::Scout);
        assert_eq!(p.held(), Some(Held { rank: Rank::Scout, from: None }));
        assert_eq!(p.in_tray(Rank::Scout), 1, "the piece in hand left the tray");
        p.click_home(0, 0);
        assert_eq!(p.setup().get(0, 0), Some(Rank::Scout));
        assert_eq!(p.held(), None);
        p.click_tray(Rank::Flag);
        p.click_home(3, 5);
        // Lift the Scout and drop it on the Flag: they swap places.
        p.click_home(0, 0);
        assert_eq!(p.held().map(|h| h.rank), Some(Rank::Scout));
        p.click_home(3, 5);
        assert_eq!((p.setup().get(3, 5), p.setup().get(0, 0)), (Some(Rank::Scout), Some(Rank::Flag)));
        assert_eq!(p.held(), None);
        // A tray piece dropped on a placed one takes its place; the other
        // comes into the hand.
        p.click_tray(Rank::Spy);
        p.click_home(0, 0);
        assert_eq!(p.setup().get(0, 0), Some(Rank::Spy));
        assert_eq!(p.held().map(|h| h.rank), Some(Rank::Flag));
        p.put_back();
        assert_eq!(p.in_tray(Rank::Flag), 1, "a tray piece goes back to the tray");
        // Clicking the rank in hand puts it back; an empty rank cannot be taken.
        p.click_tray(Rank::Marshal);
        p.click_tray(Rank::Marshal);
        assert_eq!(p.held(), None);
        assert_eq!(p.in_tray(Rank::Colonel), 0);
        p.click_tray(Rank::Colonel);
        assert_eq!(p.held(), None);
        p.click_home(9, 9);
        p.click_home(0, 10);
        assert_eq!(p.left_to_place(), 6);
    }

    #[test]
    fn play_waits_for_every_piece() {
        let mut p = Placement::new(Army::BARRAGE);
        let order =
            [Rank::Flag, Rank::Marshal, Rank::General, Rank::Miner, Rank::Scout, Rank::Scout, Rank::Spy];
        for (i, rank) in order.into_iter().enumerate() {
            p.click_tray(rank);
            p.click_home(3, i);
            assert!(!p.is_complete());
        }
        p.click_tray(Rank::Bomb);
        assert!(!p.is_complete(), "the last piece is still in hand");
        p.click_home(2, 0);
        assert!(p.is_complete());
        assert_eq!(p.left_to_place(), 0);
        p.click_home(2, 0);
        assert!(!p.is_complete(), "a lifted piece is not placed");
        p.put_back();
        assert!(p.is_complete(), "and goes back where it was");
        p.clear();
        assert_eq!(p.left_to_place(), 8);
        let classic = Library::builtin().entry(1).unwrap().setup;
        assert!(p.replace(classic).unwrap_err().to_string().contains("does not hold the army"));
        let mut p = Placement::new(Army::CLASSIC);
        p.replace(classic).unwrap();
        assert!(p.is_complete());
    }
}
