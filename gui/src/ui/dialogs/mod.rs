//! The dialogs over the app: unsaved changes, replacing a file, errors,
//! choosing a game of a PGN file, pasting a FEN or PGN, a move's comment,
//! the keyboard shortcuts and the new game. Each is one function that edits
//! its own draft in place (the text typed, the game's setup) and returns
//! only what was decided: confirm, close, or a request.

mod new_game;
mod time_control;

use std::path::Path;

use egui::{Id, Modal};

use chess_core::{Game, NodeId};

use crate::model::engines::Found;
use crate::model::{Action, Choice, Dialog, Pending, files};

/// Shows `dialog` over the app (`game` is the game on the board, `engines`
/// those the new game dialog offers) and gives what was decided this frame.
pub fn show(ctx: &egui::Context, dialog: &mut Dialog, game: &Game, engines: &[Found]) -> Vec<Action> {
    match dialog {
        Dialog::Confirm { then } => confirm(ctx, then).into_iter().collect(),
        Dialog::ConfirmReplace { path, .. } => confirm_replace(ctx, path).into_iter().collect(),
        Dialog::Shortcuts => super::shortcuts::help(ctx),
        Dialog::Error(message) => error(ctx, message).into_iter().collect(),
        Dialog::PickGame { games, skipped } => pick_game(ctx, games, *skipped).into_iter().collect(),
        Dialog::Paste { text } => paste(ctx, text),
        Dialog::NewGame(setup) => new_game::new_game(ctx, setup, engines),
        Dialog::Comment { node, text } => comment(ctx, game, *node, text),
    }
}

/// Whether Escape was pressed (it cancels every dialog).
fn escape(ui: &egui::Ui) -> bool {
    ui.input(|i| i.key_pressed(egui::Key::Escape))
}

/// "Unsaved changes": save, discard or cancel before `then`.
fn confirm(ctx: &egui::Context, then: &Pending) -> Option<Action> {
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
            if ui.button("Cancel").clicked() || escape(ui) {
                choice = Some(Choice::Cancel);
            }
        });
    });
    choice.map(Action::Confirm)
}

/// "Replace the file?" for a file chosen to write that exists.
fn confirm_replace(ctx: &egui::Context, path: &Path) -> Option<Action> {
    let name = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let mut answer = None;
    Modal::new(Id::unique("replace")).show(ctx, |ui| {
        ui.heading("Replace the file?");
        ui.label(format!(
            "{name} already exists in {}.",
            path.parent().map_or_else(String::new, |p| p.display().to_string())
        ));
        ui.label("Replacing it overwrites what it holds.");
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Replace").clicked() {
                answer = Some(true);
            }
            if ui.button("Cancel").clicked() || escape(ui) {
                answer = Some(false);
            }
        });
    });
    answer.map(Action::ConfirmReplace)
}

/// What could not be done, and that the game is unchanged.
fn error(ctx: &egui::Context, message: &str) -> Option<Action> {
    let mut close = false;
    Modal::new(Id::unique("error")).show(ctx, |ui| {
        ui.heading("Could not do that");
        ui.label(message);
        ui.weak("The game on the board is unchanged.");
        ui.add_space(8.0);
        close = ui.button("OK").clicked() || escape(ui);
    });
    close.then_some(Action::CloseDialog)
}

/// The games of a PGN file, to pick the one to open.
fn pick_game(ctx: &egui::Context, games: &[Game], skipped: usize) -> Option<Action> {
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
        cancel = ui.button("Cancel").clicked() || escape(ui);
    });
    match (picked, cancel) {
        (Some(i), _) => Some(Action::PickGame(i)),
        (None, true) => Some(Action::CloseDialog),
        (None, false) => None,
    }
}

/// A FEN or PGN pasted (`text`, edited here), to load.
fn paste(ctx: &egui::Context, text: &mut String) -> Vec<Action> {
    let mut load = false;
    let mut cancel = false;
    Modal::new(Id::unique("paste")).show(ctx, |ui| {
        ui.heading("Paste a FEN or a PGN");
        let response = ui.add(
            egui::TextEdit::multiline(text)
                .desired_rows(10)
                .desired_width(520.0)
                .hint_text("Paste with Ctrl+V"),
        );
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, "FEN or PGN"));
        ui.horizontal(|ui| {
            load = ui.button("Load").clicked();
            cancel = ui.button("Cancel").clicked() || escape(ui);
        });
    });
    if load {
        vec![Action::CloseDialog, Action::Request(Pending::Paste(text.clone()))]
    } else if cancel {
        vec![Action::CloseDialog]
    } else {
        Vec::new()
    }
}

/// The comment on the move `node` of `game` (`text`, edited here): saved,
/// deleted, or left as it was.
fn comment(ctx: &egui::Context, game: &Game, node: NodeId, text: &mut String) -> Vec<Action> {
    let (mut save, mut delete, mut cancel) = (false, false, false);
    let san = game.san_at(node).unwrap_or_default();
    Modal::new(Id::unique("comment")).show(ctx, |ui| {
        ui.heading(format!("Comment on {san}"));
        let response = ui.add(
            egui::TextEdit::multiline(text)
                .desired_rows(4)
                .desired_width(420.0)
                .hint_text("What is there to say about this move?"),
        );
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, "Comment"));
        if !response.has_focus() && text.is_empty() {
            response.request_focus();
        }
        ui.horizontal(|ui| {
            save = ui.button("Save comment").clicked();
            delete = ui.button("Delete comment").clicked();
            cancel = ui.button("Cancel").clicked() || escape(ui);
        });
    });
    if save || delete {
        let words = if delete { String::new() } else { text.clone() };
        vec![Action::SetCommentWords(node, words), Action::CloseDialog]
    } else if cancel {
        vec![Action::CloseDialog]
    } else {
        Vec::new()
    }
}
