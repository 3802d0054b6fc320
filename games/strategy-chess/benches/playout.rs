//! Benchmarks of Strategy Chess (filled in below).
fn main() {}
