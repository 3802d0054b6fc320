//! Blockade's rule options: board size, neighbourhood, start pattern, the
//! three thresholds and the square values.

use game_core::RuleSet;
use game_core::rules::{Allowed, RuleErrors, RuleField, push_error, validate_fields};
use serde::{Deserialize, Serialize};

/// The smallest board.
pub const MIN_SIZE: u8 = 5;
/// The largest board: 11x11 squares fill 121 bits of a `u128`.
pub const MAX_SIZE: u8 = 11;
/// The smallest board the `wide` start pattern fits on without touching an
/// edge.
pub const WIDE_MIN_SIZE: u8 = 6;

/// Which squares count as neighbours.
///
/// It decides both where a stone may be placed and which squares the
/// capture, claim and overcrowd rules count. Written `4` or `8` in the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Neighbourhood {
    /// The 4 orthogonal neighbours (`neighbourhood = 4`).
    ///
    /// Beware: a square's orthogonal neighbours never touch each other, so
    /// a stone opens new moves only where the other colour already stands.
    /// From the compact start patterns the game stays where it began: with
    /// the default thresholds, `centre` always ends after its 5 first
    /// squares are filled, and `wide` within about 8 moves. The `grid`
    /// start spreads stones over the board and gives a longer game.
    Orthogonal,
    /// All 8 surrounding squares, diagonals included (`neighbourhood = 8`,
    /// the default and the original's rule).
    #[default]
    Surrounding,
}

impl Neighbourhood {
    /// How many neighbours an interior square has: 4 or 8.
    pub const fn count(self) -> u8 {
        match self {
            Neighbourhood::Orthogonal => 4,
            Neighbourhood::Surrounding => 8,
        }
    }
}

impl From<Neighbourhood> for u8 {
    fn from(n: Neighbourhood) -> u8 {
        n.count()
    }
}

impl TryFrom<u8> for Neighbourhood {
    type Error = String;

    fn try_from(n: u8) -> Result<Self, String> {
        match n {
            4 => Ok(Neighbourhood::Orthogonal),
            8 => Ok(Neighbourhood::Surrounding),
            other => Err(format!("a neighbourhood is 4 or 8 squares, not {other}")),
        }
    }
}

/// The stones on the board when the game starts.
///
/// A move must touch stones of both colours, so the board never starts
/// empty. With `h = size / 2` and 0-based (file, rank) coordinates:
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StartPattern {
    /// `start = "centre"` (default), as PRODUCT.md defines it.
    ///
    /// - 8-neighbourhood: a checkered 2x2 block on files and ranks `h-1`
    ///   and `h`, Player One on `(h-1, h-1)` and `(h, h)`. On 8x8: d4 and
    ///   e5 for Player One, d5 and e4 for Player Two. 8 first moves.
    /// - 4-neighbourhood (where a checkered block has no legal move): a
    ///   diamond around the empty square `(h, h)`, Player One directly
    ///   above and below it, Player Two left and right. On 8x8: e4 and e6
    ///   for Player One, d5 and f5 for Player Two. 5 first moves.
    #[default]
    Centre,
    /// `start = "wide"`: the centre pattern spread over the 4x4 box of
    /// files and ranks `h-2..=h+1`, which contains it. More choice early
    /// on; needs `size >= 6` so that the box stays off the edges.
    ///
    /// - 8-neighbourhood: the whole box, checkered, Player One where
    ///   `file + rank` is even (as in the centre block). On 8x8 the block
    ///   c3..f6, Player One on c3, e3, d4, f4, ... 16 first moves: every
    ///   square beside the box but not diagonally off its corners.
    /// - 4-neighbourhood: every other square of the box, the ones where
    ///   `file + rank` is odd, Player One where `rank - h` is odd, Player
    ///   Two where it is even (as in the diamond, which it contains). Each
    ///   empty square of the box then has Player One above or below and
    ///   Player Two beside it: 8 first moves.
    ///
    /// Each player starts with the same number of stones, none on an edge.
    Wide,
    /// `start = "grid"`: stones spread over the whole board. The most
    /// choice early on, and the pattern that keeps a 4-neighbourhood game
    /// going (see [`Neighbourhood::Orthogonal`]).
    ///
    /// A stone on every square whose file and rank are both odd (b2, b4,
    /// d2, ...) and not on an edge, checkered along the grid with Player
    /// One on b2. When the grid has an odd number of points a side (sizes
    /// 7, 8 and 11), its middle point stays empty so that both players
    /// start with as many stones. On even sizes the grid sits one square
    /// nearer file a and rank 1 than the far edges. On 8x8: Player One on
    /// b2, f2, b6 and f6, Player Two on d2, b4, f4 and d6; 20 first moves
    /// (8 under the 4-neighbourhood).
    Grid,
}

impl StartPattern {
    /// The name used in the rules TOML.
    pub const fn name(self) -> &'static str {
        match self {
            StartPattern::Centre => "centre",
            StartPattern::Wide => "wide",
            StartPattern::Grid => "grid",
        }
    }
}

/// Blockade's rule options, as in the rules TOML and `--set key=value`.
///
/// Every threshold counts the mover's stones around a square, on the board
/// right after the new stone is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlockadeRules {
    /// The board is `size` x `size` squares, 5..=11 (default 8).
    pub size: u8,
    /// Which squares are neighbours: 8 (default) or 4.
    pub neighbourhood: Neighbourhood,
    /// The start pattern: `centre` (default), `wide` or `grid`.
    pub start: StartPattern,
    /// Capture: an enemy stone next to the placed stone with at least this
    /// many of the mover's stones around it becomes the mover's. 1..=8,
    /// 0 = off (default 3).
    pub capture: u8,
    /// Claim: an empty square next to the placed stone with at least this
    /// many of the mover's stones around it gets a stone of the mover's.
    /// 1..=8, 0 = off (default 3).
    pub claim: u8,
    /// Overcrowd: one of the mover's own stones next to the placed stone
    /// with at least this many of the mover's stones around it turns into
    /// the opponent's. 1..=8, 0 = off (default 4).
    pub overcrowd: u8,
    /// What a stone on a corner square scores, 1..=20 (default 9).
    pub corner_value: u8,
    /// What a stone on an edge square (not a corner) scores, 1..=20
    /// (default 3). Every other square scores 1.
    pub edge_value: u8,
}

impl Default for BlockadeRules {
    fn default() -> Self {
        BlockadeRules {
            size: 8,
            neighbourhood: Neighbourhood::Surrounding,
            start: StartPattern::Centre,
            capture: 3,
            claim: 3,
            overcrowd: 4,
            corner_value: 9,
            edge_value: 3,
        }
    }
}

const START_ALLOWED: &str = "centre, grid, or wide on a board of size 6 or more";

impl RuleSet for BlockadeRules {
    fn fields() -> &'static [RuleField] {
        const THRESHOLD: Allowed = Allowed::RangeOrOff { min: 1, max: 8 };
        const VALUE: Allowed = Allowed::Range { min: 1, max: 20 };
        const FIELDS: &[RuleField] = &[
            RuleField {
                key: "size",
                allowed: Allowed::Range { min: MIN_SIZE as i64, max: MAX_SIZE as i64 },
                help: "The board is size x size squares.",
            },
            RuleField {
                key: "neighbourhood",
                allowed: Allowed::Described("4 (orthogonal) or 8 (with diagonals)"),
                help: "Neighbours: the 8 surrounding squares, or the 4 orthogonal ones.",
            },
            RuleField {
                key: "start",
                allowed: Allowed::OneOf(&["centre", "wide", "grid"]),
                help: "The start pattern: a small block in the centre, a wide block with more first moves, or a grid over the whole board.",
            },
            RuleField {
                key: "capture",
                allowed: THRESHOLD,
                help: "An enemy stone next to your move with at least this many of yours around it becomes yours.",
            },
            RuleField {
                key: "claim",
                allowed: THRESHOLD,
                help: "An empty square next to your move with at least this many of yours around it becomes yours.",
            },
            RuleField {
                key: "overcrowd",
                allowed: THRESHOLD,
                help: "One of your stones next to your move with at least this many of yours around it becomes the opponent's.",
            },
            RuleField { key: "corner_value", allowed: VALUE, help: "Points for a stone on a corner square." },
            RuleField {
                key: "edge_value",
                allowed: VALUE,
                help: "Points for a stone on an edge square; other squares score 1.",
            },
        ];
        FIELDS
    }

    fn validate(&self) -> Result<(), RuleErrors> {
        let mut errors = validate_fields(self).err().map(|e| e.0).unwrap_or_default();
        if self.start == StartPattern::Wide && self.size < WIDE_MIN_SIZE {
            push_error(
                &mut errors,
                "start",
                format!("wide does not fit on a {0}x{0} board", self.size),
                START_ALLOWED,
            );
        }
        if errors.is_empty() { Ok(()) } else { Err(RuleErrors(errors)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_original_game() {
        let rules = BlockadeRules::default();
        assert_eq!(rules.validate(), Ok(()));
        assert_eq!(BlockadeRules::from_toml("").unwrap(), rules);
        assert_eq!(rules.summary(), "defaults");
        let text = rules.to_toml();
        assert!(text.contains("neighbourhood = 8"), "{text}");
        assert!(text.contains("start = \"centre\""), "{text}");
        assert_eq!(BlockadeRules::from_toml(&text).unwrap(), rules);
    }

    #[test]
    fn settings_reach_every_option() {
        let rules = BlockadeRules::default()
            .with_settings(&[
                "size=11",
                "neighbourhood=4",
                "start=wide",
                "capture=0",
                "claim=8",
                "overcrowd=1",
                "corner_value=20",
                "edge_value=1",
            ])
            .unwrap();
        assert_eq!(
            rules,
            BlockadeRules {
                size: 11,
                neighbourhood: Neighbourhood::Orthogonal,
                start: StartPattern::Wide,
                capture: 0,
                claim: 8,
                overcrowd: 1,
                corner_value: 20,
                edge_value: 1,
            }
        );
        assert_eq!(
            rules.summary(),
            "size=11 neighbourhood=4 start=wide capture=0 claim=8 overcrowd=1 corner_value=20 edge_value=1"
        );
    }

    #[test]
    fn bad_values_name_their_key_and_range() {
        let err = BlockadeRules::default()
            .with_settings(&["size=12", "capture=9", "edge_value=0", "corner_value=21"])
            .unwrap_err();
        assert_eq!(err.keys(), vec!["size", "capture", "corner_value", "edge_value"]);
        let text = err.to_string();
        assert!(text.contains("size: 12 is not allowed (allowed: an integer 5..=11)"), "{text}");
        assert!(text.contains("capture: 9 is not allowed (allowed: 0 (off) or an integer 1..=8)"), "{text}");

        let err = BlockadeRules::default().with_settings(&["neighbourhood=6"]).unwrap_err();
        assert_eq!(err.keys(), vec!["neighbourhood"]);
        assert!(err.to_string().contains("4 (orthogonal) or 8"), "{err}");

        let err = BlockadeRules::default().with_settings(&["start=corners", "size=300"]).unwrap_err();
        assert_eq!(err.keys(), vec!["size", "start"]);
        assert!(err.to_string().contains("one of centre, wide, grid"), "{err}");

        let err = BlockadeRules::default().with_settings(&["claim=-1"]).unwrap_err();
        assert_eq!(err.keys(), vec!["claim"]);
        let err = BlockadeRules::default().with_settings(&["colour=red"]).unwrap_err();
        assert_eq!(err.keys(), vec!["colour"]);
    }

    #[test]
    fn wide_needs_room() {
        let err = BlockadeRules::default().with_settings(&["start=wide", "size=5"]).unwrap_err();
        assert_eq!(err.keys(), vec!["start"]);
        assert!(err.to_string().contains("board of size 6 or more"), "{err}");
        assert!(BlockadeRules::default().with_settings(&["start=wide", "size=6"]).is_ok());
    }
}
