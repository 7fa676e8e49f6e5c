//! The document: the game on the board and the file it belongs to. New,
//! open, save, save as, export, paste, the editor's position played, and
//! "discard unsaved changes?" before any of them loses the game.

use std::path::{Path, PathBuf};

use chess_core::{Game, Position, Setup};
use chess_file::AppState;

use super::dialogs::{Choice, Dialog, FileRequest, Pending, Purpose};
use super::files::{self, FileKind, Opened};
use super::{EngineChoice, LIST_AT_ONCE_BYTES, Mode, Model, Play, clock, editor};

/// What opening a file did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpenedAs {
    /// Its game is on the board.
    Game,
    /// It is open as a collection (its list shown).
    Collection,
    /// It could not be read (an error dialog says why).
    Nothing,
}

impl Model {
    /// Whether the game has changes not saved to its file. A game with no
    /// moves and no file has nothing to lose.
    pub fn is_dirty(&self) -> bool {
        has_unsaved_changes(self.file.path.as_deref(), &self.play, self.file.saved_generation)
    }

    /// The window title ("game.ron • — Chess" with unsaved changes).
    pub fn title(&self) -> String {
        self.file.title(self.is_dirty())
    }

    /// Asks for `action`, first asking about unsaved changes if it would
    /// lose them. Opening a game loses none: it opens in a tab of its own
    /// (see [`super::tabs`]).
    pub fn request(&mut self, action: Pending) {
        let opens_tab = matches!(
            action,
            Pending::Open
                | Pending::OpenPath(_)
                | Pending::ImportPgn
                | Pending::OpenListed(_)
                | Pending::OpenCollectionGame { .. }
        );
        let loses_game = !opens_tab && (!matches!(action, Pending::PlayFromEditor) || self.mode == Mode::Edit);
        if loses_game && self.is_dirty() {
            self.dialog = Some(Dialog::Confirm { then: action });
        } else {
            self.run(action);
        }
    }

    /// The answer to the unsaved-changes question.
    pub fn confirm(&mut self, choice: Choice) {
        let Some(Dialog::Confirm { then }) = self.dialog.take() else {
            return;
        };
        match choice {
            Choice::Cancel => {}
            Choice::Discard => {
                // Quitting goes on to the other tabs: this one is let go.
                if then == Pending::Quit {
                    self.close_shown_tab();
                }
                self.run(then);
            }
            Choice::Save => match self.file.path.clone() {
                Some(path) => {
                    if self.save_to(&path) {
                        self.run(then);
                    }
                }
                // Where to? The action waits for the answer.
                None => self.choose(Purpose::Save { then: Some(then) }),
            },
        }
    }

    fn run(&mut self, action: Pending) {
        match action {
            Pending::NewGame => {
                let setup = self.computer.setup.clone();
                self.start(setup.new_game(), None, AppState::default());
                self.timing.start(setup.controls(), &self.play.game);
                self.record_game_facts(&setup);
                self.computer.set_setup(setup);
            }
            Pending::NewGameWith(setup) => {
                if let Err(problem) = setup.check_time() {
                    self.dialog = Some(Dialog::Error(format!("The time control cannot be played: {problem}.")));
                    return;
                }
                self.start(setup.new_game(), None, AppState::default());
                self.timing.start(setup.controls(), &self.play.game);
                self.record_game_facts(&setup);
                self.computer.set_setup(setup);
            }
            Pending::Open => self.choose(Purpose::Open),
            Pending::OpenPath(path) => {
                self.open_path(&path);
            }
            Pending::ImportPgn => self.choose(Purpose::ImportPgn),
            Pending::Paste(text) => self.load_text(&text),
            Pending::PlayFromEditor => self.play_from_editor(),
            Pending::Quit => {
                // Each tab's unsaved changes are asked about in turn (a
                // tab whose changes are discarded is closed first).
                if self.is_dirty() {
                    self.dialog = Some(Dialog::Confirm { then: Pending::Quit });
                    return;
                }
                if let Some(tab) = self.dirty_parked_tab() {
                    self.show_tab(tab);
                    self.dialog = Some(Dialog::Confirm { then: Pending::Quit });
                    return;
                }
                // A clean exit: nothing is left to restore.
                if let Some(autosave) = &mut self.autosave {
                    autosave.clear();
                }
                self.requests.quit = true;
            }
            Pending::CloseTab => self.close_shown_tab(),
            Pending::OpenListed(row) => self.open_listed(row),
            Pending::OpenCollectionGame { game, ply } => self.open_collection_game(game, ply),
        }
    }

    /// Shows `game` (read from `path`, if from a file) as the game on the
    /// board: two people play it, without a clock, its `[%eval]` comments
    /// shown as a review.
    pub(super) fn start(&mut self, game: Game, path: Option<PathBuf>, app: AppState) {
        self.computer.set_setup(self.computer.setup.between_people());
        // A file's [%eval] comments show as a review at once.
        self.review.show_from_file(&game);
        self.play = Play::new(game);
        self.timing.clock = None;
        // A note about the game before ("Opened x.ron") no longer applies.
        self.notice = None;
        self.file.path = path;
        self.file.saved_generation = self.play.generation();
        self.flipped = app.flipped;
        self.mode = Mode::Play;
        self.dialog = None;
    }

    /// Opens a `.ron` or `.pgn` file: one game in a tab of its own (the
    /// tab shown when it is blank, the file's tab when it is open
    /// already), a PGN file of several as a collection. If it cannot be
    /// read, an error dialog says why and the tabs stay as they were.
    pub fn open_path(&mut self, path: &Path) -> OpenedAs {
        // A large PGN file is listed at once and read in the background.
        let large = std::fs::metadata(path).is_ok_and(|m| m.len() >= LIST_AT_ONCE_BYTES);
        if FileKind::of(path) == FileKind::Pgn && large {
            return self.list_games(path);
        }
        match files::open(path) {
            Ok(Opened::Game(game, app)) => {
                let own = FileKind::of(path) == FileKind::Ron;
                if own && self.show_tab_of(path) {
                    self.notice = Some(format!("{} is open in this tab", display_name(path)));
                    return OpenedAs::Game;
                }
                self.tab_for_opening();
                let clock = app.clock.as_ref().and_then(clock::Clock::from_record);
                self.start(*game, own.then(|| path.to_path_buf()), app);
                // A timed game resumes with its times, its side to move's running.
                if let Some(clock) = clock {
                    self.timing.resume(clock, &self.play.game);
                }
                self.file.remember(path);
                self.notice = Some(match files::cut_short(&self.play.game) {
                    Some(why) => format!("Opened {}: the game {why}", display_name(path)),
                    None => format!("Opened {}", display_name(path)),
                });
                OpenedAs::Game
            }
            Ok(Opened::Many { .. }) => self.list_games(path),
            Err(e) => {
                self.dialog = Some(Dialog::Error(e));
                OpenedAs::Nothing
            }
        }
    }

    /// Opens the files given on the command line (or dropped on the app):
    /// each game in a tab of its own, PGN files of many games as
    /// collections ([`Model::open_path`] for each).
    pub fn open_paths(&mut self, paths: &[PathBuf]) {
        for path in paths {
            self.open_path(path);
        }
    }

    /// Opens a PGN file of many games as a collection: its list to choose
    /// from at once, its index built in the background for the explorer
    /// and the searches.
    pub fn list_games(&mut self, path: &Path) -> OpenedAs {
        match self.collections.open_path(path) {
            Ok(()) => {
                self.file.remember(path);
                OpenedAs::Collection
            }
            Err(e) => {
                self.dialog = Some(Dialog::Error(e));
                OpenedAs::Nothing
            }
        }
    }

    /// Opens the game of row `row` of the collection's list (at the ply
    /// where it reaches the position searched for). It is read on the
    /// collection's thread and opened when it arrives (on a later frame);
    /// one that cannot be read is refused with the reason, and the list
    /// stays.
    pub fn open_listed(&mut self, row: usize) {
        let Some(collection) = self.collections.active_mut() else {
            return;
        };
        match collection.read_listed(row) {
            Ok(()) => self.notice = Some("Opening the game…".into()),
            Err(e) => self.dialog = Some(Dialog::Error(e)),
        }
    }

    /// Opens game `number` of the collection shown at `ply` (a top game of
    /// the explorer's), once read on the collection's thread.
    pub fn open_collection_game(&mut self, number: u64, ply: u32) {
        if let Some(collection) = self.collections.active_mut() {
            collection.read_number(number, ply);
            self.notice = Some("Opening the game…".into());
        }
    }

    /// Opens a game that a collection's thread has read, if one arrived.
    pub(super) fn open_arrived(&mut self) {
        let arrived = self
            .collections
            .open
            .iter_mut()
            .find_map(|c| c.take_opened().map(|opened| (c.name(), opened)));
        let Some((name, read)) = arrived else { return };
        match read.game {
            Ok(game) => {
                self.collections.list_shown = false;
                let cut = files::cut_short(&game);
                self.tab_for_opening();
                self.start(*game, None, AppState::default());
                if let Some(ply) = read.ply {
                    self.play.to_ply(ply as usize);
                }
                self.notice = Some(match cut {
                    Some(why) => format!("Opened a game of {name}: it {why}"),
                    None => format!("Opened a game of {name}"),
                });
            }
            Err(e) => {
                self.notice = None;
                self.dialog = Some(Dialog::Error(e));
            }
        }
    }

    /// Loads game `index` of the list being chosen from.
    pub fn pick_game(&mut self, index: usize) {
        if let Some(Dialog::PickGame { games, .. }) = &mut self.dialog
            && index < games.len()
        {
            let game = games.swap_remove(index);
            self.start(game, None, AppState::default());
        }
    }

    /// Saves to the game's file, or asks where (Save As) if it has none.
    /// Returns whether the game is saved now (false while the file is
    /// still being chosen).
    pub fn save(&mut self) -> bool {
        match self.file.path.clone() {
            Some(path) => self.save_to(&path),
            None => {
                self.save_as();
                false
            }
        }
    }

    /// Asks where to save; the game is saved when the answer comes.
    pub fn save_as(&mut self) {
        self.choose(Purpose::Save { then: None });
    }

    /// Asks for a file for `purpose`: leaves a request, which the app's
    /// dialogs answer ([`Model::file_chosen`]).
    fn choose(&mut self, purpose: Purpose) {
        let (kind, name) = match &purpose {
            Purpose::Open => (None, None),
            Purpose::OpenCollection => (Some(FileKind::Pgn), None),
            Purpose::ExportList => (Some(FileKind::Pgn), Some("games.pgn".to_string())),
            Purpose::ImportPgn => (Some(FileKind::Pgn), None),
            Purpose::Save { .. } => (Some(FileKind::Ron), Some(format!("{}.ron", self.suggested_name()))),
            Purpose::ExportPgn => (Some(FileKind::Pgn), Some(format!("{}.pgn", self.suggested_name()))),
            Purpose::Book => (Some(FileKind::Book), None),
            Purpose::Engine => (None, None),
        };
        self.requests.file = Some(FileRequest { purpose, kind, name });
        self.tab_asks_for_file();
    }

    /// The answer to a file choice (`None`: none was chosen) from a dialog
    /// that did not ask before replacing a file (the app's own, or answers
    /// given in advance): a file to write that exists already is replaced
    /// only after "Replace?" ([`Dialog::ConfirmReplace`]); then goes on
    /// with what it was for. A save that waited for an action says so when
    /// it is cancelled, as that action then does not happen.
    pub fn file_chosen(&mut self, purpose: Purpose, path: Option<PathBuf>) {
        if !self.back_to_asking_tab() {
            return;
        }
        if let Some(path) = &path {
            let target = target_of(&purpose, path);
            let own_file =
                matches!(purpose, Purpose::Save { .. }) && self.file.path.as_deref() == Some(target.as_path());
            if purpose.writes() && target.exists() && !own_file {
                self.dialog = Some(Dialog::ConfirmReplace { purpose, path: target });
                return;
            }
        }
        self.file_chosen_replacing(purpose, path);
    }

    /// The answer to "Replace this file?".
    pub fn confirm_replace(&mut self, replace: bool) {
        let Some(Dialog::ConfirmReplace { purpose, path }) = self.dialog.take() else {
            return;
        };
        if replace {
            self.file_chosen_replacing(purpose, Some(path));
        } else {
            self.file_answered();
            let what = match &purpose {
                Purpose::Save { then: Some(then) } => format!("; {} was cancelled", then.describe()),
                _ => String::new(),
            };
            self.notice = Some(format!("{} was left as it was{what}.", display_name(&path)));
        }
    }

    /// [`Model::file_chosen`] for a dialog that asked before replacing a
    /// file itself (the desktop's own dialogs do), or after the user said
    /// to replace it.
    pub fn file_chosen_replacing(&mut self, purpose: Purpose, path: Option<PathBuf>) {
        if !self.back_to_asking_tab() {
            return;
        }
        self.file_answered();
        let with_extension = |mut p: PathBuf, kind: FileKind| {
            if p.extension().is_none() {
                p.set_extension(kind.extension());
            }
            p
        };
        let Some(path) = path else {
            if let Purpose::Save { then: Some(then) } = purpose {
                self.notice = Some(format!("Not saved, so {} was cancelled.", then.describe()));
            }
            return;
        };
        match purpose {
            Purpose::Open | Purpose::ImportPgn => {
                self.open_path(&path);
            }
            Purpose::OpenCollection => {
                self.list_games(&path);
            }
            Purpose::ExportList => {
                let path = with_extension(path, FileKind::Pgn);
                if let Some(collection) = self.collections.active_mut()
                    && let Err(e) = collection.list.start_export(&path)
                {
                    self.dialog = Some(Dialog::Error(e));
                }
            }
            Purpose::Save { then } => {
                if self.save_to(&with_extension(path, FileKind::Ron))
                    && let Some(then) = then
                {
                    self.run(then);
                }
            }
            Purpose::ExportPgn => {
                let path = with_extension(path, FileKind::Pgn);
                match files::export_pgn(&path, &self.game_with_clock_times()) {
                    Ok(()) => self.notice = Some(format!("Exported {}", display_name(&path))),
                    Err(e) => self.dialog = Some(Dialog::Error(e)),
                }
            }
            Purpose::Book => {
                if let Some(Dialog::NewGame(setup)) = &mut self.dialog {
                    setup.book = Some(path);
                }
            }
            Purpose::Engine => {
                // Remembered, and asked its name (the dialog lists it, or
                // says why it cannot be used).
                self.engines.add(&path);
                if let Some(Dialog::NewGame(setup)) = &mut self.dialog {
                    setup.engine_path = Some(path.clone());
                    setup.engine = EngineChoice::External(path);
                }
            }
        }
    }

    fn save_to(&mut self, path: &Path) -> bool {
        let now = self.timing.now();
        let app = AppState {
            flipped: self.flipped,
            clock: self.timing.clock.as_ref().map(|c| c.to_record(now)),
            ..AppState::default()
        };
        match files::save_ron(path, &self.play.game, &app) {
            Ok(()) => {
                self.file.path = Some(path.to_path_buf());
                self.file.saved_generation = self.play.generation();
                self.file.remember(path);
                self.notice = Some(format!("Saved {}", display_name(path)));
                true
            }
            Err(e) => {
                self.dialog = Some(Dialog::Error(e));
                false
            }
        }
    }

    /// Asks where, then writes the game as PGN.
    pub fn export_pgn(&mut self) {
        self.choose(Purpose::ExportPgn);
    }

    fn suggested_name(&self) -> String {
        self.file
            .path
            .as_deref()
            .and_then(|p| p.file_stem())
            .map_or("game".to_string(), |s| s.to_string_lossy().into_owned())
    }

    /// Loads pasted text: a FEN (also `[FEN "..."]`) starts a game from that
    /// position, or opens it in the editor if it is illegal; anything else
    /// is read as PGN.
    pub fn load_text(&mut self, text: &str) {
        let fen = editor::unwrap_fen_tag(text);
        // Shredder-FEN castling (file letters) is Chess960's.
        if Setup::from_fen(fen).is_err()
            && let Ok(pos) = Position::from_fen_960(fen)
        {
            self.start(Game::from_position(pos), None, AppState::default());
            return;
        }
        if let Ok(setup) = Setup::from_fen(fen) {
            match Position::from_setup(setup.clone()) {
                Ok(pos) => self.start(Game::from_position(pos), None, AppState::default()),
                // Legal by Chess960's castling rules: a 960 game.
                Err(_) if let Ok(pos) = Position::from_fen_960(fen) => {
                    self.start(Game::from_position(pos), None, AppState::default())
                }
                Err(_) => {
                    self.editor.load(setup, false);
                    self.mode = Mode::Edit;
                    self.dialog = None;
                    self.notice = Some("The position is not legal: fix it in the editor".to_string());
                }
            }
            return;
        }
        match files::read_pgn(text.as_bytes()) {
            Ok(Opened::Game(game, app)) => {
                let cut = files::cut_short(&game);
                self.start(*game, None, app);
                if let Some(why) = cut {
                    self.notice = Some(format!("The game {why}"));
                }
            }
            Ok(Opened::Many { games, skipped }) => self.dialog = Some(Dialog::PickGame { games, skipped }),
            Err(e) => self.dialog = Some(Dialog::Error(format!("Not a FEN, and not PGN: {e}"))),
        }
    }

    /// The FEN of the position on the board (in the editor: of the setup).
    pub fn fen(&self) -> String {
        match self.mode {
            Mode::Play => self.play.position().fen(),
            Mode::Edit => self.editor.fen(),
        }
    }

    /// The game as PGN (with the clock's times, in a timed game).
    pub fn pgn(&self) -> String {
        self.game_with_clock_times().to_pgn()
    }

    /// The game, and when it is timed, its `TimeControl` tag and a
    /// `[%clk h:mm:ss]` comment after each move of the main line.
    pub fn game_with_clock_times(&self) -> Game {
        let mut game = self.play.game.clone();
        self.timing.annotate(&mut game);
        game
    }

    /// Opens the editor on the position on the board.
    pub fn edit_position(&mut self) {
        let position = self.play.position();
        let (setup, chess960) = (position.to_setup(), position.is_chess960());
        self.editor.load(setup, chess960);
        self.mode = Mode::Edit;
    }

    /// Back to the game without using the editor's position.
    pub fn leave_editor(&mut self) {
        self.mode = Mode::Play;
    }

    /// Starts a new game from the editor's position, if it is legal.
    fn play_from_editor(&mut self) {
        match self.editor.position() {
            Ok(pos) => {
                // A game like any other: its players, date and clock.
                let setup = self.computer.setup.clone();
                self.start(Game::from_position(pos), None, AppState::default());
                self.timing.start(setup.controls(), &self.play.game);
                self.record_game_facts(&setup);
                self.computer.set_setup(setup);
            }
            Err(e) => self.notice = Some(e.to_string()),
        }
    }

    /// Asks for a Polyglot book file for the new game dialog's setup.
    pub fn choose_book(&mut self) {
        self.choose(Purpose::Book);
    }

    /// Asks for a PGN file to keep open as a collection.
    pub fn choose_collection(&mut self) {
        self.choose(Purpose::OpenCollection);
    }

    /// Asks where to write the games the collection's list shows.
    pub fn export_list(&mut self) {
        if self.collections.active().is_some_and(|c| c.list.export.is_none()) {
            self.choose(Purpose::ExportList);
        }
    }

    /// Asks for a UCI engine program for the new game dialog's setup.
    pub fn choose_engine(&mut self) {
        self.choose(Purpose::Engine);
    }
}

/// Whether a game (`play`, from the file at `path`, saved at generation
/// `saved`) has changes not saved: a game with no moves and no file has
/// nothing to lose. For the tab shown and the tabs parked alike.
pub(super) fn has_unsaved_changes(path: Option<&Path>, play: &Play, saved: u64) -> bool {
    let empty = path.is_none() && play.game.nodes().len() == 1;
    !empty && play.generation() != saved
}

/// A file's name, for notices and titles.
pub(crate) fn display_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The file a choice of `path` for `purpose` writes (with its extension
/// added when it has none), or `path` itself.
fn target_of(purpose: &Purpose, path: &Path) -> PathBuf {
    let kind = match purpose {
        Purpose::Save { .. } => FileKind::Ron,
        Purpose::ExportPgn | Purpose::ExportList => FileKind::Pgn,
        _ => return path.to_path_buf(),
    };
    let mut path = path.to_path_buf();
    if path.extension().is_none() {
        path.set_extension(kind.extension());
    }
    path
}
