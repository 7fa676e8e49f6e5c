//! The review panel under the board: progress while the engine works, then
//! the evaluation graph (click to jump to a move), each side's accuracy,
//! and the coach's sentence for the move on the board.

use chess_engine::review::Judgement;
use egui::{Color32, Pos2, Sense, Stroke, Vec2};

use crate::model::{Action, Model};

/// lichess's colours: inaccuracy yellow, mistake orange, blunder red.
pub fn judgement_color(j: Judgement) -> Color32 {
    match j {
        Judgement::Inaccuracy => Color32::from_rgb(0xe6, 0xc2, 0x2e),
        Judgement::Mistake => Color32::from_rgb(0xe6, 0x8a, 0x2e),
        Judgement::Blunder => Color32::from_rgb(0xdb, 0x44, 0x3a),
    }
}

/// Whether the panel has something to show.
pub fn wanted(model: &Model) -> bool {
    model.review.is_running() || model.review.shown.is_some()
}

/// The panel.
pub fn panel(ui: &mut egui::Ui, model: &Model) -> Vec<Action> {
    let mut actions = Vec::new();
    if let Some((done, total)) = model.review.progress() {
        ui.horizontal(|ui| {
            let fraction = done as f32 / total.max(1) as f32;
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(ui.available_width() - 80.0)
                    .text(format!("Reviewing: {done} of {total} positions")),
            );
            if ui.button("Cancel").clicked() {
                actions.push(Action::CancelReview);
            }
        });
        return actions;
    }
    let Some(shown) = &model.review.shown else {
        return actions;
    };
    let cursor = model.play.game.cursor();
    // Wrapped, so a narrow panel does not cut it.
    ui.horizontal_wrapped(|ui| {
        for color in [chess_core::Color::White, chess_core::Color::Black] {
            let [i, m, b] = shown.review.counts(color);
            ui.label(format!(
                "{}: accuracy {}, {i}?! {m}? {b}??",
                color.name(),
                shown.accuracy_text(color)
            ));
            ui.separator();
        }
        if ui.small_button("Close review").clicked() {
            actions.push(Action::CloseReview);
        }
    });
    if let Some(note) = shown.shallow_note() {
        ui.weak(note);
    }
    // The graph: White's win percentage after each move, 50% in the middle.
    let size = Vec2::new(ui.available_width(), 90.0);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Evaluation graph"));
    let wins = &shown.review.white_wins;
    let n = wins.len().max(2) - 1;
    let x = |i: usize| rect.left() + rect.width() * i as f32 / n as f32;
    let y = |w: f64| rect.bottom() - rect.height() * (w as f32 / 100.0);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, Color32::from_gray(40));
    // White's share below the curve, as one mesh (no seams between
    // columns), and the curve on top.
    let points: Vec<Pos2> = wins.iter().enumerate().map(|(i, &w)| Pos2::new(x(i), y(w))).collect();
    let mut mesh = egui::Mesh::default();
    let white = Color32::from_gray(200);
    for pair in points.windows(2) {
        let base = mesh.vertices.len() as u32;
        for p in [
            pair[0],
            pair[1],
            Pos2::new(pair[1].x, rect.bottom()),
            Pos2::new(pair[0].x, rect.bottom()),
        ] {
            mesh.colored_vertex(p, white);
        }
        mesh.add_triangle(base, base + 1, base + 2);
        mesh.add_triangle(base, base + 2, base + 3);
    }
    painter.add(mesh);
    painter.add(egui::Shape::line(points, Stroke::new(1.5, Color32::WHITE)));
    painter.hline(rect.x_range(), y(50.0), Stroke::new(1.0, Color32::from_gray(120)));
    for (i, m) in shown.review.moves.iter().enumerate() {
        if let Some(j) = m.judgement {
            painter.circle_filled(Pos2::new(x(i + 1), y(wins[i + 1])), 3.5, judgement_color(j));
        }
    }
    let current = shown.nodes.iter().position(|&node| node == cursor).map(|i| i + 1);
    let current = current.or((cursor == chess_core::NodeId::ROOT).then_some(0));
    if let Some(i) = current {
        painter.vline(
            x(i),
            rect.y_range(),
            Stroke::new(2.0, Color32::from_rgb(0x3a, 0x8f, 0xdb)),
        );
    }
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let i = (((pos.x - rect.left()) / rect.width()) * n as f32).round() as usize;
        match i.checked_sub(1).and_then(|i| shown.nodes.get(i)) {
            Some(&node) => actions.push(Action::GoTo(node)),
            None => actions.push(Action::GoTo(chess_core::NodeId::ROOT)),
        }
    }
    // The coach, for the move that led to the board's position; else the
    // evaluation there (one line either way, so the board keeps its size).
    let reviewed = shown.of(cursor);
    if let Some(reviewed) = reviewed.filter(|r| r.judgement.is_none()) {
        let san = model.play.game.san_at(cursor).unwrap_or_default();
        let eval = match reviewed.eval {
            // Mate on the board: the result, not "#0".
            chess_core::pgn::Eval::Mate(0) => match reviewed.mover {
                chess_core::Color::White => "1-0 (mate)".to_string(),
                chess_core::Color::Black => "0-1 (mate)".to_string(),
            },
            e => {
                let eval = chess_engine::review::format_eval(e);
                if eval.starts_with(['-', '#']) {
                    eval
                } else {
                    format!("+{eval}")
                }
            }
        };
        ui.weak(format!("After {san}: {eval}"));
    } else if reviewed.is_none() {
        ui.weak("Click the graph or a move to see what the engine thought of it.");
    }
    if let Some(reviewed) = reviewed
        && let Some(j) = reviewed.judgement
    {
        let mut text = j.name().to_string();
        if let Some(coach) = &reviewed.coach {
            text.push_str(": ");
            text.push_str(coach);
        }
        let before = model
            .play
            .game
            .parent(cursor)
            .map(|p| model.play.game.position_at(p).clone());
        if let Some(best) = reviewed.best.zip(before).and_then(|(b, pos)| pos.san(b).ok()) {
            text.push_str(&format!(". Best was {best}."));
        }
        ui.colored_label(judgement_color(j), text);
    }
    actions
}
