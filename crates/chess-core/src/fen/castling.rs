//! The castling field of FEN in its three forms: standard (`KQkq`),
//! X-FEN (`K`/`Q` for the outermost rook, a file letter otherwise) and
//! Shredder-FEN (file letters), read against the board and written.

use super::{FenError, FenErrorKind, FenField};
use crate::castling::{CastlingRights, CastlingSide};
use crate::piece::{Color, Piece, Role};
use crate::setup::Setup;
use crate::square::{File, Rank, Square};

impl Setup {
    /// Reads a Chess960 FEN: as [`Setup::from_fen`], with a castling field in
    /// X-FEN or Shredder-FEN. `K`/`Q` (`k`/`q`) name the outermost rook on
    /// that side of the king; a file letter `A`-`H` (`a`-`h`) names the rook
    /// on that file, castling towards it.
    pub fn from_fen_960(fen: &str) -> Result<Setup, FenError> {
        // The castling field is read once the board is known; meanwhile the
        // standard reader sees "-" padded to the same length, so every
        // offset in an error stays that of the text given.
        let field = castling_field(fen);
        let mut masked = fen.to_string();
        if let Some((start, len)) = field {
            masked.replace_range(start..start + len, &format!("-{}", " ".repeat(len - 1)));
        }
        let mut setup = Setup::from_fen(&masked)?;
        if let Some((start, len)) = field {
            setup.castling = read_castling(&setup, fen, start, len)?;
        }
        Ok(setup)
    }
}

/// Where the castling field (the third) is in `fen`: its byte offset and
/// length.
fn castling_field(fen: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    let mut fields = 0;
    for part in fen.split_ascii_whitespace() {
        let start = fen[offset..].find(part)? + offset;
        fields += 1;
        if fields == 3 {
            return Some((start, part.len()));
        }
        offset = start + part.len();
    }
    None
}

/// Reads an X-FEN or Shredder-FEN castling field, `fen[start..start + len]`,
/// against the board of `setup`.
fn read_castling(setup: &Setup, fen: &str, start: usize, len: usize) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    let text = &fen.as_bytes()[start..start + len];
    if text == b"-" {
        return Ok(rights);
    }
    for (i, &b) in text.iter().enumerate() {
        let err = |kind| FenError {
            kind,
            field: FenField::Castling,
            offset: start + i,
        };
        let color = if b.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = Rank::ALL[color.back_rank_index() as usize];
        let rook = Some(Piece::new(color, Role::Rook));
        let king_file = File::ALL
            .iter()
            .position(|&f| setup.board.get(Square::new(f, rank)) == Some(Piece::new(color, Role::King)));
        let (side, file) = match b.to_ascii_lowercase() {
            letter @ (b'k' | b'q') => {
                let side = if letter == b'k' {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                // The outermost rook on that side of the king (the a- or
                // h-file when there is none, for the position's check to
                // report).
                let outward: Vec<usize> = match side {
                    CastlingSide::King => (0..8).rev().collect(),
                    CastlingSide::Queen => (0..8).collect(),
                };
                let found = outward
                    .into_iter()
                    .take_while(|&f| king_file.is_none_or(|k| f != k))
                    .find(|&f| setup.board.get(Square::new(File::ALL[f], rank)) == rook);
                let standard = side.rook_from(color).file().index() as usize;
                (side, found.unwrap_or(standard) as u8)
            }
            letter @ b'a'..=b'h' => {
                let file = letter - b'a';
                let Some(king) = king_file else {
                    // A file says nothing without the king to castle with.
                    return Err(err(FenErrorKind::InvalidCastling(b as char)));
                };
                let side = if usize::from(file) > king {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                (side, file)
            }
            _ => {
                let c = fen[start + i..].chars().next().unwrap_or(b as char);
                return Err(err(FenErrorKind::InvalidCastling(c)));
            }
        };
        if rights.has(color, side) {
            return Err(err(FenErrorKind::DuplicateCastling(b as char)));
        }
        rights.set_with_rook(color, side, file);
    }
    Ok(rights)
}

/// The castling field of X-FEN for `setup`: `K`/`Q` (`k`/`q`) when the
/// right's rook is the outermost of its colour on that side of the back
/// rank, the rook's file letter otherwise; `-` for none. For standard
/// rights this is the usual `KQkq`.
pub(crate) fn castling_to_string(setup: &Setup) -> String {
    let rights = setup.castling;
    if rights.is_empty() {
        return "-".to_string();
    }
    let mut out = String::new();
    for (color, side) in rights.iter() {
        let Some(file) = rights.rook_file(color, side) else {
            continue;
        };
        let rank = Rank::ALL[color.back_rank_index() as usize];
        let rook = Some(Piece::new(color, Role::Rook));
        let beyond: Vec<u8> = match side {
            CastlingSide::King => (file + 1..8).collect(),
            CastlingSide::Queen => (0..file).collect(),
        };
        let outermost = beyond
            .iter()
            .all(|&f| setup.board.get(Square::new(File::ALL[f as usize], rank)) != rook);
        let letter = if outermost {
            CastlingRights::letter(color, side)
        } else {
            (b'a' + file) as char
        };
        out.push(match color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter.to_ascii_lowercase(),
        });
    }
    out
}
