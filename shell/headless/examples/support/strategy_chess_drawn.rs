//! What the computer's beliefs make of one unknown enemy piece, for the
//! Strategy Chess study examples.

use strategy_chess::Rank;

/// The ranks the viewer's beliefs give the piece on `square` in 400 armies drawn
/// from `view`, as "Rank count, ...".
pub fn drawn_ranks(
    view: &strategy_chess::StrategyChessView,
    square: strategy_chess::Square,
    seed: u64,
) -> String {
    let mut rng = game_core::rng::seeded(seed);
    let model = strategy_chess::beliefs::BeliefModel::DEFAULT;
    let mut drawn = [0u32; strategy_chess::rank::RANK_COUNT];
    for _ in 0..400 {
        let army = strategy_chess::sampler::sample_with(view, &model, &mut rng);
        if let Some(piece) = army.piece(square) {
            drawn[piece.rank.index()] += 1;
        }
    }
    let odds: Vec<String> = Rank::ALL
        .iter()
        .filter(|r| drawn[r.index()] > 0)
        .map(|r| format!("{r} {}", drawn[r.index()]))
        .collect();
    odds.join(", ")
}
