//! The position editor and files, driven through the UI with egui_kittest:
//! set up a position by clicks, fix what is wrong, play from it, save, start
//! again, open the file; import and export PGN; refuse a bad file.

use std::path::PathBuf;

use chess_gui::ChessApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::common;
use common::{click, menu, square};

fn harness(open: &[PathBuf], save: &[PathBuf]) -> Harness<'static, ChessApp> {
    common::harness_with(open, save, |_| {})
}

#[test]
fn build_a_position_fix_it_play_save_and_open_it_again() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ending.ron");
    let mut h = harness(std::slice::from_ref(&file), std::slice::from_ref(&file));
    h.run();
    click(&mut h, "Edit position");
    click(&mut h, "Clear board");
    h.get_by_label("✖ White has no king");
    // A rook ending: white king e1, rook a1, black king e8.
    click(&mut h, "white king");
    square(&mut h, "e1");
    click(&mut h, "black king");
    square(&mut h, "e8");
    click(&mut h, "white rook");
    square(&mut h, "a1");
    h.get_by_label("✔ The position is legal");
    // Something illegal: a pawn on the last rank, and its fix.
    click(&mut h, "white pawn");
    square(&mut h, "h8");
    h.get_by_label("✖ White pawn on the 8th rank (h8)");
    click(&mut h, "→ remove the pawn on h8");
    h.get_by_label("✔ The position is legal");
    // Undo brings the pawn back, redo removes it again.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.get_by_label("h8, white pawn");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run();
    h.get_by_label("h8, empty");
    // Castling Q is possible (king and rook at home) and set by its box.
    click(&mut h, "Q (White O-O-O)");
    assert_eq!(h.state().model.editor.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    // The FEN field shows it too.
    assert_eq!(
        h.get_by_label("FEN").value().as_deref(),
        Some("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    );

    click(&mut h, "Play from here");
    assert_eq!(h.state().model.play.position().fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    square(&mut h, "e1");
    square(&mut h, "c1"); // castles
    h.get_by_label("d1, white rook");
    menu(&mut h, "File", "Save Ctrl+S");
    assert!(file.exists());
    assert_eq!(h.state().model.title(), "ending.ron — Chess");

    click(&mut h, "New game");
    click(&mut h, "Start game");
    h.get_by_label("e2, white pawn");
    menu(&mut h, "File", "Open… Ctrl+O");
    h.get_by_label("c1, white king");
    h.get_by_label("d1, white rook");
    let game = &h.state().model.play.game;
    assert_eq!(game.start_position().fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(game.san_at(game.cursor()).as_deref(), Some("O-O-O"));
}

#[test]
fn editing_through_the_fen_field() {
    let mut h = harness(&[], &[]);
    h.run();
    click(&mut h, "Edit position");
    let field = h.get_by_label("FEN");
    field.focus();
    field.type_text("x");
    h.run();
    h.get_by_label_contains("invalid FEN");
    // A pasted [FEN "..."] loads, even when illegal, to be fixed.
    h.state_mut()
        .model
        .editor
        .set_fen_text("[FEN \"4k3/8/8/8/8/8/8/4K3 w K - 0 1\"]");
    h.run();
    h.get_by_label("✖ castling right K but no rook on h1");
    click(&mut h, "→ remove the right K");
    h.get_by_label("✔ The position is legal");
    h.get_by_label("e1, white king");
}

const GAMES: &str = "[Event \"First\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n\
1. e4 {The classic} e5 2. Nf3 (2. f4 exf4 $5) 2... Nc6 1-0\n\n\
[Event \"Second\"]\n[White \"Cid\"]\n[Black \"Dee\"]\n\n1. d4 d5 2. c4 {Queen's gambit} *\n";

#[test]
fn import_a_multi_game_pgn_export_and_import_again() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.pgn");
    let output = dir.path().join("out.pgn");
    std::fs::write(&input, GAMES).unwrap();
    let mut h = harness(&[input.clone(), output.clone()], std::slice::from_ref(&output));
    h.run();
    menu(&mut h, "File", "Import PGN…");
    common::wait_for_game_list(&mut h);
    h.get_by_label("2 games");
    common::double_click(&mut h, "Ann");
    let game = &h.state().model.play.game;
    assert_eq!(game.tags.get("Event"), Some("First"));
    assert_eq!(game.nodes().len(), 7, "main line and the variation");
    let first = h.state().model.pgn();
    menu(&mut h, "File", "Export PGN…");
    let written = std::fs::read_to_string(&output).unwrap();
    assert_eq!(written, first);
    assert!(
        written.contains("{The classic}") && written.contains("(2. f4 exf4 $5)"),
        "{written}"
    );
    click(&mut h, "New game");
    click(&mut h, "Start game"); // nothing unsaved: no question
    menu(&mut h, "File", "Import PGN…");
    assert_eq!(h.state().model.pgn(), first, "the same game comes back");
    let collections = &h.state().model.collections;
    assert!(!collections.list_shown, "one game: opened, not listed");
    assert_eq!(
        collections.paths(),
        [input],
        "only the file of many games is a collection"
    );
}

#[test]
fn a_corrupt_file_is_refused_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("broken.ron");
    std::fs::write(
        &bad,
        "(version: 1, start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", moves: [(san: \"e5\")])",
    )
    .unwrap();
    let mut h = harness(&[bad], &[]);
    h.run();
    square(&mut h, "d2");
    square(&mut h, "d4");
    let before = h.state().model.pgn();
    menu(&mut h, "File", "Open… Ctrl+O");
    h.get_by_label("Could not do that");
    h.get_by_label_contains("move 1 (e5) cannot be played");
    click(&mut h, "OK");
    assert_eq!(h.state().model.pgn(), before);
    assert_eq!(h.state().model.tab_labels().len(), 1, "no tab opened for it");
    h.get_by_label("d4, white pawn");
}

#[test]
fn the_title_marks_unsaved_changes_and_closing_asks() {
    let mut h = harness(&[], &[]);
    h.run();
    assert_eq!(h.state().model.title(), "Untitled — Chess");
    square(&mut h, "e2");
    square(&mut h, "e4");
    assert_eq!(h.state().model.title(), "Untitled • — Chess");
    // Closing the window with unsaved changes asks first.
    let root = egui::ViewportId::ROOT;
    h.input_mut()
        .viewports
        .entry(root)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.run();
    h.get_by_label("Unsaved changes");
    click(&mut h, "Cancel");
    assert!(!h.state().view.quitting);
}

#[test]
fn recent_files_are_remembered_between_runs() {
    let mut storage = common::Memory::default();
    let mut first = ChessApp::new();
    first.model.file.remember(std::path::Path::new("/games/a.ron"));
    eframe::App::save(&mut first, &mut storage);
    let mut second = ChessApp::new();
    second.restore(&storage);
    assert_eq!(second.model.file.recent, [PathBuf::from("/games/a.ron")]);
}
