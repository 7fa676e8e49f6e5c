//! Games: a start position and the moves played, with tags; PGN and save files.

use std::ffi::c_char;
use std::path::Path;

use chess_core::{Color, Game, Outcome};

use crate::boundary::{
    Fail, Res, free, handle, handle_mut, nth, read_bytes, read_str, run, run_code, run_new, run_text,
};
use crate::position::{
    ChessPosition, from_c_move, illegal, parse_fen, read_fen, read_move_text, san_fail, to_c_move, uci_fail,
};
use crate::{CHESS_MAX_PATH_LENGTH, CHESS_MAX_PGN_LENGTH, ChessColor, ChessError, ChessMove, ChessOutcome};

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

fn to_c_outcome(outcome: Option<Outcome>) -> ChessOutcome {
    match outcome.map(|o| o.winner()) {
        None => ChessOutcome::CHESS_OUTCOME_ONGOING,
        Some(Some(Color::White)) => ChessOutcome::CHESS_OUTCOME_WHITE_WINS,
        Some(Some(Color::Black)) => ChessOutcome::CHESS_OUTCOME_BLACK_WINS,
        Some(None) => ChessOutcome::CHESS_OUTCOME_DRAW,
    }
}

/// The outcome: by the rules, or as recorded (resignation, agreement, a
/// claim, a PGN result). A recorded result survives save/load and
/// `chess_game_to_pgn`.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_outcome(game: *const ChessGame) -> ChessOutcome {
    // SAFETY: contract of this function.
    run(ChessOutcome::CHESS_OUTCOME_ONGOING, || {
        Ok(to_c_outcome(unsafe { handle(game) }?.game.outcome()))
    })
}

/// The outcome in words ("Checkmate — White wins 1-0", "Draw by
/// stalemate"), snprintf-style; empty while the game goes on.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_outcome_text(game: *const ChessGame, buf: *mut c_char, cap: usize) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            Ok(handle(game)?.game.outcome().map(|o| o.to_string()).unwrap_or_default())
        })
    }
}

/// Whether the side to move may claim a draw: the current position (same
/// placement, side to move, castling rights and legal en passant) has
/// occurred 3 times or more (the start position counts), or the halfmove
/// clock is at least 100, or a legal move would make either true (FIDE 9.2,
/// 9.3). False once the game is over.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_can_claim_draw(game: *const ChessGame) -> bool {
    // SAFETY: contract of this function.
    run(false, || Ok(unsafe { handle(game) }?.game.can_claim_draw()))
}

/// Claims the draw `chess_game_can_claim_draw` allows, recording it.
/// `CHESS_ERR_INVALID_ARG` when no claim is possible.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_claim_draw(game: *mut ChessGame) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        g.game
            .claim_draw()
            .map(|_| ())
            .ok_or_else(|| Fail::invalid("no draw can be claimed here"))
    })
}

/// Records that `color` resigns. `CHESS_ERR_INVALID_ARG` for a value
/// other than `CHESS_WHITE` or `CHESS_BLACK`, or a finished game.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_resign(game: *mut ChessGame, color: ChessColor) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        let color = color.to_core()?;
        g.game
            .resign(color)
            .map(|_| ())
            .map_err(|e| Fail::invalid(e.to_string()))
    })
}

/// Records a draw by agreement. `CHESS_ERR_INVALID_ARG` for a finished game.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_agree_draw(game: *mut ChessGame) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        g.game
            .agree_draw()
            .map(|_| ())
            .map_err(|e| Fail::invalid(e.to_string()))
    })
}

/// Sets a PGN tag (`White`, `Event`, ...). An empty value removes it.
/// Names are at most 255 bytes of letters, digits and `_`; values at most 4096.
///
/// `Result` records the result, as `chess_game_resign` would: `1-0`,
/// `0-1` or `1/2-1/2` (the outcome and `chess_game_to_pgn` then give it;
/// one the rules contradict, such as `1-0` when White is checkmated, is
/// `CHESS_ERR_INVALID_ARG`); `*` or an empty value clears it. `FEN` and
/// `SetUp` are refused (`CHESS_ERR_INVALID_ARG`): they are written from the
/// start position, which `chess_game_from_fen` sets.
///
/// # Safety
/// `game` is NULL or a live game; `name` and `value` are NULL or
/// NUL-terminated strings.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_set_tag(
    game: *mut ChessGame,
    name: *const c_char,
    value: *const c_char,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        let name = unsafe { read_str(name, 255, "the tag name", ChessError::CHESS_ERR_INVALID_ARG) }?;
        let value = unsafe { read_str(value, 4096, "the tag value", ChessError::CHESS_ERR_INVALID_ARG) }?;
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(Fail::invalid(format!(
                "{name:?} is not a tag name (letters, digits and _)"
            )));
        }
        match name {
            "Result" => {
                record_result(g, value)?;
                let text = result_text(g);
                g.game.tags.set("Result", text);
                Ok(())
            }
            "FEN" | "SetUp" => Err(Fail::invalid(format!(
                "the {name} tag is written from the game's start position: make the game with \
                 chess_game_from_fen to start from another position"
            ))),
            _ if value.is_empty() => {
                g.game.tags.remove(name);
                Ok(())
            }
            _ => {
                g.game.tags.set(name, value);
                Ok(())
            }
        }
    })
}

/// Records the result a `Result` tag value gives.
fn record_result(g: &mut ChessGame, value: &str) -> Res<()> {
    let outcome = match value {
        "" | "*" => None,
        token => Some(
            Outcome::from_result(token)
                .ok_or_else(|| Fail::invalid(format!("{token:?} is not a result (1-0, 0-1, 1/2-1/2 or *)")))?,
        ),
    };
    let cursor = g.game.cursor();
    if let Some(by_rules) = g.game.outcome_by_rules(cursor) {
        if outcome.is_none_or(|o| o.winner() != by_rules.winner()) {
            return Err(Fail::invalid(format!(
                "the result is {}: {by_rules}",
                by_rules.result()
            )));
        }
        return Ok(());
    }
    g.game.set_result(outcome);
    Ok(())
}

/// The value of a tag, snprintf-style; 0, an empty string and the last
/// error when the tag is not set. `Result` gives the game's result, as
/// `chess_game_to_pgn` writes it.
///
/// # Safety
/// `game` is NULL or a live game; `name` is NULL or a NUL-terminated
/// string; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag(
    game: *const ChessGame,
    name: *const c_char,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let g = handle(game)?;
            let name = read_str(name, 255, "the tag name", ChessError::CHESS_ERR_INVALID_ARG)?;
            match g.game.tags.get(name) {
                Some(_) if name == "Result" => Ok(result_text(g)),
                Some(value) => Ok(value.to_string()),
                None => Err(Fail::invalid(format!("tag {name} is not set"))),
            }
        })
    }
}

/// How many tags the game has (0 for NULL): with `chess_game_tag_name_at`
/// and `chess_game_tag_value_at`, every tag, in the order PGN writes them
/// apart from `SetUp` and `FEN` (see `chess_game_to_pgn`).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag_count(game: *const ChessGame) -> usize {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(game) }?.game.tags.len()))
}

/// The name of tag `index` (from 0), snprintf-style; 0, an empty string
/// and the last error when `index` is not below `chess_game_tag_count`.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag_name_at(
    game: *const ChessGame,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(tag_at(handle(game)?, index)?.0)) }
}

/// The value of tag `index` (from 0), snprintf-style, as
/// `chess_game_tag_name_at`.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag_value_at(
    game: *const ChessGame,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(tag_at(handle(game)?, index)?.1)) }
}

fn tag_at(g: &ChessGame, index: usize) -> Res<(&str, String)> {
    let (name, value) = g
        .game
        .tags
        .iter()
        .nth(index)
        .ok_or_else(|| Fail::invalid(format!("tag {index} does not exist (there are {})", g.game.tags.len())))?;
    let value = if name == "Result" {
        result_text(g)
    } else {
        value.to_string()
    };
    Ok((name, value))
}

/// The game's result as its `Result` tag says it: `1-0`, `0-1`, `1/2-1/2`
/// or `*`.
fn result_text(g: &ChessGame) -> String {
    g.game.outcome().map_or("*", |o| o.result()).to_string()
}

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
