//! Standard Algebraic Notation: `Nbd7`, `exd6`, `O-O`, `e8=Q+`, `Qh4#`.
//!
//! Printing follows the PGN standard and the established libraries exactly:
//! the piece letter, then the file of the moving piece if that tells it
//! apart from the others that could go there, else the rank, else both;
//! `x` for a capture, `=Q` for a promotion, `+` or `#`. Only *legal* moves
//! count for disambiguation, so a pinned knight never forces `Nge7`.
//!
//! Parsing is strict about legality and ambiguity and lenient about what real
//! PGN files contain: `0-0`, `e8Q`, `exd6e.p.`, `e2-e4`, `Ng1f3`, missing or
//! extra `+`/`#`, and the annotations `!`, `?`, `!!`, `??`, `!?`, `?!`. A
//! pawn reaching the last rank must name its promotion piece (`e8` alone is
//! an error): there is no implicit queen.
//!
//! [`San`] is the notation as a value, read without a position
//! (`"Nbd7".parse::<San>()`), written by [`Display`](fmt::Display), made
//! from a move ([`San::from_move`]) and resolved to one ([`San::to_move`]);
//! [`SanPlus`] adds the check mark. [`Position::san`] and
//! [`Position::parse_san`] do both steps at once.
//!
//! ```
//! use chess_core::{Position, San, SanPlus};
//! let pos = Position::new();
//! let san: San = "Ng1f3".parse()?;              // lenient: over-disambiguated
//! let m = san.to_move(&pos)?;
//! assert_eq!(San::from_move(&pos, m).to_string(), "Nf3"); // written as the standard says
//! assert_eq!(SanPlus::from_move(&pos, m)?.to_string(), "Nf3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod resolve;
mod syntax;
mod write;

use std::fmt;
use std::str::FromStr;

use crate::castling::CastlingSide;
use crate::illegal::IllegalReason;
use crate::moves::Move;
use crate::piece::Role;
use crate::square::{File, Rank, Square};

/// A move in SAN as written, before a position says which move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
    /// Any other move: `e4`, `exd5`, `Nbd7`, `R1a3`, `e8=Q`.
    Normal {
        /// The piece that moves.
        role: Role,
        /// The file it moves from, when written (`Nbd7`, `exd5`).
        from_file: Option<File>,
        /// The rank it moves from, when written (`R1a3`).
        from_rank: Option<Rank>,
        /// Whether it is written as a capture (`x`).
        capture: bool,
        /// The square it goes to.
        to: Square,
        /// The piece a pawn becomes on the last rank.
        promotion: Option<Role>,
    },
}

/// A check mark after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

impl Suffix {
    /// `'+'` or `'#'`.
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// A move in SAN with its check mark, as PGN writes it: `Qh4#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// Its check mark, if it gives check.
    pub suffix: Option<Suffix>,
}

/// A text that is not SAN (nor any of the variants real files contain):
/// what [`San::from_str`] gives, before any position is looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSanError {
    /// The text, cut to 32 characters.
    pub text: String,
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)",
            self.text
        )
    }
}

impl std::error::Error for ParseSanError {}

impl From<ParseSanError> for SanError {
    fn from(e: ParseSanError) -> SanError {
        SanError::Malformed { text: e.text }
    }
}

/// Why a SAN text could not be turned into a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN (or any of the variants real files contain).
    Malformed {
        /// The text, cut to 32 characters.
        text: String,
    },
    /// Well formed, but no legal move fits it.
    Illegal {
        /// The text, cut to 32 characters.
        text: String,
        /// Why, when the move it names can be told (a pinned piece, a
        /// missing promotion piece...).
        reason: Option<IllegalReason>,
    },
    /// More than one legal move fits it.
    Ambiguous {
        /// The text, cut to 32 characters.
        text: String,
        /// The moves it could be.
        candidates: Vec<Move>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed { text } => write!(f, "{text:?} is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)"),
            SanError::Illegal {
                text,
                reason: Some(reason),
            } => write!(f, "illegal move {text}: {reason}"),
            SanError::Illegal { text, reason: None } => write!(f, "illegal move {text}: no legal move fits it"),
            SanError::Ambiguous { text, candidates } => {
                write!(f, "ambiguous move {text}: it could be ")?;
                for (i, m) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() { " or " } else { ", " })?;
                    }
                    write!(f, "{m}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SanError {}

impl San {
    /// Reads SAN from bytes (see [`San::from_str`]).
    pub fn from_ascii(text: &[u8]) -> Result<San, ParseSanError> {
        syntax::parse(text).ok_or_else(|| ParseSanError { text: clip(text) })
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    /// Reads SAN, leniently as real files need: `0-0`, `e8Q`, `e8(Q)`,
    /// `exd6e.p.`, `e2-e4`, `Ng1f3`, check marks and the annotations `!`,
    /// `?`, `!!`, `??`, `!?`, `?!` (which are dropped).
    fn from_str(text: &str) -> Result<San, ParseSanError> {
        San::from_ascii(text.as_bytes())
    }
}

impl fmt::Display for San {
    /// As the PGN standard writes it: `Nbxd7`, `e8=Q`, `O-O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(side) => f.write_str(side.san()),
            San::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = from_file {
                    write!(f, "{}", file.char())?;
                }
                if let Some(rank) = from_rank {
                    write!(f, "{}", rank.char())?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(role) = promotion {
                    write!(f, "={}", role.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    /// Reads SAN with its check mark (`Qh4#`); annotations are dropped.
    fn from_str(text: &str) -> Result<SanPlus, ParseSanError> {
        let san = text.parse()?;
        let marks = text.trim_end().trim_end_matches(['!', '?']);
        let suffix = match marks.as_bytes().last() {
            Some(b'#') => Some(Suffix::Checkmate),
            Some(b'+') => Some(Suffix::Check),
            _ => None,
        };
        Ok(SanPlus { san, suffix })
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        if let Some(suffix) = self.suffix {
            write!(f, "{}", suffix.char())?;
        }
        Ok(())
    }
}

pub(crate) fn clip(text: &[u8]) -> String {
    String::from_utf8_lossy(text).chars().take(32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_values_read_and_write_back() {
        for text in [
            "e4", "exd5", "Nf3", "Nbd7", "R1a3", "Qh4xe1", "e8=Q", "bxa1=N", "O-O", "O-O-O", "Kxe2",
        ] {
            let san: San = text.parse().unwrap();
            assert_eq!(san.to_string(), text);
        }
        // Real files' variants are read, and written the standard way.
        for (written, standard) in [
            ("0-0", "O-O"),
            ("e8Q", "e8=Q"),
            ("e8(N)", "e8=N"),
            ("Ng1-f3", "Ng1f3"),
            ("exd6e.p.", "exd6"),
        ] {
            assert_eq!(written.parse::<San>().unwrap().to_string(), standard, "{written}");
        }
        let plus: SanPlus = "Qh4#!?".parse().unwrap();
        assert_eq!(
            (plus.suffix, plus.to_string()),
            (Some(Suffix::Checkmate), "Qh4#".to_string())
        );
        let error = "Xe4".parse::<San>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"Xe4\" is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)"
        );
        assert_eq!(
            SanError::from(error).to_string(),
            "\"Xe4\" is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)"
        );
    }
}
