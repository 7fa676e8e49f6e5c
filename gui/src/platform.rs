//! The native file dialogs (rfd, through the XDG desktop portal; with no
//! portal it falls back to zenity, and with neither a dialog returns none).

use std::path::PathBuf;

use crate::model::{FileDialogs, FileKind};

/// File dialogs of the desktop.
#[derive(Debug, Default)]
pub struct NativeDialogs {
    /// The folder dialogs start in (the last one used).
    pub folder: Option<PathBuf>,
}

impl NativeDialogs {
    fn dialog(&self, kind: Option<FileKind>) -> rfd::FileDialog {
        let mut dialog = rfd::FileDialog::new();
        if let Some(folder) = &self.folder {
            dialog = dialog.set_directory(folder);
        }
        match kind {
            Some(FileKind::Ron) => dialog.add_filter("Chess games", &["ron"]),
            Some(FileKind::Pgn) => dialog.add_filter("PGN", &["pgn"]),
            Some(FileKind::Book) => dialog
                .add_filter("Polyglot opening books", &["bin"])
                .add_filter("All files", &["*"]),
            None => dialog
                .add_filter("Chess games and PGN", &["ron", "pgn"])
                .add_filter("All files", &["*"]),
        }
    }

    fn remember(&mut self, path: &Option<PathBuf>) {
        if let Some(folder) = path.as_ref().and_then(|p| p.parent()) {
            self.folder = Some(folder.to_path_buf());
        }
    }
}

impl FileDialogs for NativeDialogs {
    fn open(&mut self, kind: Option<FileKind>) -> Option<PathBuf> {
        let path = self.dialog(kind).pick_file();
        self.remember(&path);
        path
    }

    fn save(&mut self, kind: FileKind, name: &str) -> Option<PathBuf> {
        let mut path = self.dialog(Some(kind)).set_file_name(name).save_file();
        // Add the extension if the name was typed without it.
        if let Some(p) = &mut path
            && p.extension().is_none()
        {
            p.set_extension(kind.extension());
        }
        self.remember(&path);
        path
    }

    fn engine(&mut self) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new().set_title("Choose a UCI engine (Stockfish...)");
        if std::path::Path::new("/usr/games").is_dir() {
            dialog = dialog.set_directory("/usr/games");
        }
        dialog.pick_file()
    }
}
