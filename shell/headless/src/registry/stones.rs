//! Stones: the relay-sowing mancala, and its Kalah variants.

use super::{GameEntry, OnlyWhen, Preset, Registered, start_without_setups};
use crate::failure::Failure;
use crate::settings::RulesSchema;
use ai::Level;
use ai::exact::{ExactPlay, SolverHook, Solving};
use ai::levels::{LevelTable, alpha_beta};
use game_core::Game;
use game_core::solve::Endgame;
use std::any::Any;
use std::sync::{Arc, Mutex, OnceLock};
use stones::{Sow, Stones, StonesBook, StonesEndgame, StonesRules};

/// The Stones entry.
pub const ENTRY: GameEntry = GameEntry {
    key: "stones",
    name: "Stones",
    tagline: "A mancala with relay sowing and free turns",
    seats: ["Player One", "Player Two"],
    rules: RulesSchema::of::<stones::StonesRules>(),
    presets: &[
        Preset { name: "Stones (relay)", settings: &[] },
        Preset { name: "Kalah", settings: &["sowing=kalah"] },
        Preset { name: "Kalah, empty capture", settings: &["sowing=kalah", "empty_capture=true"] },
        Preset { name: "Short game (3 stones)", settings: &["stones=3"] },
    ],
    hints: &[],
    only_when: &[OnlyWhen { key: "empty_capture", when: "sowing", is: "kalah" }],
    labels: &[],
    rules_text: include_str!("../../../../assets/rules/stones.md"),
    levels: &LEVELS,
    hidden_information: false,
    solvable: true,
    scored: true,
    perfect_play,
};

/// The levels of Stones (relay mancala).
///
/// - Level 1 is the original's weakest player: it looks one sowing ahead
///   (what that sowing banks, the free turn it may earn not followed) and
///   errs a lot.
/// - A free turn is a ply, so the depths grow fast with the level. Every
///   level but 9 and 10 keeps some noise: a game against the computer
///   does not replay the last one, and a match between two noisy levels
///   (or a noisy one and level 10) plays different games.
/// - Level 10: as deep as 12 million nodes go (about 2 s on one core of
///   the machine these were measured on; alpha-beta uses one thread), in
///   at most 1.6 s, which keeps the wall time under PRODUCT.md's 1.8 s on
///   a loaded machine. It plays perfectly where it can ([`PERFECT`]): a book
///   move, or a solve of at most 1.5 M nodes once 40 stones or fewer are
///   in the piles, 48 or fewer once the wide endgame table is built
///   ([`wide_endgame`]) (in 60% of the move's time; the search gets the
///   rest when the solve gives up).
/// - The table is used from remaining depth 3: a sowing costs less than
///   the memory access of a probe. Measured against depth 2 (six middle
///   games at depth 18, the start at depth 16, a Kalah game): 5-20% less
///   time to the same depth, with about as many nodes (+12% to -27%).
pub const LEVELS: LevelTable = [
    alpha_beta(1, 10, 100).with_noise(0.8).with_table(1, 3).with_generated_setup(),
    alpha_beta(1, 10, 100).with_noise(0.5).with_table(1, 3),
    alpha_beta(2, 20, 150).with_noise(0.45).with_table(1, 3),
    alpha_beta(2, 50, 200).with_noise(0.4).with_table(1, 3),
    alpha_beta(3, 100, 300).with_noise(0.35).with_table(2, 3),
    alpha_beta(4, 200, 400).with_noise(0.1).with_table(4, 3),
    alpha_beta(6, 500, 600).with_noise(0.05).with_table(8, 3),
    alpha_beta(8, 1_000, 800).with_noise(0.02).with_table(16, 3),
    alpha_beta(12, 3_000, 1_200).with_table(32, 3),
    alpha_beta(64, 12_000, 1_600).with_table(64, 3).with_exact(PERFECT),
];

/// How level 10 plays perfectly: [`ExactPlay::new`]'s settings, with the
/// book of `assets/books/stones.txt`.
pub const PERFECT: ExactPlay = ExactPlay::new(SolverHook::from_fn(perfect_stones));

/// Boards with at most this many stones are solved live from the first
/// move on (within [`PERFECT`]'s node cap; `shell/headless/tests/perfect_play.rs`
/// checks it on such boards).
pub const LIVE_FROM_START: u32 = 24;

/// The opening book, read once.
pub fn book() -> &'static StonesBook {
    static BOOK: OnceLock<StonesBook> = OnceLock::new();
    // The shipped book is checked by a test, so it always reads.
    BOOK.get_or_init(|| {
        StonesBook::parse(include_str!("../../../../assets/books/stones.txt")).unwrap_or_default()
    })
}

/// The book's move for `position`.
fn book_move(position: &Stones) -> Option<Sow> {
    book().get(position).map(|entry| entry.mv)
}

/// Level 10's perfect play: the solver, with the book asked first and
/// the wide endgame table once it is built.
fn perfect_stones(play: &ExactPlay) -> Box<dyn Any + Send> {
    ai::exact::erase(
        Solving::<Stones>::new(*play).with_book(book_move).with_wide_endgame(wide_endgame, WIDE_MAX_FUTURE),
    )
}

/// With the wide endgame table, level 10 tries a solve once this many
/// stones or fewer are in the piles: the default board (48) solves from
/// its start within the node cap.
pub const WIDE_MAX_FUTURE: i32 = 48;

/// The most memory level 10's wide endgame table takes, in MB: every
/// position of up to 17 stones on a 6-pit board (51.9 M positions).
pub const WIDE_ENDGAME_MB: usize = 64;

/// At most how many threads build a wide table.
const WIDE_BUILD_THREADS: usize = 2;

/// How many rules' wide tables the process keeps (the oldest goes first).
const WIDE_TABLES_KEPT: usize = 2;

/// One rules' wide table: `None` inside when it could not be built.
type WideCell = Arc<OnceLock<Option<Arc<dyn Endgame<Stones>>>>>;

/// Level 10's wide endgame table for `position`'s rules
/// ([`ai::exact::WideEndgame`]): every position with at most 17/48 of the
/// board's stones in the piles, in at most [`WIDE_ENDGAME_MB`]. Built once
/// for the process, in the background from the first call (on up to
/// [`WIDE_BUILD_THREADS`] threads, while the game goes on: a few seconds
/// for a 48-stone board), and kept for every later game of the same rules. With `wait` the caller waits for it (or builds
/// it, if it asks first).
pub fn wide_endgame(position: &Stones, wait: bool) -> Option<Arc<dyn Endgame<Stones>>> {
    static TABLES: Mutex<Vec<(StonesRules, WideCell)>> = Mutex::new(Vec::new());
    let rules = *position.rules();
    let cover = StonesEndgame::cover_for(&rules, rules.total_stones(), WIDE_ENDGAME_MB << 20)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(WIDE_BUILD_THREADS));
    let build =
        move || Some(Arc::new(StonesEndgame::build(&rules, cover, threads)) as Arc<dyn Endgame<Stones>>);
    let (cell, new) = {
        let mut tables = TABLES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match tables.iter().find(|(r, _)| *r == rules) {
            Some((_, cell)) => (Arc::clone(cell), false),
            None => {
                if tables.len() >= WIDE_TABLES_KEPT {
                    tables.remove(0);
                }
                let cell: WideCell = Arc::new(OnceLock::new());
                tables.push((rules, Arc::clone(&cell)));
                (cell, true)
            }
        }
    };
    if new && !wait {
        let building = Arc::clone(&cell);
        let spawned = std::thread::Builder::new().name("stones-endgame".into()).spawn(move || {
            building.get_or_init(build);
        });
        if spawned.is_err() {
            // No threads here (the browser): no wide table.
            let _ = cell.set(None);
        }
    }
    if wait { cell.get_or_init(build).clone() } else { cell.get().cloned().flatten() }
}

/// Whether `level` plays perfectly under the rule `values`: a level that
/// solves ([`Budget::exact`](ai::Budget::exact)), on a board small enough
/// to solve live from the start ([`LIVE_FROM_START`]) or whose start the
/// book holds (the builder writes a board only when every position level
/// 10 moves from, in every game it plays from the start, is in the book
/// or within a live solve, with the wide endgame table). A build without
/// threads (the browser) has no wide table, so there only the boards
/// solved live from the start count.
fn perfect_play(level: Level, values: &toml::Table) -> bool {
    if ENTRY.budget(level).exact.is_none() {
        return false;
    }
    let Ok(rules) = toml::Value::Table(values.clone()).try_into::<StonesRules>() else { return false };
    let Ok(start) = Stones::start(&rules, &[]) else { return false };
    rules.total_stones() <= LIVE_FROM_START || (WIDE_TABLES_BUILT && book().get(&start).is_some())
}

/// Whether this build can build wide endgame tables: it needs a thread,
/// which the browser does not give.
const WIDE_TABLES_BUILT: bool = !cfg!(target_arch = "wasm32");

impl Registered for Stones {
    const ENTRY: &'static GameEntry = &ENTRY;

    fn start_position(rules: &Self::Rules, setups: Option<&str>) -> Result<Self, Failure> {
        start_without_setups(rules, setups)
    }
}
