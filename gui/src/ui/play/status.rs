//! The status line: whose move, check, the end of the game, why a move was
//! refused, or a note.

use egui::RichText;

use crate::model::Model;

/// The status line: whose move, check, the end of the game, why a move was
/// refused, or a note ("Saved game.ron").
pub fn status_line(ui: &mut egui::Ui, model: &Model) {
    ui.horizontal(|ui| {
        let text = match model.mode {
            crate::model::Mode::Play if model.computer.is_thinking() => {
                format!("{} (computer) is thinking…", model.play.position().turn().name())
            }
            crate::model::Mode::Play => model.play.status(),
            crate::model::Mode::Edit => editor_status(model),
        };
        let over = model.mode == crate::model::Mode::Play && model.play.outcome().is_some();
        let rich = if over {
            RichText::new(&text).strong()
        } else {
            RichText::new(&text)
        };
        ui.label(rich);
        if let Some(notice) = &model.notice {
            ui.separator();
            ui.weak(notice);
        }
    });
}

fn editor_status(model: &Model) -> String {
    let errors = model.editor.problems().iter().filter(|p| p.is_error()).count();
    match errors {
        0 => "Editing the position: it is legal".to_string(),
        1 => "Editing the position: 1 problem".to_string(),
        n => format!("Editing the position: {n} problems"),
    }
}
