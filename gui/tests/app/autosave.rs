//! Nothing is lost: the model keeps the open game in an autosave folder,
//! and a model that ends without quitting (dropped, as a killed app is)
//! leaves it for the next one, which restores it exactly; a clean quit
//! leaves nothing; a damaged record is set aside. Also the clock's honesty:
//! it does not run while a prompt is open, and a restored timed game waits
//! for the player.

use std::time::Duration;

use chess_gui::model::clock::TimeControl;
use chess_gui::model::{Choice, Dialog, GameSetup, Mode, Model, Pending, Player};

use crate::common::Manual;

/// A model keeping its game in `dir`.
fn model_in(dir: &std::path::Path) -> Model {
    let mut model = Model::new();
    model.start_autosave(dir).unwrap();
    model
}

/// A game of three moves with a comment, a tag and a 5+3 clock, against
/// nobody (two people), White's time running.
fn timed_game(model: &mut Model, time: &Manual) {
    model.timing.time = Box::new(time.clone());
    let setup = GameSetup {
        white: Player::Human,
        black: Player::Human,
        time_control: Some(TimeControl::fischer(5, 3)),
        ..GameSetup::default()
    };
    model.request(Pending::NewGameWith(setup));
    time.set(10);
    model.play.play_text("e4").unwrap();
    model.tick();
    time.set(25);
    model.play.play_text("e5").unwrap();
    model.tick();
    time.set(31);
    model.play.play_text("Nf3").unwrap();
    model.tick();
    let node = model.play.game.cursor();
    model.play.set_comment_words(node, "the knight comes out");
    model.play.set_tag("Event", "Club night");
    time.set(40);
    model.tick();
}

#[test]
fn a_game_comes_back_after_the_app_dies() {
    let dir = tempfile::tempdir().unwrap();
    let time = Manual::default();
    let mut model = model_in(dir.path());
    timed_game(&mut model, &time);
    let left = |m: &Model, t: Duration| {
        let clock = m.timing.clock.as_ref().unwrap();
        [
            clock.left(chess_core::Color::White, t),
            clock.left(chess_core::Color::Black, t),
        ]
    };
    let before = left(&model, Duration::from_secs(40));
    let pgn = model.play.game.to_pgn();
    let cursor = model.play.game.cursor();
    // The app dies: no quit, no save.
    drop(model);

    let mut again = model_in(dir.path());
    let later = Manual::default();
    later.set(1000);
    again.timing.time = Box::new(later.clone());
    assert!(again.restore_autosave());
    assert_eq!(again.play.game.to_pgn(), pgn, "moves, comment and tags");
    assert_eq!(again.play.game.cursor(), cursor);
    // Undo goes on where it was: the last move can be taken back (the
    // history was empty after a restore).
    assert!(again.play.can_undo());
    let mut taken_back = again.play.clone();
    assert!(taken_back.undo());
    assert_eq!(taken_back.game.mainline().len(), again.play.game.mainline().len() - 1);
    assert!(again.is_dirty(), "it was never saved");
    assert_eq!(again.title(), "Untitled • — Chess");
    let notice = again.notice.clone().unwrap();
    assert!(
        notice.starts_with("Restored the game you had open: Untitled, with unsaved changes"),
        "{notice}"
    );
    // The clock: the times as they were, waiting for the player.
    assert!(again.timing.is_waiting());
    assert_eq!(left(&again, Duration::from_secs(1000)), before);
    later.set(1100);
    again.tick();
    assert_eq!(
        left(&again, Duration::from_secs(1100)),
        before,
        "no time runs while it waits"
    );
    // Black comes back: the clock runs for Black again.
    again.apply(chess_gui::model::Action::ResumeClock);
    later.set(1105);
    again.tick();
    let now = left(&again, Duration::from_secs(1105));
    assert_eq!(now[0], before[0]);
    assert_eq!(now[1], before[1] - Duration::from_secs(5));
    // That app dies too: the next one finds the game again (its record
    // was taken, and the game written anew by the app that restored it).
    drop(again);
    let mut third = model_in(dir.path());
    assert!(third.restore_autosave());
    assert_eq!(third.play.game.to_pgn(), pgn);
    let records = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "ron"))
        .count();
    assert_eq!(records, 0, "each record is taken once");
}

#[test]
fn the_file_and_the_editor_come_back_too() {
    let dir = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let path = files.path().join("mine.ron");
    let mut model = model_in(dir.path());
    model.play.play_text("d4").unwrap();
    model.save();
    crate::common::Answers::new(&[], std::slice::from_ref(&path)).answer(&mut model);
    assert!(!model.is_dirty());
    model.apply(chess_gui::model::Action::EditPosition);
    model.editor.set_fen_text("8/8/8/4k3/8/8/8/4K2R w K - 0 1");
    model.tick();
    drop(model);

    let mut again = model_in(dir.path());
    assert!(again.restore_autosave());
    assert_eq!(again.file.path.as_deref(), Some(path.as_path()));
    assert!(!again.is_dirty(), "it was saved");
    assert_eq!(again.mode, Mode::Edit);
    assert_eq!(again.editor.fen(), "8/8/8/4k3/8/8/8/4K2R w K - 0 1");
    assert!(again.notice.as_deref().unwrap().contains("mine.ron, saved"));
}

#[test]
fn after_a_clean_quit_nothing_is_restored() {
    let dir = tempfile::tempdir().unwrap();
    let mut model = model_in(dir.path());
    model.play.play_text("e4").unwrap();
    model.tick();
    model.request(Pending::Quit);
    assert!(
        matches!(model.dialog, Some(Dialog::Confirm { .. })),
        "unsaved: asked first"
    );
    model.confirm(Choice::Discard);
    assert!(model.requests.quit);
    // The window may draw a frame or two before it closes: they write
    // nothing.
    model.tick();
    model.tick();
    drop(model);
    let mut again = model_in(dir.path());
    assert!(!again.restore_autosave());
    assert_eq!(again.play.game.mainline().len(), 0);
}

#[test]
fn a_running_app_keeps_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = model_in(dir.path());
    first.play.play_text("e4").unwrap();
    first.tick();
    if let Some(autosave) = &mut first.autosave {
        autosave.flush();
    }
    // A second window of the app, while the first runs: nothing to take.
    let mut second = model_in(dir.path());
    assert!(!second.restore_autosave());
    drop(first);
    assert!(second.restore_autosave(), "the first is gone now");
}

#[test]
fn a_damaged_record_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("autosave-99999.ron");
    std::fs::write(&record, "(version: 1, game: (garbage").unwrap();
    let mut model = model_in(dir.path());
    model.play.play_text("e4").unwrap();
    assert!(!model.restore_autosave());
    let Some(Dialog::Error(message)) = &model.dialog else {
        panic!("a message: {:?}", model.dialog)
    };
    assert!(message.contains("could not be restored"), "{message}");
    assert!(message.contains("set aside"), "{message}");
    assert!(!record.exists());
    assert!(dir.path().join("autosave-99999.ron.damaged").exists());
    assert_eq!(model.play.game.mainline().len(), 1, "the game on screen is untouched");
}

#[test]
fn writes_are_throttled_but_moves_are_written_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut autosave = chess_gui::model::autosave::Autosave::in_dir(dir.path()).unwrap();
    let model = Model::new();
    let t0 = std::time::Instant::now();
    let mut record = model.autosave_record();
    autosave.update(&record, 0, t0);
    autosave.flush();
    let read = || chess_gui::model::autosave::read_record(autosave_path(dir.path())).unwrap();
    assert_eq!(read().tabs[0].game.moves.len(), 0);
    // Another change within the second, the game the same: not yet.
    record.tabs[0].unsaved = true;
    autosave.update(&record, 0, t0 + Duration::from_millis(300));
    autosave.flush();
    assert!(!read().tabs[0].unsaved);
    // A second later it is.
    autosave.update(&record, 0, t0 + Duration::from_millis(1300));
    autosave.flush();
    assert!(read().tabs[0].unsaved);
    // A move (the game's generation changed): at once.
    let mut moved = Model::new();
    moved.play.play_text("e4").unwrap();
    autosave.update(&moved.autosave_record(), 1, t0 + Duration::from_millis(1400));
    autosave.flush();
    assert_eq!(read().tabs[0].game.moves.len(), 1);
}

fn autosave_path(dir: &std::path::Path) -> &'static std::path::Path {
    let path = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("a record");
    Box::leak(path.into_boxed_path())
}

#[test]
fn the_clock_holds_while_a_prompt_is_open() {
    let time = Manual::default();
    let mut model = Model::new();
    timed_game(&mut model, &time);
    let black = |m: &Model, t: u64| {
        m.timing
            .clock
            .as_ref()
            .unwrap()
            .left(chess_core::Color::Black, Duration::from_secs(t))
    };
    let at_40 = black(&model, 40);
    // "Unsaved changes?" before a new game: nobody can move meanwhile.
    model.request(Pending::NewGame);
    assert!(matches!(model.dialog, Some(Dialog::Confirm { .. })));
    // The app's frame goes on at once: the clock holds from then.
    model.tick();
    time.set(100);
    model.tick();
    assert_eq!(black(&model, 100), at_40, "held while the prompt is open");
    model.confirm(Choice::Cancel);
    model.tick();
    time.set(104);
    model.tick();
    assert_eq!(black(&model, 104), at_40 - Duration::from_secs(4), "running again");
}
