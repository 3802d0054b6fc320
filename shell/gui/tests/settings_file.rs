//! The settings file with the real game catalogue: a corrupt file gives the
//! defaults and is kept as settings.toml.bak; one bad value keeps the rest;
//! what the launcher writes reads back the same.

use gui::notices_for;
use headless::registry::game_schemas;
use headless::settings::{AnimationSpeed, BACKUP_NAME, FILE_NAME, PlayMode, Settings, SettingsStore};

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardsuite-settings-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_corrupt_file_yields_defaults_and_a_kept_backup() {
    let dir = scratch_dir("corrupt");
    let corrupt = "[games.stones\nlevel = 5\n";
    std::fs::write(dir.join(FILE_NAME), corrupt).unwrap();
    let mut store = SettingsStore::in_dir(&dir);
    let loaded = store.load(&game_schemas());
    assert_eq!(loaded.settings, Settings::defaults(&game_schemas()));
    assert_eq!(std::fs::read_to_string(dir.join(BACKUP_NAME)).unwrap(), corrupt);
    let notices = notices_for(&store, &loaded.problems, loaded.backup.as_deref());
    assert!(notices[0].contains(BACKUP_NAME), "{notices:?}");
    assert!(notices[0].contains("every setting is back to its default"), "{notices:?}");
    assert!(!notices[0].contains("others were kept"), "one story, not two: {notices:?}");
    assert!(notices[1].starts_with("settings.toml line 1:"), "{notices:?}");
    store.save(&loaded.settings).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join(BACKUP_NAME)).unwrap(),
        corrupt,
        "the backup survives saving"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_bad_rule_keeps_every_other_setting() {
    let dir = scratch_dir("one-bad");
    let text = "[preferences]\nanimation_speed = \"fast\"\n\
                [games.blockade]\nlevel = 9\nmode = \"demo\"\n\
                [games.blockade.rules]\nsize = 11\ncapture = 0\novercrowd = 12\n";
    std::fs::write(dir.join(FILE_NAME), text).unwrap();
    let mut store = SettingsStore::in_dir(&dir);
    let loaded = store.load(&game_schemas());
    let places: Vec<&str> = loaded.problems.iter().map(|p| p.place.as_str()).collect();
    assert_eq!(places, vec!["games.blockade.rules.overcrowd"]);
    let notices = notices_for(&store, &loaded.problems, loaded.backup.as_deref());
    assert!(notices[0].contains("all others were kept"), "{notices:?}");
    assert_eq!(loaded.settings.preferences.animation_speed, AnimationSpeed::Fast);
    let blockade = loaded.settings.game("blockade").unwrap();
    assert_eq!((blockade.level, blockade.mode), (9, PlayMode::Demo));
    assert_eq!(blockade.rules["size"].as_integer(), Some(11));
    assert_eq!(blockade.rules["capture"].as_integer(), Some(0));
    assert_eq!(blockade.rules["overcrowd"].as_integer(), Some(4), "back to its default");
    assert!(dir.join(BACKUP_NAME).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_game_round_trips_through_the_file() {
    let dir = scratch_dir("round-trip");
    let mut store = SettingsStore::in_dir(&dir);
    let mut settings = store.load(&game_schemas()).settings;
    for (i, game) in settings.games.values_mut().enumerate() {
        game.level = 5 + i as u8;
    }
    settings.games.get_mut("stones").unwrap().rules.insert("sowing".into(), "kalah".into());
    // A custom army from the army editor: a table of counts.
    let army: toml::Table = "base = \"barrage\"\nscout = 4".parse().unwrap();
    settings.games.get_mut("strategy-chess").unwrap().rules.insert("army".into(), army.into());
    store.save(&settings).unwrap();
    let loaded = SettingsStore::in_dir(&dir).load(&game_schemas());
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    assert_eq!(loaded.settings, settings);
    let _ = std::fs::remove_dir_all(&dir);
}
