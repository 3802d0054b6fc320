//! Seeds derived from seeds, so every random choice of a decision, a game
//! or a match can be replayed from the one seed it started from.

use game_core::rng::splitmix64;

/// What a derived seed is for; different purposes give unrelated streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Drawing sample `i` of a hidden-information view.
    Sample = 1,
    /// The search of sample `i`.
    Search = 2,
    /// The noise of a weak level's choice.
    Noise = 3,
    /// Game `i` of a match.
    Game = 4,
    /// The move at ply `i` of a game.
    Move = 5,
    /// The setup of seat `i`.
    Setup = 6,
    /// The random opening of a match game.
    Opening = 7,
}

/// A seed for item `index` of `stream`, derived from `seed`.
///
/// ```
/// use ai::seeds::{Stream, derive};
/// assert_eq!(derive(7, Stream::Sample, 3), derive(7, Stream::Sample, 3));
/// assert_ne!(derive(7, Stream::Sample, 3), derive(7, Stream::Search, 3));
/// assert_ne!(derive(7, Stream::Sample, 3), derive(7, Stream::Sample, 4));
/// ```
pub fn derive(seed: u64, stream: Stream, index: u64) -> u64 {
    splitmix64(splitmix64(seed ^ splitmix64(stream as u64)).wrapping_add(index))
}
