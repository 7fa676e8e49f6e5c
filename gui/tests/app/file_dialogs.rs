//! The app's own file dialog, as on a desktop with no portal and no
//! zenity: Ctrl+S, a name typed, Enter; and Open from it.

use chess_gui::ChessApp;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::common;

fn harness(folder: &std::path::Path) -> Harness<'static, ChessApp> {
    let mut app = ChessApp::new();
    app.model.board.animate = false;
    app.chooser.in_app_always = true;
    app.chooser.folder = Some(folder.to_path_buf());
    common::build(common::builder(common::WINDOW), app)
}

/// The app after 1. e4, played by clicks: a game with unsaved changes.
fn after_e4(folder: &std::path::Path) -> Harness<'static, ChessApp> {
    let mut h = harness(folder);
    h.run();
    h.get_by_label("e2, white pawn").click();
    h.run();
    h.get_by_label("e4, empty").click();
    h.run();
    h
}

#[test]
fn save_by_keyboard_in_the_apps_own_dialog_then_open_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = after_e4(dir.path());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    h.get_by_label("Save the game as");
    // The name field has the focus, the name offered selected up to its
    // extension: typing replaces it, Enter saves.
    assert_eq!(
        h.get_by_label("File name").accesskit_node().value().as_deref(),
        Some("game.ron")
    );
    h.input_mut().events.push(egui::Event::Text("first".into()));
    h.run();
    assert_eq!(
        h.get_by_label("File name").accesskit_node().value().as_deref(),
        Some("first.ron")
    );
    h.key_press(Key::Enter);
    h.run();
    h.run();
    let saved = dir.path().join("first.ron");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(
        saved.exists(),
        "saved as {saved:?}; the folder has {names:?}; notice {:?}",
        h.state().model.notice
    );
    assert_eq!(h.state().model.file.path.as_deref(), Some(saved.as_path()));
    h.get_by_label_contains("Saved first.ron");
    // New game, then Open: the dialog starts in the same folder.
    h.state_mut().model.request(chess_gui::model::Pending::NewGame);
    h.run();
    assert!(h.state().model.play.game.mainline().is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Open a game or PGN file");
    h.get_by_label_contains("first.ron").click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    h.run();
    assert_eq!(h.state().model.play.game.mainline().len(), 1);
}

#[test]
fn cancelling_the_save_of_an_unsaved_game_keeps_it_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = after_e4(dir.path());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    // Starting the new game would lose the move: the app asks first.
    h.get_by_label("Start game").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("Cancel").click();
    h.run();
    h.get_by_label_contains("Not saved, so the new game was cancelled.");
    assert_eq!(h.state().model.play.game.mainline().len(), 1);
}

/// Where the native dialog shows nothing after all (it answers "none
/// chosen" at once), the app says so and opens its own.
#[test]
fn a_native_dialog_that_shows_nothing_gives_way_to_the_apps_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().chooser = chess_gui::desktop::file_chooser::Chooser::trying_native();
    // No display and no portal here: rfd answers "none" at once.
    h.state_mut().model.request(chess_gui::model::Pending::Open);
    for _ in 0..100 {
        h.step();
        if h.state().chooser.in_app_open() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(h.state().chooser.in_app_open(), "the app's own dialog is open");
    h.run();
    h.get_by_label_contains("could not be shown: using the app's own");
}

/// The app's own dialog lists the files of the kind asked for: a game to
/// open is not looked for among opening books, nor a book among games.
#[test]
fn the_apps_own_dialog_shows_the_kind_of_file_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["game.ron", "games.pgn", "book.bin", "notes.txt"] {
        std::fs::write(dir.path().join(name), "x").unwrap();
    }
    std::fs::create_dir(dir.path().join("folder")).unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.state_mut().model.request(chess_gui::model::Pending::Open);
    h.run();
    h.get_by_label("game.ron");
    h.get_by_label("games.pgn");
    h.get_by_label("📁 folder");
    assert!(h.query_by_label("book.bin").is_none(), "no book among games");
    assert!(h.query_by_label("notes.txt").is_none());
    h.get_by_label("Cancel").click();
    h.run();
    // The new game dialog's "Choose book…": books only.
    h.state_mut().model.new_game_dialog();
    h.run();
    h.get_by_label("Choose book…").click();
    h.run();
    h.get_by_label("Choose an opening book");
    h.get_by_label("book.bin");
    assert!(h.query_by_label("game.ron").is_none(), "no game among books");
}

/// A second file request while a dialog is open is refused with a word,
/// not lost without one; the open dialog stays.
#[test]
fn a_second_file_request_while_a_dialog_is_open_is_refused_with_a_word() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = after_e4(dir.path());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    h.get_by_label("Save the game as");
    h.state_mut().model.export_pgn();
    h.run();
    h.get_by_label("Save the game as");
    assert!(h.query_by_label("Export the game as PGN").is_none());
    assert_eq!(
        h.state().model.notice.as_deref(),
        Some("A file dialog is open already: finish with it first.")
    );
}

/// Saving over an existing file through the app's own dialog asks first,
/// and "Cancel" leaves the file as it was.
#[test]
fn saving_over_a_file_in_the_apps_own_dialog_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("win32.ron");
    std::fs::write(&other, "// a reviewed 43-move game\n").unwrap();
    let mut h = after_e4(dir.path());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    h.input_mut().events.push(egui::Event::Text("win32".into()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("Replace the file?");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "// a reviewed 43-move game\n");
    h.get_by_label_contains("win32.ron was left as it was");
    assert!(h.state().model.file.path.is_none());
}

/// File → Open…: the menu closes as the dialog opens; it does not stay
/// open behind it.
#[test]
fn the_file_menu_closes_behind_the_open_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    common::menu(&mut h, "File", "Open… Ctrl+O");
    h.run();
    assert!(h.state().chooser.in_app_open(), "the app's own dialog is open");
    assert!(
        h.query_by_label("Save as… Ctrl+Shift+S").is_none(),
        "the File menu is still open behind the dialog"
    );
}

/// File → Open…: the menu closes as the dialog opens (issue 87: it stayed
/// drawn open behind the dialog).
#[test]
fn the_file_menu_closes_when_its_dialog_opens() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open recent");
    h.get_by_label("Open… Ctrl+O").click();
    h.run();
    h.get_by_label("Open a game or PGN file");
    assert!(h.query_by_label("Open recent").is_none(), "the menu is closed");
}
