//! Save, load and replay: game records as TOML.
//!
//! - [`format`]: the record text and [`GameRecord`], independent of the game.
//! - [`load`]: replays a record through a referee, checking every move and
//!   the final hash; errors name the line.
//! - [`save`]: the referee's full record, and files written safely (a
//!   temporary file renamed into place, the old one kept as `.bak`).
//! - [`seat_log`]: a network client's record of what its seat saw.
//! - [`replay`]: a cursor stepping forward and back, for the replay viewer.
//!
//! ```
//! use game_core::nim::{Nim, NimRules};
//! use game_core::{Game, Referee, Seat};
//! use headless::record::{ReplayCursor, full_record, load};
//!
//! let mut referee = Referee::new(Nim::start(&NimRules::default(), &[]).unwrap());
//! referee.submit_text(Seat::FIRST, 0, "3-2").unwrap();
//! let text = full_record(&referee, &[], Some(7)).unwrap().to_toml().unwrap();
//! let loaded = load::<Nim>(&text).unwrap();
//! assert_eq!(loaded.referee.position(), referee.position());
//! let mut cursor = ReplayCursor::new(&loaded.referee);
//! assert!(cursor.forward());
//! assert_eq!(cursor.last_move().unwrap().notation, "3-2");
//! ```

pub mod error;
pub mod format;
pub mod load;
pub mod replay;
pub mod save;
pub mod saved;
pub mod seat_log;

pub use error::RecordError;
pub use format::{GameRecord, ParsedRecord, RECORD_FORMAT, RecordKind, has_setup_phase};
pub use load::{LoadedRecord, load, load_file};
pub use replay::ReplayCursor;
pub use save::{full_record, save_file, write_file_safely};
pub use saved::{SavedGame, SavedGames, Shelf, Summary, read_record_text};
pub use seat_log::SeatLog;
