//! The app driven as a person would, through egui_kittest: widgets found by
//! their accessible labels, clicks, drags and keys, and what the UI shows
//! read back. Snapshots (tests/snapshots/*.png) catch rendering changes;
//! refresh them with `UPDATE_SNAPSHOTS=1 cargo test -p chess-gui`.

use chess_gui::ChessApp;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::common;

/// The window of this file's snapshots.
const WINDOW: egui::Vec2 = egui::vec2(1000.0, 720.0);

fn harness_with(app: ChessApp) -> Harness<'static, ChessApp> {
    common::harness_of(app, WINDOW)
}

fn harness() -> Harness<'static, ChessApp> {
    harness_with(ChessApp::new())
}

/// A game from a FEN.
fn harness_fen(fen: &str) -> Harness<'static, ChessApp> {
    let mut app = ChessApp::new();
    app.model.play = chess_gui::model::Play::new(chess_core::Game::from_fen(fen).unwrap());
    harness_with(app)
}

use common::{click as button, square};

fn clicks(h: &mut Harness<'static, ChessApp>, names: &[&str]) {
    for name in names {
        square(h, name);
    }
}

fn status(h: &Harness<'static, ChessApp>) -> String {
    h.state().model.play.status()
}

/// The centre of a square on screen, for drags.
fn center(h: &Harness<'static, ChessApp>, name: &str) -> egui::Pos2 {
    let state = h.state();
    chess_gui::ui::board::square_rect(state.view.board_rect, state.model.flipped, name.parse().unwrap()).center()
}

fn drag(h: &mut Harness<'static, ChessApp>, from: &str, to: &str) {
    let (a, b) = (center(h, from), center(h, to));
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    h.hover_at(a + (b - a) * 0.5);
    h.run();
    h.hover_at(b);
    h.run();
    h.drop_at(b);
    h.run();
}

#[test]
fn squares_are_labelled_widgets() {
    let mut h = harness();
    h.run();
    h.get_by_label("e2, white pawn");
    h.get_by_label("e4, empty");
    h.get_by_label("e8, black king");
    assert_eq!(h.query_all_by_label_contains(", ").count(), 64);
}

#[test]
fn scholars_mate_by_clicks() {
    let mut h = harness();
    h.run();
    clicks(
        &mut h,
        &[
            "e2", "e4", "e7", "e5", "f1", "c4", "b8", "c6", "d1", "h5", "g8", "f6", "h5", "f7",
        ],
    );
    assert_eq!(status(&h), "Checkmate — White wins 1-0");
    // Said twice: in the status line and in the result banner.
    assert_eq!(h.query_all_by_label("Checkmate — White wins 1-0").count(), 2);
    // No move after the end: the king cannot be selected.
    square(&mut h, "e8");
    assert!(status(&h).starts_with("The game is over"), "{}", status(&h));
}

#[test]
fn legal_destinations_are_shown_and_an_illegal_move_is_refused() {
    let mut h = harness_fen("r1bqkbnr/pppnpppp/8/1B1p4/3P4/4P3/PPP2PPP/RNBQK1NR b KQkq - 2 3");
    h.run();
    square(&mut h, "g8");
    assert_eq!(h.state().model.play.targets("g8".parse().unwrap()).len(), 2);
    square(&mut h, "g8");
    clicks(&mut h, &["d7", "f6"]);
    assert_eq!(status(&h), "The knight on d7 is pinned by the bishop on b5");
    h.get_by_label("The knight on d7 is pinned by the bishop on b5");
    h.get_by_label("d7, black knight");
    // Only the side to move can move.
    square(&mut h, "e3");
    assert_eq!(status(&h), "It is Black's turn: the white pawn on e3 cannot move");
}

#[test]
fn drag_and_drop_a_move() {
    let mut h = harness();
    h.run();
    drag(&mut h, "e2", "e4");
    h.get_by_label("e4, white pawn");
    h.get_by_label("e2, empty");
    // An illegal drop puts the piece back.
    drag(&mut h, "d7", "d3");
    h.get_by_label("d7, black pawn");
    assert!(
        status(&h).starts_with("A pawn cannot move from d7 to d3"),
        "{}",
        status(&h)
    );
}

#[test]
fn promotion_to_a_knight() {
    let mut h = harness_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    h.run();
    clicks(&mut h, &["a7", "a8"]);
    button(&mut h, "Promote to knight");
    h.get_by_label("a8, white knight");
    assert_eq!(common::last_san(&h).as_deref(), Some("a8=N"));
}

#[test]
fn castling_both_sides() {
    let mut h = harness_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    h.run();
    clicks(&mut h, &["e1", "g1"]); // two squares
    h.get_by_label("g1, white king");
    h.get_by_label("f1, white rook");
    clicks(&mut h, &["e8", "a8"]); // onto the rook
    h.get_by_label("c8, black king");
    h.get_by_label("d8, black rook");
}

#[test]
fn en_passant() {
    let mut h = harness_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    h.run();
    clicks(&mut h, &["d7", "d5", "e5", "d6"]);
    h.get_by_label("d6, white pawn");
    h.get_by_label("d5, empty");
}

#[test]
fn undo_redo_and_navigation() {
    let mut h = harness();
    h.run();
    clicks(&mut h, &["e2", "e4", "e7", "e5", "g1", "f3"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.get_by_label("g1, white knight");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    h.get_by_label("f3, white knight");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    // Arrows move through the game without changing it.
    h.key_press(Key::ArrowLeft);
    h.run();
    h.get_by_label("g1, white knight");
    h.key_press(Key::Home);
    h.run();
    h.get_by_label("e2, white pawn");
    h.key_press(Key::End);
    h.run();
    h.get_by_label("f3, white knight");
    h.key_press(Key::ArrowUp);
    h.run();
    h.get_by_label("e7, black pawn");
    button(&mut h, "End (End)");
    h.get_by_label("f3, white knight");
    // A move in the list goes to its position.
    button(&mut h, "1. e4");
    h.get_by_label("e5, empty");
}

#[test]
fn a_variation_is_created_and_kept() {
    let mut h = harness();
    h.run();
    clicks(&mut h, &["e2", "e4", "e7", "e5"]);
    h.key_press(Key::ArrowLeft);
    h.run();
    clicks(&mut h, &["c7", "c5"]);
    // Both lines are in the list; the main line is unchanged.
    h.get_by_label("e5");
    h.get_by_label("1... c5");
    assert_eq!(h.state().model.play.game.mainline().len(), 2);
    button(&mut h, "e5");
    h.get_by_label("e5, black pawn");
    // The context menu makes the variation the main line.
    h.get_by_label("1... c5").click_secondary();
    h.run();
    button(&mut h, "Make main line");
    let game = &h.state().model.play.game;
    assert_eq!(game.san_at(game.mainline()[1]).as_deref(), Some("c5"));
}

#[test]
fn the_move_box_takes_san_and_uci() {
    let mut h = harness();
    h.run();
    let field = h.get_by_label("Move");
    field.focus();
    field.type_text("Nf3");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("f3, white knight");
    let field = h.get_by_label("Move");
    field.focus();
    field.type_text("e7e5");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("e5, black pawn");
    // Completion: typing "N" offers the knight moves.
    let field = h.get_by_label("Move");
    field.focus();
    field.type_text("Nc");
    h.run();
    button(&mut h, "Nc3");
    h.get_by_label("c3, white knight");
}

#[test]
fn the_arrow_keys_walk_the_squares() {
    let mut h = harness();
    h.run();
    h.get_by_label("e2, white pawn").focus();
    h.run();
    h.key_press(Key::ArrowUp);
    h.run();
    h.key_press(Key::ArrowUp);
    h.run();
    assert!(h.get_by_label("e4, empty").is_focused());
    // Enter selects like a click.
    h.key_press(Key::ArrowDown);
    h.run();
    h.key_press(Key::ArrowDown);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().model.play.selected, Some("e2".parse().unwrap()));
}

#[test]
fn flip_resign_and_draws() {
    let mut h = harness();
    h.run();
    button(&mut h, "Flip board");
    assert!(h.state().model.flipped);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::F);
    h.run();
    assert!(!h.state().model.flipped);
    // Offer draw and Resign ask for a second click (lichess's way): one
    // click alone does nothing.
    button(&mut h, "Offer draw");
    assert!(h.state().model.play.draw_offer.is_none(), "one click offers nothing");
    button(&mut h, "Confirm offer");
    button(&mut h, "Decline");
    let resign = h.get_by_label("Resign").rect();
    button(&mut h, "Resign");
    assert!(h.state().model.play.outcome().is_none(), "one click resigns nothing");
    assert_eq!(
        h.get_by_label("Confirm resign").rect(),
        resign,
        "the button stays where it was"
    );
    button(&mut h, "Confirm resign");
    assert_eq!(status(&h), "White resigns — Black wins 0-1");
    // A finished game stays finished: Undo is not offered.
    assert!(h.get_by_label("Undo").accesskit_node().is_disabled());
    h.state_mut().model.request(chess_gui::model::Pending::NewGame);
    h.run();
    button(&mut h, "Offer draw");
    button(&mut h, "Confirm offer");
    button(&mut h, "Accept draw");
    assert_eq!(status(&h), "Draw by agreement");
}

/// A first click on Resign that is not confirmed lapses: three seconds
/// later the button is Resign again, and one click still resigns nothing.
#[test]
fn an_unconfirmed_resignation_lapses() {
    let app = ChessApp::new();
    let mut h = common::build(common::builder(WINDOW).with_step_dt(0.5), app);
    h.run();
    button(&mut h, "Resign");
    h.get_by_label("Confirm resign");
    for _ in 0..8 {
        h.step();
    }
    h.get_by_label("Resign");
    button(&mut h, "Resign");
    assert!(h.state().model.play.outcome().is_none());
}

#[test]
fn snapshot_start() {
    let mut h = harness();
    h.run();
    h.snapshot("start");
}

#[test]
fn snapshot_selected_piece() {
    let mut h = harness();
    h.run();
    square(&mut h, "g1");
    h.remove_cursor();
    h.run();
    h.snapshot("selected_knight");
}

#[test]
fn snapshot_promotion_picker() {
    let mut h = harness_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    h.run();
    clicks(&mut h, &["a7", "a8"]);
    h.remove_cursor();
    h.run();
    h.snapshot("promotion_picker");
}

#[test]
fn snapshot_finished_game() {
    let mut h = harness();
    h.run();
    clicks(&mut h, &["f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4"]);
    h.remove_cursor();
    h.run();
    h.snapshot("finished_game");
}

#[test]
fn idle_means_idle() {
    let mut h = harness();
    h.run();
    clicks(&mut h, &["e2", "e4"]);
    h.remove_cursor();
    h.run();
    // Nothing changes: no frame asks for another.
    assert!(!h.ctx.has_requested_repaint(), "an idle app must not repaint");
    let frames = h.state().view.frames;
    h.run();
    assert!(h.state().view.frames - frames <= 1, "one step, no repaint loop");
}

/// `?` lists every shortcut; Escape closes the list. Each shortcut in the
/// list does what it says (the keys go through the model's actions).
#[test]
fn question_mark_lists_the_shortcuts() {
    let mut h = harness();
    h.run();
    h.input_mut().events.push(egui::Event::Text("?".into()));
    h.run();
    assert!(matches!(
        h.state().model.dialog,
        Some(chess_gui::model::Dialog::Shortcuts)
    ));
    h.get_by_label("Keyboard shortcuts");
    for s in chess_gui::ui::shortcuts::SHORTCUTS {
        // (Some are also the names of buttons behind the list.)
        assert!(h.query_all_by_label(s.keys).next().is_some(), "{}", s.keys);
        assert!(h.query_all_by_label(s.what).next().is_some(), "{}", s.what);
    }
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().model.dialog.is_none());
    // Ctrl+Z in the editor undoes the editor's last change (an action now,
    // as the panels' are).
    button(&mut h, "Edit position");
    let before = h.state().model.editor.fen();
    h.state_mut().model.editor.remove("e2".parse().unwrap());
    assert_ne!(h.state().model.editor.fen(), before);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().model.editor.fen(), before);
}
