//! Drawing the model with egui: the board, the play and editor panels, the
//! menu bar and the dialogs.

pub mod animation;
pub mod board;
pub mod dialogs;
pub mod editor;
pub mod explorer;
pub mod game_list;
pub mod menu;
pub mod play;
pub mod review;
