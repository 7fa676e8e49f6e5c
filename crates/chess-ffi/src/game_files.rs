//! A game in and out: what the PGN reader repaired, PGN text, and save
//! files (written atomically).

use std::ffi::c_char;

use crate::ChessError;
use crate::boundary::{Fail, handle, nth, run, run_code, run_new, run_text};
use crate::game::{ChessGame, read_path};

/// How many things the PGN reader repaired to read this game (0 for a game
/// not read from PGN, or read from standard PGN; 0 and the last error set
/// for NULL). See `chess_game_warning_at`.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_warning_count(game: *const ChessGame) -> usize {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(game) }?.game.warnings().len()))
}

/// Warning `index` (from 0) of the game read from PGN: what was repaired,
/// snprintf-style in `buf` (`"\"0-0\" is not standard SAN: read as O-O"`),
/// and its place in the text in `*line` and `*column` (from 1; either may
/// be NULL). Returns the length the message needs; 0, with the last error
/// set and an empty `buf`, when `game` is NULL or `index` is past the last
/// warning.
///
/// # Safety
/// `game` is NULL or a live game; `line` and `column` are NULL or
/// writable; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_warning_at(
    game: *const ChessGame,
    index: usize,
    line: *mut usize,
    column: *mut usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let g = handle(game)?;
            let warning = nth(g.game.warnings(), index, "warning")?;
            // `line` and `column` are NULL or writable.
            if let Some(line) = line.as_mut() {
                *line = warning.line;
            }
            if let Some(column) = column.as_mut() {
                *column = warning.column;
            }
            Ok(warning.kind.to_string())
        })
    }
}

/// The game as PGN, snprintf-style: the Seven Tag Roster first, then the
/// other tags (values escaped), `SetUp`/`FEN` when the start is not the
/// standard one, and a `Result` agreeing with the outcome.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_to_pgn(game: *const ChessGame, buf: *mut c_char, cap: usize) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(handle(game)?.game.to_pgn())) }
}

/// Saves the game to `path` in the toolkit's file format (versioned RON,
/// the one the desktop app uses; see docs/save-format.md). Atomic: the old
/// file stays whole if anything fails, and no temporary file is left.
///
/// # Safety
/// `game` is NULL or a live game; `path` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_save(game: *const ChessGame, path: *const c_char) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle(game) }?;
        let path = unsafe { read_path(path) }?;
        chess_file::save(path, &g.game, &chess_file::AppState::default())
            .map_err(|e| Fail::new(ChessError::CHESS_ERR_IO, e.to_string()))
    })
}

/// Loads a game saved by `chess_game_save` or the desktop app. NULL for a
/// missing, unreadable or bad file (the last error says which).
///
/// # Safety
/// `path` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_load(path: *const c_char) -> *mut ChessGame {
    // SAFETY: contract of this function.
    run_new(|| {
        let path = unsafe { read_path(path) }?;
        let (mut game, _) = chess_file::load(path).map_err(|e| {
            let code = match e {
                chess_file::LoadError::Io { .. } | chess_file::LoadError::TooLarge { .. } => ChessError::CHESS_ERR_IO,
                _ => ChessError::CHESS_ERR_PARSE,
            };
            Fail::new(code, e.to_string())
        })?;
        // The C game is the main line played to its end.
        game.to_start();
        game.to_end();
        Ok(ChessGame::new(game))
    })
}
