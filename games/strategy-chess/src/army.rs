//! The `army` rule option: how many pieces of each rank a side has.
//!
//! # In TOML and with `--set`
//! - `army = "classic"` (the default, 40 pieces) or `army = "barrage"` (8:
//!   Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb);
//! - or a table of counts by rank name, on top of an optional `base`
//!   preset: `army = { base = "classic", scout = 4, bomb = 4 }`. Without a
//!   `base`, every rank not listed has count 0:
//!   `army = { flag = 1, marshal = 1, scout = 3 }`.
//! - `--set army.scout=4` changes one count of the current army; `--set
//!   army=barrage` picks a preset.
//!
//! The army is always written out as a table (`{ base = "classic" }` plus the
//! counts that differ from the base), so that dotted `--set` keys always
//! reach into it. The rank names are `marshal`, `general`, `colonel`,
//! `major`, `captain`, `lieutenant`, `sergeant`, `miner`, `scout`, `spy`,
//! `bomb`, `flag`.
//!
//! A valid army has exactly one Flag, at most 40 pieces (a setup's four rows)
//! and at least one piece that can move.

use crate::rank::{RANK_COUNT, Rank};
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The most pieces an army may have: the 40 squares of a setup.
pub const MAX_ARMY: usize = 40;

/// Counts of pieces by rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Army {
    counts: [u8; RANK_COUNT],
}

/// The named armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// The 40 pieces of the classic game.
    Classic,
    /// The 8 pieces of Barrage.
    Barrage,
}

impl Preset {
    /// Both presets.
    pub const ALL: [Preset; 2] = [Preset::Classic, Preset::Barrage];

    /// The name used in TOML: `classic` or `barrage`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Barrage => "barrage",
        }
    }

    /// The preset called `name`.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The preset's army.
    pub const fn army(self) -> Army {
        match self {
            Preset::Classic => Army::CLASSIC,
            Preset::Barrage => Army::BARRAGE,
        }
    }
}

/// What is wrong with an army.
pub const ARMY_ALLOWED: &str = "\"classic\", \"barrage\", or counts by rank name (marshal, general, colonel, \
major, captain, lieutenant, sergeant, miner, scout, spy, bomb, flag) on top of an optional base preset, \
e.g. army.scout=4; exactly one flag, at most 40 pieces, at least one movable piece";

impl Army {
    /// The classic 40: 1 Marshal, 1 General, 2 Colonels, 3 Majors, 4
    /// Captains, 4 Lieutenants, 4 Sergeants, 5 Miners, 8 Scouts, 1 Spy, 6
    /// Bombs, 1 Flag.
    pub const CLASSIC: Army = Army { counts: [1, 1, 2, 3, 4, 4, 4, 5, 8, 1, 6, 1] };

    /// Barrage: Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb.
    pub const BARRAGE: Army = Army { counts: [1, 1, 0, 0, 0, 0, 0, 1, 2, 1, 1, 1] };

    /// No pieces at all; build on it with [`Army::with`].
    pub const EMPTY: Army = Army { counts: [0; RANK_COUNT] };

    /// An army with these counts, indexed like [`Rank::ALL`]. Not
    /// validated: see [`Army::problems`].
    pub const fn from_counts(counts: [u8; RANK_COUNT]) -> Army {
        Army { counts }
    }

    /// The counts, indexed like [`Rank::ALL`].
    pub const fn counts(&self) -> [u8; RANK_COUNT] {
        self.counts
    }

    /// How many pieces of `rank`.
    pub const fn count(&self, rank: Rank) -> u8 {
        self.counts[rank.index()]
    }

    /// This army with `count` pieces of `rank`.
    pub const fn with(mut self, rank: Rank, count: u8) -> Army {
        self.counts[rank.index()] = count;
        self
    }

    /// How many pieces in all.
    pub fn total(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    /// The preset this army equals, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.army() == *self)
    }

    /// Every problem that keeps this army from being played, in words.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.count(Rank::Flag) != 1 {
            problems.push(format!("an army has exactly one flag, not {}", self.count(Rank::Flag)));
        }
        if self.total() > MAX_ARMY {
            problems.push(format!("{} pieces do not fit in the 40 squares of a setup", self.total()));
        }
        if !Rank::ALL.iter().any(|&r| r.can_move() && self.count(r) > 0) {
            problems.push("an army needs at least one piece that can move".into());
        }
        problems
    }

    /// Every rank with its count, strongest first.
    pub fn iter(&self) -> impl Iterator<Item = (Rank, u8)> + '_ {
        Rank::ALL.into_iter().map(|r| (r, self.count(r)))
    }

    /// The preset to write this army against: the one with the fewest
    /// differing counts.
    fn nearest_preset(&self) -> Preset {
        let differences =
            |p: Preset| Rank::ALL.iter().filter(|&&r| p.army().count(r) != self.count(r)).count();
        if differences(Preset::Barrage) < differences(Preset::Classic) {
            Preset::Barrage
        } else {
            Preset::Classic
        }
    }
}

impl Default for Army {
    fn default() -> Self {
        Army::CLASSIC
    }
}

impl fmt::Display for Army {
    /// `classic`, `barrage`, or the counts: `flag=1 marshal=1 scout=3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(preset) = self.preset() {
            return f.write_str(preset.name());
        }
        let parts: Vec<String> =
            self.iter().filter(|&(_, c)| c > 0).map(|(r, c)| format!("{}={c}", r.key())).collect();
        f.write_str(&parts.join(" "))
    }
}

impl Serialize for Army {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let base = self.nearest_preset();
        let changed: Vec<(Rank, u8)> = self.iter().filter(|&(r, c)| base.army().count(r) != c).collect();
        let mut map = serializer.serialize_map(Some(1 + changed.len()))?;
        map.serialize_entry("base", base.name())?;
        for (rank, count) in changed {
            map.serialize_entry(rank.key(), &count)?;
        }
        map.end()
    }
}

#[derive(Clone, Copy)]
struct ArmyVisitor;

impl<'de> Visitor<'de> for ArmyVisitor {
    type Value = Army;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(ARMY_ALLOWED)
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Army, E> {
        Preset::from_name(name)
            .map(Preset::army)
            .ok_or_else(|| E::custom(format!("unknown army `{name}`: expected classic or barrage")))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Army, A::Error> {
        let mut base: Option<Army> = None;
        let mut counts: [Option<u8>; RANK_COUNT] = [None; RANK_COUNT];
        while let Some(key) = map.next_key::<String>()? {
            if key == "base" {
                let name: String = map.next_value()?;
                base = Some(self.visit_str::<A::Error>(&name)?);
            } else if let Some(rank) = Rank::from_key(&key) {
                let count: i64 = map.next_value()?;
                let count = u8::try_from(count)
                    .ok()
                    .filter(|&c| c as usize <= MAX_ARMY)
                    .ok_or_else(|| de::Error::custom(format!("{key} = {count}: a count is 0..=40")))?;
                counts[rank.index()] = Some(count);
            } else {
                return Err(de::Error::custom(format!(
                    "unknown army key `{key}`: expected base or a rank name (marshal .. flag)"
                )));
            }
        }
        let mut army = base.unwrap_or(Army::EMPTY);
        for rank in Rank::ALL {
            if let Some(count) = counts[rank.index()] {
                army = army.with(rank, count);
            }
        }
        Ok(army)
    }
}

impl<'de> Deserialize<'de> for Army {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ArmyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Holder {
        army: Army,
    }

    fn read(text: &str) -> Result<Army, String> {
        toml::from_str::<Holder>(text).map(|h| h.army).map_err(|e| e.to_string())
    }

    #[test]
    fn presets_are_valid_and_sized() {
        assert_eq!(Army::CLASSIC.total(), 40);
        assert_eq!(Army::BARRAGE.total(), 8);
        assert!(Army::CLASSIC.problems().is_empty());
        assert!(Army::BARRAGE.problems().is_empty());
        assert_eq!(Army::CLASSIC.to_string(), "classic");
    }

    #[test]
    fn toml_forms_read() {
        assert_eq!(read("army = \"barrage\"").unwrap(), Army::BARRAGE);
        assert_eq!(
            read("army = { base = \"classic\", scout = 4 }").unwrap(),
            Army::CLASSIC.with(Rank::Scout, 4)
        );
        let custom = read("army = { flag = 1, marshal = 1, scout = 3 }").unwrap();
        assert_eq!(custom.total(), 5);
        assert_eq!(custom.to_string(), "marshal=1 scout=3 flag=1");
        assert!(read("army = \"huge\"").unwrap_err().contains("unknown army"));
        assert!(read("army = { dragon = 1 }").unwrap_err().contains("unknown army key"));
        assert!(read("army = { scout = 99 }").unwrap_err().contains("0..=40"));
        assert!(read("army = { scout = -1 }").is_err());
    }

    #[test]
    fn written_as_a_table_and_read_back() {
        for army in
            [Army::CLASSIC, Army::BARRAGE, Army::CLASSIC.with(Rank::Bomb, 0), Army::EMPTY.with(Rank::Flag, 1)]
        {
            let text = toml::to_string(&Holder { army }).unwrap();
            assert!(text.contains("base"), "{text}");
            assert_eq!(read(&text).unwrap(), army, "{text}");
        }
    }

    #[test]
    fn problems_are_named() {
        assert_eq!(Army::EMPTY.problems().len(), 2);
        let two_flags = Army::CLASSIC.with(Rank::Flag, 2);
        assert!(two_flags.problems()[0].contains("exactly one flag"));
        let too_many = Army::CLASSIC.with(Rank::Scout, 20);
        assert!(too_many.problems()[0].contains("52 pieces"));
        let frozen = Army::EMPTY.with(Rank::Flag, 1).with(Rank::Bomb, 3);
        assert!(frozen.problems()[0].contains("can move"));
    }
}
