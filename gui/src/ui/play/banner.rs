//! The end of the game, as lichess shows it: the score, how it ended, and
//! who played, at the top of the panel while the position on the board is
//! the end (the status line alone is easy to miss).

use chess_core::{Color, Outcome};
use egui::{Color32, RichText};

use crate::model::Model;

/// The banner, when the game shown is over at the position on the board.
pub(super) fn result_banner(ui: &mut egui::Ui, model: &Model) {
    let Some(outcome) = model.play.outcome() else {
        return;
    };
    let game = &model.play.game;
    let player = |tag: &str, color: Color| {
        game.tags
            .get(tag)
            .and_then(crate::model::files::known)
            .map_or_else(|| color.name().to_string(), str::to_string)
    };
    let (white, black) = (player("White", Color::White), player("Black", Color::Black));
    let score = match outcome.result() {
        "1/2-1/2" => "½–½".to_string(),
        result => result.replace('-', "–"),
    };
    let (headline, fill) = match outcome {
        Outcome::Win { winner, .. } => (
            format!("{} wins", if winner == Color::White { &white } else { &black }),
            Color32::from_rgb(52, 84, 60),
        ),
        Outcome::Draw(_) => ("Draw".to_string(), Color32::from_rgb(70, 70, 84)),
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(10, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(RichText::new(&score).size(26.0).strong().color(Color32::WHITE));
                ui.vertical(|ui| {
                    ui.label(RichText::new(&headline).size(16.0).strong().color(Color32::WHITE));
                    ui.label(RichText::new(outcome.to_string()).color(Color32::from_gray(225)));
                });
            });
            ui.add(
                egui::Label::new(RichText::new(format!("{white} – {black}")).color(Color32::from_gray(225))).truncate(),
            );
        })
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("Game over: {score}, {outcome}")));
    ui.add_space(4.0);
}
