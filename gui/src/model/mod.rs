//! The app's state, apart from any drawing: the game being played, the
//! position editor, the file the game belongs to, and the dialog open;
//! the games of the other tabs wait in [`tabs`].
//! Everything the widgets do goes through here, so it is tested without a
//! window.

pub mod action;
pub mod autosave;
pub mod book;
pub mod clock;
pub mod collection;
pub mod computer;
pub mod dialogs;
mod document;
pub mod editor;
pub mod engines;
pub mod files;
mod game_facts;
pub mod game_list;
pub mod history;
pub mod material;
pub mod play;
pub mod premove;
mod recovery;
pub mod requests;
pub mod review;
pub mod searches;
pub mod settings;
pub mod sounds;
pub mod tabs;
pub mod time_control;

use chess_core::Color;

pub use action::{Action, Step};
pub use computer::{Computer, EngineChoice, GameSetup, Player};
pub use dialogs::{Choice, Dialog, FileRequest, Pending, Purpose};
pub use document::OpenedAs;
pub use editor::{Editor, Tool};
pub use files::{FileKind, FileState, Opened};
pub use play::{Click, MoveToken, Play};
pub use requests::Requests;

/// PGN files from this size on are listed without being read first.
const LIST_AT_ONCE_BYTES: u64 = 1 << 20;

/// Playing or setting up a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Playing the game.
    Play,
    /// The position editor.
    Edit,
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
    /// The computer: its players, the engine, the analysis.
    pub computer: Computer,
    /// The opening book chosen (the one of the computer's setup).
    pub book: book::Book,
    /// The game's clock (none untimed) and where its time comes from.
    pub timing: clock::GameClock,
    /// The review of the game (Game → Review), running or shown.
    pub review: review::Reviewer,
    /// The collections open (PGN files of many games): their lists, the
    /// explorer, the searches.
    pub collections: collection::Collections,
    /// Where the game is kept against crashes (none: not kept; tests).
    pub autosave: Option<autosave::Autosave>,
    /// Whether a file dialog is open (the app says, each frame): the clock
    /// holds meanwhile.
    pub file_dialog_open: bool,
    /// The UCI engines found on the system and pointed to by the user.
    pub engines: engines::Engines,
    /// The time of day, for the date a game records (tests fix it).
    pub now: fn() -> chrono::DateTime<chrono::Utc>,
    /// A move made while the computer thinks, played after its move.
    pub premove: premove::Premove,
    /// What the sounds follow from frame to frame.
    pub sounds: sounds::Sounds,
    /// What the model asks of the app: a file chosen, the clipboard, to
    /// quit, sounds (the app carries them out once a frame).
    pub requests: Requests,
    /// The games open in other tabs (the shown tab's game is the fields
    /// above: `play`, `file`, `timing`...).
    pub tabs: tabs::Tabs,
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
            computer: Computer::default(),
            book: book::Book::default(),
            timing: clock::GameClock::default(),
            review: review::Reviewer::default(),
            collections: collection::Collections::default(),
            autosave: None,
            file_dialog_open: false,
            engines: engines::Engines::default(),
            now: chrono::Utc::now,
            premove: premove::Premove::default(),
            sounds: sounds::Sounds::default(),
            requests: Requests::default(),
            tabs: tabs::Tabs::default(),
        }
    }

    /// Keeps the clock with the game (see [`clock::GameClock::sync`]): the
    /// computer's time follows it, and a flag that falls ends the game.
    /// While a prompt is open (a dialog, a file chooser), nobody can move:
    /// the clock holds.
    fn tick_clock(&mut self) {
        let over = self.play.outcome().is_some();
        let held = self.dialog.is_some() || self.requests.file.is_some() || self.file_dialog_open;
        let synced = self.timing.sync(&self.play.game, over, held);
        self.computer.clock_times = synced.clock_times;
        if let Some(outcome) = synced.flagged {
            self.play.record_result(outcome);
        }
        if let Some(color) = synced.aborted {
            // No move, no game: aborted, not lost. People may play on,
            // without the clock or the computer.
            self.computer.set_setup(self.computer.setup.between_people());
            self.play.message = Some(format!(
                "Game aborted: {} did not make a move in time. Start a new game to play on the clock.",
                color.name()
            ));
        }
    }
}

impl Model {
    /// The position the explorer follows: the board's, or the editor's
    /// when it is a legal one.
    pub fn explorer_position(&self) -> Option<chess_core::Position> {
        match self.mode {
            Mode::Play => Some(self.play.position().clone()),
            Mode::Edit => self.editor.position().ok(),
        }
    }

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
            && !self.timing.is_waiting()
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
                // A premove waiting goes at once, on the clock's press too.
                if self.premove.waiting.is_some() && self.play.outcome().is_none() {
                    self.play_premove();
                    self.tick_clock();
                } else {
                    self.premove = premove::Premove::default();
                }
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
        let position = self.explorer_position();
        let listing = self.collections.tick(position.as_ref());
        self.open_arrived();
        self.autosave_tick();
        self.listen();
        let asking = self.engines.poll();
        // A running clock is drawn every tenth of a second; a review's
        // progress bar moves; a game list fills.
        self.computer.is_busy() || self.timing.is_running() || self.review.is_running() || listing || asking
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

    /// Plays a move of the Book panel (a person's move).
    pub fn play_book_move(&mut self, m: chess_core::Move) {
        if self.human_to_move() && self.play.position().is_legal(m) {
            self.play.play(m);
        }
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// Answers the file request the model left, as the app's dialog does
    /// (`None`: cancelled).
    fn answer(model: &mut Model, path: Option<PathBuf>) {
        let request = model.requests.file.take().expect("a file to choose");
        model.file_chosen(request.purpose, path);
    }

    #[test]
    fn save_new_open_same_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mine.ron");
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        assert!(model.is_dirty());
        assert_eq!(model.title(), "Untitled • — Chess");
        assert!(!model.save(), "not saved until the file is chosen");
        answer(&mut model, Some(path.clone()));
        assert!(!model.is_dirty());
        assert_eq!(model.title(), "mine.ron — Chess");
        model.request(Pending::NewGame);
        assert_eq!(model.play.game.mainline().len(), 0);
        model.request(Pending::OpenPath(path.clone()));
        assert_eq!(model.play.game.san_at(model.play.game.cursor()).as_deref(), Some("e4"));
        assert_eq!(model.file.recent[0], path);
    }

    /// A PGN with an illegal move opens up to it, as ChessBase and En
    /// Croissant import it: the rest kept as a comment, the status line
    /// saying where and why (it was refused whole).
    #[test]
    fn a_pgn_with_an_illegal_move_opens_up_to_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("broken.pgn");
        let text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
                    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxf7 Nf6 5. O-O 1-0\n";
        std::fs::write(&path, text).unwrap();
        let mut model = Model::new();
        model.request(Pending::OpenPath(path));
        assert!(model.dialog.is_none(), "no error dialog: {:?}", model.dialog);
        let game = &model.play.game;
        assert_eq!(game.mainline().len(), 6, "up to 3... a6");
        assert_eq!(game.tags.get("White"), Some("Ann"));
        assert!(game.comment(game.mainline()[5]).contains("Bxf7 Nf6 5. O-O 1-0"));
        let notice = model.notice.as_deref().unwrap();
        assert!(
            notice.starts_with("Opened broken.pgn: the game stops before move 4 (line 6, column 34: illegal move Bxf7"),
            "{notice}"
        );
        // Pasted, the same.
        let mut pasted = Model::new();
        pasted.load_text("1. e4 e5 2. Ke3 *");
        assert_eq!(pasted.play.game.mainline().len(), 2);
        assert!(
            pasted
                .notice
                .as_deref()
                .unwrap()
                .starts_with("The game stops before move 2")
        );
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
        model.save();
        answer(&mut model, Some(path.clone()));
        assert!(!model.is_dirty());
        let mut again = Model::new();
        again
            .review
            .set_analyser(std::sync::Arc::new(|_, _, _, _| panic!("not analysed again")));
        again.open_path(&path);
        assert_eq!(blunder(&again), Some(chess_engine::review::Judgement::Blunder));
        assert_eq!(again.play.game.nags(again.play.game.mainline()[3]), [4]);
    }

    /// Unsaved changes, New game, Save: the new game waits for the file
    /// dialog; cancelled, it says so; answered, it saves and goes on.
    #[test]
    fn a_save_before_a_new_game_waits_for_the_dialog() {
        let dir = tempfile::tempdir().unwrap();
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        model.request(Pending::NewGame);
        model.confirm(Choice::Save);
        let request = model.requests.file.take().expect("a file to choose");
        assert_eq!(
            request.purpose,
            Purpose::Save {
                then: Some(Pending::NewGame)
            }
        );
        assert_eq!(request.name.as_deref(), Some("game.ron"));
        // Cancelled: nothing lost, and the user is told.
        model.file_chosen(request.purpose.clone(), None);
        assert_eq!(model.play.game.mainline().len(), 1);
        assert_eq!(
            model.notice.as_deref(),
            Some("Not saved, so the new game was cancelled.")
        );
        // Chosen (a name typed without its extension): saved, then the new game.
        let path = dir.path().join("mine");
        model.file_chosen(request.purpose, Some(path));
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
        let mut model = Model::new();
        model.play.play_text("d4").unwrap();
        model.request(Pending::NewGame);
        assert!(matches!(model.dialog, Some(Dialog::Confirm { .. })));
        model.confirm(Choice::Cancel);
        assert_eq!(model.play.game.mainline().len(), 1, "cancel keeps the game");
        model.request(Pending::NewGame);
        model.confirm(Choice::Discard);
        assert_eq!(model.play.game.mainline().len(), 0);
    }

    #[test]
    fn a_bad_file_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("bad.ron");
        std::fs::write(&bad, "(version: 1, start: \"nonsense\")").unwrap();
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        let before = model.pgn();
        model.open_path(&bad);
        assert!(matches!(&model.dialog, Some(Dialog::Error(e)) if e.contains("start position is invalid")));
        assert_eq!(model.pgn(), before);
        model.dialog = None;
        // A game whose FEN tag is no position (a game with a bad move opens
        // up to it instead, see a_pgn_with_an_illegal_move_opens_up_to_it).
        model.request(Pending::Paste("[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 e5".into()));
        model.confirm(Choice::Discard);
        assert!(matches!(model.dialog, Some(Dialog::Error(_))), "{:?}", model.dialog);
        assert_eq!(model.pgn(), before);
    }

    /// The explorer follows the board, and the editor's position while
    /// editing (none while it is not legal).
    #[test]
    fn the_explorer_follows_the_board_and_the_editor() {
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        assert_eq!(model.explorer_position().as_ref(), Some(model.play.position()));
        model.edit_position();
        model.editor.clear();
        assert_eq!(model.explorer_position(), None, "no kings: no position");
        model.editor.start_position();
        assert_eq!(model.explorer_position(), Some(chess_core::Position::new()));
    }

    #[test]
    fn pasted_fen_or_pgn() {
        let mut model = Model::new();
        model.request(Pending::Paste("[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]".into()));
        assert_eq!(model.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        // Illegal: opens in the editor to be fixed.
        model.request(Pending::Paste("8/8/8/8/8/8/8/4K3 w - - 0 1".into()));
        assert_eq!(model.mode, Mode::Edit);
        assert_eq!(model.editor.problems()[0].to_string(), "Black has no king");
        model.mode = Mode::Play;
        model.request(Pending::Paste(
            "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *".into(),
        ));
        assert!(matches!(&model.dialog, Some(Dialog::PickGame { games, .. }) if games.len() == 2));
        model.pick_game(1);
        assert_eq!(model.play.game.tags.get("Event"), Some("b"));
    }
}
