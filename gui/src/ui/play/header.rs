//! The game's header: a line with the players, ratings, event, date and
//! result, which opens to a field for each tag.

use chess_core::Game;

use crate::model::Action;

/// The tags of the header a person edits, with their labels.
const HEADER_FIELDS: [(&str, &str); 8] = [
    ("White", "White"),
    ("WhiteElo", "White rating"),
    ("Black", "Black"),
    ("BlackElo", "Black rating"),
    ("Event", "Event"),
    ("Site", "Site"),
    ("Date", "Date"),
    ("Round", "Round"),
];

/// The game's header: a line with the players, ratings, event, date and
/// result; opened, each tag as a field (saved when the field is left).
pub(super) fn header_panel(ui: &mut egui::Ui, game: &Game) -> Option<Action> {
    let tag = |name: &str| {
        game.tags
            .get(name)
            .and_then(crate::model::files::known)
            .map(str::to_string)
    };
    let player = |name: &str, elo: &str| match (tag(name), tag(elo)) {
        (Some(n), Some(e)) => format!("{n} ({e})"),
        (Some(n), None) => n,
        (None, _) => "?".to_string(),
    };
    let mut summary = if tag("White").is_none() && tag("Black").is_none() {
        "Game details".to_string()
    } else {
        format!("{} – {}", player("White", "WhiteElo"), player("Black", "BlackElo"))
    };
    let place: Vec<String> = ["Event", "Site", "Date"].iter().filter_map(|t| tag(t)).collect();
    if !place.is_empty() {
        summary.push_str(&format!(" · {}", place.join(", ")));
    }
    if let Some(result) = tag("Result") {
        summary.push_str(&format!(" · {result}"));
    }
    let mut action = None;
    // One line, elided to the panel's width (a lichess study's Event and
    // Site are long): the whole of it on hover. The panel never grows for it.
    let id = ui.make_persistent_id("game details");
    let mut state = egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, false);
    let header = ui.horizontal(|ui| {
        state.show_toggle_button(ui, egui::collapsing_header::paint_default_icon);
        let line = ui
            .add(egui::Label::new(&summary).truncate().sense(egui::Sense::click()))
            .on_hover_text(&summary);
        if line.clicked() {
            state.toggle(ui);
        }
    });
    state.show_body_indented(&header.response, ui, |ui| {
        egui::Grid::new("header fields").num_columns(2).show(ui, |ui| {
            for (name, label) in HEADER_FIELDS {
                ui.label(label);
                let id = egui::Id::unique(("tag", name));
                let current = game.tags.get(name).unwrap_or("").to_string();
                let mut text = ui.data(|d| d.get_temp::<String>(id)).unwrap_or(current);
                let response = ui.add(egui::TextEdit::singleline(&mut text).desired_width(170.0));
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, label));
                if response.lost_focus() {
                    action = Some(Action::SetTag {
                        name,
                        value: text.clone(),
                    });
                    ui.data_mut(|d| d.remove::<String>(id));
                } else if response.has_focus() {
                    ui.data_mut(|d| d.insert_temp(id, text));
                } else {
                    ui.data_mut(|d| d.remove::<String>(id));
                }
                ui.end_row();
            }
        });
    });
    action
}
