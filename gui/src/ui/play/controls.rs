//! The game's buttons, each giving an [`Action`].

use crate::model::{Action, Model, Step};

/// The game's buttons: new game, flip, edit; undo, redo and the steps
/// through the moves; resign and the draws.
pub(super) fn controls(ui: &mut egui::Ui, model: &Model) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        if ui.button("New game").on_hover_text("Ctrl+N").clicked() {
            actions.push(Action::NewGameDialog);
        }
        if ui.button("Flip board").on_hover_text("F").clicked() {
            actions.push(Action::Flip);
        }
        if ui.button("Edit position").clicked() {
            actions.push(Action::EditPosition);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let refusal = model.play.undo_refusal();
        if ui
            .add_enabled(model.play.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z (against the computer, takes back its reply too)")
            .on_disabled_hover_text(refusal.unwrap_or_else(|| "Nothing to undo".into()))
            .clicked()
        {
            actions.push(Action::TakeBack);
        }
        if ui
            .add_enabled(model.play.can_redo(), egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            actions.push(Action::Redo);
        }
        for (label, hint, step) in [
            ("⇤", "Start (Home)", Step::Start),
            ("◀", "Back (←)", Step::Back),
            ("▶", "Forward (→)", Step::Forward),
            ("⇥", "End (End)", Step::End),
        ] {
            let button = ui.button(label).on_hover_text(hint);
            button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, hint));
            if button.clicked() {
                actions.push(Action::Go(step));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        let over = model.play.outcome().is_some();
        let human_to_move = model.human_to_move();
        match model.play.draw_offer {
            // The computer answers by itself.
            Some(by) if model.computer.plays(!by) => {
                ui.label(format!(
                    "{} offers a draw; {} (computer) is considering it…",
                    by.name(),
                    (!by).name()
                ));
            }
            Some(by) => {
                ui.label(format!("{} offers a draw:", by.name()));
                if ui.button("Accept draw").clicked() {
                    actions.push(Action::AcceptDraw);
                }
                if ui.button("Decline").clicked() {
                    actions.push(Action::DeclineDraw);
                }
            }
            None => {
                if ui.add_enabled(!over, egui::Button::new("Resign")).clicked() {
                    actions.push(Action::Resign);
                }
                let can_offer = !over && human_to_move;
                if ui.add_enabled(can_offer, egui::Button::new("Offer draw")).clicked() {
                    actions.push(Action::OfferDraw);
                }
                let claim = !over && model.play.game.can_claim_draw();
                if ui
                    .add_enabled(claim, egui::Button::new("Claim draw"))
                    .on_hover_text("Threefold repetition or the fifty-move rule")
                    .clicked()
                {
                    actions.push(Action::ClaimDraw);
                }
            }
        }
    });
    actions
}
