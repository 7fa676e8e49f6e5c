//! The app's own file dialog, as on a desktop with no portal and no
//! zenity: Ctrl+S, a name typed, Enter; and Open from it.

use chess_gui::ChessApp;
use chess_gui::platform::NativeDialogs;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

mod common;

fn harness(folder: &std::path::Path) -> Harness<'static, ChessApp> {
    let mut app = ChessApp::new(Box::new(NativeDialogs));
    app.model.board.animate = false;
    app.chooser.in_app_always = true;
    app.chooser.folder = Some(folder.to_path_buf());
    // egui_file's two text fields (folder, file name) carry no accessible
    // name; the rest of the app is checked elsewhere.
    common::build(common::builder(common::WINDOW).with_accessibility_check(false), app)
}

/// The text fields of the dialog: the folder, then the file name.
fn file_name_field<'a>(h: &'a Harness<'static, ChessApp>) -> egui_kittest::Node<'a> {
    h.get_all_by_role(egui::accesskit::Role::TextInput)
        .rfind(|n| n.accesskit_node().label().is_none_or(|l| l != "Move"))
        .expect("the file name field")
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
    h.get_by_label_contains("Save as");
    // The name offered ("game.ron") is replaced by the one typed.
    let field = file_name_field(&h);
    field.focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    let field = file_name_field(&h);
    field.type_text("first");
    h.run();
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
    h.state_mut()
        .model
        .request(chess_gui::model::Pending::NewGame, &mut NativeDialogs);
    h.run();
    assert!(h.state().model.play.game.mainline().is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
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
    h.state_mut().chooser = chess_gui::platform::Chooser::trying_native();
    // No display and no portal here: rfd answers "none" at once.
    h.state_mut()
        .model
        .request(chess_gui::model::Pending::Open, &mut NativeDialogs);
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
