//! The chess toolkit's desktop app.
//!
//! [`model`] holds the state (the game, the editor, files, dialogs) and does
//! everything the app does, without a window; [`ui`] draws it with egui and
//! turns clicks and keys into calls on the model. [`app::ChessApp`] joins
//! them, for eframe and for the tests (egui_kittest drives the same `ui`).

pub mod app;
pub mod fonts;
pub mod model;
pub mod platform;
pub mod ui;

pub use app::ChessApp;
