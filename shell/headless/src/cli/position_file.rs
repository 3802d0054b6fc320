//! `--position FILE`: a position in the game's text form, read from a file
//! of at most [`crate::files::MAX_FILE_BYTES`].

use crate::failure::Failure;
use game_core::Game;
use std::path::Path;

/// The position in `path` under `rules`; a file that cannot be read or
/// does not hold a position is bad input (exit 2), said with its path.
pub fn read<G: Game>(rules: &G::Rules, path: &Path) -> Result<G, Failure> {
    let text = crate::files::read_text_capped(path, crate::files::MAX_FILE_BYTES)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    G::parse_position(rules, &text)
        .map_err(|e| Failure::usage(format!("bad position in {}: {e}", path.display())))
}
