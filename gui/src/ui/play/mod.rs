//! Play mode: the board with the promotion picker, and the panel beside
//! it, each part in its own file. Panels take what they show and return
//! the [`Action`]s asked for, which the app hands to [`Model::apply`].

mod analysis;
mod banner;
mod book;
mod clocks;
mod controls;
mod header;
mod moves;
mod status;

use chess_core::{Color, Piece, Role, Square};
use egui::{Color32, Id, RichText, Sense, Stroke, Vec2};

use crate::model::{Action, Model};
use crate::ui::ViewState;
use crate::ui::animation;
use crate::ui::board::{self, BoardEvent, BoardView};
pub use moves::{focus_move_box, move_box_id};
pub use status::status_line;

/// The board of the game being played.
pub fn board(ui: &mut egui::Ui, model: &Model, state: &mut ViewState) -> Vec<Action> {
    let rect = board::layout(ui.available_rect_before_wrap(), model.board.coordinates);
    state.board_rect = rect;
    let play = &model.play;
    let now = ui.input(|i| i.time);
    let placement = animation::placement(&|sq| play.piece_at(sq));
    let (glides, progress) = state.animation.update(placement, now, model.board.animate);
    let glides = glides.to_vec();
    let targets = play.selected.map(|from| play.targets(from)).unwrap_or_default();
    // An arrow for the hint, or for the analysis' best move.
    // With several lines, an arrow for each line's first move.
    let engine_arrows = model.computer.line_arrows(play.position());
    // The explorer's move under the pointer first: the player is looking at it.
    let hovered = state.explorer_hover.map(|m| (m.from(), m.to()));
    let arrow = hovered.or(model
        .current_hint()
        .or_else(|| model.review_best())
        .map(|m| (m.from(), m.to())));
    // The circles and arrows of the comment after the move shown.
    let comment = play.game.comment(play.game.cursor());
    let marks = chess_core::pgn::Highlight::of(comment);
    let arrows = chess_core::pgn::Arrow::of(comment);
    let view = BoardView {
        id: "play",
        piece_at: &|sq| play.piece_at(sq),
        flipped: model.flipped,
        selected: play.selected.or(model.premove.from),
        last_move: play.last_move().map(|m| (m.from(), m.to())),
        premove: model.premove.waiting,
        check: play.king_in_check(),
        targets: &targets,
        arrow,
        engine_arrows: &engine_arrows,
        marks: &marks,
        arrows: &arrows,
        settings: model.board,
        glides: (&glides, progress),
    };
    let events = board::show(ui, rect, &view, &mut state.drag);
    if state.animation.is_running() {
        ui.ctx().request_repaint();
    }
    if events.iter().any(|e| matches!(e, BoardEvent::Drop { .. })) {
        // The piece is already where the hand put it.
        state.animation.skip_next();
    }
    if !model.human_to_move() && model.play.outcome().is_none() && !events.is_empty() {
        // The pieces are the computer's while it is its move.
        state.drag = None;
    }
    let mut actions: Vec<Action> = events
        .into_iter()
        .map(|event| match event {
            BoardEvent::Click(sq) => Action::ClickSquare(sq),
            BoardEvent::SecondaryClick(_) => Action::Deselect,
            BoardEvent::Draw { from, to, color } => Action::Draw { from, to, color },
            BoardEvent::Drop { from, to } => Action::Drop { from, to },
        })
        .collect();
    if let Some((from, to)) = model.play.promotion {
        actions.extend(promotion_picker(ui, model, rect, from, to));
    }
    ui.allocate_rect(rect, Sense::hover());
    actions
}

/// Four buttons over the board, on the promotion square's file, for the
/// piece a pawn becomes.
fn promotion_picker(ui: &mut egui::Ui, model: &Model, rect: egui::Rect, from: Square, to: Square) -> Option<Action> {
    let mut chosen = None;
    let color = model.play.piece_at(from).map_or(Color::White, |p| p.color);
    let size = rect.width() / 8.0;
    let first = board::square_rect(rect, model.flipped, to);
    // Toward the middle of the board from the last rank.
    let down = if first.center().y < rect.center().y { 1.0 } else { -1.0 };
    let painter = ui.painter();
    painter.rect_filled(rect, 0.0, Color32::from_black_alpha(90));
    for (i, role) in Role::PROMOTIONS.into_iter().enumerate() {
        let cell = first.translate(Vec2::new(0.0, down * size * i as f32));
        let id = Id::unique(("promote", role as u8));
        let response = ui.interact(cell, id, Sense::click());
        let label = format!("Promote to {role}");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        let fill = if response.hovered() {
            Color32::from_gray(235)
        } else {
            Color32::from_gray(250)
        };
        painter.circle_filled(cell.center(), size * 0.48, fill);
        painter.circle_stroke(cell.center(), size * 0.48, Stroke::new(1.5, Color32::from_gray(120)));
        board::draw_piece(
            painter,
            cell.center(),
            size * 0.9,
            Piece::new(color, role),
            model.board.pieces,
        );
        if response.clicked() {
            chosen = Some(Action::Promote(role));
        }
    }
    chosen
}

/// The panel beside the board: controls, the move box and the move list.
///
/// The buttons come first, in rows that never change height, so that they
/// stay where they are between games and when a result, a clock, the
/// players or a hint appear below them (a click meant for one button must
/// not land on another that moved there).
pub fn side_panel(ui: &mut egui::Ui, model: &mut Model) -> Vec<Action> {
    ui.add_space(6.0);
    let mut actions = controls::controls(ui, model);
    actions.extend(analysis::analysis_buttons(ui, model));
    ui.separator();
    banner::result_banner(ui, model);
    // Against the computer: who plays which side, at what level.
    if let Some(players) = model.computer.setup.players() {
        ui.add(egui::Label::new(RichText::new(players).strong()).wrap());
    }
    actions.extend(clocks::clocks(ui, model));
    actions.extend(header::header_panel(ui, &model.play.game));
    analysis::analysis(ui, model);
    ui.separator();
    actions.extend(book::book_panel(ui, model));
    ui.separator();
    let completions = if model.play.typed.trim().is_empty() {
        Vec::new()
    } else {
        model.play.completions(&model.play.typed)
    };
    actions.extend(moves::move_box(ui, &mut model.play.typed, &completions));
    ui.separator();
    let listed = egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| moves::move_list(ui, model));
    actions.extend(listed.inner);
    actions
}
