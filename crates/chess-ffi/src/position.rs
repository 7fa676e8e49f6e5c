//! Positions: made from FEN or a Chess960 number, written as FEN, their
//! pieces, side to move, status and legal moves, moves played, perft.

use std::ffi::c_char;

use chess_core::{Move, Position, Role, SanError, Status, UciError};

use crate::boundary::{Fail, Res, free, handle, handle_mut, read_str, run, run_code, run_new, run_text, square};
use crate::{CHESS_MAX_FEN_LENGTH, CHESS_MAX_MOVE_TEXT_LENGTH, ChessColor, ChessError, ChessMove, ChessStatus};

/// A chess position (opaque). Made by `chess_position_new`,
/// `chess_position_from_fen` or `chess_position_clone`; released with
/// `chess_position_free`.
#[derive(Debug)]
#[repr(transparent)]
pub struct ChessPosition {
    pub(crate) pos: Position,
}

impl crate::boundary::Handle for ChessPosition {
    const WHAT: &'static str = "the position";
}

impl ChessPosition {
    /// A boxed position as a handle, without moving it.
    pub(crate) fn from_box(pos: Box<Position>) -> Box<ChessPosition> {
        // SAFETY: `ChessPosition` is `repr(transparent)` over `Position`:
        // the same layout, so the allocation is a valid `ChessPosition`.
        unsafe { Box::from_raw(Box::into_raw(pos).cast::<ChessPosition>()) }
    }

    /// A borrowed position as a (borrowed) handle.
    pub(crate) fn from_ref(pos: &Position) -> &ChessPosition {
        // SAFETY: `repr(transparent)`, as above; the lifetime is kept.
        unsafe { &*(pos as *const Position).cast::<ChessPosition>() }
    }
}

pub(crate) fn to_c_move(m: Move) -> ChessMove {
    ChessMove {
        from: m.from().index(),
        to: m.to().index(),
        promotion: m.promotion().map_or(0, |r| r as u8),
        flags: m.flags(),
    }
}

/// The move a `ChessMove` stands for (flags ignored). Squares out of range
/// or an unknown promotion code are invalid arguments; a promotion to a pawn
/// or king is simply illegal.
pub(crate) fn from_c_move(mv: ChessMove) -> Res<Move> {
    let (from, to) = (square(mv.from)?, square(mv.to)?);
    match mv.promotion {
        0 => Ok(Move::new(from, to)),
        code => match Role::from_index(code) {
            Some(role) => Ok(Move::with_promotion(from, to, role)),
            None => Err(Fail::invalid(format!("promotion code {code} is not a piece kind"))),
        },
    }
}

pub(crate) fn illegal(e: &chess_core::IllegalMove) -> Fail {
    Fail::new(ChessError::CHESS_ERR_ILLEGAL_MOVE, e.to_string())
}

pub(crate) fn san_fail(e: SanError) -> Fail {
    let code = match e {
        SanError::Malformed { .. } => ChessError::CHESS_ERR_PARSE,
        SanError::Illegal { .. } => ChessError::CHESS_ERR_ILLEGAL_MOVE,
        SanError::Ambiguous { .. } => ChessError::CHESS_ERR_AMBIGUOUS_MOVE,
    };
    Fail::new(code, e.to_string())
}

pub(crate) fn uci_fail(e: UciError) -> Fail {
    let code = match e {
        UciError::Malformed(_) => ChessError::CHESS_ERR_PARSE,
        UciError::Illegal(_) => ChessError::CHESS_ERR_ILLEGAL_MOVE,
    };
    Fail::new(code, e.to_string())
}

/// Reads a FEN argument: too long is an invalid argument, bad UTF-8 an
/// invalid FEN.
///
/// # Safety
/// As for `read_str`.
pub(crate) unsafe fn read_fen<'a>(fen: *const c_char) -> Res<&'a str> {
    // SAFETY: forwarded contract.
    unsafe { read_str(fen, CHESS_MAX_FEN_LENGTH, "the FEN", ChessError::CHESS_ERR_INVALID_FEN) }
}

pub(crate) fn parse_fen(fen: &str) -> Res<Position> {
    Position::from_fen(fen).map_err(|e| Fail::new(ChessError::CHESS_ERR_INVALID_FEN, e.to_string()))
}

/// Reads a move text argument (SAN or UCI).
///
/// # Safety
/// As for `read_str`.
pub(crate) unsafe fn read_move_text<'a>(text: *const c_char, what: &str) -> Res<&'a str> {
    // SAFETY: forwarded contract.
    unsafe { read_str(text, CHESS_MAX_MOVE_TEXT_LENGTH, what, ChessError::CHESS_ERR_PARSE) }
}

/// The standard starting position. Never NULL unless out of memory.
#[unsafe(no_mangle)]
pub extern "C" fn chess_position_new() -> *mut ChessPosition {
    run_new(|| Ok(ChessPosition { pos: Position::new() }))
}

/// A position from a FEN (4 to 6 fields; with fewer, the missing ones are
/// `w - - 0 1`). NULL when the FEN is malformed or the position illegal:
/// not exactly one king per side, pawns on rank 1 or 8, the side not to
/// move in check, more than two checkers, castling rights without king and
/// rook at home, an en passant square no double push could have made...
/// The last error names every problem.
///
/// # Safety
/// `fen` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_from_fen(fen: *const c_char) -> *mut ChessPosition {
    // SAFETY: contract of this function.
    run(std::ptr::null_mut(), || {
        let fen = unsafe { read_fen(fen) }?;
        // Read into its own allocation: the handle, with no copy.
        let pos =
            Position::from_fen_boxed(fen).map_err(|e| Fail::new(ChessError::CHESS_ERR_INVALID_FEN, e.to_string()))?;
        Ok(Box::into_raw(ChessPosition::from_box(pos)))
    })
}

/// Chess960 start position `number` (0..959 in the standard numbering; 518
/// is the normal start), with all four castling rights. NULL and
/// `CHESS_ERR_INVALID_ARG` for 960 and above. In a Chess960 position a
/// castling move is the king's square to its own rook's square
/// (`CHESS_MOVE_CASTLE` set), in UCI too (`e1h1`); SAN is `O-O`/`O-O-O`.
#[unsafe(no_mangle)]
pub extern "C" fn chess_position_new_960(number: u32) -> *mut ChessPosition {
    run_new(|| {
        Position::new_960(number)
            .map(|pos| ChessPosition { pos })
            .ok_or_else(|| Fail::invalid(format!("{number} is not a Chess960 start position (0..959)")))
    })
}

/// A Chess960 position from a FEN whose castling field is X-FEN (`KQkq`
/// for the outermost rooks, a file letter `A`-`H`/`a`-`h` for another) or
/// Shredder-FEN (file letters only). `chess_position_from_fen` stays
/// standard chess. NULL with `CHESS_ERR_INVALID_FEN` and every problem
/// named when it is not a legal Chess960 position.
///
/// # Safety
/// `fen` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_from_fen_960(fen: *const c_char) -> *mut ChessPosition {
    // SAFETY: contract of this function.
    run_new(|| {
        let fen = unsafe { read_fen(fen) }?;
        let pos =
            Position::from_fen_960(fen).map_err(|e| Fail::new(ChessError::CHESS_ERR_INVALID_FEN, e.to_string()))?;
        Ok(ChessPosition { pos })
    })
}

/// Whether `pos` is played by Chess960 rules (false for NULL, with the
/// last error set).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_960(pos: *const ChessPosition) -> bool {
    // SAFETY: contract of this function.
    run(false, || Ok(unsafe { handle(pos) }?.pos.is_chess960()))
}

/// A copy of `pos`, to be freed with `chess_position_free`. NULL if `pos`
/// is NULL.
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_clone(pos: *const ChessPosition) -> *mut ChessPosition {
    // SAFETY: contract of this function.
    run_new(|| unsafe { handle(pos) }.map(|p| ChessPosition { pos: p.pos.clone() }))
}

/// Frees a position. NULL does nothing. Never free a position returned by
/// `chess_game_position`: the game owns it.
///
/// # Safety
/// `pos` is NULL or a position from `chess_position_new`, `_from_fen` or
/// `_clone`, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_free(pos: *mut ChessPosition) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(pos) };
        Ok(())
    })
}

/// The FEN of `pos`, snprintf-style. The en passant field names a square
/// only when an en passant capture is legal there, as python-chess and
/// shakmaty write it. Returns 0 (and sets the last error) for NULL.
///
/// # Safety
/// `pos` is NULL or a live position; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_to_fen(pos: *const ChessPosition, buf: *mut c_char, cap: usize) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(handle(pos)?.pos.fen())) }
}

/// The side to move (`CHESS_WHITE` for NULL, with the last error set).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_turn(pos: *const ChessPosition) -> ChessColor {
    // SAFETY: contract of this function.
    run(ChessColor::CHESS_WHITE, || {
        Ok(ChessColor::from_core(unsafe { handle(pos) }?.pos.turn()))
    })
}

/// The piece on `square` (0..63): the kind (`ChessPieceKind`) in the low 3
/// bits, the colour in bit 3 (0 white, 8 black); 0 for an empty square,
/// a square off the board, or NULL.
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_piece_at(pos: *const ChessPosition, square: u8) -> u8 {
    // SAFETY: contract of this function.
    run(0, || {
        let p = unsafe { handle(pos) }?;
        Ok(p.pos
            .piece_at(crate::boundary::square(square)?)
            .map_or(0, |piece| piece.role as u8 | (piece.color as u8) << 3))
    })
}

/// Whether the side to move is in check (false for NULL).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_check(pos: *const ChessPosition) -> bool {
    // SAFETY: contract of this function.
    run(false, || Ok(unsafe { handle(pos) }?.pos.is_check()))
}

pub(crate) fn to_c_status(status: Status) -> ChessStatus {
    match status {
        Status::Ongoing => ChessStatus::CHESS_STATUS_ONGOING,
        Status::Checkmate => ChessStatus::CHESS_STATUS_CHECKMATE,
        Status::Stalemate => ChessStatus::CHESS_STATUS_STALEMATE,
        Status::InsufficientMaterial => ChessStatus::CHESS_STATUS_INSUFFICIENT_MATERIAL,
        Status::SeventyFiveMoves => ChessStatus::CHESS_STATUS_SEVENTYFIVE_MOVES,
    }
}

/// The status of the position alone, no history: the first that applies of
/// checkmate, stalemate, insufficient material, seventy-five moves
/// (`CHESS_STATUS_ONGOING` for NULL).
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_status(pos: *const ChessPosition) -> ChessStatus {
    // SAFETY: contract of this function.
    run(ChessStatus::CHESS_STATUS_ONGOING, || {
        Ok(to_c_status(unsafe { handle(pos) }?.pos.status()))
    })
}

/// The legal moves: writes min(count, cap) moves into `out` (nothing when
/// `out` is NULL or `cap` is 0) and returns the count (0 for NULL `pos`).
/// `CHESS_MAX_MOVES` is always enough.
///
/// # Safety
/// `pos` is NULL or a live position; `out` is NULL or writable for `cap` moves.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_legal_moves(
    pos: *const ChessPosition,
    out: *mut ChessMove,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let p = unsafe { handle(pos) }?;
        let moves = p.pos.legal_moves();
        if !out.is_null() {
            for (i, &m) in moves.iter().take(cap).enumerate() {
                // SAFETY: `out` holds `cap` moves and `i < cap`.
                unsafe { out.add(i).write(to_c_move(m)) };
            }
        }
        Ok(moves.len())
    })
}

/// Whether `mv` is legal in `pos` (its flags are ignored). False for NULL
/// or a malformed move.
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_legal(pos: *const ChessPosition, mv: ChessMove) -> bool {
    // SAFETY: contract of this function.
    run(false, || {
        let p = unsafe { handle(pos) }?;
        Ok(p.pos.is_legal(from_c_move(mv)?))
    })
}

/// Plays `mv` on `pos`. An illegal move is `CHESS_ERR_ILLEGAL_MOVE` with
/// the reason in the last error ("the knight on d7 is pinned by the bishop
/// on b5"), and `pos` is unchanged.
///
/// # Safety
/// `pos` is NULL or a live position not used elsewhere meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_play(pos: *mut ChessPosition, mv: ChessMove) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let p = unsafe { handle_mut(pos) }?;
        let m = from_c_move(mv)?;
        p.pos.play(m).map(|_| ()).map_err(|e| illegal(&e))
    })
}

/// Counts the move sequences of `depth` plies (depth 0 is 1): the standard
/// test of a move generator. 0 for NULL. The time grows about 30-fold per
/// ply; depth 6 from the start takes about a second.
///
/// # Safety
/// `pos` is NULL or a live position.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_perft(pos: *const ChessPosition, depth: u32) -> u64 {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(pos) }?.pos.perft(depth)))
}
