//! What the reader reports: a game it could not read ([`PgnError`]).

use std::fmt;

use crate::san::SanError;

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// The input could not be read.
    Io(String),
    /// The `FEN` tag is not a legal position.
    BadFen(String),
    /// A move that is malformed, illegal or ambiguous in its position.
    BadMove(SanError),
    /// A `)` without `(`, or a `(` before any move.
    BadVariation,
    /// A `{` comment never closed.
    UnclosedComment,
    /// Text that is neither a move, a number, a comment nor a result.
    Unexpected(String),
    /// The text holds no game (asked for one game, not for a file's games).
    NoGame,
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Io(e) => write!(f, "cannot read: {e}"),
            PgnErrorKind::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::BadMove(e) => e.fmt(f),
            PgnErrorKind::BadVariation => f.write_str("unbalanced variation parentheses"),
            PgnErrorKind::UnclosedComment => f.write_str("a comment opened with { is never closed"),
            PgnErrorKind::Unexpected(text) => write!(f, "unexpected {text:?}"),
            PgnErrorKind::NoGame => f.write_str("no game in the text"),
        }
    }
}

/// A game that could not be read: which one, where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the input, from 1.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}
