//! Save files: round trips, version and damage handling, and loading that
//! never half-changes anything.

use chess_core::pgn::read_game;
use chess_core::{Color, Game};
use chess_file::{AppState, Document, FORMAT_VERSION, LoadError, load, save};
use proptest::prelude::*;

const RICH: &str = "[Event \"Club\"]\n[White \"Ann \\\"Quotes\\\"\"]\n\n\
{Before the game} 1. e4 e5 $1 2. Nf3 {develops} (2. f4 {the gambit} exf4 (2... d5) 3. Nf3) 2... Nc6 3. Bb5 a6 *";

fn rich_game() -> Game {
    let mut game = read_game(RICH).unwrap();
    game.resign(Color::Black).unwrap();
    game
}

fn same_game(a: &Game, b: &Game) {
    assert_eq!(a.to_pgn(), b.to_pgn());
    assert_eq!(a.nodes().len(), b.nodes().len());
    for (x, y) in a.nodes().into_iter().zip(b.nodes()) {
        assert_eq!(a.move_at(x), b.move_at(y));
        assert_eq!(a.comment(x), b.comment(y));
        assert_eq!(a.starting_comment(x), b.starting_comment(y));
        assert_eq!(a.nags(x), b.nags(y));
        assert_eq!(a.recorded_result(x), b.recorded_result(y));
    }
    assert_eq!(a.start_position(), b.start_position());
    assert_eq!(a.tags, b.tags);
}

#[test]
fn save_then_load_is_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.ron");
    let mut game = rich_game();
    // The cursor in a variation: it comes back there.
    let f4 = game.children(game.mainline()[1])[1];
    game.go_to(f4);
    let app = AppState {
        flipped: true,
        ..AppState::default()
    };
    save(&path, &game, &app).unwrap();
    let (loaded, loaded_app) = load(&path).unwrap();
    same_game(&game, &loaded);
    assert!(loaded_app.flipped);
    assert_eq!(loaded.san_at(loaded.cursor()).as_deref(), Some("f4"));
    assert_eq!(loaded_app.cursor, [0, 0, 1]);
}

#[test]
fn games_from_a_position_round_trip() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K2R w K - 3 40").unwrap();
    game.play_san("O-O").unwrap();
    game.agree_draw().unwrap();
    let text = Document::from_game(&game, &AppState::default()).to_ron();
    let (again, _) = Document::from_ron(&text).unwrap().to_game().unwrap();
    same_game(&game, &again);
    assert_eq!(again.outcome().unwrap().to_string(), "Draw by agreement");
}

#[test]
fn the_text_is_readable_ron() {
    let text = Document::from_game(&rich_game(), &AppState::default()).to_ron();
    assert!(text.starts_with("// chess game file, format 1"), "{text}");
    assert!(text.contains("version: 1,"), "{text}");
    assert!(text.contains("san: \"e4\""), "{text}");
    assert!(text.contains("comment: \"the gambit\""), "{text}");
    assert!(text.contains("result: Some(Win("), "{text}");
}

#[test]
fn a_newer_version_is_refused_clearly() {
    let text = Document::from_game(&Game::new(), &AppState::default())
        .to_ron()
        .replace("version: 1,", "version: 7,");
    let err = Document::from_ron(&text).unwrap_err();
    assert!(matches!(
        err,
        LoadError::NewerVersion {
            found: 7,
            supported: FORMAT_VERSION
        }
    ));
    assert_eq!(
        err.to_string(),
        "the file is in format version 7, newer than this program reads (up to 3); update the program"
    );
}

#[test]
fn damaged_files_are_refused_with_a_position() {
    let text = Document::from_game(&rich_game(), &AppState::default()).to_ron();
    let cut = &text[..text.len() / 2];
    match Document::from_ron(cut).unwrap_err() {
        LoadError::Syntax { line, column, .. } => assert!(line > 1 && column >= 1),
        other => panic!("{other}"),
    }
    assert!(matches!(
        Document::from_ron("not ron at all").unwrap_err(),
        LoadError::Syntax { .. }
    ));
    assert!(matches!(
        Document::from_ron("(version: 1)").unwrap_err(),
        LoadError::Syntax { .. }
    ));
    // Well-formed, but an illegal move: the message says which.
    let bad = text.replacen("san: \"Nf3\"", "san: \"Nf6\"", 1);
    let err = Document::from_ron(&bad).unwrap().to_game().unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 3 (Nf6) cannot be played: illegal move Nf6: no legal move fits it"
    );
    let bad_start = text.replace("rnbqkbnr/pppppppp", "rnbqkbnr/ppppppppp");
    assert!(matches!(
        Document::from_ron(&bad_start).unwrap().to_game(),
        Err(LoadError::BadStart(_))
    ));
}

#[test]
fn missing_and_wrong_files() {
    let dir = tempfile::tempdir().unwrap();
    let err = load(&dir.path().join("none.ron")).unwrap_err();
    assert!(err.to_string().starts_with("cannot read "), "{err}");
    let binary = dir.path().join("binary.ron");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    assert!(matches!(load(&binary).unwrap_err(), LoadError::Syntax { .. }));
    assert!(matches!(load(dir.path()).unwrap_err(), LoadError::Io { .. }));
}

proptest! {
    #[test]
    fn the_loader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(text) = std::str::from_utf8(&bytes)
            && let Ok(doc) = Document::from_ron(text)
        {
            let _ = doc.to_game();
        }
    }

    #[test]
    fn ron_like_text_never_panics(text in r#"\(version: [0-9], start: "[1-8kK/]{0,20}( w - - 0 1)?", moves: \[(\(san: "[a-hNO0-]{1,4}"(, variations: \[\[\(san: "[a-h1-8]{2}"\)\]\])?\),? ?){0,4}\], app: \(cursor: \[[0-9, ]{0,6}\]\)\)"#) {
        if let Ok(doc) = Document::from_ron(&text) {
            let _ = doc.to_game();
        }
    }
}

#[test]
fn a_chess960_game_keeps_its_variant_and_standard_games_stay_version_1() {
    let mut game = Game::new_960(0).unwrap();
    for san in [
        "Nd3", "Nd6", "Nc3", "Nc6", "Qd1", "Qd8", "e3", "e6", "Qe2", "Qe7", "O-O-O",
    ] {
        game.play_san(san).unwrap();
    }
    let doc = Document::from_game(&game, &AppState::default());
    let text = doc.to_ron();
    assert!(text.contains("version: 2,"), "{text}");
    assert!(text.contains("variant: Chess960,"), "{text}");
    let (back, _) = Document::from_ron(&text).unwrap().to_game().unwrap();
    assert!(back.start_position().is_chess960());
    assert_eq!(back.position(), game.position());
    assert_eq!(back.to_pgn(), game.to_pgn());
    // A standard game says nothing new: older programs read it.
    let text = Document::from_game(&Game::new(), &AppState::default()).to_ron();
    assert!(text.contains("version: 1,") && !text.contains("variant"), "{text}");
    // A version 1 file (no variant) is standard chess.
    let (old, _) =
        Document::from_ron("(version: 1, start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\")")
            .unwrap()
            .to_game()
            .unwrap();
    assert!(!old.start_position().is_chess960());
}
