//! Drawing the model with egui: the board, the play and editor panels, the
//! menu bar and the dialogs.
//!
//! The rule every panel and dialog here keeps: it reads the model and
//! returns what the person decided as [`Action`](crate::model::Action)s,
//! which the app hands to `Model::apply`, the model's one door in. A form
//! may edit its own draft in place (a dialog's text or game setup, the
//! editor's position: state that is the form's alone, with nothing to
//! check before each keystroke); anything beyond it (playing a move,
//! closing, saving, copying to the clipboard, choosing a file) is an
//! `Action`, never a call on the model or the desktop. One function a
//! dialog or a panel's section, as `play/` and `dialogs/` lay them out.

pub mod animation;
pub mod board;
pub mod dialogs;
pub mod editor;
pub mod explorer;
pub mod fonts;
pub mod game_list;
pub mod menu;
pub mod play;
pub mod review;
pub mod shortcuts;
pub mod tabs;
mod view_state;

pub use view_state::ViewState;

/// A visible grip on the edge between the board and the panel whose rect
/// is `panel` (on its board side), so the divider can be seen and dragged.
pub fn divider_grip(ctx: &egui::Context, panel: egui::Rect) {
    let board = ctx.content_rect().center().x;
    let x = if panel.center().x > board {
        panel.left() + 3.0
    } else {
        panel.right() - 3.0
    };
    let grip = egui::Rect::from_center_size(egui::pos2(x, panel.center().y), egui::vec2(4.0, 40.0));
    let color = ctx
        .global_style()
        .visuals
        .widgets
        .inactive
        .fg_stroke
        .color
        .gamma_multiply(0.6);
    ctx.layer_painter(egui::LayerId::background())
        .rect_filled(grip, 2.0, color);
}
