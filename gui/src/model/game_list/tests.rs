//! The list, filled from real files: sorted, filtered, read, exported.

use super::*;

fn listed(pgn: &str) -> (tempfile::TempDir, GameList) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, pgn).unwrap();
    wait_for(&path, dir)
}

fn wait_for(path: &Path, dir: tempfile::TempDir) -> (tempfile::TempDir, GameList) {
    let mut list = GameList::open(path, true).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while list.poll() {
        assert!(std::time::Instant::now() < deadline);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    (dir, list)
}

const PGN: &str = "[White \"Carla\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n[Date \"2026.01.02\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n\n\
                   [White \"anna\"]\n[Black \"Dev\"]\n[Result \"0-1\"]\n[Date \"????.??.??\"]\n\n1. d4 0-1\n\n\
                   [White \"Bo\"]\n[Black \"Eli\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke2 *\n";

#[test]
fn games_are_listed_sorted_filtered_and_read_from_their_offset() {
    let (_dir, mut list) = listed(PGN);
    assert_eq!(list.games(), 3);
    assert!(list.checked);
    let first = list.row(0).unwrap();
    assert_eq!(first.fields, ["Carla", "Bo", "1-0", "2026.01.02", "", ""]);
    assert_eq!((first.number, first.moves, first.line), (1, 2, 1));
    assert_eq!(list.row(1).unwrap().fields[3], "", "an unknown date is empty");
    list.sort_by(Column::White);
    let whites: Vec<&str> = (0..3).map(|i| list.row(i).unwrap().fields[0]).collect();
    assert_eq!(whites, ["Bo", "Carla", "anna"]);
    list.sort_by(Column::White);
    assert_eq!(list.row(0).unwrap().fields[0], "anna");
    list.set_filter("BO");
    assert_eq!(list.rows(), 2);
    // The game of a sorted, filtered row is that row's game.
    assert_eq!(list.row(0).unwrap().fields[0], "Carla");
    let game = list.read(0).unwrap();
    assert_eq!(game.tags.get("White"), Some("Carla"));
    assert_eq!(game.mainline().len(), 4);
    list.set_filter("");
    list.sort_by(Column::Moves);
    assert_eq!(list.row(0).unwrap().moves, 1);
}

#[test]
fn a_compressed_file_lists_and_reads_as_the_plain_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn.zst");
    std::fs::write(&path, zstd::encode_all(PGN.as_bytes(), 3).unwrap()).unwrap();
    let (_dir, list) = wait_for(&path, dir);
    let (_plain_dir, plain) = listed(PGN);
    assert_eq!(list.games(), 3);
    for i in 0..3 {
        assert_eq!(list.row(i).unwrap().fields, plain.row(i).unwrap().fields);
        assert_eq!(list.read(i).unwrap().to_pgn(), plain.read(i).unwrap().to_pgn());
    }
}

#[test]
fn unreadable_games_are_listed_with_why_and_where() {
    let (_dir, list) = listed(PGN);
    assert!(list.problems.is_empty());
    let bad = PGN.replace("2. Ke2", "2. Ke3");
    let (_dir, list) = listed(&bad);
    assert_eq!(list.problems.len(), 1);
    let problem = &list.problems[0];
    assert_eq!((problem.game, problem.line), (3, 19));
    assert!(problem.reason.contains("Ke3"), "{}", problem.reason);
    // Opened, it is read up to the bad move, its warning in the file's lines.
    let game = list.read(2).unwrap();
    let why = crate::model::files::cut_short(&game).unwrap();
    assert!(why.contains("line 19") && why.contains("illegal move Ke3"), "{why}");
}

/// Games found by an index (as offsets) are the rows of the games
/// beginning there, with their plies; sorted by any column; walked
/// with the keyboard's row; the filtered rows exported exactly.
#[test]
fn found_games_are_shown_walked_and_exported() {
    let (dir, mut list) = listed(PGN);
    let second = PGN.find("[White \"anna").unwrap() as u64;
    let third = PGN.find("[White \"Bo\"]").unwrap() as u64;
    list.set_found(Some(vec![(0, Some(3)), (third, Some(1))]));
    assert_eq!(list.rows(), 2);
    assert!(list.has_plies());
    assert_eq!(list.row(1).unwrap().fields[0], "Bo");
    assert_eq!(list.row(1).unwrap().ply, Some(1));
    list.sort_by(Column::Ply);
    assert_eq!(list.row(0).unwrap().fields[0], "Bo");
    list.set_found(None);
    assert_eq!(list.rows(), 3);
    assert!(!list.has_plies());
    // An offset inside a game (a broken game split otherwise) is its row.
    list.set_found(Some(vec![(second + 5, None)]));
    assert_eq!(list.row(0).unwrap().fields[0], "anna");
    list.set_found(None);
    list.sort_by(Column::WhiteElo);
    list.move_cursor(1);
    assert_eq!(list.cursor, Some(0));
    list.move_cursor(5);
    assert_eq!(list.cursor, Some(2));
    list.move_cursor(-1);
    assert_eq!(list.cursor, Some(1));
    // Export the rows a filter leaves, in the file's order.
    list.set_filter("bo");
    assert_eq!(list.rows(), 2);
    let out = dir.path().join("out.pgn");
    list.start_export(&out).unwrap();
    while list.poll() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(list.exported, Some(Ok("Exported 2 games to out.pgn".to_string())));
    let written = std::fs::read_to_string(&out).unwrap();
    let expected = format!("{}{}\n", &PGN[..second as usize], &PGN[third as usize..]);
    assert_eq!(written, expected);
    let games = chess_core::pgn::PgnReader::new(written.as_bytes()).count();
    assert_eq!(games, 2);
    assert!(list.game_text(0).unwrap().starts_with("[White \""));
}

#[test]
fn a_list_keeps_little_per_game() {
    let game = "[Event \"Club rapid 3\"]\n[Site \"Oslo NOR\"]\n[Date \"2026.10.12\"]\n[White \"Anna Berg\"]\n[Black \"Bo Chen\"]\n[Result \"1-0\"]\n[WhiteElo \"1866\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
    let (_dir, list) = listed(&game.repeat(5000));
    assert_eq!(list.games(), 5000);
    assert!(list.bytes_per_game() < 200.0, "{}", list.bytes_per_game());
}

/// The chapters of a lichess study are told apart by their names.
#[test]
fn study_chapters_show_their_names() {
    let pgn = "[Event \"Endgames ♟\"]\n[ChapterName \"Lucena 🏰\"]\n[ChapterURL \"https://lichess.org/study/x/1\"]\n\n1. e4 *\n\n\
               [Event \"Endgames ♟: Philidor\"]\n[ChapterName \"Philidor\"]\n\n1. d4 *\n\n\
               [Event \"Club\"]\n\n1. c4 *\n\n";
    let (_dir, list) = listed(pgn);
    let events: Vec<&str> = (0..3).map(|i| list.row(i).unwrap().fields[4]).collect();
    assert_eq!(events, ["Endgames ♟: Lucena 🏰", "Endgames ♟: Philidor", "Club"]);
}
