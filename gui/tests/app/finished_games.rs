//! A game that ended stays ended: after a flag fall, a resignation or a
//! draw agreed, Undo is refused with the reason (as on lichess, where a
//! finished game cannot be taken back); a game ended by mate can be taken
//! back (the rules ended it, not a player). And saving over another file
//! asks first: "No" leaves it as it was.

use std::time::Duration;

use chess_gui::model::clock::TimeControl;
use chess_gui::model::{Action, Dialog, GameSetup, Model, Pending, Player};

use crate::common::{Answers, Manual};

fn two_people(time_control: Option<TimeControl>) -> GameSetup {
    GameSetup {
        white: Player::Human,
        black: Player::Human,
        time_control,
        ..GameSetup::default()
    }
}

#[test]
fn after_a_flag_fall_undo_is_refused_and_the_clock_stays_at_zero() {
    let time = Manual::default();
    let mut model = Model::new();
    model.timing.time = Box::new(time.clone());
    model.request(Pending::NewGameWith(two_people(Some(TimeControl::fischer(1, 0)))));
    // Both sides move (a flag before a side's first move aborts the game
    // instead), then White's flag falls.
    model.play.play_text("e4").unwrap();
    model.tick();
    model.play.play_text("e5").unwrap();
    model.tick();
    *time.0.lock().unwrap() = Duration::from_secs(61);
    model.tick();
    let result = model
        .play
        .game
        .outcome_at(model.play.game.mainline_end())
        .expect("a flag fell");
    assert_eq!(result.result(), "0-1");
    assert!(!model.play.can_undo(), "Undo is not offered");
    let reason = model.play.undo_refusal().unwrap();
    assert!(reason.starts_with("The game is over"), "{reason}");
    model.apply(Action::TakeBack);
    assert_eq!(model.play.game.mainline().len(), 2, "the moves stay");
    assert!(model.play.outcome().is_some(), "and the result");
    assert_eq!(model.play.status(), reason, "the status line says why");
    // Moving on is refused too: the game is over.
    assert!(model.play.play_text("Nf3").is_err());
}

#[test]
fn after_a_resignation_or_an_agreed_draw_undo_is_refused() {
    let mut model = Model::new();
    model.request(Pending::NewGameWith(two_people(None)));
    model.play.play_text("e4").unwrap();
    model.apply(Action::Resign);
    assert!(model.play.outcome().is_some());
    assert!(!model.play.can_undo());

    let mut model = Model::new();
    model.request(Pending::NewGameWith(two_people(None)));
    model.play.play_text("d4").unwrap();
    model.apply(Action::OfferDraw);
    model.apply(Action::AcceptDraw);
    assert_eq!(model.play.outcome().map(|o| o.result()), Some("1/2-1/2"));
    assert!(!model.play.can_undo());
    // A comment after the end is the user's own change: it can be undone.
    let node = model.play.game.cursor();
    model.play.set_comment_words(node, "a quick draw");
    assert!(model.play.can_undo());
    assert!(model.play.undo());
    assert!(model.play.outcome().is_some(), "the result stays");
    assert!(!model.play.can_undo());
}

#[test]
fn a_mate_can_be_taken_back() {
    let mut model = Model::new();
    model.request(Pending::NewGameWith(two_people(None)));
    for san in ["f3", "e5", "g4", "Qh4#"] {
        model.play.play_text(san).unwrap();
    }
    assert!(model.play.outcome().is_some());
    assert!(model.play.can_undo());
    assert!(model.play.undo());
    assert!(model.play.outcome().is_none());
}

#[test]
fn saving_over_another_file_asks_and_no_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("win32.ron");
    std::fs::write(&other, "// a game worth keeping\n").unwrap();
    let mut model = Model::new();
    model.play.play_text("e4").unwrap();
    let mut answers = Answers::new(&[], std::slice::from_ref(&other));
    model.save();
    answers.answer(&mut model);
    assert!(model.file.path.is_none(), "not saved yet: asked first");
    let Some(Dialog::ConfirmReplace { path, .. }) = &model.dialog else {
        panic!("asked to replace: {:?}", model.dialog)
    };
    assert_eq!(path, &other);
    model.apply(Action::ConfirmReplace(false));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "// a game worth keeping\n");
    assert!(model.file.path.is_none());
    assert!(
        model
            .notice
            .as_deref()
            .unwrap()
            .contains("win32.ron was left as it was")
    );
    // Asked again, and answered yes: replaced.
    answers.save.push_back(other.clone());
    model.save();
    answers.answer(&mut model);
    model.apply(Action::ConfirmReplace(true));
    assert!(std::fs::read_to_string(&other).unwrap().contains("e4"));
    assert_eq!(model.file.path.as_deref(), Some(other.as_path()));
    // The game's own file is saved again without asking.
    model.play.play_text("e5").unwrap();
    assert!(model.save());
    assert!(model.dialog.is_none() && model.requests.file.is_none());
    // An export over an existing PGN asks too.
    let pgn = dir.path().join("old.pgn");
    std::fs::write(&pgn, "[Event \"old\"]\n\n1. d4 *\n").unwrap();
    answers.save.push_back(pgn.clone());
    model.export_pgn();
    answers.answer(&mut model);
    assert!(matches!(model.dialog, Some(Dialog::ConfirmReplace { .. })));
    model.apply(Action::ConfirmReplace(false));
    assert!(std::fs::read_to_string(&pgn).unwrap().contains("old"));
}
