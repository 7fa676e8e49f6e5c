//! What the view keeps between frames that is not the model's business: a
//! drag in progress, the pieces gliding, the board's place on screen.

/// The view's own state, kept by the app and lent to the panels that draw
/// the board.
#[derive(Debug)]
pub struct ViewState {
    /// The board's rectangle on screen (tests use it to aim at squares).
    pub board_rect: egui::Rect,
    /// A piece being dragged.
    pub drag: Option<super::board::Drag>,
    /// Pieces gliding after a move.
    pub animation: super::animation::Animation,
    /// The title last sent to the window.
    pub(crate) title: String,
    /// Frames drawn: tests check that an idle app draws none.
    pub frames: u64,
    /// The explorer's move under the pointer (an arrow on the board).
    pub explorer_hover: Option<chess_core::Move>,
    /// The window is closing at the model's request: a close it asked for
    /// is not held back for unsaved changes again.
    pub quitting: bool,
}

impl Default for ViewState {
    fn default() -> ViewState {
        ViewState {
            board_rect: egui::Rect::NOTHING,
            drag: None,
            animation: super::animation::Animation::default(),
            title: String::new(),
            frames: 0,
            explorer_hover: None,
            quitting: false,
        }
    }
}
