//! How long the app takes to draw a frame (layout and painting of the whole
//! window: board with a full position, move list, panels), measured with
//! egui_kittest stepping frames; and whether an idle app draws at all.
//!
//! `cargo bench -p chess-gui --bench frame`

use std::hint::black_box;

use chess_gui::ChessApp;
use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;

fn harness() -> Harness<'static, ChessApp> {
    let mut app = ChessApp::new();
    // A full board and a move list with a few dozen moves and a variation.
    for san in "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7".split(' ') {
        app.model.play.play_text(san).unwrap();
    }
    app.model.play.back();
    app.model.play.play_text("Bb7").unwrap();
    app.model.play.selected = Some("f3".parse().unwrap());
    Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .with_context_setup(chess_gui::setup)
        .build_ui_state(|ui, app: &mut ChessApp| app.ui(ui), app)
}

fn frame(c: &mut Criterion) {
    // Baseline in the same process: egui drawing a window with one label, so
    // the app's cost can be read as a ratio on a noisy machine.
    let mut empty = Harness::builder().with_size(egui::vec2(1200.0, 800.0)).build_ui(|ui| {
        ui.label("baseline");
    });
    empty.run();
    c.bench_function("frame: baseline (egui, one label)", |b| {
        b.iter(|| {
            empty.step();
            black_box(empty.output());
        })
    });

    let mut h = harness();
    h.run();
    c.bench_function("frame: full position, selected piece, move list", |b| {
        b.iter(|| {
            h.step();
            black_box(h.output());
        })
    });

    // Idle: after the last input, nothing asks for another frame.
    let mut h = harness();
    h.run();
    let before = h.state().view.frames;
    let steps = h.run();
    println!(
        "idle: {} frame(s) drawn by one run(), repaint requested: {}",
        h.state().view.frames - before,
        h.ctx.has_requested_repaint()
    );
    assert_eq!(steps, 1, "an idle app settles at once");
}

criterion_group!(benches, frame);
criterion_main!(benches);
