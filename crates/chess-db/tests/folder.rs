//! A folder of PGN files asked as one collection: the same answers as the
//! files written one after another into one file, each game named by its
//! file; a file removed or changed between two queries is named and left
//! out while the others answer; a new file is picked up when asked.

mod common;

use std::path::{Path, PathBuf};

use chess_core::Position;
use chess_db::{Database, Filter, Material, Options};
use common::*;

/// Options with the cache in `cache`, small segments so that files have
/// several.
fn options(cache: &Path) -> Options {
    Options {
        cache_dir: Some(cache.to_path_buf()),
        threads: Some(2),
        segment_games: Some(97),
        ..Options::default()
    }
}

fn open_folder(folder: &Path, cache: &Path) -> Database {
    let db = Database::open(folder, &options(cache)).unwrap();
    db.wait().unwrap();
    db
}

/// Everything a query can see of a collection.
fn answers(db: &Database) -> String {
    let mut out = String::new();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    ] {
        let pos: Position = fen.parse().unwrap();
        out.push_str(&format!("{:?}\n", db.search_position(&pos, None, None).unwrap()));
        out.push_str(&format!("{:?}\n", db.explore(&pos, None).unwrap()));
    }
    let material = Material::parse("KRkr").unwrap();
    out.push_str(&format!("{:?}\n", db.search_material(&material, 1, None).unwrap()));
    let mut player = Filter::default();
    player.set("player", "car").unwrap();
    out.push_str(&format!("{:?}\n", db.filter(&player).unwrap()));
    out.push_str(&format!("{:?}\n", db.explore(&Position::new(), Some(&player)).unwrap()));
    out.push_str(&format!("{:?}\n", db.filter(&Filter::default()).unwrap()));
    out
}

/// Where game `n` (from 1) of `text` begins, as the reader finds it.
fn one_offset_in(text: &str, n: usize) -> u64 {
    let mut reader = chess_core::pgn::PgnReader::new(text.as_bytes());
    for _ in 0..n {
        reader.read_game();
    }
    reader.game_start().0
}

/// Three files (400, 260 and 90 games), one in a folder of its own, one
/// compressed, and a file that is not PGN; their texts in the collection's
/// order.
fn folder_of_three(dir: &Path) -> (PathBuf, Vec<String>) {
    let folder = dir.join("games");
    std::fs::create_dir_all(folder.join("2024")).unwrap();
    let texts = vec![collection(11, 400), collection(12, 260), collection(13, 90)];
    write(&folder.join("2024"), "a.pgn", texts[0].as_bytes());
    write(&folder, "b.pgn.zst", &zstd::encode_all(texts[1].as_bytes(), 3).unwrap());
    write(&folder, "c.pgn", texts[2].as_bytes());
    write(&folder, "notes.txt", b"not games");
    (folder, texts)
}

#[test]
fn a_folder_answers_as_its_files_written_one_after_another() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let (folder, texts) = folder_of_three(dir.path());
    let db = open_folder(&folder, &cache);
    assert!(db.is_folder());
    let names: Vec<_> = db
        .files()
        .iter()
        .map(|f| f.strip_prefix(&folder).unwrap().to_path_buf())
        .collect();
    assert_eq!(names, [PathBuf::from("2024/a.pgn"), "b.pgn.zst".into(), "c.pgn".into()]);
    assert_eq!(db.game_count(), 750);

    let whole = write(dir.path(), "whole.pgn", texts.concat().as_bytes());
    let one = Database::open(&whole, &options(&cache)).unwrap();
    one.wait().unwrap();
    assert_eq!(answers(&db), answers(&one));
    assert!(db.problems().is_empty(), "{:?}", db.problems());
    // Unreadable games: the same, their lines their own file's.
    let unreadable = db.unreadable().unwrap();
    let numbers = |u: &[chess_db::Unreadable]| u.iter().map(|u| u.game).collect::<Vec<_>>();
    assert_eq!(numbers(&unreadable), numbers(&one.unreadable().unwrap()));
    assert!(!unreadable.is_empty());
    for u in &unreadable {
        let (file, local) = db.locate(u.game).unwrap();
        let alone = Database::open(&file, &options(&cache)).unwrap();
        alone.wait().unwrap();
        let there = alone
            .unreadable()
            .unwrap()
            .into_iter()
            .find(|v| v.game == local)
            .unwrap();
        assert_eq!((u.line, u.column, &u.reason), (there.line, there.column, &there.reason));
    }

    // Each game is named by its file and its number there, and read from it.
    assert_eq!(
        db.locate(400),
        Some((folder.join("2024/a.pgn").canonicalize().unwrap(), 400))
    );
    assert_eq!(
        db.locate(401),
        Some((folder.join("b.pgn.zst").canonicalize().unwrap(), 1))
    );
    assert_eq!(db.locate(750), Some((folder.join("c.pgn").canonicalize().unwrap(), 90)));
    assert_eq!(db.locate(751), None);
    for n in [1, 400, 401, 660, 661, 750] {
        assert_eq!(db.game_text(n).unwrap(), one.game_text(n).unwrap(), "game {n}");
    }
    let mut both = Vec::new();
    db.write_pgn(&[3, 399, 402, 749], &mut both).unwrap();
    let mut expected = Vec::new();
    one.write_pgn(&[3, 399, 402, 749], &mut expected).unwrap();
    assert_eq!(both, expected);
    // Where each game begins in its file: the file's own offsets.
    let offsets = db.offsets(&[750, 1, 400, 401]).unwrap();
    assert_eq!(
        offsets,
        [one_offset_in(&texts[2], 90), 0, one_offset_in(&texts[0], 400), 0]
    );
    // Each file keeps its own index, in the cache.
    assert_eq!(db.index_paths().len(), 3);
    assert!(db.index_paths().iter().all(|p| p.starts_with(&cache)));
}

#[test]
fn a_file_removed_or_changed_between_queries_is_named_and_the_rest_answer() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let (folder, texts) = folder_of_three(dir.path());
    let db = open_folder(&folder, &cache);
    let all = db.filter(&Filter::default()).unwrap();
    let readable_in = |range: std::ops::RangeInclusive<u64>| -> Vec<u64> {
        all.iter().copied().filter(|n| range.contains(n)).collect()
    };

    // The compressed file goes: the others answer, with their numbers.
    std::fs::remove_file(folder.join("b.pgn.zst")).unwrap();
    let found = db.filter(&Filter::default()).unwrap();
    assert_eq!(found, [readable_in(1..=400), readable_in(661..=750)].concat());
    let problems = db.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].file.ends_with("b.pgn.zst"), "{problems:?}");
    assert!(problems[0].to_string().contains("removed"), "{}", problems[0]);
    assert!(db.game_text(500).is_err(), "no game is read from a file that is gone");

    // The last is replaced by other games: never answered from its old
    // index.
    std::fs::write(folder.join("c.pgn"), collection(16, 90)).unwrap();
    let found = db.filter(&Filter::default()).unwrap();
    assert_eq!(found, readable_in(1..=400));
    assert!(
        db.problems().iter().any(|p| p.file.ends_with("c.pgn")),
        "{:?}",
        db.problems()
    );

    // The first grows: what was indexed still answers (and the new games
    // are indexed when the folder is opened again).
    let mut grown = texts[0].clone();
    grown.push_str(&collection(14, 30));
    std::fs::write(folder.join("2024/a.pgn"), &grown).unwrap();
    assert_eq!(db.filter(&Filter::default()).unwrap(), readable_in(1..=400));
    drop(db);
    let again = open_folder(&folder, &cache);
    assert_eq!(again.game_count(), 430 + 90, "the grown file, and the new c.pgn");
    assert!(again.problems().is_empty(), "{:?}", again.problems());

    // A file opened alone that changes is an error, not an empty answer.
    let alone = Database::open(&folder.join("c.pgn"), &options(&cache)).unwrap();
    alone.wait().unwrap();
    std::fs::remove_file(folder.join("c.pgn")).unwrap();
    let e = alone.filter(&Filter::default()).unwrap_err();
    assert!(e.to_string().contains("removed"), "{e}");
}

#[test]
fn a_new_file_in_the_folder_is_indexed_when_the_folder_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let (folder, _) = folder_of_three(dir.path());
    assert_eq!(open_folder(&folder, &cache).game_count(), 750);
    write(&folder, "d.pgn", collection(15, 40).as_bytes());
    let db = Database::open(&folder, &options(&cache)).unwrap();
    // The three indexed files answer at once; the new one builds.
    db.wait().unwrap();
    assert_eq!(db.game_count(), 790);
    assert_eq!(db.files().len(), 4);
    assert!(db.progress().done);
    assert_eq!(db.index_paths().len(), 4);
}
