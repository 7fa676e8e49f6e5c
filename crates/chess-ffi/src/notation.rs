//! Move notation: UCI and SAN both ways, why a move is illegal, and
//! square names.

use std::ffi::c_char;

use chess_core::IllegalReason;

use crate::boundary::{Fail, handle, handle_mut, read_str, run, run_code, run_text};
use crate::position::{ChessPosition, from_c_move, illegal, read_move_text, san_fail, to_c_move, uci_fail};
use crate::{ChessError, ChessMove};

/// The move in UCI notation (e2e4, e7e8q), snprintf-style. Returns 0 (and
/// sets the last error) for squares out of range.
///
/// # Safety
/// `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_move_to_uci(mv: ChessMove, buf: *mut c_char, cap: usize) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(from_c_move(mv)?.uci())) }
}

/// The move in SAN (Nbd7, exd6, O-O, e8=Q+, Qh4#), snprintf-style. Returns
/// 0 (and sets the last error) for an illegal move or NULL.
///
/// # Safety
/// `pos` is NULL or a live position; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_move_to_san(
    pos: *const ChessPosition,
    mv: ChessMove,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let p = handle(pos)?;
            p.pos.san(from_c_move(mv)?).map_err(|e| illegal(&e))
        })
    }
}

/// Reads a move in UCI notation and writes the legal move (with its flags)
/// to `out`. Malformed text is `CHESS_ERR_PARSE`, an illegal move
/// `CHESS_ERR_ILLEGAL_MOVE`; the king onto its own rook (e1h1) is read as
/// castling. Text over 32 bytes is `CHESS_ERR_INVALID_ARG`.
///
/// # Safety
/// `pos` is NULL or a live position; `uci` is NULL or a NUL-terminated
/// string; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_parse_uci(
    pos: *const ChessPosition,
    uci: *const c_char,
    out: *mut ChessMove,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let p = unsafe { handle(pos) }?;
        let text = unsafe { read_move_text(uci, "the UCI move") }?;
        let out = unsafe { handle_mut(out) }?;
        *out = to_c_move(p.pos.parse_uci(text).map_err(uci_fail)?);
        Ok(())
    })
}

/// Reads a move in SAN and writes the legal move to `out`. Accepts what real
/// PGN files contain: check marks, "!?" suffixes, O-O and 0-0, e8Q and
/// e8=Q. An ambiguous move is `CHESS_ERR_AMBIGUOUS_MOVE` (the message lists
/// the candidates), an illegal one `CHESS_ERR_ILLEGAL_MOVE`, malformed text
/// `CHESS_ERR_PARSE`.
///
/// # Safety
/// `pos` is NULL or a live position; `san` is NULL or a NUL-terminated
/// string; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_parse_san(
    pos: *const ChessPosition,
    san: *const c_char,
    out: *mut ChessMove,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let p = unsafe { handle(pos) }?;
        let text = unsafe { read_move_text(san, "the SAN move") }?;
        let out = unsafe { handle_mut(out) }?;
        *out = to_c_move(p.pos.parse_san(text).map_err(san_fail)?);
        Ok(())
    })
}

/// Why `mv` is illegal, in words a player understands ("the knight on d7 is
/// pinned by the bishop on b5", "castling through the attacked f1"),
/// snprintf-style; 0 and an empty string when the move is legal.
///
/// # Safety
/// `pos` is NULL or a live position; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_why_illegal(
    pos: *const ChessPosition,
    mv: ChessMove,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let p = handle(pos)?;
            let reason = p.pos.why_illegal(from_c_move(mv)?);
            Ok(reason.map(|r: IllegalReason| r.to_string()).unwrap_or_default())
        })
    }
}

/// The square named `name` ("e4", lower-case file then rank): 0..63, or
/// 0xFF (and the last error) when it names none.
///
/// # Safety
/// `name` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_square_from_name(name: *const c_char) -> u8 {
    // SAFETY: contract of this function.
    run(0xFF, || {
        let text = unsafe { read_str(name, 8, "the square name", ChessError::CHESS_ERR_PARSE) }?;
        text.parse::<chess_core::Square>().map(|sq| sq.index()).map_err(|_| {
            Fail::new(
                ChessError::CHESS_ERR_PARSE,
                format!("{text:?} is not a square (a1..h8)"),
            )
        })
    })
}

/// The name of square 0..63 ("e4" for 28), snprintf-style; 0, an empty
/// string and the last error for 64 and above.
///
/// # Safety
/// `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_square_name(square: u8, buf: *mut c_char, cap: usize) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(crate::boundary::square(square)?.name())) }
}
