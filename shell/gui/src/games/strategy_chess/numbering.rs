//! Rank labels in the player's chosen numbering.

use headless::settings::RankNumbering;
use strategy_chess::Rank;

/// The short label of a rank on a piece: `1`..`9` (classic, 1 = Marshal)
/// or `10`..`2` (modern, 10 = Marshal); `S`, `B` and `F` in both.
pub fn rank_label(rank: Rank, numbering: RankNumbering) -> String {
    match (rank, numbering) {
        (Rank::Spy | Rank::Bomb | Rank::Flag, _) => rank.token().to_string(),
        (_, RankNumbering::Classic) => {
            rank.classic_number().map_or_else(|| rank.token().to_string(), |n| n.to_string())
        }
        (_, RankNumbering::Modern) => {
            rank.modern_number().map_or_else(|| rank.token().to_string(), |n| n.to_string())
        }
    }
}

/// The label with the rank's name, for panels: `1 Marshal`, `B Bomb`.
pub fn rank_caption(rank: Rank, numbering: RankNumbering) -> String {
    format!("{} {rank}", rank_label(rank, numbering))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_numberings_label_every_rank() {
        assert_eq!(rank_label(Rank::Marshal, RankNumbering::Classic), "1");
        assert_eq!(rank_label(Rank::Marshal, RankNumbering::Modern), "10");
        assert_eq!(rank_label(Rank::Scout, RankNumbering::Classic), "9");
        assert_eq!(rank_label(Rank::Scout, RankNumbering::Modern), "2");
        assert_eq!(rank_label(Rank::Spy, RankNumbering::Modern), "S");
        assert_eq!(rank_label(Rank::Bomb, RankNumbering::Classic), "B");
        assert_eq!(rank_caption(Rank::Flag, RankNumbering::Modern), "F Flag");
        let classic: std::collections::HashSet<String> =
            Rank::ALL.iter().map(|&r| rank_label(r, RankNumbering::Classic)).collect();
        let modern: std::collections::HashSet<String> =
            Rank::ALL.iter().map(|&r| rank_label(r, RankNumbering::Modern)).collect();
        assert_eq!((classic.len(), modern.len()), (12, 12), "labels tell every rank apart");
    }
}
