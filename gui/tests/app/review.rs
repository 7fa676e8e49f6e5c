//! Game → Review, driven as a person would, with an engine whose answers
//! the test chooses (so every mark and sentence is known in advance).

use crate::common;

use std::sync::Arc;

use chess_core::pgn::Eval;
use chess_core::{Game, Position};
use chess_engine::review::PositionEval;
use chess_gui::ChessApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{click, settle};

const GAME: &str = "1. e4 e5 2. Nf3 Qg5 3. Nxg5 *";

/// A line in SAN from `pos`.
fn line(pos: &Position, sans: &[&str]) -> Vec<chess_core::Move> {
    let mut pos = pos.clone();
    sans.iter()
        .map(|s| {
            let m = pos.parse_san(s).unwrap();
            pos.play(m).unwrap();
            m
        })
        .collect()
}

/// What the "engine" says of each position of `GAME`: level until 2...Qg5,
/// after which Nxg5 wins the queen.
fn evals() -> Vec<PositionEval> {
    let game = Game::from_pgn(GAME).unwrap();
    let at = |i: usize| match i {
        0 => game.start_position().clone(),
        i => game.position_at(game.mainline()[i - 1]).clone(),
    };
    let e = |cp, i, pv: &[&str]| PositionEval {
        eval: Eval::Centipawns(cp),
        pv: line(&at(i), pv),
    };
    vec![
        e(20, 0, &["e4"]),
        e(25, 1, &["e5"]),
        e(20, 2, &["Nf3"]),
        e(30, 3, &["Nc6"]),
        e(880, 4, &["Nxg5"]),
        e(900, 5, &["Nc6"]),
    ]
}

fn reviewed_harness() -> Harness<'static, ChessApp> {
    let mut h = common::harness_with(&[], &[], |app| {
        app.model.load_text(GAME);
        let answers = evals();
        app.model.review.set_analyser(Arc::new(move |_, _, _, progress| {
            progress(6, 6);
            Ok(Some(answers.clone()))
        }));
    });
    common::run_review(&mut h);
    h
}

#[test]
fn a_reviewed_game_shows_marks_accuracy_and_the_coach() {
    let mut h = reviewed_harness();
    h.get_by_label_contains("Reviewed: accuracy White 100%");
    h.get_by_label("White: accuracy 100%, 0?! 0? 0??");
    h.get_by_label_contains("Black: accuracy");
    // The default depth is a quick review, and says so.
    h.get_by_label("A quick review (depth 12): a deeper one (Game → Review depth) may mark some moves differently.");
    // The blunder is marked in the move list; on it, the coach speaks.
    click(&mut h, "Qg5??");
    h.get_by_label("Blunder: hangs the queen on g5 to Nxg5. Best was Nc6.");
    // Written into the game, as lichess exports it.
    let pgn = h.state().model.pgn();
    assert!(pgn.contains("Qg5 $4"), "{pgn}");
    assert!(
        pgn.contains("[%eval 8.80] Blunder: hangs the queen on g5 to Nxg5. Nc6 was best."),
        "{pgn}"
    );
    // One step to undo.
    click(&mut h, "Undo");
    assert!(!h.state().model.pgn().contains("$4"));
}

#[test]
fn clicking_the_graph_goes_to_that_move() {
    let mut h = reviewed_harness();
    let game = &h.state().model.play.game;
    assert_eq!(game.cursor(), *game.mainline().last().unwrap());
    // The middle of the graph: half-way through the five moves.
    click(&mut h, "Evaluation graph");
    let game = &h.state().model.play.game;
    assert_eq!(game.cursor(), game.mainline()[2], "after 2. Nf3");
    // At the position before the blunder, the better move is an arrow.
    assert_eq!(h.state().model.review_best().map(|m| m.uci()), Some("b8c6".into()));
}

#[test]
fn a_file_with_evaluations_shows_its_review_without_analysing() {
    let pgn = "1. e4 { [%eval 0.2] } 1... e5 { [%eval 0.3] } 2. Nf3 { [%eval 0.2] } 2... Qg5 $4 { [%eval 9.0] } 3. Nxg5 { [%eval 9.1] } *";
    let mut h = common::harness_with(&[], &[], |app| {
        app.model
            .review
            .set_analyser(Arc::new(|_, _, _, _| panic!("no analysis for a file with [%eval]")));
        app.model.load_text(pgn);
    });
    settle(&mut h);
    h.get_by_label("Evaluation graph");
    h.get_by_label("Qg5??");
    click(&mut h, "Qg5??");
    // No refutation in a file: the judgement without a sentence.
    h.get_by_label_contains("Blunder");
}

/// After the mating move the review reads the result, not "#0"; and an
/// inaccuracy is told why, not only what was best.
#[test]
fn a_mate_reads_as_the_result_and_an_inaccuracy_says_why() {
    let pgn = "1. f3 e5 2. g4 Qh4# 0-1";
    let game = Game::from_pgn(pgn).unwrap();
    let at = |i: usize| match i {
        0 => game.start_position().clone(),
        i => game.position_at(game.mainline()[i - 1]).clone(),
    };
    let e = |eval: Eval, i: usize, pv: &[&str]| PositionEval {
        eval,
        pv: line(&at(i), pv),
    };
    let answers = vec![
        e(Eval::Centipawns(20), 0, &["e4"]),
        e(Eval::Centipawns(-60), 1, &["e5", "e4", "Nc6"]),
        e(Eval::Centipawns(-140), 2, &["d4"]),
        e(Eval::Mate(-1), 3, &["Qh4#"]),
        e(Eval::Mate(0), 4, &[]),
    ];
    let mut h = common::harness_with(&[], &[], |app| {
        app.model.load_text(pgn);
        app.model.review.set_analyser(Arc::new(move |_, _, _, progress| {
            progress(5, 5);
            Ok(Some(answers.clone()))
        }));
    });
    common::run_review(&mut h);
    h.get_by_label("After Qh4#: 0-1 (mate)");
    // 1. f3: from +0.2 to -0.6, winning chances 0.04 to -0.11 (lila's
    // inaccuracy), with its reason.
    click(&mut h, "1. f3?!");
    h.get_by_label("Inaccuracy: after e5 e4 Nc6, White stands worse (from +0.2 to -0.6). Best was e4.");
}

/// In a narrow window the accuracy line wraps and the graph fits: nothing
/// of the review is cut off at the right.
#[test]
fn the_review_fits_a_narrow_window() {
    let mut app = ChessApp::new();
    app.model.load_text(GAME);
    let answers = evals();
    app.model.review.set_analyser(Arc::new(move |_, _, _, progress| {
        progress(6, 6);
        Ok(Some(answers.clone()))
    }));
    let mut h = common::harness_of(app, egui::vec2(640.0, 700.0));
    common::run_review(&mut h);
    let right = h.ctx.content_rect().right();
    for label in ["White: accuracy 100%, 0?! 0? 0??", "Evaluation graph"] {
        let rect = h.get_by_label(label).rect();
        assert!(rect.right() <= right + 0.5, "{label} cut off: {rect:?} in {right}");
    }
    let black = h.get_by_label_contains("Black: accuracy").rect();
    assert!(black.right() <= right + 0.5, "cut off: {black:?}");
}
