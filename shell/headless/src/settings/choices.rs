//! The named choices a player makes in the settings: each an enum whose
//! values are written in the file by name (`animation_speed = "fast"`).

use serde::{Deserialize, Serialize};

/// An enum of named choices, listed in the order players cycle through them.
pub trait Choice: Copy + PartialEq + Sized + 'static {
    /// Every value, in display order.
    const ALL: &'static [Self];
    /// Every name, in the same order, as written in the settings file.
    const NAMES: &'static [&'static str];

    /// The name written in the settings file.
    fn name(self) -> &'static str {
        let index = Self::ALL.iter().position(|v| *v == self).unwrap_or(0);
        Self::NAMES[index]
    }

    /// The value with this name.
    fn from_name(name: &str) -> Option<Self> {
        Self::NAMES.iter().position(|n| *n == name).map(|i| Self::ALL[i])
    }

    /// The next value, wrapping around.
    fn next(self) -> Self {
        let index = Self::ALL.iter().position(|v| *v == self).unwrap_or(0);
        Self::ALL[(index + 1) % Self::ALL.len()]
    }
}

/// Declares a [`Choice`] enum with serde names.
macro_rules! choice_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)? }
        default $default:ident
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $text)] $variant ),+
        }

        impl Choice for $name {
            const ALL: &'static [Self] = &[$($name::$variant),+];
            const NAMES: &'static [&'static str] = &[$($text),+];
        }

        impl Default for $name {
            fn default() -> Self {
                $name::$default
            }
        }
    };
}

choice_enum! {
    /// How fast moves are animated (the Stones manual's speed setting).
    AnimationSpeed {
        /// Slow enough to follow every stone.
        Slow = "slow",
        /// The usual pace.
        Normal = "normal",
        /// Quick.
        Fast = "fast",
        /// No animation: the result shows at once.
        Instant = "instant",
    }
    default Normal
}

impl AnimationSpeed {
    /// Seconds one animation step (one stone sown, one square flipped)
    /// takes; 0 for instant.
    pub fn step_seconds(self) -> f32 {
        match self {
            AnimationSpeed::Slow => 0.45,
            AnimationSpeed::Normal => 0.22,
            AnimationSpeed::Fast => 0.08,
            AnimationSpeed::Instant => 0.0,
        }
    }
}

choice_enum! {
    /// How Strategy Chess ranks are numbered on screen.
    RankNumbering {
        /// 1 is the Marshal, as in the gadget and the BBS door.
        Classic = "classic",
        /// 10 is the Marshal, 2 the Scout, 1 the Spy.
        Modern = "modern",
    }
    default Classic
}

choice_enum! {
    /// Which way up the board is drawn.
    BoardOrientation {
        /// Your own side at the bottom.
        Standard = "standard",
        /// Turned round: your own side at the top.
        Flipped = "flipped",
    }
    default Standard
}

choice_enum! {
    /// How a game is played: who sits at each seat.
    PlayMode {
        /// You against the computer.
        Computer = "computer",
        /// Two people taking turns at this computer.
        TwoPlayers = "two-players",
        /// The computer plays both sides.
        Demo = "demo",
        /// Host a game for a player on another computer.
        NetworkHost = "network-host",
        /// Join a game hosted on another computer.
        NetworkJoin = "network-join",
    }
    default Computer
}

impl PlayMode {
    /// The modes the setup form's Mode row steps through: all of them
    /// (joining a game greys the rules out: they are the host's).
    pub const IN_FORM: [PlayMode; 5] = [
        PlayMode::Computer,
        PlayMode::TwoPlayers,
        PlayMode::Demo,
        PlayMode::NetworkHost,
        PlayMode::NetworkJoin,
    ];

    /// Whether the game is played over the network.
    pub fn is_network(self) -> bool {
        matches!(self, PlayMode::NetworkHost | PlayMode::NetworkJoin)
    }

    /// Whether the computer plays a seat, so an AI level matters.
    pub fn uses_computer(self) -> bool {
        matches!(self, PlayMode::Computer | PlayMode::Demo)
    }
}

choice_enum! {
    /// Who makes the first move when you play the computer.
    FirstMover {
        /// You take the seat that moves first.
        Human = "human",
        /// The computer takes the seat that moves first.
        Computer = "computer",
        /// Drawn at random when the game starts.
        Random = "random",
    }
    default Human
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_cycle() {
        for speed in AnimationSpeed::ALL {
            assert_eq!(AnimationSpeed::from_name(speed.name()), Some(*speed));
        }
        assert_eq!(PlayMode::TwoPlayers.name(), "two-players");
        assert_eq!(AnimationSpeed::Instant.next(), AnimationSpeed::Slow);
        assert_eq!(FirstMover::from_name("nobody"), None);
    }

    #[test]
    fn serde_uses_the_same_names() {
        let value = toml::Value::try_from(PlayMode::NetworkJoin).unwrap();
        assert_eq!(value, toml::Value::String("network-join".into()));
        let back: RankNumbering = toml::Value::String("modern".into()).try_into().unwrap();
        assert_eq!(back, RankNumbering::Modern);
    }

    #[test]
    fn network_modes_are_told_apart() {
        assert!(PlayMode::NetworkHost.is_network() && PlayMode::NetworkJoin.is_network());
        assert!(PlayMode::IN_FORM.contains(&PlayMode::NetworkJoin));
        assert!(!PlayMode::Demo.is_network() && PlayMode::Demo.uses_computer());
        assert!(!PlayMode::TwoPlayers.uses_computer());
    }
}
