//! The menu bar: File, Game and View.

use crate::ChessApp;
use crate::model::{Dialog, Mode, Pending};

/// The menu bar at the top of the window.
pub fn bar(ui: &mut egui::Ui, app: &mut ChessApp) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| file_menu(ui, app));
        ui.menu_button("Game", |ui| game_menu(ui, app));
        ui.menu_button("View", |ui| view_menu(ui, app));
    });
}

/// Flipping the board, and its look: colours, coordinates, animation
/// (remembered between runs).
fn view_menu(ui: &mut egui::Ui, app: &mut ChessApp) {
    use crate::model::settings::{Coordinates, Theme};
    if ui.add(egui::Button::new("Flip board").shortcut_text("F")).clicked() {
        app.model.flipped = !app.model.flipped;
        ui.close();
    }
    let board = &mut app.model.board;
    ui.separator();
    for theme in Theme::ALL {
        ui.radio_value(&mut board.theme, theme, theme.name());
    }
    ui.separator();
    for place in Coordinates::ALL {
        ui.radio_value(&mut board.coordinates, place, place.name());
    }
    ui.separator();
    ui.checkbox(&mut board.animate, "Animate moves");
    ui.checkbox(&mut app.chooser.in_app_always, "Use the app's own file dialog")
        .on_hover_text("Instead of the desktop's (which some desktops cannot show)");
}

fn file_menu(ui: &mut egui::Ui, app: &mut ChessApp) {
    let model = &mut app.model;
    let dialogs = app.dialogs.as_mut();
    if ui.add(egui::Button::new("New game…").shortcut_text("Ctrl+N")).clicked() {
        model.new_game_dialog();
        ui.close();
    }
    if ui.add(egui::Button::new("Open…").shortcut_text("Ctrl+O")).clicked() {
        model.request(Pending::Open, dialogs);
        ui.close();
    }
    let recent = model.file.recent.clone();
    ui.add_enabled_ui(!recent.is_empty(), |ui| {
        ui.menu_button("Open recent", |ui| {
            for path in recent {
                if ui.button(path.display().to_string()).clicked() {
                    model.request(Pending::OpenPath(path), dialogs);
                    ui.close();
                }
            }
        });
    });
    if ui.add(egui::Button::new("Save").shortcut_text("Ctrl+S")).clicked() {
        model.save(dialogs);
        ui.close();
    }
    if ui
        .add(egui::Button::new("Save as…").shortcut_text("Ctrl+Shift+S"))
        .clicked()
    {
        model.save_as(dialogs);
        ui.close();
    }
    ui.separator();
    if ui.button("Import PGN…").clicked() {
        model.request(Pending::ImportPgn, dialogs);
        ui.close();
    }
    if ui.button("Export PGN…").clicked() {
        model.export_pgn(dialogs);
        ui.close();
    }
    ui.separator();
    if ui.button("Copy FEN").clicked() {
        ui.ctx().copy_text(model.fen());
        model.notice = Some("FEN copied".to_string());
        ui.close();
    }
    if ui.button("Copy PGN").clicked() {
        ui.ctx().copy_text(model.pgn());
        model.notice = Some("PGN copied".to_string());
        ui.close();
    }
    if ui.button("Paste FEN or PGN…").clicked() {
        model.dialog = Some(Dialog::Paste { text: String::new() });
        ui.close();
    }
    ui.separator();
    if ui.add(egui::Button::new("Quit").shortcut_text("Ctrl+Q")).clicked() {
        model.request(Pending::Quit, dialogs);
        ui.close();
    }
}

fn game_menu(ui: &mut egui::Ui, app: &mut ChessApp) {
    let model = &mut app.model;
    match model.mode {
        Mode::Play => {
            if ui.button("Edit position").clicked() {
                model.edit_position();
                ui.close();
            }
            if ui
                .add_enabled(model.play.can_undo(), egui::Button::new("Undo").shortcut_text("Ctrl+Z"))
                .clicked()
            {
                model.take_back();
                ui.close();
            }
            if ui
                .add_enabled(model.play.can_redo(), egui::Button::new("Redo").shortcut_text("Ctrl+Y"))
                .clicked()
            {
                model.play.redo();
                ui.close();
            }
            ui.separator();
            let has_moves = !model.play.game.mainline().is_empty();
            if ui
                .add_enabled(has_moves && !model.review.is_running(), egui::Button::new("Review"))
                .on_hover_text("The engine analyses every move of the main line and marks the mistakes")
                .clicked()
            {
                model.start_review();
                ui.close();
            }
            ui.menu_button("Review depth", |ui| {
                use crate::model::review::Effort;
                for effort in [
                    Effort::Depth(8),
                    Effort::Depth(10),
                    Effort::Depth(14),
                    Effort::Millis(1000),
                ] {
                    let name = match effort {
                        Effort::Depth(d) => format!("Depth {d}"),
                        Effort::Millis(ms) => format!("{} s a move", ms / 1000),
                    };
                    ui.radio_value(&mut model.review.effort, effort, name);
                }
            });
        }
        Mode::Edit => {
            if ui.button("Back to the game").clicked() {
                model.leave_editor();
                ui.close();
            }
        }
    }
}
