//! The chess toolkit's desktop app.
//!
//! [`model`] holds the state (the game, the editor, files, dialogs) and does
//! everything the app does, without a window; [`ui`] draws it with egui and
//! turns clicks and keys into calls on the model. [`app::ChessApp`] joins
//! them, for eframe and for the tests (egui_kittest drives the same `ui`).

pub mod app;
pub mod desktop;
pub mod model;
pub mod ui;

pub use app::ChessApp;

/// The app's id on the desktop: its `.desktop` file, icon and AppStream
/// metainfo are named by it (`gui/desktop/`), and its windows carry it, so
/// the desktop shows the right icon and entry for them.
pub const APP_ID: &str = "org.chesstoolkit.Chess";

/// Prepares a new egui context for the app: its fonts (with the chess
/// symbols), and panel edges wide enough to grab.
pub fn setup(ctx: &egui::Context) {
    ui::fonts::install(ctx);
    ctx.all_styles_mut(|style| style.interaction.resize_grab_radius_side = 6.0);
}

/// The window icon: the app's icon, 64 pixels square.
pub fn icon() -> egui::IconData {
    eframe::icon_data::from_png_bytes(include_bytes!(
        "../desktop/icons/hicolor/64x64/org.chesstoolkit.Chess.png"
    ))
    .unwrap_or_default()
}
