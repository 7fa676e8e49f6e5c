//! Playing against the computer, analysis and hints, driven through the UI
//! as a person would. The engine thinks on its own thread; the tests step
//! frames until its answer shows.

use std::time::{Duration, Instant};

use chess_gui::ChessApp;
use chess_gui::model::Dialog;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::common;
use common::{Answers, click, settle, square};

fn harness() -> Harness<'static, ChessApp> {
    harness_with(Answers::default())
}

fn harness_with(answers: Answers) -> Harness<'static, ChessApp> {
    let mut app = ChessApp::new();
    // Quick games: a tenth of a second per move.
    app.model.computer.setup.think_ms = 100;
    common::harness_answering(app, common::WINDOW, answers)
}

/// Steps frames (as the app's repaint timer would) until `done`.
fn wait_until(h: &mut Harness<'static, ChessApp>, what: &str, done: impl Fn(&ChessApp) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done(h.state()) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    settle(h);
}

fn plies(app: &ChessApp) -> usize {
    app.model.play.game.ply(app.model.play.game.cursor())
}

fn status_text(h: &Harness<'static, ChessApp>) -> String {
    let model = &h.state().model;
    if model.computer.is_thinking() {
        format!("{} (computer) is thinking…", model.play.position().turn().name())
    } else {
        model.play.status()
    }
}

#[test]
fn play_against_the_computer_and_take_back() {
    let mut h = harness();
    // Long enough to try moving Black's pieces while it thinks (weaker
    // levels stop early at their depth limit; level 10 uses all its time).
    h.state_mut().model.computer.setup.think_ms = 1500;
    h.state_mut().model.computer.setup.level = 10;
    click(&mut h, "New game");
    click(&mut h, "Black: computer");
    click(&mut h, "Start game");
    assert!(h.state().model.dialog.is_none());

    square(&mut h, "e2");
    square(&mut h, "e4");
    // The UI does not wait: the status says the computer thinks.
    h.get_by_label("Black (computer) is thinking…");
    assert_eq!(status_text(&h), "Black (computer) is thinking…");

    // Black's pieces cannot be moved by hand meanwhile.
    square(&mut h, "e7");
    square(&mut h, "e5");
    assert_eq!(plies(h.state()), 1);

    wait_until(&mut h, "the computer's reply", |app| plies(app) == 2);
    assert_eq!(status_text(&h), "White to move");
    let reply = h
        .state()
        .model
        .play
        .game
        .move_at(h.state().model.play.game.cursor())
        .unwrap();
    assert!(reply.from().rank() == chess_core::Rank::Seventh || reply.from().rank() == chess_core::Rank::Eighth);

    // Undo takes back the computer's reply and our move.
    click(&mut h, "Undo");
    assert_eq!(plies(h.state()), 0);
    assert_eq!(h.state().model.play.position(), &chess_core::Position::new());
    // ...and the computer does not move for White.
    for _ in 0..10 {
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert_eq!(plies(h.state()), 0);
    assert!(!h.state().model.computer.is_busy());

    // Play on: a different first move gets a reply too.
    square(&mut h, "d2");
    square(&mut h, "d4");
    wait_until(&mut h, "the computer's reply", |app| plies(app) == 2);
}

#[test]
fn the_computer_can_play_white() {
    let mut h = harness();
    click(&mut h, "New game");
    click(&mut h, "White: computer");
    click(&mut h, "Black: human");
    click(&mut h, "Start game");
    wait_until(&mut h, "White's first move", |app| plies(app) == 1);
    assert!(h.state().model.human_to_move());
    // The choices are remembered for the next new game.
    click(&mut h, "New game");
    let Some(Dialog::NewGame(setup)) = &h.state().model.dialog else {
        panic!()
    };
    assert_eq!(setup.white, chess_gui::model::Player::Computer);
    click(&mut h, "Cancel");
}

#[test]
fn analysis_shows_an_evaluation_and_lines() {
    let mut h = harness();
    square(&mut h, "e2");
    square(&mut h, "e4");
    click(&mut h, "Analyse");
    wait_until(&mut h, "an evaluation", |app| app.model.computer.analysis.depth() >= 6);
    // The bar's accessible name: "Evaluation +0.30 (White is better), depth 9".
    h.get_by_label_contains("Evaluation ");
    h.get_by_label_contains("), depth ");
    // The best line is written in SAN from Black's move.
    h.get_by_label_contains("1... ");
    // The best move is a legal move for Black.
    let best = h.state().model.computer.analysis.lines[0].pv[0];
    assert!(h.state().model.play.position().is_legal(best));

    // A move on the board: the analysis follows the new position.
    square(&mut h, "e7");
    square(&mut h, "e5");
    wait_until(&mut h, "analysis of the new position", |app| {
        let analysis = &app.model.computer.analysis;
        analysis.position.as_ref() == Some(app.model.play.position()) && analysis.depth() >= 3
    });
    h.get_by_label_contains("2. ");
    click(&mut h, "Stop analysis");
    assert!(!h.state().model.computer.is_busy());
    assert!(h.query_by_label_contains("Evaluation ").is_none());
}

/// The analysis' lines are not cut at the panel's edge: each takes two
/// rows (wrapped), so what is below them stays put while the engine's
/// lines grow (issue 87).
#[test]
fn analysis_lines_wrap_and_the_move_box_stays_put() {
    let mut h = harness();
    click(&mut h, "Analyse");
    wait_until(&mut h, "a line", |app| app.model.computer.analysis.depth() >= 3);
    let move_box = h.get_by_label("Move").rect();
    wait_until(&mut h, "a deeper line", |app| app.model.computer.analysis.depth() >= 9);
    assert_eq!(h.get_by_label("Move").rect(), move_box, "the move box stayed put");
    // A line too long for one row takes two (a short one may take one:
    // the room for two is kept all the same, as the move box shows).
    let font = egui::TextStyle::Monospace.resolve(&h.ctx.global_style());
    let row = h.ctx.fonts_mut(|f| f.row_height(&font));
    let node = h.get_by_label_contains("1. ");
    let text = node
        .accesskit_node()
        .label()
        .or_else(|| node.accesskit_node().value())
        .unwrap_or_default();
    let line = node.rect();
    let one_row = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    });
    if one_row > line.width() + 1.0 {
        assert!(
            line.height() >= 2.0 * row - 0.5,
            "two rows: {line:?}, a row {row}: {text}"
        );
    }
    click(&mut h, "Stop analysis");
}

#[test]
fn a_hint_for_the_side_to_move() {
    let mut h = harness();
    // White mates in one: the hint finds it.
    h.state_mut().model.play =
        chess_gui::model::Play::new(chess_core::Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap());
    h.run();
    click(&mut h, "Hint");
    wait_until(&mut h, "a hint", |app| app.model.current_hint().is_some());
    h.get_by_label("Hint: Rd8#");
    // The hint goes with its position.
    square(&mut h, "g1");
    square(&mut h, "f1");
    assert!(h.state().model.current_hint().is_none());
    assert!(h.query_by_label("Hint: Rd8#").is_none());
}

#[test]
fn a_missing_engine_is_reported_and_the_game_goes_on() {
    let mut answers = Answers::default();
    answers.engine.push_back("/nonexistent/stockfish".into());
    let mut h = harness_with(answers);
    click(&mut h, "New game");
    click(&mut h, "Choose engine…");
    // Chosen, and asked its name: the dialog says what is wrong with it.
    h.state_mut().model.engines.wait();
    h.run();
    h.get_by_label("/nonexistent/stockfish: there is no such file");
    click(&mut h, "White: computer");
    click(&mut h, "Start game");
    wait_until(&mut h, "the error", |app| {
        matches!(app.model.dialog, Some(Dialog::Error(_)))
    });
    let Some(Dialog::Error(message)) = &h.state().model.dialog else {
        panic!()
    };
    assert!(message.contains("could not start /nonexistent/stockfish"), "{message}");
    click(&mut h, "OK");
    // People play both sides now, from the same position.
    assert!(h.state().model.human_to_move());
    square(&mut h, "e2");
    square(&mut h, "e4");
    assert_eq!(plies(h.state()), 1);
    // The engine path is remembered for next time.
    assert_eq!(
        h.state().model.computer.setup.engine_path.as_deref(),
        Some(std::path::Path::new("/nonexistent/stockfish"))
    );
}

#[test]
fn the_computer_answers_a_draw_offer() {
    let mut h = harness();
    click(&mut h, "New game");
    click(&mut h, "Black: computer");
    click(&mut h, "Start game");
    // Black is a queen up: it declines.
    h.state_mut().model.play =
        chess_gui::model::Play::new(chess_core::Game::from_fen("3qk3/4p3/8/8/8/8/8/4K3 w - - 0 1").unwrap());
    h.run();
    click(&mut h, "Offer draw");
    click(&mut h, "Confirm offer");
    h.get_by_label("White offers a draw; Black (computer) is considering it…");
    assert!(
        h.query_by_label("Accept draw").is_none(),
        "not for the person to answer"
    );
    wait_until(&mut h, "the answer", |app| app.model.play.draw_offer.is_none());
    h.get_by_label_contains("Black declines the draw");
    assert!(h.state().model.play.outcome().is_none());
}
