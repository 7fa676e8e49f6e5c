//! How a position stands: ongoing, or ended by the rules.

use std::fmt;

use crate::piece::Role;
use crate::position::{BISHOP, KNIGHT, PAWN, Position, QUEEN, ROOK};
use crate::square::SquareSet;

/// The state of a single position, without the game's history (repetitions
/// are a matter of the [`Game`](crate::Game)). The first that applies, in
/// the order listed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move and the game goes on.
    Ongoing,
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever checkmate, by any sequence of legal moves.
    InsufficientMaterial,
    /// 75 moves (150 half-moves) by each side without a capture or pawn
    /// move: the game is drawn (FIDE 9.6.2), unless the last move mated.
    SeventyFiveMoves,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "ongoing",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::InsufficientMaterial => "insufficient material",
            Status::SeventyFiveMoves => "seventy-five-move rule",
        })
    }
}

impl Position {
    /// The status of the position (see [`Status`]).
    ///
    /// ```
    /// use chess_core::{Position, Status};
    /// let mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
    /// assert_eq!(mate.status(), Status::Checkmate);
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn status(&self) -> Status {
        if !self.has_legal_moves() {
            if self.is_check() {
                Status::Checkmate
            } else {
                Status::Stalemate
            }
        } else if self.is_insufficient_material() {
            Status::InsufficientMaterial
        } else if self.halfmoves() >= 150 {
            Status::SeventyFiveMoves
        } else {
            Status::Ongoing
        }
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether neither side can ever checkmate, judged from material as FIDE
    /// and the established libraries do: no pawns, rooks or queens, and
    /// either at most one knight and no bishop, or only bishops, all on
    /// squares of one colour (KvK, KNvK, KBvK, KB..vKB.. same colour).
    /// Positions such as KNvKN are not dead: a mate can be helped.
    pub fn is_insufficient_material(&self) -> bool {
        if self.role_set(PAWN) | self.role_set(ROOK) | self.role_set(QUEEN) != 0 {
            return false;
        }
        let knights = self.role_set(KNIGHT).count_ones();
        let bishops = self.role_set(BISHOP);
        if bishops == 0 {
            return knights <= 1;
        }
        knights == 0 && (bishops & SquareSet::LIGHT.0 == 0 || bishops & SquareSet::DARK.0 == 0)
    }

    /// Whether `color` alone lacks the material to ever checkmate, whatever
    /// the opponent does (used when the opponent runs out of time).
    pub fn has_insufficient_material(&self, color: crate::Color) -> bool {
        let own = self.color_set(color.bit());
        let theirs = self.color_set((!color).bit());
        let count = |role: Role| (own & self.role_set(role as usize)).count_ones();
        if count(Role::Pawn) + count(Role::Rook) + count(Role::Queen) > 0 {
            return false;
        }
        let kings = self.role_set(crate::position::KING);
        if count(Role::Knight) > 0 {
            // One knight, nothing else, and the opponent has only a king or
            // queens (other pieces could block their own king into a mate).
            return own.count_ones() <= 2 && theirs & !kings & !self.role_set(QUEEN) == 0;
        }
        if count(Role::Bishop) > 0 {
            let bishops = self.role_set(BISHOP);
            let one_colour = bishops & SquareSet::LIGHT.0 == 0 || bishops & SquareSet::DARK.0 == 0;
            return one_colour && self.role_set(PAWN) == 0 && self.role_set(KNIGHT) == 0;
        }
        true
    }

    /// Whether the seventy-five-move rule ends the game here.
    pub fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves() >= 150 && !self.is_checkmate()
    }
}
