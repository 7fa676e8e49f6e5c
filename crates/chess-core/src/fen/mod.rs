//! Forsyth-Edwards Notation: text to [`Setup`] and back.
//!
//! Parsing checks only the syntax; whether the position is legal is decided
//! by [`Position::from_setup`](crate::Position::from_setup). Between 1 and 6
//! fields are accepted: missing ones default to `w - - 0 1`, so the common
//! 4-field EPD form works.

mod castling;

use std::fmt;

use crate::board::Board;
use crate::castling::{CastlingRights, CastlingSide};
use crate::piece::{Color, Piece};
use crate::setup::Setup;
use crate::square::{File, Rank, Square};

/// How to write the en passant field.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EnPassantMode {
    /// Only when an en passant capture is legal (the default; python-chess
    /// and shakmaty write FEN this way, and positions compare equal then).
    #[default]
    Legal,
    /// When a pawn stands ready to capture, legal or not (Polyglot's rule).
    PseudoLegal,
    /// After every double push, as the FEN standard says.
    Always,
}

/// The field of a FEN where an error was found.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The piece placement.
    Placement,
    /// The side to move.
    Turn,
    /// The castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// The halfmove clock.
    Halfmoves,
    /// The fullmove number.
    Fullmoves,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en passant square",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
        })
    }
}

/// What is wrong with a FEN's syntax.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The text is empty or only spaces.
    Empty,
    /// More than six fields.
    TooManyFields,
    /// A character that is neither a piece letter, a digit 1-8 nor `/`.
    InvalidPiece(char),
    /// A rank describes more than eight squares.
    RankTooLong,
    /// A rank describes fewer than eight squares.
    RankTooShort,
    /// Two digits in a row (`"44"`), which FEN never writes.
    ConsecutiveDigits,
    /// More than eight ranks.
    TooManyRanks,
    /// Fewer than eight ranks.
    TooFewRanks,
    /// The side to move is not `w` or `b`.
    InvalidTurn,
    /// A character that is not one of `KQkq` or `-`.
    InvalidCastling(char),
    /// The same castling right written twice.
    DuplicateCastling(char),
    /// Not a square name, nor `-`.
    InvalidEnPassant,
    /// Not a number.
    InvalidNumber,
    /// A number too large to be a move count.
    NumberTooLarge,
}

/// A FEN that could not be read: what, in which field, at which byte offset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// The field it is in.
    pub field: FenField,
    /// The byte offset in the text where the problem starts.
    pub offset: usize,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.kind {
            FenErrorKind::Empty => "the text is empty".to_string(),
            FenErrorKind::TooManyFields => "more than six fields".to_string(),
            FenErrorKind::InvalidPiece(c) => format!("{c:?} is not a piece letter, a digit 1-8 or '/'"),
            FenErrorKind::RankTooLong => "a rank has more than 8 squares".to_string(),
            FenErrorKind::RankTooShort => "a rank has fewer than 8 squares".to_string(),
            FenErrorKind::ConsecutiveDigits => "two digits in a row".to_string(),
            FenErrorKind::TooManyRanks => "more than 8 ranks".to_string(),
            FenErrorKind::TooFewRanks => "fewer than 8 ranks".to_string(),
            FenErrorKind::InvalidTurn => "expected 'w' or 'b'".to_string(),
            FenErrorKind::InvalidCastling(c) => format!("{c:?} is not one of K, Q, k, q or '-'"),
            FenErrorKind::DuplicateCastling(c) => format!("castling right {c} written twice"),
            FenErrorKind::InvalidEnPassant => "expected a square like e3, or '-'".to_string(),
            FenErrorKind::InvalidNumber => "expected a number".to_string(),
            FenErrorKind::NumberTooLarge => "number too large".to_string(),
        };
        write!(
            f,
            "invalid FEN: {} (field {}, byte {}): {what}",
            self.field,
            field_number(self.field),
            self.offset
        )
    }
}

fn field_number(field: FenField) -> usize {
    field as usize + 1
}

impl std::error::Error for FenError {}

impl Setup {
    /// Parses a FEN. Only the syntax is checked.
    ///
    /// ```
    /// use chess_core::{FenErrorKind, FenField, Setup};
    /// let err = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").unwrap_err();
    /// assert_eq!((err.kind, err.field, err.offset), (FenErrorKind::InvalidTurn, FenField::Turn, 44));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let mut board = Board::empty();
        let state = parse(fen, |sq88, code| board.squares[sq88 as usize] = code)?;
        Ok(Setup {
            board,
            turn: state.turn,
            castling: state.castling,
            ep_square: state.ep_square,
            halfmoves: state.halfmoves,
            // 0, which some programs write, means the first move.
            fullmoves: state.fullmoves.max(1),
        })
    }

    /// The FEN of the setup, with all six fields.
    pub fn to_fen(&self) -> String {
        let mut out = self.board.placement();
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        out.push_str(&castling::castling_to_string(self));
        out.push(' ');
        match self.ep_square {
            Some(sq) => out.push_str(&sq.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        out
    }
}

impl std::str::FromStr for Setup {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        Setup::from_fen(fen)
    }
}

impl fmt::Display for Setup {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// The fields of a FEN after the placement, as written.
#[derive(Copy, Clone, Debug)]
pub(crate) struct FenState {
    pub turn: Color,
    pub castling: CastlingRights,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// Reads a FEN: each piece of the placement goes to `put` (its 0x88 square
/// and board code), so a board or a position is filled as the text is read;
/// the other fields are returned.
#[inline]
pub(crate) fn parse(fen: &str, put: impl FnMut(u8, u8)) -> Result<FenState, FenError> {
    let err = |kind, field, offset| FenError { kind, field, offset };
    let text = fen.as_bytes();
    let start = text.iter().position(|b| !b.is_ascii_whitespace());
    let start = start.ok_or(err(FenErrorKind::Empty, FenField::Placement, 0))?;
    let mut fields = Fields {
        text,
        at: parse_placement(fen, start, put)?,
    };
    let mut state = FenState {
        turn: Color::White,
        castling: CastlingRights::NONE,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
    };
    if let Some((at, turn)) = fields.next() {
        state.turn = match turn {
            b"w" => Color::White,
            b"b" => Color::Black,
            _ => return Err(err(FenErrorKind::InvalidTurn, FenField::Turn, at)),
        };
    }
    if let Some((at, castling)) = fields.next() {
        state.castling = parse_castling(fen, at, castling.len())?;
    }
    if let Some((at, ep)) = fields.next() {
        state.ep_square = match *ep {
            [b'-'] => None,
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::new(
                File::ALL[(f - b'a') as usize],
                Rank::ALL[(r - b'1') as usize],
            )),
            _ => return Err(err(FenErrorKind::InvalidEnPassant, FenField::EnPassant, at)),
        };
    }
    if let Some((at, half)) = fields.next() {
        state.halfmoves = parse_number(half, at, FenField::Halfmoves)?;
    }
    if let Some((at, full)) = fields.next() {
        // As written: some programs (and many problem collections) write
        // 0, which the readers take as the first move.
        state.fullmoves = parse_number(full, at, FenField::Fullmoves)?;
    }
    if let Some((at, _)) = fields.next() {
        return Err(err(FenErrorKind::TooManyFields, FenField::Fullmoves, at));
    }
    Ok(state)
}

/// The fields of a FEN, separated by ASCII whitespace, each with its byte
/// offset.
struct Fields<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Iterator for Fields<'a> {
    type Item = (usize, &'a [u8]);

    fn next(&mut self) -> Option<(usize, &'a [u8])> {
        let text = self.text;
        let mut start = self.at;
        while start < text.len() && text[start].is_ascii_whitespace() {
            start += 1;
        }
        if start == text.len() {
            self.at = start;
            return None;
        }
        let mut end = start + 1;
        while end < text.len() && !text[end].is_ascii_whitespace() {
            end += 1;
        }
        self.at = end;
        Some((start, &text[start..end]))
    }
}

/// The board code of each FEN piece letter, 0 for any other byte.
static PIECE_CODES: [u8; 256] = {
    let mut table = [0u8; 256];
    let letters = *b"PNBRQKpnbrqk";
    let mut i = 0;
    while i < letters.len() {
        if let Some(piece) = Piece::from_char(letters[i] as char) {
            table[letters[i] as usize] = piece.code();
        }
        i += 1;
    }
    table
};

/// Reads the placement field, which starts at `base` and runs to the next
/// whitespace, giving each piece to `put`; returns where the field ends.
#[inline(always)]
fn parse_placement(fen: &str, base: usize, mut put: impl FnMut(u8, u8)) -> Result<usize, FenError> {
    let err = |kind, offset| FenError {
        kind,
        field: FenField::Placement,
        offset,
    };
    let text = fen.as_bytes();
    let mut rank: u8 = 7;
    let mut file: u8 = 0;
    let mut last_digit = false;
    let mut i = base;
    while i < text.len() {
        let b = text[i];
        match b {
            b'/' => {
                if file < 8 {
                    return Err(err(FenErrorKind::RankTooShort, i));
                }
                if rank == 0 {
                    return Err(err(FenErrorKind::TooManyRanks, i));
                }
                rank -= 1;
                file = 0;
                last_digit = false;
            }
            b'1'..=b'8' => {
                if last_digit {
                    return Err(err(FenErrorKind::ConsecutiveDigits, i));
                }
                file += b - b'0';
                if file > 8 {
                    return Err(err(FenErrorKind::RankTooLong, i));
                }
                last_digit = true;
            }
            _ => {
                let code = PIECE_CODES[b as usize];
                if code == 0 {
                    if b.is_ascii_whitespace() {
                        break;
                    }
                    // Everything before `i` is ASCII, so a character starts here.
                    let c = fen[i..].chars().next().unwrap_or(b as char);
                    return Err(err(FenErrorKind::InvalidPiece(c), i));
                }
                if file >= 8 {
                    return Err(err(FenErrorKind::RankTooLong, i));
                }
                put(rank << 4 | file, code);
                file += 1;
                last_digit = false;
            }
        }
        i += 1;
    }
    if rank > 0 {
        return Err(err(FenErrorKind::TooFewRanks, i));
    }
    if file < 8 {
        return Err(err(FenErrorKind::RankTooShort, i));
    }
    Ok(i)
}

/// Reads the castling field, `fen[base..base + len]`.
fn parse_castling(fen: &str, base: usize, len: usize) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    let text = &fen.as_bytes()[base..base + len];
    if text == b"-" {
        return Ok(rights);
    }
    for (i, &b) in text.iter().enumerate() {
        let err = |kind| FenError {
            kind,
            field: FenField::Castling,
            offset: base + i,
        };
        let (color, side) = match b {
            b'K' => (Color::White, CastlingSide::King),
            b'Q' => (Color::White, CastlingSide::Queen),
            b'k' => (Color::Black, CastlingSide::King),
            b'q' => (Color::Black, CastlingSide::Queen),
            _ => {
                // Everything before `i` is ASCII, so a character starts here.
                let c = fen[base + i..].chars().next().unwrap_or(b as char);
                return Err(err(FenErrorKind::InvalidCastling(c)));
            }
        };
        if rights.has(color, side) {
            return Err(err(FenErrorKind::DuplicateCastling(b as char)));
        }
        rights.set(color, side, true);
    }
    Ok(rights)
}

fn parse_number(text: &[u8], at: usize, field: FenField) -> Result<u32, FenError> {
    let err = |kind| FenError {
        kind,
        field,
        offset: at,
    };
    if !text.iter().all(u8::is_ascii_digit) {
        return Err(err(FenErrorKind::InvalidNumber));
    }
    text.iter()
        .try_fold(0u32, |n, &b| n.checked_mul(10)?.checked_add(u32::from(b - b'0')))
        .ok_or(err(FenErrorKind::NumberTooLarge))
}
