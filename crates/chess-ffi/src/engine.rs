//! The built-in engine through the C ABI: a move for the side to move, or
//! a search of your own that reports its progress.

use std::cell::RefCell;
use std::ffi::c_void;
use std::os::raw::c_int;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use chess_engine::{Engine, Info, Level, Limits, Rng, Score};

use crate::boundary::{Fail, handle, handle_mut, run, run_code, run_new};
use crate::game::ChessGame;
use crate::position::{ChessPosition, to_c_move};
use crate::{ChessError, ChessMove};

thread_local! {
    /// One engine per calling thread, kept between calls so its hash table
    /// helps the next move of the same game.
    static ENGINE: RefCell<(Engine, Rng)> = RefCell::new((Engine::new(16), Rng::from_clock()));
}

/// The longest a single call may think (an hour).
const MAX_MOVETIME_MS: u32 = 3_600_000;

/// Chooses a move for the side to move in `pos` with the built-in engine,
/// thinking for at most `movetime_ms` milliseconds at `level` (1, a
/// beginner can win, to 10, full strength; lower levels also stop early and
/// sometimes choose a near-best move), and writes it to `out`. Blocks the
/// calling thread meanwhile; threads may call it at the same time (each
/// has its own engine).
///
/// Returns `CHESS_OK`; `CHESS_ERR_NULL` for NULL `pos` or `out`;
/// `CHESS_ERR_INVALID_ARG` when `level` is not 1..10, `movetime_ms` is 0 or
/// over an hour, or the position has no legal move (checkmate or
/// stalemate). `out` is untouched on failure.
///
/// # Safety
/// `pos` is NULL or a live position; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_best_move(
    pos: *const ChessPosition,
    movetime_ms: u32,
    level: c_int,
    out: *mut ChessMove,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let p = unsafe { handle(pos) }?;
        let out = unsafe { handle_mut(out) }?;
        *out = best_move(&p.pos, &[], movetime_ms, level)?;
        Ok(())
    })
}

/// `chess_engine_best_move` for the position at the end of `game`, seeing
/// its earlier positions: a move that repeats one for the third time is
/// known to draw (the engine avoids it when ahead, and seeks it when
/// behind), as a UCI engine told `position ... moves ...` knows.
///
/// Returns as `chess_engine_best_move` does.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_best_move_in_game(
    game: *const ChessGame,
    movetime_ms: u32,
    level: c_int,
    out: *mut ChessMove,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle(game) }?;
        let out = unsafe { handle_mut(out) }?;
        *out = best_move(g.game.position(), &history(&g.game), movetime_ms, level)?;
        Ok(())
    })
}

/// The Zobrist keys of the positions before the one shown in `game`, from
/// its start: what the search needs to see repetitions.
fn history(game: &chess_core::Game) -> Vec<u64> {
    let path = game.path_to(game.cursor());
    let Some((_, before)) = path.split_last() else {
        return Vec::new();
    };
    std::iter::once(game.start_position().zobrist())
        .chain(before.iter().map(|&id| game.position_at(id).zobrist()))
        .collect()
}

/// A move of the calling thread's engine for `pos` (after `history`).
fn best_move(pos: &chess_core::Position, history: &[u64], movetime_ms: u32, level: c_int) -> Result<ChessMove, Fail> {
    let level = match u8::try_from(level) {
        Ok(n @ 1..=10) => Level::new(n),
        _ => {
            return Err(Fail::invalid(format!("level {level} is not between 1 and 10")));
        }
    };
    if movetime_ms == 0 || movetime_ms > MAX_MOVETIME_MS {
        return Err(Fail::invalid(format!(
            "movetime_ms {movetime_ms} is not between 1 and {MAX_MOVETIME_MS}"
        )));
    }
    let movetime = Duration::from_millis(u64::from(movetime_ms));
    let never = AtomicBool::new(false);
    // The calling thread's engine (not reentrant: a callback cannot reach it).
    let best = ENGINE.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| Fail::invalid("the engine is busy"))?;
        let (engine, rng) = &mut *slot;
        Ok::<_, Fail>(engine.play(pos, history, level, movetime, &never, rng))
    })?;
    best.map(to_c_move).ok_or_else(|| no_move(pos))
}

/// The most moves a `ChessSearchInfo` line holds.
pub const CHESS_MAX_PV: usize = 64;

/// The largest hash table `chess_engine_new` accepts, in MiB.
pub const CHESS_MAX_HASH_MB: u32 = 4096;

/// A search engine of your own (opaque): the built-in engine with its hash
/// table, kept from search to search. Made by `chess_engine_new`, released
/// with `chess_engine_free`. One search at a time per engine;
/// `chess_engine_stop` may be called from any thread meanwhile.
#[derive(Debug)]
pub struct ChessEngine {
    engine: Mutex<Engine>,
    stop: AtomicBool,
    /// The hash table's size, to make the engine anew after a panic.
    hash_mb: usize,
}

impl ChessEngine {
    /// The engine, if no search holds it. A search that panicked (a bug,
    /// answered `CHESS_ERR_INTERNAL`) leaves the lock poisoned and the
    /// engine's tables in any state: the engine is made anew then, so the
    /// handle stays usable.
    fn searcher(&self, busy: &str) -> Result<MutexGuard<'_, Engine>, Fail> {
        match self.engine.try_lock() {
            Ok(guard) => Ok(guard),
            Err(TryLockError::WouldBlock) => Err(Fail::invalid(busy.to_string())),
            Err(TryLockError::Poisoned(poisoned)) => {
                let mut guard = poisoned.into_inner();
                let threads = guard.threads();
                *guard = Engine::new(self.hash_mb);
                guard.set_threads(threads);
                self.engine.clear_poison();
                Ok(guard)
            }
        }
    }
}

impl crate::boundary::Handle for ChessEngine {
    const WHAT: &'static str = "the engine";
}

impl crate::boundary::Handle for ChessSearchLimits {
    const WHAT: &'static str = "the limits";
}

impl crate::boundary::Handle for ChessSearchInfo {
    const WHAT: &'static str = "the output info";
}

/// When a search stops: the first limit reached. Zero means no limit;
/// with none at all, the search runs until `chess_engine_stop`.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChessSearchLimits {
    /// Plies of iterative deepening.
    pub depth: u32,
    /// Milliseconds to think.
    pub movetime_ms: u32,
    /// About this many nodes.
    pub nodes: u64,
    /// How many best lines to find (MultiPV); 0 counts as 1.
    pub multipv: u32,
}

/// One line of a search, as reported while it runs and at its end.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChessSearchInfo {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Which line this is: 1 is the best.
    pub multipv: u32,
    /// Moves to mate: positive when the side to move mates, negative when
    /// it is mated; 0 when no mate is seen (then `score_cp` holds).
    pub mate: i32,
    /// The evaluation for the side to move, in centipawns (100 = a pawn);
    /// for a mate, ±100000 less the distance, so that scores sort.
    pub score_cp: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// How many moves of `pv` are set.
    pub pv_length: u32,
    /// The line expected, from the move to play (at most `CHESS_MAX_PV`).
    pub pv: [ChessMove; CHESS_MAX_PV],
}

impl ChessSearchInfo {
    fn new(info: &Info) -> ChessSearchInfo {
        let (mate, score_cp) = match info.line.score {
            Score::Cp(cp) => (0, cp),
            Score::Mate(n) => (n, info.line.score.as_cp()),
        };
        let empty = ChessMove {
            from: 0,
            to: 0,
            promotion: 0,
            flags: 0,
        };
        let mut pv = [empty; CHESS_MAX_PV];
        for (slot, &m) in pv.iter_mut().zip(&info.line.pv) {
            *slot = to_c_move(m);
        }
        ChessSearchInfo {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: u32::try_from(info.multipv).unwrap_or(u32::MAX),
            mate,
            score_cp,
            nodes: info.nodes,
            time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
            pv_length: info.line.pv.len().min(CHESS_MAX_PV) as u32,
            pv,
        }
    }
}

/// Called by `chess_engine_search` after each completed depth, once per
/// line (MultiPV), on the searching thread, with the `user_data` given.
/// `info` is valid during the call only. It must not throw (C++) or
/// `longjmp` out, and must not use the engine itself (to stop, call
/// `chess_engine_stop`, which may be done from here).
pub type ChessSearchCallback = Option<unsafe extern "C" fn(info: *const ChessSearchInfo, user_data: *mut c_void)>;

/// A new engine with a hash table of `hash_mb` MiB (1 to
/// `CHESS_MAX_HASH_MB`; 16 is plenty for play, more helps long analysis).
/// NULL and `CHESS_ERR_INVALID_ARG` for another size.
#[unsafe(no_mangle)]
pub extern "C" fn chess_engine_new(hash_mb: u32) -> *mut ChessEngine {
    run_new(|| {
        if !(1..=CHESS_MAX_HASH_MB).contains(&hash_mb) {
            return Err(Fail::invalid(format!(
                "hash_mb {hash_mb} is not between 1 and {CHESS_MAX_HASH_MB}"
            )));
        }
        Ok(ChessEngine {
            engine: Mutex::new(Engine::new(hash_mb as usize)),
            stop: AtomicBool::new(false),
            hash_mb: hash_mb as usize,
        })
    })
}

/// Frees an engine (not while it searches). NULL does nothing.
///
/// # Safety
/// `engine` is NULL or an engine not freed before, and not searching.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_free(engine: *mut ChessEngine) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { crate::boundary::free(engine) };
        Ok(())
    })
}

/// Searches `pos` within `limits` (NULL: until `chess_engine_stop`),
/// calling `callback` (which may be NULL) with `user_data` after each
/// completed depth, once per line. The best line at the end goes to
/// `*best` (which may be NULL): its `pv[0]` is the move to play. Blocks the
/// calling thread until a limit is reached or `chess_engine_stop` is
/// called.
///
/// `CHESS_ERR_INVALID_ARG` when the position has no legal move (checkmate
/// or stalemate), or the engine is searching already (on another thread).
///
/// # Safety
/// `engine` and `pos` are NULL or live; `limits` is NULL or readable;
/// `best` is NULL or writable; `callback` is NULL or a function as
/// `ChessSearchCallback` says.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_search(
    engine: *mut ChessEngine,
    pos: *const ChessPosition,
    limits: *const ChessSearchLimits,
    callback: ChessSearchCallback,
    user_data: *mut c_void,
    best: *mut ChessSearchInfo,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        // Shared: `chess_engine_stop` may read the handle meanwhile.
        let e = unsafe { handle(engine.cast_const()) }?;
        let p = unsafe { handle(pos) }?;
        let limits = unsafe { limits.as_ref() }.copied().unwrap_or_default();
        let best = unsafe { best.as_mut() };
        search(e, &p.pos, &[], limits, callback, user_data, best)
    })
}

/// `chess_engine_search` for the position at the end of `game`, seeing
/// its earlier positions (repetitions count, as in a UCI engine told the
/// game's moves).
///
/// Returns as `chess_engine_search` does.
///
/// # Safety
/// As `chess_engine_search`, with `game` NULL or a live game in place of
/// `pos`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_search_game(
    engine: *mut ChessEngine,
    game: *const ChessGame,
    limits: *const ChessSearchLimits,
    callback: ChessSearchCallback,
    user_data: *mut c_void,
    best: *mut ChessSearchInfo,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let e = unsafe { handle(engine.cast_const()) }?;
        let g = unsafe { handle(game) }?;
        let limits = unsafe { limits.as_ref() }.copied().unwrap_or_default();
        let best = unsafe { best.as_mut() };
        search(
            e,
            g.game.position(),
            &history(&g.game),
            limits,
            callback,
            user_data,
            best,
        )
    })
}

/// The search behind `chess_engine_search` and `chess_engine_search_game`.
fn search(
    e: &ChessEngine,
    pos: &chess_core::Position,
    history: &[u64],
    limits: ChessSearchLimits,
    callback: ChessSearchCallback,
    user_data: *mut c_void,
    best: Option<&mut ChessSearchInfo>,
) -> Result<(), Fail> {
    if pos.legal_moves().is_empty() {
        return Err(no_move(pos));
    }
    let mut searcher = e.searcher("the engine is searching already")?;
    e.stop.store(false, Ordering::SeqCst);
    let core_limits = Limits {
        depth: (limits.depth > 0).then_some(limits.depth),
        nodes: (limits.nodes > 0).then_some(limits.nodes),
        movetime: (limits.movetime_ms > 0).then(|| Duration::from_millis(u64::from(limits.movetime_ms))),
        multipv: limits.multipv.max(1) as usize,
        ..Limits::default()
    };
    let mut last: Option<Info> = None;
    let result = searcher.search(pos, history, &core_limits, &e.stop, |info| {
        if let Some(f) = callback {
            let c_info = ChessSearchInfo::new(info);
            // SAFETY: the caller's function, with what it was promised.
            unsafe { f(&c_info, user_data) };
        }
        if info.multipv == 1 {
            last = Some(info.clone());
        }
    });
    if let Some(out) = best {
        // The best line: as last reported, or (a search stopped before
        // its first depth) the move found.
        let line = result
            .lines
            .first()
            .cloned()
            .or_else(|| last.as_ref().map(|i| i.line.clone()));
        let info = Info {
            depth: result.depth,
            seldepth: last.as_ref().map_or(0, |i| i.seldepth),
            multipv: 1,
            line: line.unwrap_or(chess_engine::Line {
                score: Score::Cp(0),
                pv: result.best.into_iter().collect(),
            }),
            nodes: result.nodes,
            time: result.time,
            hashfull: 0,
        };
        *out = ChessSearchInfo::new(&info);
    }
    Ok(())
}

/// Asks the search running on `engine` to stop soon (it returns its best
/// line so far). Safe to call from any thread, or from the callback;
/// does nothing when no search runs.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_stop(engine: *const ChessEngine) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { handle(engine) }?.stop.store(true, Ordering::SeqCst);
        Ok(())
    })
}

/// The most threads `chess_engine_set_threads` accepts.
pub const CHESS_MAX_THREADS: u32 = 256;

/// Makes `engine`'s searches run on `threads` threads (1 to
/// `CHESS_MAX_THREADS`; 1 by default): Lazy SMP, every thread searching the
/// position and all sharing the hash table, so a search reaches its depth
/// sooner. `CHESS_ERR_INVALID_ARG` for another number or while a search
/// runs.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_set_threads(engine: *mut ChessEngine, threads: u32) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let e = unsafe { handle(engine.cast_const()) }?;
        if !(1..=CHESS_MAX_THREADS).contains(&threads) {
            return Err(Fail::invalid(format!(
                "threads {threads} is not between 1 and {CHESS_MAX_THREADS}"
            )));
        }
        e.searcher("the engine is searching")?.set_threads(threads as usize);
        Ok(())
    })
}

/// Forgets what earlier searches learnt (the hash table), as before a new
/// game. `CHESS_ERR_INVALID_ARG` while a search runs.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_engine_new_game(engine: *mut ChessEngine) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let e = unsafe { handle(engine.cast_const()) }?;
        e.searcher("the engine is searching")?.new_game();
        Ok(())
    })
}

fn no_move(pos: &chess_core::Position) -> Fail {
    Fail::invalid(if pos.is_check() {
        "the position is checkmate: there is no move to play"
    } else {
        "the position is stalemate: there is no move to play"
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search that panicked (here: a thread that panics holding the
    /// engine) leaves the handle usable: the next search runs on an engine
    /// made anew, not "searching already" for ever.
    #[test]
    fn an_engine_survives_a_panic_in_a_search() {
        let engine = chess_engine_new(1);
        // SAFETY: a live engine, shared with one thread at a time.
        let e = unsafe { &*engine };
        std::thread::scope(|scope| {
            let _ = scope
                .spawn(|| {
                    let _held = e.engine.lock().unwrap();
                    panic!("a bug in the search");
                })
                .join();
        });
        assert!(e.engine.is_poisoned());
        let start = chess_core::Position::new();
        let pos = crate::position::ChessPosition::from_ref(&start);
        let limits = ChessSearchLimits {
            depth: 2,
            ..ChessSearchLimits::default()
        };
        let mut best = std::mem::MaybeUninit::<ChessSearchInfo>::uninit();
        // SAFETY: live handles and a writable output.
        let code = unsafe { chess_engine_search(engine, pos, &limits, None, std::ptr::null_mut(), best.as_mut_ptr()) };
        assert_eq!(code, ChessError::CHESS_OK);
        assert!(!e.engine.is_poisoned());
        // SAFETY: written by the successful search.
        assert_eq!(unsafe { best.assume_init() }.depth, 2);
        // SAFETY: freed once.
        unsafe { chess_engine_free(engine) };
    }
}
