//! The game list of a PGN file: a window with a progress bar while the
//! file is read, a filter, a table whose rows are laid out only when on
//! screen (egui_extras), sortable by a click on a heading, and the games
//! that cannot be read with why and where.

use egui_extras::{Column as TableColumn, TableBuilder};

use crate::model::Action;
use crate::model::game_list::{Column, GameList};

/// Shows the list of a file's games to choose from: filtered and sorted in
/// place; a game opened or the list closed is the action returned.
pub fn show(ctx: &egui::Context, list: &mut GameList) -> Option<Action> {
    let mut open_row = None;
    let mut close = false;
    let title = format!(
        "Games in {}",
        list.path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    );
    egui::Window::new(title)
        .id(egui::Id::unique("game list"))
        .collapsible(false)
        .default_size([900.0, 560.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let mut filter = list.filter().to_string();
                let response =
                    ui.add(egui::TextEdit::singleline(&mut filter).hint_text("Filter: a player, an event, a date…"));
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SearchInput, true, "Filter"));
                if response.changed() {
                    list.set_filter(&filter);
                }
                let count = if list.rows() == list.games() {
                    format!("{} games", list.games())
                } else {
                    format!("{} of {} games", list.rows(), list.games())
                };
                ui.label(count);
                if ui.button("Close").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    close = true;
                }
            });
            if list.is_scanning() {
                let fraction = list.scan_fraction();
                ui.add(egui::ProgressBar::new(fraction).text(format!("Reading the list: {:.0}%", fraction * 100.0)));
            } else if !list.checked {
                ui.weak("Checking every game…");
            }
            if !list.problems.is_empty() {
                egui::CollapsingHeader::new(format!("{} game(s) cannot be read", list.problems.len()))
                    .id_salt("problems")
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical().max_height(120.0).show(ui, |ui| {
                            for p in list.problems.iter().take(1000) {
                                ui.label(format!("Game {}, line {}: {}", p.game, p.line, p.reason));
                            }
                        });
                    });
            }
            ui.separator();
            let sort = list.sort();
            let mut sort_by = None;
            TableBuilder::new(ui)
                .striped(true)
                .sense(egui::Sense::click())
                .column(TableColumn::exact(64.0))
                .column(TableColumn::initial(150.0).at_least(60.0))
                .column(TableColumn::initial(150.0).at_least(60.0))
                .column(TableColumn::exact(64.0))
                .column(TableColumn::exact(90.0))
                .column(TableColumn::remainder().at_least(80.0))
                .column(TableColumn::exact(56.0))
                .header(22.0, |mut header| {
                    for column in Column::ALL {
                        header.col(|ui| {
                            let arrow = match sort {
                                Some((c, true)) if c == column => " ▲",
                                Some((c, false)) if c == column => " ▼",
                                _ => "",
                            };
                            if ui.button(format!("{}{arrow}", column.name())).clicked() {
                                sort_by = Some(column);
                            }
                        });
                    }
                })
                .body(|body| {
                    body.rows(20.0, list.rows(), |mut row| {
                        let i = row.index();
                        let Some(game) = list.row(i) else { return };
                        // A click anywhere on the row opens its game.
                        let mut clicked = false;
                        let cell = |ui: &mut egui::Ui, text: &str| {
                            ui.add(egui::Label::new(text).truncate().sense(egui::Sense::click()))
                                .clicked()
                        };
                        row.col(|ui| clicked |= cell(ui, &game.number.to_string()));
                        for field in game.fields {
                            row.col(|ui| clicked |= cell(ui, field));
                        }
                        row.col(|ui| clicked |= cell(ui, &game.moves.to_string()));
                        if clicked || row.response().clicked() {
                            open_row = Some(i);
                        }
                    });
                });
            if let Some(column) = sort_by {
                list.sort_by(column);
            }
        });
    if close {
        Some(Action::CloseGameList)
    } else {
        open_row.map(Action::OpenListed)
    }
}
