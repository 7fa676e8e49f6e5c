//! The game list of a collection: a panel under the board (the board and
//! the list seen together, as in ChessBase and Scid) with the collections
//! open as tabs, a quick filter and the index's filters (player, ratings, dates,
//! result, ECO, event, moves), what the list shows ("games reaching the
//! position", with the ply), progress while the file is read and indexed,
//! and a table whose rows are laid out only when on screen (egui_extras),
//! sortable by any column, walked with ↑/↓ and opened with Enter; a row's
//! menu copies its PGN; the games shown can be exported.

use egui_extras::{Column as TableColumn, TableBuilder};

use crate::model::Action;
use crate::model::collection::filters::{FilterForm, RESULTS, Side};
use crate::model::collection::{Collection, Collections, Search};
use crate::model::game_list::{Column, GameList};
use crate::ui::explorer::thousands;

/// Shows the list of the collection shown in `ui` (the panel under the
/// board); the actions asked for are returned (sorting, the quick filter
/// and the keyboard's row are the list's own, changed in place).
pub fn show(ui: &mut egui::Ui, collections: &mut Collections) -> Vec<Action> {
    let mut actions = Vec::new();
    let names: Vec<String> = collections.open.iter().map(Collection::name).collect();
    let active = collections.active;
    let Some(collection) = collections.active_mut() else {
        return actions;
    };
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Games in {}", names[active]));
        // The other collections open, as tabs.
        if names.len() > 1 {
            for (i, name) in names.iter().enumerate() {
                if ui.selectable_label(i == active, name).clicked() && i != active {
                    actions.push(Action::ShowCollection(i));
                }
            }
        }
    });
    top_line(ui, collection, &mut actions);
    filters(ui, collection, &mut actions);
    search_line(ui, collection, &mut actions);
    progress(ui, collection, &mut actions);
    problems(ui, &collection.list);
    ui.separator();
    table(ui, &mut collection.list, &mut actions);
    actions
}

/// The quick filter, the count, Export and Close.
fn top_line(ui: &mut egui::Ui, collection: &mut Collection, actions: &mut Vec<Action>) {
    let list = &mut collection.list;
    ui.horizontal(|ui| {
        let mut filter = list.filter().to_string();
        let response = ui.add(
            egui::TextEdit::singleline(&mut filter)
                .desired_width(220.0)
                .hint_text("Quick filter: a player, an event…"),
        );
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SearchInput, true, "Filter"));
        if response.changed() {
            list.set_filter(&filter);
        }
        let count = if list.rows() == list.games() {
            format!("{} games", thousands(list.games() as u64))
        } else {
            format!(
                "{} of {} games",
                thousands(list.rows() as u64),
                thousands(list.games() as u64)
            )
        };
        ui.label(count);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Close").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                actions.push(Action::CloseGameList);
            }
            let exporting = list.export.is_some();
            if ui
                .add_enabled(!exporting && list.rows() > 0, egui::Button::new("Export…"))
                .on_hover_text("Write the games shown to a new PGN file")
                .clicked()
            {
                actions.push(Action::ExportList);
            }
        });
    });
}

/// The index's filters, as a collapsible form.
fn filters(ui: &mut egui::Ui, collection: &Collection, actions: &mut Vec<Action>) {
    let mut form = collection.form.clone();
    let heading = if collection.filter().is_some() {
        "Filters (on)"
    } else {
        "Filters"
    };
    egui::CollapsingHeader::new(heading)
        .id_salt("filters")
        .default_open(false)
        .show(ui, |ui| {
            ui.add_enabled_ui(collection.is_indexed(), |ui| filter_form(ui, &mut form));
            if !collection.is_indexed() {
                ui.weak("Filters work once the index is open.");
            }
        });
    if let Some(error) = &collection.form_error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    if form != collection.form {
        actions.push(Action::SetFilters(form));
    }
}

/// A text field with a name for screen readers and tests.
fn field(ui: &mut egui::Ui, value: &mut String, name: &str, width: f32, hint: &str) {
    let response = ui.add(egui::TextEdit::singleline(value).desired_width(width).hint_text(hint));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, name));
}

/// Two fields for a range ("from – to").
fn range(ui: &mut egui::Ui, [low, high]: [&mut String; 2], names: [&str; 2], width: f32, hints: [&str; 2]) {
    ui.horizontal(|ui| {
        field(ui, low, names[0], width, hints[0]);
        ui.label("–");
        field(ui, high, names[1], width, hints[1]);
    });
}

/// Names a choice for screen readers and tests.
fn named(response: &egui::Response, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name));
}

fn filter_form(ui: &mut egui::Ui, form: &mut FilterForm) {
    egui::Grid::new("filter form")
        .num_columns(4)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            ui.label("Player");
            ui.horizontal(|ui| {
                field(ui, &mut form.player, "Player's name", 150.0, "part of a name");
                let combo = egui::ComboBox::from_id_salt("side")
                    .selected_text(format!("as {}", form.side.name()))
                    .show_ui(ui, |ui| {
                        for side in Side::ALL {
                            ui.selectable_value(&mut form.side, side, format!("as {}", side.name()));
                        }
                    });
                named(&combo.response, "Player's colour");
            });
            ui.label("Elo");
            range(
                ui,
                [&mut form.min_elo, &mut form.max_elo],
                ["Lowest Elo", "Highest Elo"],
                50.0,
                ["min", "max"],
            );
            ui.end_row();
            ui.label("Date");
            range(
                ui,
                [&mut form.from, &mut form.to],
                ["From date", "To date"],
                80.0,
                ["2020.01", "2024"],
            );
            ui.label("Result");
            let combo = egui::ComboBox::from_id_salt("result")
                .selected_text(
                    RESULTS
                        .iter()
                        .find(|(v, _)| *v == form.result)
                        .map_or("any result", |r| r.1),
                )
                .show_ui(ui, |ui| {
                    for (value, name) in RESULTS {
                        ui.selectable_value(&mut form.result, value.to_string(), name);
                    }
                });
            named(&combo.response, "Result filter");
            ui.end_row();
            ui.label("ECO");
            field(ui, &mut form.eco, "ECO codes", 90.0, "B20-B99");
            ui.label("Moves");
            range(
                ui,
                [&mut form.min_moves, &mut form.max_moves],
                ["Fewest moves", "Most moves"],
                50.0,
                ["min", "max"],
            );
            ui.end_row();
            ui.label("Event");
            field(ui, &mut form.event, "Event's name", 150.0, "part of the name");
            ui.label("");
            if ui.button("Clear filters").clicked() {
                *form = FilterForm::default();
            }
            ui.end_row();
        });
}

/// What the list shows, when it is not every game.
fn search_line(ui: &mut egui::Ui, collection: &Collection, actions: &mut Vec<Action>) {
    let what = match &collection.search {
        Search::All if collection.filter().is_none() => return,
        Search::All => "Games the filters let through".to_string(),
        Search::Position(_) => "Games reaching the position on the board".to_string(),
        Search::Material(material, plies) => format!("Games with the material {material} for {plies} plies"),
    };
    ui.horizontal(|ui| {
        match collection.found {
            Some(n) if !collection.is_searching() => ui.strong(format!("{what}: {}", thousands(n as u64))),
            _ => {
                ui.spinner();
                ui.strong(format!("{what}…"))
            }
        };
        if collection.search != Search::All && ui.button("Show all games").clicked() {
            actions.push(Action::ShowAllGames);
        }
    });
}

/// The file read, the index built, the export written.
fn progress(ui: &mut egui::Ui, collection: &Collection, actions: &mut Vec<Action>) {
    let list = &collection.list;
    if list.is_scanning() {
        let fraction = list.scan_fraction();
        ui.add(egui::ProgressBar::new(fraction).text(format!("Reading the list: {:.0}%", fraction * 100.0)));
    }
    if let Some(progress) = collection.progress().filter(|p| !p.done) {
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(progress.fraction() as f32)
                    .desired_width(360.0)
                    .text(format!("Indexing for searches: {} games", thousands(progress.games))),
            );
            if ui.small_button("Cancel").clicked() {
                actions.push(Action::CancelIndexing);
            }
        });
    }
    if let Some(failure) = &collection.failure {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("Searches are not available: {failure}"),
        );
    }
    if let Some(export) = &list.export {
        let done = export.done.load(std::sync::atomic::Ordering::Relaxed);
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(done as f32 / export.total.max(1) as f32)
                    .desired_width(360.0)
                    .text(format!(
                        "Exporting: {} of {} games",
                        thousands(done),
                        thousands(export.total)
                    )),
            );
            if ui.small_button("Stop").clicked() {
                export.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
    }
    match &list.exported {
        Some(Ok(done)) => {
            ui.label(done);
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        None => {}
    }
}

/// The games that cannot be read, with why and where.
fn problems(ui: &mut egui::Ui, list: &GameList) {
    if list.problems.is_empty() {
        return;
    }
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

/// The rows: sortable headings; a click selects a row, a double click (or
/// Enter on the selected row) opens its game, a right click offers its PGN.
fn table(ui: &mut egui::Ui, list: &mut GameList, actions: &mut Vec<Action>) {
    // ↑/↓ and Enter walk the rows unless a text field has the keyboard.
    let mut scroll_to = None;
    if !ui.ctx().text_edit_focused() {
        let presses = |key| ui.input_mut(|i| i.count_and_consume_key(egui::Modifiers::NONE, key));
        let by = presses(egui::Key::ArrowDown) as isize - presses(egui::Key::ArrowUp) as isize;
        if by != 0 {
            list.move_cursor(by);
            scroll_to = list.cursor;
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
            && let Some(row) = list.cursor
        {
            actions.push(Action::OpenListed(row));
        }
    }
    let columns: Vec<Column> = Column::ALL
        .into_iter()
        .filter(|&c| c != Column::Ply || list.has_plies())
        .collect();
    let sort = list.sort();
    let mut sort_by = None;
    // Each column at least as wide as its heading with a sort arrow, so
    // sorting by it does not cut its heading short.
    let widths: Vec<f32> = columns.iter().map(|&c| heading_width(ui, c)).collect();
    let mut builder = TableBuilder::new(ui).striped(true).sense(egui::Sense::click());
    for (&column, &heading) in columns.iter().zip(&widths) {
        builder = builder.column(match column {
            Column::Number => TableColumn::exact(heading.max(64.0)),
            Column::White | Column::Black => TableColumn::initial(150.0).at_least(heading.max(60.0)),
            Column::WhiteElo | Column::BlackElo | Column::Eco | Column::Ply => TableColumn::exact(heading.max(44.0)),
            Column::Result => TableColumn::exact(heading.max(56.0)),
            Column::Date => TableColumn::exact(heading.max(84.0)),
            Column::Event => TableColumn::remainder().at_least(heading.max(80.0)),
            Column::Moves => TableColumn::exact(heading.max(52.0)),
        });
    }
    if let Some(row) = scroll_to {
        builder = builder.scroll_to_row(row, None);
    }
    let cursor = list.cursor;
    // The row a click selected (a double click, or Enter, opens it).
    let mut selected = None;
    let list_ref = &*list;
    builder
        .header(22.0, |mut header| {
            for &column in &columns {
                header.col(|ui| {
                    let arrow = match sort {
                        Some((c, true)) if c == column => " ▲",
                        Some((c, false)) if c == column => " ▼",
                        _ => "",
                    };
                    let name = column.name().trim_end();
                    if ui
                        .button(format!("{name}{arrow}"))
                        .on_hover_text(format!("Sort by {}", column_title(column)))
                        .clicked()
                    {
                        sort_by = Some(column);
                    }
                });
            }
        })
        .body(|body| {
            body.rows(20.0, list_ref.rows(), |mut row| {
                let i = row.index();
                let Some(game) = list_ref.row(i) else { return };
                row.set_selected(cursor == Some(i));
                // A click anywhere on the row selects it, a double click
                // opens its game (as ChessBase, Scid and En Croissant do).
                let (mut clicked, mut double) = (false, false);
                let mut cell = |ui: &mut egui::Ui, text: &str| {
                    let response = ui.add(egui::Label::new(text).truncate().sense(egui::Sense::click()));
                    clicked |= response.clicked();
                    double |= response.double_clicked();
                    response.context_menu(|ui| {
                        if ui.button("Open").clicked() {
                            actions.push(Action::OpenListed(i));
                            ui.close();
                        }
                        if ui.button("Copy PGN").clicked() {
                            actions.push(Action::CopyListed(i));
                            ui.close();
                        }
                    });
                };
                let elo = |e: Option<u16>| e.map_or_else(String::new, |e| e.to_string());
                for &column in &columns {
                    let text = match column {
                        Column::Number => game.number.to_string(),
                        Column::White => game.fields[0].to_string(),
                        Column::WhiteElo => elo(game.elo[0]),
                        Column::Black => game.fields[1].to_string(),
                        Column::BlackElo => elo(game.elo[1]),
                        Column::Result => game.fields[2].to_string(),
                        Column::Date => game.fields[3].to_string(),
                        Column::Event => game.fields[4].to_string(),
                        Column::Eco => game.fields[5].to_string(),
                        Column::Moves => game.moves.to_string(),
                        Column::Ply => game.ply.map_or_else(String::new, |p| p.to_string()),
                    };
                    row.col(|ui| cell(ui, &text));
                }
                let response = row.response();
                if double || response.double_clicked() {
                    actions.push(Action::OpenListed(i));
                } else if clicked || response.clicked() {
                    selected = Some(i);
                }
            });
        });
    if let Some(i) = selected {
        list.cursor = Some(i);
    }
    if let Some(column) = sort_by {
        list.sort_by(column);
    }
}

/// The width `column`'s heading button takes with its sort arrow (the
/// wider of the two).
fn heading_width(ui: &egui::Ui, column: Column) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let name = column.name().trim_end();
    let text = ["▲", "▼"]
        .iter()
        .map(|arrow| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap(format!("{name} {arrow}"), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            })
        })
        .fold(0.0, f32::max);
    text + 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x
}

/// A column's name in words, for the sort's tooltip.
fn column_title(column: Column) -> &'static str {
    match column {
        Column::Number => "the game's number",
        Column::WhiteElo => "White's rating",
        Column::BlackElo => "Black's rating",
        Column::Ply => "the ply where the position is reached",
        other => other.name(),
    }
}
