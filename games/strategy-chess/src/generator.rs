//! Setups for the computer and the "random" button.
//!
//! A *strong* setup is a human one from the library (mirrored half of the
//! time), when the army is the classic 40 the library was made for. A
//! *plausible* setup is generated: the Flag on the back row, most Bombs next
//! to it or on the back two rows, everything else shuffled over the rest.

use crate::army::Army;
use crate::library::Library;
use crate::rank::{Colour, Rank};
use crate::setup::{SETUP_COLUMNS, SETUP_ROWS, Setup};
use game_core::rng::GameRng;
use rand::Rng;
use rand::seq::SliceRandom;

/// A setup holding exactly `army` for `colour` (setups read the same for
/// both colours: front row first, left to right as the owner sees it).
pub fn random_setup(army: &Army, colour: Colour, strong: bool, rng: &mut GameRng) -> Setup {
    let _ = colour;
    if strong {
        let fitting: Vec<&Setup> = Library::builtin().fitting(army).map(|e| &e.setup).collect();
        if !fitting.is_empty() {
            let setup = *fitting[rng.random_range(0..fitting.len())];
            return if rng.random_bool(0.5) { setup.mirrored() } else { setup };
        }
    }
    plausible_setup(army, rng)
}

/// A generated setup: Flag on the back row, Bombs mostly around it.
pub fn plausible_setup(army: &Army, rng: &mut GameRng) -> Setup {
    let mut setup = Setup::empty();
    let mut free: Vec<(usize, usize)> =
        (0..SETUP_ROWS).flat_map(|r| (0..SETUP_COLUMNS).map(move |c| (r, c))).collect();
    let take = |free: &mut Vec<(usize, usize)>, place: (usize, usize)| {
        free.retain(|&p| p != place);
        place
    };
    let back = SETUP_ROWS - 1;
    let mut flag = None;
    if army.count(Rank::Flag) > 0 {
        let place = take(&mut free, (back, rng.random_range(0..SETUP_COLUMNS)));
        setup.set(place.0, place.1, Some(Rank::Flag));
        flag = Some(place);
    }
    for _ in 0..army.count(Rank::Bomb) {
        if free.is_empty() {
            break;
        }
        let next_to_flag: Vec<(usize, usize)> = free
            .iter()
            .copied()
            .filter(|&(r, c)| flag.is_some_and(|(fr, fc)| r.abs_diff(fr) + c.abs_diff(fc) == 1))
            .collect();
        let back_rows: Vec<(usize, usize)> =
            free.iter().copied().filter(|&(r, _)| r + 2 >= SETUP_ROWS).collect();
        let pool = if !next_to_flag.is_empty() && rng.random_bool(0.8) {
            next_to_flag
        } else if !back_rows.is_empty() && rng.random_bool(0.7) {
            back_rows
        } else {
            free.clone()
        };
        let place = take(&mut free, pool[rng.random_range(0..pool.len())]);
        setup.set(place.0, place.1, Some(Rank::Bomb));
    }
    free.shuffle(rng);
    let others = Rank::ALL
        .into_iter()
        .filter(|&r| r != Rank::Flag && r != Rank::Bomb)
        .flat_map(|r| std::iter::repeat_n(r, army.count(r) as usize));
    for (rank, (r, c)) in others.zip(free) {
        setup.set(r, c, Some(rank));
    }
    setup
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::rng::seeded;

    #[test]
    fn generated_setups_hold_the_army_with_the_flag_at_the_back() {
        let custom = Army::EMPTY.with(Rank::Flag, 1).with(Rank::Bomb, 2).with(Rank::Scout, 5);
        for army in [Army::CLASSIC, Army::BARRAGE, custom] {
            for seed in 0..30 {
                let setup = plausible_setup(&army, &mut seeded(seed));
                assert_eq!(setup.check(&army), Ok(()));
                let flag_row = (0..SETUP_ROWS)
                    .find(|&r| (0..SETUP_COLUMNS).any(|c| setup.get(r, c) == Some(Rank::Flag)))
                    .unwrap();
                assert_eq!(flag_row, SETUP_ROWS - 1);
            }
        }
    }

    #[test]
    fn strong_setups_come_from_the_library_for_the_classic_army() {
        let library = Library::builtin();
        for seed in 0..10 {
            let setup = random_setup(&Army::CLASSIC, Colour::Red, true, &mut seeded(seed));
            let known = library.entries().iter().any(|e| e.setup == setup || e.setup.mirrored() == setup);
            assert!(known);
            let barrage = random_setup(&Army::BARRAGE, Colour::Blue, true, &mut seeded(seed));
            assert_eq!(barrage.check(&Army::BARRAGE), Ok(()));
        }
    }
}
