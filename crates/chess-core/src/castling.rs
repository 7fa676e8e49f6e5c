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

/// Which of the four castlings are still allowed (`KQkq` in FEN), and
/// with which rook.
///
/// A right says only that the king and that rook have not moved; whether
/// castling is possible now also depends on the squares between them and on
/// attacks, which move generation checks. Each right names its rook's file:
/// the a- and h-files in standard chess, any file in Chess960 (where the
/// king may start anywhere between the rooks).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    bits: u8,
    /// The rook's file (0 = a .. 7 = h) of each right, by right index
    /// (White kingside, White queenside, Black kingside, Black queenside);
    /// the standard file for a right not held, so equal rights compare equal.
    files: [u8; 4],
}

impl Default for CastlingRights {
    fn default() -> CastlingRights {
        CastlingRights::NONE
    }
}

/// The rooks' files in standard chess, by right index.
const STANDARD_FILES: [u8; 4] = [7, 0, 7, 0];

impl CastlingRights {
    /// No castling for anyone: `-`.
    pub const NONE: CastlingRights = CastlingRights {
        bits: 0,
        files: STANDARD_FILES,
    };
    /// All four, with the rooks on the a- and h-files: `KQkq`.
    pub const ALL: CastlingRights = CastlingRights {
        bits: 0b1111,
        files: STANDARD_FILES,
    };

    #[inline]
    const fn index(color: Color, side: CastlingSide) -> usize {
        color as usize * 2 + side as usize
    }

    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << Self::index(color, side)
    }

    /// Whether `color` may still castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.bits & Self::bit(color, side) != 0
    }

    /// Whether `color` may still castle on either side.
    pub const fn has_any(self, color: Color) -> bool {
        self.bits & (0b11 << (color as u8 * 2)) != 0
    }

    /// Grants (with the standard rook: a- or h-file) or removes one right.
    pub fn set(&mut self, color: Color, side: CastlingSide, allowed: bool) {
        let i = Self::index(color, side);
        if allowed {
            self.bits |= Self::bit(color, side);
        } else {
            self.bits &= !Self::bit(color, side);
        }
        self.files[i] = STANDARD_FILES[i];
    }

    /// Grants one right with the rook on `file` (0 = a .. 7 = h), as
    /// Chess960 needs.
    pub fn set_with_rook(&mut self, color: Color, side: CastlingSide, file: u8) {
        self.bits |= Self::bit(color, side);
        self.files[Self::index(color, side)] = file & 7;
    }

    /// The file (0 = a .. 7 = h) of the rook a right castles with, if the
    /// right is held.
    pub const fn rook_file(self, color: Color, side: CastlingSide) -> Option<u8> {
        if self.has(color, side) {
            Some(self.files[Self::index(color, side)])
        } else {
            None
        }
    }

    /// The square of the rook a right castles with, if the right is held.
    pub fn rook_square(self, color: Color, side: CastlingSide) -> Option<Square> {
        let file = self.rook_file(color, side)?;
        Square::from_index(file + color.back_rank_index() * 8)
    }

    /// Whether every right held castles with a rook on the a- or h-file,
    /// as in standard chess.
    pub const fn is_standard(self) -> bool {
        let mut i = 0;
        while i < 4 {
            if self.bits & (1 << i) != 0 && self.files[i] != STANDARD_FILES[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Removes both rights of `color`.
    pub fn clear(&mut self, color: Color) {
        self.bits &= !(0b11 << (color as u8 * 2));
        let i = color as usize * 2;
        self.files[i] = STANDARD_FILES[i];
        self.files[i + 1] = STANDARD_FILES[i + 1];
    }

    /// Whether no right is left.
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The four bits: White kingside = 1, White queenside = 2, Black kingside
    /// = 4, Black queenside = 8 (Polyglot's order).
    pub const fn bits(self) -> u8 {
        self.bits
    }

    /// Rights from the four bits of [`CastlingRights::bits`], with the
    /// standard rooks; higher bits are ignored.
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights {
            bits: bits & 0b1111,
            files: STANDARD_FILES,
        }
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

/// Castling rights that survive a move from or to each square (0x88) in
/// standard chess: moving the king or a rook, or capturing a rook on its
/// home square, removes rights.
static STANDARD_KEEP: [u8; 128] = {
    let mut t = [0b1111u8; 128];
    t[0x04] = 0b1100; // e1
    t[0x07] = 0b1110; // h1
    t[0x00] = 0b1101; // a1
    t[0x74] = 0b0011; // e8
    t[0x77] = 0b1011; // h8
    t[0x70] = 0b0111; // a8
    t
};

/// Where a position's castlings happen, fixed for the position's life
/// (rights can only be lost): each right's rook square and each side's
/// king square (0x88), whether the position is Chess960 (where a castling
/// move is written as the king taking its own rook), and the table of the
/// rights a move from or to each square keeps.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Castles {
    /// The rook squares by right index (White kingside, White queenside,
    /// Black kingside, Black queenside); the standard square for a right
    /// not held.
    pub rooks: [u8; 4],
    /// The kings' squares (White, Black) when the rights were set.
    pub kings: [u8; 2],
    /// Chess960 rules and notation.
    pub chess960: bool,
    /// The rights a move from or to each square keeps: one table for every
    /// placement of kings and rooks, shared (and made once), so that making
    /// a move looks rights up the same way in standard chess and Chess960.
    pub keep: &'static [u8; 128],
}

impl PartialEq for Castles {
    fn eq(&self, other: &Castles) -> bool {
        // `keep` follows from the squares.
        (self.rooks, self.kings, self.chess960) == (other.rooks, other.kings, other.chess960)
    }
}

impl Eq for Castles {}

impl std::hash::Hash for Castles {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.rooks, self.kings, self.chess960).hash(state);
    }
}

impl Castles {
    /// Standard chess: kings on e1/e8, rooks on a/h.
    pub const STANDARD: Castles = Castles {
        rooks: [0x07, 0x00, 0x77, 0x70],
        kings: [0x04, 0x74],
        chess960: false,
        keep: &STANDARD_KEEP,
    };

    /// The Chess960 castlings of `rights`, with the kings on `kings`
    /// (0x88). (Standard chess is [`Castles::STANDARD`].)
    pub fn chess960(rights: CastlingRights, kings: [u8; 2]) -> Castles {
        let mut castles = Castles {
            kings,
            chess960: true,
            ..Castles::STANDARD
        };
        for (color, side) in rights.iter() {
            let i = CastlingRights::index(color, side);
            castles.rooks[i] = rights.files[i] | color.back_rank_index() << 4;
        }
        castles.keep = keep_table(castles.rooks, castles.kings);
        castles
    }

    /// The rook square (0x88) of a right.
    #[inline]
    pub fn rook(self, color: Color, side: CastlingSide) -> u8 {
        self.rooks[CastlingRights::index(color, side)]
    }

    /// The rights `bits` as [`CastlingRights`] with their rooks' files.
    pub fn rights(self, bits: u8) -> CastlingRights {
        let mut files = STANDARD_FILES;
        for (i, file) in files.iter_mut().enumerate() {
            if bits & (1 << i) != 0 {
                *file = self.rooks[i] & 7;
            }
        }
        CastlingRights {
            bits: bits & 0b1111,
            files,
        }
    }
}

/// The table of kept rights for kings and rooks on these squares: moving a
/// king removes its side's rights, moving or capturing a castling rook its
/// right. Standard chess's is static; others are made once and kept for the
/// program's life (a few hundred bytes per Chess960 start position used).
fn keep_table(rooks: [u8; 4], kings: [u8; 2]) -> &'static [u8; 128] {
    use std::sync::{Mutex, PoisonError};
    if rooks == Castles::STANDARD.rooks && kings == Castles::STANDARD.kings {
        return &STANDARD_KEEP;
    }
    // A list, looked through when a position is set up (never while
    // playing); its few entries stay reachable to the end, as leak
    // checkers like.
    type Placement = ([u8; 4], [u8; 2]);
    static TABLES: Mutex<Vec<(Placement, &'static [u8; 128])>> = Mutex::new(Vec::new());
    let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&(_, table)) = tables.iter().find(|(placement, _)| *placement == (rooks, kings)) {
        return table;
    }
    let mut t = [0b1111u8; 128];
    for (i, &rook) in rooks.iter().enumerate() {
        t[rook as usize & 127] &= !(1 << i);
    }
    t[kings[0] as usize & 127] &= 0b1100;
    t[kings[1] as usize & 127] &= 0b0011;
    let table: &'static [u8; 128] = Box::leak(Box::new(t));
    tables.push(((rooks, kings), table));
    table
}
