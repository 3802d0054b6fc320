//! The generic search AI over game-core. Not implemented yet: see its issue.
