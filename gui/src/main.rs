//! `chess-gui [FILE...]`: the desktop app; the files (`.ron` or `.pgn`) are
//! opened at start: the first game on the board, PGN files of many games as
//! collections. A second launch opens a second window (its own process).

use std::path::PathBuf;

use chess_gui::ChessApp;

fn main() -> eframe::Result {
    let files: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Chess")
            .with_inner_size([1000.0, 720.0])
            .with_min_inner_size([560.0, 420.0])
            .with_app_id(chess_gui::APP_ID)
            .with_icon(chess_gui::icon()),
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "chess-gui",
        options,
        Box::new(move |cc| {
            chess_gui::setup(&cc.egui_ctx);
            let mut app = ChessApp::new();
            app.player = Some(chess_gui::desktop::sound::Player::start());
            if let Some(storage) = cc.storage {
                app.restore(storage);
            }
            // The game is kept against crashes; one an app left behind
            // when it ended without quitting comes back.
            match chess_gui::model::autosave::Autosave::default_dir() {
                Some(dir) => match app.model.start_autosave(&dir) {
                    Ok(()) => {
                        app.model.restore_autosave();
                    }
                    Err(e) => app.model.notice = Some(e),
                },
                None => app.model.notice = Some("No folder to autosave the game in: save it yourself.".into()),
            }
            // The UCI engines on the system, asked their names meanwhile.
            app.model.engines.discover();
            app.model.open_paths(&files);
            Ok(Box::new(app))
        }),
    )
}
