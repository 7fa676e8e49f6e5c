//! What the app asks of the desktop it runs on, apart from the window
//! itself: files chosen (the native dialog, or the app's own where there is
//! none) and sounds played. The model only leaves requests; these carry
//! them out.

pub mod file_chooser;
pub mod file_dialog;
pub mod sound;
