//! Castling rights.

use std::fmt;

use crate::piece::Color;
use crate::square::Square;

/// Kingside (`O-O`) or queenside (`O-O-O`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`.
    King,
    /// Towards the a-file: `O-O-O`.
    Queen,
}

impl CastlingSide {
    /// Both sides, kingside first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// Where the king starts (e1 or e8).
    pub const fn king_from(color: Color) -> Square {
        match color {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        }
    }

    /// Where the king lands (g1, c1, g8 or c8).
    pub const fn king_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::G1,
            (CastlingSide::Queen, Color::White) => Square::C1,
            (CastlingSide::King, Color::Black) => Square::G8,
            (CastlingSide::Queen, Color::Black) => Square::C8,
        }
    }

    /// Where the rook starts (h1, a1, h8 or a8).
    pub const fn rook_from(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::H1,
            (CastlingSide::Queen, Color::White) => Square::A1,
            (CastlingSide::King, Color::Black) => Square::H8,
            (CastlingSide::Queen, Color::Black) => Square::A8,
        }
    }

    /// Where the rook lands (f1, d1, f8 or d8).
    pub const fn rook_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::F1,
            (CastlingSide::Queen, Color::White) => Square::D1,
            (CastlingSide::King, Color::Black) => Square::F8,
            (CastlingSide::Queen, Color::Black) => Square::D8,
        }
    }

    /// `"O-O"` or `"O-O-O"`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::King => "O-O",
            CastlingSide::Queen => "O-O-O",
        }
    }

    /// `"kingside"` or `"queenside"`.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::King => "kingside",
            CastlingSide::Queen => "queenside",
        }
    }
}

/// Which of the four castlings are still allowed (`KQkq` in FEN).
///
/// A right says only that the king and that rook have not moved; whether
/// castling is possible now also depends on the squares between them and on
/// attacks, which move generation checks.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling for anyone: `-`.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four: `KQkq`.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// Whether `color` may still castle on either side.
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (0b11 << (color as u8 * 2)) != 0
    }

    /// Grants or removes one right.
    pub fn set(&mut self, color: Color, side: CastlingSide, allowed: bool) {
        if allowed {
            self.0 |= Self::bit(color, side);
        } else {
            self.0 &= !Self::bit(color, side);
        }
    }

    /// Removes both rights of `color`.
    pub fn clear(&mut self, color: Color) {
        self.0 &= !(0b11 << (color as u8 * 2));
    }

    /// Whether no right is left.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The four bits: White kingside = 1, White queenside = 2, Black kingside
    /// = 4, Black queenside = 8 (Polyglot's order).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Rights from the four bits of [`CastlingRights::bits`]; higher bits are
    /// ignored.
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 0b1111)
    }

    /// Each right present, in FEN order (K, Q, k, q).
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        [
            (Color::White, CastlingSide::King),
            (Color::White, CastlingSide::Queen),
            (Color::Black, CastlingSide::King),
            (Color::Black, CastlingSide::Queen),
        ]
        .into_iter()
        .filter(move |&(c, s)| self.has(c, s))
    }

    /// The FEN letter of a right: `K`, `Q`, `k` or `q`.
    pub const fn letter(color: Color, side: CastlingSide) -> char {
        match (color, side) {
            (Color::White, CastlingSide::King) => 'K',
            (Color::White, CastlingSide::Queen) => 'Q',
            (Color::Black, CastlingSide::King) => 'k',
            (Color::Black, CastlingSide::Queen) => 'q',
        }
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN field: `KQkq`, `Kq`, `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side) in self.iter() {
            write!(f, "{}", CastlingRights::letter(color, side))?;
        }
        Ok(())
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}
