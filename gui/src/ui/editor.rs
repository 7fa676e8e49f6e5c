//! The position editor: palette, board, side to move, rights, counters, FEN,
//! problems with their fixes, and "Play from here".

use chess_core::{CastlingRights, CastlingSide, Color, Piece, Role};
use egui::{Color32, Id, RichText, Sense, Stroke, Vec2};

use crate::model::settings::{BoardSettings, PieceSet};
use crate::model::{Action, Editor, Pending, Tool};
use crate::ui::ViewState;
use crate::ui::board::{self, BoardEvent, BoardView, Drag, DragSource};

/// The palette above the board and the board: clicks and drops edit
/// `editor` at once (the editor keeps its own undo).
pub fn board(ui: &mut egui::Ui, editor: &mut Editor, settings: BoardSettings, flipped: bool, state: &mut ViewState) {
    palette(ui, editor, flipped, state, settings.pieces);
    ui.add_space(4.0);
    let rect = board::layout(ui.available_rect_before_wrap(), settings.coordinates);
    // Leaving the editor, the game's board appears as it is, not gliding
    // from the position it had before.
    state.animation.skip_next();
    state.board_rect = rect;
    let shown = &*editor;
    let view = BoardView {
        id: "edit",
        piece_at: &|sq| shown.setup.board.get(sq),
        flipped,
        selected: None,
        last_move: None,
        check: None,
        targets: &[],
        arrow: None,
        engine_arrows: &[],
        premove: None,
        marks: &[],
        arrows: &[],
        settings,
        glides: (&[], 1.0),
    };
    let events = board::show(ui, rect, &view, &mut state.drag);
    for event in events {
        match event {
            BoardEvent::Click(sq) => editor.click(sq, false),
            BoardEvent::SecondaryClick(sq) => editor.click(sq, true),
            BoardEvent::Drop { from, to: Some(to) } => editor.move_piece(from, to),
            // Dragged off the board: removed.
            BoardEvent::Drop { from, to: None } => editor.remove(from),
            // No drawing on a position being set up.
            BoardEvent::Draw { .. } => {}
        }
    }
    ui.allocate_rect(rect, Sense::hover());
}

/// The twelve pieces and the eraser: click to choose what a click on the
/// board puts there, or drag one onto the board.
fn palette(ui: &mut egui::Ui, editor: &mut Editor, flipped: bool, state: &mut ViewState, set: PieceSet) {
    let size = 40.0;
    ui.horizontal(|ui| {
        for color in Color::ALL {
            for role in [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ] {
                let piece = Piece::new(color, role);
                tool_button(ui, editor, flipped, state, Tool::Place(piece), size, set);
            }
            ui.add_space(6.0);
        }
        tool_button(ui, editor, flipped, state, Tool::Erase, size, set);
    });
}

/// A piece of the palette (or the eraser): a click chooses it, a drag
/// drops it on the board.
fn tool_button(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    flipped: bool,
    state: &mut ViewState,
    tool: Tool,
    size: f32,
    set: PieceSet,
) {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), Sense::click_and_drag());
    let selected = editor.tool == tool;
    let label = match tool {
        Tool::Place(p) => format!("{p}"),
        Tool::Erase => "eraser".to_string(),
    };
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &label));
    let painter = ui.painter();
    let fill = if selected {
        ui.visuals().selection.bg_fill
    } else if response.hovered() {
        ui.visuals().widgets.hovered.bg_fill
    } else {
        ui.visuals().widgets.inactive.bg_fill
    };
    painter.rect_filled(rect, 4.0, fill);
    match tool {
        Tool::Place(p) => board::draw_piece(painter, rect.center(), size, p, set),
        Tool::Erase => {
            let r = rect.shrink(size * 0.28);
            let stroke = Stroke::new(3.0, Color32::from_rgb(200, 40, 40));
            painter.line_segment([r.left_top(), r.right_bottom()], stroke);
            painter.line_segment([r.right_top(), r.left_bottom()], stroke);
        }
    }
    if response.clicked() {
        editor.tool = tool;
    }
    if let Tool::Place(piece) = tool {
        if response.drag_started() {
            let pos = response.interact_pointer_pos().unwrap_or(rect.center());
            state.drag = Some(Drag {
                source: DragSource::Palette(piece),
                piece,
                pos,
            });
        }
        if response.dragged()
            && let (Some(d), Some(pos)) = (state.drag.as_mut(), ui.ctx().pointer_latest_pos())
        {
            d.pos = pos;
        }
        if response.drag_stopped() {
            let target = ui
                .ctx()
                .pointer_latest_pos()
                .and_then(|pos| board::square_at(state.board_rect, flipped, pos));
            if let Some(sq) = target {
                editor.drop_piece(piece, sq);
            }
            state.drag = None;
        }
    }
}

/// The editor's controls: they edit `editor` (the form's own state); what
/// goes beyond it (play from here, back to the game, flip, copy, a search
/// of the collection) is returned. With a collection open (`collection`),
/// the position's games and material can be looked for.
pub fn side_panel(ui: &mut egui::Ui, editor: &mut Editor, collection: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.add_space(6.0);
        leave(ui, editor, collection, &mut actions);
        ui.separator();
        board_tools(ui, editor, &mut actions);
        ui.separator();
        rights(ui, editor);
        ui.separator();
        fen_field(ui, editor, &mut actions);
        ui.separator();
        problems(ui, editor);
    });
    actions
}

/// Play from here, back to the game, and with a collection open, its games
/// with this material or this position.
fn leave(ui: &mut egui::Ui, editor: &Editor, collection: bool, actions: &mut Vec<Action>) {
    let legal = editor.position().is_ok();
    ui.horizontal_wrapped(|ui| {
        let play = ui
            .add_enabled(legal, egui::Button::new(RichText::new("Play from here").strong()))
            .on_disabled_hover_text("The position must be legal first");
        if play.clicked() {
            actions.push(Action::Request(Pending::PlayFromEditor));
        }
        if ui.button("Back to the game").clicked() {
            actions.push(Action::LeaveEditor);
        }
    });
    if collection {
        ui.horizontal_wrapped(|ui| {
            let material = ui
                .add_enabled(legal, egui::Button::new("Games with this material"))
                .on_hover_text("List the collection's games that reach this material balance (for endgame study)")
                .on_disabled_hover_text("The position must be legal first");
            if material.clicked() {
                actions.push(Action::FindMaterial);
            }
            let position = ui
                .add_enabled(legal, egui::Button::new("Find this position"))
                .on_hover_text("List the collection's games that reach this position");
            if position.clicked() {
                actions.push(Action::FindPosition);
            }
        });
    }
}

/// Clear, the starting position, flip, undo and redo, swap colours.
fn board_tools(ui: &mut egui::Ui, editor: &mut Editor, actions: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        if ui.button("Clear board").clicked() {
            editor.clear();
        }
        if ui.button("Starting position").clicked() {
            editor.start_position();
        }
        if ui
            .button("Flip board")
            .on_hover_text(crate::ui::shortcuts::FLIP)
            .clicked()
        {
            actions.push(Action::Flip);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(editor.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            editor.undo();
        }
        if ui
            .add_enabled(editor.can_redo(), egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            editor.redo();
        }
        if ui
            .button("Swap colours")
            .on_hover_text("The same position from the other side")
            .clicked()
        {
            editor.flip_colours();
        }
    });
}

/// The side to move, the castling rights (Chess960's too), the en passant
/// square and the move counters.
fn rights(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.horizontal(|ui| {
        let mut turn = editor.setup.turn;
        ui.radio_value(&mut turn, Color::White, "White to move");
        ui.radio_value(&mut turn, Color::Black, "Black to move");
        if turn != editor.setup.turn {
            editor.set_turn(turn);
        }
    });
    castling(ui, editor);
    ui.horizontal(|ui| {
        let candidates = editor.ep_candidates();
        let current = editor.setup.ep_square;
        let text = current.map_or("none".to_string(), |s| s.to_string());
        egui::ComboBox::from_label("En passant square")
            .selected_text(text)
            .show_ui(ui, |ui| {
                if ui.selectable_label(current.is_none(), "none").clicked() {
                    editor.set_ep(None);
                }
                for sq in candidates {
                    if ui.selectable_label(current == Some(sq), sq.to_string()).clicked() {
                        editor.set_ep(Some(sq));
                    }
                }
            });
    });
    ui.horizontal(|ui| {
        let mut half = editor.setup.halfmoves;
        let mut full = editor.setup.fullmoves;
        let label = ui.label("Halfmove clock:");
        if ui
            .add(egui::DragValue::new(&mut half).range(0..=999))
            .labelled_by(label.id)
            .changed()
        {
            editor.set_halfmoves(half);
        }
        let label = ui.label("Move number:");
        if ui
            .add(egui::DragValue::new(&mut full).range(1..=9999))
            .labelled_by(label.id)
            .changed()
        {
            editor.set_fullmoves(full);
        }
    });
}

/// The castling rights, each possible only when its king and rook stand
/// where castling needs them.
fn castling(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.horizontal(|ui| {
        ui.label("Castling rights:");
        let mut chess960 = editor.chess960;
        if ui
            .checkbox(&mut chess960, "Chess960")
            .on_hover_text("The king anywhere on its first rank, castling with the rook of each side")
            .changed()
        {
            editor.set_chess960(chess960);
        }
    });
    ui.horizontal_wrapped(|ui| {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let letter = CastlingRights::letter(color, side);
                let name = match (editor.chess960, editor.rook_960(color, side)) {
                    (true, Some(file)) => {
                        format!("{} {}, rook on {}", color.name(), side.san(), (b'a' + file) as char)
                    }
                    _ => format!("{} {}", color.name(), side.san()),
                };
                let mut on = editor.setup.castling.has(color, side);
                let possible = editor.castling_possible(color, side);
                let response = ui
                    .add_enabled(
                        possible || on,
                        egui::Checkbox::new(&mut on, format!("{letter} ({name})")),
                    )
                    .on_disabled_hover_text(if editor.chess960 {
                        "The king must be on its first rank with a rook on that side"
                    } else {
                        "The king and the rook must be on their home squares"
                    });
                if response.changed() {
                    editor.set_castling(color, side, on);
                }
            }
        }
    });
}

/// The position as FEN, to read, type or paste, and to copy.
fn fen_field(ui: &mut egui::Ui, editor: &mut Editor, actions: &mut Vec<Action>) {
    ui.label("FEN:");
    let mut fen = editor.fen_text.clone();
    let response = ui.add(
        egui::TextEdit::singleline(&mut fen)
            .desired_width(f32::INFINITY)
            .id(Id::unique("fen field")),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "FEN"));
    if response.changed() {
        editor.set_fen_text(&fen);
    }
    if response.lost_focus() && editor.fen_error.is_none() {
        editor.fen_text = editor.fen();
    }
    if let Some(error) = &editor.fen_error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    if ui.button("Copy FEN").clicked() {
        actions.push(Action::CopyFen);
    }
}

/// What keeps the position from being legal, each with its fix where there
/// is one.
fn problems(ui: &mut egui::Ui, editor: &mut Editor) {
    let problems = editor.problems();
    if problems.is_empty() {
        ui.label(RichText::new("✔ The position is legal").color(Color32::from_rgb(40, 140, 60)));
    }
    for problem in problems {
        ui.horizontal_wrapped(|ui| {
            let color = if problem.is_error() {
                ui.visuals().error_fg_color
            } else {
                ui.visuals().warn_fg_color
            };
            let mark = if problem.is_error() { "✖" } else { "⚠" };
            ui.colored_label(color, format!("{mark} {problem}"));
            if let Some(fix) = problem.fix()
                && ui.small_button(format!("→ {fix}")).clicked()
            {
                editor.fix(&problem);
            }
        });
    }
}
