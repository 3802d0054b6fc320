//! Toy games for the tests: a small Kalah (banked stores, free turns,
//! captures) and a Nim with hidden information.

#![allow(dead_code)]

pub mod hidden_nim;
pub mod kalah;
