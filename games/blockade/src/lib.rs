//! The blockade rules engine. Not implemented yet: see its issue.
