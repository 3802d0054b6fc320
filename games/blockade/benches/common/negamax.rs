//! The alpha-beta search the Blockade speed figures time, shared by the
//! criterion bench and `examples/blockade_speed.rs`.

use blockade::{Blockade, Square};
use game_core::{Evaluate, Game};

/// A plain fail-soft alpha-beta negamax, without move ordering or tables:
/// it measures the engine (generation, play, evaluation), not a search.
/// Every position visited counts as a node, leaves included.
pub fn negamax(
    position: &Blockade,
    depth: usize,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
    buffers: &mut [Vec<Square>],
) -> i32 {
    *nodes += 1;
    let me = position.to_move();
    if let Some(outcome) = position.outcome() {
        return outcome.sign_for(me) * 1_000_000;
    }
    if depth == 0 {
        return position.evaluate(me);
    }
    let (moves, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    position.legal_moves(moves);
    let mut best = i32::MIN + 1;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let value = -negamax(&child, depth - 1, -beta, -alpha, nodes, deeper);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}
