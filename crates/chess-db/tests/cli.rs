//! The `chess-db` program as a shell user runs it: answers on standard
//! output, one clear line on standard error and a non-zero status for
//! what is wrong, games written back exactly as the file has them.

mod common;

use std::process::{Command, Output};

use common::*;

const GAMES: &str = "\
[Event \"Blitz\"]\n[White \"Carlsen, M\"]\n[Black \"Nakamura, H\"]\n[WhiteElo \"2850\"]\n[BlackElo \"2800\"]\n[Date \"2024.03.05\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2019.??.??\"]\n[Result \"1/2-1/2\"]\n\n1. e4 c5 2. Nf3 d6 1/2-1/2\n\n\
[Event \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n\n\
[Event \"Endgame\"]\n[White \"Nakamura, H\"]\n[Black \"Ann\"]\n[FEN \"4k2r/8/8/8/8/8/R7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"0-1\"]\n\n1. Ra8+ Kd7 2. Ra7+ Kc6 0-1\n";

/// Runs `chess-db` with `args`, its cache in `cache`.
fn chess_db(cache: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-db"))
        .env("CHESS_DB_CACHE", cache)
        .args(args)
        .output()
        .expect("run chess-db")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn each_command_answers_on_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", GAMES.as_bytes());
    let file = pgn.to_str().unwrap();
    let cache = dir.path().join("cache");

    let index = chess_db(&cache, &["index", "--quiet", "--verbose", file]);
    assert!(index.status.success(), "{}", stderr(&index));
    let said = stdout(&index);
    let field = |name: &str| {
        said.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
    };
    assert_eq!(field("games "), Some("4".into()), "{said}");
    assert_eq!(field("unreadable "), Some("1".into()), "{said}");
    assert!(said.contains("games.pgn:21:13: illegal move Ke3"), "{said}");

    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let search = chess_db(&cache, &["search", file, "--fen", after_e4]);
    assert_eq!(stdout(&search), "1\n2\n");
    let plies = chess_db(&cache, &["search", file, "--fen", after_e4, "--ply"]);
    assert_eq!(stdout(&plies), "1 1\n2 1\n");
    let count = chess_db(
        &cache,
        &["search", file, "--fen", after_e4, "--count", "--player", "ann"],
    );
    assert_eq!(stdout(&count), "1\n");

    // The games come out exactly as written: what pgn-extract users pipe on.
    let games = chess_db(&cache, &["filter", file, "--player", "nakamura", "--pgn"]);
    let first = &GAMES[..GAMES.find("[Event \"Club\"]").unwrap()];
    let last = &GAMES[GAMES.find("[Event \"Endgame\"]").unwrap()..];
    assert_eq!(stdout(&games), format!("{first}{last}"));

    let material = chess_db(&cache, &["material", file, "KRkr"]);
    assert_eq!(stdout(&material), "4\n");
    let filters = chess_db(
        &cache,
        &["filter", file, "--min-elo", "2700", "--from", "2024", "--result", "1-0"],
    );
    assert_eq!(stdout(&filters), "1\n");

    let explore = chess_db(&cache, &["explore", file]);
    let table = stdout(&explore);
    let e4 = table.lines().find(|l| l.starts_with("e4 ")).expect("a row for e4");
    assert_eq!(
        e4.split_whitespace().take(5).collect::<Vec<_>>(),
        ["e4", "2", "1", "1", "0"]
    );
    assert!(table.contains("Carlsen, M"), "the top game: {table}");
    let json = chess_db(&cache, &["explore", file, "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["moves"][0]["san"], "e4");
    assert_eq!(value["moves"][0]["games"], 2);
}

#[test]
fn what_is_wrong_gets_one_line_and_a_status() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", GAMES.as_bytes());
    let file = pgn.to_str().unwrap();
    let cache = dir.path().join("cache");
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let cases: [(&[&str], i32, &str); 8] = [
        (
            &["search", "/no/such.pgn", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
            2,
            "FEN",
        ),
        (&["index", "/no/such.pgn"], 1, "/no/such.pgn"),
        (&["index", empty.to_str().unwrap()], 1, "no PGN file"),
        (
            &["index", dir.path().to_str().unwrap(), "--index", "x.sqlite"],
            2,
            "own index",
        ),
        (&["search", file, "--fen", "not a fen"], 2, "not a fen"),
        (&["material", file, "KRZ"], 2, "KRZ"),
        (&["filter", file, "--eco", "Z99"], 2, "Z99"),
        (&["filter", file, "--from", "yesterday"], 2, "yesterday"),
    ];
    for (args, status, says) in cases {
        let out = chess_db(&cache, args);
        assert_eq!(out.status.code(), Some(status), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line, not {err:?}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // An index that is not one is rebuilt, not an error.
    let index = dir.path().join("odd.sqlite");
    std::fs::write(&index, b"not an index").unwrap();
    let out = chess_db(&cache, &["filter", file, "--index", index.to_str().unwrap(), "--count"]);
    assert_eq!(stdout(&out), "3\n", "{}", stderr(&out));
}

#[test]
fn every_command_has_help() {
    let cache = tempfile::tempdir().unwrap();
    for command in ["index", "search", "material", "explore", "filter"] {
        let out = chess_db(cache.path(), &[command, "--help"]);
        assert!(out.status.success());
        assert!(stdout(&out).contains("Usage: chess-db"), "{command}");
    }
}

#[test]
fn the_cache_is_listed_and_tidied_when_an_index_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let old = write(dir.path(), "old.pgn", GAMES.as_bytes());
    let new = write(dir.path(), "new.pgn", GAMES.as_bytes());
    let built = chess_db(&cache, &["index", "--quiet", old.to_str().unwrap()]);
    assert!(built.status.success(), "{}", stderr(&built));
    let listed = chess_db(&cache, &["cache"]);
    assert!(listed.status.success(), "{}", stderr(&listed));
    let said = stdout(&listed);
    assert!(said.contains("current") && said.contains("old.pgn"), "{said}");
    assert!(said.contains("1 indexes"), "{said}");

    // The file goes; its index, last used two hours ago, is removed when
    // the next index is built.
    std::fs::remove_file(&old).unwrap();
    for entry in std::fs::read_dir(&cache).unwrap().flatten() {
        let file = std::fs::OpenOptions::new().append(true).open(entry.path()).unwrap();
        file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(7200))
            .unwrap();
    }
    assert!(stdout(&chess_db(&cache, &["cache"])).contains("file gone"));
    let built = chess_db(&cache, &["index", "--quiet", new.to_str().unwrap()]);
    assert!(built.status.success(), "{}", stderr(&built));
    let said = stdout(&chess_db(&cache, &["cache"]));
    assert!(!said.contains("old.pgn") && said.contains("new.pgn"), "{said}");

    let bad = chess_db(&cache, &["cache", "--tidy", "--limit", "lots"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    let cleared = chess_db(&cache, &["cache", "--clear"]);
    assert!(
        stdout(&cleared).starts_with("removed 1 indexes"),
        "{}",
        stdout(&cleared)
    );
    assert!(stdout(&chess_db(&cache, &["cache"])).contains("0 indexes"));
}

#[test]
fn a_folder_is_one_collection_whose_games_name_their_files() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).unwrap();
    write(&folder, "1.pgn", GAMES.as_bytes());
    write(&folder, "2.pgn", GAMES.as_bytes());
    let cache = dir.path().join("cache");
    let path = folder.to_str().unwrap();

    let index = chess_db(&cache, &["index", "--quiet", path]);
    assert!(index.status.success(), "{}", stderr(&index));
    let said = stdout(&index);
    assert!(said.contains("files     2") && said.contains("games     8"), "{said}");
    let verbose = stdout(&chess_db(&cache, &["index", "--quiet", "--verbose", path]));
    assert!(verbose.contains("games/2.pgn:21:13: illegal move Ke3"), "{verbose}");
    assert!(
        verbose.contains("(game 3)") && !verbose.contains("(game 7)"),
        "{verbose}"
    );

    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let search = chess_db(&cache, &["search", path, "--fen", after_e4]);
    assert_eq!(stdout(&search), "1 1.pgn 1\n2 1.pgn 2\n5 2.pgn 1\n6 2.pgn 2\n");
    let pgn = stdout(&chess_db(&cache, &["search", path, "--fen", after_e4, "--pgn"]));
    assert_eq!(pgn.matches("[Event \"Blitz\"]").count(), 2, "{pgn}");

    // A file goes: the folder is what it holds now.
    std::fs::remove_file(folder.join("1.pgn")).unwrap();
    let search = chess_db(&cache, &["search", path, "--fen", after_e4]);
    assert!(search.status.success());
    assert_eq!(stdout(&search), "1 2.pgn 1\n2 2.pgn 2\n");
    assert_eq!(stderr(&search), "");
}
