//! The stones rules engine. Not implemented yet: see its issue.
