//! The clocks of a timed game (or the times a game's `[%clk]` comments
//! recorded), and the material each side has taken.

use egui::{Color32, RichText};

use crate::model::{Action, Model};

/// The two clocks of a timed game, the side to move's highlighted, red
/// under 20 s, with tenths under 10 s; and what each side has taken, with
/// the material difference. A clock that waits for the player (a restored
/// game) has a button to run it again.
pub(super) fn clocks(ui: &mut egui::Ui, model: &Model) -> Option<Action> {
    let (taken, diff) = crate::model::material::captures(model.play.game.start_position(), model.play.position());
    // Always there (a dash while nothing is taken), so the panel does not
    // shift when the first capture comes.
    {
        for color in [chess_core::Color::White, chess_core::Color::Black] {
            let glyphs: String = taken[color]
                .iter()
                .map(|&role| chess_core::Piece::new(!color, role).unicode())
                .collect();
            let lead = match color {
                chess_core::Color::White if diff > 0 => format!(" +{diff}"),
                chess_core::Color::Black if diff < 0 => format!(" +{}", -diff),
                _ => String::new(),
            };
            ui.label(format!(
                "{} took: {}{lead}",
                color.name(),
                if glyphs.is_empty() { "—".into() } else { glyphs }
            ));
        }
    }
    let Some(clock) = &model.timing.clock else {
        recorded_clocks(ui, model);
        return None;
    };
    let now = model.timing.time.now();
    let turn = model.play.game.position_at(model.play.game.mainline_end()).turn();
    ui.horizontal(|ui| {
        for color in [chess_core::Color::White, chess_core::Color::Black] {
            let left = clock.left(color, now);
            let mut text = RichText::new(format!("{} {}", color.name(), crate::model::clock::format(left)))
                .size(22.0)
                .monospace();
            if left < std::time::Duration::from_secs(20) {
                text = text.color(Color32::from_rgb(230, 80, 60));
            }
            if color == turn && clock.is_running() {
                text = text.strong().background_color(Color32::from_gray(60));
            }
            ui.label(text);
        }
    });
    let mut action = None;
    if model.timing.is_waiting() {
        ui.horizontal(|ui| {
            ui.label("The clock waits for you.");
            if ui.button("Resume clock").clicked() {
                action = Some(Action::ResumeClock);
            }
        });
    }
    ui.separator();
    action
}

/// Without a live clock: the times a game's `[%clk]` comments recorded for
/// each side at the move shown (an imported online game).
fn recorded_clocks(ui: &mut egui::Ui, model: &Model) {
    let game = &model.play.game;
    let mut last = chess_core::ByColor::new(None, None);
    for id in game.path_to(game.cursor()).into_iter().skip(1) {
        if let Some(left) = chess_core::pgn::clock(game.comment(id)) {
            // The mover is the side not to move after the move.
            let mover = !game.position_at(id).turn();
            last[mover] = Some(left);
        }
    }
    if last.iter().all(|(_, l)| l.is_none()) {
        return;
    }
    ui.horizontal(|ui| {
        for color in [chess_core::Color::White, chess_core::Color::Black] {
            let text = last[color].map_or("—".to_string(), crate::model::clock::format);
            ui.label(RichText::new(format!("{} {text}", color.name())).size(22.0).monospace())
                .on_hover_text("As recorded in the game ([%clk])");
        }
    });
    ui.separator();
}
