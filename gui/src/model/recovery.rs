//! The model's side of the autosave ([`super::autosave`]): what is
//! recorded, when, and how a record left by an app that ended without
//! quitting is put back.

use std::path::Path;
use std::time::Instant;

use chess_file::{AppState, Document};

use super::autosave::{Autosave, Editing, Found, Record, TabRecord};
use super::{Dialog, Mode, Model, clock, editor};

impl Model {
    /// Starts keeping the game in `dir` (see [`Autosave`]).
    pub fn start_autosave(&mut self, dir: &Path) -> Result<(), String> {
        let autosave = Autosave::in_dir(dir).map_err(|e| format!("cannot autosave in {}: {e}", dir.display()))?;
        self.autosave = Some(autosave);
        Ok(())
    }

    /// What the autosave keeps of the app now: every tab's game.
    pub fn autosave_record(&self) -> Record {
        let now = self.timing.now();
        let tabs = self
            .tab_views()
            .iter()
            .map(|tab| {
                let app = AppState {
                    flipped: tab.flipped,
                    clock: tab.timing.clock.as_ref().map(|c| c.to_record(now)),
                    ..AppState::default()
                };
                let editing = (tab.mode == Mode::Edit).then(|| Editing {
                    fen: tab.editor.fen(),
                    chess960: tab.editor.chess960,
                });
                TabRecord {
                    game: Document::from_game(&tab.play.game, &app),
                    file: tab.path.map(Path::to_path_buf),
                    unsaved: tab.dirty,
                    editing,
                    setup: Some(tab.setup.clone()),
                }
            })
            .collect();
        Record::new(tabs, self.tabs.shown())
    }

    /// Once a frame: hands the record to the autosave when it changed (a
    /// change of the game, or of the tabs, at once; anything else once a
    /// second).
    pub(super) fn autosave_tick(&mut self) {
        let key = {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            (self.play.generation(), self.tabs.len(), self.tabs.shown()).hash(&mut hasher);
            hasher.finish()
        };
        let now = Instant::now();
        if !self.autosave.as_ref().is_some_and(|a| a.is_due(key, now)) {
            return;
        }
        let record = self.autosave_record();
        if let Some(autosave) = &mut self.autosave
            && let Some(failure) = autosave.update(&record, key, now)
        {
            self.notice = Some(failure);
        }
    }

    /// Puts back the game an app left when it ended without quitting (a
    /// crash, a kill, a logout), and says so; a record that cannot be read
    /// is set aside with a message. Returns whether a game was restored.
    pub fn restore_autosave(&mut self) -> bool {
        let Some(autosave) = &self.autosave else {
            return false;
        };
        match autosave.take_left_behind() {
            Found::Nothing => false,
            Found::Damaged { reason, moved_to } => {
                self.dialog = Some(Dialog::Error(format!(
                    "The game autosaved last time could not be restored ({reason}). It was set aside as {}.",
                    moved_to.display()
                )));
                false
            }
            Found::Record(record) => {
                self.restore(*record);
                true
            }
        }
    }

    /// Puts the app back as `record` describes it: its tabs, the one
    /// shown then shown.
    pub fn restore(&mut self, record: Record) {
        let count = record.tabs.len();
        let unsaved = record.tabs.iter().filter(|t| t.unsaved).count();
        // One game is named; several are counted.
        let single = match record.tabs.as_slice() {
            [tab] => Some((tab.file.clone(), tab.unsaved)),
            _ => None,
        };
        for (i, tab) in record.tabs.into_iter().enumerate() {
            if i > 0 {
                self.new_tab();
            }
            self.restore_tab(tab);
        }
        self.show_tab(record.shown);
        let waiting = if self.timing.is_waiting() {
            "; the clock waits for you (Resume clock)"
        } else {
            ""
        };
        self.notice = Some(match single {
            Some((file, unsaved)) => {
                let name = file
                    .as_deref()
                    .and_then(Path::file_name)
                    .map_or_else(|| "Untitled".to_string(), |n| n.to_string_lossy().into_owned());
                let state = if unsaved { "with unsaved changes" } else { "saved" };
                format!("Restored the game you had open: {name}, {state}{waiting}.")
            }
            _ => format!("Restored the {count} games you had open ({unsaved} with unsaved changes){waiting}."),
        });
    }

    /// Puts one tab's game back in the tab shown.
    fn restore_tab(&mut self, record: TabRecord) {
        let Ok((game, app)) = record.game.to_game() else {
            return;
        };
        let clock = app.clock.as_ref().and_then(clock::Clock::from_record);
        self.start(game, record.file.clone(), app);
        // Undo goes on as before the app ended: the moves can be taken back.
        self.play.remember_moves();
        if let Some(setup) = record.setup {
            self.computer.set_setup(setup);
        }
        if let Some(clock) = clock {
            // The clock waits for the player: no time runs, and the
            // computer does not move, until they come back.
            self.timing.resume(clock, &self.play.game);
            self.timing.wait();
        }
        if record.unsaved {
            self.file.mark_unsaved();
        }
        if let Some(editing) = record.editing
            && let Ok(setup) = chess_core::Setup::from_fen(editor::unwrap_fen_tag(&editing.fen))
        {
            self.editor.load(setup, editing.chess960);
            self.mode = Mode::Edit;
        }
    }
}
