//! The strip of tabs above the board, shown while several games are open
//! ([`crate::model::tabs`]): a click shows a tab, its × or a middle click
//! closes it, + opens a new one (Ctrl+T, Ctrl+W, Ctrl+PageDown and
//! Ctrl+PageUp from the keyboard).

use crate::model::Action;
use crate::model::tabs::TabLabel;

/// The longest name a tab shows whole (the rest on hover).
const NAME_CHARS: usize = 28;

/// Whether the strip is drawn: with two tabs or more.
pub fn wanted(labels: &[TabLabel]) -> bool {
    labels.len() > 1
}

/// The strip: one tab a game, in order, scrolled sideways when they do
/// not fit.
pub fn strip(ui: &mut egui::Ui, labels: &[TabLabel]) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::ScrollArea::horizontal().show(ui, |ui| {
        ui.horizontal(|ui| {
            for (index, tab) in labels.iter().enumerate() {
                let mut text = short(&tab.name);
                if tab.dirty {
                    text.push_str(" •");
                }
                let shown = ui.selectable_label(tab.shown, text);
                let shown = if tab.dirty {
                    shown.on_hover_text(format!("{} (unsaved changes)", tab.name))
                } else {
                    shown.on_hover_text(&tab.name)
                };
                if shown.clicked() {
                    actions.push(Action::ShowTab(index));
                }
                let close = ui
                    .add(egui::Button::new("×").frame(false).small())
                    .on_hover_text(format!("Close {}", tab.name));
                if close.clicked() || shown.middle_clicked() {
                    actions.push(Action::CloseTab(index));
                }
                ui.separator();
            }
            if ui.button("+").on_hover_text("New tab (Ctrl+T)").clicked() {
                actions.push(Action::NewTab);
            }
        });
    });
    actions
}

/// `name`, cut to [`NAME_CHARS`] with an ellipsis.
fn short(name: &str) -> String {
    if name.chars().count() <= NAME_CHARS {
        name.to_string()
    } else {
        let cut: String = name.chars().take(NAME_CHARS - 1).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(short("game.ron"), "game.ron");
        let long = "Nepomniachtchi – Vachier-Lagrave";
        let cut = short(long);
        assert_eq!(cut.chars().count(), NAME_CHARS);
        assert!(cut.ends_with('…') && long.starts_with(cut.trim_end_matches('…')));
    }
}
