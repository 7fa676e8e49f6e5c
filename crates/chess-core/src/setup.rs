//! `Setup`: anything a FEN can describe, legal or not: a board, the side to
//! move, castling rights, an en passant square and the counters. Whether it
//! is a legal position is [`Position::from_setup`]'s question (in
//! `validate.rs`), which reports every problem at once.
//!
//! [`Position::from_setup`]: crate::Position::from_setup

use crate::board::Board;
use crate::castling::CastlingRights;
use crate::piece::{Color, EMPTY, Piece, Role};
use crate::square::{Rank, Square};

/// A board with side to move, castling rights, en passant square and move
/// counters, not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The castling rights as written.
    pub castling: CastlingRights,
    /// The en passant square as written.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number (1 for the first move).
    pub fullmoves: u32,
}

impl Setup {
    /// An empty board, White to move, no rights, move 1.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The standard starting position.
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            castling: CastlingRights::ALL,
            ..Setup::empty()
        }
    }

    /// The squares that could be the en passant square here: those a double
    /// push of the side not to move could just have skipped (its pawn in
    /// front, the square and the one behind empty).
    pub fn en_passant_candidates(&self) -> Vec<Square> {
        Square::all()
            .filter(|&sq| ep_square_possible(&self.board.squares, self.turn, sq))
            .collect()
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

/// Whether a double push could have created `ep` on the 0x88 board
/// `squares` with `turn` to move: it is on the sixth rank (from the mover's
/// side), empty, the square the pawn came from is empty, and the pawn
/// stands in front of it.
pub(crate) fn ep_square_possible(squares: &[u8; 128], turn: Color, ep: Square) -> bool {
    let (ep_rank, forward) = match turn {
        Color::White => (Rank::Sixth, 16i8),
        Color::Black => (Rank::Third, -16),
    };
    if ep.rank() != ep_rank {
        return false;
    }
    let (Some(origin), Some(pawn_sq)) = (ep.offset(forward), ep.offset(-forward)) else {
        return false;
    };
    let at = |sq: Square| squares[sq.to_0x88() as usize];
    at(ep) == EMPTY && at(origin) == EMPTY && at(pawn_sq) == Piece::new(!turn, Role::Pawn).code()
}
