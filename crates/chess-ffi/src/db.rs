//! Game collections: a PGN file (plain or compressed) with its index,
//! searched by position, material and header, and explored move by move
//! (the `chess-db` crate); the explorer is in `db_explorer`.

use std::ffi::{c_char, c_void};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;

use chess_db::{Database, Error as DbError, Filter, Match, Material, Options};

use crate::ChessError;
use crate::boundary::{Fail, Res, free, handle, handle_mut, nth, read_str, run, run_code, run_new, write_bytes};
use crate::game::{ChessGame, read_path};
use crate::position::ChessPosition;

/// A PGN file with its index (opaque): made by `chess_db_open`, released
/// with `chess_db_free`.
#[derive(Debug)]
pub struct ChessDb {
    pub(crate) db: Database,
}

impl crate::boundary::Handle for ChessDb {
    const WHAT: &'static str = "the database";
}

/// Header filters for the searches (opaque): made by
/// `chess_db_filter_new`, set with `chess_db_filter_set`, released with
/// `chess_db_filter_free`.
#[derive(Debug, Default)]
pub struct ChessDbFilter {
    filter: Filter,
}

impl crate::boundary::Handle for ChessDbFilter {
    const WHAT: &'static str = "the filter";
}

/// The games a search found, in file order (opaque): read with
/// `chess_db_games_count` and `chess_db_games_at`, released with
/// `chess_db_games_free`.
#[derive(Debug)]
pub struct ChessDbGames {
    matches: Vec<ChessDbMatch>,
}

impl crate::boundary::Handle for ChessDbGames {
    const WHAT: &'static str = "the games";
}

/// A game a search found.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChessDbMatch {
    /// The game's number in the file, from 1.
    pub game: u64,
    /// The ply where it first reaches the position (0: the start); for
    /// material, the first ply of the run; 0 for a header filter.
    pub ply: u32,
}

impl crate::boundary::Handle for ChessDbMatch {
    const WHAT: &'static str = "the output match";
}

/// How indexing goes, for the progress callback.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChessDbProgress {
    /// Bytes of the file read so far (of the compressed file, for one).
    pub bytes_read: u64,
    /// The file's size in bytes.
    pub bytes_total: u64,
    /// Games indexed so far.
    pub games: u64,
}

/// Called while `chess_db_open` indexes, about ten times a second, on the
/// calling thread; `progress` is valid during the call only. It must not
/// throw (C++) or `longjmp` out; it may set the cancel flag.
pub type ChessDbProgressCallback =
    Option<unsafe extern "C" fn(progress: *const ChessDbProgress, user_data: *mut c_void)>;

/// The code and message for a collection's failure.
pub(crate) fn db_fail(e: DbError) -> Fail {
    let code = match e {
        DbError::Query(_) => ChessError::CHESS_ERR_INVALID_ARG,
        DbError::Io(_) | DbError::Index(_) | DbError::Damaged(_) => ChessError::CHESS_ERR_IO,
    };
    Fail::new(code, e.to_string())
}

/// Opens the PGN file at `pgn_path` (`.pgn`, or compressed: `.pgn.zst`,
/// `.pgn.gz`, `.pgn.bz2`, told by content) with its index, and returns when
/// the index is complete. The index is a cache: at `index_path`, or when
/// that is NULL in the user's cache directory (the environment variable
/// CHESS_DB_CACHE names it, else `$XDG_CACHE_HOME/chess-toolkit/db`); used as it is when it fits the file,
/// extended when games were only appended, built anew otherwise, on every
/// core. A damaged or foreign index file is rebuilt, never trusted.
///
/// `pgn_path` may name a folder: its PGN files (`.pgn`, `.pgn.zst`,
/// `.pgn.gz`, `.pgn.bz2`, in its folders too), in the order of their paths,
/// are one collection, each with its own index in the cache directory
/// (`index_path` must be NULL); game numbers run on from one file to the
/// next, and `chess_db_game_file` says which file a game is in. A file of
/// the folder that cannot be read, or that changes while the collection is
/// open, is left out of the answers (the others still answer).
///
/// While it builds, `progress` (NULL for none) is called with `user_data`
/// about ten times a second. When `cancel` (NULL for none) points to a
/// value that becomes nonzero (set from the callback, or from another
/// thread with an atomic store), indexing stops: NULL with
/// `CHESS_ERR_CANCELLED`; what was indexed is kept, and the next open goes
/// on from there.
///
/// NULL with `CHESS_ERR_IO` when the file cannot be read (missing, a
/// directory) or the index cannot be written.
///
/// # Safety
/// `pgn_path` and `index_path` are NULL or NUL-terminated strings;
/// `progress` is NULL or a function as `ChessDbProgressCallback` says;
/// `cancel` is NULL or points to an aligned `int32_t` that stays valid
/// until this returns, written by other threads only atomically.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_open(
    pgn_path: *const c_char,
    index_path: *const c_char,
    progress: ChessDbProgressCallback,
    user_data: *mut c_void,
    cancel: *const i32,
) -> *mut ChessDb {
    // SAFETY: contract of this function.
    run_new(|| {
        let pgn = unsafe { read_path(pgn_path) }?;
        let index = if index_path.is_null() {
            None
        } else {
            Some(unsafe { read_path(index_path) }?.to_path_buf())
        };
        // SAFETY: an aligned int32_t, written atomically by others (the
        // contract): an AtomicI32 has its size, alignment and layout.
        let cancel = unsafe { cancel.cast::<AtomicI32>().as_ref() };
        let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed) != 0);
        let db = Database::open(
            pgn,
            &Options {
                index,
                ..Options::default()
            },
        )
        .map_err(db_fail)?;
        loop {
            let p = db.progress();
            if let Some(callback) = progress {
                let report = ChessDbProgress {
                    bytes_read: p.bytes,
                    bytes_total: p.size,
                    games: p.games,
                };
                // SAFETY: the caller's function, as its type says.
                unsafe { callback(&report, user_data) };
            }
            if cancelled() {
                db.cancel();
                let _ = db.wait();
                return Err(Fail::new(
                    ChessError::CHESS_ERR_CANCELLED,
                    format!(
                        "cancelled with {} games indexed (kept: the next open goes on from there)",
                        db.game_count()
                    ),
                ));
            }
            if p.done {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        db.wait().map_err(db_fail)?;
        Ok(ChessDb { db })
    })
}

/// Frees a database (its index stays on disk). NULL does nothing.
///
/// # Safety
/// `db` is NULL or a database from `chess_db_open`, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_free(db: *mut ChessDb) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(db) };
        Ok(())
    })
}

/// The number of games in the file (the ones that could not be read
/// included: numbers are positions in the file). 0 for NULL.
///
/// # Safety
/// `db` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_game_count(db: *const ChessDb) -> u64 {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(db) }?.db.game_count()))
}

/// The file game `number` (from 1) is in, snprintf-style (its full path;
/// for a folder opened with `chess_db_open`, one of its files), with the
/// game's number in that file in `*number_in_file` (when not NULL). 0 and
/// an empty string for a number out of range, or NULL `db`.
///
/// # Safety
/// `db` is NULL or live; `number_in_file` is NULL or writable; `buf` is
/// NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_game_file(
    db: *const ChessDb,
    number: u64,
    number_in_file: *mut u64,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    let found = run(None, || {
        let d = unsafe { handle(db) }?;
        check_number(&d.db, number)?;
        d.db.locate(number)
            .map(Some)
            .ok_or_else(|| Fail::invalid(format!("game {number} does not exist")))
    });
    let (path, local) = found.unwrap_or_default();
    if !number_in_file.is_null() {
        // SAFETY: contract of this function: writable when not NULL.
        unsafe { number_in_file.write(local) };
    }
    // SAFETY: contract of this function.
    unsafe { write_bytes(path.as_os_str().as_encoded_bytes(), buf, cap) }
}

/// The number of games that could not be read (each is left out of every
/// search). 0 for NULL.
///
/// # Safety
/// `db` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_unreadable_count(db: *const ChessDb) -> u64 {
    // SAFETY: contract of this function.
    run(0, || {
        Ok(unsafe { handle(db) }?.db.unreadable().map_err(db_fail)?.len() as u64)
    })
}

/// A filter that lets every game through; set it with
/// `chess_db_filter_set`.
#[unsafe(no_mangle)]
pub extern "C" fn chess_db_filter_new() -> *mut ChessDbFilter {
    run_new(|| Ok(ChessDbFilter::default()))
}

/// Frees a filter. NULL does nothing.
///
/// # Safety
/// `filter` is NULL or a filter from `chess_db_filter_new`, not freed
/// before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_filter_free(filter: *mut ChessDbFilter) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(filter) };
        Ok(())
    })
}

/// Sets one filter, by the name of the `chess-db` program's option:
/// `player`, `white`, `black`, `event`, `site` (a part of the name, any
/// case), `min-elo`, `max-elo` (both players' ratings), `from`, `to` (dates:
/// `2024`, `2024.03`, `2024.03.05`), `result` (`1-0`, `0-1`, `1/2-1/2`,
/// `*`), `eco` (`B12` or `A00-B99`), `min-moves`, `max-moves`,
/// `time-control` (`180+2`, or `bullet`, `blitz`, `rapid`, `classical`).
/// Every filter set must hold. `CHESS_ERR_INVALID_ARG` for a name it does
/// not know or a value it cannot read (the message says how to write it);
/// the filter is then unchanged.
///
/// # Safety
/// `filter` is NULL or live; `key` and `value` are NULL or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_filter_set(
    filter: *mut ChessDbFilter,
    key: *const c_char,
    value: *const c_char,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let f = unsafe { handle_mut(filter) }?;
        let invalid = ChessError::CHESS_ERR_INVALID_ARG;
        let key = unsafe { read_str(key, 64, "the filter's name", invalid) }?;
        let value = unsafe { read_str(value, 1024, "the filter's value", invalid) }?;
        f.filter.set(key, value).map_err(db_fail)
    })
}

/// The filter behind an optional handle.
///
/// # Safety
/// `filter` is NULL or live.
pub(crate) unsafe fn filter_of<'a>(filter: *const ChessDbFilter) -> Option<&'a Filter> {
    // SAFETY: forwarded contract.
    unsafe { filter.as_ref() }.map(|f| &f.filter)
}

fn games(matches: Vec<Match>) -> ChessDbGames {
    ChessDbGames {
        matches: matches
            .into_iter()
            .map(|m| ChessDbMatch {
                game: m.game,
                ply: m.ply,
            })
            .collect(),
    }
}

/// The games whose main line reaches `pos` (same pieces on the same
/// squares, side to move, castling rights and en passant, as FIDE counts
/// repetitions), each with the first ply where it does, in file order;
/// only within the first `max_ply` plies when `max_ply` is 0 or more (-1:
/// anywhere); only the games `filter` lets through when it is not NULL.
/// NULL and the last error on failure.
///
/// # Safety
/// `db` and `pos` are NULL or live; `filter` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_search_position(
    db: *const ChessDb,
    pos: *const ChessPosition,
    max_ply: i32,
    filter: *const ChessDbFilter,
) -> *mut ChessDbGames {
    // SAFETY: contract of this function.
    run_new(|| {
        let d = unsafe { handle(db) }?;
        let p = unsafe { handle(pos) }?;
        let max_ply = u32::try_from(max_ply).ok();
        let found =
            d.db.search_position(&p.pos, max_ply, unsafe { filter_of(filter) })
                .map_err(db_fail)?;
        Ok(games(found))
    })
}

/// The games where `material` (`KRPkr`: White's pieces in capitals,
/// Black's in small letters, kings included) stands on the board for at
/// least `min_plies` plies in a row (1 or more; 0 is read as 1), with the
/// first ply of that run, in file order; only the games `filter` lets
/// through when it is not NULL. NULL with `CHESS_ERR_PARSE` for material
/// it cannot read.
///
/// # Safety
/// `db` is NULL or live; `material` is NULL or NUL-terminated; `filter` is
/// NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_search_material(
    db: *const ChessDb,
    material: *const c_char,
    min_plies: u32,
    filter: *const ChessDbFilter,
) -> *mut ChessDbGames {
    // SAFETY: contract of this function.
    run_new(|| {
        let d = unsafe { handle(db) }?;
        let text = unsafe { read_str(material, 64, "the material", ChessError::CHESS_ERR_PARSE) }?;
        let material = Material::parse(text).map_err(|e| Fail::new(ChessError::CHESS_ERR_PARSE, e.to_string()))?;
        let found =
            d.db.search_material(&material, min_plies.max(1), unsafe { filter_of(filter) })
                .map_err(db_fail)?;
        Ok(games(found))
    })
}

/// The games `filter` lets through (every readable game for NULL), in
/// file order (their `ply` is 0).
///
/// # Safety
/// `db` is NULL or live; `filter` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_filter(db: *const ChessDb, filter: *const ChessDbFilter) -> *mut ChessDbGames {
    // SAFETY: contract of this function.
    run_new(|| {
        let d = unsafe { handle(db) }?;
        let all = Filter::default();
        let f = unsafe { filter_of(filter) }.unwrap_or(&all);
        let numbers = d.db.filter(f).map_err(db_fail)?;
        Ok(ChessDbGames {
            matches: numbers.into_iter().map(|game| ChessDbMatch { game, ply: 0 }).collect(),
        })
    })
}

/// How many games a search found. 0 for NULL.
///
/// # Safety
/// `games` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_games_count(games: *const ChessDbGames) -> usize {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(games) }?.matches.len()))
}

/// The `index`-th game found (from 0), written to `out`.
/// `CHESS_ERR_INVALID_ARG` when `index` is not below the count.
///
/// # Safety
/// `games` is NULL or live; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_games_at(
    games: *const ChessDbGames,
    index: usize,
    out: *mut ChessDbMatch,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle(games) }?;
        let out = unsafe { handle_mut(out) }?;
        *out = *nth(&g.matches, index, "game")?;
        Ok(())
    })
}

/// Frees a search's games. NULL does nothing.
///
/// # Safety
/// `games` is NULL or from a search, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_games_free(games: *mut ChessDbGames) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(games) };
        Ok(())
    })
}

/// Game `number` (from 1) as the file has it, read and replayed: NULL with
/// `CHESS_ERR_INVALID_ARG` for a number out of range, `CHESS_ERR_PARSE` for
/// a game that cannot be read (the message says where), `CHESS_ERR_IO` when
/// the file cannot be read.
///
/// # Safety
/// `db` is NULL or live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_read_game(db: *const ChessDb, number: u64) -> *mut ChessGame {
    // SAFETY: contract of this function.
    run_new(|| {
        let d = unsafe { handle(db) }?;
        check_number(&d.db, number)?;
        let game = d.db.read_game(number).map_err(|e| match e {
            DbError::Query(m) => Fail::new(ChessError::CHESS_ERR_PARSE, m),
            other => db_fail(other),
        })?;
        Ok(ChessGame::new(game))
    })
}

fn check_number(db: &Database, number: u64) -> Res<()> {
    let count = db.game_count();
    if number == 0 || number > count {
        return Err(Fail::invalid(format!(
            "game {number} does not exist (the games are 1 to {count})"
        )));
    }
    Ok(())
}

/// Game `number`'s PGN text exactly as the file has it (its bytes, in the
/// file's encoding), snprintf-style; 0 and an empty string on failure (a
/// number out of range, the file unreadable).
///
/// # Safety
/// `db` is NULL or live; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_db_game_text(db: *const ChessDb, number: u64, buf: *mut c_char, cap: usize) -> usize {
    // SAFETY: contract of this function.
    let text = run(None, || {
        let d = unsafe { handle(db) }?;
        check_number(&d.db, number)?;
        d.db.game_text(number).map(Some).map_err(db_fail)
    });
    // SAFETY: contract of this function.
    unsafe { write_bytes(&text.unwrap_or_default(), buf, cap) }
}
