//! UCI move notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.

use std::fmt;

use crate::illegal::IllegalMove;
use crate::moves::Move;
use crate::piece::Role;
use crate::position::Position;
use crate::square::Square;

/// A text that is not a UCI move at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseUciError {
    text: String,
}

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a UCI move (expected a from and a to square, like e2e4, and a promotion letter q, r, b or n, like e7e8q)",
            self.text
        )
    }
}

impl std::error::Error for ParseUciError {}

/// Why a UCI move could not be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// Not UCI notation.
    Malformed(ParseUciError),
    /// Well formed, but not legal in the position.
    Illegal(IllegalMove),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Malformed(e) => e.fmt(f),
            UciError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for UciError {}

impl Move {
    /// Reads UCI notation (syntax only; see [`Position::parse_uci`] for a
    /// legal move). The promotion letter may be in either case.
    ///
    /// ```
    /// use chess_core::{Move, Role, Square};
    /// assert_eq!(Move::from_uci("e7e8q")?, Move::with_promotion(Square::E7, Square::E8, Role::Queen));
    /// # Ok::<(), chess_core::ParseUciError>(())
    /// ```
    pub fn from_uci(text: &str) -> Result<Move, ParseUciError> {
        let err = || ParseUciError {
            text: text.chars().take(32).collect(),
        };
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(err());
        }
        let from: Square = text[0..2].parse().map_err(|_| err())?;
        let to: Square = text[2..4].parse().map_err(|_| err())?;
        match text[4..].chars().next() {
            None => Ok(Move::new(from, to)),
            Some(c) => match Role::from_char(c) {
                Some(role @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => {
                    Ok(Move::with_promotion(from, to, role))
                }
                _ => Err(err()),
            },
        }
    }
}

impl std::str::FromStr for Move {
    type Err = ParseUciError;

    /// Reads UCI notation.
    fn from_str(text: &str) -> Result<Move, ParseUciError> {
        Move::from_uci(text)
    }
}

impl Position {
    /// The legal move a UCI text stands for. Castling is the king's
    /// two-square move (`e1g1`); the king's move onto its own rook (`e1h1`,
    /// as some programs send it) is accepted as castling too.
    ///
    /// ```
    /// use chess_core::Position;
    /// let pos = Position::new();
    /// assert!(pos.parse_uci("e2e4")?.is_double_push());
    /// assert!(pos.parse_uci("e2e5").is_err());
    /// # Ok::<(), chess_core::UciError>(())
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let m = Move::from_uci(text.trim()).map_err(UciError::Malformed)?;
        if let Some(legal) = self.legal_move(m) {
            return Ok(legal);
        }
        if let Some(castle) = self.castle_onto_rook(m) {
            return Ok(castle);
        }
        Err(UciError::Illegal(IllegalMove {
            mv: m,
            reason: self.why_illegal(m).unwrap_or(crate::IllegalReason::NoLegalMoves),
        }))
    }

    /// The castling move meant by a king moving onto its own rook's home
    /// square (how Chess960 notation and drag-and-drop boards say it).
    pub fn castle_onto_rook(&self, m: Move) -> Option<Move> {
        let us = self.turn();
        let king = self.piece_at(m.from())?;
        let rook = self.piece_at(m.to())?;
        if king != crate::Piece::new(us, Role::King) || rook != crate::Piece::new(us, Role::Rook) {
            return None;
        }
        if self.is_chess960() {
            // Castling is written this way in Chess960.
            return self.legal_move(m).filter(|c| c.is_castle());
        }
        let side = crate::CastlingSide::ALL
            .into_iter()
            .find(|s| s.rook_from(us) == m.to())?;
        self.legal_moves()
            .iter()
            .copied()
            .find(|c| c.is_castle() && c.castling_side() == Some(side))
    }

    /// The castling move meant by the king moving to the square castling
    /// puts it on (g1 or c1, g8 or c8), as a board user may drop it: in
    /// standard chess the move itself; in Chess960 the castling (written as
    /// the king taking its rook), unless the king can also step there
    /// without castling, which then is what is meant.
    ///
    /// ```
    /// use chess_core::{Move, Position, Square};
    /// let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/4K2R w H - 0 1")?;
    /// let castle = pos.castle_by_king_square(Move::new(Square::E1, Square::G1)).unwrap();
    /// assert_eq!(castle.uci(), "e1h1");
    /// // b1 to c1 is a king's step, whatever castling would do.
    /// let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/RK6 w A - 0 1")?;
    /// assert_eq!(pos.castle_by_king_square(Move::new(Square::B1, Square::C1)), None);
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn castle_by_king_square(&self, m: Move) -> Option<Move> {
        let us = self.turn();
        if self.piece_at(m.from()) != Some(crate::Piece::new(us, Role::King)) {
            return None;
        }
        if !self.is_chess960() {
            return self.legal_move(m).filter(|c| c.is_castle());
        }
        if self.legal_move(m).is_some() {
            return None;
        }
        self.legal_moves()
            .iter()
            .copied()
            .find(|c| c.is_castle() && c.castling_side().is_some_and(|side| side.king_to(us) == m.to()))
    }
}
