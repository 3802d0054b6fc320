//! The strategy-chess rules engine. Not implemented yet: see its issue.
