//! What the computer's beliefs make of one unknown enemy piece, for the
//! Strategy Chess study examples.

use strategy_chess::Rank;

/// How many armies drawn from `view` with the computer's beliefs hold the
/// piece on `square` at each rank, of [`DRAWS`] drawn with `seed`.
pub fn drawn_counts(
    view: &strategy_chess::StrategyChessView,
    square: strategy_chess::Square,
    seed: u64,
) -> [u32; strategy_chess::rank::RANK_COUNT] {
    let mut rng = game_core::rng::seeded(seed);
    let model = strategy_chess::beliefs::BeliefModel::DEFAULT;
    let mut drawn = [0u32; strategy_chess::rank::RANK_COUNT];
    for _ in 0..DRAWS {
        let army = strategy_chess::sampler::sample_with(view, &model, &mut rng);
        if let Some(piece) = army.piece(square) {
            drawn[piece.rank.index()] += 1;
        }
    }
    drawn
}

/// The armies [`drawn_counts`] draws.
pub const DRAWS: u32 = 400;

/// The ranks the viewer's beliefs give the piece on `square` in the
/// [`DRAWS`] armies [`drawn_counts`] draws, as "Rank count, ...".
pub fn drawn_ranks(
    view: &strategy_chess::StrategyChessView,
    square: strategy_chess::Square,
    seed: u64,
) -> String {
    let drawn = drawn_counts(view, square, seed);
    let odds: Vec<String> = Rank::ALL
        .iter()
        .filter(|r| drawn[r.index()] > 0)
        .map(|r| format!("{r} {}", drawn[r.index()]))
        .collect();
    odds.join(", ")
}
