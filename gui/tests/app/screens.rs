//! The app as issue pictures show it, kept as snapshots (and copied to
//! `docs/`): the result banner at the end of a game, and a lichess study
//! chapter opened at its start, its long header elided, the panel at a
//! sane width.

use egui_kittest::kittest::Queryable;

use crate::common;

#[test]
fn the_result_banner() {
    let pgn = "[Event \"Club night\"]\n[White \"Anna Berg\"]\n[Black \"Bo Chen\"]\n\n\
               1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    let mut h = common::harness_with(&[], &[], |app| app.model.load_text(pgn));
    common::settle(&mut h);
    h.get_by_label("Game over: 1–0, Checkmate — White wins 1-0");
    h.get_by_label_contains("Anna Berg wins");
    // The score closes the move list too, after the last move.
    let last = h.get_by_label("4. Qxf7#").rect();
    let result = h.get_by_label("1-0").rect();
    assert!(
        result.left() > last.right() || result.top() > last.top(),
        "after the last move"
    );
    h.remove_cursor();
    h.snapshot("result_banner");
}

#[test]
fn a_study_chapter_opens_at_its_start_with_the_panel_at_a_sane_width() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("study.pgn");
    std::fs::write(
        &path,
        "[Event \"Endgame Fundamentals for Club Players ♟ (Lucena, Philidor and Vancura): Lucena 🏰\"]\n\
         [Site \"https://lichess.org/study/AbCdEfGh/IjKlMnOp\"]\n\
         [ChapterName \"Lucena 🏰\"]\n[ChapterURL \"https://lichess.org/study/AbCdEfGh/IjKlMnOp\"]\n\
         [SetUp \"1\"]\n[FEN \"1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1\"]\n\n\
         { Build a bridge. } 1. Rd1+ Ke7 2. Rd4 Ra1 3. Kc7 Rc1+ 4. Kb6 Rb1+ 5. Kc6 Rc1+ 6. Kb5 Rb1+ 7. Rb4 *\n",
    )
    .unwrap();
    let mut app = chess_gui::ChessApp::new();
    app.model.open_path(&path);
    let mut h = common::harness_of(app, egui::vec2(1000.0, 720.0));
    common::settle(&mut h);
    assert!(h.state().model.dialog.is_none(), "{:?}", h.state().model.dialog);
    assert_eq!(h.state().model.play.game.mainline().len(), 13);
    assert_eq!(
        h.state().model.play.game.cursor(),
        chess_core::NodeId::ROOT,
        "at its start"
    );
    let board = h.state().view.board_rect;
    assert!(board.width() >= 560.0, "the board keeps its room: {board:?}");
    h.remove_cursor();
    h.snapshot("study_at_start");
}

/// A lichess study's chapters in the game list: told apart by their names,
/// emoji drawn as emoji.
#[test]
fn study_chapters_in_the_game_list() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("study.pgn");
    let chapter = |name: &str, moves: &str| {
        format!(
            "[Event \"Rook endings ♜: {name}\"]\n[Site \"https://lichess.org/study/AbCdEfGh\"]\n[Result \"*\"]\n\
             [ChapterName \"{name}\"]\n\n{moves} *\n\n"
        )
    };
    let text = [
        chapter("Lucena 🏰", "1. e4"),
        chapter("Philidor 🛡️", "1. d4"),
        chapter("Vancura ⚔️", "1. c4"),
    ]
    .concat();
    std::fs::write(&path, text).unwrap();
    let mut h = common::harness_with(&[], &[], |app| {
        app.model.list_games(&path);
    });
    common::wait_for_game_list(&mut h);
    h.get_by_label("Rook endings ♜: Lucena 🏰");
    h.get_by_label("Rook endings ♜: Philidor 🛡️");
    // The explorer's answer, with its time fixed: the picture must not
    // depend on how fast this machine answered.
    common::step_until(&mut h, 400, |app| {
        app.model.collections.active().is_some_and(|c| c.explored.is_some())
    });
    let collection = h.state_mut().model.collections.active_mut().unwrap();
    collection.explored.as_mut().expect("the explorer answered").latency = std::time::Duration::from_millis(20);
    h.run();
    h.remove_cursor();
    h.snapshot("study_chapters_listed");
}

/// Three games open as tabs above the board: a collection's game, a saved
/// file, a game with unsaved changes (its tab marked •) shown.
#[test]
fn games_open_as_tabs() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.pgn");
    std::fs::write(
        &first,
        "[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n",
    )
    .unwrap();
    let mut app = chess_gui::ChessApp::new();
    app.model.open_path(&first);
    app.model.apply(chess_gui::model::Action::NewTab);
    app.model.play.play_text("d4").unwrap();
    app.model.play.play_text("Nf6").unwrap();
    let mut h = common::harness_of(app, egui::vec2(1000.0, 720.0));
    common::settle(&mut h);
    h.get_by_label_contains("Carlsen, Magnus – Car");
    h.get_by_label("Untitled •");
    h.remove_cursor();
    h.snapshot("tabs");
}
