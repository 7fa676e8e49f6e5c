//! The analysis: start and stop, a hint, the evaluation bar and the best
//! lines in SAN.

use egui::{Color32, RichText, Sense, Stroke, Vec2};

use crate::model::{Action, Model, computer};

/// The analysis' buttons: start/stop, a hint, how many lines, and which
/// engine (rows that never change height, so they stay where they are).
pub(super) fn analysis_buttons(ui: &mut egui::Ui, model: &Model) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        let analysing = model.computer.analysing;
        let label = if analysing { "Stop analysis" } else { "Analyse" };
        if ui.button(label).clicked() {
            actions.push(Action::SetAnalysing(!analysing));
        }
        let can_hint = model.human_to_move() && model.play.outcome().is_none() && !model.computer.hinting;
        if ui
            .add_enabled(can_hint, egui::Button::new("Hint"))
            .on_hover_text("The engine's choice for the side to move (1 second)")
            .clicked()
        {
            actions.push(Action::Hint);
        }
        let mut lines = model.computer.lines;
        let response = ui.add(egui::DragValue::new(&mut lines).range(1..=5).prefix("Lines: "));
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Lines"));
        if lines != model.computer.lines {
            actions.push(Action::SetLines(lines));
        }
    });
    // Which engine, on a row of its own.
    ui.horizontal(|ui| engine_choice(ui, model, &mut actions));
    actions
}

/// What the analysis found: the hint, the evaluation bar and the best
/// lines in SAN.
pub(super) fn analysis(ui: &mut egui::Ui, model: &Model) {
    if model.computer.hinting {
        ui.weak("Looking for a hint…");
    } else if let Some(hint) = model.current_hint() {
        let san = model.play.position().san(hint).unwrap_or_else(|_| hint.uci());
        ui.label(RichText::new(format!("Hint: {san}")).strong());
    }
    let analysis = &model.computer.analysis;
    let fresh = analysis.position.as_ref() == Some(model.play.position());
    if !model.computer.analysing || !fresh {
        if model.computer.analysing {
            ui.weak("Analysing…");
        }
        return;
    }
    let Some(score) = analysis.white_score() else {
        ui.weak("Analysing…");
        return;
    };
    evaluation_bar(ui, score, analysis.depth());
    let pos = model.play.position();
    // Lines starting with a book move are marked.
    let book: Vec<chess_core::Move> = model.book.moves(pos).iter().map(|m| m.mv).collect();
    for line in &analysis.lines {
        let in_book = line.pv.first().is_some_and(|m| book.contains(m));
        let text = format!(
            "{}  {}{}",
            line.score.for_white(pos.turn()),
            pos.san_line(&line.pv),
            if in_book { "  (book)" } else { "" }
        );
        line_label(ui, text).on_hover_text(if in_book {
            "Its first move is in the opening book"
        } else {
            ""
        });
    }
}

/// Which engine analyses, chosen here without a new game: the built-in
/// engine, the UCI engines found on the system, the one chosen before.
fn engine_choice(ui: &mut egui::Ui, model: &Model, actions: &mut Vec<Action>) {
    use crate::model::computer::EngineChoice;
    let current = &model.computer.setup.engine;
    let mut choices = vec![(EngineChoice::Builtin, "Built-in engine".to_string())];
    for found in model.engines.found.iter().filter(|f| f.name.is_ok()) {
        choices.push((EngineChoice::External(found.path.clone()), found.label()));
    }
    if let Some(path) = &model.computer.setup.engine_path
        && !choices.iter().any(|(c, _)| *c == EngineChoice::External(path.clone()))
    {
        choices.push((EngineChoice::External(path.clone()), current_name(path)));
    }
    let shown = choices
        .iter()
        .find(|(c, _)| c == current)
        .map_or_else(|| current.name(), |(_, name)| name.clone());
    ui.label("Engine:");
    egui::ComboBox::from_id_salt("analysis engine")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (choice, name) in &choices {
                if ui.selectable_label(choice == current, name).clicked() && choice != current {
                    actions.push(Action::SetEngine(choice.clone()));
                }
            }
        })
        .response
        .on_hover_text("The engine that analyses, gives hints and plays the computer's moves")
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Analysis engine"));
}

/// An engine program's name, from its path.
fn current_name(path: &std::path::Path) -> String {
    crate::model::computer::EngineChoice::External(path.to_path_buf()).name()
}

/// A bar split between White and Black by the evaluation, with the number
/// and depth beside it.
fn evaluation_bar(ui: &mut egui::Ui, score: chess_engine::Score, depth: u32) {
    let text = format!("{}  depth {depth}", score);
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 16.0), Sense::hover());
    let who = match score.as_cp() {
        cp if cp > 50 => "White is better",
        cp if cp < -50 => "Black is better",
        _ => "about equal",
    };
    let label = format!("Evaluation {} ({who}), depth {depth}", score);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, &label));
    let painter = ui.painter();
    painter.rect_filled(rect, 3.0, Color32::from_gray(12));
    let white = rect.width() * computer::white_share(score);
    painter.rect_filled(
        egui::Rect::from_min_size(rect.min, Vec2::new(white, rect.height())),
        3.0,
        Color32::from_gray(235),
    );
    painter.rect_stroke(
        rect,
        3.0,
        Stroke::new(1.0, Color32::from_gray(110)),
        egui::StrokeKind::Inside,
    );
    painter.line_segment(
        [rect.center_top(), rect.center_bottom()],
        Stroke::new(1.0, Color32::from_rgb(200, 60, 60)),
    );
    ui.label(RichText::new(text).strong());
}

/// An analysis line in two rows, always (its words wrapped, not cut at the
/// panel's edge; a line longer than two rows ends with "…"): the rows below
/// stay put as the engine's lines grow and shrink.
fn line_label(ui: &mut egui::Ui, text: String) -> egui::Response {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let width = ui.available_width();
    let mut job =
        egui::text::LayoutJob::single_section(text, egui::TextFormat::simple(font.clone(), ui.visuals().text_color()));
    job.wrap = egui::text::TextWrapping {
        max_width: width,
        max_rows: 2,
        break_anywhere: false,
        overflow_character: Some('…'),
    };
    let rows = 2.0 * ui.fonts_mut(|f| f.row_height(&font));
    ui.allocate_ui(Vec2::new(width, rows), |ui| {
        ui.set_min_height(rows);
        ui.add(egui::Label::new(job))
    })
    .inner
}
