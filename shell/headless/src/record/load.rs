//! Loading a record: replaying every move through the checked rules.
//!
//! A record is trusted only after a [`Referee`] has replayed it from
//! `G::start(rules, setups)`: every move must be legal for the seat to
//! move, the ending and result must follow, and the final position's hash
//! must match. Any problem is named with its line; nothing is written.

use super::error::RecordError;
use super::format::{GameRecord, ParsedRecord, RecordKind, has_setup_phase, seat_name};
use crate::protocol::Ending;
use game_core::{Game, Observe, Referee, RuleSet, Seat};
use std::path::Path;

/// A record that replayed cleanly.
#[derive(Clone, Debug)]
pub struct LoadedRecord<G: Observe> {
    /// The record as read.
    pub record: GameRecord,
    /// The game after every move and the ending: play can continue from
    /// it if it is unfinished.
    pub referee: Referee<G>,
    /// The setups it started from (empty for games without a setup phase).
    pub setups: Vec<G::Setup>,
}

/// Reads `text` as a record of `G` and replays it.
pub fn load<G: Observe>(text: &str) -> Result<LoadedRecord<G>, RecordError> {
    let parsed = GameRecord::from_toml(text)?;
    let (referee, setups) = replay::<G>(&parsed)?;
    Ok(LoadedRecord { record: parsed.record, referee, setups })
}

/// Reads the record file at `path` and replays it. Nothing is written.
pub fn load_file<G: Observe>(path: &Path) -> Result<LoadedRecord<G>, RecordError> {
    load::<G>(&super::saved::read_record_text(path)?)
}

/// The rules of a record, read and validated.
pub fn rules_of<G: Game>(parsed: &ParsedRecord) -> Result<G::Rules, RecordError> {
    let text = toml::to_string(&parsed.record.rules)
        .map_err(|e| RecordError::at(parsed.lines.rules, format!("rules: {e}")))?;
    G::Rules::from_toml(&text).map_err(|e| RecordError::at(parsed.lines.rules, format!("rules: {e}")))
}

/// The setups of a record, one per seat, read as `G`'s setups.
fn setups_of<G: Game>(parsed: &ParsedRecord, seats: usize) -> Result<Vec<G::Setup>, RecordError> {
    let record = &parsed.record;
    let at = parsed.lines.setups;
    if !has_setup_phase::<G>() {
        if record.setups.iter().any(Option::is_some) {
            return Err(RecordError::at(at, format!("{} has no setups: drop [setups]", G::NAME)));
        }
        return Ok(Vec::new());
    }
    (0..seats)
        .map(|i| {
            let seat = Seat(i as u8);
            match record.setups.get(i).cloned().flatten() {
                Some(value) => value
                    .try_into::<G::Setup>()
                    .map_err(|e| RecordError::at(at, format!("setups: {}: {}", seat_name(seat), e.message().trim()))),
                None => Err(RecordError::at(
                    at,
                    match record.kind {
                        RecordKind::Seat(own) if own != seat => format!(
                            "this is a record of what {} saw: without {}'s setup it cannot be replayed to the full position",
                            seat_name(own),
                            seat_name(seat)
                        ),
                        _ => format!("setups: the setup of {} is missing", seat_name(seat)),
                    },
                )),
            }
        })
        .collect()
}

/// Replays a parsed record of `G` through a referee, checking every move,
/// the ending, the result and the final hash.
pub fn replay<G: Observe>(parsed: &ParsedRecord) -> Result<(Referee<G>, Vec<G::Setup>), RecordError> {
    let record = &parsed.record;
    let lines = &parsed.lines;
    if record.game != G::NAME {
        return Err(RecordError::at(
            lines.game,
            format!("this is a record of {}, not {}", record.game, G::NAME),
        ));
    }
    let rules = rules_of::<G>(parsed)?;
    let seats = G::start(&rules, &[]).map(|g| g.seat_count()).unwrap_or(2);
    let setups = setups_of::<G>(parsed, seats)?;
    let start = G::start(&rules, &setups).map_err(|e| RecordError::at(lines.setups, e.to_string()))?;
    let mut referee = Referee::new(start);
    for (i, text) in record.moves.iter().enumerate() {
        let seat = referee.to_move();
        if let Err(e) = referee.submit_text(seat, i, text) {
            return Err(RecordError::at(
                lines.moves.get(i).copied(),
                format!("move {} `{text}` refused: {e}", i + 1),
            ));
        }
    }
    apply_ending(&mut referee, record.ending)
        .map_err(|e| RecordError { line: lines.ending.or(lines.result), ..e })?;
    if referee.outcome() != record.outcome {
        let found = referee.outcome().map_or_else(|| "none".to_string(), |o| o.to_string());
        return Err(RecordError::at(
            lines.result,
            format!("the moves give the result `{found}`, but the record says otherwise"),
        ));
    }
    let hash = referee.position().hash_key();
    match (record.final_hash, record.kind) {
        (Some(h), _) if h != hash => Err(RecordError::at(
            lines.final_hash,
            format!("the replayed position's hash is {hash:016x}, not {h:016x}: the record was changed"),
        )),
        (None, RecordKind::Full) => Err(RecordError::whole("a full record needs `final_hash`")),
        _ => Ok((referee, setups)),
    }
}

/// Ends the replayed game the way the record says it ended. The problem,
/// if any, is of the whole record: the caller names its line.
fn apply_ending<G: Observe>(referee: &mut Referee<G>, ending: Option<Ending>) -> Result<(), RecordError> {
    let by_rules = referee.finish().is_some();
    let result = match ending {
        None if by_rules => {
            return Err(RecordError::whole("the moves end the game, but the record has no ending"));
        }
        None => return Ok(()),
        Some(Ending::Rules) if by_rules => return Ok(()),
        Some(Ending::Rules) => {
            return Err(RecordError::whole(
                "the record says the rules ended the game, but after its moves it goes on",
            ));
        }
        Some(_) if by_rules => return Err(RecordError::whole("the moves already end the game by the rules")),
        Some(Ending::Resigned { seat }) => referee.resign(seat),
        Some(Ending::Abandoned { seat }) => referee.abandon(seat),
        Some(Ending::DrawAgreed) => {
            let to_move = referee.to_move();
            referee.offer_draw(to_move.opponent()).and_then(|()| referee.accept_draw(to_move))
        }
    };
    result.map_err(|e| RecordError::whole(format!("the ending cannot apply: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::full_record;
    use game_core::nim::{Nim, NimRules};

    #[test]
    fn an_ending_that_does_not_follow_is_named_with_its_line() {
        let mut referee = Referee::new(Nim::start(&NimRules::default(), &[]).unwrap());
        referee.submit_text(Seat::FIRST, 0, "3-2").unwrap();
        let text = full_record(&referee, &[], None).unwrap().to_toml().unwrap();
        let text = text.replace("result = \"none\"", "result = \"first +1\"\nending = \"rules\"");
        let line = text.lines().position(|l| l.starts_with("ending")).unwrap() + 1;
        assert_eq!(
            load::<Nim>(&text).unwrap_err().to_string(),
            format!("line {line}: the record says the rules ended the game, but after its moves it goes on")
        );
    }
}
