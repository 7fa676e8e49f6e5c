//! Files given on the command line (or by the file manager): each game
//! in a tab of its own, a PGN file of many games as a collection.

use chess_gui::model::Model;

#[test]
fn each_game_opens_in_a_tab_and_many_games_open_as_a_collection() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.pgn");
    std::fs::write(
        &one,
        "[Event \"One\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .unwrap();
    let many = dir.path().join("many.pgn");
    std::fs::write(
        &many,
        "[Event \"A\"]\n\n1. d4 d5 *\n\n[Event \"B\"]\n\n1. c4 e5 *\n\n[Event \"C\"]\n\n1. Nf3 *\n",
    )
    .unwrap();
    let second = dir.path().join("second.pgn");
    std::fs::write(&second, "[Event \"Two\"]\n\n1. b3 *\n").unwrap();
    let ron = dir.path().join("third.ron");
    let mut saver = Model::new();
    saver.play.play_text("g3").unwrap();
    saver.save();
    crate::common::Answers::new(&[], std::slice::from_ref(&ron)).answer(&mut saver);
    assert!(!saver.is_dirty());

    let mut model = Model::new();
    model.open_paths(&[many.clone(), one, second, ron.clone()]);
    let names: Vec<String> = model.tab_labels().into_iter().map(|t| t.name).collect();
    assert_eq!(
        names,
        ["Ann – Bob", "Untitled", "third.ron"],
        "the first game took the blank tab, the others one each"
    );
    assert_eq!(model.tabs.shown(), 2, "the last opened is shown");
    assert_eq!(model.play.game.san_at(model.play.game.cursor()).as_deref(), Some("g3"));
    model.show_tab(1);
    assert_eq!(model.play.game.tags.get("Event"), Some("Two"));
    let paths: Vec<_> = model.collections.open.iter().map(|c| c.path.clone()).collect();
    assert_eq!(paths, [many], "many games as a collection");
    // Opened again, a file open in a tab shows that tab.
    model.open_path(&ron);
    assert_eq!(model.tabs.shown(), 2);
    assert_eq!(model.tab_labels().len(), 3);
}

#[test]
fn with_unsaved_changes_on_the_board_the_game_opens_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.pgn");
    std::fs::write(&one, "[Event \"One\"]\n\n1. e4 *\n").unwrap();
    let mut model = Model::new();
    model.play.play_text("d4").unwrap();
    model.open_paths(&[one]);
    assert!(model.dialog.is_none(), "nothing to ask: {:?}", model.dialog);
    assert_eq!(model.play.game.tags.get("Event"), Some("One"));
    model.show_tab(0);
    assert_eq!(model.play.game.san_at(model.play.game.cursor()).as_deref(), Some("d4"));
    assert!(model.is_dirty(), "its changes kept");
}

/// A study chapter or a puzzle opens at its start (its line not given
/// away); a finished game at its end.
#[test]
fn studies_and_puzzles_open_at_their_start() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("puzzle.pgn");
    std::fs::write(
        &puzzle,
        "[Event \"Puzzle\"]\n[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\"]\n\n1. Rd8# 1-0\n",
    )
    .unwrap();
    let chapter = dir.path().join("chapter.pgn");
    std::fs::write(
        &chapter,
        "[Event \"Openings: Italian\"]\n[ChapterName \"Italian\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n",
    )
    .unwrap();
    let game = dir.path().join("game.pgn");
    std::fs::write(
        &game,
        "[Event \"Club\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
    )
    .unwrap();
    let cursor_ply = |path: &std::path::Path| {
        let mut model = Model::new();
        model.open_path(path);
        model.play.game.ply(model.play.game.cursor())
    };
    assert_eq!(cursor_ply(&puzzle), 0, "the puzzle is not solved for you");
    assert_eq!(cursor_ply(&chapter), 0);
    assert_eq!(cursor_ply(&game), 7, "a game: its end");
}
