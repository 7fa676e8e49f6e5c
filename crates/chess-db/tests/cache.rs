//! The cache folder keeps itself tidy: indexes of files gone or changed
//! are removed, the least recently used go first past the size limit, an
//! index in use stays, and nothing but the cache's own files is touched.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use chess_db::cache::{self, State};
use chess_db::{Database, Options};
use common::*;

/// Indexes `pgn` into the cache folder `cache`, named as the cache names
/// its files, and waits for it; the index's path.
fn index_into(cache: &Path, pgn: &Path, name: &str) -> PathBuf {
    let index = cache.join(format!("{name}-0123456789abcdef.sqlite"));
    let options = Options {
        index: Some(index.clone()),
        threads: Some(1),
        ..Options::default()
    };
    Database::open(pgn, &options).unwrap().wait().unwrap();
    index
}

/// Sets the file's modification time (the cache's "last used") to `ago`.
fn used(path: &Path, ago: Duration) {
    let file = std::fs::OpenOptions::new().append(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - ago).unwrap();
}

fn names(entries: &[cache::Entry]) -> Vec<String> {
    entries
        .iter()
        .map(|e| e.index.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn an_index_whose_file_is_gone_or_changed_is_removed_and_a_grown_one_kept() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let gone = write(dir.path(), "gone.pgn", collection(1, 40).as_bytes());
    let changed = write(dir.path(), "changed.pgn", collection(2, 400).as_bytes());
    let grown = write(dir.path(), "grown.pgn", collection(3, 400).as_bytes());
    let same = write(dir.path(), "same.pgn", collection(4, 40).as_bytes());
    for (pgn, name) in [
        (&gone, "gone"),
        (&changed, "changed"),
        (&grown, "grown"),
        (&same, "same"),
    ] {
        let index = index_into(&cache, pgn, name);
        used(&index, Duration::from_secs(7200));
    }
    std::fs::remove_file(&gone).unwrap();
    std::fs::write(&changed, collection(5, 400)).unwrap();
    let mut more = std::fs::read(&grown).unwrap();
    more.extend_from_slice(collection(6, 10).as_bytes());
    std::fs::write(&grown, more).unwrap();

    let listed = cache::list(&cache).unwrap();
    let state = |name: &str| {
        listed
            .iter()
            .find(|e| names(std::slice::from_ref(e))[0].starts_with(name))
            .unwrap()
            .state
    };
    assert_eq!(state("gone"), State::Gone);
    assert_eq!(state("changed"), State::Changed);
    assert_eq!(
        state("grown"),
        State::Current,
        "a file that only grew keeps its index, extended when opened"
    );
    assert_eq!(state("same"), State::Current);

    let tidied = cache::tidy(&cache, u64::MAX, &[]).unwrap();
    let mut removed = names(&tidied.removed);
    removed.sort();
    assert_eq!(
        removed,
        ["changed-0123456789abcdef.sqlite", "gone-0123456789abcdef.sqlite"]
    );
    let mut left = names(&cache::list(&cache).unwrap());
    left.sort();
    assert_eq!(left, ["grown-0123456789abcdef.sqlite", "same-0123456789abcdef.sqlite"]);
    assert_eq!(
        tidied.kept_bytes,
        cache::list(&cache).unwrap().iter().map(|e| e.bytes).sum::<u64>()
    );
}

#[test]
fn past_the_limit_the_least_recently_used_go_first() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let mut indexes = Vec::new();
    for (k, hours) in [(1, 3), (2, 1), (3, 2)] {
        let pgn = write(dir.path(), &format!("g{k}.pgn"), collection(k, 100).as_bytes());
        let index = index_into(&cache, &pgn, &format!("g{k}"));
        used(&index, Duration::from_secs(3600 * hours));
        indexes.push(index);
    }
    let listed = cache::list(&cache).unwrap();
    assert_eq!(
        names(&listed),
        [
            "g1-0123456789abcdef.sqlite",
            "g3-0123456789abcdef.sqlite",
            "g2-0123456789abcdef.sqlite"
        ],
        "least recently used first"
    );
    // Room for two: the one used longest ago goes.
    let two: u64 = listed[1].bytes + listed[2].bytes;
    let tidied = cache::tidy(&cache, two, &[]).unwrap();
    assert_eq!(names(&tidied.removed), ["g1-0123456789abcdef.sqlite"]);
    assert_eq!(tidied.kept_bytes, two);
    // Room for none, but the one asked to be kept stays.
    let tidied = cache::tidy(&cache, 0, &[&indexes[2]]).unwrap();
    assert_eq!(names(&tidied.removed), ["g2-0123456789abcdef.sqlite"]);
    assert_eq!(names(&cache::list(&cache).unwrap()), ["g3-0123456789abcdef.sqlite"]);
}

#[test]
fn an_index_in_use_stays_and_other_files_are_never_touched() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let pgn = write(dir.path(), "games.pgn", collection(1, 50).as_bytes());
    // Written just now (being built, or just opened): stays, even stale.
    index_into(&cache, &pgn, "games");
    std::fs::remove_file(&pgn).unwrap();
    let notes = write(&cache, "notes.sqlite", b"not ours");
    let tidied = cache::tidy(&cache, 0, &[]).unwrap();
    assert!(tidied.removed.is_empty(), "{tidied:?}");
    assert_eq!(cache::list(&cache).unwrap()[0].state, State::Gone);
    // Clearing removes every index, and only indexes.
    assert_eq!(cache::clear(&cache).unwrap().len(), 1);
    assert!(cache::list(&cache).unwrap().is_empty());
    assert_eq!(std::fs::read(&notes).unwrap(), b"not ours");
}

#[test]
fn a_folder_that_does_not_exist_is_an_empty_cache() {
    let dir = tempfile::tempdir().unwrap();
    assert!(cache::list(&dir.path().join("none")).unwrap().is_empty());
    assert!(
        cache::tidy(&dir.path().join("none"), 0, &[])
            .unwrap()
            .removed
            .is_empty()
    );
}
