//! The model's side of the autosave ([`super::autosave`]): what is
//! recorded, when, and how a record left by an app that ended without
//! quitting is put back.

use std::path::Path;
use std::time::Instant;

use chess_file::{AppState, Document};

use super::autosave::{Autosave, Editing, Found, Record};
use super::{Dialog, Mode, Model, clock, editor};

impl Model {
    /// Starts keeping the game in `dir` (see [`Autosave`]).
    pub fn start_autosave(&mut self, dir: &Path) -> Result<(), String> {
        let autosave = Autosave::in_dir(dir).map_err(|e| format!("cannot autosave in {}: {e}", dir.display()))?;
        self.autosave = Some(autosave);
        Ok(())
    }

    /// What the autosave keeps of the app now.
    pub fn autosave_record(&self) -> Record {
        let now = self.timing.now();
        let app = AppState {
            flipped: self.flipped,
            clock: self.timing.clock.as_ref().map(|c| c.to_record(now)),
            ..AppState::default()
        };
        let editing = (self.mode == Mode::Edit).then(|| Editing {
            fen: self.editor.fen(),
            chess960: self.editor.chess960,
        });
        Record::new(
            Document::from_game(&self.play.game, &app),
            self.file.path.clone(),
            self.is_dirty(),
            editing,
            Some(self.computer.setup.clone()),
        )
    }

    /// Once a frame: hands the record to the autosave when it changed (a
    /// change of the game at once, anything else once a second).
    pub(super) fn autosave_tick(&mut self) {
        if self.autosave.is_none() {
            return;
        }
        let record = self.autosave_record();
        let generation = self.play.generation();
        if let Some(autosave) = &mut self.autosave
            && let Some(failure) = autosave.update(&record, generation, Instant::now())
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

    /// Puts the app back as `record` describes it.
    pub fn restore(&mut self, record: Record) {
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
        let name = record
            .file
            .as_deref()
            .and_then(Path::file_name)
            .map_or_else(|| "Untitled".to_string(), |n| n.to_string_lossy().into_owned());
        let state = if record.unsaved {
            "with unsaved changes"
        } else {
            "saved"
        };
        let waiting = if self.timing.is_waiting() {
            "; the clock waits for you (Resume clock)"
        } else {
            ""
        };
        self.notice = Some(format!("Restored the game you had open: {name}, {state}{waiting}."));
    }
}
