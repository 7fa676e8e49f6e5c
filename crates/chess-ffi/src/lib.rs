//! libchess: the toolkit's C ABI.
//!
//! C and C++ users read `include/chess.h` (generated from this crate by
//! cbindgen, every function documented there), `include/chess.hpp` (the
//! C++17 wrapper) and the README's libchess section. Conventions, in short:
//!
//! - Every symbol starts with `chess_`; handles are opaque, made by
//!   `*_new`/`*_from_*`/`*_load`/`*_clone` and released by `*_free`
//!   (`*_free(NULL)` does nothing).
//! - No panic crosses the boundary, NULL is always checked (one guard,
//!   `boundary::Handle`, names the argument in the message), strings are
//!   checked for length and UTF-8, indexes before any arithmetic. A failing
//!   function returns NULL or a negative `ChessError` and sets the message
//!   `chess_last_error()` gives: a per-thread buffer, never freed.
//! - Strings go out snprintf-style: `size_t f(..., char *buf, size_t cap)`
//!   writes at most `cap - 1` bytes and a NUL and returns the full length;
//!   on failure it writes an empty string and returns 0.
//! - Squares are 0..63 (a1 = 0, h8 = 63).
//! - The ABI (prototypes, values, layouts) is recorded in `abi.txt`; a test
//!   refuses an incompatible change unless `CHESS_ABI_VERSION`, which names
//!   the shared library (`libchess.so.N`), is raised.

#![allow(non_camel_case_types)]
#![deny(unsafe_op_in_unsafe_fn)]

// In the order the header declares them (cbindgen follows this order;
// the blank lines keep rustfmt from sorting them).
mod book;
pub(crate) mod boundary;
mod engine;

// Games: made and played, how they end, their tags, in and out.
mod game;

mod game_result;

mod game_tags;

mod game_files;

// PGN files, game by game.
mod pgn;

// Game collections: indexed, searched, explored (the `collections`
// feature; without it the header still declares them, and a program that
// calls them does not link).
#[cfg(feature = "collections")]
mod db;

#[cfg(feature = "collections")]
mod db_explorer;

// Positions, their notation, what they show.
mod position;

mod notation;

mod inspect;

// The game tree.
mod tree;

use std::ffi::c_char;

pub use book::*;
#[cfg(feature = "collections")]
pub use db::*;
#[cfg(feature = "collections")]
pub use db_explorer::*;
pub use engine::*;
pub use game::*;
pub use game_files::*;
pub use game_result::*;
pub use game_tags::*;
pub use inspect::*;
pub use notation::*;
pub use pgn::*;
pub use position::*;
pub use tree::*;

use boundary::{last_error, run};

/// The ABI version: raised whenever a type or function changes
/// incompatibly. Equals what `chess_abi_version()` returns.
pub const CHESS_ABI_VERSION: u32 = 1;

/// No legal position has more legal moves than this.
pub const CHESS_MAX_MOVES: usize = 256;

/// The longest FEN accepted, in bytes.
pub const CHESS_MAX_FEN_LENGTH: usize = 256;

/// The longest move text (SAN or UCI) accepted, in bytes.
pub const CHESS_MAX_MOVE_TEXT_LENGTH: usize = 32;

/// The longest file path accepted, in bytes.
pub const CHESS_MAX_PATH_LENGTH: usize = 4096;

/// The longest PGN text accepted by `chess_game_from_pgn` and
/// `chess_pgn_reader_from_string`, in bytes (64 MiB).
pub const CHESS_MAX_PGN_LENGTH: usize = 64 << 20;

/// Move flag: the move captures (en passant included).
pub const CHESS_MOVE_CAPTURE: u8 = 1;
/// Move flag: an en passant capture.
pub const CHESS_MOVE_EN_PASSANT: u8 = 2;
/// Move flag: castling (the king's two-square move, e1g1).
pub const CHESS_MOVE_CASTLE: u8 = 4;
/// Move flag: a pawn's two-square advance.
pub const CHESS_MOVE_DOUBLE_PUSH: u8 = 8;

/// Error codes. Functions that fail return one of the negative codes (or
/// NULL) and set the message `chess_last_error()` returns.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChessError {
    /// Success.
    CHESS_OK = 0,
    /// A required pointer was NULL.
    CHESS_ERR_NULL = -1,
    /// The FEN is malformed or the position illegal.
    CHESS_ERR_INVALID_FEN = -2,
    /// Well-formed, but not legal here.
    CHESS_ERR_ILLEGAL_MOVE = -3,
    /// Malformed move text, PGN, save file...
    CHESS_ERR_PARSE = -4,
    /// A file could not be read or written.
    CHESS_ERR_IO = -5,
    /// Anything else the caller got wrong (an index out of range, a string
    /// too long, nothing to undo...).
    CHESS_ERR_INVALID_ARG = -6,
    /// SAN that fits more than one legal move.
    CHESS_ERR_AMBIGUOUS_MOVE = -7,
    /// A bug caught at the boundary (a panic); the handle is still usable.
    CHESS_ERR_INTERNAL = -8,
    /// The caller cancelled it (`chess_db_open`'s cancel flag).
    CHESS_ERR_CANCELLED = -9,
}

/// Kinds of piece, as in `ChessMove.promotion` and `chess_position_piece_at`.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChessPieceKind {
    /// No piece (an empty square, or no promotion).
    CHESS_NO_PIECE = 0,
    /// Pawn.
    CHESS_PAWN = 1,
    /// Knight.
    CHESS_KNIGHT = 2,
    /// Bishop.
    CHESS_BISHOP = 3,
    /// Rook.
    CHESS_ROOK = 4,
    /// Queen.
    CHESS_QUEEN = 5,
    /// King.
    CHESS_KING = 6,
}

/// The two sides: `CHESS_WHITE` (0) or `CHESS_BLACK` (1).
///
/// C sees an enum (declared in `cbindgen.toml`, as cbindgen cannot write
/// one for this type); Rust holds the integer, so that whatever value a C
/// caller passes is defined behaviour. A colour argument other than 0 or
/// 1 is `CHESS_ERR_INVALID_ARG`.
#[repr(transparent)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChessColor(pub i32);

impl ChessColor {
    /// White (moves first).
    pub const CHESS_WHITE: ChessColor = ChessColor(0);
    /// Black.
    pub const CHESS_BLACK: ChessColor = ChessColor(1);

    pub(crate) fn to_core(self) -> boundary::Res<chess_core::Color> {
        match self.0 {
            0 => Ok(chess_core::Color::White),
            1 => Ok(chess_core::Color::Black),
            other => Err(boundary::Fail::invalid(format!(
                "{other} is not a colour (CHESS_WHITE 0, CHESS_BLACK 1)"
            ))),
        }
    }

    pub(crate) fn from_core(color: chess_core::Color) -> ChessColor {
        match color {
            chess_core::Color::White => ChessColor::CHESS_WHITE,
            chess_core::Color::Black => ChessColor::CHESS_BLACK,
        }
    }
}

/// A move. Squares are 0..63 (a1 = 0, h8 = 63); castling is the king's
/// two-square move (e1g1). A pawn move to the last rank without a promotion
/// piece, or any other move with one, is illegal: there is no implicit queen.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChessMove {
    /// The square the piece leaves, 0..63.
    pub from: u8,
    /// The square it goes to, 0..63.
    pub to: u8,
    /// `CHESS_NO_PIECE`, or `CHESS_KNIGHT` to `CHESS_QUEEN`.
    pub promotion: u8,
    /// `CHESS_MOVE_*` bits, filled in by the library and ignored on input.
    /// An en passant capture has both `CAPTURE` and `EN_PASSANT`.
    pub flags: u8,
}

/// The state of a single position (no history): the first that applies.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChessStatus {
    /// The game can go on.
    CHESS_STATUS_ONGOING = 0,
    /// The side to move is checkmated.
    CHESS_STATUS_CHECKMATE = 1,
    /// The side to move is stalemated.
    CHESS_STATUS_STALEMATE = 2,
    /// Neither side can ever mate (FIDE dead position by material).
    CHESS_STATUS_INSUFFICIENT_MATERIAL = 3,
    /// Halfmove clock >= 150 and not checkmate.
    CHESS_STATUS_SEVENTYFIVE_MOVES = 4,
}

/// The outcome of a game, history included.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChessOutcome {
    /// The game goes on.
    CHESS_OUTCOME_ONGOING = 0,
    /// White won: by checkmate, or a result recorded in the game
    /// (resignation, PGN tag).
    CHESS_OUTCOME_WHITE_WINS = 1,
    /// Black won.
    CHESS_OUTCOME_BLACK_WINS = 2,
    /// Drawn: stalemate, insufficient material, 75 moves, fivefold, or a
    /// recorded draw (agreement, a claim).
    CHESS_OUTCOME_DRAW = 3,
}

/// The ABI version of the library loaded; equals `CHESS_ABI_VERSION` of the
/// header a program was compiled with, unless they mismatch.
#[unsafe(no_mangle)]
pub extern "C" fn chess_abi_version() -> u32 {
    CHESS_ABI_VERSION
}

/// The library's semantic version, e.g. "0.1.0". A static string, never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn chess_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The message of the most recent failure on the calling thread: a
/// NUL-terminated UTF-8 string owned by the library, never NULL (empty
/// before any failure). Success does not clear it.
///
/// The pointer is the same for every call on a thread: a per-thread buffer
/// that a later failure overwrites in place and that is never freed while
/// the thread lives. So reading it is always safe, even when another call
/// fails first, as in `printf("%d %s", chess_game_play_san(g, "Ke3"),
/// chess_last_error())` where C may evaluate either argument first; copy
/// the text to keep it past the next failure. Messages over 2047 bytes are
/// cut and end in "…".
#[unsafe(no_mangle)]
pub extern "C" fn chess_last_error() -> *const c_char {
    run(c"".as_ptr(), || Ok(last_error()))
}

impl ChessError {
    /// Every code, for mapping integers back.
    const ALL: [ChessError; 10] = [
        ChessError::CHESS_OK,
        ChessError::CHESS_ERR_NULL,
        ChessError::CHESS_ERR_INVALID_FEN,
        ChessError::CHESS_ERR_ILLEGAL_MOVE,
        ChessError::CHESS_ERR_PARSE,
        ChessError::CHESS_ERR_IO,
        ChessError::CHESS_ERR_INVALID_ARG,
        ChessError::CHESS_ERR_AMBIGUOUS_MOVE,
        ChessError::CHESS_ERR_INTERNAL,
        ChessError::CHESS_ERR_CANCELLED,
    ];

    /// The code with this value, if there is one.
    pub fn from_code(code: i32) -> Option<ChessError> {
        ChessError::ALL.into_iter().find(|&e| e as i32 == code)
    }

    /// What the code means, in a few words.
    pub fn description(self) -> &'static std::ffi::CStr {
        match self {
            ChessError::CHESS_OK => c"success",
            ChessError::CHESS_ERR_NULL => c"a required pointer was NULL",
            ChessError::CHESS_ERR_INVALID_FEN => c"invalid FEN",
            ChessError::CHESS_ERR_ILLEGAL_MOVE => c"illegal move",
            ChessError::CHESS_ERR_PARSE => c"malformed input",
            ChessError::CHESS_ERR_IO => c"file could not be read or written",
            ChessError::CHESS_ERR_INVALID_ARG => c"invalid argument",
            ChessError::CHESS_ERR_AMBIGUOUS_MOVE => c"ambiguous move",
            ChessError::CHESS_ERR_INTERNAL => c"internal error",
            ChessError::CHESS_ERR_CANCELLED => c"cancelled",
        }
    }
}

/// A static description of an error code (any value), never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn chess_error_string(code: i32) -> *const c_char {
    ChessError::from_code(code)
        .map_or(c"unknown error code", ChessError::description)
        .as_ptr()
}

/// The 0x88 index of a square 0..63 (rank * 16 + file), or 0xFF when
/// `square >= 64`.
#[unsafe(no_mangle)]
pub extern "C" fn chess_square_to_0x88(square: u8) -> u8 {
    chess_core::Square::from_index(square).map_or(0xFF, |s| s.to_0x88())
}

/// The square 0..63 of a 0x88 index, or 0xFF when the index is off the
/// board (`index & 0x88 != 0`).
#[unsafe(no_mangle)]
pub extern "C" fn chess_square_from_0x88(sq0x88: u8) -> u8 {
    chess_core::Square::from_0x88(sq0x88).map_or(0xFF, |s| s.index())
}
