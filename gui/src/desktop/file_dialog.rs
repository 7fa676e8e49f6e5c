//! The app's own file dialog, for desktops where no native one can be
//! shown (no XDG desktop portal, no zenity) or when the user prefers it:
//! a folder to walk, the files of the kind asked for, a file name field
//! that has the focus when saving (type a name, press Enter), and
//! accessible names on every field, so screen readers and the UI tests
//! find them by their labels.

use std::path::{Path, PathBuf};

use egui::{Id, Key, Modal, RichText};

/// Opening a file, or choosing where to save one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// An existing file.
    Open,
    /// A file to write (it may exist: the app asks before replacing it).
    Save,
}

/// One line of the folder's listing.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    folder: bool,
}

/// The dialog's state between frames.
#[derive(Debug)]
pub struct FileDialog {
    mode: Mode,
    title: String,
    folder: PathBuf,
    folder_text: String,
    entries: Vec<Entry>,
    /// The extensions shown (empty: every file).
    extensions: Vec<&'static str>,
    /// The filter in words ("Chess games (.ron)").
    filter: String,
    name: String,
    error: Option<String>,
    /// Set until the file name field has taken the focus.
    focus_name: bool,
}

impl FileDialog {
    /// A dialog in `folder` (or the current folder when it cannot be read)
    /// showing the files with `extensions` (none: all), described as
    /// `filter`; `name` is the name offered when saving.
    pub fn new(
        mode: Mode,
        title: &str,
        folder: &Path,
        extensions: Vec<&'static str>,
        filter: &str,
        name: &str,
    ) -> FileDialog {
        let mut dialog = FileDialog {
            mode,
            title: title.to_string(),
            folder: PathBuf::new(),
            folder_text: String::new(),
            entries: Vec::new(),
            extensions,
            filter: filter.to_string(),
            name: name.to_string(),
            error: None,
            focus_name: true,
        };
        if !dialog.enter(folder) {
            let fallback = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
            dialog.enter(&fallback);
        }
        dialog
    }

    /// The folder shown.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Shows the folder `path`; false (with the reason shown) when it
    /// cannot be read.
    fn enter(&mut self, path: &Path) -> bool {
        let read = match std::fs::read_dir(path) {
            Ok(read) => read,
            Err(e) => {
                self.error = Some(format!("Cannot open the folder {}: {e}", path.display()));
                return false;
            }
        };
        let mut entries: Vec<Entry> = read
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.starts_with('.') {
                    return None;
                }
                let folder = entry.path().is_dir();
                (folder || self.shows(&name)).then_some(Entry { name, folder })
            })
            .collect();
        entries.sort_by_key(|e| (!e.folder, e.name.to_lowercase()));
        self.entries = entries;
        self.folder = path.to_path_buf();
        self.folder_text = path.display().to_string();
        self.error = None;
        true
    }

    /// Whether a file named `name` is of the kind asked for.
    fn shows(&self, name: &str) -> bool {
        if self.extensions.is_empty() {
            return true;
        }
        let lower = name.to_lowercase();
        self.extensions.iter().any(|ext| lower.ends_with(&format!(".{ext}")))
    }

    /// Shows the dialog; once the user has chosen, returns the file (none:
    /// cancelled).
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Option<PathBuf>> {
        let mut answer = None;
        let mut go_to: Option<PathBuf> = None;
        let mut confirm = false;
        Modal::new(Id::unique("in-app file dialog")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(&self.title);
            ui.horizontal(|ui| {
                let label = ui.label("Folder");
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.folder_text).desired_width(400.0))
                    .labelled_by(label.id);
                if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                    go_to = Some(PathBuf::from(&self.folder_text));
                }
                if ui.button("Up").on_hover_text("The folder above").clicked()
                    && let Some(parent) = self.folder.parent()
                {
                    go_to = Some(parent.to_path_buf());
                }
            });
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .min_scrolled_height(300.0)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if self.entries.is_empty() {
                        ui.weak("No folders or files of this kind here.");
                    }
                    for entry in &self.entries {
                        let text = if entry.folder {
                            format!("📁 {}", entry.name)
                        } else {
                            entry.name.clone()
                        };
                        let selected = !entry.folder && entry.name == self.name;
                        let response = ui.selectable_label(selected, text);
                        if response.double_clicked() {
                            if entry.folder {
                                go_to = Some(self.folder.join(&entry.name));
                            } else {
                                self.name = entry.name.clone();
                                confirm = true;
                            }
                        } else if response.clicked() {
                            if entry.folder {
                                go_to = Some(self.folder.join(&entry.name));
                            } else {
                                self.name = entry.name.clone();
                            }
                        }
                    }
                });
            ui.horizontal(|ui| {
                let label = ui.label("File name");
                let id = Id::unique("in-app file dialog: file name");
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.name).id(id).desired_width(400.0))
                    .labelled_by(label.id);
                if std::mem::take(&mut self.focus_name) {
                    // The name offered is selected up to its extension, so
                    // typing replaces it and keeps the extension.
                    field.request_focus();
                    let stem = self.name.rfind('.').unwrap_or(self.name.len());
                    let stem = self.name[..stem].chars().count();
                    if let Some(mut state) = egui::text_edit::TextEditState::load(ui.ctx(), id) {
                        state.cursor.set_char_range(Some(egui::text::CCursorRange::two(
                            egui::text::CCursor::new(0),
                            egui::text::CCursor::new(stem),
                        )));
                        state.store(ui.ctx(), id);
                    }
                }
                if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                    confirm = true;
                }
            });
            ui.weak(format!("Showing: {}", self.filter));
            if let Some(error) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, error);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let verb = match self.mode {
                    Mode::Open => "Open",
                    Mode::Save => "Save",
                };
                if ui
                    .add_enabled(
                        !self.name.trim().is_empty(),
                        egui::Button::new(RichText::new(verb).strong()),
                    )
                    .clicked()
                {
                    confirm = true;
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                    answer = Some(None);
                }
            });
        });
        if let Some(folder) = go_to {
            self.enter(&folder);
        }
        if confirm && answer.is_none() {
            answer = self.confirm().map(Some);
        }
        answer
    }

    /// The file the name field names, when it is one to choose: a folder
    /// is entered instead, a file to open must exist.
    fn confirm(&mut self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return None;
        }
        let path = self.folder.join(name);
        if path.is_dir() {
            self.name.clear();
            self.enter(&path);
            return None;
        }
        if self.mode == Mode::Open && !path.is_file() {
            self.error = Some(format!("There is no file named {name} in this folder."));
            return None;
        }
        Some(path)
    }
}
