//! Setups for the computer and the "random" button.
//!
//! A *library* setup is a human one from the library (mirrored half of the
//! time), when the army is the classic 40 the library was made for. A
//! *guarded* setup is a library setup whose Flag has nothing but Bombs
//! next to it: the computer's choice from level 2 up, since a Flag with a
//! movable piece beside it can be reached by a Scout down an open file. A
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

/// The computer's strong setup: a library setup with its Flag bombed in
/// (see the module docs), or any library setup that fits the army if none
/// is guarded, or a plausible one if none fits.
pub fn guarded_setup(army: &Army, rng: &mut GameRng) -> Setup {
    let fitting: Vec<&Setup> = Library::builtin().fitting(army).map(|e| &e.setup).collect();
    let guarded: Vec<&Setup> = fitting.iter().copied().filter(|s| flag_is_bombed_in(s)).collect();
    let pool = if guarded.is_empty() { fitting } else { guarded };
    if pool.is_empty() {
        return plausible_setup(army, rng);
    }
    let setup = *pool[rng.random_range(0..pool.len())];
    if rng.random_bool(0.5) { setup.mirrored() } else { setup }
}

/// Whether every square of the setup next to its Flag holds a Bomb.
pub fn flag_is_bombed_in(setup: &Setup) -> bool {
    (0..SETUP_ROWS).flat_map(|r| (0..SETUP_COLUMNS).map(move |c| (r, c))).any(|(r, c)| {
        setup.get(r, c) == Some(Rank::Flag)
            && [(r + 1, c), (r.wrapping_sub(1), c), (r, c + 1), (r, c.wrapping_sub(1))]
                .into_iter()
                .filter(|&(nr, nc)| nr < SETUP_ROWS && nc < SETUP_COLUMNS)
                .all(|(nr, nc)| setup.get(nr, nc) == Some(Rank::Bomb))
    })
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
    fn guarded_setups_bomb_the_flag_in() {
        let library = Library::builtin();
        let guarded = library.entries().iter().filter(|e| flag_is_bombed_in(&e.setup)).count();
        assert!(guarded >= 10 && guarded < library.entries().len(), "{guarded} guarded");
        // Setup 2's Flag stands in a corner beside two Majors.
        assert!(!flag_is_bombed_in(&library.entry(2).unwrap().setup));
        for seed in 0..20 {
            let setup = guarded_setup(&Army::CLASSIC, &mut seeded(seed));
            assert!(flag_is_bombed_in(&setup));
            assert_eq!(setup.check(&Army::CLASSIC), Ok(()));
            let barrage = guarded_setup(&Army::BARRAGE, &mut seeded(seed));
            assert_eq!(barrage.check(&Army::BARRAGE), Ok(()));
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
