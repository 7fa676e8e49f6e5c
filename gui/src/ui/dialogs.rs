//! The dialogs over the app: unsaved changes, errors, choosing a game of a
//! PGN file, pasting a FEN or PGN.

use egui::{Id, Modal};

use crate::ChessApp;
use crate::model::{Choice, Dialog, Pending, files};

/// Shows the open dialog, if any, and carries out the answer.
pub fn show(ctx: &egui::Context, app: &mut ChessApp) {
    let Some(dialog) = app.model.dialog.clone() else { return };
    match dialog {
        Dialog::Confirm { then } => {
            let what = match then {
                Pending::Quit => "before closing",
                _ => "first",
            };
            let mut choice = None;
            Modal::new(Id::unique("confirm")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!("This game has changes that are not saved. Save them {what}?"));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        choice = Some(Choice::Save);
                    }
                    if ui.button("Discard").clicked() {
                        choice = Some(Choice::Discard);
                    }
                    if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                        choice = Some(Choice::Cancel);
                    }
                });
            });
            if let Some(choice) = choice {
                app.model.confirm(choice, app.dialogs.as_mut());
            }
        }
        Dialog::Error(message) => {
            let mut close = false;
            Modal::new(Id::unique("error")).show(ctx, |ui| {
                ui.heading("Could not do that");
                ui.label(&message);
                ui.weak("The game on the board is unchanged.");
                ui.add_space(8.0);
                close = ui.button("OK").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
            });
            if close {
                app.model.dialog = None;
            }
        }
        Dialog::PickGame { games, skipped } => {
            let mut picked = None;
            let mut cancel = false;
            Modal::new(Id::unique("pick game")).show(ctx, |ui| {
                ui.heading(format!("{} games: which one?", games.len()));
                if skipped > 0 {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{skipped} game(s) could not be read and are not listed"),
                    );
                }
                egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
                    for (i, game) in games.iter().enumerate() {
                        if ui.button(files::summary(i, game)).clicked() {
                            picked = Some(i);
                        }
                    }
                });
                ui.add_space(8.0);
                cancel = ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
            });
            if let Some(i) = picked {
                app.model.pick_game(i);
            } else if cancel {
                app.model.dialog = None;
            }
        }
        Dialog::Paste { mut text } => {
            let mut load = false;
            let mut cancel = false;
            Modal::new(Id::unique("paste")).show(ctx, |ui| {
                ui.heading("Paste a FEN or a PGN");
                let response = ui.add(
                    egui::TextEdit::multiline(&mut text)
                        .desired_rows(10)
                        .desired_width(520.0)
                        .hint_text("Paste with Ctrl+V"),
                );
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, "FEN or PGN"));
                ui.horizontal(|ui| {
                    load = ui.button("Load").clicked();
                    cancel = ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
                });
            });
            if load {
                app.model.dialog = None;
                app.model.request(Pending::Paste(text), app.dialogs.as_mut());
            } else if cancel {
                app.model.dialog = None;
            } else {
                app.model.dialog = Some(Dialog::Paste { text });
            }
        }
    }
}
