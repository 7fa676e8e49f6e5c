//! The new game's setup: who plays each side, the engine and its level,
//! the variant, the book, the time controls and the player's name.

use std::path::PathBuf;

use chess_core::{Color, Game};
use chess_engine::worker::Backend;

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Player {
    /// A person at this computer.
    Human,
    /// The engine.
    Computer,
}

/// Which engine plays and analyses.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EngineChoice {
    /// The engine built into the app.
    Builtin,
    /// A UCI engine program (Stockfish...).
    External(PathBuf),
}

impl EngineChoice {
    pub(super) fn backend(&self) -> Backend {
        match self {
            EngineChoice::Builtin => Backend::Builtin,
            EngineChoice::External(path) => Backend::External(path.clone()),
        }
    }

    /// A short name for the status line.
    pub fn name(&self) -> String {
        match self {
            EngineChoice::Builtin => "the built-in engine".to_string(),
            EngineChoice::External(path) => path
                .file_name()
                .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
        }
    }
}

/// The choices of the new game dialog.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameSetup {
    /// Who plays White.
    pub white: Player,
    /// Who plays Black.
    pub black: Player,
    /// The computer's strength, 1 to 10.
    pub level: u8,
    /// How long the computer thinks per move, in milliseconds.
    pub think_ms: u64,
    /// The engine.
    pub engine: EngineChoice,
    /// An external engine chosen once, remembered even while the built-in
    /// one is selected.
    pub engine_path: Option<PathBuf>,
    /// Chess960: the start position's number (0..960), drawn at random when
    /// the variant is chosen; `None` for standard chess.
    #[serde(default)]
    pub chess960: Option<u32>,
    /// A Polyglot opening book the computer plays from while the game is
    /// in it (the Book panel shows its moves too).
    #[serde(default)]
    pub book: Option<PathBuf>,
    /// The time control (White's, and Black's too unless it has its own),
    /// or none: untimed.
    #[serde(default)]
    pub time_control: Option<crate::model::clock::TimeControl>,
    /// Black's own time control when the sides play with different times
    /// (a handicap); none: the same as White's.
    #[serde(default)]
    pub black_time_control: Option<crate::model::clock::TimeControl>,
    /// The name the person playing is recorded under (empty: the
    /// account's name; see [`GameSetup::player_name`]).
    #[serde(default)]
    pub player: String,
}

impl Default for GameSetup {
    fn default() -> GameSetup {
        GameSetup {
            white: Player::Human,
            black: Player::Computer,
            level: 5,
            think_ms: 1000,
            engine: EngineChoice::Builtin,
            engine_path: None,
            chess960: None,
            book: None,
            time_control: None,
            black_time_control: None,
            player: String::new(),
        }
    }
}

impl GameSetup {
    /// The same setup (engine, level, clock, book) with two people at the
    /// board: how an opened game, a new tab and an aborted game go on.
    pub fn between_people(&self) -> GameSetup {
        GameSetup {
            white: Player::Human,
            black: Player::Human,
            ..self.clone()
        }
    }

    /// Who plays, in words, when the computer plays a side: "White: you ·
    /// Black: computer, level 5 (the built-in engine)". `None` when two
    /// people play.
    pub fn players(&self) -> Option<String> {
        if self.white == Player::Human && self.black == Player::Human {
            return None;
        }
        let side = |p: Player| match p {
            Player::Human => "you".to_string(),
            Player::Computer => format!("computer, level {} ({})", self.level, self.engine.name()),
        };
        Some(format!("White: {} · Black: {}", side(self.white), side(self.black)))
    }

    /// The game these choices start: standard chess, or the Chess960 start
    /// position chosen.
    pub fn new_game(&self) -> Game {
        self.chess960.and_then(Game::new_960).unwrap_or_default()
    }

    /// A random Chess960 start position number (0..960).
    pub fn random_960() -> u32 {
        chess_core::chess960::number_from_seed(chess_engine::Rng::from_clock().next_u64())
    }

    /// The time controls of White and Black, or none for an untimed game.
    pub fn controls(&self) -> Option<chess_core::ByColor<crate::model::clock::TimeControl>> {
        let white = self.time_control.clone()?;
        let black = self.black_time_control.clone().unwrap_or_else(|| white.clone());
        Some(chess_core::ByColor::new(white, black))
    }

    /// What is wrong with the time controls chosen, if anything ("Black:
    /// the first period needs some time").
    pub fn check_time(&self) -> Result<(), String> {
        let Some(chess_core::ByColor { white, black }) = self.controls() else {
            return Ok(());
        };
        white.check().map_err(|e| format!("White: {e}"))?;
        black.check().map_err(|e| format!("Black: {e}"))
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}
