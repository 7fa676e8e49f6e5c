//! The menu bar: File, Game and View. Each item gives an [`Action`].

use crate::model::review::Effort;
use crate::model::settings::{Coordinates, Look, PieceSet, Theme};
use crate::model::{Action, Mode, Model, Pending};

/// The menu bar at the top of the window; `in_app_dialog` is View's choice
/// of the app's own file dialog (the app's, not the model's).
pub fn bar(ui: &mut egui::Ui, model: &Model, in_app_dialog: &mut bool) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| file_menu(ui, model, &mut actions));
        ui.menu_button("Game", |ui| game_menu(ui, model, &mut actions));
        ui.menu_button("Collection", |ui| collection_menu(ui, model, &mut actions));
        ui.menu_button("View", |ui| view_menu(ui, model, in_app_dialog, &mut actions));
    });
    actions
}

/// An item that closes the menu and asks for `action` when clicked.
fn item(ui: &mut egui::Ui, button: egui::Button<'_>, action: Action, actions: &mut Vec<Action>) {
    if ui.add(button).clicked() {
        actions.push(action);
        ui.close();
    }
}

/// Flipping the board, and its look: colours, coordinates, pieces, the
/// app's light or dark theme, animation (remembered between runs).
fn view_menu(ui: &mut egui::Ui, model: &Model, in_app_dialog: &mut bool, actions: &mut Vec<Action>) {
    item(
        ui,
        egui::Button::new("Flip board").shortcut_text(crate::ui::shortcuts::FLIP),
        Action::Flip,
        actions,
    );
    let mut board = model.board;
    ui.separator();
    for theme in Theme::ALL {
        ui.radio_value(&mut board.theme, theme, theme.name());
    }
    ui.separator();
    for place in Coordinates::ALL {
        ui.radio_value(&mut board.coordinates, place, place.name());
    }
    ui.separator();
    for set in PieceSet::ALL {
        ui.radio_value(&mut board.pieces, set, set.name());
    }
    ui.separator();
    for look in Look::ALL {
        ui.radio_value(&mut board.look, look, look.name());
    }
    ui.separator();
    ui.checkbox(&mut board.animate, "Animate moves");
    ui.checkbox(&mut board.sound, "Sound")
        .on_hover_text("Moves, captures, checks, the end of a game and low time");
    if board != model.board {
        actions.push(Action::SetBoard(board));
    }
    ui.checkbox(in_app_dialog, "Use the app's own file dialog")
        .on_hover_text("Instead of the desktop's (which some desktops cannot show)");
}

fn file_menu(ui: &mut egui::Ui, model: &Model, actions: &mut Vec<Action>) {
    item(
        ui,
        egui::Button::new("New game…").shortcut_text("Ctrl+N"),
        Action::NewGameDialog,
        actions,
    );
    item(
        ui,
        egui::Button::new("New tab").shortcut_text("Ctrl+T"),
        Action::NewTab,
        actions,
    );
    item(
        ui,
        egui::Button::new("Close tab").shortcut_text("Ctrl+W"),
        Action::CloseTab(model.tabs.shown()),
        actions,
    );
    item(
        ui,
        egui::Button::new("Open…").shortcut_text("Ctrl+O"),
        Action::Request(Pending::Open),
        actions,
    );
    let recent = &model.file.recent;
    ui.add_enabled_ui(!recent.is_empty(), |ui| {
        ui.menu_button("Open recent", |ui| {
            for path in recent {
                let button = egui::Button::new(path.display().to_string());
                item(ui, button, Action::Request(Pending::OpenPath(path.clone())), actions);
            }
        });
    });
    item(
        ui,
        egui::Button::new("Open collection…"),
        Action::OpenCollection,
        actions,
    );
    item(
        ui,
        egui::Button::new("Save").shortcut_text("Ctrl+S"),
        Action::Save,
        actions,
    );
    item(
        ui,
        egui::Button::new("Save as…").shortcut_text("Ctrl+Shift+S"),
        Action::SaveAs,
        actions,
    );
    ui.separator();
    item(
        ui,
        egui::Button::new("Import PGN…"),
        Action::Request(Pending::ImportPgn),
        actions,
    );
    item(ui, egui::Button::new("Export PGN…"), Action::ExportPgn, actions);
    ui.separator();
    item(ui, egui::Button::new("Copy FEN"), Action::CopyFen, actions);
    item(ui, egui::Button::new("Copy PGN"), Action::CopyPgn, actions);
    item(ui, egui::Button::new("Paste FEN or PGN…"), Action::PasteDialog, actions);
    ui.separator();
    item(
        ui,
        egui::Button::new("Quit").shortcut_text("Ctrl+Q"),
        Action::Request(Pending::Quit),
        actions,
    );
}

/// The collections: open one, its games, the searches, the explorer.
fn collection_menu(ui: &mut egui::Ui, model: &Model, actions: &mut Vec<Action>) {
    let collections = &model.collections;
    item(
        ui,
        egui::Button::new("Open collection…"),
        Action::OpenCollection,
        actions,
    );
    let open = !collections.open.is_empty();
    ui.add_enabled_ui(open, |ui| {
        item(
            ui,
            egui::Button::new("Show games").shortcut_text("Ctrl+L"),
            Action::ShowGameList,
            actions,
        );
        item(
            ui,
            egui::Button::new("Find this position").shortcut_text("Ctrl+Shift+F"),
            Action::FindPosition,
            actions,
        );
        item(
            ui,
            egui::Button::new("Games with this material"),
            Action::FindMaterial,
            actions,
        );
        let mut shown = collections.explorer_shown;
        if ui.checkbox(&mut shown, "Opening explorer").changed() {
            actions.push(Action::ShowExplorer(shown));
        }
        item(
            ui,
            egui::Button::new("Export the games listed…"),
            Action::ExportList,
            actions,
        );
        item(
            ui,
            egui::Button::new("Close collection"),
            Action::CloseCollection(collections.active),
            actions,
        );
    });
    if collections.open.len() > 1 {
        ui.separator();
        for (i, collection) in collections.open.iter().enumerate() {
            if ui.radio(i == collections.active, collection.name()).clicked() {
                actions.push(Action::ShowCollection(i));
                ui.close();
            }
        }
    }
}

fn game_menu(ui: &mut egui::Ui, model: &Model, actions: &mut Vec<Action>) {
    match model.mode {
        Mode::Play => {
            item(ui, egui::Button::new("Edit position"), Action::EditPosition, actions);
            if ui
                .add_enabled(model.play.can_undo(), egui::Button::new("Undo").shortcut_text("Ctrl+Z"))
                .clicked()
            {
                actions.push(Action::TakeBack);
                ui.close();
            }
            if ui
                .add_enabled(model.play.can_redo(), egui::Button::new("Redo").shortcut_text("Ctrl+Y"))
                .clicked()
            {
                actions.push(Action::Redo);
                ui.close();
            }
            ui.separator();
            let has_moves = !model.play.game.mainline().is_empty();
            if ui
                .add_enabled(has_moves && !model.review.is_running(), egui::Button::new("Review"))
                .on_hover_text("The engine analyses every move of the main line and marks the mistakes")
                .clicked()
            {
                actions.push(Action::StartReview);
                ui.close();
            }
            ui.menu_button("Review depth", |ui| {
                let mut effort = model.review.effort;
                for choice in [
                    Effort::Depth(8),
                    Effort::Depth(10),
                    Effort::Depth(12),
                    Effort::Depth(14),
                    Effort::Depth(16),
                    Effort::Millis(1000),
                ] {
                    let name = match choice {
                        Effort::Depth(d) if d == chess_engine::review::DEFAULT_DEPTH => format!("Depth {d} (default)"),
                        Effort::Depth(d) => format!("Depth {d}"),
                        Effort::Millis(ms) => format!("{} s a move", ms / 1000),
                    };
                    ui.radio_value(&mut effort, choice, name);
                }
                if effort != model.review.effort {
                    actions.push(Action::SetReviewEffort(effort));
                }
            });
        }
        Mode::Edit => item(ui, egui::Button::new("Back to the game"), Action::LeaveEditor, actions),
    }
}
