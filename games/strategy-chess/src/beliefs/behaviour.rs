//! What an enemy piece's moves say about its rank.
//!
//! Players move pieces for reasons. A piece that walks up to one of our
//! pieces whose rank it knows usually beats it (or is the Spy, when ours is
//! the Marshal); one that steps away from it usually loses to it; one that
//! stands still while a known piece steps up to it is usually stronger, or
//! cannot move at all. Each such sighting multiplies the weight of the
//! ranks it favours by a likelihood ratio ([`Behaviour`]). Only the enemy's
//! moves are read, and only against our pieces the enemy could know: those
//! revealed in battle or shown to be Scouts by a long move.
//!
//! Bluffs exist, so no sighting rules a rank out, and a piece's total
//! evidence is capped ([`MAX_EVIDENCE`]).

use super::tracks::{PieceId, Tracks};
use crate::combat::{Clash, battle};
use crate::rank::{Colour, RANK_COUNT, Rank};
use crate::rules::BombRule;
use crate::square::Square;

/// The largest ratio between the evidence for two ranks of one piece.
pub const MAX_EVIDENCE: f64 = 400.0;

/// How strongly each kind of sighting counts: the likelihood ratio of the
/// ranks it favours against the others.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Behaviour {
    /// The piece stepped next to a known piece: ranks that beat it (as
    /// the square root for a step to two squares away). With
    /// [`Behaviour::learn_approach`], the ratio before the enemy has shown
    /// how it approaches.
    pub approach: f64,
    /// How many sightings `approach` counts as against the enemy's own:
    /// once pieces that walked up to a known piece of ours are seen in
    /// battle, the ratio moves toward what they showed (players differ:
    /// some walk up only to what they beat, some bluff, some wander). 0
    /// keeps `approach` fixed.
    pub learn_approach: f64,
    /// The same when the known piece is the Marshal: only the Spy beats
    /// it, and nothing else walks up to a Marshal that can strike it.
    pub hunt_marshal: f64,
    /// The piece stepped away from a known piece next to it: ranks that
    /// lose to it.
    pub flee: f64,
    /// A known piece stepped next to it and it did not move away or
    /// strike on its next turn: ranks that beat or equal it, and those
    /// that cannot move.
    pub stand: f64,
    /// Still unmoved: for every enemy turn on which the piece had an empty
    /// square next to it and stayed, the weight of Bomb and Flag grows by
    /// this factor (a piece that could have moved a hundred times and
    /// never did is more likely one that cannot).
    pub idle: f64,
}

impl Behaviour {
    /// No sighting counts.
    pub const NONE: Behaviour =
        Behaviour { approach: 1.0, learn_approach: 0.0, hunt_marshal: 1.0, flee: 1.0, stand: 1.0, idle: 1.0 };
}

/// Whether `rank` striking `known` wins or draws, and whether it wins.
fn outcome(rank: Rank, known: Rank) -> (bool, bool) {
    match battle(rank, known, BombRule::Permanent) {
        Some(Clash::AttackerWins | Clash::FlagCaptured) => (true, true),
        Some(Clash::BothDie) => (true, false),
        _ => (false, false),
    }
}

pub(crate) fn distance(a: Square, b: Square) -> usize {
    a.file().abs_diff(b.file()) + a.row().abs_diff(b.row())
}

/// An enemy piece that came next to (or to two squares of) one of our
/// pieces the enemy knew: which of ours, where it stood, and the rank the
/// enemy knew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Approach {
    piece: PieceId,
    known: Rank,
    next_to: bool,
    ours: PieceId,
    /// The index of our piece's square.
    at: usize,
}

/// The bounds of a learnt approach ratio: an enemy whose pieces walk up
/// to what they lose to (a bluffer) reads below 1.
const APPROACH_RANGE: (f64, f64) = (0.5, 32.0);

/// The approach ratio for this game: [`Behaviour::approach`] as a prior
/// worth [`Behaviour::learn_approach`] sightings, moved by the enemy's
/// pieces that came next to a known piece of ours (other than the
/// Marshal) and have since been seen in battle: how often they beat that
/// piece, against how often the enemy's moved pieces seen in battle do.
fn approach_ratio(
    behaviour: &Behaviour,
    approaches: &[Approach],
    seen: &[Option<Rank>],
    moved: &[bool],
) -> f64 {
    let prior = behaviour.approach;
    if behaviour.learn_approach <= 0.0 {
        return prior;
    }
    let moved_seen: Vec<Rank> = (0..seen.len()).filter(|&p| moved[p]).filter_map(|p| seen[p]).collect();
    let mut distinct: Vec<(PieceId, Rank)> = approaches
        .iter()
        .filter(|a| a.next_to && a.known != Rank::Marshal)
        .map(|a| (a.piece, a.known))
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let (mut count, mut beat, mut base) = (0.0, 0.0, 0.0);
    for (piece, known) in distinct {
        let Some(rank) = seen[piece] else { continue };
        count += 1.0;
        beat += f64::from(u8::from(outcome(rank, known).1));
        let share = moved_seen.iter().filter(|&&r| outcome(r, known).1).count();
        base += share as f64 / moved_seen.len() as f64;
    }
    if count == 0.0 {
        return prior;
    }
    let odds = |p: f64| p / (1.0 - p);
    let base_odds = odds((base / count).clamp(0.02, 0.98));
    let prior_share = prior * base_odds / (1.0 + prior * base_odds);
    let share = (beat + behaviour.learn_approach * prior_share) / (count + behaviour.learn_approach);
    (odds(share.clamp(0.01, 0.99)) / base_odds).clamp(APPROACH_RANGE.0, APPROACH_RANGE.1)
}

/// The evidence for each enemy piece of `tracks` (indexed like
/// `tracks.pieces`; 1 for every rank of the viewer's pieces), from the
/// viewpoint of `viewer`.
pub fn evidence(tracks: &Tracks, viewer: Colour, behaviour: &Behaviour) -> Vec<[f64; RANK_COUNT]> {
    let n = tracks.pieces.len();
    let mut weight = vec![[1.0f64; RANK_COUNT]; n];
    if *behaviour == Behaviour::NONE {
        return weight;
    }
    let mut at: Vec<Option<Square>> = tracks.pieces.iter().map(|p| Some(p.start)).collect();
    // Our pieces the enemy knows, with the rank it knows.
    let mut shown: Vec<Option<Rank>> = vec![None; n];
    // The enemy piece our known piece just stepped next to, waiting for
    // the enemy's answer: (enemy piece, our rank).
    let mut pending: Vec<(PieceId, Rank)> = Vec::new();
    let scale = |w: &mut [f64; RANK_COUNT], favoured: &dyn Fn(Rank) -> bool, ratio: f64| {
        for rank in Rank::ALL {
            if favoured(rank) {
                w[rank.index()] *= ratio;
            }
        }
    };
    let mut idle_turns = vec![0u32; n];
    let mut occupied = [false; crate::square::SQUARES];
    for square in at.iter().flatten() {
        occupied[square.index()] = true;
    }
    let mut moved = vec![false; n];
    let mut approaches: Vec<Approach> = Vec::new();
    // The enemy's ranks seen in battle.
    let mut seen: Vec<Option<Rank>> = vec![None; n];
    for tracked in &tracks.moves {
        let event = tracked.event;
        let mover = tracked.mover;
        if event.colour != viewer && behaviour.idle != 1.0 {
            // Every unmoved enemy piece that could have stepped somewhere and did not.
            for (piece, square) in at.iter().enumerate() {
                if let Some(square) = square
                    && piece != mover
                    && !moved[piece]
                    && tracks.pieces[piece].colour != viewer
                    && square.neighbours().any(|sq| !occupied[sq.index()])
                {
                    idle_turns[piece] += 1;
                }
            }
        }
        moved[mover] = true;
        if event.colour != viewer {
            // The answer to our known piece stepping up: did the piece stand?
            for &(piece, known) in &pending {
                let moved_it = mover == piece;
                if !moved_it && at[piece].is_some() {
                    scale(
                        &mut weight[piece],
                        &|r: Rank| !r.can_move() || outcome(r, known).0,
                        behaviour.stand,
                    );
                }
            }
            pending.clear();
            if event.battle.is_none() {
                for (ours, known) in shown.iter().enumerate().filter_map(|(i, k)| k.map(|k| (i, k))) {
                    let Some(square) = at[ours] else { continue };
                    let (before, after) = (distance(event.from, square), distance(event.to, square));
                    if after < before && after <= 2 {
                        approaches.push(Approach {
                            piece: mover,
                            known,
                            next_to: after == 1,
                            ours,
                            at: square.index(),
                        });
                    } else if after > before && before == 1 {
                        let favoured = |r: Rank| !outcome(r, known).0;
                        scale(&mut weight[mover], &favoured, behaviour.flee);
                    }
                }
            }
        } else if event.battle.is_none()
            && let Some(known) = shown[mover]
        {
            pending = event
                .to
                .neighbours()
                .filter_map(|sq| {
                    let piece = at.iter().position(|&a| a == Some(sq))?;
                    (tracks.pieces[piece].colour != viewer).then_some((piece, known))
                })
                .collect();
        }
        // Move the pieces on.
        occupied[event.from.index()] = false;
        match event.battle {
            None => {
                at[mover] = Some(event.to);
                occupied[event.to.index()] = true;
            }
            Some(fight) => {
                let struck = tracked.struck;
                if fight.clash.attacker_survives() {
                    at[mover] = Some(event.to);
                    if let Some(s) = struck {
                        at[s] = None;
                    }
                } else {
                    at[mover] = None;
                    if !fight.clash.defender_survives()
                        && let Some(s) = struck
                    {
                        at[s] = None;
                    }
                }
                occupied[event.to.index()] =
                    fight.clash.attacker_survives() || fight.clash.defender_survives();
                for (piece, rank) in [(Some(mover), fight.attacker), (struck, fight.defender)] {
                    let Some(p) = piece else { continue };
                    if tracks.pieces[p].colour == viewer {
                        shown[p] = Some(rank);
                    } else {
                        seen[p] = Some(rank);
                    }
                }
            }
        }
        if tracks.pieces[mover].colour == viewer && event.from.line_to(event.to).is_some_and(|(_, d)| d > 1) {
            shown[mover].get_or_insert(Rank::Scout);
        }
    }
    let learned = approach_ratio(behaviour, &approaches, &seen, &moved);
    // A piece that steps away from our piece and back counts once: only
    // following ours to a new square counts again (a chase). Stepping to
    // and fro beside a piece says less than walking after it.
    approaches.sort_unstable();
    approaches.dedup();
    for sighting in &approaches {
        // Two steps away counts as half a sighting (the square root).
        let ratio = if sighting.known == Rank::Marshal { behaviour.hunt_marshal } else { learned };
        let ratio = if sighting.next_to { ratio } else { ratio.sqrt() };
        let favoured = |r: Rank| outcome(r, sighting.known).1;
        scale(&mut weight[sighting.piece], &favoured, ratio);
    }
    for (piece, turns) in idle_turns.iter().enumerate() {
        if *turns > 0 {
            let boost = behaviour.idle.powf(f64::from(*turns)).min(MAX_EVIDENCE);
            weight[piece][Rank::Bomb.index()] *= boost;
            weight[piece][Rank::Flag.index()] *= boost;
        }
    }
    for w in &mut weight {
        let top = w.iter().copied().fold(f64::MIN, f64::max);
        for v in w.iter_mut() {
            *v = (*v / top).max(1.0 / MAX_EVIDENCE);
        }
    }
    weight
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StrategyChess;
    use crate::rules::StrategyChessRules;
    use game_core::{Game, Observe, Seat};

    /// Red's Marshal strikes a Blue Scout and stands revealed; a Blue piece
    /// next to it steps away, and another walks up to it.
    #[test]
    fn walking_up_to_the_marshal_looks_like_the_spy() {
        let text = "\
. . . . bF . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . bS . . . .
. . ~ ~ b6 . ~ ~ . .
. . ~ ~ b9 . ~ ~ . .
. . . . r1 . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . rF . . . . .
to_move: red
";
        let mut game = StrategyChess::parse_position(&StrategyChessRules::default(), text).unwrap();
        for mv in ["e4xe5", "e6-e7", "e5-f5", "f7-f6"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv);
        }
        let view = game.view(Seat::FIRST);
        let tracks = Tracks::of(&view);
        let behaviour = Behaviour {
            approach: 2.0,
            learn_approach: 0.0,
            hunt_marshal: 4.0,
            flee: 3.0,
            stand: 2.0,
            idle: 1.0,
        };
        let weight = evidence(&tracks, Colour::Red, &behaviour);
        let piece = |name: &str| tracks.piece_on(Square::parse(name).unwrap()).unwrap();
        let (walker, leaver) = (weight[piece("f6")], weight[piece("e7")]);
        let ratio = |w: [f64; RANK_COUNT], a: Rank, b: Rank| w[a.index()] / w[b.index()];
        assert!((ratio(walker, Rank::Spy, Rank::Major) - 4.0).abs() < 1e-9, "{walker:?}");
        assert!((ratio(leaver, Rank::Major, Rank::Spy) - 3.0).abs() < 1e-9, "{leaver:?}");
        assert_eq!(ratio(leaver, Rank::Major, Rank::Scout), 1.0, "both lose to the Marshal");
        let none = evidence(&tracks, Colour::Red, &Behaviour::NONE);
        assert!(none.iter().flatten().all(|&w| w == 1.0));
    }

    /// Pieces of `ranks` came next to our known Captain and were seen
    /// later; the enemy's other moved pieces seen were five Majors and five
    /// Scouts.
    fn approached_captain(ranks: &[Rank]) -> f64 {
        let behaviour = Behaviour { approach: 4.0, learn_approach: 8.0, ..Behaviour::NONE };
        let walkers = ranks.len();
        let approaches: Vec<Approach> = (0..walkers)
            .map(|piece| Approach { piece, known: Rank::Captain, next_to: true, ours: 99, at: 0 })
            .collect();
        let mut seen: Vec<Option<Rank>> = ranks.iter().copied().map(Some).collect();
        seen.extend([Some(Rank::Major); 5]);
        seen.extend([Some(Rank::Scout); 5]);
        let moved = vec![true; seen.len()];
        approach_ratio(&behaviour, &approaches, &seen, &moved)
    }

    #[test]
    fn the_approach_ratio_follows_what_the_enemy_showed() {
        let behaviour = Behaviour { approach: 4.0, learn_approach: 8.0, ..Behaviour::NONE };
        assert_eq!(approach_ratio(&behaviour, &[], &[], &[]), 4.0, "nothing seen: the prior");
        let fixed = Behaviour { learn_approach: 0.0, ..behaviour };
        let one = [Approach { piece: 0, known: Rank::Captain, next_to: true, ours: 1, at: 0 }];
        assert_eq!(approach_ratio(&fixed, &one, &[Some(Rank::Sergeant)], &[true]), 4.0, "not learning");
        // Walkers that all beat the Captain.
        let strong = approached_captain(&[Rank::Major; 10]);
        // Walkers as strong as any moved piece: half beat the Captain, half do not.
        let even = approached_captain(&[[Rank::Major, Rank::Sergeant]; 5].concat());
        // Walkers that all lose to it: a bluffer.
        let bluff = approached_captain(&[Rank::Sergeant; 20]);
        assert!(strong > 8.0, "{strong}");
        assert!(even < 4.0 && even > 1.0, "{even}");
        assert!(bluff < 1.0, "{bluff}");
    }
}
