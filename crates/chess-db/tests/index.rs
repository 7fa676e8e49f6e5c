//! The index as a cache: kept, extended when the file grows, rebuilt when
//! it changes, never trusted when damaged, and the same for a compressed
//! file as for a plain one.

mod common;

use std::io::Write;

use chess_core::Position;
use chess_db::{Database, Options};
use common::*;

fn options(dir: &std::path::Path) -> Options {
    Options {
        index: Some(dir.join("index.sqlite")),
        threads: Some(2),
        segment_games: Some(97),
        ..Options::default()
    }
}

/// Everything a query can see of an index: each game's matches for a few
/// positions and materials, and the explorer at the start.
fn answers(db: &Database) -> String {
    checked_answers(db).unwrap()
}

/// [`answers`], or the first error a query gives.
fn checked_answers(db: &Database) -> Result<String, chess_db::Error> {
    let mut out = String::new();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    ] {
        let pos: Position = fen.parse().unwrap();
        out.push_str(&format!("{:?}\n", db.search_position(&pos, None, None)?));
    }
    let material = chess_db::Material::parse("KRkr").unwrap();
    out.push_str(&format!("{:?}\n", db.search_material(&material, 1, None)?));
    out.push_str(&format!("{:?}\n", db.explore(&Position::new(), None)?));
    out.push_str(&format!("{:?}\n", db.filter(&chess_db::Filter::default())?));
    let mut player = chess_db::Filter::default();
    player.set("player", "car")?;
    out.push_str(&format!("{:?}\n", db.filter(&player)?));
    out.push_str(&format!("{:?}\n", db.unreadable()?));
    Ok(out)
}

#[test]
fn an_index_is_kept_and_then_used_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(1, 300).as_bytes());
    let first = open(&pgn, dir.path());
    let expected = answers(&first);
    drop(first);
    let again = Database::open(&pgn, &options(dir.path())).unwrap();
    assert!(again.progress().done, "nothing to build: the index fits the file");
    assert_eq!(answers(&again), expected);
}

#[test]
fn games_appended_extend_the_index_to_what_a_fresh_one_holds() {
    let dir = tempfile::tempdir().unwrap();
    let text = collection(2, 500);
    let pgn = write(dir.path(), "games.pgn", text.as_bytes());
    drop(open(&pgn, dir.path()));
    let more = collection(3, 200);
    std::fs::OpenOptions::new()
        .append(true)
        .open(&pgn)
        .unwrap()
        .write_all(more.as_bytes())
        .unwrap();
    let extended = open(&pgn, dir.path());
    assert_eq!(extended.game_count(), 700);
    let fresh_dir = tempfile::tempdir().unwrap();
    let fresh = open(&pgn, fresh_dir.path());
    assert_eq!(answers(&extended), answers(&fresh));
}

#[test]
fn a_changed_file_is_indexed_anew() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(4, 200).as_bytes());
    drop(open(&pgn, dir.path()));
    std::fs::write(&pgn, collection(5, 150)).unwrap();
    let db = open(&pgn, dir.path());
    assert_eq!(db.game_count(), 150);
    let fresh_dir = tempfile::tempdir().unwrap();
    assert_eq!(answers(&db), answers(&open(&pgn, fresh_dir.path())));
}

#[test]
fn a_truncated_or_damaged_index_is_rebuilt_never_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(6, 300).as_bytes());
    let expected = answers(&open(&pgn, dir.path()));
    let index = dir.path().join("index.sqlite");
    let bytes = std::fs::read(&index).unwrap();

    // Cut short: not a database any more, or one that lost its segments.
    for len in [0, 100, bytes.len() / 2] {
        std::fs::write(&index, &bytes[..len]).unwrap();
        let db = open(&pgn, dir.path());
        assert_eq!(answers(&db), expected, "an index cut to {len} bytes");
    }

    // A byte changed in the middle of a segment's columns: its checksum
    // fails when it is read, and the index is rebuilt.
    std::fs::write(&index, &bytes).unwrap();
    let mut damaged = bytes.clone();
    for i in (bytes.len() / 3..bytes.len() - 1000).step_by(997) {
        damaged[i] ^= 0x5a;
    }
    std::fs::write(&index, &damaged).unwrap();
    let outcome = Database::open(&pgn, &options(dir.path())).and_then(|db| {
        db.wait()?;
        db.search_position(&Position::new(), None, None)
    });
    match outcome {
        // Found damaged: the next open builds it anew.
        Err(chess_db::Error::Damaged(_) | chess_db::Error::Index(_)) => {
            std::fs::remove_file(&index).unwrap();
        }
        // Or SQLite refused the file and it was rebuilt at once.
        Ok(found) => assert_eq!(format!("{found:?}"), expected.lines().next().unwrap()),
        Err(e) => panic!("{e}"),
    }
    assert_eq!(answers(&open(&pgn, dir.path())), expected);

    // Another program's SQLite file is not an index.
    std::fs::remove_file(&index).unwrap();
    let other = rusqlite_file(&index);
    assert!(other);
    assert_eq!(answers(&open(&pgn, dir.path())), expected);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Bytes changed anywhere in an index: it is rebuilt, or a query says
    /// it is damaged; never does a query answer wrongly.
    #[test]
    fn an_index_damaged_anywhere_never_answers_wrongly(
        patches in proptest::collection::vec((0.0f64..1.0, 1u8..=255), 1..6)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let pgn = write(dir.path(), "games.pgn", collection(5, 250).as_bytes());
        let expected = answers(&open(&pgn, dir.path()));
        let index = dir.path().join("index.sqlite");
        let mut bytes = std::fs::read(&index).unwrap();
        for (at, flip) in patches {
            let i = ((bytes.len() as f64 * at) as usize).min(bytes.len() - 1);
            bytes[i] ^= flip;
        }
        std::fs::write(&index, &bytes).unwrap();
        let answered = Database::open(&pgn, &options(dir.path())).and_then(|db| {
            db.wait()?;
            checked_answers(&db)
        });
        if let Ok(answered) = answered {
            proptest::prop_assert_eq!(answered, expected);
        }
    }
}

/// What the property above found once: one bit of the last segment's row
/// changed (where its first game starts), and indexing went on from a byte
/// too far, inside a game that then could not be read. Each field of the
/// first or the last segment's row, changed by one: the index is rebuilt
/// at once and answers as before.
#[test]
fn a_changed_segment_row_has_the_index_rebuilt_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(5, 250).as_bytes());
    let expected = answers(&open(&pgn, dir.path()));
    let index = dir.path().join("index.sqlite");
    let bytes = std::fs::read(&index).unwrap();
    for segment in ["0", "(SELECT MAX(id) FROM segments)"] {
        for field in ["start_offset", "start_line", "games", "first_game"] {
            std::fs::write(&index, &bytes).unwrap();
            let conn = rusqlite::Connection::open(&index).unwrap();
            conn.execute(
                &format!("UPDATE segments SET {field} = {field} + 1 WHERE id = {segment}"),
                [],
            )
            .unwrap();
            drop(conn);
            let answered = Database::open(&pgn, &options(dir.path())).and_then(|db| {
                db.wait()?;
                checked_answers(&db)
            });
            assert_eq!(answered.unwrap(), expected, "segment {segment}'s {field} changed");
        }
    }
}

/// The opening table is a shortcut, never the answer: with its rows
/// deleted, or one moved under another position or segment, every query
/// answers as before or says the index is damaged, never wrongly; the same
/// for a run of moves put in another's place.
#[test]
fn opening_rows_and_runs_of_moves_are_checked_where_they_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(7, 400).as_bytes());
    let expected = answers(&open(&pgn, dir.path()));
    let index = dir.path().join("index.sqlite");
    let bytes = std::fs::read(&index).unwrap();
    let count = |sql: &str| -> i64 {
        let conn = rusqlite::Connection::open(&index).unwrap();
        conn.query_row(sql, [], |r| r.get(0)).unwrap()
    };
    assert!(
        count("SELECT COUNT(*) FROM openings") > 0,
        "the collection has an opening table"
    );
    assert!(
        count("SELECT COUNT(*) FROM moves WHERE segment = 0") > 1,
        "a segment's moves come in several runs"
    );
    let changes = [
        ("every opening row deleted", "DELETE FROM openings", true),
        (
            "a segment's opening rows deleted",
            "DELETE FROM openings WHERE segment = 1",
            true,
        ),
        (
            "opening rows moved to the next segment",
            "DELETE FROM openings WHERE segment = 1; UPDATE openings SET segment = 1 WHERE segment = 0",
            false,
        ),
        (
            "an opening row under another position",
            "UPDATE openings SET key = key + 1
             WHERE (segment, key) = (SELECT segment, key FROM openings ORDER BY segment, key LIMIT 1)",
            true,
        ),
        (
            "two runs of moves swapped",
            "UPDATE moves SET block = 99 WHERE segment = 0 AND block = 0;
             UPDATE moves SET block = 0 WHERE segment = 0 AND block = 1;
             UPDATE moves SET block = 1 WHERE segment = 0 AND block = 99",
            false,
        ),
    ];
    for (what, sql, answers_right) in changes {
        std::fs::write(&index, &bytes).unwrap();
        let conn = rusqlite::Connection::open(&index).unwrap();
        conn.execute_batch(sql).unwrap();
        drop(conn);
        let db = Database::open(&pgn, &options(dir.path())).unwrap();
        db.wait().unwrap();
        match checked_answers(&db) {
            Ok(answered) => assert_eq!(answered, expected, "{what}"),
            Err(e) => {
                assert!(!answers_right, "{what}: {e}");
                assert!(matches!(e, chess_db::Error::Damaged(_)), "{what}: {e}");
            }
        }
    }
}

/// Makes a SQLite file that is not an index; whether it made one.
fn rusqlite_file(path: &std::path::Path) -> bool {
    // Any file that is not ours will do: a plain text one.
    std::fs::write(path, b"SQLite format 3\0 but not really").is_ok()
}

#[test]
fn a_compressed_file_answers_as_the_plain_one_and_games_come_out_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let text = collection(8, 250);
    let plain = write(dir.path(), "games.pgn", text.as_bytes());
    let zst = write(
        dir.path(),
        "games.pgn.zst",
        &zstd::encode_all(text.as_bytes(), 3).unwrap(),
    );
    let plain_db = open(&plain, &dir.path().join("plain"));
    let zst_db = open(&zst, &dir.path().join("zst"));
    assert_eq!(answers(&plain_db), answers(&zst_db));
    // The games themselves, exactly as the file has them, whichever way
    // it is stored; together, the whole file.
    let all: Vec<u64> = (1..=plain_db.game_count()).collect();
    for db in [&plain_db, &zst_db] {
        let mut out = Vec::new();
        db.write_pgn(&all, &mut out).unwrap();
        assert_eq!(out, text.as_bytes());
        let readable = db.filter(&chess_db::Filter::default()).unwrap();
        let n = readable[readable.len() / 2];
        let game = db.read_game(n).unwrap();
        let text_of = String::from_utf8(db.game_text(n).unwrap()).unwrap();
        assert_eq!(game.to_pgn(), chess_core::pgn::read_game(&text_of).unwrap().to_pgn());
    }
}

#[test]
fn queries_answer_while_the_index_builds_and_a_cancel_keeps_what_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(9, 3000).as_bytes());
    let db = Database::open(&pgn, &options(dir.path())).unwrap();
    // Whatever is indexed so far answers (perhaps nothing yet).
    let so_far = db.search_position(&Position::new(), None, None).unwrap();
    assert!(so_far.len() as u64 <= db.game_count().max(so_far.len() as u64));
    db.wait().unwrap();
    assert!(db.progress().done);
    assert_eq!(db.progress().fraction(), 1.0);
    drop(db);
    let fresh = tempfile::tempdir().unwrap();
    assert_eq!(answers(&open(&pgn, dir.path())), answers(&open(&pgn, fresh.path())));
}

#[test]
fn names_read_while_the_index_builds_stay_right_as_segments_come() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(21, 4000).as_bytes());
    let db = Database::open(&pgn, &options(dir.path())).unwrap();
    let filter = chess_db::Filter {
        player: Some("an".into()),
        ..chess_db::Filter::default()
    };
    // Each answer so far is the start of the last one: games come in file
    // order, and a name read before its segment came is not doubled.
    let mut partial = Vec::new();
    while !db.progress().done {
        partial.push(db.filter(&filter).unwrap());
        let top = db.explore(&Position::new(), Some(&filter)).unwrap().top;
        assert!(top.iter().all(|g| !g.white.is_empty() && !g.black.is_empty()));
    }
    db.wait().unwrap();
    let last = db.filter(&filter).unwrap();
    assert!(!last.is_empty());
    for p in &partial {
        assert_eq!(&last[..p.len()], &p[..]);
    }
    let fresh = tempfile::tempdir().unwrap();
    assert_eq!(answers(&db), answers(&open(&pgn, fresh.path())));
}

#[test]
fn a_missing_file_or_a_folder_without_games_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.pgn");
    let e = Database::open(&missing, &options(dir.path())).unwrap_err();
    assert!(e.to_string().contains("nope.pgn"), "{e}");
    write(dir.path(), "notes.txt", b"no games here");
    let e = Database::open(dir.path(), &Options::default()).unwrap_err();
    assert!(e.to_string().contains("no PGN file"), "{e}");
}

#[test]
fn queries_answer_the_same_whatever_the_memory_kept_between_them() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", collection(7, 1000).as_bytes());
    let expected = answers(&open(&pgn, dir.path()));
    // None kept, a few segments kept (the rest decoded again each query),
    // and all: each asked twice, the second time from what was kept.
    for limit in [0, 200_000, usize::MAX] {
        let options = Options {
            memory_limit: Some(limit),
            ..options(dir.path())
        };
        let db = Database::open(&pgn, &options).unwrap();
        assert!(db.progress().done);
        assert_eq!(answers(&db), expected, "memory limit {limit}");
        assert_eq!(answers(&db), expected, "memory limit {limit}, asked again");
    }
}
