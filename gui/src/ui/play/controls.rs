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
        if ui
            .button("Flip board")
            .on_hover_text(crate::ui::shortcuts::FLIP)
            .clicked()
        {
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
                if second_click(ui, !over, "Resign", "Confirm resign") {
                    actions.push(Action::Resign);
                }
                let can_offer = !over && human_to_move;
                if second_click(ui, can_offer, "Offer draw", "Confirm offer") {
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

/// How long a button that asks for a second click waits for it (seconds).
const CONFIRM_SECONDS: f64 = 3.0;

/// A button that acts only on a second click, as lichess's Resign and
/// Offer draw do, so that a click meant for a neighbour does not end the
/// game: the first click turns `label` into `confirm` for three seconds;
/// a click then acts. Both texts take the same width, so the row does not
/// move. Returns whether it acts.
fn second_click(ui: &mut egui::Ui, enabled: bool, label: &str, confirm: &str) -> bool {
    let id = ui.make_persistent_id(("second click", label));
    let now = ui.input(|i| i.time);
    let armed = ui
        .data(|d| d.get_temp::<f64>(id))
        .is_some_and(|until| now < until && enabled);
    let text = if armed { confirm } else { label };
    // As wide as the wider of the two texts.
    let font = egui::TextStyle::Button.resolve(ui.style());
    let wider = [label, confirm]
        .iter()
        .map(|t| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap(t.to_string(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            })
        })
        .fold(0.0, f32::max);
    let width = wider + 2.0 * ui.spacing().button_padding.x;
    let button = egui::Button::new(text).min_size(egui::vec2(width, 0.0));
    let response = ui.add_enabled(enabled, button).on_hover_text(if armed {
        "Click again to confirm"
    } else {
        "Asks for a second click"
    });
    if !response.clicked() {
        return false;
    }
    if armed {
        ui.data_mut(|d| d.remove::<f64>(id));
        true
    } else {
        ui.data_mut(|d| d.insert_temp(id, now + CONFIRM_SECONDS));
        // Back to its label when the time is up.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(CONFIRM_SECONDS));
        false
    }
}
