//! Forsyth-Edwards Notation: text to [`Setup`] and back.
//!
//! Parsing checks only the syntax; whether the position is legal is decided
//! by [`Position::from_setup`](crate::Position::from_setup). Between 1 and 6
//! fields are accepted: missing ones default to `w - - 0 1`, so the common
//! 4-field EPD form works.

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
        let mut fields = fields_with_offsets(fen);
        let err = |kind, field, offset| FenError { kind, field, offset };
        let (placement_at, placement) = fields.next().ok_or(err(FenErrorKind::Empty, FenField::Placement, 0))?;
        let mut setup = Setup::empty();
        setup.board = parse_placement(placement, placement_at)?;

        if let Some((at, turn)) = fields.next() {
            setup.turn = match turn {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(err(FenErrorKind::InvalidTurn, FenField::Turn, at)),
            };
        }
        if let Some((at, castling)) = fields.next() {
            setup.castling = parse_castling(castling, at)?;
        }
        if let Some((at, ep)) = fields.next() {
            setup.ep_square = match ep {
                "-" => None,
                _ => Some(
                    ep.parse::<Square>()
                        .map_err(|_| err(FenErrorKind::InvalidEnPassant, FenField::EnPassant, at))?,
                ),
            };
        }
        if let Some((at, half)) = fields.next() {
            setup.halfmoves = parse_number(half, at, FenField::Halfmoves)?;
        }
        if let Some((at, full)) = fields.next() {
            // Some programs write 0; it means the first move.
            setup.fullmoves = parse_number(full, at, FenField::Fullmoves)?.max(1);
        }
        if let Some((at, _)) = fields.next() {
            return Err(err(FenErrorKind::TooManyFields, FenField::Fullmoves, at));
        }
        Ok(setup)
    }

    /// The FEN of the setup, with all six fields.
    pub fn to_fen(&self) -> String {
        let mut out = placement_to_string(&self.board);
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        out.push_str(&self.castling.to_string());
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

/// The whitespace-separated fields of `text`, each with its byte offset.
fn fields_with_offsets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_ascii_whitespace())
        .scan(0usize, |pos, field| {
            let start = *pos;
            *pos += field.len() + 1;
            Some((start, field))
        })
        .filter(|(_, f)| !f.is_empty())
}

fn parse_placement(text: &str, base: usize) -> Result<Board, FenError> {
    let err = |kind, offset| FenError {
        kind,
        field: FenField::Placement,
        offset: base + offset,
    };
    let mut board = Board::empty();
    let mut rank = 7i32;
    let mut file = 0u8;
    let mut last_digit = false;
    for (i, c) in text.char_indices() {
        match c {
            '/' => {
                if file < 8 {
                    return Err(err(FenErrorKind::RankTooShort, i));
                }
                rank -= 1;
                if rank < 0 {
                    return Err(err(FenErrorKind::TooManyRanks, i));
                }
                file = 0;
                last_digit = false;
            }
            '1'..='8' => {
                if last_digit {
                    return Err(err(FenErrorKind::ConsecutiveDigits, i));
                }
                file += c as u8 - b'0';
                if file > 8 {
                    return Err(err(FenErrorKind::RankTooLong, i));
                }
                last_digit = true;
            }
            _ => {
                let piece = Piece::from_char(c).ok_or(err(FenErrorKind::InvalidPiece(c), i))?;
                let (Some(f), Some(r)) = (File::new(file), Rank::new(rank as u8)) else {
                    return Err(err(FenErrorKind::RankTooLong, i));
                };
                board.set(Square::new(f, r), Some(piece));
                file += 1;
                last_digit = false;
            }
        }
    }
    if rank > 0 {
        return Err(err(FenErrorKind::TooFewRanks, text.len()));
    }
    if file < 8 {
        return Err(err(FenErrorKind::RankTooShort, text.len()));
    }
    Ok(board)
}

fn parse_castling(text: &str, base: usize) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if text == "-" {
        return Ok(rights);
    }
    for (i, c) in text.char_indices() {
        let err = |kind| FenError {
            kind,
            field: FenField::Castling,
            offset: base + i,
        };
        let (color, side) = match c {
            'K' => (Color::White, CastlingSide::King),
            'Q' => (Color::White, CastlingSide::Queen),
            'k' => (Color::Black, CastlingSide::King),
            'q' => (Color::Black, CastlingSide::Queen),
            _ => return Err(err(FenErrorKind::InvalidCastling(c))),
        };
        if rights.has(color, side) {
            return Err(err(FenErrorKind::DuplicateCastling(c)));
        }
        rights.set(color, side, true);
    }
    Ok(rights)
}

fn parse_number(text: &str, at: usize, field: FenField) -> Result<u32, FenError> {
    let err = |kind| FenError {
        kind,
        field,
        offset: at,
    };
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(FenErrorKind::InvalidNumber));
    }
    text.parse::<u32>().map_err(|_| err(FenErrorKind::NumberTooLarge))
}

/// The placement field of a board (`rnbqkbnr/pppppppp/8/...`).
pub(crate) fn placement_to_string(board: &Board) -> String {
    let mut out = String::with_capacity(72);
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match board.get(Square::new(file, rank)) {
                Some(piece) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank != Rank::First {
            out.push('/');
        }
    }
    out
}
