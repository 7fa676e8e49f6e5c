//! Moves and the fixed-capacity move list.

use std::fmt;

use crate::castling::CastlingSide;
use crate::piece::Role;
use crate::square::Square;

/// A move: from a square to a square, with the promotion piece if any, plus
/// flags that say what kind of move it is (capture, en passant, castling,
/// double pawn push).
///
/// Castling is written as the king's two-square move (`e1g1`). The flags are
/// filled in by move generation; a move typed in by a user ([`Move::new`])
/// has none, and [`Position::play`](crate::Position::play) looks up the legal
/// move it stands for. Two moves are equal when their squares and promotion
/// are equal, whatever their flags.
///
/// ```
/// use chess_core::{Move, Position, Square};
/// let mut pos = Position::new();
/// let played = pos.play(Move::new(Square::E2, Square::E4)).unwrap();
/// assert!(played.is_double_push());
/// ```
#[derive(Copy, Clone)]
pub struct Move(
    /// Packed in one word, so a move is written and read with a single
    /// store and load (four byte-sized fields, written one by one and read
    /// back as a whole, stall the CPU on every move a PGN reader resolves):
    /// the 0x88 index of `from` (bits 0-7) and of `to` (8-15), the
    /// promotion role's number or 0 (16-23), the flags (24-31).
    u32,
);

impl Move {
    /// Flag: the move captures a piece (also set for en passant).
    pub const CAPTURE: u8 = 1;
    /// Flag: an en passant capture.
    pub const EN_PASSANT: u8 = 2;
    /// Flag: castling (the king's two-square move).
    pub const CASTLE: u8 = 4;
    /// Flag: a pawn's two-square advance.
    pub const DOUBLE_PUSH: u8 = 8;

    /// A move from `from` to `to`, without flags: what a user means.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::from_parts(from, to, None, 0)
    }

    /// A pawn move to the last rank that promotes to `role`.
    #[inline]
    pub const fn with_promotion(from: Square, to: Square, role: Role) -> Move {
        Move::from_parts(from, to, Some(role), 0)
    }

    /// A move with everything set, as move generation builds it.
    #[inline(always)]
    pub(crate) const fn from_parts(from: Square, to: Square, promotion: Option<Role>, flags: u8) -> Move {
        let promotion = match promotion {
            Some(role) => role as u32,
            None => 0,
        };
        Move(from.to_0x88() as u32 | (to.to_0x88() as u32) << 8 | promotion << 16 | (flags as u32) << 24)
    }

    /// The move as 32 bits, for tables that store moves in machine words
    /// (an engine's transposition table); [`Move::from_bits`] reads it back.
    #[inline]
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// A move written by [`Move::to_bits`]; `None` for bits that no move
    /// has (a square off the board, a role that cannot be promoted to, an
    /// unknown flag). The move is not known to be legal anywhere: check
    /// it against the position before playing it.
    ///
    /// ```
    /// use chess_core::{Move, Square};
    /// let m = Move::new(Square::E2, Square::E4);
    /// assert_eq!(Move::from_bits(m.to_bits()), Some(m));
    /// assert_eq!(Move::from_bits(0x88), None);
    /// ```
    pub const fn from_bits(bits: u32) -> Option<Move> {
        let from = Square::from_0x88(bits as u8);
        let to = Square::from_0x88((bits >> 8) as u8);
        let promotion = (bits >> 16) as u8;
        let flags = (bits >> 24) as u8;
        let known = Move::CAPTURE | Move::EN_PASSANT | Move::CASTLE | Move::DOUBLE_PUSH;
        let promotes = promotion == 0 || promotion >= Role::Knight as u8 && promotion <= Role::Queen as u8;
        match (from, to) {
            (Some(_), Some(_)) if promotes && flags & !known == 0 => Some(Move(bits)),
            _ => None,
        }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_0x88_trusted(self.0 as u8)
    }

    /// The square the piece goes to (for castling, the king's destination).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_0x88_trusted((self.0 >> 8) as u8)
    }

    /// The piece a pawn promotes to.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        Role::from_index((self.0 >> 16) as u8)
    }

    /// The flag bits (`CAPTURE | EN_PASSANT | CASTLE | DOUBLE_PUSH`).
    #[inline]
    pub const fn flags(self) -> u8 {
        (self.0 >> 24) as u8
    }

    /// Whether the move captures (en passant included).
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.flags() & Move::CAPTURE != 0
    }

    /// Whether the move is an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.flags() & Move::EN_PASSANT != 0
    }

    /// Whether the move is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.flags() & Move::CASTLE != 0
    }

    /// Whether the move is a pawn's two-square advance.
    #[inline]
    pub const fn is_double_push(self) -> bool {
        self.flags() & Move::DOUBLE_PUSH != 0
    }

    /// Which side a castling move castles to.
    pub fn castling_side(self) -> Option<CastlingSide> {
        if !self.is_castle() {
            None
        } else if self.to().file() > self.from().file() {
            Some(CastlingSide::King)
        } else {
            Some(CastlingSide::Queen)
        }
    }

    /// The move in UCI notation (`e2e4`, `e7e8q`, castling as `e1g1`).
    pub fn uci(self) -> String {
        self.to_string()
    }
}

/// The bits of a move that equality looks at: squares and promotion.
const SQUARES_AND_PROMOTION: u32 = 0x00ff_ffff;

impl PartialEq for Move {
    #[inline]
    fn eq(&self, other: &Move) -> bool {
        (self.0 ^ other.0) & SQUARES_AND_PROMOTION == 0
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0 & SQUARES_AND_PROMOTION).hash(state);
    }
}

impl fmt::Display for Move {
    /// UCI notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        for (bit, name) in [
            (Move::CAPTURE, "capture"),
            (Move::EN_PASSANT, "en passant"),
            (Move::CASTLE, "castle"),
            (Move::DOUBLE_PUSH, "double push"),
        ] {
            if self.flags() & bit != 0 {
                write!(f, ", {name}")?;
            }
        }
        write!(f, ")")
    }
}

/// The most legal moves any position can have is 218; the list holds 256.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack, filled by move generation without
/// allocating. It dereferences to a slice.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::A1, Square::A1); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends `m` when `keep` holds, without a branch: the move is written
    /// after the end either way and the length grows by `keep`.
    #[inline(always)]
    pub(crate) fn push_if(&mut self, keep: bool, m: Move) {
        // A valid position never has more than 218 legal moves (validation
        // rejects impossible material), so the list never fills; the mask
        // and the clamp in `deref` only keep an impossible case from panicking.
        self.moves[self.len & (MAX_MOVES - 1)] = m;
        self.len += keep as usize;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len.min(MAX_MOVES) {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len.min(MAX_MOVES)]
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len.min(MAX_MOVES)]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
