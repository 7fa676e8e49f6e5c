//! Layout and focus as a player meets them: the New game dialog stays put
//! as its options grow, Enter in a number field starts the game, letters
//! typed into a field reach the field and no shortcut, and the captured
//! pieces' lines are there from the start (the panel does not shift).

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};

mod common;
use common::click;

#[test]
fn the_new_game_dialog_stays_put_and_enter_starts_it_from_a_number_field() {
    let mut h = common::harness_with(&[], &[], |_| {});
    common::settle(&mut h);
    click(&mut h, "New game");
    click(&mut h, "3+2");
    let top = h.get_by_label("Your name").rect().top();
    // The options grow the dialog: its top stays where it was.
    click(&mut h, "Black plays with other times (a handicap)");
    common::settle(&mut h);
    assert_eq!(h.get_by_label("Your name").rect().top(), top, "anchored");
    // A minutes field typed into, then Enter: the game starts with it.
    let field = h.get_by_label("Black period 1 minutes");
    field.focus();
    h.run();
    h.key_press(Key::Enter);
    h.run();
    common::settle(&mut h);
    assert!(h.state().model.dialog.is_none(), "started");
    assert!(h.state().model.timing.clock.is_some());
}

#[test]
fn letters_typed_in_a_field_are_no_shortcuts() {
    let mut h = common::harness_with(&[], &[], |_| {});
    common::settle(&mut h);
    let field = h.get_by_label("Move");
    field.focus();
    h.run();
    // F flips the board, but not while a field has the keys.
    h.key_press(Key::F);
    h.input_mut().events.push(egui::Event::Text("f".into()));
    h.run();
    assert!(!h.state().model.flipped);
    assert_eq!(h.get_by_label("Move").accesskit_node().value().as_deref(), Some("f"));
}

#[test]
fn the_captured_lines_are_there_from_the_start() {
    let mut h = common::harness_with(&[], &[], |_| {});
    common::settle(&mut h);
    let before = h.get_by_label("White took: —").rect();
    common::moves(&mut h, &[("e2", "e4"), ("d7", "d5"), ("e4", "d5")]);
    let after = h.get_by_label("White took: ♟ +1").rect();
    assert_eq!(before.top(), after.top(), "nothing moved down");
}
