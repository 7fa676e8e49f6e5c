//! `chess-gui [FILE]`: the desktop app; FILE (a `.ron` or `.pgn` file) is
//! opened at start.

use std::path::PathBuf;

use chess_gui::ChessApp;
use chess_gui::platform::NativeDialogs;

fn main() -> eframe::Result {
    let file = std::env::args_os().nth(1).map(PathBuf::from);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Chess")
            .with_inner_size([1000.0, 720.0])
            .with_min_inner_size([560.0, 420.0]),
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "chess-gui",
        options,
        Box::new(move |cc| {
            chess_gui::fonts::install(&cc.egui_ctx);
            let mut app = ChessApp::new(Box::new(NativeDialogs));
            if let Some(storage) = cc.storage {
                app.restore(storage);
            }
            if let Some(path) = file {
                app.model.open_path(&path);
            }
            Ok(Box::new(app))
        }),
    )
}
