//! Saved games in the window: saving a game from its play screen, and
//! opening a saved one in the replay viewer or to play on.
//!
//! Every opening goes through [`headless::record::load()`]: each move is
//! replayed through the rules and the final hash compared, so a changed
//! or broken file is refused with its line and problem before anything
//! is shown.

use super::replay::ReplayScreen;
use crate::context::AppContext;
use crate::play::session::{Session, fixed_start};
use crate::play::{BoardUi, MatchConfig, PlayScreen, SeatKind};
use crate::screen::Screen;
use game_core::{Evaluate, Observe, Seat};
use headless::record::{RecordError, load};
use headless::registry::GameKind;
use headless::settings::{FirstMover, PlayMode};

/// Who plays on when a saved game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayOn {
    /// The person here takes this seat; the computer the other.
    As(Seat),
    /// Two people at this computer.
    TwoPlayers,
}

/// The replay viewer of the record `text` of `game`, drawn with `board`.
pub fn replay_screen<G: Observe + Evaluate, B: BoardUi<G>>(
    text: &str,
    board: B,
    game: GameKind,
) -> Result<Box<dyn Screen>, RecordError> {
    Ok(Box::new(ReplayScreen::<G, B>::from_text(text, board, game)?))
}

/// The play screen of the unfinished game in the record `text`, going on
/// from its last move with the players `how` says. Undo takes back the
/// record's moves too; New game starts again with the same rules (and the
/// same setups).
pub fn play_on_screen<G: Observe + Evaluate, B: BoardUi<G>>(
    text: &str,
    game: GameKind,
    board: B,
    how: PlayOn,
    ctx: &mut AppContext,
) -> Result<Box<dyn Screen>, RecordError> {
    let loaded = load::<G>(text)?;
    if loaded.referee.finish().is_some() {
        return Err(RecordError::whole("this game is over: replay it instead"));
    }
    let entry = game.entry();
    let level = ctx.settings.game(entry.key).map_or(headless::settings::DEFAULT_LEVEL, |g| g.level);
    let (mode, seats, home) = match how {
        PlayOn::As(seat) => {
            let mut seats = [SeatKind::Computer; 2];
            seats[seat.index() & 1] = SeatKind::Human;
            (PlayMode::Computer, seats, seat)
        }
        PlayOn::TwoPlayers => (PlayMode::TwoPlayers, [SeatKind::Human; 2], Seat::FIRST),
    };
    let config =
        MatchConfig { game, mode, level, first: FirstMover::Human, rules: loaded.record.rules.clone() };
    let start = fixed_start::<G>(loaded.referee.rules().clone(), loaded.setups.clone());
    let seed = ctx.next_seed();
    let session = Session::resumed(loaded.referee, loaded.setups, start, seats, home, level, seed);
    Ok(Box::new(PlayScreen::with_session(&config, ctx, board, session)))
}

/// What to do with a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    /// Step through it.
    Replay,
    /// Play on from its last move.
    PlayOn(PlayOn),
}

/// The screen that opens the record `text` of `game`.
pub fn open_record(
    game: GameKind,
    text: &str,
    open: Open,
    ctx: &mut AppContext,
) -> Result<Box<dyn Screen>, RecordError> {
    use crate::games::blockade::BlockadeBoard;
    use crate::games::stones::StonesBoard;
    use crate::games::strategy_chess::play::ChessBoard;
    let prefs = ctx.settings.preferences;
    match (game, open) {
        (GameKind::Stones, Open::Replay) => {
            replay_screen::<stones::Stones, _>(text, StonesBoard::new(), game)
        }
        (GameKind::Stones, Open::PlayOn(how)) => {
            play_on_screen::<stones::Stones, _>(text, game, StonesBoard::new(), how, ctx)
        }
        (GameKind::Blockade, Open::Replay) => {
            replay_screen::<blockade::Blockade, _>(text, BlockadeBoard::new(), game)
        }
        (GameKind::Blockade, Open::PlayOn(how)) => {
            play_on_screen::<blockade::Blockade, _>(text, game, BlockadeBoard::new(), how, ctx)
        }
        (GameKind::StrategyChess, open) => {
            let board = ChessBoard::new(prefs.rank_numbering, prefs.memory_aid, prefs.board_orientation);
            match open {
                Open::Replay => replay_screen::<strategy_chess::StrategyChess, _>(text, board, game),
                Open::PlayOn(how) => {
                    play_on_screen::<strategy_chess::StrategyChess, _>(text, game, board, how, ctx)
                }
            }
        }
        // A game registered for tests only has no screens.
        #[allow(unreachable_patterns)]
        _ => Err(RecordError::whole(format!("{} has no screens in the launcher", game.entry().name))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::StonesBoard;
    use crate::play::StartMaker;
    use crate::play::save::{save_session, seal};
    use game_core::Game;
    use headless::record::RecordKind;
    use headless::record::SavedGames;
    use stones::{Stones, StonesRules};

    fn scratch(name: &str) -> SavedGames {
        let dir = std::env::temp_dir().join(format!("boardsuite-records-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        SavedGames::in_dir(dir)
    }

    fn two_moves_played() -> Session<Stones> {
        let start: StartMaker<Stones> = fixed_start(StonesRules::default(), Vec::new());
        let mut s = Session::local(start, [SeatKind::Human; 2], Seat::FIRST, 3, 9).unwrap();
        for _ in 0..2 {
            let mv = s.legal()[0];
            s.play(mv).unwrap();
        }
        s
    }

    #[test]
    fn a_saved_game_plays_on_from_where_it_stopped_and_undo_reaches_its_moves() {
        let games = scratch("play-on");
        let session = two_moves_played();
        let path = save_session(&session, &games).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let loaded = load::<Stones>(&text).unwrap();
        assert_eq!(loaded.record.kind, RecordKind::Full);
        assert_eq!(loaded.referee.history().len(), session.ply());
        let mut ctx = AppContext::for_tests();
        let screen = play_on_screen::<Stones, _>(
            &text,
            GameKind::Stones,
            StonesBoard::new(),
            PlayOn::As(Seat::SECOND),
            &mut ctx,
        )
        .unwrap();
        assert_eq!(screen.name(), "play stones");
        let _ = std::fs::remove_dir_all(games.dir());
    }

    #[test]
    fn a_seat_record_that_replays_is_sealed_with_its_hash() {
        let session = two_moves_played();
        let mut record = session.record().unwrap();
        let hash = record.final_hash.take();
        record.kind = RecordKind::Seat(Seat::SECOND);
        seal::<Stones>(&mut record);
        assert_eq!(record.final_hash, hash, "the same hash as the full record's");
        let mut broken = record.clone();
        broken.final_hash = None;
        broken.moves.push("not a move".into());
        seal::<Stones>(&mut broken);
        assert_eq!(broken.final_hash, None, "moves that do not replay get no hash");
        let _ = Stones::start(&StonesRules::default(), &[]);
    }
}
