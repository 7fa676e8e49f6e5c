//! Reading and writing games: the app's own `.ron` files, PGN import and
//! export. Nothing here changes the game on screen: a file is read
//! completely first, and only then handed over.

use std::path::{Path, PathBuf};

use chess_core::{Color, Game};

use chess_file::AppState;

/// What a file held.
#[derive(Debug)]
pub enum Opened {
    /// One game (a `.ron` file keeps the app state too).
    Game(Box<Game>, AppState),
    /// A PGN file with several games to choose from; `skipped` counts the
    /// games that could not be read.
    Many {
        /// The games, in order.
        games: Vec<Game>,
        /// How many games could not be read.
        skipped: usize,
    },
}

/// The kinds of file the app reads and writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// The app's own format.
    Ron,
    /// Portable Game Notation.
    Pgn,
    /// A Polyglot opening book (read only).
    Book,
}

impl FileKind {
    /// The kind of a path by its extension (`.pgn` is PGN, and so is a
    /// compressed file, `.pgn.zst`, `.gz`, `.bz2`; anything else is the
    /// app's format).
    pub fn of(path: &Path) -> FileKind {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("pgn" | "zst" | "gz" | "bz2") => FileKind::Pgn,
            _ => FileKind::Ron,
        }
    }

    /// The usual extension.
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Ron => "ron",
            FileKind::Pgn => "pgn",
            FileKind::Book => "bin",
        }
    }
}

/// The file the game on screen belongs to, and whether it has unsaved
/// changes.
#[derive(Clone, Debug, Default)]
pub struct FileState {
    /// Where the game was loaded from or last saved to (an app file).
    pub path: Option<PathBuf>,
    /// The game's generation when it was last saved or loaded.
    pub saved_generation: u64,
    /// Recently used files, newest first.
    pub recent: Vec<PathBuf>,
}

/// How many recent files are remembered.
pub const RECENT_LIMIT: usize = 8;

impl FileState {
    /// Notes `path` as the newest recent file.
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_LIMIT);
    }

    /// The window title: the file's name (or "Untitled"), a mark when there
    /// are unsaved changes (`dirty`), and the app's name.
    pub fn title(&self, dirty: bool) -> String {
        let name = self
            .path
            .as_deref()
            .and_then(|p| p.file_name())
            .map_or("Untitled".to_string(), |n| n.to_string_lossy().into_owned());
        let mark = if dirty { " •" } else { "" };
        format!("{name}{mark} — Chess")
    }

    /// Marks the game as having changes not saved (a game restored with
    /// them): its saved generation becomes one the game never reaches
    /// (generations count up from 0).
    pub fn mark_unsaved(&mut self) {
        self.saved_generation = u64::MAX - 1;
    }
}

/// Reads a file of either kind. A PGN file with one game gives that game;
/// with several, the list to choose from.
pub fn open(path: &Path) -> Result<Opened, String> {
    match FileKind::of(path) {
        FileKind::Ron | FileKind::Book => {
            let (game, app) = chess_file::load(path).map_err(|e| e.to_string())?;
            Ok(Opened::Game(Box::new(game), app))
        }
        FileKind::Pgn => {
            // Plain or compressed, told by content (a file this path opens
            // is small: a large one is listed as a collection).
            let mut source = chess_db::source::open(path).map_err(|e| format!("cannot read {e}"))?;
            let mut text = Vec::new();
            std::io::Read::read_to_end(&mut source.reader, &mut text)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            read_pgn(&text).map_err(|e| format!("{}: {e}", path.display()))
        }
    }
}

/// Reads PGN text: one game, or several to choose from. A game with a
/// move of its main line that cannot be played is read up to it, as
/// ChessBase and En Croissant import one: the rest of its moves kept as a
/// comment, and a warning ([`cut_short`]) says where and why.
pub fn read_pgn(input: &[u8]) -> Result<Opened, String> {
    let mut games = Vec::new();
    let mut first_error = None;
    let mut skipped = 0;
    for read in chess_core::pgn::read_games_up_to_errors(input) {
        match read {
            Ok((mut game, _)) => {
                place_cursor(&mut game);
                games.push(game);
            }
            Err(e) => {
                skipped += 1;
                first_error.get_or_insert(e);
            }
        }
    }
    match games.len() {
        0 => Err(match first_error {
            Some(e) => format!("no game could be read: {e}"),
            None => "no game in the PGN".to_string(),
        }),
        1 if skipped == 0 => Ok(Opened::Game(Box::new(games.remove(0)), AppState::default())),
        _ => Ok(Opened::Many { games, skipped }),
    }
}

/// Where and why a game read from PGN stops short of its file's moves (a
/// move of its main line could not be played), in words for the status
/// line: "stops before move 4 (line 7, column 14: illegal move Bxf7 ...)".
pub fn cut_short(game: &Game) -> Option<String> {
    game.warnings().iter().find_map(|w| match &w.kind {
        chess_core::pgn::PgnWarningKind::MainLineCut { reason } => {
            let plies = game.mainline().len();
            let start = game.start_position();
            let number = start.fullmoves() as usize + (plies + usize::from(start.turn() == Color::Black)) / 2;
            Some(format!(
                "stops before move {number} (line {}, column {}: {reason}); the rest is kept as a comment",
                w.line, w.column
            ))
        }
        _ => None,
    })
}

/// Where a game read from PGN opens: a study or a puzzle at its start,
/// so its line is not given away (a game with a `FEN`/`SetUp` tag, or a
/// lichess study chapter, `ChapterName`/`ChapterURL`); any other game at
/// its end, its result and final position in view, as a finished game is
/// shown on lichess (its moves are one key away: Home).
pub fn place_cursor(game: &mut Game) {
    let tag = |name| game.tags.get(name).is_some();
    let study_or_puzzle = tag("FEN") || tag("SetUp") || tag("ChapterName") || tag("ChapterURL");
    game.to_start();
    if !study_or_puzzle {
        game.to_end();
    }
}

/// Saves a game in the app's format, atomically.
pub fn save_ron(path: &Path, game: &Game, app: &AppState) -> Result<(), String> {
    chess_file::save(path, game, app).map_err(|e| e.to_string())
}

/// Writes a game as PGN, atomically.
pub fn export_pgn(path: &Path, game: &Game) -> Result<(), String> {
    chess_file::write_atomic(path, game.to_pgn().as_bytes()).map_err(|e| format!("cannot save {}: {e}", path.display()))
}

/// A tag's value, unless it says "unknown": empty, or PGN's `?` and
/// `????.??.??`.
pub fn known(value: &str) -> Option<&str> {
    (!value.chars().all(|c| c == '?' || c == '.')).then_some(value)
}

/// A line describing a game for a list to choose from.
pub fn summary(index: usize, game: &Game) -> String {
    let tag = |name| game.tags.get(name).and_then(known);
    let players = match (tag("White"), tag("Black")) {
        (None, None) => "?".to_string(),
        (w, b) => format!("{} – {}", w.unwrap_or("?"), b.unwrap_or("?")),
    };
    let result = game.outcome_at(game.mainline_end()).map_or("*", |o| o.result());
    let mut line = format!("{}. {players} {result}", index + 1);
    if let Some(event) = tag("Event") {
        line.push_str(&format!(" ({event})"));
    }
    line.push_str(&format!(", {} moves", game.mainline().len().div_ceil(2)));
    line
}
