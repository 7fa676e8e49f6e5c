//! How a game ends: its outcome, draw claims, resignation and agreement.

use std::ffi::c_char;

use chess_core::{Color, Outcome};

use crate::boundary::{Fail, handle, handle_mut, run, run_code, run_text};
use crate::game::ChessGame;
use crate::{ChessColor, ChessError, ChessOutcome};

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
