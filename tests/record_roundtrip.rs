//! Save, load, replay: random games round-trip to the same hash; tampered
//! or corrupt records are refused with the line named; saving keeps the
//! old file.

use game_core::rng::{GameRng, seeded, splitmix64};
use game_core::{Game, Observe, Referee, RuleSet, Seat};
use headless::record::{
    GameRecord, RecordKind, ReplayCursor, full_record, has_setup_phase, load, load_file, save_file,
};

/// Runs `$m!(name, Type)` for every game the record tests cover; the
/// follow-up adds one line per game.
macro_rules! for_each_record_game {
    ($m:ident) => {
        $m!(nim, game_core::nim::Nim);
        $m!(secret_nim, game_core::nim::secret::SecretNim);
        $m!(stones, ::stones::Stones);
        $m!(blockade, ::blockade::Blockade);
        $m!(strategy_chess, ::strategy_chess::StrategyChess);
    };
}

/// A random game of `G`: random setups, random moves, and sometimes an
/// early end (resignation, agreed draw) or none at all.
fn random_game<G: Observe>(rules: &G::Rules, seed: u64, rng: &mut GameRng) -> (Referee<G>, Vec<G::Setup>) {
    // Small choices come from the seed (the root package has no `rand`).
    let mut state = seed;
    let mut below = |n: u64| {
        state = splitmix64(state);
        state % n
    };
    let setups: Vec<G::Setup> = if has_setup_phase::<G>() {
        (0..2).map(|i| G::random_setup(rules, Seat(i), below(2) == 0, rng)).collect()
    } else {
        Vec::new()
    };
    let mut referee = Referee::new(G::start(rules, &setups).expect("random setups start"));
    let stop_after = below(400) as usize;
    let mut scratch = Vec::new();
    while referee.finish().is_none() && referee.ply() < stop_after {
        let mv = referee.position().random_move(rng, &mut scratch).expect("a move while the game goes on");
        let (seat, ply) = (referee.to_move(), referee.ply());
        referee.submit(seat, ply, mv).expect("a legal move");
    }
    if referee.finish().is_none() {
        match below(3) {
            0 => referee.resign(referee.to_move()).unwrap(),
            1 => {
                let seat = referee.to_move();
                referee.offer_draw(seat).unwrap();
                referee.accept_draw(seat.opponent()).unwrap();
            }
            _ => {}
        }
    }
    (referee, setups)
}

/// Save → load → replay for many random games of `G`: same moves, same
/// ending, same final hash; the replay cursor walks both ways.
fn round_trip_random_games<G: Observe>(games: u64) {
    for seed in 0..games {
        let mut rng = seeded(seed);
        let (referee, setups) = random_game::<G>(&G::Rules::default(), seed, &mut rng);
        let record = full_record(&referee, &setups, Some(seed)).unwrap();
        let text = record.to_toml().unwrap();
        let loaded = load::<G>(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(loaded.record, record);
        assert_eq!(loaded.referee.position().hash_key(), referee.position().hash_key());
        assert_eq!(loaded.referee.finish(), referee.finish());
        assert_eq!(loaded.referee.history(), referee.history());
        assert_eq!(loaded.setups, setups);

        let mut cursor = ReplayCursor::new(&loaded.referee);
        assert_eq!(cursor.len(), referee.ply());
        while cursor.forward() {}
        assert_eq!(cursor.ply(), referee.ply());
        assert_eq!(cursor.position().hash_key(), referee.position().hash_key());
        assert_eq!(cursor.finish(), referee.finish());
        while cursor.back() {}
        assert_eq!(cursor.position().hash_key(), referee.start_position().hash_key());
        assert_eq!(cursor.last_move(), None);
    }
}

macro_rules! round_trip {
    ($name:ident, $G:ty) => {
        #[test]
        fn $name() {
            round_trip_random_games::<$G>(200);
        }
    };
}

for_each_record_game!(round_trip);

use game_core::nim::{Nim, NimRules};

fn nim_record_text() -> String {
    let rules = NimRules::default().with_settings(&["max_take=2"]).unwrap();
    let mut referee = Referee::new(Nim::start(&rules, &[]).unwrap());
    for (ply, m) in ["1-2", "2-2", "3-1"].iter().enumerate() {
        let seat = referee.to_move();
        referee.submit_text(seat, ply, m).unwrap();
    }
    full_record(&referee, &[], Some(11)).unwrap().to_toml().unwrap()
}

fn line_of(text: &str, starts: &str) -> usize {
    text.lines().position(|l| l.trim_start().starts_with(starts)).expect("the line is there") + 1
}

#[test]
fn tampered_records_name_the_line_and_the_problem() {
    let text = nim_record_text();
    assert!(load::<Nim>(&text).is_ok());

    // A move changed to an illegal one (max_take is 2).
    let bad = text.replace("\"2-2\"", "\"2-3\"");
    let err = load::<Nim>(&bad).unwrap_err();
    assert_eq!(err.line, Some(line_of(&text, "\"2-2\"")), "{err}");
    assert!(err.problem.contains("move 2 `2-3` refused: max_take"), "{err}");

    // A legal but different move: the hash gives it away.
    let bad = text.replace("\"3-1\"", "\"3-2\"");
    let err = load::<Nim>(&bad).unwrap_err();
    assert_eq!(err.line, Some(line_of(&text, "final_hash")), "{err}");
    assert!(err.problem.contains("hash"), "{err}");

    // The rules changed under the moves.
    let bad = text.replace("max_take = 2", "max_take = 1");
    let err = load::<Nim>(&bad).unwrap_err();
    assert!(err.line.is_some() && err.problem.contains("refused"), "{err}");
    let bad = text.replace("max_take = 2", "max_take = 77");
    let err = load::<Nim>(&bad).unwrap_err();
    assert_eq!(err.line, Some(line_of(&text, "[rules]")), "{err}");
    assert!(err.problem.contains("max_take"), "{err}");

    // A claimed result the moves do not give.
    let bad = text.replace("result = \"none\"", "result = \"first +1\"\nending = \"rules\"");
    let err = load::<Nim>(&bad).unwrap_err();
    assert!(err.problem.contains("goes on"), "{err}");

    // Broken TOML, a wrong game, a missing hash, an unknown key.
    let bad = text.replace("moves = [", "moves = [[");
    let err = load::<Nim>(&bad).unwrap_err();
    assert!(err.line.is_some(), "{err}");
    let bad = text.replace("game = \"nim\"", "game = \"stones\"");
    let err = load::<Nim>(&bad).unwrap_err();
    assert_eq!(err.line, Some(line_of(&text, "game")), "{err}");
    let bad: String =
        text.lines().filter(|l| !l.starts_with("final_hash")).map(|l| format!("{l}\n")).collect();
    assert!(load::<Nim>(&bad).unwrap_err().problem.contains("final_hash"));
    let err = load::<Nim>(&format!("cheat = true\n{text}")).unwrap_err();
    assert_eq!(err.line, Some(1), "{err}");
    assert!(err.to_string().starts_with("line 1: "), "{err}");
}

/// Reading a record names each move's line in time linear in its length:
/// 200,000 moves (about 2 MB) are read at once, every move on its line
/// (a rescan of the text for every move would take hours here).
#[test]
fn a_long_record_names_every_moves_line_in_linear_time() {
    let moves: Vec<String> = (0..200_000).map(|i| format!("{}-1", i % 3 + 1)).collect();
    let record = GameRecord {
        game: "nim".into(),
        kind: RecordKind::Full,
        rules: toml::Table::new(),
        seed: None,
        setups: Vec::new(),
        moves,
        ending: None,
        outcome: None,
        final_hash: Some(0),
    };
    let text = record.to_toml().unwrap();
    let parsed = GameRecord::from_toml(&text).unwrap();
    let move_lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with('"'))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(parsed.lines.moves, move_lines);
}

#[test]
fn saving_never_loses_a_file_and_loading_never_writes() {
    let dir = std::env::temp_dir().join(format!("boardsuite-record-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.toml");
    let text = nim_record_text();
    let first = GameRecord::from_toml(&text).unwrap().record;
    save_file(&first, &path).unwrap();
    assert!(!dir.join("game.toml.bak").exists());

    let mut second = first.clone();
    second.seed = Some(12);
    save_file(&second, &path).unwrap();
    let kept = std::fs::read_to_string(dir.join("game.toml.bak")).unwrap();
    assert_eq!(GameRecord::from_toml(&kept).unwrap().record, first, "the old file is kept as .bak");
    assert_eq!(load_file::<Nim>(&path).unwrap().record, second);

    // A corrupt file is reported and left as it was.
    std::fs::write(&path, "format = 1\ngame = \"nim\"\nmoves = [\"1-\n").unwrap();
    let before = std::fs::read(&path).unwrap();
    let err = load_file::<Nim>(&path).unwrap_err();
    assert!(err.line.is_some(), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert!(load_file::<Nim>(&dir.join("missing.toml")).unwrap_err().problem.contains("cannot read"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).collect();
    assert_eq!(leftovers.len(), 2, "no temporary files are left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_loaded_unfinished_game_can_be_played_on() {
    let text = nim_record_text();
    let mut loaded = load::<Nim>(&text).unwrap();
    assert_eq!(loaded.record.seed, Some(11));
    assert_eq!(loaded.record.kind, RecordKind::Full);
    let referee = &mut loaded.referee;
    let (seat, ply) = (referee.to_move(), referee.ply());
    assert_eq!(ply, 3);
    referee.submit_text(seat, ply, "3-2").unwrap();
    let again = full_record(referee, &[], Some(11)).unwrap().to_toml().unwrap();
    assert_eq!(load::<Nim>(&again).unwrap().referee.ply(), 4);
}

/// Mangles `text` at random in one of several ways: a line dropped,
/// doubled or cut short, a character replaced, the text truncated, two
/// moves swapped.
fn mangle(text: &str, state: &mut u64) -> String {
    let mut below = |n: usize| {
        *state = splitmix64(*state);
        (*state % n.max(1) as u64) as usize
    };
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    match below(6) {
        0 => {
            lines.remove(below(lines.len()));
        }
        1 => {
            let i = below(lines.len());
            lines.insert(i, lines[i].clone());
        }
        2 => {
            let i = below(lines.len());
            let cut = below(lines[i].len() + 1);
            lines[i] = lines[i].chars().take(cut).collect();
        }
        3 => {
            let chars: Vec<char> = text.chars().collect();
            let at = below(chars.len());
            let junk = ['"', '[', ']', '=', '\n', '0', '9', 'x', '-', ' ', '#', 'F', '/', '\\', 'é'];
            let mut out = chars;
            out[at] = junk[below(junk.len())];
            return out.into_iter().collect();
        }
        4 => return text.chars().take(below(text.chars().count())).collect(),
        _ => {
            let moves: Vec<usize> =
                (0..lines.len()).filter(|&i| lines[i].trim_start().starts_with('"')).collect();
            if moves.len() >= 2 {
                let (a, b) = (moves[below(moves.len())], moves[below(moves.len())]);
                lines.swap(a, b);
            }
        }
    }
    lines.join("\n")
}

/// Mangled records of every game load or name their problem, never
/// panic; a mangled record that still loads replays to its own hash.
fn mangled_records_never_panic<G: Observe>() {
    let mut state = 0x0bad_5eed;
    let mut refused = 0;
    for seed in 0..6 {
        let mut rng = seeded(seed);
        let (referee, setups) = random_game::<G>(&G::Rules::default(), seed, &mut rng);
        let text = full_record(&referee, &setups, Some(seed)).unwrap().to_toml().unwrap();
        for _ in 0..60 {
            let bad = mangle(&text, &mut state);
            let result =
                std::panic::catch_unwind(|| load::<G>(&bad).map(|l| l.referee.position().hash_key()));
            match result.unwrap_or_else(|_| panic!("loading panicked on:\n{bad}")) {
                Ok(hash) => assert_eq!(Some(hash), GameRecord::from_toml(&bad).unwrap().record.final_hash),
                Err(e) => {
                    assert!(!e.problem.trim().is_empty(), "an empty problem for:\n{bad}");
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > 100, "most mangled records are refused ({refused} of 360)");
}

macro_rules! mangled {
    ($name:ident, $G:ty) => {
        mod $name {
            #[test]
            fn mangled_records_never_panic() {
                super::mangled_records_never_panic::<$G>();
            }
        }
    };
}

for_each_record_game!(mangled);

#[test]
fn a_tampered_strategy_chess_setup_names_the_setups_and_the_army() {
    use ::strategy_chess::{Library, StrategyChess};
    let library = Library::builtin();
    let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
    let mut referee = Referee::new(StrategyChess::start(&Default::default(), &setups).unwrap());
    for (ply, m) in ["a4-a5", "a7-a6"].iter().enumerate() {
        let seat = referee.to_move();
        referee.submit_text(seat, ply, m).unwrap();
    }
    let text = full_record(&referee, &setups, None).unwrap().to_toml().unwrap();
    assert!(load::<StrategyChess>(&text).is_ok());
    let setups_line = line_of(&text, "[setups]");

    // Red's Flag becomes a ninth Scout: the army no longer matches.
    let setup_line = |seat: &str| {
        text.lines().find(|l| l.starts_with(&format!("{seat} = ")) && l.contains(" / ")).unwrap()
    };
    let red = setup_line("first");
    let bad = text.replacen(red, &red.replacen('F', "9", 1), 1);
    let err = load::<StrategyChess>(&bad).unwrap_err();
    assert_eq!(err.line, Some(setups_line), "{err}");
    assert!(err.problem.contains("army"), "{err}");

    // A setup row short of a square.
    let bad = text.replacen(red, &red.replacen(" / ", " ", 1), 1);
    let err = load::<StrategyChess>(&bad).unwrap_err();
    assert!(err.to_string().starts_with(&format!("line {setups_line}: setups: first")), "{err}");

    // Blue's setup missing.
    let blue = setup_line("second");
    let err = load::<StrategyChess>(&text.replacen(blue, "", 1)).unwrap_err();
    assert!(err.problem.contains("setup of second is missing"), "{err}");

    // Setups swapped between the seats: the moves no longer fit.
    let value = |line: &str| line.split_once(" = ").unwrap().1.to_string();
    let swapped = text.replacen(red, &format!("first = {}", value(blue)), 1).replacen(
        blue,
        &format!("second = {}", value(red)),
        1,
    );
    assert_ne!(swapped, text);
    assert!(load::<StrategyChess>(&swapped).is_err());
}
