//! A toy game for the tests: a small Kalah (banked stores, free turns,
//! captures). The hidden-information toy is game-core's Secret Nim
//! (`game_core::nim::secret`, behind its `testing` feature).

#![allow(dead_code)]

pub mod kalah;
