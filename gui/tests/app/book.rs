//! The Book panel: the opening's name, a chosen Polyglot book's moves with
//! their shares, a click playing one; the computer answering from the book.

use chess_gui::ChessApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::common;
use common::click;

fn harness(book: &std::path::Path) -> Harness<'static, ChessApp> {
    common::harness_with(&[book.to_path_buf()], &[], |_| {})
}

/// A book from three games: 1. e4 (a win, a loss: weight 2), 1... c5 (a
/// win for Black: 2) and 1... e5 (a loss: 0), 1. d4 (a draw: 1).
fn make_book(dir: &std::path::Path) -> std::path::PathBuf {
    let mut builder = chess_core::book::BookBuilder::new(4);
    for pgn in ["1. e4 e5 2. Nf3 1-0", "1. e4 c5 2. Nf3 0-1", "1. d4 d5 1/2-1/2"] {
        builder.add_game(&chess_core::pgn::read_game(pgn).unwrap());
    }
    let path = dir.join("openings.bin");
    std::fs::write(&path, builder.to_bytes(1)).unwrap();
    path
}

/// A new game with the book chosen in the dialog; Black is the computer
/// or a person.
fn start_with_book(h: &mut Harness<'static, ChessApp>, black: &str) {
    click(h, "New game");
    click(h, "Choose book…");
    h.get_by_label_contains("Opening book: ");
    click(h, "White: human");
    click(h, black);
    click(h, "Start game");
}

#[test]
fn a_book_move_from_the_panel_changes_the_opening_name() {
    let dir = tempfile::tempdir().unwrap();
    let book = make_book(dir.path());
    let mut h = harness(&book);
    let _ = h.try_run();
    h.get_by_label("Opening: —");
    start_with_book(&mut h, "Black: human");
    assert_eq!(h.state().model.computer.setup.book.as_deref(), Some(book.as_path()));
    h.get_by_label("Book (openings.bin):");
    // 1. e4 weighs 2, 1. d4 1: 66% and 33%.
    click(&mut h, "e4 66%");
    h.get_by_label("Opening: B00 King's Pawn Game");
    // A move played under 1% of the time is hidden, a click away.
    assert!(h.query_by_label("e5 <1%").is_none());
    click(&mut h, "+1 under 1%");
    h.get_by_label("e5 <1%");
    h.get_by_label("Hide moves under 1%");
    click(&mut h, "c5 100%");
    h.get_by_label("Opening: B20 Sicilian Defense");
    assert_eq!(h.state().model.play.game.move_count(), 2);
    // Out of the book: the name stays, the panel says there is no move.
    click(&mut h, "Nf3 <1%");
    h.get_by_label("Book (openings.bin): no move for this position");
    let named = chess_core::opening::lookup(h.state().model.play.position()).unwrap();
    h.get_by_label(&format!("Opening: {} {}", named.eco, named.name));
}

#[test]
fn the_computer_answers_from_the_book() {
    let dir = tempfile::tempdir().unwrap();
    let book = make_book(dir.path());
    let mut h = harness(&book);
    let _ = h.try_run();
    start_with_book(&mut h, "Black: computer");
    click(&mut h, "e4 66%");
    // The book's only weighted answer, at once.
    for _ in 0..10 {
        h.step();
    }
    let game = &h.state().model.play.game;
    assert_eq!(game.san_at(game.cursor()).as_deref(), Some("c5"));
}

#[test]
fn a_file_that_is_no_book_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.bin");
    std::fs::write(&bad, [1u8; 20]).unwrap();
    let mut h = harness(&bad);
    let _ = h.try_run();
    click(&mut h, "New game");
    click(&mut h, "Choose book…");
    click(&mut h, "Start game");
    let Some(chess_gui::model::Dialog::Error(message)) = &h.state().model.dialog else {
        panic!("no error shown")
    };
    assert!(message.contains("cut short"), "{message}");
    assert!(h.state().model.computer.setup.book.is_none());
}

#[test]
fn snapshot_book_panel() {
    let dir = tempfile::tempdir().unwrap();
    let book = make_book(dir.path());
    let mut h = harness(&book);
    let _ = h.try_run();
    start_with_book(&mut h, "Black: human");
    click(&mut h, "e4 66%");
    let _ = h.try_run();
    h.snapshot("book_panel");
}

#[test]
fn analysis_marks_book_moves() {
    // One legal move, Kxg2, which the book has.
    let fen = "7k/8/8/8/8/8/6q1/7K w - - 0 1";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.bin");
    let mut builder = chess_core::book::BookBuilder::new(4);
    let mut game = chess_core::Game::from_fen(fen).unwrap();
    game.play_san("Kxg2").unwrap();
    game.set_result(Some(chess_core::Outcome::Draw(chess_core::DrawReason::Agreement)));
    builder.add_game(&game);
    std::fs::write(&path, builder.to_bytes(1)).unwrap();
    let mut h = harness(&path);
    h.state_mut().model.play = chess_gui::model::Play::new(chess_core::Game::from_fen(fen).unwrap());
    h.state_mut().model.computer.setup.book = Some(path.clone());
    let _ = h.try_run();
    h.get_by_label("Kxg2 100%");
    click(&mut h, "Analyse");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.state().model.computer.analysis.depth() < 2 {
        assert!(std::time::Instant::now() < deadline, "no analysis");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.step();
    h.get_by_label_contains("Kxg2  (book)");
    click(&mut h, "Stop analysis");
}
