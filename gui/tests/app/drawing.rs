//! Drawing on the board as on lichess: a right-drag draws an arrow, a
//! right click a circle, Shift red, Alt blue, Ctrl yellow; kept in the
//! move's comment as `[%cal]`/`[%csl]`, so PGN keeps them; a left click
//! clears them. And the analysis' lines as arrows, the best the thickest.

use chess_gui::ChessApp;
use egui::{Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::common;

fn centre(h: &Harness<'static, ChessApp>, label: &str) -> Pos2 {
    h.get_by_label(label).rect().center()
}

/// A press of the right button at `from`, a move to `to`, a release there.
fn right_drag(h: &mut Harness<'static, ChessApp>, from: Pos2, to: Pos2, modifiers: Modifiers) {
    h.event(egui::Event::ModifiersChanged(modifiers));
    h.event(egui::Event::PointerMoved(from));
    h.event(egui::Event::PointerButton {
        pos: from,
        button: PointerButton::Secondary,
        pressed: true,
        modifiers,
    });
    h.step();
    if from != to {
        for t in [0.3, 0.6, 1.0] {
            h.event(egui::Event::PointerMoved(from + (to - from) * t));
            h.step();
        }
    }
    h.event(egui::Event::PointerButton {
        pos: to,
        button: PointerButton::Secondary,
        pressed: false,
        modifiers,
    });
    h.run();
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

fn comment(h: &Harness<'static, ChessApp>) -> String {
    let game = &h.state().model.play.game;
    game.comment(game.cursor()).to_string()
}

#[test]
fn arrows_and_circles_are_drawn_kept_and_cleared() {
    let mut h = common::harness_with(&[], &[], |app| app.model.load_text("1. e4 e5 *"));
    common::settle(&mut h);
    let (e2, e4) = (centre(&h, "d2, white pawn"), centre(&h, "d4, empty"));
    right_drag(&mut h, e2, e4, Modifiers::NONE);
    assert_eq!(comment(&h), "[%cal Gd2d4]");
    // A right click on a square: a circle; with Shift, red.
    let f7 = centre(&h, "f7, black pawn");
    right_drag(&mut h, f7, f7, Modifiers::SHIFT);
    assert_eq!(comment(&h), "[%csl Rf7] [%cal Gd2d4]");
    // Alt: blue; Ctrl: yellow.
    let (g1, f3) = (centre(&h, "g1, white knight"), centre(&h, "f3, empty"));
    right_drag(&mut h, g1, f3, Modifiers::ALT);
    let (b1, c3) = (centre(&h, "b1, white knight"), centre(&h, "c3, empty"));
    right_drag(&mut h, b1, c3, Modifiers::CTRL);
    assert_eq!(comment(&h), "[%csl Rf7] [%cal Gd2d4,Bg1f3,Yb1c3]");
    // The same arrow in its colour again: taken away.
    right_drag(&mut h, g1, f3, Modifiers::ALT);
    assert_eq!(comment(&h), "[%csl Rf7] [%cal Gd2d4,Yb1c3]");
    // PGN keeps them.
    let pgn = h.state().model.pgn();
    assert!(pgn.contains("1. e4 e5 {[%csl Rf7] [%cal Gd2d4,Yb1c3]} *"), "{pgn}");
    h.remove_cursor();
    h.snapshot("drawn_arrows");
    // A left click clears them (one step Undo brings back).
    h.get_by_label("a1, white rook").click();
    h.run();
    assert_eq!(comment(&h), "");
    common::click(&mut h, "Undo");
    assert_eq!(comment(&h), "[%csl Rf7] [%cal Gd2d4,Yb1c3]");
}

#[test]
fn the_analysis_lines_are_arrows_the_best_thickest() {
    let pos = chess_core::Position::new();
    let line = |uci: &str, multipv: usize, cp: i32| chess_engine::worker::AnalysisLine {
        depth: 12,
        multipv,
        score: chess_engine::Score::Cp(cp),
        pv: vec![pos.parse_uci(uci).unwrap()],
        nodes: 1000,
        nps: 1000,
    };
    let mut model = chess_gui::model::Model::new();
    model.computer.analysis.position = Some(pos.clone());
    model.computer.analysis.lines = vec![line("e2e4", 1, 30), line("d2d4", 2, 25), line("e2e4", 3, 20)];
    assert!(model.computer.line_arrows(&pos).is_empty(), "not analysing: no arrows");
    model.computer.analysing = true;
    let sq = |s: &str| s.parse::<chess_core::Square>().unwrap();
    let arrows = model.computer.line_arrows(&pos);
    assert_eq!(arrows.len(), 2, "one arrow a move: {arrows:?}");
    assert_eq!((arrows[0].0, arrows[0].1, arrows[0].2), (sq("e2"), sq("e4"), 1.0));
    assert_eq!((arrows[1].0, arrows[1].1), (sq("d2"), sq("d4")));
    assert!(arrows[1].2 < arrows[0].2, "the best the thickest");
    // Another position on the board: the lines are not about it.
    let after = pos.after(pos.parse_uci("e2e4").unwrap()).unwrap();
    assert!(model.computer.line_arrows(&after).is_empty());
}

/// The real analysis with three lines draws its arrows on the board.
#[test]
fn a_running_analysis_draws_its_lines() {
    let mut h = common::harness_with(&[], &[], |_| {});
    common::settle(&mut h);
    h.state_mut().model.computer.lines = 3;
    common::click(&mut h, "Analyse");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        h.step();
        let arrows = {
            let model = &h.state().model;
            model.computer.line_arrows(model.play.position())
        };
        if arrows.len() == 3 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "three arrows: {arrows:?}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    common::click(&mut h, "Stop analysis");
}
