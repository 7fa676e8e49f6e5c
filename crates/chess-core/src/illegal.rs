//! Why a move is illegal, in words a person understands.

use std::fmt;

use crate::castling::CastlingSide;
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::square::{Rank, Square};
use crate::x88::{ATTACK_BISHOP, ATTACK_BITS_OF_CODE, ATTACK_ROOK, ATTACKS, STEPS, diff_index};

/// A piece and where it stands, for messages ("the bishop on b5").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedPiece {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
}

impl fmt::Display for PlacedPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {}", self.piece.role, self.square)
    }
}

/// The reason a move is not legal (see [`Position::why_illegal`]). Its
/// `Display` is a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// No piece stands on the starting square.
    NoPiece(Square),
    /// The piece belongs to the side not to move.
    NotYourTurn(PlacedPiece),
    /// The piece cannot move that way at all (wrong geometry).
    CannotMoveThere {
        /// The piece that was to move.
        piece: PlacedPiece,
        /// Where it was to go.
        to: Square,
    },
    /// The target holds a piece of the same side.
    OwnPiece {
        /// The piece that was to move.
        piece: PlacedPiece,
        /// The piece on the target square.
        target: PlacedPiece,
    },
    /// A piece stands in the way.
    Blocked {
        /// The piece that was to move.
        piece: PlacedPiece,
        /// The first piece in the way.
        blocker: PlacedPiece,
    },
    /// A pawn moves diagonally only to capture.
    PawnCapturesNothing(PlacedPiece),
    /// A pawn reaching the last rank must say what it becomes.
    MissingPromotion,
    /// A promotion where there is none, or to a king or pawn.
    BadPromotion,
    /// The castling right is gone.
    CastlingRightLost(Color, CastlingSide),
    /// Pieces stand between king and rook.
    CastlingBlocked(PlacedPiece),
    /// One may not castle while in check.
    CastlingOutOfCheck(PlacedPiece),
    /// The king would cross an attacked square.
    CastlingThroughCheck {
        /// The square the king crosses.
        square: Square,
        /// A piece attacking it.
        attacker: PlacedPiece,
    },
    /// The king would land on an attacked square.
    CastlingIntoCheck {
        /// Where the king lands.
        square: Square,
        /// A piece attacking it.
        attacker: PlacedPiece,
    },
    /// The piece is pinned to its king and the move leaves the line.
    Pinned {
        /// The pinned piece.
        piece: PlacedPiece,
        /// The piece that pins it.
        pinner: PlacedPiece,
    },
    /// The king would move into check.
    KingIntoCheck(PlacedPiece),
    /// The side to move is in check and the move does not answer it.
    InCheck(PlacedPiece),
    /// Two pieces give check: only a king move can answer.
    DoubleCheck,
    /// The move would expose the king (as an en passant capture can, by
    /// removing two pawns from a rank).
    ExposesKing(PlacedPiece),
    /// The game is over: there are no legal moves at all.
    NoLegalMoves,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            IllegalReason::NotYourTurn(p) => {
                write!(
                    f,
                    "not your turn: it is {} to move, not {}",
                    (!p.piece.color).name(),
                    p.piece.color.name()
                )
            }
            IllegalReason::CannotMoveThere { piece, to } => {
                write!(f, "a {} cannot move from {} to {to}", piece.piece.role, piece.square)
            }
            IllegalReason::OwnPiece { piece, target } => {
                write!(
                    f,
                    "{piece} cannot capture its own {} on {}",
                    target.piece.role, target.square
                )
            }
            IllegalReason::Blocked { piece, blocker } => write!(f, "{piece} is blocked by {blocker}"),
            IllegalReason::PawnCapturesNothing(p) => {
                write!(f, "{p} can move diagonally only to capture")
            }
            IllegalReason::MissingPromotion => {
                f.write_str("a pawn reaching the last rank must promote: choose a queen, rook, bishop or knight")
            }
            IllegalReason::BadPromotion => {
                f.write_str("only a pawn reaching the last rank promotes, to a queen, rook, bishop or knight")
            }
            IllegalReason::CastlingRightLost(color, side) => {
                write!(
                    f,
                    "castling {} is no longer allowed: the king or the rook on {} has moved",
                    side.name(),
                    side.rook_from(*color)
                )
            }
            IllegalReason::CastlingBlocked(p) => write!(f, "castling is blocked by {p}"),
            IllegalReason::CastlingOutOfCheck(p) => {
                write!(f, "cannot castle out of check (the king is attacked by {p})")
            }
            IllegalReason::CastlingThroughCheck { square, attacker } => {
                write!(f, "castling through the attacked {square} ({attacker} attacks it)")
            }
            IllegalReason::CastlingIntoCheck { square, attacker } => {
                write!(f, "castling into check: {attacker} attacks {square}")
            }
            IllegalReason::Pinned { piece, pinner } => write!(f, "{piece} is pinned by {pinner}"),
            IllegalReason::KingIntoCheck(p) => write!(f, "the king would be in check from {p}"),
            IllegalReason::InCheck(p) => {
                write!(f, "the king is in check from {p}, and this move does not stop it")
            }
            IllegalReason::DoubleCheck => f.write_str("the king is in double check: only a king move helps"),
            IllegalReason::ExposesKing(p) => write!(f, "the king would be in check from {p}"),
            IllegalReason::NoLegalMoves => f.write_str("there are no legal moves: the game is over"),
        }
    }
}

/// A move that [`Position::play`] refused, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move as given.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    fn placed(&self, sq: Square) -> Option<PlacedPiece> {
        self.piece_at(sq).map(|piece| PlacedPiece { piece, square: sq })
    }

    /// The first attacker (in square order) of `sq` by `by`.
    fn first_attacker(&self, sq: Square, by: Color) -> Option<PlacedPiece> {
        self.attackers_of(sq, by).next().and_then(|s| self.placed(s))
    }

    /// Why `m` is illegal here, or `None` when it is legal. The reasons are
    /// the ones a player would give: "not your turn", "the knight on d7 is
    /// pinned by the bishop on b5", "the king would be in check from the
    /// queen on h4", "castling through the attacked f1".
    ///
    /// ```
    /// use chess_core::{Move, Position, Square};
    /// let pos: Position = "r1bqkbnr/pppnpppp/8/1B1p4/3P4/4P3/PPP2PPP/RNBQK1NR b KQkq - 2 3".parse()?;
    /// let reason = pos.why_illegal(Move::new(Square::D7, Square::F6)).unwrap();
    /// assert_eq!(reason.to_string(), "the knight on d7 is pinned by the bishop on b5");
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn why_illegal(&self, m: Move) -> Option<IllegalReason> {
        if self.is_legal(m) {
            return None;
        }
        Some(self.illegal_reason(m))
    }

    fn illegal_reason(&self, m: Move) -> IllegalReason {
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.placed(from) else {
            return IllegalReason::NoPiece(from);
        };
        if mover.piece.color != self.turn {
            return IllegalReason::NotYourTurn(mover);
        }
        let us = self.turn;
        let role = mover.piece.role;
        // Chess960 castling: the king onto its own rook on their first rank.
        if self.is_chess960()
            && role == Role::King
            && to.rank() == from.rank()
            && self
                .placed(to)
                .is_some_and(|p| p.piece == crate::Piece::new(us, Role::Rook))
        {
            let side = if to.file() > from.file() {
                CastlingSide::King
            } else {
                CastlingSide::Queen
            };
            return self.castling_reason_960(us, side, to);
        }

        if let Some(target) = self.placed(to)
            && target.piece.color == us
        {
            return IllegalReason::OwnPiece { piece: mover, target };
        }
        let last_rank = if us == Color::White { Rank::Eighth } else { Rank::First };
        let promotes = role == Role::Pawn && to.rank() == last_rank;
        match m.promotion() {
            None if promotes => {
                let queen = Move::with_promotion(from, to, Role::Queen);
                if self.is_legal(queen) {
                    return IllegalReason::MissingPromotion;
                }
                return self.illegal_reason(queen);
            }
            Some(r) if !promotes || matches!(r, Role::King | Role::Pawn) => return IllegalReason::BadPromotion,
            _ => {}
        }

        // Castling: the king's two-step from its home square.
        let home = CastlingSide::king_from(us);
        if role == Role::King
            && from == home
            && to.rank() == home.rank()
            && from.file().index().abs_diff(to.file().index()) == 2
        {
            return self.castling_reason(us, to);
        }

        if let Some(reason) = self.geometry_reason(mover, to) {
            return reason;
        }

        // The move is possible for the piece; it fails on king safety.
        let info = self.king_info();
        if role == Role::King {
            let mut after = self.clone();
            after.play_unchecked(self.with_flags(m));
            return after
                .first_attacker(to, !us)
                .map_or(IllegalReason::NoLegalMoves, IllegalReason::KingIntoCheck);
        }
        if info.checkers.count_ones() > 1 {
            return IllegalReason::DoubleCheck;
        }
        if self.pinned().contains(from)
            && let Some(pinner) = self.pinner_of(from).and_then(|s| self.placed(s))
        {
            let king = self.king(us).to_0x88();
            let on_line = |s: Square| STEPS[diff_index(king, s.to_0x88())] == STEPS[diff_index(king, from.to_0x88())];
            if !on_line(to) {
                return IllegalReason::Pinned { piece: mover, pinner };
            }
        }
        if info.checkers != 0
            && let Some(checker) = self.checkers().next().and_then(|s| self.placed(s))
        {
            return IllegalReason::InCheck(checker);
        }
        let mut after = self.clone();
        after.play_unchecked(self.with_flags(m));
        after
            .first_attacker(self.king(us), !us)
            .map_or(IllegalReason::NoLegalMoves, IllegalReason::ExposesKing)
    }

    fn castling_reason(&self, us: Color, to: Square) -> IllegalReason {
        let side = if to.file() > CastlingSide::king_from(us).file() {
            CastlingSide::King
        } else {
            CastlingSide::Queen
        };
        if !self.has_castling(us, side) {
            return IllegalReason::CastlingRightLost(us, side);
        }
        let king = CastlingSide::king_from(us).to_0x88();
        let rook = side.rook_from(us).to_0x88();
        let step: i8 = if rook > king { 1 } else { -1 };
        let mut s = king.wrapping_add(step as u8);
        while s != rook {
            if let Some(blocker) = Square::from_0x88(s).and_then(|sq| self.placed(sq)) {
                return IllegalReason::CastlingBlocked(blocker);
            }
            s = s.wrapping_add(step as u8);
        }
        if let Some(checker) = self.checkers().next().and_then(|s| self.placed(s)) {
            return IllegalReason::CastlingOutOfCheck(checker);
        }
        let crossed = Square::from_0x88(king.wrapping_add(step as u8)).unwrap_or(to);
        if let Some(attacker) = self.first_attacker(crossed, !us) {
            return IllegalReason::CastlingThroughCheck {
                square: crossed,
                attacker,
            };
        }
        match self.first_attacker(to, !us) {
            Some(attacker) => IllegalReason::CastlingIntoCheck { square: to, attacker },
            None => IllegalReason::NoLegalMoves,
        }
    }

    /// Why Chess960 castling on `side` with the rook on `rook` is illegal:
    /// the right, the squares between, check, then the king's way (judged
    /// without the rook, which might hide an attack).
    pub(crate) fn castling_reason_960(&self, us: Color, side: CastlingSide, rook: Square) -> IllegalReason {
        if self.castling().rook_square(us, side) != Some(rook) {
            return IllegalReason::CastlingRightLost(us, side);
        }
        let king = self.king(us);
        let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
        let span = |a: Square, b: Square| {
            let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
            (lo..=hi).filter_map(Square::from_index)
        };
        if let Some(blocker) = span(king, king_to)
            .chain(span(rook, rook_to))
            .filter(|&s| s != king && s != rook)
            .find_map(|s| self.placed(s))
        {
            return IllegalReason::CastlingBlocked(blocker);
        }
        if let Some(checker) = self.checkers().next().and_then(|s| self.placed(s)) {
            return IllegalReason::CastlingOutOfCheck(checker);
        }
        let bare = self.without(&[king, rook]);
        for square in span(king, king_to) {
            if let Some(attacker) = bare.attackers_of(square, !us).next().and_then(|s| self.placed(s)) {
                return if square == king_to {
                    IllegalReason::CastlingIntoCheck { square, attacker }
                } else {
                    IllegalReason::CastlingThroughCheck { square, attacker }
                };
            }
        }
        IllegalReason::NoLegalMoves
    }

    /// Why the piece cannot make this move even ignoring its king's safety,
    /// or `None` when it can.
    fn geometry_reason(&self, mover: PlacedPiece, to: Square) -> Option<IllegalReason> {
        let from = mover.square;
        let (f88, t88) = (from.to_0x88(), to.to_0x88());
        let cannot = IllegalReason::CannotMoveThere { piece: mover, to };
        let blocked = |sq: Square| {
            self.placed(sq)
                .map(|blocker| IllegalReason::Blocked { piece: mover, blocker })
        };
        match mover.piece.role {
            Role::Pawn => {
                let forward: i8 = if mover.piece.color == Color::White { 16 } else { -16 };
                let diff = t88 as i16 - f88 as i16;
                let start = if mover.piece.color == Color::White {
                    Rank::Second
                } else {
                    Rank::Seventh
                };
                if diff == forward as i16 {
                    blocked(to)
                } else if diff == 2 * forward as i16 && from.rank() == start {
                    let mid = from.offset(forward)?;
                    blocked(mid).or_else(|| blocked(to))
                } else if diff == forward as i16 - 1 || diff == forward as i16 + 1 {
                    let target_enemy = self.piece_at(to).is_some_and(|p| p.color != mover.piece.color);
                    let ep = self.ep_square(crate::EnPassantMode::PseudoLegal) == Some(to);
                    (!target_enemy && !ep).then_some(IllegalReason::PawnCapturesNothing(mover))
                } else {
                    Some(cannot)
                }
            }
            role => {
                let code = mover.piece.code();
                let idx = diff_index(f88, t88);
                if ATTACKS[idx] & ATTACK_BITS_OF_CODE[code as usize] == 0 {
                    return Some(cannot);
                }
                if role.is_slider() && ATTACKS[idx] & (ATTACK_BISHOP | ATTACK_ROOK) != 0 {
                    let step = STEPS[idx];
                    let mut s = from.offset(step)?;
                    while s != to {
                        if let Some(reason) = blocked(s) {
                            return Some(reason);
                        }
                        s = s.offset(step)?;
                    }
                }
                None
            }
        }
    }

    /// `m` with the flags move generation would give it, for a move that is
    /// possible for the piece (pseudo-legal).
    fn with_flags(&self, m: Move) -> Move {
        let mut flags = 0;
        let piece = self.piece_at(m.from());
        let is_pawn = piece.is_some_and(|p| p.role == Role::Pawn);
        if self.piece_at(m.to()).is_some() {
            flags |= Move::CAPTURE;
        } else if is_pawn && m.from().file() != m.to().file() {
            flags |= Move::CAPTURE | Move::EN_PASSANT;
        }
        if is_pawn && m.from().rank().index().abs_diff(m.to().rank().index()) == 2 {
            flags |= Move::DOUBLE_PUSH;
        }
        Move::from_parts(m.from(), m.to(), m.promotion(), flags)
    }
}
