//! Chess rules on a 0x88 board.
//!
//! `chess-core` knows every rule of chess: it reads and writes FEN, generates
//! the legal moves of a position (exactly, as perft proves, and fast), plays
//! and takes back moves with an incremental Polyglot-compatible Zobrist key,
//! and tells checkmate, stalemate and the draws by material and by the
//! seventy-five-move rule. It explains illegal moves in words
//! ([`Position::why_illegal`]).
//!
//! ```
//! use chess_core::{Move, Position, Square, Status};
//!
//! let mut pos = Position::new();
//! for (from, to) in [(Square::F2, Square::F3), (Square::E7, Square::E5),
//!                    (Square::G2, Square::G4), (Square::D8, Square::H4)] {
//!     pos.play(Move::new(from, to))?;
//! }
//! assert_eq!(pos.status(), Status::Checkmate);
//! # Ok::<(), chess_core::IllegalMove>(())
//! ```
//!
//! The board is a 128-entry array indexed by `rank << 4 | file`; a step that
//! leaves the board sets a bit of `0x88`. The difference between two squares
//! identifies the line between them, so one 240-entry table says which pieces
//! can attack along it (see the `x88` module source).
//!
//! The crate has no dependencies; the `serde` feature derives serialization
//! for the plain types.

#![forbid(unsafe_code)]

mod attacks;
mod board;
pub mod book;
mod by_color;
mod by_role;
mod castling;
pub mod chess960;
mod display;
mod fen;
mod game;
mod illegal;
mod movegen;
mod moves;
pub mod opening;
mod outcome;
mod perft;
pub mod pgn;
mod piece;
mod position;
mod san;
mod setup;
mod square;
mod status;
mod tags;
mod texts;
mod uci;
mod validate;
mod x88;
mod zobrist;

pub use board::Board;
pub use by_color::ByColor;
pub use by_role::{ByRole, PIECE_VALUES};
pub use castling::{CastlingRights, CastlingSide};
pub use fen::{EnPassantMode, FenError, FenErrorKind, FenField};
pub use game::{Game, NodeId, PlayError};
pub use illegal::{IllegalMove, IllegalReason, PlacedPiece};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use opening::Opening;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Color, Piece, Role};
pub use position::{Position, Undo};
pub use san::{ParseSanError, San, SanError, SanPlus, Suffix};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square, SquareSet};
pub use status::Status;
pub use tags::Tags;
pub use uci::{ParseUciError, UciError};
pub use validate::{PositionError, Problem, Repair};

/// A FEN that could not be turned into a position: bad syntax, or a legal
/// syntax describing an illegal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The text is not FEN.
    Fen(FenError),
    /// The FEN is well formed but the position breaks the rules.
    Position(PositionError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Fen(e) => e.fmt(f),
            Error::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Fen(e) => Some(e),
            Error::Position(e) => Some(e),
        }
    }
}

impl From<FenError> for Error {
    fn from(e: FenError) -> Error {
        Error::Fen(e)
    }
}

impl From<PositionError> for Error {
    fn from(e: PositionError) -> Error {
        Error::Position(e)
    }
}
