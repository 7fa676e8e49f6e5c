//! Small things a new player hit first (issue 20), each tried as they
//! tried it.

use crate::common;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};

use common::{click, harness_with, settle};

#[test]
fn after_a_typed_move_undo_takes_back_the_move() {
    let mut h = harness_with(&[], &[], |_| {});
    settle(&mut h);
    let field = h.get_by_label("Move");
    field.focus();
    field.type_text("e4");
    h.run();
    h.key_press(Key::Enter);
    settle(&mut h);
    h.get_by_label("e4, white pawn");
    // The box keeps the keyboard for the next move, as lichess's does;
    // while it is empty the game's keys (Ctrl+Z, the arrows) act.
    assert!(h.get_by_label("Move").is_focused(), "the box keeps the keys");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    h.get_by_label("e2, white pawn");
    assert!(h.state().model.play.game.mainline().is_empty());
    // A refused move keeps the text and the focus, to be fixed.
    let field = h.get_by_label("Move");
    field.focus();
    field.type_text("e5");
    h.run();
    h.key_press(Key::Enter);
    settle(&mut h);
    assert!(h.get_by_label("Move").is_focused());
}

#[test]
fn each_arrow_press_counts() {
    let mut h = harness_with(&[], &[], |app| {
        app.model.load_text("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *")
    });
    settle(&mut h);
    assert_eq!(h.state().model.play.game.ply(h.state().model.play.game.cursor()), 8);
    // Six quick presses, all in one frame.
    for _ in 0..6 {
        h.key_press(Key::ArrowLeft);
    }
    settle(&mut h);
    assert_eq!(h.state().model.play.game.ply(h.state().model.play.game.cursor()), 2);
    for _ in 0..3 {
        h.key_press(Key::ArrowRight);
    }
    settle(&mut h);
    assert_eq!(h.state().model.play.game.ply(h.state().model.play.game.cursor()), 5);
}

#[test]
fn promotions_are_offered_queen_first() {
    let mut h = harness_with(&[], &[], |app| app.model.load_text("4k3/8/8/8/8/8/p7/4K3 b - - 0 1"));
    settle(&mut h);
    let field = h.get_by_label("Move");
    field.focus();
    field.type_text("a1");
    h.run();
    let offered: Vec<String> = h
        .get_all_by_label_contains("a1=")
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    // The queen and rook give check from a1.
    assert_eq!(offered, ["a1=Q+", "a1=R+", "a1=B", "a1=N"]);
}

#[test]
fn the_players_and_level_are_shown_against_the_computer() {
    let mut h = harness_with(&[], &[], |_| {});
    settle(&mut h);
    assert!(
        h.query_by_label_contains("White: you").is_none(),
        "two people: nothing to say"
    );
    click(&mut h, "New game");
    click(&mut h, "Black: computer");
    click(&mut h, "Start game");
    h.get_by_label("White: you · Black: computer, level 5 (the built-in engine)");
}

/// Three lines of analysis stay three rows while the engine goes deeper,
/// and are sorted by score.
#[test]
fn analysis_lines_keep_their_rows_and_order() {
    use chess_gui::model::Model;
    let mut model = Model::new();
    model.computer.lines = 3;
    model.computer.set_analysing(true);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut seen_three = false;
    while model.computer.analysis.depth() < 8 {
        assert!(std::time::Instant::now() < deadline, "timed out");
        model.tick();
        let lines = &model.computer.analysis.lines;
        if lines.len() == 3 {
            seen_three = true;
        }
        if seen_three {
            assert_eq!(lines.len(), 3, "once three, always three");
        }
        let scores: Vec<i32> = lines.iter().map(|l| l.score.as_cp()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(seen_three);
}

/// A click on a slider's track moves it there (even a click whose press
/// and release come in one frame, as xdotool's do).
#[test]
fn a_click_on_a_slider_track_moves_it_there() {
    let mut h = harness_with(&[], &[], |_| {});
    settle(&mut h);
    click(&mut h, "New game");
    click(&mut h, "Black: computer");
    h.get_by_role_and_label(egui::accesskit::Role::Slider, "Level")
        .set_value_accesskit(1.0);
    settle(&mut h);
    let level = |h: &egui_kittest::Harness<'static, chess_gui::ChessApp>| match &h.state().model.dialog {
        Some(chess_gui::model::Dialog::NewGame(setup)) => setup.level,
        _ => 0,
    };
    assert_eq!(level(&h), 1);
    h.get_by_role_and_label(egui::accesskit::Role::Slider, "Level").click();
    settle(&mut h);
    assert!((5..=6).contains(&level(&h)), "the middle of the track: {}", level(&h));
}

#[test]
fn a_move_typed_with_nothing_focused_goes_to_the_move_box() {
    let mut h = harness_with(&[], &[], |_| {});
    settle(&mut h);
    // The letters of a move, typed anywhere: the box takes them.
    for t in ["N", "f", "3"] {
        h.input_mut().events.push(egui::Event::Text(t.into()));
        h.run();
    }
    settle(&mut h);
    let field = h.get_by_label("Move");
    assert!(field.is_focused());
    assert_eq!(field.accesskit_node().value().as_deref(), Some("Nf3"));
    h.key_press(Key::Enter);
    settle(&mut h);
    h.get_by_label("f3, white knight");
    assert!(h.state().model.play.typed.is_empty());
    // Ctrl+B gives the board the keys (the last move's square), Ctrl+M
    // the box again.
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    settle(&mut h);
    assert!(h.get_by_label("f3, white knight").is_focused());
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    settle(&mut h);
    assert!(h.get_by_label("Move").is_focused());
}

#[test]
fn a_move_typed_while_the_computer_is_to_move_is_refused() {
    use chess_gui::model::{GameSetup, Pending, Player};
    let mut h = harness_with(&[], &[], |app| {
        // The computer (Black) thinks long: its move does not come in the test.
        let setup = GameSetup {
            black: Player::Computer,
            think_ms: 60_000,
            level: 10,
            ..GameSetup::default()
        };
        app.model.request(Pending::NewGameWith(setup));
        app.model.play.play_text("e4").unwrap();
    });
    h.run();
    let field = h.get_by_label("Move");
    field.focus();
    field.type_text("e5");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let model = &h.state().model;
    assert_eq!(model.play.game.mainline().len(), 1, "Black's move is the computer's");
    assert_eq!(model.play.message.as_deref(), Some("The computer is to move"));
    assert_eq!(model.play.typed, "e5", "the draft stays");
}
