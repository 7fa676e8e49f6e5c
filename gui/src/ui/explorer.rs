//! The opening explorer beside the board, in lichess's manner: for the
//! position shown, the moves played in the collection chosen, each with
//! its games, a White/draw/Black bar, the average rating and the last year;
//! then the top games that reached it. A click plays a move (or opens a
//! game there); hovering a move shows it as an arrow on the board. The
//! answers come from the collection's thread: until the one for this
//! position arrives, the last one stays, dimmed.

use chess_core::Move;
use chess_db::{Explorer, MoveRow, TopGame};
use egui::{Color32, RichText, Sense, Stroke, Vec2};

use crate::model::collection::{Collection, Collections};
use crate::model::{Action, Model};

/// What the panel asks for, and the move under the pointer.
#[derive(Debug, Default)]
pub struct Panel {
    /// What was clicked.
    pub actions: Vec<Action>,
    /// The move hovered (an arrow on the board).
    pub hovered: Option<Move>,
}

/// The explorer panel (when a collection is open and the explorer shown).
pub fn panel(ui: &mut egui::Ui, model: &Model) -> Panel {
    let mut out = Panel::default();
    let collections = &model.collections;
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.heading("Explorer");
        if ui.small_button("✕").on_hover_text("Hide the explorer").clicked() {
            out.actions.push(Action::ShowExplorer(false));
        }
    });
    chooser(ui, collections, &mut out.actions);
    let Some(collection) = collections.active() else {
        return out;
    };
    indexing(ui, collection, &mut out.actions);
    // Rows wrap rather than run past a narrow panel's edge.
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Find this position")
            .on_hover_text("List the games that reach the position on the board")
            .clicked()
        {
            out.actions.push(Action::FindPosition);
        }
        if ui
            .button("Game list")
            .on_hover_text("Back to the collection's list of games (Ctrl+L)")
            .clicked()
        {
            out.actions.push(Action::ShowGameList);
        }
    });
    if collection.filter().is_some() {
        ui.weak("Filtered as the game list's filters say");
    }
    ui.separator();
    let Some(position) = model.explorer_position() else {
        ui.weak("The position is not legal.");
        return out;
    };
    if let Some(failure) = &collection.failure {
        ui.colored_label(ui.visuals().warn_fg_color, failure);
    }
    let (explored, current) = match collection.explored(&position) {
        Some(e) => (Some(e), true),
        None => (collection.explored.as_ref(), false),
    };
    let Some(explored) = explored else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.weak("Looking…");
        });
        return out;
    };
    let answer = match &explored.answer {
        Ok(answer) => answer,
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
            return out;
        }
    };
    ui.add_enabled_ui(current, |ui| {
        // Both ways: what a narrow panel cannot show is scrolled to, not cut.
        egui::ScrollArea::both()
            .id_salt("explorer")
            .auto_shrink([false, true])
            .show(ui, |ui| moves_and_games(ui, answer, current, &mut out));
    });
    if current {
        ui.weak(format!("Answered in {} ms", explored.latency.as_millis()))
            .on_hover_text("From the question to the answer, on the collection's own thread");
    }
    out
}

/// The collections open, to choose the one shown (and close one).
fn chooser(ui: &mut egui::Ui, collections: &Collections, actions: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        let name = collections.active().map_or_else(|| "—".to_string(), Collection::name);
        let combo = egui::ComboBox::from_id_salt("collection")
            .selected_text(name)
            .width(170.0)
            .show_ui(ui, |ui| {
                for (i, collection) in collections.open.iter().enumerate() {
                    if ui
                        .selectable_label(i == collections.active, collection.name())
                        .clicked()
                    {
                        actions.push(Action::ShowCollection(i));
                    }
                }
            });
        combo
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Collection"));
        if ui
            .small_button("Open…")
            .on_hover_text("Open another collection")
            .clicked()
        {
            actions.push(Action::OpenCollection);
        }
        if !collections.open.is_empty()
            && ui
                .small_button("Close collection")
                .on_hover_text("Its index stays, for next time")
                .clicked()
        {
            actions.push(Action::CloseCollection(collections.active));
        }
    });
}

/// The index's progress while it builds, with Cancel.
fn indexing(ui: &mut egui::Ui, collection: &Collection, actions: &mut Vec<Action>) {
    let Some(progress) = collection.progress() else {
        if collection.failure.is_none() {
            ui.weak("Opening the index…");
        }
        return;
    };
    if progress.done {
        return;
    }
    ui.horizontal(|ui| {
        let fraction = progress.fraction() as f32;
        ui.add(
            egui::ProgressBar::new(fraction)
                .desired_width(180.0)
                .text(format!("Indexing: {} games", thousands(progress.games))),
        );
        if ui
            .small_button("Cancel")
            .on_hover_text("Stop indexing: what is indexed stays, and is gone on with next time")
            .clicked()
        {
            actions.push(Action::CancelIndexing);
        }
    });
}

/// The moves table, the total, and the top games.
fn moves_and_games(ui: &mut egui::Ui, answer: &Explorer, current: bool, out: &mut Panel) {
    if answer.games == 0 {
        ui.weak("No game reaches this position.");
        return;
    }
    // The bar takes the width the other columns leave (they need about
    // 240 px), between 60 and 150, so the table fits a narrow panel.
    let bar = (ui.available_width() - 240.0).clamp(60.0, 150.0);
    egui::Grid::new("explorer moves")
        .num_columns(5)
        .striped(true)
        .spacing([8.0, 3.0])
        .show(ui, |ui| {
            ui.strong("Move");
            ui.strong("Games");
            if bar >= 130.0 {
                ui.strong("White / Draw / Black");
            } else {
                ui.strong("W / D / B").on_hover_text("White / Draw / Black");
            }
            ui.strong("Elo");
            ui.strong("Year");
            ui.end_row();
            for row in &answer.moves {
                move_row(ui, row, answer.games, bar, current, out);
            }
            ui.label("Σ");
            ui.label(thousands(answer.games));
            result_bar(ui, bar, answer.white, answer.draws, answer.black);
            ui.end_row();
        });
    if answer.top.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.strong("Top games");
    for game in &answer.top {
        if top_game(ui, game).clicked() {
            out.actions.push(Action::OpenCollectionGame {
                game: game.game,
                ply: game.ply,
            });
        }
    }
}

/// One move: a button with its SAN, its games and share, the bar, the
/// average rating and the last year.
fn move_row(ui: &mut egui::Ui, row: &MoveRow, total: u64, bar: f32, current: bool, out: &mut Panel) {
    let button = ui.add(egui::Button::new(RichText::new(&row.san).strong()).min_size(Vec2::new(52.0, 0.0)));
    let label = format!("Explorer move {}", row.san);
    button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    if current && button.hovered() {
        out.hovered = Some(row.mv);
    }
    if button.clicked() {
        out.actions.push(Action::PlayExplorerMove(row.mv));
    }
    let share = row.games as f64 * 100.0 / total.max(1) as f64;
    let games = ui.label(format!("{} ({share:.0}%)", thousands(row.games)));
    let said = format!("{}: {} games", row.san, row.games);
    games.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
    result_bar(ui, bar, row.white, row.draws, row.black);
    ui.label(row.average_elo.map_or_else(|| "—".to_string(), |e| e.to_string()));
    ui.label(row.last_year.map_or_else(|| "—".to_string(), |y| y.to_string()));
    ui.end_row();
}

/// White's, the draws' and Black's shares as one bar `width` wide, each
/// part with its percentage where it fits.
fn result_bar(ui: &mut egui::Ui, width: f32, white: u64, draws: u64, black: u64) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 16.0), Sense::hover());
    let decided = (white + draws + black).max(1) as f32;
    let parts = [
        (white, Color32::from_gray(245), Color32::BLACK),
        (draws, Color32::from_gray(150), Color32::BLACK),
        (black, Color32::from_gray(40), Color32::WHITE),
    ];
    let painter = ui.painter();
    let mut x = rect.left();
    for (count, fill, text) in parts {
        let width = rect.width() * count as f32 / decided;
        if width <= 0.0 {
            continue;
        }
        let part = egui::Rect::from_min_size(egui::pos2(x, rect.top()), Vec2::new(width, rect.height()));
        painter.rect_filled(part, 0.0, fill);
        let percent = (count as f32 * 100.0 / decided).round();
        if width > 26.0 {
            painter.text(
                part.center(),
                egui::Align2::CENTER_CENTER,
                format!("{percent}%"),
                egui::FontId::proportional(10.5),
                text,
            );
        }
        x += width;
    }
    painter.rect_stroke(
        rect,
        2.0,
        Stroke::new(1.0, Color32::from_gray(110)),
        egui::StrokeKind::Inside,
    );
    let pct = |n: u64| (n as f32 * 100.0 / decided).round();
    response.on_hover_text(format!(
        "White wins {}%, draws {}%, Black wins {}%",
        pct(white),
        pct(draws),
        pct(black)
    ))
}

/// A top game as a line: players, ratings, result, year.
fn top_game(ui: &mut egui::Ui, game: &TopGame) -> egui::Response {
    let year = game.year.map_or_else(String::new, |y| format!(", {y}"));
    let text = format!(
        "{} ({}) – {} ({})  {}{year}",
        game.white,
        game.white_elo,
        game.black,
        game.black_elo,
        game.result.pgn()
    );
    ui.add(egui::Button::new(text).frame(false).truncate())
        .on_hover_text("Open this game at this position")
}

/// 1234567 as "1,234,567".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
