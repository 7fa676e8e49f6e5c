//! Writing SAN: a move of a position as the PGN standard writes it, the
//! piece told apart from the others that could legally go there by its
//! file, else its rank, else both.

use super::{San, SanPlus, Suffix};
use crate::illegal::{IllegalMove, IllegalReason};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;

impl San {
    /// The SAN of `m`, a legal move of `pos`, as the standard writes it:
    /// told apart only from the other *legal* moves (a pinned knight never
    /// forces `Nge7`).
    ///
    /// ```
    /// use chess_core::{Move, Position, San, Square};
    /// let pos: Position = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse()?;
    /// assert_eq!(San::from_move(&pos, Move::new(Square::B1, Square::D2)).to_string(), "Nbd2");
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> San {
        San::from_legal(pos, m, &pos.legal_moves())
    }

    /// The SAN of `m`, one of `legal` (the legal moves of `pos`).
    pub(crate) fn from_legal(pos: &Position, m: Move, legal: &MoveList) -> San {
        let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
        // Other pieces of the same kind that can legally go there too.
        let others: Vec<Square> = legal
            .iter()
            .filter(|o| o.to() == m.to() && o.from() != m.from())
            .filter(|o| pos.piece_at(o.from()).is_some_and(|p| p.role == role))
            .map(|o| o.from())
            .collect();
        San::with_others(m, role, &others)
    }

    /// The SAN of `m`, a legal move of a `role`; `others` are the squares of
    /// the other pieces of that role that can legally go to the same square
    /// (what disambiguation tells apart).
    pub(crate) fn with_others(m: Move, role: Role, others: &[Square]) -> San {
        if let Some(side) = m.castling_side() {
            return San::Castle(side);
        }
        let (mut from_file, mut from_rank) = (None, None);
        if role == Role::Pawn {
            if m.is_capture() {
                from_file = Some(m.from().file());
            }
        } else if !others.is_empty() {
            let same_file = others.iter().any(|s| s.file() == m.from().file());
            let same_rank = others.iter().any(|s| s.rank() == m.from().rank());
            if !same_file {
                from_file = Some(m.from().file());
            } else if !same_rank {
                from_rank = Some(m.from().rank());
            } else {
                from_file = Some(m.from().file());
                from_rank = Some(m.from().rank());
            }
        }
        San::Normal {
            role,
            from_file,
            from_rank,
            capture: m.is_capture(),
            to: m.to(),
            promotion: m.promotion(),
        }
    }
}

impl SanPlus {
    /// The SAN of a legal move with `+` or `#`; an illegal move is an error
    /// that says why.
    pub fn from_move(pos: &Position, m: Move) -> Result<SanPlus, IllegalMove> {
        let legal = pos.legal_moves();
        let Some(&m) = legal.iter().find(|&&l| l == m) else {
            return Err(IllegalMove {
                mv: m,
                reason: pos.why_illegal(m).unwrap_or(IllegalReason::NoLegalMoves),
            });
        };
        let san = San::from_legal(pos, m, &legal);
        let mut after = pos.clone();
        after.play_unchecked(m);
        let suffix = after.is_check().then(|| {
            if after.has_legal_moves() {
                Suffix::Check
            } else {
                Suffix::Checkmate
            }
        });
        Ok(SanPlus { san, suffix })
    }
}

impl Position {
    /// The SAN of a legal move, with `+` or `#` ([`SanPlus::from_move`]).
    ///
    /// ```
    /// use chess_core::{Move, Position, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.san(Move::new(Square::G1, Square::F3))?, "Nf3");
    /// # Ok::<(), chess_core::IllegalMove>(())
    /// ```
    pub fn san(&self, m: Move) -> Result<String, IllegalMove> {
        SanPlus::from_move(self, m).map(|san| san.to_string())
    }

    /// The move number written before a move from here, as PGN and people
    /// write it: `12.` before White's move; `12...` before Black's when
    /// `first` (a line starts with it, or a comment or variation came
    /// between), otherwise none.
    ///
    /// ```
    /// use chess_core::Position;
    /// let pos = Position::new();
    /// assert_eq!(pos.move_number(false).as_deref(), Some("1."));
    /// let after: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
    /// assert_eq!(after.move_number(true).as_deref(), Some("1..."));
    /// assert_eq!(after.move_number(false), None);
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn move_number(&self, first: bool) -> Option<String> {
        match self.turn() {
            Color::White => Some(format!("{}.", self.fullmoves())),
            Color::Black if first => Some(format!("{}...", self.fullmoves())),
            Color::Black => None,
        }
    }

    /// The SAN of the moves of `line` played from here, one after the
    /// other, up to the first that is not legal: `["Qh7+", "Kf8", "Qh8#"]`.
    pub fn san_moves(&self, line: &[Move]) -> Vec<String> {
        let mut pos = self.clone();
        let mut out = Vec::with_capacity(line.len());
        for &m in line {
            let Ok(san) = pos.san(m) else { break };
            out.push(san);
            pos.play_unchecked(m);
        }
        out
    }

    /// A line of moves from here as people read it, SAN with move numbers:
    /// `12... Nf6 13. Bg5 h6`; it stops at the first move that is not legal.
    ///
    /// ```
    /// use chess_core::{Position, Move, Square};
    /// let pos: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
    /// let line = [Move::new(Square::E7, Square::E5), Move::new(Square::G1, Square::F3)];
    /// assert_eq!(pos.san_line(&line), "1... e5 2. Nf3");
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn san_line(&self, line: &[Move]) -> String {
        let mut pos = self.clone();
        let mut out = String::new();
        for (i, san) in self.san_moves(line).into_iter().enumerate() {
            if let Some(number) = pos.move_number(i == 0) {
                out.push_str(&number);
                out.push(' ');
            }
            out.push_str(&san);
            out.push(' ');
            pos.play_unchecked(line[i]);
        }
        out.truncate(out.trim_end().len());
        out
    }
}
