//! The opening's name, and the moves of the chosen Polyglot book.

use crate::model::{Action, Model};

/// The opening's name (always), and the book's moves for the position with
/// their shares, a click playing one.
pub(super) fn book_panel(ui: &mut egui::Ui, model: &Model) -> Option<Action> {
    let position = model.play.position();
    // The deepest named position on the way to the one shown.
    let game = &model.play.game;
    let opening = game
        .path_to(game.cursor())
        .into_iter()
        .rev()
        .find_map(|id| chess_core::opening::lookup(game.position_at(id)));
    let label = match opening {
        Some(o) => format!("Opening: {} {}", o.eco, o.name),
        None => "Opening: —".to_string(),
    };
    ui.label(label);
    if !model.book.is_open() {
        return None;
    }
    let (moves, rare) = model.book.shown_moves(position);
    let name = model.book.name().unwrap_or_default();
    if moves.is_empty() && rare == 0 {
        ui.weak(format!("Book ({name}): no move for this position"));
        return None;
    }
    ui.label(format!("Book ({name}):"));
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for m in &moves {
            let share = if m.percent == 0 {
                "<1%".to_string()
            } else {
                format!("{}%", m.percent)
            };
            if ui
                .button(format!("{} {share}", m.san))
                .on_hover_text("Play this book move")
                .clicked()
            {
                chosen = Some(Action::PlayBookMove(m.mv));
            }
        }
        // Moves played under 1% of the time are hidden unless asked for.
        if rare > 0 && ui.small_button(format!("+{rare} under 1%")).clicked() {
            chosen = Some(Action::ShowRareBookMoves(true));
        }
        if model.book.show_rare && ui.small_button("Hide moves under 1%").clicked() {
            chosen = Some(Action::ShowRareBookMoves(false));
        }
    });
    chosen
}
