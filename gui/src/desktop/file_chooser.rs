//! Choosing files on this desktop: the native dialog (rfd, through the XDG
//! desktop portal or else zenity) run on its own thread so the window keeps
//! drawing, or, where no native dialog can be shown, the app's own dialog
//! ([`super::file_dialog`]) with the same filters and the remembered folder.
//!
//! Whether a native dialog can be shown is found out before asking, not
//! guessed from an answer: rfd returns "none chosen" at once both when the
//! user cancels and when it has no way to show a dialog.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use super::file_dialog::{FileDialog, Mode};
use crate::model::{FileKind, FileRequest, Purpose};

/// A native dialog that answers "none chosen" sooner than this showed
/// nothing (no person cancels that fast).
const NO_DIALOG_SHOWN: std::time::Duration = std::time::Duration::from_millis(250);

/// Whether a native file dialog can be shown here: zenity is installed, or
/// a session bus is there and an XDG desktop portal is installed to answer
/// on it (the two ways rfd's portal backend shows a dialog).
pub fn native_dialogs_available() -> bool {
    let on_path = |name: &str| {
        std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
    };
    let portal = ["/usr/libexec/xdg-desktop-portal", "/usr/lib/xdg-desktop-portal"]
        .iter()
        .any(|p| Path::new(p).is_file());
    on_path("zenity") || (std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some() && portal)
}

/// The filters of a kind of file: (name, extensions). PGN is read
/// compressed too, but written plain.
fn filters(purpose: &Purpose, kind: Option<FileKind>) -> Vec<(&'static str, &'static [&'static str])> {
    if *purpose == Purpose::ExportPgn {
        return vec![("PGN", &["pgn"])];
    }
    match kind {
        Some(FileKind::Ron) => vec![("Chess games", &["ron"])],
        Some(FileKind::Pgn) => vec![("PGN", &["pgn", "zst", "gz", "bz2"])],
        Some(FileKind::Book) => vec![("Polyglot opening books", &["bin"]), ("All files", &["*"])],
        None => vec![
            ("Chess games and PGN", &["ron", "pgn", "zst", "gz", "bz2"]),
            ("All files", &["*"]),
        ],
    }
}

/// A choice being made.
/// A file dialog's answer.
#[derive(Debug)]
pub struct Answer {
    /// What the file was chosen for.
    pub purpose: Purpose,
    /// The file (none: cancelled).
    pub path: Option<PathBuf>,
    /// Whether the dialog itself asked before replacing an existing file.
    pub asked_to_replace: bool,
}

enum Running {
    /// A native dialog on its own thread, and since when.
    Native(mpsc::Receiver<Option<PathBuf>>, std::time::Instant),
    /// The app's own dialog.
    InApp(Box<FileDialog>),
}

/// Makes the model's file choices: shows a dialog for a [`FileRequest`]
/// and hands back the answer.
pub struct Chooser {
    /// The folder dialogs start in (the last one used).
    pub folder: Option<PathBuf>,
    /// Use the app's own dialog even where a native one could be shown.
    pub in_app_always: bool,
    native: bool,
    running: Option<(FileRequest, Running)>,
    /// Something to tell the user (the status line shows it).
    pub notice: Option<String>,
}

impl std::fmt::Debug for Chooser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chooser")
            .field("folder", &self.folder)
            .field("in_app_always", &self.in_app_always)
            .field("native", &self.native)
            .field("running", &self.running.is_some())
            .finish()
    }
}

impl Default for Chooser {
    fn default() -> Chooser {
        Chooser {
            folder: None,
            in_app_always: false,
            native: native_dialogs_available(),
            running: None,
            notice: None,
        }
    }
}

impl Chooser {
    /// A chooser that tries the native dialog first whatever was detected
    /// (where the detection is wrong, the fast "none chosen" still brings
    /// the app's own dialog).
    pub fn trying_native() -> Chooser {
        Chooser {
            native: true,
            ..Chooser::default()
        }
    }

    /// Whether a dialog is open.
    pub fn is_busy(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the app's own dialog is open (it takes the keyboard).
    pub fn in_app_open(&self) -> bool {
        matches!(self.running, Some((_, Running::InApp(_))))
    }

    /// The folder a dialog for `purpose` starts in: `/usr/games` for an
    /// engine where there is one (Debian puts Stockfish there), else the
    /// last one used.
    fn start_folder(&self, purpose: &Purpose) -> Option<PathBuf> {
        match purpose {
            Purpose::Engine if Path::new("/usr/games").is_dir() => Some(PathBuf::from("/usr/games")),
            _ => self.folder.clone().or_else(|| std::env::current_dir().ok()),
        }
    }

    /// Starts the dialog for `request`.
    pub fn start(&mut self, request: FileRequest, ctx: &egui::Context) {
        let folder = self.start_folder(&request.purpose);
        if self.native && !self.in_app_always {
            let (send, receive) = mpsc::channel();
            let waker = ctx.clone();
            let FileRequest { purpose, kind, name } = request.clone();
            let folder = folder.clone();
            let spawned = std::thread::Builder::new().name("file dialog".into()).spawn(move || {
                let path = native_dialog(&purpose, kind, name.as_deref(), folder.as_deref());
                let _ = send.send(path);
                waker.request_repaint();
            });
            if spawned.is_ok() {
                self.running = Some((request, Running::Native(receive, std::time::Instant::now())));
                // One more frame now, so the menu that asked (closed by its
                // click) is not left drawn open behind the desktop's dialog
                // until that dialog answers.
                ctx.request_repaint();
                return;
            }
        }
        // The app's own dialog shows the files of the kind asked for (the
        // first filter; "All files" is for the desktop's dialogs, which let
        // the user switch).
        let groups = filters(&request.purpose, request.kind);
        let (filter, extensions) = match (&request.purpose, groups.first()) {
            (Purpose::Engine, _) | (_, None) => ("all files".to_string(), Vec::new()),
            (_, Some((name, exts))) => {
                let listed: Vec<String> = exts.iter().map(|e| format!(".{e}")).collect();
                (format!("{name} ({})", listed.join(", ")), exts.to_vec())
            }
        };
        let (mode, title) = match request.purpose {
            Purpose::Save { .. } => (Mode::Save, "Save the game as"),
            Purpose::ExportPgn => (Mode::Save, "Export the game as PGN"),
            Purpose::ExportList => (Mode::Save, "Export the games listed"),
            Purpose::Engine => (Mode::Open, "Choose a UCI engine program"),
            Purpose::Book => (Mode::Open, "Choose an opening book"),
            Purpose::ImportPgn => (Mode::Open, "Import a PGN file"),
            Purpose::OpenCollection => (Mode::Open, "Open a collection"),
            Purpose::Open => (Mode::Open, "Open a game or PGN file"),
        };
        let start = folder.unwrap_or_else(|| PathBuf::from("/"));
        let name = request.name.clone().unwrap_or_default();
        let dialog = FileDialog::new(mode, title, &start, extensions, &filter, &name);
        self.running = Some((request, Running::InApp(Box::new(dialog))));
    }

    /// Shows the app's own dialog, or looks for the native one's answer.
    /// Returns the answer once the choice is made.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Answer> {
        let (_, running) = self.running.as_mut()?;
        let answer = match running {
            Running::Native(receive, started) => match receive.try_recv() {
                // No answer can come back this fast from a person: no
                // dialog was shown after all. Say so, and use the app's own.
                Ok(None) if started.elapsed() < NO_DIALOG_SHOWN => {
                    let (request, _) = self.running.take()?;
                    self.native = false;
                    self.notice = Some("The desktop's file dialog could not be shown: using the app's own.".into());
                    self.start(request, ctx);
                    return None;
                }
                Ok(path) => Some(path),
                Err(mpsc::TryRecvError::Empty) => None,
                Err(mpsc::TryRecvError::Disconnected) => Some(None),
            },
            Running::InApp(dialog) => dialog.show(ctx),
        }?;
        let (FileRequest { purpose, .. }, running) = self.running.take()?;
        if let Some(folder) = answer.as_ref().and_then(|p| p.parent())
            && purpose != Purpose::Engine
        {
            self.folder = Some(folder.to_path_buf());
        }
        Some(Answer {
            purpose,
            path: answer,
            // The desktop's dialogs (GTK through the portal, zenity with
            // --confirm-overwrite) ask before replacing a file; the app's
            // own does not.
            asked_to_replace: matches!(running, Running::Native(..)),
        })
    }
}

/// The native dialog for a request, on the calling thread (it blocks).
fn native_dialog(
    purpose: &Purpose,
    kind: Option<FileKind>,
    name: Option<&str>,
    folder: Option<&Path>,
) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new();
    if let Some(folder) = folder {
        dialog = dialog.set_directory(folder);
    }
    if *purpose == Purpose::Engine {
        return dialog.set_title("Choose a UCI engine (Stockfish...)").pick_file();
    }
    for (name, extensions) in filters(purpose, kind) {
        dialog = dialog.add_filter(name, extensions);
    }
    match purpose {
        Purpose::Save { .. } | Purpose::ExportPgn => dialog.set_file_name(name.unwrap_or("game")).save_file(),
        _ => dialog.pick_file(),
    }
}
