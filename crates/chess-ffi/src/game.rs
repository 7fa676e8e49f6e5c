//! Games: a start position and the moves played; made, copied, read from
//! PGN, played and taken back (results, tags and files are beside it).

use std::ffi::c_char;
use std::path::Path;

use chess_core::Game;

use crate::boundary::{
    Fail, Res, free, handle, handle_mut, nth, read_bytes, read_str, run, run_code, run_new, run_text,
};
use crate::position::{
    ChessPosition, from_c_move, illegal, parse_fen, read_fen, read_move_text, san_fail, to_c_move, uci_fail,
};
use crate::{CHESS_MAX_PATH_LENGTH, CHESS_MAX_PGN_LENGTH, ChessError, ChessMove};

/// A game (opaque): a start position, the moves played, tags, and a
/// recorded result. Made by `chess_game_new`, `_from_fen`, `_from_pgn`,
/// `_load` or `chess_pgn_reader_next`; released with `chess_game_free`.
#[derive(Debug)]
pub struct ChessGame {
    pub(crate) game: Game,
    /// The position at the end, kept for `chess_game_position`.
    current: ChessPosition,
    start: ChessPosition,
}

impl crate::boundary::Handle for ChessGame {
    const WHAT: &'static str = "the game";
}

impl ChessGame {
    pub(crate) fn new(game: Game) -> ChessGame {
        ChessGame {
            current: ChessPosition {
                pos: game.position().clone(),
            },
            start: ChessPosition {
                pos: game.start_position().clone(),
            },
            game,
        }
    }

    pub(crate) fn changed(&mut self) {
        self.current.pos = self.game.position().clone();
    }
}

pub(crate) fn play_error(e: chess_core::PlayError) -> Fail {
    match e {
        chess_core::PlayError::Illegal(e) => illegal(&e),
        chess_core::PlayError::San(e) => san_fail(e),
        chess_core::PlayError::Uci(e) => uci_fail(e),
        chess_core::PlayError::GameOver(outcome) => Fail::new(
            ChessError::CHESS_ERR_ILLEGAL_MOVE,
            format!("the game is over: {outcome}"),
        ),
    }
}

/// Reads a path argument.
///
/// # Safety
/// As for `read_str`.
pub(crate) unsafe fn read_path<'a>(path: *const c_char) -> Res<&'a Path> {
    // SAFETY: forwarded contract.
    unsafe {
        read_str(
            path,
            CHESS_MAX_PATH_LENGTH,
            "the path",
            ChessError::CHESS_ERR_INVALID_ARG,
        )
    }
    .map(Path::new)
}

/// A new game from the standard starting position.
#[unsafe(no_mangle)]
pub extern "C" fn chess_game_new() -> *mut ChessGame {
    run_new(|| Ok(ChessGame::new(Game::new())))
}

/// A new Chess960 game from start position `number` (0..959; 518 is the
/// normal start). NULL and `CHESS_ERR_INVALID_ARG` for 960 and above. Its
/// PGN has `[Variant "Chess960"]`, `SetUp` and `FEN`.
#[unsafe(no_mangle)]
pub extern "C" fn chess_game_new_960(number: u32) -> *mut ChessGame {
    run_new(|| {
        Game::new_960(number)
            .map(ChessGame::new)
            .ok_or_else(|| Fail::invalid(format!("{number} is not a Chess960 start position (0..959)")))
    })
}

/// A new game from a FEN; NULL (with the reason in the last error) when the
/// FEN is malformed or the position illegal.
///
/// # Safety
/// `fen` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_from_fen(fen: *const c_char) -> *mut ChessGame {
    // SAFETY: contract of this function.
    run_new(|| {
        let pos = parse_fen(unsafe { read_fen(fen) }?)?;
        Ok(ChessGame::new(Game::from_position(pos)))
    })
}

/// A new game from a copy of `pos`. NULL for NULL.
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_from_position(pos: *const ChessPosition) -> *mut ChessGame {
    // SAFETY: contract of this function.
    run_new(|| Ok(ChessGame::new(Game::from_position(unsafe { handle(pos) }?.pos.clone()))))
}

/// A copy of `game`: tags, every move and variation, comments, NAGs, the
/// recorded result and the current position. NULL for NULL.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_clone(game: *const ChessGame) -> *mut ChessGame {
    // SAFETY: contract of this function.
    run_new(|| Ok(ChessGame::new(unsafe { handle(game) }?.game.clone())))
}

/// The first game of a PGN text (tags, moves with variations and comments,
/// result), positioned at the end of its main line; UTF-8, or Latin-1
/// where it is not, as in files. NULL with `CHESS_ERR_PARSE` when it
/// cannot be read (the last error gives the line and column) or holds no
/// game (empty, only whitespace, tags without moves or result: "no game in
/// the text"). What the reader repaired to read it (an off-standard move,
/// a missing result...) is in `chess_game_warning_count/_at`. Texts over
/// `CHESS_MAX_PGN_LENGTH` bytes are refused (read files with
/// `chess_pgn_reader_open`).
///
/// # Safety
/// `pgn` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_from_pgn(pgn: *const c_char) -> *mut ChessGame {
    // SAFETY: contract of this function.
    run_new(|| {
        // Bytes, as a file's: text that is not UTF-8 is read as Latin-1.
        let text = unsafe { read_bytes(pgn, CHESS_MAX_PGN_LENGTH, "the PGN") }?;
        let game = chess_core::pgn::read_game_bytes(text)
            .map_err(|e| Fail::new(ChessError::CHESS_ERR_PARSE, e.to_string()))?;
        Ok(ChessGame::new(game))
    })
}

/// Frees a game. NULL does nothing.
///
/// # Safety
/// `game` is NULL or a game from this library, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_free(game: *mut ChessGame) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(game) };
        Ok(())
    })
}

/// The current position, owned by the game: valid until the game changes
/// or is freed. Do not free it. NULL for NULL.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_position(game: *const ChessGame) -> *const ChessPosition {
    // SAFETY: contract of this function.
    run(std::ptr::null(), || {
        Ok(&unsafe { handle(game) }?.current as *const ChessPosition)
    })
}

/// The position the game starts from, owned by the game (valid while the
/// game lives). NULL for NULL.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_start_position(game: *const ChessGame) -> *const ChessPosition {
    // SAFETY: contract of this function.
    run(std::ptr::null(), || {
        Ok(&unsafe { handle(game) }?.start as *const ChessPosition)
    })
}

/// The number of half-moves played (0 for NULL).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_move_count(game: *const ChessGame) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let g = unsafe { handle(game) }?;
        Ok(g.game.ply(g.game.cursor()))
    })
}

/// The move played at half-move `index` (0 for the first), written to `out`.
/// `CHESS_ERR_INVALID_ARG` when `index` is not below the move count.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_move_at(game: *const ChessGame, index: usize, out: *mut ChessMove) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle(game) }?;
        let out = unsafe { handle_mut(out) }?;
        let node = played(g, index)?;
        let m = g
            .game
            .move_at(node)
            .ok_or_else(|| Fail::new(ChessError::CHESS_ERR_INTERNAL, "no move"))?;
        *out = to_c_move(m);
        Ok(())
    })
}

/// The SAN of the move at half-move `index`, snprintf-style (0 and the last
/// error set when there is no such move).
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_san_at(
    game: *const ChessGame,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let g = handle(game)?;
            let node = played(g, index)?;
            g.game
                .san_at(node)
                .ok_or_else(|| Fail::new(ChessError::CHESS_ERR_INTERNAL, "no move"))
        })
    }
}

/// The node of half-move `index` (0 for the first) of the game's line.
fn played(game: &ChessGame, index: usize) -> Res<chess_core::NodeId> {
    let path = game.game.path_to(game.game.cursor());
    nth(&path[1..], index, "half-move").copied()
}

fn play(game: &mut ChessGame, result: Result<chess_core::NodeId, chess_core::PlayError>) -> Res<()> {
    result.map_err(play_error)?;
    game.changed();
    Ok(())
}

/// Plays a move. An illegal move, or any move once the rules have ended the
/// game (checkmate, stalemate, insufficient material, 75 moves, fivefold),
/// is `CHESS_ERR_ILLEGAL_MOVE`. Playing clears a recorded result.
///
/// # Safety
/// `game` is NULL or a live game not used elsewhere meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_play(game: *mut ChessGame, mv: ChessMove) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        let m = from_c_move(mv)?;
        let result = g.game.play(m);
        play(g, result)
    })
}

/// Plays a move given in SAN (see `chess_position_parse_san` for what is
/// accepted and the error codes).
///
/// # Safety
/// `game` is NULL or a live game; `san` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_play_san(game: *mut ChessGame, san: *const c_char) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        let text = unsafe { read_move_text(san, "the SAN move") }?;
        let result = g.game.play_san(text);
        play(g, result)
    })
}

/// Plays a move given in UCI notation.
///
/// # Safety
/// `game` is NULL or a live game; `uci` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_play_uci(game: *mut ChessGame, uci: *const c_char) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        let text = unsafe { read_move_text(uci, "the UCI move") }?;
        let result = g.game.play_uci(text);
        play(g, result)
    })
}

/// Takes back the last move (always allowed, also after the end).
/// `CHESS_ERR_INVALID_ARG` when no move has been played. Clears a recorded
/// result.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_undo(game: *mut ChessGame) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        g.game.pop().ok_or_else(|| Fail::invalid("no move to undo"))?;
        g.game.set_result(None);
        g.changed();
        Ok(())
    })
}
