//! The app's state, apart from any drawing: the game being played, the
//! position editor, the file the game belongs to, and the dialog open.
//! Everything the widgets do goes through here, so it is tested without a
//! window.

pub mod book;
pub mod clock;
pub mod computer;
pub mod editor;
pub mod files;
pub mod game_list;
pub mod history;
pub mod play;
pub mod review;
pub mod settings;

use std::path::{Path, PathBuf};
use std::time::Duration;

use chess_core::{Color, Game, Position, Setup};
use chess_file::AppState;

pub use computer::{Computer, EngineChoice, GameSetup, Player};
pub use editor::{Editor, Tool};
pub use files::{FileKind, FileState, Opened};
pub use play::{Action, MoveToken, Play};

/// PGN files from this size on are listed without being read first.
const LIST_AT_ONCE_BYTES: u64 = 1 << 20;

/// Chooses files: native dialogs in the app, fixed answers in tests.
pub trait FileDialogs {
    /// A file to open (`kind` narrows the choice, none offers both kinds).
    fn open(&mut self, kind: Option<FileKind>) -> Option<PathBuf>;
    /// Where to save a file of `kind`, suggesting `name`.
    fn save(&mut self, kind: FileKind, name: &str) -> Option<PathBuf>;
    /// A UCI engine program.
    fn engine(&mut self) -> Option<PathBuf>;
    /// Whether the choice is made later, by the app's own dialogs, so the
    /// window keeps drawing: the model then leaves a [`FileRequest`] and
    /// the app answers it with [`Model::file_chosen`].
    fn deferred(&self) -> bool {
        false
    }
}

/// What a file is being chosen for.
#[derive(Clone, Debug, PartialEq)]
pub enum Purpose {
    /// A game to open (RON or PGN).
    Open,
    /// A PGN file to import.
    ImportPgn,
    /// Where to save the game, then what to do after saving.
    Save {
        /// The action that waited for the save (a new game...).
        then: Option<Pending>,
    },
    /// Where to write the game as PGN.
    ExportPgn,
    /// A Polyglot book for the new game dialog.
    Book,
    /// A UCI engine program for the new game dialog.
    Engine,
}

/// A file choice the app's dialogs are to make.
#[derive(Clone, Debug, PartialEq)]
pub struct FileRequest {
    /// What for.
    pub purpose: Purpose,
    /// The kind of file (none: games of either kind, or a program).
    pub kind: Option<FileKind>,
    /// For saving: the suggested name.
    pub name: Option<String>,
}

/// Playing or setting up a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Playing the game.
    Play,
    /// The position editor.
    Edit,
}

/// Something the user asked for that may first need "discard unsaved
/// changes?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Start a new game (the same players as before).
    NewGame,
    /// Start a new game with these players.
    NewGameWith(GameSetup),
    /// Choose a file to open.
    Open,
    /// Open this file.
    OpenPath(PathBuf),
    /// Choose a PGN file to import.
    ImportPgn,
    /// Take a pasted FEN or PGN.
    Paste(String),
    /// Start a game from the editor's position.
    PlayFromEditor,
    /// Close the app.
    Quit,
}

impl Pending {
    /// What the action does, in words ("the new game").
    pub fn describe(&self) -> &'static str {
        match self {
            Pending::NewGame | Pending::NewGameWith(_) => "the new game",
            Pending::Open | Pending::OpenPath(_) => "opening the file",
            Pending::ImportPgn => "importing the PGN",
            Pending::Paste(_) => "loading the pasted text",
            Pending::PlayFromEditor => "playing from the editor",
            Pending::Quit => "quitting",
        }
    }
}

/// The answer to "discard unsaved changes?".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Save first, then go on.
    Save,
    /// Go on without saving.
    Discard,
    /// Do nothing.
    Cancel,
}

/// A dialog over the app.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Unsaved changes: save, discard or cancel before `then`.
    Confirm {
        /// What happens after the answer.
        then: Pending,
    },
    /// Something went wrong; the game is as it was.
    Error(String),
    /// A PGN file with several games: which one?
    PickGame {
        /// The games.
        games: Vec<Game>,
        /// Games that could not be read.
        skipped: usize,
    },
    /// Paste a FEN or PGN to load.
    Paste {
        /// The text typed or pasted so far.
        text: String,
    },
    /// A new game: who plays, how strong the computer is.
    NewGame(GameSetup),
    /// The words of a move's comment, being edited.
    Comment {
        /// The move.
        node: chess_core::NodeId,
        /// The words typed so far.
        text: String,
    },
}

/// The whole app's state.
#[derive(Debug)]
pub struct Model {
    /// Playing or editing.
    pub mode: Mode,
    /// The game.
    pub play: Play,
    /// The position editor.
    pub editor: Editor,
    /// The file and the unsaved-changes mark.
    pub file: FileState,
    /// The board seen from Black's side.
    pub flipped: bool,
    /// The board's colours, coordinates and animation.
    pub board: settings::BoardSettings,
    /// The dialog shown, if any.
    pub dialog: Option<Dialog>,
    /// A short note for the status line ("Saved game.ron").
    pub notice: Option<String>,
    /// Set when the app may close (after the user confirmed).
    pub quit: bool,
    /// The computer: its players, the engine, the analysis.
    pub computer: Computer,
    /// The opening book chosen (the one of the computer's setup).
    pub book: book::Book,
    /// The game's clock, when it is timed.
    pub clock: Option<clock::Clock>,
    /// Where the clock's time comes from (tests set their own).
    pub time: Box<dyn clock::TimeSource>,
    /// The half-move of the main line the clock has counted to.
    clock_ply: usize,
    /// The review of the game (Game → Review), running or shown.
    pub review: review::Reviewer,
    /// A file choice waiting for the app's dialogs.
    pub file_request: Option<FileRequest>,
    /// The games of a PGN file with several, to choose one from.
    pub game_list: Option<game_list::GameList>,
}

impl Default for Model {
    fn default() -> Model {
        Model::new()
    }
}

impl Model {
    /// A new game, nothing unsaved.
    pub fn new() -> Model {
        Model {
            mode: Mode::Play,
            play: Play::default(),
            editor: Editor::default(),
            file: FileState::default(),
            flipped: false,
            board: settings::BoardSettings::default(),
            dialog: None,
            notice: None,
            quit: false,
            computer: Computer::default(),
            book: book::Book::default(),
            clock: None,
            time: Box::new(clock::SystemTime::default()),
            clock_ply: 0,
            review: review::Reviewer::default(),
            file_request: None,
            game_list: None,
        }
    }

    /// Whether the game has changes not saved to its file. A game with no
    /// moves and no file has nothing to lose.
    pub fn is_dirty(&self) -> bool {
        let empty = self.file.path.is_none() && self.play.game.nodes().len() == 1;
        !empty && self.file.is_dirty(self.play.generation())
    }

    /// The window title ("game.ron • — Chess" with unsaved changes).
    pub fn title(&self) -> String {
        self.file.title(if self.is_dirty() {
            u64::MAX
        } else {
            self.file.saved_generation
        })
    }

    /// Asks for `action`, first asking about unsaved changes if it would
    /// lose them.
    pub fn request(&mut self, action: Pending, dialogs: &mut dyn FileDialogs) {
        let loses_game = !matches!(action, Pending::PlayFromEditor) || self.mode == Mode::Edit;
        if loses_game && self.is_dirty() {
            self.dialog = Some(Dialog::Confirm { then: action });
        } else {
            self.run(action, dialogs);
        }
    }

    /// The answer to the unsaved-changes question.
    pub fn confirm(&mut self, choice: Choice, dialogs: &mut dyn FileDialogs) {
        let Some(Dialog::Confirm { then }) = self.dialog.take() else {
            return;
        };
        match choice {
            Choice::Cancel => {}
            Choice::Discard => self.run(then, dialogs),
            Choice::Save => match self.file.path.clone() {
                Some(path) => {
                    if self.save_to(&path) {
                        self.run(then, dialogs);
                    }
                }
                // Where to? The action waits for the answer.
                None => self.choose(Purpose::Save { then: Some(then) }, dialogs),
            },
        }
    }

    fn run(&mut self, action: Pending, dialogs: &mut dyn FileDialogs) {
        match action {
            Pending::NewGame => {
                let setup = self.computer.setup.clone();
                self.start(setup.new_game(), None, AppState::default());
                self.start_clock(setup.controls());
                self.computer.set_setup(setup);
            }
            Pending::NewGameWith(setup) => {
                if let Err(problem) = setup.check_time() {
                    self.dialog = Some(Dialog::Error(format!("The time control cannot be played: {problem}.")));
                    return;
                }
                self.start(setup.new_game(), None, AppState::default());
                self.start_clock(setup.controls());
                self.computer.set_setup(setup);
            }
            Pending::Open => self.choose(Purpose::Open, dialogs),
            Pending::OpenPath(path) => self.open_path(&path),
            Pending::ImportPgn => self.choose(Purpose::ImportPgn, dialogs),
            Pending::Paste(text) => self.load_text(&text),
            Pending::PlayFromEditor => self.play_from_editor(),
            Pending::Quit => self.quit = true,
        }
    }

    /// Shows `game` as a fresh document, with people on both sides (a
    /// game opened from a file is to be looked at, not played out by the
    /// computer unasked).
    /// Starts the clock of a new game (or none, untimed), White to move.
    fn start_clock(&mut self, controls: Option<[clock::TimeControl; 2]>) {
        self.clock = controls.map(|[white, black]| {
            let mut clock = clock::Clock::new(white, black);
            clock.start(self.play.position().turn(), self.time.now());
            clock
        });
        self.clock_ply = self.play.game.ply(self.play.game.cursor());
    }

    /// Keeps the clock with the game: a move made presses it, a move taken
    /// back restores its times; a flag that falls ends the game (FIDE 6.9).
    fn tick_clock(&mut self) {
        let now = self.time.now();
        let Some(clock) = &mut self.clock else {
            self.computer.time_budget = None;
            self.computer.clock_times = None;
            return;
        };
        let game = &self.play.game;
        let ply = game.ply(game.mainline_end());
        while self.clock_ply < ply {
            clock.press(now);
            self.clock_ply += 1;
        }
        while self.clock_ply > ply {
            clock.undo(now);
            self.clock_ply -= 1;
        }
        if self.play.outcome().is_some() {
            clock.pause(now);
            return;
        }
        // The computer's budget: a thirtieth of what is left, plus most of
        // the increment (which the press will give back).
        let turn = game.position_at(game.mainline_end()).turn();
        let left = clock.left(turn, now);
        let bonus = match clock.bonus(turn) {
            clock::Bonus::Increment(d) | clock::Bonus::Bronstein(d) | clock::Bonus::Delay(d) => d * 4 / 5,
            clock::Bonus::None => Duration::ZERO,
        };
        self.computer.time_budget = Some((left / 30 + bonus).min(left / 2));
        let increment = |color| match clock.bonus(color) {
            clock::Bonus::Increment(d) => d,
            _ => Duration::ZERO,
        };
        self.computer.clock_times = Some(chess_engine::worker::ClockTimes {
            wtime: clock.left(Color::White, now),
            btime: clock.left(Color::Black, now),
            winc: increment(Color::White),
            binc: increment(Color::Black),
            movestogo: clock.moves_to_go(turn),
        });
        if let Some(flagged) = clock.flagged(now) {
            let pos = self.play.game.position_at(self.play.game.mainline_end()).clone();
            clock.pause(now);
            self.play.record_result(clock::flag_outcome(&pos, flagged));
        }
    }

    /// Shows `game` (read from `path`, if from a file) as the game on the
    /// board: two people play it, without a clock, its `[%eval]` comments
    /// shown as a review.
    fn start(&mut self, game: Game, path: Option<PathBuf>, app: AppState) {
        let mut setup = self.computer.setup.clone();
        setup.white = Player::Human;
        setup.black = Player::Human;
        self.computer.set_setup(setup);
        // A file's [%eval] comments show as a review at once.
        self.review.show_from_file(&game);
        self.play = Play::new(game);
        self.clock = None;
        // A note about the game before ("Opened x.ron") no longer applies.
        self.notice = None;
        self.file.path = path;
        self.file.saved_generation = self.play.generation();
        self.flipped = app.flipped;
        self.mode = Mode::Play;
        self.dialog = None;
    }

    /// Opens a `.ron` or `.pgn` file. If it cannot be read, an error dialog
    /// says why and the game on screen stays as it was.
    pub fn open_path(&mut self, path: &Path) {
        // A large PGN file is listed at once and read in the background.
        let large = std::fs::metadata(path).is_ok_and(|m| m.len() >= LIST_AT_ONCE_BYTES);
        if FileKind::of(path) == FileKind::Pgn && large {
            self.list_games(path);
            return;
        }
        match files::open(path) {
            Ok(Opened::Game(game, app)) => {
                let own = FileKind::of(path) == FileKind::Ron;
                let clock = app.clock.as_ref().and_then(clock::Clock::from_record);
                self.start(*game, own.then(|| path.to_path_buf()), app);
                // A timed game resumes with its times, its side to move's running.
                if let Some(mut clock) = clock {
                    let game = &self.play.game;
                    let end = game.mainline_end();
                    if game.outcome_at(end).is_none() {
                        clock.start(game.position_at(end).turn(), self.time.now());
                    }
                    self.clock_ply = game.ply(end);
                    self.clock = Some(clock);
                }
                self.file.remember(path);
                self.notice = Some(format!("Opened {}", display_name(path)));
            }
            Ok(Opened::Many { .. }) => self.list_games(path),
            Err(e) => self.dialog = Some(Dialog::Error(e)),
        }
    }

    /// Lists the games of a PGN file (in the background) to choose from.
    fn list_games(&mut self, path: &Path) {
        match game_list::GameList::open(path) {
            Ok(list) => {
                self.file.remember(path);
                self.game_list = Some(list);
            }
            Err(e) => self.dialog = Some(Dialog::Error(e)),
        }
    }

    /// Opens the game of row `row` of the game list; one that cannot be
    /// read is refused with the reason, and the list stays.
    pub fn open_listed(&mut self, row: usize) {
        let Some(list) = &self.game_list else { return };
        match list.read(row) {
            Ok(game) => {
                let name = display_name(&list.path);
                self.game_list = None;
                self.start(game, None, AppState::default());
                self.notice = Some(format!("Opened a game of {name}"));
            }
            Err(e) => self.dialog = Some(Dialog::Error(e)),
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
    /// Returns whether the game is saved now (false while a deferred
    /// dialog is still asking).
    pub fn save(&mut self, dialogs: &mut dyn FileDialogs) -> bool {
        match self.file.path.clone() {
            Some(path) => self.save_to(&path),
            None => self.save_as(dialogs),
        }
    }

    /// Asks where to save, then saves there. Returns whether it is saved.
    pub fn save_as(&mut self, dialogs: &mut dyn FileDialogs) -> bool {
        self.choose(Purpose::Save { then: None }, dialogs);
        self.file.path.is_some() && self.file.saved_generation == self.play.generation()
    }

    /// Asks the dialogs for a file for `purpose`: at once, or (deferred)
    /// by leaving a request for the app's dialogs.
    fn choose(&mut self, purpose: Purpose, dialogs: &mut dyn FileDialogs) {
        let (kind, name) = match &purpose {
            Purpose::Open => (None, None),
            Purpose::ImportPgn => (Some(FileKind::Pgn), None),
            Purpose::Save { .. } => (Some(FileKind::Ron), Some(format!("{}.ron", self.suggested_name()))),
            Purpose::ExportPgn => (Some(FileKind::Pgn), Some(format!("{}.pgn", self.suggested_name()))),
            Purpose::Book => (Some(FileKind::Book), None),
            Purpose::Engine => (None, None),
        };
        if dialogs.deferred() {
            self.file_request = Some(FileRequest { purpose, kind, name });
            return;
        }
        let path = match (&purpose, kind, &name) {
            (Purpose::Engine, _, _) => dialogs.engine(),
            (Purpose::Save { .. } | Purpose::ExportPgn, Some(kind), Some(name)) => dialogs.save(kind, name),
            (_, kind, _) => dialogs.open(kind),
        };
        self.file_chosen(purpose, path, dialogs);
    }

    /// The answer to a file choice (`None`: none was chosen): goes on with
    /// what it was for. A save that waited for an action says so when it
    /// is cancelled, as that action then does not happen.
    pub fn file_chosen(&mut self, purpose: Purpose, path: Option<PathBuf>, dialogs: &mut dyn FileDialogs) {
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
            Purpose::Open | Purpose::ImportPgn => self.open_path(&path),
            Purpose::Save { then } => {
                if self.save_to(&with_extension(path, FileKind::Ron))
                    && let Some(then) = then
                {
                    self.run(then, dialogs);
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
                if let Some(Dialog::NewGame(setup)) = &mut self.dialog {
                    setup.engine_path = Some(path.clone());
                    setup.engine = EngineChoice::External(path);
                }
            }
        }
    }

    fn save_to(&mut self, path: &Path) -> bool {
        let now = self.time.now();
        let app = AppState {
            flipped: self.flipped,
            clock: self.clock.as_ref().map(|c| c.to_record(now)),
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
    pub fn export_pgn(&mut self, dialogs: &mut dyn FileDialogs) {
        self.choose(Purpose::ExportPgn, dialogs);
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
            Ok(Opened::Game(game, app)) => self.start(*game, None, app),
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
        let Some(clock) = &self.clock else {
            return game;
        };
        let [white, black] = clock.controls();
        if white == black {
            game.tags.set("TimeControl", white.pgn_tag());
        } else {
            // The standard's one tag cannot say "different times": one tag
            // a side, named as the standard names the players' tags.
            game.tags.set("WhiteTimeControl", white.pgn_tag());
            game.tags.set("BlackTimeControl", black.pgn_tag());
        }
        for (id, left) in game.mainline().into_iter().zip(clock.left_after_moves()) {
            let secs = left.as_secs();
            let clk = format!("[%clk {}:{:02}:{:02}]", secs / 3600, secs / 60 % 60, secs % 60);
            let comment = game.comment(id);
            let text = if comment.is_empty() {
                clk
            } else {
                format!("{clk} {comment}")
            };
            game.set_comment(id, text);
        }
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
                let setup = self.computer.setup.clone();
                self.start(Game::from_position(pos), None, AppState::default());
                self.computer.set_setup(setup);
            }
            Err(e) => self.notice = Some(e.to_string()),
        }
    }
}

impl Model {
    /// Opens the new game dialog with the last choices.
    pub fn new_game_dialog(&mut self) {
        self.dialog = Some(Dialog::NewGame(self.computer.setup.clone()));
    }

    /// Whether a person moves now (not the computer).
    pub fn human_to_move(&self) -> bool {
        !self.computer.plays(self.play.position().turn())
    }

    /// Whether the computer may move now: the game is on at the end of its
    /// line, nothing is waiting for the user.
    fn computer_may_move(&self) -> bool {
        let game = &self.play.game;
        self.mode == Mode::Play
            && self.dialog.is_none()
            && self.play.outcome().is_none()
            && self.play.promotion.is_none()
            && self.play.draw_offer.is_none()
            && game.children(game.cursor()).is_empty()
    }

    /// Once per frame: lets the computer move and the analysis advance.
    /// Returns whether the engine is working (the view then keeps drawing).
    pub fn tick(&mut self) -> bool {
        self.sync_book();
        self.tick_clock();
        let may_move = self.computer_may_move();
        // From the book while the game is in it: at once, no thinking.
        let turn = self.play.position().turn();
        if may_move
            && self.computer.plays(turn)
            && let Some(m) = self.book.pick(self.play.position(), book_random())
        {
            self.computer.stop();
            self.play.play(m);
            // The move is made now: the clock is pressed now.
            self.tick_clock();
            return false;
        }
        match self.computer.tick(&self.play.game, self.play.generation(), may_move) {
            computer::Outcome::Play(m) => {
                self.play.play(m);
                self.tick_clock();
            }
            computer::Outcome::AnswerDraw(accept) if self.play.draw_offer.is_some() => {
                if accept {
                    self.play.accept_draw();
                } else {
                    self.play.decline_draw();
                }
            }
            _ => {}
        }
        if let Some(failure) = self.computer.failure.take() {
            self.dialog = Some(Dialog::Error(failure));
        }
        if let Some(shown) = self.review.poll() {
            // Written only into the line it reviewed (moves may have been
            // taken back or replaced meanwhile).
            if self.play.game.mainline().starts_with(&shown.nodes) {
                self.play.write_review(&shown.review);
                self.notice = Some(review_notice(&shown));
            } else {
                self.review.shown = None;
                self.notice = Some("The game changed during the review: review it again.".into());
            }
        }
        if let Some(failure) = self.review.failure.take() {
            self.dialog = Some(Dialog::Error(failure));
        }
        let listing = self.game_list.as_mut().is_some_and(game_list::GameList::poll);
        // A running clock is drawn every tenth of a second; a review's
        // progress bar moves; a game list fills.
        self.computer.is_busy()
            || self.clock.as_ref().is_some_and(clock::Clock::is_running)
            || self.review.is_running()
            || listing
    }

    /// Game → Review: analyses the main line in the background; the
    /// result is written into the game when it is ready.
    pub fn start_review(&mut self) {
        let engine = self.computer.setup.engine.clone();
        if !self.review.start(&self.play.game, &engine) {
            self.notice = Some("Nothing to review: the game has no moves.".into());
        }
    }

    /// The person's colour in a game against the computer (one side each).
    fn person_against_computer(&self) -> Option<Color> {
        match (self.computer.plays(Color::White), self.computer.plays(Color::Black)) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }

    /// Resignation: against the computer the person resigns, whoever is to
    /// move; otherwise the side to move.
    pub fn resign(&mut self) {
        let color = self
            .person_against_computer()
            .unwrap_or_else(|| self.play.position().turn());
        self.play.resign_as(color);
    }

    /// The side to move offers a draw. Against the computer only the
    /// person offers, on their turn, and the computer weighs the offer
    /// (see [`Model::tick`]).
    pub fn offer_draw(&mut self) {
        if !self.human_to_move() {
            return;
        }
        self.play.offer_draw();
        if let Some(by) = self.play.draw_offer
            && self.computer.plays(!by)
        {
            self.computer.consider_draw(&self.play.game, self.play.generation());
        }
    }

    /// Takes back a move. Against the computer, takes back the computer's
    /// reply too (or stops it thinking), so it is the person's turn again.
    pub fn take_back(&mut self) {
        let against_computer = self.person_against_computer().is_some();
        self.computer.stop();
        if !self.play.undo() {
            return;
        }
        if against_computer {
            while !self.human_to_move() && self.play.can_undo() {
                self.play.undo();
            }
        }
    }

    /// Asks the engine for a hint for the side to move.
    pub fn hint(&mut self) {
        self.computer.ask_hint(&self.play.game, self.play.generation());
    }

    /// After a review, at the position before a marked move: the move the
    /// engine preferred (the board shows it as an arrow).
    pub fn review_best(&self) -> Option<chess_core::Move> {
        let shown = self.review.shown.as_ref()?;
        let &next = self.play.game.children(self.play.game.cursor()).first()?;
        let reviewed = shown.of(next)?;
        reviewed.judgement.and(reviewed.best)
    }

    /// The hint for the position on the board, if one was found.
    pub fn current_hint(&self) -> Option<chess_core::Move> {
        self.computer
            .hint
            .filter(|(node, _)| *node == self.play.game.cursor())
            .map(|(_, m)| m)
    }

    /// Chooses an external engine for the new game dialog.
    /// Keeps the open book the one the setup names; a file that cannot be
    /// used is reported and left out of the setup.
    fn sync_book(&mut self) {
        if self.book.path != self.computer.setup.book {
            let path = self.computer.setup.book.clone();
            if let Err(e) = self.book.load(path.as_deref()) {
                self.dialog = Some(Dialog::Error(e));
                let mut setup = self.computer.setup.clone();
                setup.book = None;
                self.computer.set_setup(setup);
                let _ = self.book.load(None);
            }
        }
    }

    /// Asks for a Polyglot book file for the new game dialog's setup.
    pub fn choose_book(&mut self, dialogs: &mut dyn FileDialogs) {
        self.choose(Purpose::Book, dialogs);
    }

    /// Plays a move of the Book panel (a person's move).
    pub fn play_book_move(&mut self, m: chess_core::Move) {
        if self.human_to_move() && self.play.position().is_legal(m) {
            self.play.play(m);
        }
    }

    /// Asks for a UCI engine program for the new game dialog's setup.
    pub fn choose_engine(&mut self, dialogs: &mut dyn FileDialogs) {
        self.choose(Purpose::Engine, dialogs);
    }
}

/// "Reviewed: accuracy White 92% (1 mistake), Black 71% (1 blunder)".
fn review_notice(shown: &review::Shown) -> String {
    let side = |color: Color| {
        let [inaccuracies, mistakes, blunders] = shown.review.counts(color);
        let marks: Vec<String> = [
            (inaccuracies, "inaccuracy", "inaccuracies"),
            (mistakes, "mistake", "mistakes"),
            (blunders, "blunder", "blunders"),
        ]
        .into_iter()
        .filter(|&(n, _, _)| n > 0)
        .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
        .collect();
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!(" ({})", marks.join(", "))
        };
        format!("{} {}{marks}", color.name(), shown.accuracy_text(color))
    };
    format!("Reviewed: accuracy {}, {}", side(Color::White), side(Color::Black))
}

/// A number in [0, 1) for drawing a book move.
fn book_random() -> f64 {
    chess_engine::Rng::from_clock().next_f64()
}

fn display_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// Answers for the file dialogs given in advance: for tests (and `--open`).
#[derive(Debug, Default)]
pub struct FixedDialogs {
    /// The files "chosen" to open, in order.
    pub open: std::collections::VecDeque<PathBuf>,
    /// The files "chosen" to save to, in order.
    pub save: std::collections::VecDeque<PathBuf>,
    /// The engine programs "chosen", in order.
    pub engine: std::collections::VecDeque<PathBuf>,
}

impl FileDialogs for FixedDialogs {
    fn open(&mut self, _kind: Option<FileKind>) -> Option<PathBuf> {
        self.open.pop_front()
    }

    fn save(&mut self, _kind: FileKind, _name: &str) -> Option<PathBuf> {
        self.save.pop_front()
    }

    fn engine(&mut self) -> Option<PathBuf> {
        self.engine.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_new_open_same_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mine.ron");
        let mut dialogs = FixedDialogs::default();
        dialogs.save.push_back(path.clone());
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        assert!(model.is_dirty());
        assert_eq!(model.title(), "Untitled • — Chess");
        assert!(model.save(&mut dialogs));
        assert!(!model.is_dirty());
        assert_eq!(model.title(), "mine.ron — Chess");
        model.request(Pending::NewGame, &mut dialogs);
        assert_eq!(model.play.game.mainline().len(), 0);
        model.request(Pending::OpenPath(path.clone()), &mut dialogs);
        assert_eq!(model.play.game.san_at(model.play.game.cursor()).as_deref(), Some("e4"));
        assert_eq!(model.file.recent[0], path);
    }

    /// Runs the model's frames until `done` or ten seconds.
    fn tick_until(model: &mut Model, done: impl Fn(&Model) -> bool) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !done(model) {
            assert!(std::time::Instant::now() < deadline, "timed out");
            model.tick();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// A review with the real engine (shallow) is written into the game,
    /// survives a save to RON, and shows again when the file is opened,
    /// without analysing.
    #[test]
    fn a_review_is_kept_in_the_save_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("reviewed.ron");
        let mut dialogs = FixedDialogs::default();
        dialogs.save.push_back(path.clone());
        let mut model = Model::new();
        model.load_text("1. e4 e5 2. Nf3 Qg5 3. Nxg5 *");
        model.review.effort = review::Effort::Depth(5);
        model.start_review();
        assert!(model.review.is_running());
        tick_until(&mut model, |m| !m.review.is_running());
        let blunder = |m: &Model| {
            let node = m.play.game.mainline()[3];
            m.review
                .shown
                .as_ref()
                .and_then(|s| s.of(node))
                .and_then(|r| r.judgement)
        };
        assert_eq!(blunder(&model), Some(chess_engine::review::Judgement::Blunder));
        assert!(model.notice.as_deref().unwrap().starts_with("Reviewed: accuracy White"));
        assert!(model.is_dirty(), "the review changed the game");
        assert!(model.save(&mut dialogs));
        let mut again = Model::new();
        again
            .review
            .set_analyser(std::sync::Arc::new(|_, _, _, _| panic!("not analysed again")));
        again.open_path(&path);
        assert_eq!(blunder(&again), Some(chess_engine::review::Judgement::Blunder));
        assert_eq!(again.play.game.nags(again.play.game.mainline()[3]), [4]);
    }

    /// Dialogs that answer later (as the app's do, off the UI thread).
    struct Later;
    impl FileDialogs for Later {
        fn open(&mut self, _: Option<FileKind>) -> Option<PathBuf> {
            unreachable!("asked later")
        }
        fn save(&mut self, _: FileKind, _: &str) -> Option<PathBuf> {
            unreachable!("asked later")
        }
        fn engine(&mut self) -> Option<PathBuf> {
            unreachable!("asked later")
        }
        fn deferred(&self) -> bool {
            true
        }
    }

    /// Unsaved changes, New game, Save: the new game waits for the file
    /// dialog; cancelled, it says so; answered, it saves and goes on.
    #[test]
    fn a_save_before_a_new_game_waits_for_the_dialog() {
        let dir = tempfile::tempdir().unwrap();
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        model.request(Pending::NewGame, &mut Later);
        model.confirm(Choice::Save, &mut Later);
        let request = model.file_request.take().expect("a file to choose");
        assert_eq!(
            request.purpose,
            Purpose::Save {
                then: Some(Pending::NewGame)
            }
        );
        assert_eq!(request.name.as_deref(), Some("game.ron"));
        // Cancelled: nothing lost, and the user is told.
        model.file_chosen(request.purpose.clone(), None, &mut Later);
        assert_eq!(model.play.game.mainline().len(), 1);
        assert_eq!(
            model.notice.as_deref(),
            Some("Not saved, so the new game was cancelled.")
        );
        // Chosen (a name typed without its extension): saved, then the new game.
        let path = dir.path().join("mine");
        model.file_chosen(request.purpose, Some(path), &mut Later);
        assert!(dir.path().join("mine.ron").exists());
        assert_eq!(model.play.game.mainline().len(), 0);
        assert!(!model.is_dirty());
    }

    /// Cancelling a review writes nothing.
    #[test]
    fn a_cancelled_review_changes_nothing() {
        let mut model = Model::new();
        model.load_text("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
        let generation = model.play.generation();
        model.review.effort = review::Effort::Millis(2000);
        model.start_review();
        model.review.cancel();
        for _ in 0..5 {
            model.tick();
        }
        assert!(!model.review.is_running());
        assert!(model.review.shown.is_none());
        assert_eq!(model.play.generation(), generation);
    }

    #[test]
    fn the_computer_answers_draw_offers() {
        let mut model = Model::new();
        model.computer.setup.white = Player::Human;
        model.computer.setup.black = Player::Computer;
        // The computer a queen up: declined.
        model
            .play
            .replace_game(chess_core::Game::from_fen("3qk3/4p3/8/8/8/8/8/4K3 w - - 0 1").unwrap());
        model.offer_draw();
        assert!(model.computer.is_considering_draw());
        tick_until(&mut model, |m| m.play.draw_offer.is_none());
        assert_eq!(model.play.message.as_deref(), Some("Black declines the draw"));
        assert!(model.play.outcome().is_none());
        // A queen down: accepted.
        model
            .play
            .replace_game(chess_core::Game::from_fen("4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1").unwrap());
        model.offer_draw();
        tick_until(&mut model, |m| m.play.draw_offer.is_none());
        assert_eq!(model.play.outcome().map(|o| o.result()), Some("1/2-1/2"));
        // The person cannot offer for the computer, and resigns on any turn.
        model.play.replace_game(chess_core::Game::new());
        model.play.play_text("e4").unwrap();
        model.offer_draw();
        assert_eq!(model.play.draw_offer, None, "Black (the computer) is to move");
        model.resign();
        assert_eq!(model.play.outcome().map(|o| o.result()), Some("0-1"), "White resigned");
    }

    #[test]
    fn unsaved_changes_are_asked_about() {
        let mut dialogs = FixedDialogs::default();
        let mut model = Model::new();
        model.play.play_text("d4").unwrap();
        model.request(Pending::NewGame, &mut dialogs);
        assert!(matches!(model.dialog, Some(Dialog::Confirm { .. })));
        model.confirm(Choice::Cancel, &mut dialogs);
        assert_eq!(model.play.game.mainline().len(), 1, "cancel keeps the game");
        model.request(Pending::NewGame, &mut dialogs);
        model.confirm(Choice::Discard, &mut dialogs);
        assert_eq!(model.play.game.mainline().len(), 0);
    }

    #[test]
    fn a_bad_file_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("bad.ron");
        std::fs::write(&bad, "(version: 1, start: \"nonsense\")").unwrap();
        let mut dialogs = FixedDialogs::default();
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        let before = model.pgn();
        model.open_path(&bad);
        assert!(matches!(&model.dialog, Some(Dialog::Error(e)) if e.contains("start position is invalid")));
        assert_eq!(model.pgn(), before);
        model.dialog = None;
        model.request(Pending::Paste("1. e4 e5 2. Ke3".into()), &mut dialogs);
        model.confirm(Choice::Discard, &mut dialogs);
        assert!(matches!(model.dialog, Some(Dialog::Error(_))));
        assert_eq!(model.pgn(), before);
    }

    #[test]
    fn pasted_fen_or_pgn() {
        let mut dialogs = FixedDialogs::default();
        let mut model = Model::new();
        model.request(
            Pending::Paste("[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]".into()),
            &mut dialogs,
        );
        assert_eq!(model.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        // Illegal: opens in the editor to be fixed.
        model.request(Pending::Paste("8/8/8/8/8/8/8/4K3 w - - 0 1".into()), &mut dialogs);
        assert_eq!(model.mode, Mode::Edit);
        assert_eq!(model.editor.problems()[0].to_string(), "Black has no king");
        model.mode = Mode::Play;
        model.request(
            Pending::Paste("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *".into()),
            &mut dialogs,
        );
        assert!(matches!(&model.dialog, Some(Dialog::PickGame { games, .. }) if games.len() == 2));
        model.pick_game(1);
        assert_eq!(model.play.game.tags.get("Event"), Some("b"));
    }
}
