//! The toolkit's own game file, shared by the desktop app and libchess: a
//! versioned [RON](https://github.com/ron-rs/ron) document holding a game
//! (tags, start position, the move tree with comments, NAGs and recorded
//! results) and a little app state; and atomic saving, so that a crash or a
//! full disk never leaves a half-written file.
//!
//! The format is described with an example in `docs/save-format.md`.
//!
//! ```
//! use chess_core::Game;
//! use chess_file::{AppState, Document};
//!
//! let mut game = Game::new();
//! game.play_san("e4")?;
//! game.set_comment(game.cursor(), "best by test");
//! let text = Document::from_game(&game, &AppState::default()).to_ron();
//! let (again, _) = Document::from_ron(&text)?.to_game()?;
//! assert_eq!(again.comment(again.cursor()), "best by test");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

mod atomic;
pub mod book;

use std::path::{Path, PathBuf};

use chess_core::{ByColor, Game, NodeId, Outcome, Position};
use serde::{Deserialize, Serialize};

pub use atomic::{write_atomic, write_atomic_with};

/// The newest format version this library writes and reads. A file gets
/// the lowest version that describes it, so older programs keep reading
/// what they can: version 1 for standard chess, version 2 (which added
/// [`Variant`]) for Chess960, version 3 (which added the clock of a timed
/// game, [`ClockRecord`]) for a timed game.
pub const FORMAT_VERSION: u32 = 3;

/// Time added per move in a period of a time control (durations in ms).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BonusRecord {
    /// Nothing.
    None,
    /// Fischer increment.
    Increment(u64),
    /// Bronstein delay: the time used is given back, up to this.
    Bronstein(u64),
    /// Simple (US) delay: the clock waits this long.
    Delay(u64),
}

/// One period of a time control (format version 3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodRecord {
    /// Moves to make in it; none for the rest of the game.
    pub moves: Option<u32>,
    /// The time it brings, in ms.
    pub time_ms: u64,
    /// The bonus per move.
    pub bonus: BonusRecord,
}

/// A timed game's clock as saved, so the game resumes with its times
/// (format version 3): each side's time control, time left, and where it
/// is in its periods (each a pair, written White's then Black's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRecord {
    /// The time controls.
    pub controls: ByColor<Vec<PeriodRecord>>,
    /// Time left, in ms.
    pub left_ms: ByColor<u64>,
    /// The period each side is in, and the moves it made in it.
    pub periods: ByColor<(u32, u32)>,
}

/// The rules a game is played by.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variant {
    /// Standard chess (the only kind format version 1 knows).
    #[default]
    Standard,
    /// Chess960: the start position's castling field in X-FEN, castling
    /// with the rooks wherever they started (format version 2).
    Chess960,
}

impl Variant {
    fn is_standard(&self) -> bool {
        *self == Variant::Standard
    }
}

/// Files larger than this are not game files (and are not read into memory).
pub const MAX_FILE_SIZE: u64 = 64 << 20;

/// A save file: the game and the app's state, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document {
    /// The format version ([`FORMAT_VERSION`] when written by this library).
    pub version: u32,
    /// The PGN tags, in order.
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// The rules (absent: standard chess).
    #[serde(default, skip_serializing_if = "Variant::is_standard")]
    pub variant: Variant,
    /// The start position as FEN (X-FEN for Chess960).
    pub start: String,
    /// A comment before the first move.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// A result recorded before any move (a game resigned at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// The main line; each move carries its alternatives.
    #[serde(default)]
    pub moves: Vec<MoveEntry>,
    /// What the app shows: where the cursor is, which way the board faces.
    #[serde(default)]
    pub app: AppState,
}

/// One move of a line, with what is attached to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// The move in SAN.
    pub san: String,
    /// The comment after the move.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// The comment before the move (for the first move of a variation).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub starting_comment: String,
    /// Numeric annotation glyphs (`1` is "!", `2` "?", ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// A result recorded after the move (resignation, agreement, a claim).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// Other moves that could have been played instead of this one, each
    /// the start of a line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<MoveEntry>>,
}

/// The app's view of the game, kept with it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppState {
    /// The way from the start to the shown position: at each node, which
    /// continuation (0 the main one) was taken. Empty: the start.
    pub cursor: Vec<u32>,
    /// The board seen from Black's side.
    pub flipped: bool,
    /// Who plays each side (free text the app understands, like "human" or
    /// "engine:5"); empty when not set.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// The clock of a timed game (format version 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRecord>,
}

/// Why a save file could not be read. The game on screen should stay as it
/// was: nothing is changed until a file has loaded completely.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The file is too large to be a game file.
    #[error("{path} is {size} bytes, too large for a game file")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
    },
    /// Not RON, or not a game file's structure (damaged or another kind of file).
    #[error("not a readable game file (line {line}, column {column}): {message}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What the RON reader says.
        message: String,
    },
    /// Written by a newer program in a format this one does not know.
    #[error(
        "the file is in format version {found}, newer than this program reads (up to {supported}); update the program"
    )]
    NewerVersion {
        /// The version in the file.
        found: u32,
        /// The newest version this library reads.
        supported: u32,
    },
    /// The start position is not a legal position.
    #[error("the start position is invalid: {0}")]
    BadStart(String),
    /// A move that is not legal where the file puts it.
    #[error("move {ply} ({san}) cannot be played: {message}")]
    BadMove {
        /// Its half-move number from the start (1 for the first move).
        ply: usize,
        /// The move as written.
        san: String,
        /// Why.
        message: String,
    },
}

/// Why a game could not be saved. The previous file, if any, is untouched.
#[derive(Debug, thiserror::Error)]
#[error("cannot save {path}: {source}")]
pub struct SaveError {
    /// The file.
    pub path: PathBuf,
    /// The cause.
    #[source]
    pub source: std::io::Error,
}

#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

fn syntax(e: ron::error::SpannedError) -> LoadError {
    LoadError::Syntax {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    }
}

impl Document {
    /// The document for `game` with the app's state.
    pub fn from_game(game: &Game, app: &AppState) -> Document {
        let root = NodeId::ROOT;
        let chess960 = game.start_position().is_chess960();
        Document {
            version: if app.clock.is_some() {
                3
            } else if chess960 {
                2
            } else {
                1
            },
            tags: game.tags.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
            variant: if chess960 { Variant::Chess960 } else { Variant::Standard },
            start: game.start_position().fen(),
            comment: game.comment(root).to_string(),
            result: game.recorded_result(root),
            moves: game
                .children(root)
                .first()
                .map_or_else(Vec::new, |&first| line(game, first)),
            app: AppState {
                cursor: cursor_path(game),
                ..app.clone()
            },
        }
    }

    /// The document as RON text, laid out for people to read.
    pub fn to_ron(&self) -> String {
        // One move per line; variations stay on their move's line.
        let config = ron::ser::PrettyConfig::new()
            .indentor("  ")
            .struct_names(false)
            .depth_limit(2);
        let body = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        format!(
            "// chess game file, format {} (see docs/save-format.md)\n{body}\n",
            self.version
        )
    }

    /// Reads a document from RON text, checking its version first.
    pub fn from_ron(text: &str) -> Result<Document, LoadError> {
        let version: VersionOnly = ron::from_str(text).map_err(syntax)?;
        if version.version > FORMAT_VERSION {
            return Err(LoadError::NewerVersion {
                found: version.version,
                supported: FORMAT_VERSION,
            });
        }
        ron::from_str(text).map_err(syntax)
    }

    /// Rebuilds the game, checking every move; and the app state, with the
    /// game's cursor placed where the file says.
    pub fn to_game(&self) -> Result<(Game, AppState), LoadError> {
        let start = match self.variant {
            Variant::Standard => Position::from_fen(&self.start),
            Variant::Chess960 => Position::from_fen_960(&self.start),
        }
        .map_err(|e| LoadError::BadStart(e.to_string()))?;
        let mut game = Game::from_position(start);
        for (name, value) in &self.tags {
            game.tags.set(name.clone(), value.clone());
        }
        game.set_comment(NodeId::ROOT, self.comment.clone());
        if self.result.is_some() {
            game.set_result(self.result);
        }
        add_line(&mut game, NodeId::ROOT, &self.moves)?;
        // The cursor: follow the path as far as it goes.
        game.to_start();
        for &i in &self.app.cursor {
            match game.children(game.cursor()).get(i as usize) {
                Some(&child) => {
                    game.go_to(child);
                }
                None => break,
            }
        }
        Ok((game, self.app.clone()))
    }
}

/// The entries of the line starting with `first`.
fn line(game: &Game, first: NodeId) -> Vec<MoveEntry> {
    let mut out = Vec::new();
    let mut node = Some(first);
    while let Some(id) = node {
        let parent = game.parent(id).unwrap_or(NodeId::ROOT);
        let siblings = game.children(parent);
        // Variations belong to the main continuation of their parent.
        let variations = if siblings.first() == Some(&id) {
            siblings[1..].iter().map(|&v| line(game, v)).collect()
        } else {
            Vec::new()
        };
        out.push(MoveEntry {
            san: game.san_at(id).unwrap_or_default(),
            comment: game.comment(id).to_string(),
            starting_comment: game.starting_comment(id).to_string(),
            nags: game.nags(id).to_vec(),
            result: game.recorded_result(id),
            variations,
        });
        node = game.children(id).first().copied();
    }
    out
}

fn cursor_path(game: &Game) -> Vec<u32> {
    let path = game.path_to(game.cursor());
    path.windows(2)
        .map(|pair| game.children(pair[0]).iter().position(|&c| c == pair[1]).unwrap_or(0) as u32)
        .collect()
}

/// Plays `entries` from `parent`, with their variations.
fn add_line(game: &mut Game, parent: NodeId, entries: &[MoveEntry]) -> Result<(), LoadError> {
    let mut at = parent;
    for entry in entries {
        let before = at;
        game.go_to(before);
        let ply = game.ply(before) + 1;
        let bad = |message: String| LoadError::BadMove {
            ply,
            san: entry.san.chars().take(32).collect(),
            message,
        };
        let m = game.position().parse_san(&entry.san).map_err(|e| bad(e.to_string()))?;
        // Variations are siblings that follow the main continuation.
        let id = game.play(m).map_err(|e| bad(e.to_string()))?;
        game.set_comment(id, entry.comment.clone());
        game.set_starting_comment(id, entry.starting_comment.clone());
        game.set_nags(id, entry.nags.clone());
        for variation in &entry.variations {
            add_line(game, before, variation)?;
        }
        if entry.result.is_some() {
            game.go_to(id);
            game.set_result(entry.result);
        }
        at = id;
    }
    Ok(())
}

/// Reads a save file: the game (with its cursor) and the app state. On any
/// error nothing else is changed.
pub fn load(path: &Path) -> Result<(Game, AppState), LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_FILE_SIZE {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            size,
        });
    }
    let bytes = std::fs::read(path).map_err(io)?;
    let text = String::from_utf8(bytes).map_err(|e| LoadError::Syntax {
        line: 1,
        column: 1,
        message: format!("not UTF-8 text ({e})"),
    })?;
    Document::from_ron(&text)?.to_game()
}

/// Saves a game atomically (see [`write_atomic`]).
pub fn save(path: &Path, game: &Game, app: &AppState) -> Result<(), SaveError> {
    let text = Document::from_game(game, app).to_ron();
    write_atomic(path, text.as_bytes()).map_err(|source| SaveError {
        path: path.to_path_buf(),
        source,
    })
}
