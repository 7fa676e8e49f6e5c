//! The opening explorer of a collection: the moves played from a
//! position, with their figures, and the best-rated games that reached it.

use std::ffi::c_char;

use chess_db::Explorer;
use chess_db::header::GameResult;

use crate::boundary::{free, handle, handle_mut, nth, run, run_code, run_new, run_text};
use crate::db::{ChessDb, ChessDbFilter, db_fail, filter_of};
use crate::position::{ChessPosition, to_c_move};
use crate::{ChessError, ChessMove, ChessOutcome};

/// An opening explorer's table for one position (opaque): made by
/// `chess_db_explore`, released with `chess_db_explorer_free`.
#[derive(Debug)]
pub struct ChessDbExplorer {
    explorer: Explorer,
}

impl crate::boundary::Handle for ChessDbExplorer {
    const WHAT: &'static str = "the explorer";
}

/// One move of the explorer's table.
/// cbindgen:field-names=[move, games, white, draws, black, average_elo, last_year]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChessDbMoveStats {
    /// The move (named `move` in C).
    pub mv: ChessMove,
    /// Games that played it.
    pub games: u64,
    /// Of those, won by White.
    pub white: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black: u64,
    /// The average rating of the players, over the games where both are
    /// rated; 0 when none is.
    pub average_elo: u16,
    /// The last year it was played; 0 when no game of it is dated.
    pub last_year: u16,
}

impl crate::boundary::Handle for ChessDbMoveStats {
    const WHAT: &'static str = "the output row";
}

/// One of the best-rated games that reached the explorer's position
/// (the players' names: `chess_db_explorer_top_white` / `_black`).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChessDbTopGame {
    /// The game's number in the file, from 1.
    pub game: u64,
    /// The ply where it reached the position.
    pub ply: u32,
    /// White's rating (0 when unknown).
    pub white_elo: u16,
    /// Black's rating (0 when unknown).
    pub black_elo: u16,
    /// The result (`CHESS_OUTCOME_ONGOING` for `*` or none).
    pub result: ChessOutcome,
    /// The year played; 0 when the game is not dated.
    pub year: u16,
}

impl crate::boundary::Handle for ChessDbTopGame {
    const WHAT: &'static str = "the output game";
}

/// The opening explorer for `pos`: the moves played from it in the
/// collection (in the games `filter` lets through, when not NULL), most
/// played first, with their results, and the best-rated games that reached
/// it. NULL and the last error on failure.
///
/// # Safety
/// `db` and `pos` are NULL or live; `filter` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explore(
    db: *const ChessDb,
    pos: *const ChessPosition,
    filter: *const ChessDbFilter,
) -> *mut ChessDbExplorer {
    // SAFETY: contract of this function.
    run_new(|| {
        let d = unsafe { handle(db) }?;
        let p = unsafe { handle(pos) }?;
        let explorer = d.db.explore(&p.pos, unsafe { filter_of(filter) }).map_err(db_fail)?;
        Ok(ChessDbExplorer { explorer })
    })
}

/// Frees an explorer. NULL does nothing.
///
/// # Safety
/// `explorer` is NULL or from `chess_db_explore`, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_free(explorer: *mut ChessDbExplorer) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(explorer) };
        Ok(())
    })
}

/// The games that reached the position (those that ended there
/// included); White's wins, draws and Black's wins among them into
/// `white`, `draws`, `black` (each NULL for not wanted). 0 for NULL.
///
/// # Safety
/// `explorer` is NULL or live; `white`, `draws`, `black` are NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_games(
    explorer: *const ChessDbExplorer,
    white: *mut u64,
    draws: *mut u64,
    black: *mut u64,
) -> u64 {
    // SAFETY: contract of this function.
    run(0, || {
        let e = &unsafe { handle(explorer) }?.explorer;
        for (out, value) in [(white, e.white), (draws, e.draws), (black, e.black)] {
            // SAFETY: NULL or writable (the contract).
            if let Some(out) = unsafe { out.as_mut() } {
                *out = value;
            }
        }
        Ok(e.games)
    })
}

/// How many different moves were played from the position. 0 for NULL.
///
/// # Safety
/// `explorer` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_move_count(explorer: *const ChessDbExplorer) -> usize {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(explorer) }?.explorer.moves.len()))
}

/// The `index`-th move (from 0; most played first) and its figures, into
/// `out`. `CHESS_ERR_INVALID_ARG` when `index` is not below the count.
///
/// # Safety
/// `explorer` is NULL or live; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_move(
    explorer: *const ChessDbExplorer,
    index: usize,
    out: *mut ChessDbMoveStats,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let e = unsafe { handle(explorer) }?;
        let out = unsafe { handle_mut(out) }?;
        let row = nth(&e.explorer.moves, index, "move")?;
        *out = ChessDbMoveStats {
            mv: to_c_move(row.mv),
            games: row.games,
            white: row.white,
            draws: row.draws,
            black: row.black,
            average_elo: row.average_elo.unwrap_or(0),
            last_year: row.last_year.unwrap_or(0),
        };
        Ok(())
    })
}

/// The `index`-th move's SAN (`Nf3`), snprintf-style; 0 and an empty
/// string when there is no such move.
///
/// # Safety
/// `explorer` is NULL or live; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_move_san(
    explorer: *const ChessDbExplorer,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let e = handle(explorer)?;
            Ok(nth(&e.explorer.moves, index, "move")?.san.clone())
        })
    }
}

/// How many top games the explorer holds (the best-rated that reached the
/// position, at most 10). 0 for NULL.
///
/// # Safety
/// `explorer` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_top_count(explorer: *const ChessDbExplorer) -> usize {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(explorer) }?.explorer.top.len()))
}

/// The `index`-th top game (from 0; best-rated first), into `out`.
/// `CHESS_ERR_INVALID_ARG` when `index` is not below the count.
///
/// # Safety
/// `explorer` is NULL or live; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_top(
    explorer: *const ChessDbExplorer,
    index: usize,
    out: *mut ChessDbTopGame,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let e = unsafe { handle(explorer) }?;
        let out = unsafe { handle_mut(out) }?;
        let top = nth(&e.explorer.top, index, "top game")?;
        *out = ChessDbTopGame {
            game: top.game,
            ply: top.ply,
            white_elo: top.white_elo,
            black_elo: top.black_elo,
            result: match top.result {
                GameResult::WhiteWins => ChessOutcome::CHESS_OUTCOME_WHITE_WINS,
                GameResult::BlackWins => ChessOutcome::CHESS_OUTCOME_BLACK_WINS,
                GameResult::Draw => ChessOutcome::CHESS_OUTCOME_DRAW,
                GameResult::Unknown => ChessOutcome::CHESS_OUTCOME_ONGOING,
            },
            year: top.year.unwrap_or(0),
        };
        Ok(())
    })
}

/// The `index`-th top game's White player, snprintf-style; 0 and an empty
/// string when there is no such game.
///
/// # Safety
/// `explorer` is NULL or live; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_top_white(
    explorer: *const ChessDbExplorer,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe { top_name(explorer, index, buf, cap, true) }
}

/// The `index`-th top game's Black player, snprintf-style; 0 and an empty
/// string when there is no such game.
///
/// # Safety
/// `explorer` is NULL or live; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_explorer_top_black(
    explorer: *const ChessDbExplorer,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe { top_name(explorer, index, buf, cap, false) }
}

/// # Safety
/// As for `chess_db_explorer_top_white`.
unsafe fn top_name(explorer: *const ChessDbExplorer, index: usize, buf: *mut c_char, cap: usize, white: bool) -> usize {
    // SAFETY: forwarded contract.
    unsafe {
        run_text(buf, cap, || {
            let e = handle(explorer)?;
            let top = nth(&e.explorer.top, index, "top game")?;
            Ok(if white { top.white.clone() } else { top.black.clone() })
        })
    }
}
