//! What a position shows besides its moves: whether a move gives check,
//! the Zobrist key, castling rights, en passant, the counters, a text
//! diagram, and attackers, checkers and pinned pieces.

use std::ffi::c_char;

use chess_core::{Color, EnPassantMode, Role, SquareSet};

use crate::boundary::{handle, run, run_text};
use crate::position::{ChessPosition, from_c_move};
use crate::{ChessColor, ChessMove, ChessPieceKind};

/// Whether playing `mv` gives check (false when it is illegal, or NULL).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_gives_check(pos: *const ChessPosition, mv: ChessMove) -> bool {
    // SAFETY: contract of this function.
    run(false, || {
        let p = unsafe { handle(pos) }?;
        Ok(p.pos.gives_check(from_c_move(mv)?))
    })
}

/// The position's Zobrist key, equal to its Polyglot opening-book key (0 for NULL).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_zobrist(pos: *const ChessPosition) -> u64 {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(pos) }?.pos.zobrist()))
}

/// The castling rights as bits: 1 White kingside, 2 White queenside, 4
/// Black kingside, 8 Black queenside (0 for NULL).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_castling_rights(pos: *const ChessPosition) -> u8 {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(pos) }?.pos.castling().bits()))
}

/// The square (0..63) where an en passant capture is legal now, or 0xFF.
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_ep_square(pos: *const ChessPosition) -> u8 {
    // SAFETY: contract of this function.
    run(0xFF, || {
        let p = unsafe { handle(pos) }?;
        Ok(p.pos.ep_square(EnPassantMode::Legal).map_or(0xFF, |s| s.index()))
    })
}

/// The halfmove clock: half-moves since the last capture or pawn move (0 for NULL).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_halfmoves(pos: *const ChessPosition) -> u32 {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(pos) }?.pos.halfmoves()))
}

/// The move number, from 1 (0 for NULL).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_fullmoves(pos: *const ChessPosition) -> u32 {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(pos) }?.pos.fullmoves()))
}

/// Diagram flag: chess symbols (UTF-8) instead of letters.
pub const CHESS_DIAGRAM_UNICODE: u32 = 1;
/// Diagram flag: seen from Black's side.
pub const CHESS_DIAGRAM_FLIPPED: u32 = 2;

/// A text diagram of the board, 9 lines with coordinates, snprintf-style.
/// `flags` combines `CHESS_DIAGRAM_UNICODE` and `CHESS_DIAGRAM_FLIPPED`.
///
/// # Safety
/// `pos` is NULL or a live position; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_diagram(
    pos: *const ChessPosition,
    flags: u32,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let p = handle(pos)?;
            let side = if flags & CHESS_DIAGRAM_FLIPPED != 0 {
                Color::Black
            } else {
                Color::White
            };
            Ok(p.pos.board().diagram(flags & CHESS_DIAGRAM_UNICODE != 0, side))
        })
    }
}

// The C piece codes are the core's role numbers.
const _: () = assert!(Role::Pawn as u8 == ChessPieceKind::CHESS_PAWN as u8);
const _: () = assert!(Role::Knight as u8 == ChessPieceKind::CHESS_KNIGHT as u8);
const _: () = assert!(Role::King as u8 == ChessPieceKind::CHESS_KING as u8);

/// Writes the squares of `set` (0..63, ascending) into `out`, at most `cap`
/// of them; returns how many there are.
///
/// # Safety
/// `out` is NULL or writable for `cap` bytes.
unsafe fn write_squares(set: SquareSet, out: *mut u8, cap: usize) -> usize {
    if !out.is_null() {
        for (i, sq) in set.into_iter().take(cap).enumerate() {
            // SAFETY: `out` holds `cap` bytes and `i < cap`.
            unsafe { out.add(i).write(sq.index()) };
        }
    }
    set.len()
}

/// The squares (0..63, ascending) of the pieces of `color` that attack
/// `square`, whoever stands on it: writes min(count, cap) into `out` and
/// returns the count. Pinned pieces count (they still give check); a pawn
/// attacks diagonally only.
///
/// # Safety
/// `pos` is NULL or a live position; `out` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_attackers(
    pos: *const ChessPosition,
    square: u8,
    color: ChessColor,
    out: *mut u8,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let p = unsafe { handle(pos) }?;
        let set = p.pos.attackers_of(crate::boundary::square(square)?, color.to_core()?);
        Ok(unsafe { write_squares(set, out, cap) })
    })
}

/// The squares of the pieces giving check to the side to move (0, 1 or 2
/// of them), as `chess_position_attackers` writes them.
///
/// # Safety
/// `pos` is NULL or a live position; `out` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_checkers(pos: *const ChessPosition, out: *mut u8, cap: usize) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let p = unsafe { handle(pos) }?;
        Ok(unsafe { write_squares(p.pos.checkers(), out, cap) })
    })
}

/// The squares of the side to move's pieces pinned to their king (they may
/// move only along the pin), as `chess_position_attackers` writes them.
///
/// # Safety
/// `pos` is NULL or a live position; `out` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_pinned(pos: *const ChessPosition, out: *mut u8, cap: usize) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let p = unsafe { handle(pos) }?;
        Ok(unsafe { write_squares(p.pos.pinned(), out, cap) })
    })
}
