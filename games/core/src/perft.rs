//! Perft: counting move sequences, the standard check of a move generator.

use crate::Game;

/// The number of move sequences of exactly `d` plies from `position`, for
/// each `d` in `1..=depth` (index 0 holds depth 1).
///
/// A position where the game is over has no moves, so a line that ends
/// before ply `d` adds nothing to depth `d`. A free turn is a ply of its
/// own. One walk of the tree fills every depth, with one reused move buffer
/// per ply.
pub fn perft_counts<G: Game>(position: &G, depth: u32) -> Vec<u64> {
    let mut counts = vec![0u64; depth as usize];
    if depth == 0 {
        return counts;
    }
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    walk(position, 0, &mut counts, &mut buffers);
    counts
}

/// The number of move sequences of exactly `depth` plies from `position`.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_counts(position, depth).last().copied().unwrap_or(0)
}

fn walk<G: Game>(position: &G, ply: usize, counts: &mut [u64], buffers: &mut [Vec<G::Move>]) {
    let (here, deeper) = buffers.split_at_mut(1);
    let moves = &mut here[0];
    if ply + 1 == counts.len() {
        // The last ply is only counted (bulk counting).
        counts[ply] += position.count_legal_moves(moves) as u64;
        return;
    }
    position.legal_moves(moves);
    counts[ply] += moves.len() as u64;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        walk(&child, ply + 1, counts, deeper);
    }
}
