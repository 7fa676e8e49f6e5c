//! The built-in engine through the C ABI: a move for the side to move.

use std::cell::RefCell;
use std::os::raw::c_int;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chess_engine::{Engine, Level, Rng};

use crate::boundary::{Fail, handle, handle_mut, run_code};
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
        let level = match u8::try_from(level) {
            Ok(n @ 1..=10) => Level::new(n),
            _ => {
                return Err(Fail::new(
                    ChessError::CHESS_ERR_INVALID_ARG,
                    format!("level {level} is not between 1 and 10"),
                ));
            }
        };
        if movetime_ms == 0 || movetime_ms > MAX_MOVETIME_MS {
            return Err(Fail::new(
                ChessError::CHESS_ERR_INVALID_ARG,
                format!("movetime_ms {movetime_ms} is not between 1 and {MAX_MOVETIME_MS}"),
            ));
        }
        let movetime = Duration::from_millis(u64::from(movetime_ms));
        let never = AtomicBool::new(false);
        let best = ENGINE.with(|cell| {
            let (engine, rng) = &mut *cell.borrow_mut();
            engine.play(&p.pos, &[], level, movetime, &never, rng)
        });
        match best {
            Some(m) => {
                *out = to_c_move(m);
                Ok(())
            }
            None => Err(Fail::new(
                ChessError::CHESS_ERR_INVALID_ARG,
                if p.pos.is_check() {
                    "the position is checkmate: there is no move to play"
                } else {
                    "the position is stalemate: there is no move to play"
                },
            )),
        }
    })
}
