//! Several games open at once, as tabs: each keeps its own game, file,
//! clock and players; opening a game opens a tab; closing or quitting asks
//! about each tab's unsaved changes; the autosave keeps every tab; the
//! strip above the board shows them.

use std::time::Duration;

use chess_gui::model::clock::TimeControl;
use chess_gui::model::{Action, Choice, Dialog, GameSetup, Model, Pending, Player};
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

use crate::common::{self, Manual, click, settle, square};

/// The names the strip shows, in order.
fn names(model: &Model) -> Vec<String> {
    model.tab_labels().into_iter().map(|t| t.name).collect()
}

/// The main line, as SAN.
fn line(model: &Model) -> Vec<String> {
    let game = &model.play.game;
    game.mainline().iter().filter_map(|&n| game.san_at(n)).collect()
}

#[test]
fn each_tab_keeps_its_game_and_the_tabs_keep_their_order() {
    let mut model = Model::new();
    model.play.play_text("e4").unwrap();
    model.play.set_tag("White", "Ann");
    model.play.set_tag("Black", "Bob");
    model.apply(Action::NewTab);
    model.play.play_text("d4").unwrap();
    model.apply(Action::Flip);
    model.apply(Action::NewTab);
    model.play.play_text("c4").unwrap();
    assert_eq!(names(&model), ["Ann – Bob", "Untitled", "Untitled"]);
    assert_eq!(model.tabs.shown(), 2);
    model.apply(Action::ShowTab(0));
    assert_eq!(line(&model), ["e4"]);
    assert!(!model.flipped);
    model.apply(Action::StepTab(1));
    assert_eq!(line(&model), ["d4"]);
    assert!(model.flipped, "the board turned in this tab only");
    model.apply(Action::StepTab(1));
    assert_eq!(line(&model), ["c4"]);
    model.apply(Action::StepTab(1));
    assert_eq!(model.tabs.shown(), 0, "round the end");
    model.apply(Action::StepTab(-1));
    assert_eq!(model.tabs.shown(), 2, "and back");
    assert_eq!(names(&model), ["Ann – Bob", "Untitled", "Untitled"], "the order stays");
    // Undo belongs to its tab.
    model.apply(Action::TakeBack);
    assert_eq!(line(&model), Vec::<String>::new());
    model.apply(Action::ShowTab(0));
    assert_eq!(line(&model), ["e4"]);
}

#[test]
fn closing_a_tab_with_unsaved_changes_asks_first() {
    let mut model = Model::new();
    model.play.play_text("e4").unwrap();
    model.apply(Action::NewTab);
    model.play.play_text("d4").unwrap();
    model.apply(Action::NewTab);
    // A tab with nothing in it closes at once; the one before is shown.
    model.apply(Action::CloseTab(2));
    assert!(model.dialog.is_none());
    assert_eq!(model.tab_labels().len(), 2);
    assert_eq!(line(&model), ["d4"]);
    // Closing the first (not shown) tab shows it and asks.
    model.apply(Action::CloseTab(0));
    assert!(matches!(
        model.dialog,
        Some(Dialog::Confirm {
            then: Pending::CloseTab
        })
    ));
    assert_eq!(line(&model), ["e4"], "the tab asked about is shown");
    model.apply(Action::Confirm(Choice::Cancel));
    assert_eq!(model.tab_labels().len(), 2, "cancelled: kept");
    model.apply(Action::CloseTab(0));
    model.apply(Action::Confirm(Choice::Discard));
    assert_eq!(model.tab_labels().len(), 1);
    assert_eq!(line(&model), ["d4"], "the one right of it is shown");
    // The last tab gives way to a fresh board.
    model.apply(Action::CloseTab(0));
    model.apply(Action::Confirm(Choice::Discard));
    assert_eq!(model.tab_labels().len(), 1);
    assert!(model.is_blank_tab());
}

#[test]
fn quitting_asks_about_every_tab_with_unsaved_changes() {
    let mut model = Model::new();
    model.play.play_text("e4").unwrap();
    model.apply(Action::NewTab);
    model.play.play_text("d4").unwrap();
    model.apply(Action::NewTab);
    assert!(!model.is_dirty() && model.any_dirty());
    model.apply(Action::Request(Pending::Quit));
    assert!(matches!(model.dialog, Some(Dialog::Confirm { then: Pending::Quit })));
    assert_eq!(line(&model), ["e4"], "the first tab with changes is shown");
    model.apply(Action::Confirm(Choice::Discard));
    assert!(!model.requests.quit, "another tab has changes");
    assert_eq!(line(&model), ["d4"]);
    assert!(matches!(model.dialog, Some(Dialog::Confirm { then: Pending::Quit })));
    model.apply(Action::Confirm(Choice::Cancel));
    assert!(!model.requests.quit, "cancelled");
    model.apply(Action::Request(Pending::Quit));
    model.apply(Action::Confirm(Choice::Discard));
    assert!(model.requests.quit);
}

#[test]
fn a_tab_not_shown_keeps_its_clock_waiting_and_its_players() {
    let time = Manual::default();
    let mut model = Model::new();
    model.timing.time = Box::new(time.clone());
    let setup = GameSetup {
        white: Player::Human,
        black: Player::Computer,
        time_control: Some(TimeControl::fischer(5, 0)),
        ..GameSetup::default()
    };
    model.request(Pending::NewGameWith(setup));
    model.play.play_text("e4").unwrap();
    time.set(1);
    model.tick();
    assert!(model.timing.is_running());
    let left = |m: &Model| {
        m.timing
            .clock
            .as_ref()
            .unwrap()
            .left(chess_core::Color::Black, m.timing.now())
    };
    let before = left(&model);
    model.apply(Action::NewTab);
    assert!(
        !model.computer.plays(chess_core::Color::Black),
        "the new tab is between people"
    );
    assert!(model.timing.clock.is_none(), "and untimed");
    time.set(60);
    model.tick();
    model.apply(Action::ShowTab(0));
    assert!(
        model.computer.plays(chess_core::Color::Black),
        "the game's players are back"
    );
    assert!(model.timing.is_waiting(), "its clock waits for the player");
    assert_eq!(left(&model), before, "no time ran while the tab was not shown");
    assert_eq!(line(&model), ["e4"], "the computer did not move meanwhile");
    model.apply(Action::ResumeClock);
    time.set(62);
    assert_eq!(left(&model), before - Duration::from_secs(2));
}

#[test]
fn the_autosave_keeps_every_tab() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.ron");
    let mut model = Model::new();
    model.start_autosave(&dir.path().join("state")).unwrap();
    model.play.play_text("e4").unwrap();
    model.save();
    common::Answers::new(&[], std::slice::from_ref(&saved)).answer(&mut model);
    model.apply(Action::NewTab);
    model.play.play_text("d4").unwrap();
    model.apply(Action::EditPosition);
    model.apply(Action::NewTab);
    model.play.play_text("c4").unwrap();
    model.apply(Action::ShowTab(1));
    model.tick();
    drop(model);
    let mut again = Model::new();
    again.start_autosave(&dir.path().join("state")).unwrap();
    assert!(again.restore_autosave());
    assert_eq!(names(&again), ["saved.ron", "Untitled", "Untitled"]);
    assert_eq!(again.tabs.shown(), 1, "the tab shown then");
    assert_eq!(again.mode, chess_gui::model::Mode::Edit, "in the editor, as it was");
    assert_eq!(
        again.notice.as_deref(),
        Some("Restored the 3 games you had open (2 with unsaved changes).")
    );
    let labels = again.tab_labels();
    assert!(!labels[0].dirty && labels[1].dirty && labels[2].dirty);
    again.apply(Action::ShowTab(2));
    assert_eq!(line(&again), ["c4"]);
    again.apply(Action::ShowTab(0));
    assert_eq!(line(&again), ["e4"]);
    assert_eq!(again.file.path.as_deref(), Some(saved.as_path()));
}

/// A record written before tabs (format 1: one game) is still restored.
#[test]
fn a_record_of_one_game_from_before_tabs_is_restored() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = chess_core::Game::new();
    game.play_san("e4").unwrap();
    let document = chess_file::Document::from_game(&game, &chess_file::AppState::default());
    let document = ron::ser::to_string(&document).unwrap();
    let old = format!("(version: 1, game: {document}, file: None, unsaved: true, editing: None, setup: None)");
    std::fs::write(dir.path().join("autosave-99999.ron"), old).unwrap();
    let mut model = Model::new();
    model.start_autosave(dir.path()).unwrap();
    assert!(model.restore_autosave());
    assert_eq!(line(&model), ["e4"]);
    assert!(model.is_dirty());
    assert_eq!(model.tab_labels().len(), 1);
}

/// The strip: hidden with one game, shown with two; a click shows a tab,
/// Ctrl+T opens one, Ctrl+W closes one, Ctrl+PageDown goes to the next.
#[test]
fn the_strip_shows_the_tabs_and_the_keys_work_them() {
    let mut h = common::harness_with(&[], &[], |_| {});
    h.run();
    assert!(h.query_by_label("New tab (Ctrl+T)").is_none(), "one game: no strip");
    square(&mut h, "e2");
    square(&mut h, "e4");
    h.key_press_modifiers(Modifiers::COMMAND, Key::T);
    settle(&mut h);
    assert_eq!(h.state().model.tab_labels().len(), 2);
    h.get_by_label("Untitled •");
    h.get_by_label("Untitled");
    square(&mut h, "d2");
    square(&mut h, "d4");
    // Both have changes now: two tabs named alike; the first is clicked.
    h.get_all_by_label("Untitled •").next().unwrap().click();
    settle(&mut h);
    assert_eq!(h.state().model.tabs.shown(), 0);
    assert_eq!(line(&h.state().model), ["e4"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::PageDown);
    settle(&mut h);
    assert_eq!(line(&h.state().model), ["d4"]);
    click(&mut h, "+");
    assert_eq!(h.state().model.tab_labels().len(), 3);
    h.key_press_modifiers(Modifiers::COMMAND, Key::W);
    settle(&mut h);
    assert_eq!(h.state().model.tab_labels().len(), 2, "a blank tab closes at once");
    h.key_press_modifiers(Modifiers::COMMAND, Key::W);
    settle(&mut h);
    h.get_by_label("Unsaved changes");
    click(&mut h, "Discard");
    assert_eq!(h.state().model.tab_labels().len(), 1);
    assert!(
        h.query_by_label("New tab (Ctrl+T)").is_none(),
        "one game again: no strip"
    );
}

/// A review started in a tab runs on while another tab is shown, and is
/// written into its own game when its tab is shown again (never into the
/// game shown meanwhile).
#[test]
fn a_review_runs_on_in_its_tab() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let release = Arc::new(AtomicBool::new(false));
    let mut model = Model::new();
    model.load_text("1. e4 e5 *");
    let waiting = release.clone();
    model.review.set_analyser(Arc::new(move |start, moves, _, progress| {
        while !waiting.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        progress(3, 3);
        let eval = |cp| chess_engine::review::PositionEval {
            eval: chess_core::pgn::Eval::Centipawns(cp),
            pv: Vec::new(),
        };
        assert_eq!((start, moves.len()), (&chess_core::Position::new(), 2));
        Ok(Some(vec![eval(20), eval(25), eval(20)]))
    }));
    model.apply(Action::StartReview);
    model.apply(Action::NewTab);
    model.play.play_text("d4").unwrap();
    assert!(!model.review.is_running(), "the new tab has no review");
    release.store(true, Ordering::Relaxed);
    std::thread::sleep(Duration::from_millis(50));
    for _ in 0..5 {
        model.tick();
    }
    assert!(model.review.shown.is_none());
    assert_eq!(line(&model), ["d4"]);
    model.apply(Action::ShowTab(0));
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while model.review.shown.is_none() {
        assert!(std::time::Instant::now() < deadline, "the review never arrived");
        model.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(line(&model), ["e4", "e5"]);
    assert!(model.notice.as_deref().unwrap().starts_with("Reviewed"));
}

/// A desktop's file dialog leaves the window usable: the game saved is
/// the game of the tab that asked, shown again for it, even when another
/// tab was shown meanwhile; a tab closed meanwhile saves nothing.
#[test]
fn a_file_dialogs_answer_goes_to_the_tab_that_asked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first.ron");
    let mut model = Model::new();
    model.play.play_text("e4").unwrap();
    model.apply(Action::SaveAs);
    let request = model.requests.file.take().expect("a file to choose");
    // Meanwhile, another tab with another game.
    model.apply(Action::NewTab);
    model.play.play_text("d4").unwrap();
    model.file_chosen(request.purpose, Some(path.clone()));
    assert_eq!(model.tabs.shown(), 0, "the tab that asked is shown");
    assert_eq!(line(&model), ["e4"]);
    assert!(!model.is_dirty());
    let (saved, _) = chess_file::load(&path).unwrap();
    assert_eq!(saved.mainline().len(), 1);
    assert_eq!(saved.san_at(saved.mainline()[0]).as_deref(), Some("e4"));
    model.apply(Action::ShowTab(1));
    assert_eq!(line(&model), ["d4"], "the other tab's game is untouched");
    assert!(model.is_dirty());
    // Asked from this tab, which is closed before the answer.
    model.apply(Action::SaveAs);
    let request = model.requests.file.take().expect("a file to choose");
    model.apply(Action::CloseTab(1));
    model.apply(Action::Confirm(Choice::Discard));
    let other = dir.path().join("second.ron");
    model.file_chosen(request.purpose, Some(other.clone()));
    assert!(!other.exists(), "nothing saved");
    assert_eq!(line(&model), ["e4"]);
    assert!(model.notice.as_deref().unwrap().contains("was closed"));
}
