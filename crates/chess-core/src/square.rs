//! Files, ranks, squares and sets of squares.
//!
//! A [`Square`] is stored as its 0x88 index: the rank in the high nibble, the
//! file in the low one (`e4` is `0x34`). Adding a direction to an index and
//! testing `index & 0x88` tells whether the step left the board, which is what
//! makes the 0x88 layout fast. A `Square` value is always on the board.

use std::fmt;
use std::str::FromStr;

/// A file (column), `a` to `h`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// All files, a to h.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index 0..7 (a = 0).
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// 0 for the a-file ... 7 for the h-file.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// `'a'` ... `'h'`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses `'a'` ... `'h'`.
    pub const fn from_char(c: char) -> Option<File> {
        if c.is_ascii_lowercase() {
            File::new(c as u8 - b'a')
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row), `1` to `8`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// All ranks, first to eighth.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0..7 (rank 1 = 0).
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// 0 for the first rank ... 7 for the eighth.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// `'1'` ... `'8'`.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses `'1'` ... `'8'`.
    pub const fn from_char(c: char) -> Option<Rank> {
        if c.is_ascii_digit() && c != '0' {
            Rank::new(c as u8 - b'1')
        } else {
            None
        }
    }

    /// The same rank seen from the other side (rank 1 becomes rank 8).
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A square of the board. Internally its 0x88 index, so it is always valid.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $v:expr),* $(,)?) => {
        #[allow(missing_docs)]
        impl Square { $(pub const $name: Square = Square($v);)* }
    };
}

square_consts! {
    A1 = 0x00, B1 = 0x01, C1 = 0x02, D1 = 0x03, E1 = 0x04, F1 = 0x05, G1 = 0x06, H1 = 0x07,
    A2 = 0x10, B2 = 0x11, C2 = 0x12, D2 = 0x13, E2 = 0x14, F2 = 0x15, G2 = 0x16, H2 = 0x17,
    A3 = 0x20, B3 = 0x21, C3 = 0x22, D3 = 0x23, E3 = 0x24, F3 = 0x25, G3 = 0x26, H3 = 0x27,
    A4 = 0x30, B4 = 0x31, C4 = 0x32, D4 = 0x33, E4 = 0x34, F4 = 0x35, G4 = 0x36, H4 = 0x37,
    A5 = 0x40, B5 = 0x41, C5 = 0x42, D5 = 0x43, E5 = 0x44, F5 = 0x45, G5 = 0x46, H5 = 0x47,
    A6 = 0x50, B6 = 0x51, C6 = 0x52, D6 = 0x53, E6 = 0x54, F6 = 0x55, G6 = 0x56, H6 = 0x57,
    A7 = 0x60, B7 = 0x61, C7 = 0x62, D7 = 0x63, E7 = 0x64, F7 = 0x65, G7 = 0x66, H7 = 0x67,
    A8 = 0x70, B8 = 0x71, C8 = 0x72, D8 = 0x73, E8 = 0x74, F8 = 0x75, G8 = 0x76, H8 = 0x77,
}

impl Square {
    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square((rank as u8) << 4 | file as u8)
    }

    /// The square with this 0x88 index, or `None` when the index is off the
    /// board (`index & 0x88 != 0`).
    #[inline]
    pub const fn from_0x88(index: u8) -> Option<Square> {
        if index & 0x88 == 0 { Some(Square(index)) } else { None }
    }

    /// The square of a 0x88 index the caller knows is on the board. An
    /// off-board index gives some valid square (move generation builds
    /// moves it then drops, to save a branch), never an invalid one.
    #[inline(always)]
    pub(crate) const fn from_0x88_trusted(index: u8) -> Square {
        Square(index & 0x77)
    }

    /// The square with the interchange number 0..63 (a1 = 0, b1 = 1, ...,
    /// h8 = 63), or `None` when `index >= 64`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index + (index & !7)))
        } else {
            None
        }
    }

    /// The 0x88 index (`rank << 4 | file`).
    #[inline]
    pub const fn to_0x88(self) -> u8 {
        self.0
    }

    /// The interchange number 0..63 (a1 = 0, h8 = 63).
    #[inline]
    pub const fn index(self) -> u8 {
        (self.0 + (self.0 & 7)) >> 1
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 4) as usize]
    }

    /// The square `files` files to the right (towards h) and `ranks` ranks
    /// up (towards the eighth), or `None` when that leaves the board.
    ///
    /// ```
    /// use chess_core::Square;
    /// assert_eq!(Square::G1.try_offset(-1, 2), Some(Square::F3)); // a knight's jump
    /// assert_eq!(Square::H1.try_offset(1, 0), None);
    /// ```
    #[inline]
    pub const fn try_offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = (self.0 & 7) as i8 + files;
        let rank = (self.0 >> 4) as i8 + ranks;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank as u8) << 4 | file as u8))
        } else {
            None
        }
    }

    /// The square `delta` 0x88 steps away (+1 is one file right, +16 one rank
    /// up), or `None` when that leaves the board. 0x88 steps stay inside the
    /// crate; callers outside speak files and ranks ([`Square::try_offset`]).
    #[inline]
    pub(crate) const fn offset(self, delta: i8) -> Option<Square> {
        Square::from_0x88(self.0.wrapping_add(delta as u8))
    }

    /// Whether the square is a light one (h1 is light, a1 dark).
    pub const fn is_light(self) -> bool {
        (self.0 & 7) % 2 != (self.0 >> 4) % 2
    }

    /// The same square seen from the other side (e2 becomes e7).
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 0x70)
    }

    /// King steps between two squares (Chebyshev distance).
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.0 & 7).abs_diff(other.0 & 7);
        let dr = (self.0 >> 4).abs_diff(other.0 >> 4);
        if df > dr { df } else { dr }
    }

    /// All 64 squares, a1, b1, ..., h8.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..64u8).map(|i| Square(i + (i & !7)))
    }

    /// The two-character name, e.g. `"e4"`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A text that is not a square name like `"e4"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name (expected a file a-h and a rank 1-8, like \"e4\")")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of squares (one bit per square, a1 = bit 0). Used for the answers of
/// queries like "which pieces attack e4" and for the board's piece lists.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 64 squares.
    pub const FULL: SquareSet = SquareSet(!0);
    /// The 32 light squares.
    pub const LIGHT: SquareSet = SquareSet(0x55aa_55aa_55aa_55aa);
    /// The 32 dark squares.
    pub const DARK: SquareSet = SquareSet(0xaa55_aa55_aa55_aa55);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest square (a1 first, then b1, ...), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// Whether the set holds exactly one square.
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// Whether the set holds more than one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.count(), Some(self.count()))
    }
}

impl ExactSizeIterator for SquareSet {}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_conversions_agree() {
        for (i, sq) in Square::all().enumerate() {
            assert_eq!(sq.index() as usize, i);
            assert_eq!(Square::from_index(i as u8), Some(sq));
            assert_eq!(sq.to_0x88() & 0x88, 0);
            assert_eq!(Square::from_0x88(sq.to_0x88()), Some(sq));
        }
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::from_0x88(0x08), None);
        assert_eq!(Square::from_0x88(0x80), None);
        assert_eq!(Square::E4.to_0x88(), 0x34);
        assert_eq!(Square::E4.index(), 28);
    }

    #[test]
    fn names_parse_and_print() {
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        assert_eq!("h8".parse::<Square>(), Ok(Square::H8));
        for bad in ["", "e", "e9", "i1", "e44", "E4", "e0"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn colours_of_squares() {
        assert!(!Square::A1.is_light());
        assert!(Square::H1.is_light());
        assert!(Square::D1.is_light(), "the white queen starts on her own colour");
        assert!(!Square::D8.is_light());
        for sq in Square::all() {
            assert_eq!(SquareSet::LIGHT.contains(sq), sq.is_light());
        }
    }

    #[test]
    fn offsets_leave_the_board() {
        assert_eq!(Square::H1.offset(1), None);
        assert_eq!(Square::A1.offset(-1), None);
        assert_eq!(Square::A1.offset(-16), None);
        assert_eq!(Square::H8.offset(17), None);
        assert_eq!(Square::E4.offset(33), Some(Square::F6));
    }

    #[test]
    fn offsets_by_files_and_ranks_agree_with_0x88_steps() {
        for sq in Square::all() {
            for files in -8i8..=8 {
                for ranks in -8i8..=8 {
                    let by_step = if files.abs() < 8 && ranks.abs() < 8 {
                        sq.offset(ranks * 16 + files)
                    } else {
                        None
                    };
                    assert_eq!(sq.try_offset(files, ranks), by_step, "{sq} by {files}, {ranks}");
                }
            }
        }
    }
}
